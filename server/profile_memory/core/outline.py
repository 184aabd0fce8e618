"""The whole memory at a glance (the editor's Profile Memory view): every pair's categories and
entries with their state, the history of every log newest first, and an id's timeline (its
records and those of the ids it replaced or that replaced it, through pivots).

Pure: built from a `Resolver`; front ends turn paths into their own form.
"""

from __future__ import annotations

import datetime as dt
import heapq
import itertools
from collections.abc import Iterator
from enum import Enum
from pathlib import PurePath

from profile_memory.core.config import Settings
from profile_memory.core.diagnostics import masked_message
from profile_memory.core.index import History, PairIndex, State
from profile_memory.core.log import Record, op_word
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal
from profile_memory.core.profile import Entry, ProfileDoc
from profile_memory.core.resolve import Resolver
from profile_memory.core.rules import check_path
from profile_memory.core.secrets import masked
from profile_memory.core.tokens import estimate
from profile_memory.core.values import field, value_class


class EntryState(Enum):
    LIVE = "live"
    UNCONFIRMED = "unconfirmed"  # no id yet (PM005)
    DANGLING = "dangling"  # an id without a log record (PM006)
    DELETED = "deleted"  # its id was deleted in the log (PM008)
    RETIRED = "retired"  # its id was replaced by a pivot (PM008)


@value_class(frozen=True, slots=True, kw_only=True)
class RecordView:
    id: str
    date: str
    operation: str  # as the log writes it (新增, evolve, …)
    title: str
    path: PurePath
    line: int  # 0-based, the heading
    pair: str
    fields: dict[str, str] = field(default_factory=dict)  # by canonical key (`summary`)
    labels: dict[str, str] = field(default_factory=dict)  # canonical key -> the key as written


@value_class(frozen=True, slots=True, kw_only=True)
class EntryView:
    id: str | None
    text: str
    line: int
    state: EntryState
    records: int
    last: RecordView | None


@value_class(frozen=True, slots=True)
class CategoryView:
    name: str
    line: int
    entries: list[EntryView]


@value_class(frozen=True, slots=True, kw_only=True)
class PairView:
    name: str
    folder: PurePath
    profile: PurePath | None
    log: PurePath | None
    lines: int
    limit: int
    tokens: int  # ≈
    token_budget: int
    findings: int
    categories: list[CategoryView]


@value_class(frozen=True, slots=True)
class EntryLabel:
    """What an entry's line says beside it in the editor (inlay hint or code lens)."""

    text: str
    log: PurePath | None  # the log of its latest record, when it has one
    line: int  # that record's heading


def profile_cost(doc: ProfileDoc, settings: Settings, pair: str) -> str:
    """`lines 13/50 · ≈540/1,500 tok`, saying which is over: what a profile costs every prompt."""
    lines, limit = doc.counted_lines, settings.limit_for(pair)  # as PM001 counts
    tokens, budget = profile_tokens(doc), settings.token_budget_for(pair)
    over = [
        what for what, is_over in (("limit", lines > limit), ("budget", tokens > budget)) if is_over
    ]
    key = "cost.over_both" if len(over) == 2 else f"cost.over_{over[0]}" if over else "cost"
    return msg(key, lines=lines, limit=limit, tokens=tokens, budget=budget)


def profile_tokens(doc: ProfileDoc) -> int:
    return estimate("\n".join(doc.lines[: doc.counted_lines]))


def entry_label(pair: PairIndex, entry: Entry) -> EntryLabel:
    history = pair.history(entry.id) if entry.id else None
    if history is None or pair.log is None:
        return EntryLabel(msg("unconfirmed" if entry.id is None else "label.no_record"), None, 0)
    latest, count = history.latest, len(history.records)
    operation = op_word(latest, pair.language)
    text = msg(
        "label.record" if count == 1 else "label.records",
        count=count,
        op=operation,
        date=latest.date,
    )
    return EntryLabel(
        masked_message(text), pair.log.path, latest.line
    )  # the operation is as written


@value_class(frozen=True, slots=True)
class PendingView:
    path: PurePath
    proposals: list[Proposal]


def _record_view(pair: PairIndex, record: Record, with_fields: bool = False) -> RecordView:
    found_fields = record.fields if with_fields else {}  # made once: a record may make them
    fields = {key: masked(found.value) for key, found in found_fields.items()}
    labels = {key: found.label for key, found in found_fields.items()}
    path = pair.log.path if pair.log else pair.folder / pair.log_name
    return RecordView(
        id=record.id or "",
        date=str(record.date or ""),
        operation=op_word(record, pair.language),
        title=masked(record.title),
        path=path,
        line=record.line,
        pair=pair.name,
        fields=fields,
        labels=labels,
    )


