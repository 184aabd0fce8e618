"""LSP tests run once per client kind (VS Code-like, Neovim 0.7, Neovim 0.10); a module whose
answers depend only on the position encoding runs with one client per encoding (`ENCODINGS`)."""

from lsp_support import lsp_fixtures

client, session = lsp_fixtures()
