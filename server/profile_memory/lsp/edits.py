"""Plans become `WorkspaceEdit`s: versioned edits for open documents, `CreateFile` for a missing
file."""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.config import today
from profile_memory.core.files import pair_name
from profile_memory.core.messages import msg
from profile_memory.core.plans import PairRef, Plan, Planner
from profile_memory.lsp.provider import uri
from profile_memory.lsp.safety import refuse
from profile_memory.store.templates import template_text

if TYPE_CHECKING:
    from profile_memory.core.buffers import Edit
    from profile_memory.lsp.server import ProfileMemoryServer


def _text_edits(ls: ProfileMemoryServer, path: PurePath, edits: list[Edit]) -> list[types.TextEdit]:
    to_range = ls.ranger(path)
    return [types.TextEdit(to_range(edit.span), edit.text) for edit in edits]


def planner_for(ls: ProfileMemoryServer, path: PurePath) -> Planner:
    """A planner over the editor's view of the files, for the profile set that `path` belongs to."""
    places = next((p for p in ls.places if path.parent == p.project_dir), ls.places[0])
    profile_set = ls.memory.profile_set(places.project_dir)
    return Planner(ls.memory, profile_set, today(os.environ), template_text, ls.settings.language)


def pair_ref(path: PurePath) -> PairRef:
    return PairRef(path.parent, pair_name(path) or "")


def _supports(ls: ProfileMemoryServer) -> tuple[bool, bool]:
    workspace = ls.client_capabilities.workspace
    edit = workspace.workspace_edit if workspace else None
    document_changes = bool(edit and edit.document_changes)
    create = bool(
        edit
        and edit.resource_operations
        and types.ResourceOperationKind.Create in edit.resource_operations
    )
    return document_changes, create


def to_workspace_edit(ls: ProfileMemoryServer, plan: Plan) -> types.WorkspaceEdit:
    """The plan as one `WorkspaceEdit`, positions in the client's encoding: versioned document edits
    (a missing file created first) when the client takes `documentChanges`, else plain `changes`.
    Refused when a file must be created and the client cannot."""
    document_changes, can_create = _supports(ls)
    if any(change.create for change in plan.files) and not (document_changes and can_create):
        missing = ", ".join(c.path.name for c in plan.files if c.create)
        raise refuse(msg("lsp.create_first", missing=missing))
    if not document_changes:
        return types.WorkspaceEdit(
            changes={uri(c.path): _text_edits(ls, c.path, c.edits) for c in plan.files}
        )
    operations: list = []
    for change in plan.files:
        target = uri(change.path)
        if change.create:
            operations.append(
                types.CreateFile(uri=target, options=types.CreateFileOptions(ignore_if_exists=True))
            )
            edits = [
                types.TextEdit(types.Range(types.Position(0, 0), types.Position(0, 0)), e.text)
                for e in change.edits
            ]
        else:
            edits = _text_edits(ls, change.path, change.edits)
        document = ls.provider.open.get(change.path)
        identifier = types.OptionalVersionedTextDocumentIdentifier(
            uri=target, version=document.version if document else None
        )
        operations.append(types.TextDocumentEdit(text_document=identifier, edits=edits))
    return types.WorkspaceEdit(document_changes=operations)


def remind_over_limit(ls: ProfileMemoryServer, plan: Plan) -> None:
    """The limit reminder (docs/format.md, "Safety rules for writes"): a change that leaves a
    compact profile over its limit is made, and said (a warning)."""
    for over in plan.over_limit:
        ls.window_show_message(
            types.ShowMessageParams(
                types.MessageType.Warning,
                ls.text(msg("lsp.said", text=over.message(over.path.name))),
            )
        )
