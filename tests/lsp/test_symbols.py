"""Document symbols and workspace symbols."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=ENCODINGS)


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_document_symbols_of_profile_log_and_pending(session: Session):
    profile = session.user_dir / "user-profile.md"
    symbols = await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(session, profile))
    )
    assert [s.name for s in symbols] == [
        "审美与设计",
        "技术偏好",
        "做事风格",
        "沟通偏好",
        "产品理解",
    ]
    assert [(c.name, c.detail) for c in symbols[1].children] == [
        ("偏好 React + Next.js 全栈开发", "PF-20260412-02")
    ]
    log = session.user_dir / "user-profile-log.md"
    records = await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(session, log))
    )
    assert [(r.name, r.detail) for r in records][:2] == [
        ("PF-20260412-01 极简界面偏好", "2026-04-12 新增"),
        ("PF-20260412-02 前端技术栈偏好", "2026-04-12 新增"),
    ]
    pending = session.project_dir / "profile-pending.md"
    proposals = await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(session, pending))
    )
    assert [p.detail for p in proposals] == ["user", "project"]


async def test_workspace_symbols_find_ids_texts_and_titles(session: Session):
    found = await session.client.workspace_symbol_async(
        types.WorkspaceSymbolParams(query="fastapi")
    )
    assert {s.name for s in found} == {"PF-20260601-01 后端使用 FastAPI + PostgreSQL"}
    found = await session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query="深色"))
    assert [s.name for s in found] == ["PF-20260413-01 深色主题（已删除）"]
