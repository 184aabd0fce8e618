"""Every LSP test runs once per client kind (VS Code-like, Neovim 0.7, Neovim 0.10)."""

from lsp_support import lsp_fixtures

client, session = lsp_fixtures()
