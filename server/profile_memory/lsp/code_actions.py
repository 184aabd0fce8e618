"""Code actions: the core's offers (`core/actions.py`) as LSP code actions, and their edits.

Ids in titles are indicative: the edit is computed, and ids allocated against the files as they are
then, when the action is resolved (`codeAction/resolve`) or, for clients without resolve, when
listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from profile_memory.core.actions import ACTIONS, Offer, OfferKind, Request, offers, run
from profile_memory.core.buffers import UnsafeSource, undecodable
from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import msg, said
from profile_memory.core.pending import parse_pending
from profile_memory.core.plans import Decision, Plan, PlanError
from profile_memory.core.span import Span
from profile_memory.lsp.diagnostics import to_lsp
from profile_memory.lsp.edits import planner_for, remind_over_limit, to_workspace_edit
from profile_memory.lsp.names import CONFIRM_ALL, DECIDE, DISCARD_ALL
from profile_memory.lsp.provider import path_of, uri
from profile_memory.lsp.safety import invalid, refuse

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


DECISIONS = tuple(Decision)
KINDS: dict[OfferKind, types.CodeActionKind | str] = {
    OfferKind.QUICK_FIX: types.CodeActionKind.QuickFix,
    OfferKind.REWRITE: types.CodeActionKind.RefactorRewrite,
    OfferKind.DELETE: OfferKind.DELETE.value,  # no LSP constant: a kind of our own under refactor
}


def plan_for(ls: ProfileMemoryServer, request: Request) -> Plan:
    planner = planner_for(ls, request.path)
    try:
        run(planner, request)
    except (PlanError, UnsafeSource) as error:
        raise refuse(said(error)) from None
    return planner.finish(request.action)


# -- the request an action carries in `CodeAction.data` -------------------------------------------


def data_of(request: Request) -> dict[str, Any]:
    data: dict[str, Any] = {
        "action": request.action,
        "uri": uri(request.path),
        "line": request.line,
    }
    if request.id is not None:
        data["id"] = request.id
    if request.span is not None:
        s = request.span
        data["span"] = [s.start_line, s.start_col, s.end_line, s.end_col]
    if request.target is not None:
        data["target"] = request.target
    return data


def _is_whole(value: Any) -> bool:
    return type(value) is int


def request_of(data: Any) -> Request:
    """The request a listed action carries in its `data`, checked: a client may send anything
    back."""
    wrong = invalid(msg("lsp.action_data"))
    if not isinstance(data, dict) or set(data) - {"action", "uri", "line", "id", "span", "target"}:
        raise wrong
    action = ACTIONS.get(str(data.get("action")))
    path = path_of(data["uri"]) if isinstance(data.get("uri"), str) else None
    strings = all(isinstance(data.get(key, ""), str) for key in ("id", "target"))
    if action is None or path is None or not _is_whole(data.get("line")) or not strings:
        raise wrong
    if not action.needs <= set(data):
        raise invalid(msg("lsp.action_needs", name=action.name, needs=sorted(action.needs)))
    span = data.get("span")
    if span is not None and not (
        isinstance(span, list) and len(span) == 4 and all(map(_is_whole, span))
    ):
        raise invalid(msg("lsp.action_span"))
    return Request(
        action.name,
        path,
        data["line"],
        id=data.get("id"),
        span=Span(*span) if span is not None else None,
        target=data.get("target"),
    )


# -- listing and resolving ------------------------------------------------------------------------


def _not_rewritable(ls: ProfileMemoryServer, path: PurePath) -> str | None:
    """Why no action may change this file or its partner: one of them did not decode as UTF-8 (an
    edit would write back U+FFFD in place of the bytes it could not read)."""
    pair = ls.memory.pair_of(path)
    partners = [file.path for file in (pair.profile, pair.log) if file] if pair else []
    for candidate in (path, *partners):
        source = ls.memory.source(candidate)
        invalid_at = source.decoded.invalid_utf8_at if source and source.decoded else None
        if invalid_at is not None:
            return msg("unsafe.named", name=candidate.name, reason=undecodable(invalid_at))
    return None


def _resolves_edits(ls: ProfileMemoryServer) -> bool:
    capabilities = ls.client_capabilities.text_document
    action = capabilities.code_action if capabilities else None
    return bool(action and action.resolve_support and "edit" in action.resolve_support.properties)


def _wanted(offer: Offer, only: Sequence[types.CodeActionKind | str] | None) -> bool:
    kind = offer.kind.value
    return not only or any(kind.startswith(getattr(k, "value", k)) for k in only)


def _code_action(ls: ProfileMemoryServer, offer: Offer) -> types.CodeAction:
    return types.CodeAction(
        title=ls.text(offer.title),
        kind=KINDS[offer.kind],
        is_preferred=offer.preferred or None,
        diagnostics=[to_lsp(ls, offer.diagnostic)] if offer.diagnostic else None,
        data=data_of(offer.request),
    )


def text_document_code_action(
    ls: ProfileMemoryServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    """The core's offers for the range, as code actions: with their edit when the client cannot
    resolve one later, disabled (with the reason) when they cannot apply."""
    served = ls.served_source(params.text_document.uri)
    if served is None:
        return None
    path, source = served
    listed = offers(ls.memory, source, params.range.start.line, params.range.end.line, ls.next_id)
    resolve_later = _resolves_edits(ls)
    blocked = _not_rewritable(ls, path)
    actions = []
    for offer in listed:
        if not _wanted(offer, params.context.only):
            continue
        action = _code_action(ls, offer)
        if blocked is not None:
            action.disabled = types.CodeActionDisabled(reason=ls.text(blocked))
        elif not resolve_later:
            try:
                action.edit = to_workspace_edit(ls, plan_for(ls, offer.request))
            except Exception as error:  # an action that cannot apply is shown disabled, with why
                action.disabled = types.CodeActionDisabled(reason=ls.text(said(error)))
        actions.append(action)
    return actions


def code_action_resolve(ls: ProfileMemoryServer, action: types.CodeAction) -> types.CodeAction:
    plan = plan_for(ls, request_of(action.data))
    action.edit = to_workspace_edit(ls, plan)
    remind_over_limit(ls, plan)  # resolved when chosen: the person is about to apply it
    return action


# -- the pending file's commands ------------------------------------------------------------------


def _pending_target(ls: ProfileMemoryServer, target: Any) -> PurePath:
    path = ls.served_path(target) if isinstance(target, str) else None
    if path is None or role_of(path) is not Role.PENDING:
        raise refuse(msg("lsp.not_pending", target=str(target)))
    return path


async def _decide(
    ls: ProfileMemoryServer, path: PurePath, decision: str, line: int | None = None
) -> str:
    """Decide every proposal of the pending file (or the one on `line`) as one edit applied by
    the editor (so undo works); the outcome is shown and returned."""
    planner = planner_for(ls, path)
    try:
        proposals = parse_pending(planner.text(path)).proposals
        if line is not None:
            proposals = [p for p in proposals if p.line <= line < p.end_line]
            if not proposals:
                raise PlanError(msg("proposal.not_on_line", name=path.name, line=line + 1))
        outcome = planner.decide_each(path, proposals, decision)
    except (PlanError, UnsafeSource) as error:
        raise refuse(said(error)) from None
    plan = planner.finish(decision)
    edit = to_workspace_edit(ls, plan)
    result = await ls.workspace_apply_edit_async(
        types.ApplyWorkspaceEditParams(edit=edit, label=ls.text(msg("lsp.said", text=outcome)))
    )
    if not result.applied:
        why = result.failure_reason or msg("lsp.editor_refused")
        outcome = msg("lsp.not_applied", why=why)
    ls.window_show_message(
        types.ShowMessageParams(types.MessageType.Info, ls.text(msg("lsp.said", text=outcome)))
    )
    if result.applied:
        remind_over_limit(ls, plan)
    return ls.text(outcome)


def _one_uri(arguments: tuple) -> Any:
    if len(arguments) != 1 or not isinstance(arguments[0], str):
        raise invalid(msg("lsp.pending_uri"))
    return arguments[0]


async def confirm_all(ls: ProfileMemoryServer, *arguments: Any) -> str:
    return await _decide(ls, _pending_target(ls, _one_uri(arguments)), "confirm")


async def discard_all(ls: ProfileMemoryServer, *arguments: Any) -> str:
    return await _decide(ls, _pending_target(ls, _one_uri(arguments)), "discard")


async def decide(ls: ProfileMemoryServer, *arguments: Any) -> str:
    """`{uri, line, decision}`: one proposal (its 0-based line) confirmed, kept as a new entry
    (`keep-both`) or discarded — the Pending view's inline actions."""
    args = arguments[0] if len(arguments) == 1 and isinstance(arguments[0], dict) else None
    line, decision = (args or {}).get("line"), (args or {}).get("decision")
    if args is None or type(line) is not int or line < 0 or decision not in DECISIONS:
        raise invalid(msg("lsp.decide_arguments", command=DECIDE, decisions=" | ".join(DECISIONS)))
    return await _decide(ls, _pending_target(ls, args.get("uri")), decision, line)


def register(server: ProfileMemoryServer) -> None:
    server.handle_command(DECIDE, decide)
    server.handle_command(CONFIRM_ALL, confirm_all)
    server.handle_command(DISCARD_ALL, discard_all)
    options = types.CodeActionOptions(code_action_kinds=list(KINDS.values()), resolve_provider=True)
    server.handle(types.TEXT_DOCUMENT_CODE_ACTION, text_document_code_action, options)
    server.handle(types.CODE_ACTION_RESOLVE, code_action_resolve)
