"""Find references: every occurrence of an id across its pair, the pending file and the journals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core import anchors
from profile_memory.lsp.provider import uri

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def text_document_references(
    ls: ProfileMemoryServer, params: types.ReferenceParams
) -> list[types.Location] | None:

    path = ls.served_path(params.text_document.uri)
    token = ls.token_at(path, params.position) if path else None
    if path is None or token is None or not anchors.is_valid(token.text):
        return None
    pairs = ls.resolver.pairs_for(path, params.position.line, token.text)
    found = ls.ranges(ls.resolver.occurrences(token.text, pairs))
    return [types.Location(uri(where), where_range) for where, where_range in found] or None


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_REFERENCES, text_document_references)
