"""Code actions: the quick fixes (docs/format.md, "Diagnostics") and the write flow's decisions
(confirm, delete, evolve, pivot, keep both, discard, merge a category), each one edit over the
profile, the log and the pending file.

Ids in titles are indicative: the edit is computed, and ids allocated against the files as they are
then, when the action is resolved (`codeAction/resolve`) or, for clients without resolve, when
listed.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from lsprotocol import types

from profile_memory.core.anchors import find_tokens, is_valid, repaired
from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.files import Role, role_of
from profile_memory.core.pending import Kind, parse_pending
from profile_memory.core.plans import Fixes, Plan, PlanError, UnsafeSource, undecodable
from profile_memory.core.profile import parse_profile
from profile_memory.core.rules import check_source
from profile_memory.core.slips import Slip
from profile_memory.core.span import Span
from profile_memory.lsp.code_lens import CONFIRM_ALL, DISCARD_ALL
from profile_memory.lsp.diagnostics import to_lsp
from profile_memory.lsp.edits import pair_ref, planner_for, remind_over_limit, to_workspace_edit
from profile_memory.lsp.provider import path_of
from profile_memory.lsp.safety import invalid, refuse
from profile_memory.lsp.server import ProfileMemoryServer, uri

QUICKFIX = types.CodeActionKind.QuickFix
REFACTOR = types.CodeActionKind.RefactorRewrite


@dataclass(frozen=True)
class Request:
    """What an action needs, carried in `CodeAction.data` until it is resolved."""

    action: str
    uri: str
    line: int
    id: str | None = None
    span: tuple[int, int, int, int] | None = None
    target: str | None = None  # a category, or the line of the similar entry (PM041)

    @property
    def path(self) -> PurePath:
        return path_of(self.uri)  # type: ignore[return-value]

    @property
    def anchor(self) -> str:
        """The id the action is about (for a category merge: the category merged)."""
        return _needed(self.id, "id")

    @property
    def to(self) -> str:
        return _needed(self.target, "target")

    @property
    def where(self) -> Span:
        return Span(*_needed(self.span, "span"))

    def as_data(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


def _needed(value: Any, name: str) -> Any:
    if value is None:
        raise PlanError(f"the action's data lacks `{name}`")
    return value


def _proposal(planner: Fixes, path: PurePath, line: int):
    found = next(
        (p for p in parse_pending(planner.text(path)).proposals if p.line <= line < p.end_line),
        None,
    )
    if found is None:
        raise PlanError(f"{path.name}:{line + 1} is no proposal")
    return found


def _similar_entry(planner: Fixes, path: PurePath, request: Request):
    proposal = _proposal(planner, path, request.line)
    ref = planner.proposal_ref(path, proposal)
    doc = parse_profile(planner.text(planner.profile_path(ref)))
    return proposal, next(e for e in doc.entries if e.line == int(request.target or 0))


RUN: dict[str, Callable[[Fixes, Request], Any]] = {
    "confirm-entry": lambda p, r: p.confirm_entry(pair_ref(r.path), r.line),
    "delete": lambda p, r: p.delete(pair_ref(r.path), r.anchor),
    "record-evolve": lambda p, r: p.record_current_text(pair_ref(r.path), r.anchor, as_pivot=False),
    "record-pivot": lambda p, r: p.record_current_text(pair_ref(r.path), r.anchor, as_pivot=True),
    "new-id": lambda p, r: p.new_id_for_entry(pair_ref(r.path), r.line, r.where),
    "replace-token": lambda p, r: p.replace_token(r.path, r.where),
    "create-record": lambda p, r: p.create_record(pair_ref(r.path), r.anchor),
    "remove-entry": lambda p, r: p.remove_entry(pair_ref(r.path), r.line),
    "record-restore": lambda p, r: p.restore(pair_ref(r.path), r.anchor),
    "mark-deleted": lambda p, r: p.mark_deleted(pair_ref(r.path), r.anchor),
    "restore-entry": lambda p, r: p.restore_entry(pair_ref(r.path), r.anchor),
    "renumber-record": lambda p, r: p.renumber_record(pair_ref(r.path), r.line),
    "make-restore": lambda p, r: p.make_restore(pair_ref(r.path), r.line),
    "add-missing-fields": lambda p, r: p.add_missing_fields(pair_ref(r.path), r.line),
    "create-log": lambda p, r: p.create_log(pair_ref(r.path)),
    "normalise": lambda p, r: p.normalise(r.path, r.line),
    "normalise-all": lambda p, r: p.normalise(r.path),
    "repair-token": lambda p, r: p.repair_token(r.path, r.where),
    "move-entry": lambda p, r: p.move_entry(pair_ref(r.path), r.line, r.to),
    "record-category": lambda p, r: p.record_category(pair_ref(r.path), r.anchor),
    "pending-confirm": lambda p, r: p.decide(r.path, _proposal(p, r.path, r.line), "confirm"),
    "pending-keep-both": lambda p, r: p.decide(r.path, _proposal(p, r.path, r.line), "keep-both"),
    "pending-discard": lambda p, r: p.decide(r.path, _proposal(p, r.path, r.line), "discard"),
    "add-to-evolve": lambda p, r: p.add_to_evolve(r.path, *_similar_entry(p, r.path, r)),
    "merge-category": lambda p, r: p.merge_category(pair_ref(r.path), r.anchor, r.to),
}


def plan_for(ls: ProfileMemoryServer, request: Request) -> Plan:
    planner = planner_for(ls, request.path)
    try:
        RUN[request.action](planner, request)
    except (PlanError, UnsafeSource) as error:
        raise refuse(str(error)) from None
    return planner.finish(request.action)


def edit_for(ls: ProfileMemoryServer, request: Request) -> types.WorkspaceEdit:
    return to_workspace_edit(ls, plan_for(ls, request))


# -- listing -------------------------------------------------------------------------------------


@dataclass
class Offer:
    title: str
    kind: types.CodeActionKind
    request: Request
    diagnostic: Diagnostic | None = None
    preferred: bool = False


def _fixes(
    ls: ProfileMemoryServer, path: PurePath, d: Diagnostic, next_id: Callable[[], str]
) -> list[Offer]:
    doc_uri, line = uri(path), d.span.start_line
    lines = ls.lines(path)
    token = lines[line][d.span.start_col : d.span.end_col] if line < len(lines) else ""
    span = (d.span.start_line, d.span.start_col, d.span.end_line, d.span.end_col)
    role = role_of(path)
    entry_line = role is Role.PROFILE and lines[line].startswith("-")
    meant = repaired(token)
    by_code: dict[str, list[tuple[str, str, dict]]] = {
        "PM002": [(f"Give this entry a new id ({next_id()})", "new-id", {"span": span})],
        # a token that plainly means an id keeps it: a new id would fork that id's history
        "PM004": [(f"Rewrite {token} as {meant}", "repair-token", {"span": span})]
        if meant
        else [
            (
                f"Replace {token} with a new id ({next_id()})",
                "new-id" if entry_line else "replace-token",
                {"span": span},
            )
        ],
        "PM016": _canonical_fixes(ls, path, line),
        "PM018": _canonical_fixes(ls, path, line),
        "PM005": [],
        "PM006": [(f"Create the log record of {token}", "create-record", {"id": token})],
        "PM008": [
            (f"Remove the entry of {token}", "remove-entry", {}),
            (f"Record a restore of {token}", "record-restore", {"id": token}),
        ],
        "PM010": [("Add the missing fields", "add-missing-fields", {})],
        "PM015": [("Create the log from its template", "create-log", {})],
        "PM003": [
            (f"Renumber this record ({next_id()})", "renumber-record", {}),
            ("Make it a restore", "make-restore", {}),
        ],
    }
    if d.code == "PM005":
        category = next(
            (e.category for e in ls.core.profile(ls.source(path)).entries if e.line == line), ""
        )  # type: ignore[arg-type]
        by_code["PM005"] = [(f"Confirm as {next_id()} in {category}", "confirm-entry", {})]
    elif d.code in ("PM007", "PM011"):
        anchor = next((t for t in _tokens(lines[line])), None)
        if anchor:
            by_code["PM007"] = [
                (f"Mark {anchor} deleted in the log", "mark-deleted", {"id": anchor}),
                (f"Restore {anchor} to the profile", "restore-entry", {"id": anchor}),
            ]
            by_code["PM011"] = [
                (f"Record as evolve of {anchor}", "record-evolve", {"id": anchor}),
                (
                    f"Record as pivot ({next_id()} replaces {anchor})",
                    "record-pivot",
                    {"id": anchor},
                ),
            ]
    elif d.code == "PM019":
        entry = next((e for e in ls.core.profile(ls.source(path)).entries if e.line == line), None)  # type: ignore[arg-type]
        history = ls.core.pair_of(path).history(entry.id) if entry and entry.id else None  # type: ignore[union-attr]
        category = history.latest_value("category") if history else None
        if entry and category:
            by_code["PM019"] = [
                (f"Move the entry to `{category}`", "move-entry", {"target": category}),
                (
                    f"Record that {entry.id} now belongs to `{entry.category}`",
                    "record-category",
                    {"id": entry.id},
                ),
            ]
    elif d.code == "PM041" and d.related:
        similar = d.related[0]
        by_code["PM041"] = [
            (
                f"Turn into an evolve of the entry on line {similar.span.start_line + 1}",
                "add-to-evolve",
                {"target": str(similar.span.start_line)},
            )
        ]
    offers = []
    for position, (title, action, extra) in enumerate(by_code.get(d.code, [])):
        offers.append(
            Offer(
                title, QUICKFIX, Request(action, doc_uri, line, **extra), d, preferred=position == 0
            )
        )
    return offers


def _canonical_fixes(
    ls: ProfileMemoryServer, path: PurePath, line: int
) -> list[tuple[str, str, dict]]:
    """The rewrite of a slip's line in canonical form, where one is certain, and of every such line
    of the file."""
    slips = _slips_on(ls, path, line)
    if not any(slip.canonical is not None for slip in slips):
        return []
    return [
        ("Rewrite in canonical form", "normalise", {}),
        ("Rewrite every non-canonical form in this file", "normalise-all", {}),
    ]


def _slips_on(ls: ProfileMemoryServer, path: PurePath, line: int) -> list[Slip]:
    source = ls.source(path)
    if source is None or source.decoded is None:
        return []
    if role_of(path) is Role.PROFILE:
        return [s for e in ls.core.profile(source).entries if e.line == line for s in e.slips]
    records = ls.core.log(source).records
    at = bisect.bisect_right(records, line, key=lambda r: r.line) - 1
    if at < 0:
        return []
    record = records[at]
    return [slip for slip in record.slips if slip.line + record.line == line]


def _tokens(line: str) -> list[str]:
    return [m.group(0) for m in find_tokens(line) if is_valid(m.group(0))]


def _refactors(
    ls: ProfileMemoryServer,
    path: PurePath,
    first: int,
    last: int,
    fixed: set[int],
    next_id: Callable[[], str],
) -> list[Offer]:
    doc_uri = uri(path)
    offers: list[Offer] = []
    role = role_of(path)
    if role is Role.PROFILE:
        doc = ls.core.profile(ls.source(path))  # type: ignore[arg-type]
        pair = ls.core.pair_of(path)
        for entry in doc.entries:
            if not first <= entry.line <= last:
                continue
            if entry.id is None and entry.line not in fixed:
                offers.append(
                    Offer(
                        f"Confirm as {next_id()} in {entry.category}",
                        REFACTOR,
                        Request("confirm-entry", doc_uri, entry.line),
                    )
                )
            elif entry.id and pair and pair.history(entry.id):
                offers.append(
                    Offer(
                        f"Delete {entry.id} from {entry.category}",
                        REFACTOR,
                        Request("delete", doc_uri, entry.line, entry.id),
                    )
                )
        for category in doc.categories:
            if first <= category.line <= last:
                offers += [
                    Offer(
                        f"Merge `{category.name}` into `{other}`",
                        REFACTOR,
                        Request(
                            "merge-category", doc_uri, category.line, category.name, target=other
                        ),
                    )
                    for other in doc.category_names() - {category.name}
                ]
    elif role is Role.PENDING:
        for proposal in ls.core.pending(ls.source(path)).proposals:  # type: ignore[arg-type]
            if proposal.line <= last and first < proposal.end_line:
                what = f"[{proposal.kind.value}][{proposal.category}]"
                offers.append(
                    Offer(
                        f"Confirm {what} {proposal.text}",
                        REFACTOR,
                        Request("pending-confirm", doc_uri, proposal.line),
                    )
                )
                if proposal.kind is not Kind.ADD:
                    offers.append(
                        Offer(
                            f"Keep both: add {proposal.text} as a new entry",
                            REFACTOR,
                            Request("pending-keep-both", doc_uri, proposal.line),
                        )
                    )
                offers.append(
                    Offer(
                        f"Discard {what}",
                        REFACTOR,
                        Request("pending-discard", doc_uri, proposal.line),
                    )
                )
    return offers


def _not_rewritable(ls: ProfileMemoryServer, path: PurePath) -> str | None:
    """Why no action may change this file or its partner: one of them did not decode as UTF-8 (an
    edit would write back U+FFFD in place of the bytes it could not read)."""
    pair = ls.core.pair_of(path)
    partners = [file.path for file in (pair.profile, pair.log) if file] if pair else []
    for candidate in (path, *partners):
        source = ls.source(candidate) if candidate is not None else None
        if (
            source is not None
            and source.decoded is not None
            and source.decoded.invalid_utf8_at is not None
        ):
            return f"{candidate.name} {undecodable(source.decoded.invalid_utf8_at)}"  # type: ignore[union-attr]
    return None


def _resolves_edits(ls: ProfileMemoryServer) -> bool:
    capabilities = ls.client_capabilities.text_document
    action = capabilities.code_action if capabilities else None
    return bool(action and action.resolve_support and "edit" in action.resolve_support.properties)


def text_document_code_action(
    ls: ProfileMemoryServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    served = ls.served_source(params.text_document.uri)
    if served is None or role_of(served[0]) not in (Role.PROFILE, Role.LOG, Role.PENDING):
        return None
    path, source = served
    first, last = params.range.start.line, params.range.end.line
    allocated: list[str] = []

    def next_id() -> str:
        if not allocated:
            allocated.append(ls.next_id())
        return allocated[0]

    diagnostics = [d for d in check_source(ls.core, source) if first <= d.span.start_line <= last]
    offers = [offer for d in diagnostics for offer in _fixes(ls, path, d, next_id)]
    fixed = {o.request.line for o in offers}
    offers += _refactors(ls, path, first, last, fixed, next_id)
    wanted = params.context.only
    resolve_later = _resolves_edits(ls)
    blocked = _not_rewritable(ls, path)
    actions = []
    for offer in offers:
        if wanted and not any(
            offer.kind.value.startswith(getattr(kind, "value", kind)) for kind in wanted
        ):
            continue
        action = types.CodeAction(
            title=offer.title,
            kind=offer.kind,
            is_preferred=offer.preferred or None,
            diagnostics=[to_lsp(ls, offer.diagnostic)] if offer.diagnostic else None,
            data=offer.request.as_data(),
        )
        if blocked is not None:
            action.disabled = types.CodeActionDisabled(reason=blocked)
        elif not resolve_later:
            try:
                action.edit = edit_for(ls, offer.request)
            except (
                Exception
            ) as error:  # an action that cannot apply is shown disabled, with the reason
                action.disabled = types.CodeActionDisabled(reason=str(error))
        actions.append(action)
    return actions


def _request_of(data: Any) -> Request:
    """The request a listed action carries in its `data`, checked: a client may send anything
    back."""
    fields = {"action": str, "uri": str, "line": int, "id": str, "target": str}
    if (
        not isinstance(data, dict)
        or data.get("action") not in RUN
        or set(data) - {*fields, "span"}
        or any(not isinstance(data.get(key), kind) for key, kind in fields.items() if key in data)
        or not {"action", "uri", "line"} <= set(data)
        or isinstance(data["line"], bool)
    ):
        raise invalid("codeAction/resolve: the action's `data` is not one this server listed")
    span = data.get("span")
    if span is not None and not (
        isinstance(span, list) and len(span) == 4 and all(type(n) is int for n in span)
    ):
        raise invalid("codeAction/resolve: the action's `span` is not four whole numbers")
    return Request(**{**data, **({"span": tuple(span)} if span is not None else {})})


def code_action_resolve(ls: ProfileMemoryServer, action: types.CodeAction) -> types.CodeAction:
    plan = plan_for(ls, _request_of(action.data))
    action.edit = to_workspace_edit(ls, plan)
    remind_over_limit(ls, plan)  # resolved when chosen: the person is about to apply it
    return action


# -- the pending file's commands ------------------------------------------------------------------


async def _decide_all(ls: ProfileMemoryServer, arguments: tuple, decision: str) -> str:
    if len(arguments) != 1 or not isinstance(arguments[0], str):
        raise invalid("expected one argument: the pending file's URI")
    target = arguments[0]
    path = ls.served_path(target)
    if path is None or role_of(path) is not Role.PENDING:
        raise refuse(f"{target} is not a pending file")
    planner = planner_for(ls, path)
    try:
        proposals = parse_pending(planner.text(path)).proposals
        ids = [
            anchor for proposal in proposals if (anchor := planner.decide(path, proposal, decision))
        ]
    except (PlanError, UnsafeSource) as error:
        raise refuse(str(error)) from None
    outcome = (
        f"{len(proposals)} discarded"
        if decision == "discard"
        else f"{len(ids)} confirmed: {', '.join(ids)}"
    )
    plan = planner.finish(decision)
    edit = to_workspace_edit(ls, plan)
    result = await ls.workspace_apply_edit_async(
        types.ApplyWorkspaceEditParams(edit=edit, label=f"Profile Memory: {outcome}")
    )
    if not result.applied:
        outcome = f"not applied: {result.failure_reason or 'the editor refused the edit'}"
    ls.window_show_message(
        types.ShowMessageParams(types.MessageType.Info, f"Profile Memory: {outcome}")
    )
    if result.applied:
        remind_over_limit(ls, plan)
    return outcome


async def confirm_all(ls: ProfileMemoryServer, *arguments: Any) -> str:
    return await _decide_all(ls, arguments, "confirm")


async def discard_all(ls: ProfileMemoryServer, *arguments: Any) -> str:
    return await _decide_all(ls, arguments, "discard")


def register(server: ProfileMemoryServer) -> None:
    server.handle_command(CONFIRM_ALL, confirm_all)
    server.handle_command(DISCARD_ALL, discard_all)
    options = types.CodeActionOptions(code_action_kinds=[QUICKFIX, REFACTOR], resolve_provider=True)
    server.handle(types.TEXT_DOCUMENT_CODE_ACTION, text_document_code_action, options)
    server.handle(types.CODE_ACTION_RESOLVE, code_action_resolve)
