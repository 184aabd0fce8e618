"""Go to definition: from an anchor to its log records (creation first), from a log heading to the
entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core import anchors
from profile_memory.core.files import Role, role_of
from profile_memory.core.index import PairIndex
from profile_memory.core.span import Span

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def _records(ls: ProfileMemoryServer, pair: PairIndex, anchor_id: str) -> list[types.Location]:
    history = pair.history(anchor_id)
    if history is None or pair.log is None:
        return []
    return [ls.location(pair.log.path, r.heading_span) for r in history.records]


def _entries(ls: ProfileMemoryServer, pair: PairIndex, anchor_id: str) -> list[types.Location]:
    profile = pair.profile
    if profile is None:
        return []
    return [
        ls.location(profile.path, Span.of_line(e.line, profile.doc.lines[e.line]))
        for e in pair.entries_by_id.get(anchor_id, [])
    ]


def text_document_definition(
    ls: ProfileMemoryServer, params: types.DefinitionParams
) -> list[types.Location] | None:

    path = ls.served_path(params.text_document.uri)
    token = ls.token_at(path, params.position) if path else None
    if path is None or token is None or not anchors.is_valid(token.text):
        return None
    role = role_of(path)
    locations: list[types.Location] = []
    for pair in ls.resolver.pairs_for(path, params.position.line, token.text):
        if role is Role.PROFILE:
            locations += _records(ls, pair, token.text)
        elif role is Role.LOG:
            locations += _entries(ls, pair, token.text)
        else:
            locations += _entries(ls, pair, token.text) + _records(ls, pair, token.text)
    return locations or None


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_DEFINITION, text_document_definition)
