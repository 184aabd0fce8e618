"""Hover traces an id to its log record, at the right columns whatever the encoding."""

from lsp_support import Session
from lsprotocol import types


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
    assert "- **来源对话**: [SSR 选型](chat-91c0)" in text
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


async def test_hover_on_a_log_heading_names_the_entry_or_why_none(session: Session):
    log = session.user_dir / "user-profile-log.md"
    live = await hover(session, log, "PF-20260412-02")
    assert (
        "Entry: [user-profile.md:7]" in live.contents.value
        and "偏好 React + Next.js 全栈开发" in live.contents.value
    )
    deleted = await hover(session, log, "PF-20260413-01")
    assert "No compact entry: deleted." in deleted.contents.value


async def test_hover_on_a_crlf_file_and_on_a_journal_mention(session: Session):
    project = session.repo / ".cursor" / "profile" / "project-profile.md"
    result = await hover(session, project, "PF-20260601-01")
    assert "后端使用 FastAPI + PostgreSQL" in result.contents.value
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    mention = await hover(session, journal, "PF-20260601-01")
    assert (
        "· project-profile" in mention.contents.value
        and "Entry: [project-profile.md:7]" in mention.contents.value
    )


async def test_hover_on_a_malformed_anchor_explains_it(session: Session):
    path = session.user_dir / "user-profile.md"
    text = path.read_text(encoding="utf-8") + "- 新条目 <!-- PF-20261301-01 -->\n"
    path.write_text(text, encoding="utf-8")
    result = await hover(session, path, "PF-20261301-01")
    assert "is not a valid anchor id: month 13 does not exist" in result.contents.value


async def test_no_hover_in_other_documents(session: Session):
    readme = session.repo / "README.md"
    readme.write_text("见 PF-20260412-01\n", encoding="utf-8")
    assert await hover(session, readme, "PF-20260412-01") is None
