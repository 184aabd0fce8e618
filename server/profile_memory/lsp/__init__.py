"""The language server: a thin pygls 2 adapter over the core, one module per LSP feature, each
with a `register(server)` function; `create_server` assembles them."""

from __future__ import annotations

from profile_memory.lsp import (
    code_actions,
    code_lens,
    commands,
    completion,
    definition,
    diagnostics,
    fact_versions,
    folding,
    hover,
    inlay_hints,
    lifecycle,
    references,
    refresh,
    rename,
    symbols,
    text_sync,
    views,
)
from profile_memory.lsp.server import ProfileMemoryServer

FEATURES = (
    lifecycle,
    text_sync,
    diagnostics,
    hover,
    definition,
    references,
    rename,
    symbols,
    folding,
    completion,
    code_lens,
    inlay_hints,
    code_actions,
    commands,
    views,
    fact_versions,
    refresh,
)


def create_server() -> ProfileMemoryServer:
    """The server with every feature registered."""
    server = ProfileMemoryServer()
    for feature in FEATURES:
        feature.register(server)
    return server
