"""Rename an id: a well-formed id unused in the set; one edit over the profile, the log and the
pending file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core import anchors
from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import msg, said
from profile_memory.core.plans import PlanError, refuse_shared_id
from profile_memory.core.span import Span
from profile_memory.lsp.edits import pair_ref, planner_for, to_workspace_edit
from profile_memory.lsp.provider import uri
from profile_memory.lsp.safety import refuse

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer

RENAMABLE = (Role.PROFILE, Role.LOG, Role.PENDING)


def _category_at(ls: ProfileMemoryServer, path, line: int) -> tuple[str, Span] | None:
    """The category heading on this line of a compact profile, and the span of its name."""
    if role_of(path) is not Role.PROFILE:
        return None
    lines = ls.lines(path)
    text = lines[line] if line < len(lines) else ""
    if not text.startswith("## ") or not text[3:].strip():
        return None
    start = 3 + len(text[3:]) - len(text[3:].lstrip())
    name = text[3:].strip()
    return name, Span.within(line, start, start + len(name))


def text_document_prepare_rename(
    ls: ProfileMemoryServer, params: types.PrepareRenameParams
) -> types.Range | None:

    path = ls.served_path(params.text_document.uri)
    if path is None:
        return None
    category = _category_at(ls, path, params.position.line)
    if category is not None:
        return ls.range(path, category[1])
    token = ls.token_at(path, params.position)
    if (
        path is None
        or token is None
        or role_of(path) not in RENAMABLE
        or not anchors.is_valid(token.text)
    ):
        return None
    return ls.range(path, token.span)


def _rename_category(ls: ProfileMemoryServer, path, old: str, new: str) -> types.WorkspaceEdit:
    """Operation B of the skill: a category renamed in the compact profile only."""
    planner = planner_for(ls, path)
    try:
        planner.rename_category(pair_ref(path), old, new)
    except PlanError as error:
        raise refuse(said(error)) from None
    return to_workspace_edit(ls, planner.finish("rename category"))


def text_document_rename(
    ls: ProfileMemoryServer, params: types.RenameParams
) -> types.WorkspaceEdit | None:
    path = ls.served_path(params.text_document.uri)
    category = _category_at(ls, path, params.position.line) if path else None
    if category is not None:
        return _rename_category(ls, path, category[0], params.new_name)
    token = ls.token_at(path, params.position) if path else None
    if (
        path is None
        or token is None
        or role_of(path) not in RENAMABLE
        or not anchors.is_valid(token.text)
    ):
        return None
    new_name = params.new_name.strip()
    problem = anchors.problem(new_name)
    if problem is not None:
        raise refuse(msg("lsp.bad_id", id=new_name, problem=problem))
    used = set().union(*(s.used_ids() for s in ls.resolver.profile_sets()))
    if new_name != token.text and new_name in used:
        raise refuse(msg("lsp.id_used", id=new_name))
    pairs = ls.resolver.pairs_for(path, params.position.line, token.text)
    try:
        for pair in pairs:
            refuse_shared_id(pair, token.text)
    except PlanError as error:
        raise refuse(said(error)) from None
    changes: dict[str, list[types.TextEdit]] = {}
    found = ls.resolver.occurrences(token.text, pairs)
    for where, where_range in ls.ranges((w, span) for w, span in found if role_of(w) in RENAMABLE):
        changes.setdefault(uri(where), []).append(types.TextEdit(where_range, new_name))
    return types.WorkspaceEdit(changes=changes)


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_PREPARE_RENAME, text_document_prepare_rename)
    server.handle(types.TEXT_DOCUMENT_RENAME, text_document_rename)
