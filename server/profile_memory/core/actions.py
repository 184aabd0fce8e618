"""The actions offered on a memory file: the quick fixes of its diagnostics (docs/format.md,
"Diagnostics") and the write flow's decisions (confirm, delete, evolve, pivot, keep both, discard,
merge a category), each one run of the planner over the profile, the log and the pending file.

`ACTIONS` is the one table of them: an action's name (carried by the editor until it is chosen),
the request fields it needs, and how it runs. `offers` lists what applies to a range of a file;
front ends turn an offer into their own form and run the chosen one with `run`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from enum import Enum
from pathlib import PurePath
from typing import Any, TypeVar

from profile_memory.core.anchors import find_tokens, is_valid, repaired
from profile_memory.core.diagnostics import Diagnostic, masked_message
from profile_memory.core.files import Role, pair_name, role_of
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal, ProposalKind, parse_pending
from profile_memory.core.plans import Decision, PairRef, PlanError, Planner
from profile_memory.core.profile import Entry, parse_profile
from profile_memory.core.rules import check_source
from profile_memory.core.slips import Slip
from profile_memory.core.span import Span
from profile_memory.core.values import field, value_class
from profile_memory.core.workspace import Source, Workspace


class OfferKind(Enum):
    """An offer's code action kind. Deleting an entry (and its history) is no rewrite of it: its
    own kind keeps it out of the editors' "Rewrite" group (VS Code's wrench), below the rest."""

    QUICK_FIX = "quickfix"
    REWRITE = "refactor.rewrite"
    DELETE = "refactor.delete"


@value_class(frozen=True, slots=True)
class Request:
    """What running an action needs: the action, the file and line it was offered on, and the
    fields its entry in `ACTIONS` names."""

    action: str
    path: PurePath
    line: int
    id: str | None = None  # the id the action is about (for a category merge: the category)
    span: Span | None = None  # the token the action rewrites
    target: str | None = None  # a category, or the line of the similar entry (PM041)

    @property
    def anchor(self) -> str:
        return _given(self.id, "id")

    @property
    def to(self) -> str:
        return _given(self.target, "target")

    @property
    def where(self) -> Span:
        return _given(self.span, "span")

    @property
    def pair(self) -> PairRef:
        return PairRef(self.path.parent, pair_name(self.path) or "")


T = TypeVar("T")


def _given(value: T | None, name: str) -> T:
    if value is None:
        raise PlanError(msg("action.lacks", name=name))
    return value


@value_class(frozen=True, slots=True)
class Action:
    name: str
    run: Callable[[Planner, Request], object]
    needs: frozenset[str] = frozenset()  # of "id", "span", "target"


def _proposal(planner: Planner, path: PurePath, line: int) -> Proposal:
    proposals = parse_pending(planner.text(path)).proposals
    found = next((p for p in proposals if p.line <= line < p.end_line), None)
    if found is None:
        raise PlanError(msg("proposal.not_on_line", name=path.name, line=line + 1))
    return found


def _decide(decision: Decision) -> Callable[[Planner, Request], object]:
    return lambda p, r: p.decide(r.path, _proposal(p, r.path, r.line), decision)


def _add_to_evolve(planner: Planner, request: Request) -> None:
    proposal = _proposal(planner, request.path, request.line)
    ref = planner.proposal_ref(request.path, proposal)
    doc = parse_profile(planner.text(planner.profile_path(ref)))
    similar = next((e for e in doc.entries if e.line == int(request.to)), None)
    if similar is None:
        raise PlanError(msg("action.no_entry_on", line=int(request.to) + 1, name=ref.name))
    planner.add_to_evolve(request.path, proposal, similar)


ID, SPAN, TARGET = frozenset({"id"}), frozenset({"span"}), frozenset({"target"})
ACTIONS: dict[str, Action] = {
    action.name: action
    for action in (
        Action("confirm-entry", lambda p, r: p.confirm_entry(r.pair, r.line)),
        Action("delete", lambda p, r: p.delete(r.pair, r.anchor), ID),
        Action(
            "record-evolve",
            lambda p, r: p.record_current_text(r.pair, r.anchor, as_pivot=False),
            ID,
        ),
        Action(
            "record-pivot", lambda p, r: p.record_current_text(r.pair, r.anchor, as_pivot=True), ID
        ),
        Action("new-id", lambda p, r: p.new_id_for_entry(r.pair, r.line, r.where), SPAN),
        Action("replace-token", lambda p, r: p.replace_token(r.path, r.where), SPAN),
        Action("repair-token", lambda p, r: p.repair_token(r.path, r.where), SPAN),
        Action("redact", lambda p, r: p.redact(r.path, r.where), SPAN),
        Action("create-record", lambda p, r: p.create_record(r.pair, r.anchor), ID),
        Action("remove-entry", lambda p, r: p.remove_entry(r.pair, r.line)),
        Action("record-restore", lambda p, r: p.restore(r.pair, r.anchor), ID),
        Action("mark-deleted", lambda p, r: p.mark_deleted(r.pair, r.anchor), ID),
        Action("restore-entry", lambda p, r: p.restore_entry(r.pair, r.anchor), ID),
        Action("renumber-record", lambda p, r: p.renumber_record(r.pair, r.line)),
        Action("make-restore", lambda p, r: p.make_restore(r.pair, r.line)),
        Action("add-missing-fields", lambda p, r: p.add_missing_fields(r.pair, r.line)),
        Action("create-log", lambda p, r: p.create_log(r.pair)),
        Action("normalise", lambda p, r: p.normalise(r.path, r.line)),
        Action("normalise-all", lambda p, r: p.normalise(r.path)),
        Action("move-entry", lambda p, r: p.move_entry(r.pair, r.line, r.to), TARGET),
        Action("record-category", lambda p, r: p.record_category(r.pair, r.anchor), ID),
        Action("pending-confirm", _decide(Decision.CONFIRM)),
        Action("pending-keep-both", _decide(Decision.KEEP_BOTH)),
        Action("pending-discard", _decide(Decision.DISCARD)),
        Action("add-to-evolve", _add_to_evolve, TARGET),
        Action(
            "merge-category", lambda p, r: p.merge_category(r.pair, r.anchor, r.to), ID | TARGET
        ),
    )
}


def run(planner: Planner, request: Request) -> None:
    """Run the requested action on the planner (raises `PlanError` when it cannot apply)."""
    action = ACTIONS.get(request.action)
    if action is None:
        raise PlanError(msg("action.unknown", action=request.action))
    for name in sorted(action.needs):
        _given(getattr(request, name), name)
    action.run(planner, request)


@value_class
class Offer:
    title: str
    kind: OfferKind
    request: Request
    diagnostic: Diagnostic | None = None
    preferred: bool = False

    def __post_init__(self) -> None:
        self.title = masked_message(self.title)  # titles quote entries, categories, proposals


@value_class
class _Context:
    """One listing: the file, its lines, and the id the next allocation gives (asked for at most
    once, and only when an offer's title shows it)."""

    workspace: Workspace
    source: Source
    next_id_of: Callable[[], str]
    _next_id: list[str] = field(default_factory=list)

    @property
    def path(self) -> PurePath:
        return self.source.path

    @property
    def lines(self) -> list[str]:
        return self.workspace.lines(self.source)

    def next_id(self) -> str:
        if not self._next_id:
            self._next_id.append(self.next_id_of())
        return self._next_id[0]

    def entry_on(self, line: int) -> Entry | None:
        entries = self.workspace.profile(self.source).entries
        return next((e for e in entries if e.line == line), None)


Choice = tuple[str, str, dict[str, Any]]  # title, action, request fields


def _fix_choices(ctx: _Context, d: Diagnostic) -> list[Choice]:
    """The quick fixes of one diagnostic, the preferred one first."""
    line, lines = d.span.start_line, ctx.lines
    token = lines[line][d.span.start_col : d.span.end_col] if line < len(lines) else ""
    code = d.code
    if code == "PM060":
        return [(msg("action.redact"), "redact", {"span": d.span})]
    if code == "PM002":
        return [(msg("action.new_id", id=ctx.next_id()), "new-id", {"span": d.span})]
    if code == "PM004":
        return _malformed_token(ctx, d.span, token)
    if code in ("PM016", "PM018"):
        return _canonical_fixes(ctx, line)
    if code == "PM005":
        entry = ctx.entry_on(line)
        category = entry.category if entry else ""
        return [(msg("action.confirm", id=ctx.next_id(), category=category), "confirm-entry", {})]
    if code == "PM006":
        return [(msg("action.create_record", id=token), "create-record", {"id": token})]
    if code == "PM008":
        return [
            (msg("action.remove_entry", id=token), "remove-entry", {}),
            (msg("action.record_restore", id=token), "record-restore", {"id": token}),
        ]
    if code == "PM010":
        return [(msg("action.add_fields"), "add-missing-fields", {})]
    if code == "PM015":
        return [(msg("action.create_log"), "create-log", {})]
    if code == "PM003":
        return [
            (msg("action.renumber", id=ctx.next_id()), "renumber-record", {}),
            (msg("action.make_restore"), "make-restore", {}),
        ]
    if code in ("PM007", "PM011"):
        return _history_fixes(ctx, code, line)
    if code == "PM019":
        return _category_fixes(ctx, line)
    if code == "PM041" and d.related:
        similar = d.related[0].span.start_line
        title = msg("action.to_evolve", line=similar + 1)
        return [(title, "add-to-evolve", {"target": str(similar)})]
    return []


def _malformed_token(ctx: _Context, span: Span, token: str) -> list[Choice]:
    # a token that plainly means an id keeps it: a new id would fork that id's history
    meant = repaired(token)
    if meant:
        return [
            (msg("action.repair_token", token=token, meant=meant), "repair-token", {"span": span})
        ]
    on_entry = role_of(ctx.path) is Role.PROFILE and ctx.lines[span.start_line].startswith("-")
    action = "new-id" if on_entry else "replace-token"
    return [(msg("action.replace_token", token=token, id=ctx.next_id()), action, {"span": span})]


def _history_fixes(ctx: _Context, code: str, line: int) -> list[Choice]:
    anchor = next((m.group(0) for m in find_tokens(ctx.lines[line]) if is_valid(m.group(0))), None)
    if anchor is None:
        return []
    if code == "PM007":
        return [
            (msg("action.mark_deleted", id=anchor), "mark-deleted", {"id": anchor}),
            (msg("action.restore_entry", id=anchor), "restore-entry", {"id": anchor}),
        ]
    return [
        (msg("action.record_evolve", id=anchor), "record-evolve", {"id": anchor}),
        (msg("action.record_pivot", new=ctx.next_id(), id=anchor), "record-pivot", {"id": anchor}),
    ]


def _category_fixes(ctx: _Context, line: int) -> list[Choice]:
    entry = ctx.entry_on(line)
    pair = ctx.workspace.pair_of(ctx.path)
    history = pair.history(entry.id) if entry and entry.id and pair else None
    category = history.latest_value("category") if history else None
    if entry is None or category is None:
        return []
    move: Choice = (msg("action.move_entry", category=category), "move-entry", {"target": category})
    record: Choice = (
        msg("action.record_category", id=entry.id, category=entry.category),
        "record-category",
        {"id": entry.id},
    )
    profile = pair.profile if pair else None
    if profile is not None and not profile.doc.has_category(category):
        # a 分类 that is no heading was most likely renamed there: recording it comes first
        return [record, (msg("action.move_entry_new", category=category), *move[1:])]
    return [move, record]


def _canonical_fixes(ctx: _Context, line: int) -> list[Choice]:
    """The rewrite of a slip's line in canonical form, where one is certain, and of every such line
    of the file."""
    if not any(slip.canonical is not None for slip in _slips_on(ctx, line)):
        return []
    return [
        (msg("action.normalise"), "normalise", {}),
        (msg("action.normalise_all"), "normalise-all", {}),
    ]


def _slips_on(ctx: _Context, line: int) -> list[Slip]:
    if role_of(ctx.path) is Role.PROFILE:
        entry = ctx.entry_on(line)
        return list(entry.slips) if entry else []
    records = ctx.workspace.log(ctx.source).records
    at = bisect.bisect_right(records, line, key=lambda r: r.line) - 1
    if at < 0:
        return []
    record = records[at]
    return [slip for slip in record.slips if slip.line + record.line == line]


def _rewrites(ctx: _Context, first: int, last: int, fixed: set[int]) -> list[Offer]:
    """The write flow's decisions on the entries, categories or proposals of lines first..last."""
    role = role_of(ctx.path)
    if role is Role.PROFILE:
        return _profile_rewrites(ctx, first, last, fixed)
    if role is Role.PENDING:
        return _pending_rewrites(ctx, first, last)
    return []


def _offer(
    ctx: _Context,
    title: str,
    action: str,
    line: int,
    id: str | None = None,
    target: str | None = None,
    kind: OfferKind = OfferKind.REWRITE,
) -> Offer:
    return Offer(title, kind, Request(action, ctx.path, line, id=id, target=target))


def _profile_rewrites(ctx: _Context, first: int, last: int, fixed: set[int]) -> list[Offer]:
    doc = ctx.workspace.profile(ctx.source)
    pair = ctx.workspace.pair_of(ctx.path)
    offers: list[Offer] = []
    for entry in doc.entries:
        if not first <= entry.line <= last:
            continue
        if entry.id is None and entry.line not in fixed:
            title = msg("action.confirm", id=ctx.next_id(), category=entry.category)
            offers.append(_offer(ctx, title, "confirm-entry", entry.line))
        elif entry.id and pair and pair.history(entry.id):
            title = msg("action.delete", id=entry.id, category=entry.category)
            offers.append(
                _offer(ctx, title, "delete", entry.line, id=entry.id, kind=OfferKind.DELETE)
            )
    for category in doc.categories:
        if first <= category.line <= last:
            offers += [
                _offer(
                    ctx,
                    msg("action.merge_category", category=category.name, other=other),
                    "merge-category",
                    category.line,
                    id=category.name,
                    target=other,
                )
                for other in doc.category_names() - {category.name}
            ]
    return offers


def _pending_rewrites(ctx: _Context, first: int, last: int) -> list[Offer]:
    offers: list[Offer] = []
    for proposal in ctx.workspace.pending(ctx.source).proposals:
        if not (proposal.line <= last and first < proposal.end_line):
            continue
        what = f"[{proposal.kind.value}][{proposal.category}]"
        offers.append(
            _offer(
                ctx,
                msg("action.pending_confirm", what=what, text=proposal.text),
                "pending-confirm",
                proposal.line,
            )
        )
        if proposal.kind is not ProposalKind.ADD:
            title = msg("action.keep_both", text=proposal.text)
            offers.append(_offer(ctx, title, "pending-keep-both", proposal.line))
        offers.append(
            _offer(ctx, msg("action.discard", what=what), "pending-discard", proposal.line)
        )
    return offers


def offers(
    workspace: Workspace, source: Source, first: int, last: int, next_id: Callable[[], str]
) -> list[Offer]:
    """Every action for lines first..last of a profile, log or pending file: the quick fixes of the
    diagnostics that start there (each diagnostic's preferred fix first), then the decisions.
    `next_id` gives the id the next allocation would give, for titles (called at most once)."""
    ctx = _Context(workspace, source, next_id)
    found: list[Offer] = []
    # in agent memory (FACT.md, the journal) only a secret is fixed: the rest is the agent's text
    structured = role_of(source.path) in (Role.PROFILE, Role.LOG, Role.PENDING)
    for d in check_source(workspace, source):
        if first <= d.span.start_line <= last and (structured or d.code == "PM060"):
            for position, (title, action, fields) in enumerate(_fix_choices(ctx, d)):
                request = Request(action, source.path, d.span.start_line, **fields)
                found.append(Offer(title, OfferKind.QUICK_FIX, request, d, position == 0))
    fixed = {offer.request.line for offer in found}
    return found + _rewrites(ctx, first, last, fixed)
