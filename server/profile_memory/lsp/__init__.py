"""The language server: a thin pygls 2 adapter over the core, one module per LSP feature."""
