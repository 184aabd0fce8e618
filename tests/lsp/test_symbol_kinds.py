"""The symbol kinds the Outline draws: a category is a namespace, an entry a string, a log record
and a pending proposal an object (`{}`), never an event (VS Code's lightning)."""

from __future__ import annotations

from lsp_support import Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=("vscode",))


async def symbols_of(session: Session, path) -> list[types.DocumentSymbol]:
    uri = session.open(path)
    found = await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
    )
    return list(found or [])


async def test_outline_kinds_read_right(session: Session):
    categories = await symbols_of(session, session.user_dir / "user-profile.md")
    assert {s.kind for s in categories} == {types.SymbolKind.Namespace}
    entries = [c for s in categories for c in s.children or []]
    assert entries and {c.kind for c in entries} == {types.SymbolKind.String}
    records = await symbols_of(session, session.user_dir / "user-profile-log.md")
    assert records and {r.kind for r in records} == {types.SymbolKind.Object}
    proposals = await symbols_of(session, session.project_dir / "profile-pending.md")
    assert proposals and {p.kind for p in proposals} == {types.SymbolKind.Object}


async def test_workspace_symbols_of_records_are_objects(session: Session):
    found = await session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query="PF-"))
    assert found and types.SymbolKind.Event not in {s.kind for s in found}
