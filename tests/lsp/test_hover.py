"""Hover end to end: the full text of a compact anchor and exact ranges in every encoding (what the
text says in other places is tested in process: tests/unit/test_features.py)."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=ENCODINGS)


async def hover(session: Session, path, needle: str, offset: int = 3, occurrence: int = 0):
    uri = session.open(path)
    return await session.client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), session.position(path, needle, offset, occurrence)
        )
    )


async def test_hover_on_a_compact_anchor_shows_the_latest_record(session: Session):
    profile = session.user_dir / "user-profile.md"
    result = await hover(session, profile, "PF-20260412-02")
    text = result.contents.value
    assert "**PF-20260412-02** · live · 技术偏好 · user-profile" in text
    assert "- **精简版**: 偏好 React + Next.js 全栈开发" in text
    assert '- **原始上下文**: "SSR 也用 Next 吧" （在讨论 SSR 方案时）' in text
    assert "- **来源对话**: SSR 选型 (chat-91c0)" in text  # a conversation, not a link to a file
    assert (
        "- 2026-04-12 新增 — 前端技术栈偏好" in text
        and "- 2026-05-01 演进 — 前端技术栈偏好（演进）" in text
    )
    assert "user-profile-log.md#L21" in text
    assert len(text.split("\n")) <= 40


async def test_hover_range_is_exact_after_emoji_and_cjk(session: Session):
    profile = session.user_dir / "user-profile.md"
    result = await hover(session, profile, "PF-20260412-01", offset=0)
    start = session.position(profile, "PF-20260412-01")
    assert result.range.start == start
    assert result.range.end.character - start.character == len("PF-20260412-01")
    # just before the token (on the space after `<!--`) there is nothing to hover
    before = types.Position(start.line, start.character - 1)
    nothing = await session.client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(session.uri(profile)), before)
    )
    assert nothing is None
