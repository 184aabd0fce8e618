"""Lenses and inlay hints stay true: whenever a memory file changes, on disk or in the editor, the
server asks a client that can be asked to fetch them again (`workspace/inlayHint/refresh`,
`workspace/codeLens/refresh`)."""

from __future__ import annotations

from lsp_support import Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=("vscode",))

RECORD = """
### [PF-20260412-02] 2026-06-01 — 前端技术栈偏好（再演进）
- **分类**: 技术偏好
- **精简版**: 偏好 React + Next.js 全栈开发
- **原始上下文**: "全栈都用 Next"
- **操作**: 演进（偏好 React + Next.js 全栈开发 → 偏好 React + Next.js 全栈开发）
"""


async def hint_texts(session: Session, uri: str) -> list[str]:
    hints = await session.client.text_document_inlay_hint_async(
        types.InlayHintParams(
            types.TextDocumentIdentifier(uri),
            types.Range(types.Position(0, 0), types.Position(100, 0)),
        )
    )
    return [part.value for hint in hints or [] for part in hint.label]


async def test_a_log_written_on_disk_refreshes_hints_and_lenses(session: Session):
    profile = session.open(session.user_dir / "user-profile.md")
    assert "2 records · last: 演进 2026-05-01" in await hint_texts(session, profile)
    session.client.refreshed.clear()
    log = session.user_dir / "user-profile-log.md"
    log.write_text(log.read_text(encoding="utf-8") + RECORD, encoding="utf-8")
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(log.as_uri(), types.FileChangeType.Changed)]
        )
    )
    assert await session.eventually(
        lambda: {"inlayHint", "codeLens"} <= set(session.client.refreshed)
    )
    assert "3 records · last: 演进 2026-06-01" in await hint_texts(session, profile)


async def test_a_log_edited_in_the_editor_refreshes_hints_and_lenses(session: Session):
    profile = session.open(session.user_dir / "user-profile.md")
    log = session.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8")
    log_uri = session.open(log, text)
    session.client.refreshed.clear()
    lines = text.split("\n")
    end = types.Position(len(lines) - 1, len(lines[-1]))
    session.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=log_uri),
            [types.TextDocumentContentChangePartial(types.Range(end, end), RECORD)],
        )
    )
    assert await session.eventually(
        lambda: {"inlayHint", "codeLens"} <= set(session.client.refreshed)
    )
    assert "3 records · last: 演进 2026-06-01" in await hint_texts(session, profile)
