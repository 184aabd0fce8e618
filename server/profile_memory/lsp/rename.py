"""Rename an id: a well-formed id unused in the set; one edit over the profile, the log and the pending file."""

from __future__ import annotations

from lsprotocol import types

from profile_memory.core import anchors
from profile_memory.core.files import Role, role_of
from profile_memory.lsp.safety import guarded, refuse
from profile_memory.lsp.server import ProfileMemoryServer, uri

RENAMABLE = (Role.PROFILE, Role.LOG, Role.PENDING)


def text_document_prepare_rename(ls: ProfileMemoryServer, params: types.PrepareRenameParams) -> types.Range | None:
    path = ls.served_path(params.text_document.uri)
    token = ls.token_at(path, params.position) if path else None
    if path is None or token is None or role_of(path) not in RENAMABLE or not anchors.is_valid(token.text):
        return None
    return ls.range(path, token.span)


def text_document_rename(ls: ProfileMemoryServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    path = ls.served_path(params.text_document.uri)
    token = ls.token_at(path, params.position) if path else None
    if path is None or token is None or role_of(path) not in RENAMABLE or not anchors.is_valid(token.text):
        return None
    new_name = params.new_name.strip()
    problem = anchors.problem(new_name)
    if problem is not None:
        raise refuse(f"{new_name} is not a well-formed id: {problem}")
    used = set().union(*(s.used_ids() for s in ls.profile_sets()))
    if new_name != token.text and new_name in used:
        raise refuse(f"{new_name} is already used in the profile set; ids are never reused")
    pairs = ls.pairs_for(path, params.position.line, token.text)
    changes: dict[str, list[types.TextEdit]] = {}
    for where, span in ls.occurrences(token.text, pairs):
        if role_of(where) in RENAMABLE:
            changes.setdefault(uri(where), []).append(types.TextEdit(ls.range(where, span), new_name))
    return types.WorkspaceEdit(changes=changes)


def register(server: ProfileMemoryServer) -> None:
    server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)(guarded(text_document_prepare_rename))
    server.feature(types.TEXT_DOCUMENT_RENAME)(guarded(text_document_rename))
