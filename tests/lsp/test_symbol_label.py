"""The outline's name: beside the Markdown extension's own outline, VS Code's breadcrumbs and
Outline show one group per provider, named by its label."""

from __future__ import annotations

from lsp_support import Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=("vscode",))


async def test_the_document_symbols_are_labelled_profile_memory(session: Session):
    options = session.client.server_capabilities.document_symbol_provider
    assert isinstance(options, types.DocumentSymbolOptions) and options.label == "Profile Memory"