def _state(history: History | None, anchor_id: str | None) -> EntryState:
    if anchor_id is None:
        return EntryState.UNCONFIRMED
    if history is None:
        return EntryState.DANGLING
    return {
        State.LIVE: EntryState.LIVE,
        State.DELETED: EntryState.DELETED,
        State.RETIRED: EntryState.RETIRED,
    }[history.state]


def _pair_view(resolver: Resolver, pair: PairIndex, settings: Settings) -> PairView:
    categories: dict[str, CategoryView] = {}
    doc = pair.profile.doc if pair.profile else None
    for category in doc.categories if doc else []:
        categories[category.name] = CategoryView(category.name, category.line, [])
    for entry in doc.entries if doc else []:
        history = pair.history(entry.id) if entry.id else None
        view = EntryView(
            id=entry.id,
            text=masked(entry.text),
            line=entry.line,
            state=_state(history, entry.id),
            records=len(history.records) if history else 0,
            last=_record_view(pair, history.latest) if history else None,
        )
        if entry.category in categories:
            categories[entry.category].entries.append(view)
    files = [file.path for file in (pair.profile, pair.log) if file is not None]
    findings = sum(len(check_path(resolver.workspace, path)) for path in files)
    return PairView(
        name=pair.name,
        folder=pair.folder,
        profile=pair.profile.path if pair.profile else None,
        log=pair.log.path if pair.log else None,
        lines=doc.counted_lines if doc else 0,
        limit=settings.limit_for(pair.name),
        tokens=profile_tokens(doc) if doc else 0,
        token_budget=settings.token_budget_for(pair.name),
        findings=findings,
        categories=list(categories.values()),
    )


def outline(resolver: Resolver) -> list[PairView]:
    """Every pair in reach (user first, then each project's), with its entries and their state."""
    settings = resolver.workspace.settings
    return [_pair_view(resolver, pair, settings) for pair in resolver.pairs()]


def pending(resolver: Resolver) -> list[PendingView]:
    """The proposals of every pending file in reach, in file order."""
    found = []
    for profile_set in resolver.profile_sets():
        if profile_set.pending_path is not None and profile_set.pending is not None:
            found.append(PendingView(profile_set.pending_path, profile_set.pending.proposals))
    return found


def history(resolver: Resolver, query: str = "", limit: int = 200) -> list[RecordView]:
    """The records of every log, newest first (by date; within a date, later in the log first),
    whose id or title contains `query` (case-insensitive); at most `limit`. Each log's records are
    taken in the order its index keeps (`LogIndex.newest`), so only the records shown (and those a
    query passes over) are read."""
    needle = query.casefold()

    def newest(n: int, pair: PairIndex) -> Iterator[tuple[tuple[dt.date, int, int], Record]]:
        records = pair.log.doc.records if pair.log else []
        for position in pair.log_index.newest(records) if records else ():
            record = records[position]
            if not needle or needle in f"{record.id} {record.title}".casefold():
                yield (record.date or _NO_DAY, n, position), record

    pairs = resolver.pairs()
    merged = heapq.merge(
        *(newest(n, pair) for n, pair in enumerate(pairs)), key=lambda hit: hit[0], reverse=True
    )
    return [_record_view(pairs[key[1]], record) for key, record in itertools.islice(merged, limit)]


_NO_DAY = dt.date.min  # a record without a readable date comes last, as its empty date sorted


def timeline(resolver: Resolver, anchor_id: str) -> list[RecordView]:
    """Every record of the id and of the ids linked to it by pivots (those it replaced, those that
    replaced it), oldest first, with their fields."""
    found: list[RecordView] = []
    for pair in resolver.pairs():
        related = _linked(pair, anchor_id)
        found += [
            _record_view(pair, record, with_fields=True)
            for record in (pair.log.doc.records if pair.log else [])
            if record.id in related
        ]
    return found


def _linked(pair: PairIndex, anchor_id: str) -> set[str]:
    """The id and every id a chain of pivots links to it, either way."""
    edges: dict[str, set[str]] = {}
    for old, found in pair.log_index.histories.items():
        new = found.retired_by.id if found.retired_by else None
        if new:
            edges.setdefault(old, set()).add(new)
            edges.setdefault(new, set()).add(old)
    linked, frontier = {anchor_id}, [anchor_id]
    while frontier:
        for other in edges.get(frontier.pop(), set()) - linked:
            linked.add(other)
            frontier.append(other)
    return linked
