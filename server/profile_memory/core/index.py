"""The id index of a profile pair: each id's compact entries, its history of log records and its
state.

An id's history is ordered by record date, file order deciding only within a day (docs/format.md,
"History"): a record back-filled below a later one, or a log written newest-first, reads as the
story it tells. Built in one pass over the log's records in that order (and one in file order for
PM051) and one over the profile: no step rescans the file.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Collection
from enum import Enum
from pathlib import PurePath
from typing import Any, TypeVar

from profile_memory.core import anchors, values
from profile_memory.core.files import log_file_name, profile_file_name
from profile_memory.core.log import DELETED_TITLE_MARKS, LogDoc, Op, Record
from profile_memory.core.log.sketch import AnySketch
from profile_memory.core.messages import msg
from profile_memory.core.profile import Entry, ProfileDoc
from profile_memory.core.text import normalise, punctuation_changed
from profile_memory.core.values import field, value_class

Remap = Callable[[Record], Record]  # a record of the previous parse -> the same of the new one


class RecordFinding:
    """A finding about records of a log. An update of the index (`update_index`) moves every
    finding onto the new parse's records with `remapped`, which replaces each record it names,
    whatever its fields: a finding type added later is remapped as well."""

    __slots__ = ()

    def remapped(self: F, current: Remap) -> F:
        named = {
            f.name: current(value)
            for f in values.fields(self)  # every subclass is a value class
            if isinstance(value := getattr(self, f.name), Record)
        }
        return values.replace(self, **named) if named else self


F = TypeVar("F", bound=RecordFinding)


def _remapped_list(
    items: list[Record] | list[RecordFinding], current: Remap
) -> list[Record | RecordFinding]:
    """A list of the index (findings or records) on the new parse's records."""
    return [current(item) if isinstance(item, Record) else item.remapped(current) for item in items]


class State(Enum):
    LIVE = "live"
    DELETED = "deleted"
    RETIRED = "retired"


@value_class(frozen=True, slots=True)
class DuplicateAdd(RecordFinding):
    record: Record
    first: Record
    after_delete: bool


@value_class(frozen=True, slots=True)
class EarlyDate(RecordFinding):
    record: Record
    previous: (
        Record | None
    )  # the id's record before it, when that is later; None when the id's own date is

    @property
    def reason(self) -> str:
        record, previous = self.record, self.previous
        if previous is None:
            day = anchors.day_of(record.id or "") or "?"
            return msg("PM012.id_date", date=record.date, id=record.id, day=day)
        return msg(
            "PM012.previous",
            date=record.date,
            id=record.id,
            line=previous.line + 1,
            previous=previous.date,
        )


@value_class(frozen=True, slots=True)
class OldMismatch(RecordFinding):
    """An evolve or pivot whose OLD is not the previous 精简版 of the id it changes (None: of no
    id)."""

    record: Record
    changed: str | None  # the id it changes
    holder: Record | None  # the record whose 精简版 that id had before this record

    @property
    def reason(self) -> str:
        old = self.record.operation.old if self.record.operation else ""
        if self.changed is None or self.holder is None:
            return msg("PM050.none", old=old)
        return msg(
            "PM050",
            old=old,
            id=self.changed,
            summary=self.holder.value("summary"),
            line=self.holder.line + 1,
        )


@value_class(frozen=True, slots=True)
class OutOfOrder(RecordFinding):
    """A record dated before the record above it in the log; in a log written newest-first (most
    records dated before the record above them), the one finding of the whole log, at its first such
    record, with how many there are (`newest_first`)."""

    record: Record
    above: Record
    newest_first: int = 0


def latest_value(records: list[Record], key: str) -> str | None:
    """The value of `key` in the latest of `records` (in history order) that has one."""
    for record in reversed(records):
        value = record.value(key)
        if value is not None:
            return value
    return None


@value_class(slots=True)
class History:
    id: str
    day: dt.date | None  # the date its id names (None: a malformed id)
    records: list[Record] = field(default_factory=list)
    retired_by: Record | None = None
    _retired_at: int = -1
    _last_at: int = -1

    @property
    def latest(self) -> Record:
        return self.records[-1]

    @property
    def state(self) -> State:
        if self._retired_at > self._last_at:
            return State.RETIRED
        if self.latest.op is Op.DELETE:
            return State.DELETED
        return State.LIVE

    def latest_value(self, key: str) -> str | None:
        return latest_value(self.records, key)

    @property
    def latest_summary(self) -> str | None:
        return self.latest_value("summary")


@value_class(slots=True)
class LogIndex:
    histories: dict[str, History] = field(default_factory=dict)
    duplicate_adds: list[DuplicateAdd] = field(default_factory=list)
    early_dates: list[EarlyDate] = field(default_factory=list)
    old_mismatches: list[OldMismatch] = field(default_factory=list)
    out_of_order: list[OutOfOrder] = field(default_factory=list)
    without_add: list[Record] = field(
        default_factory=list
    )  # the first record of its id, and no beginning
    # What an update needs to know: the ids each record retired (by the record's position), and the
    # positions of the pivots and evolves that looked each normalised text up as their OLD
    # (docs/format.md, "Log").
    retired_at: dict[int, list[str]] = field(default_factory=dict, repr=False)
    lookers: dict[str, list[int]] = field(default_factory=dict, repr=False)
    # each record's place (by its position) in the order the histories were read: by date
    ranks: tuple[int, ...] = field(default=(), repr=False)
    _live: dict[str, History] | None = field(default=None, repr=False)
    # each id's evolves whose OLD changed a punctuation mark (`punctuation_changes`), found once
    _marks: dict[str, list[MarkChanged]] | None = field(default=None, repr=False, compare=False)
    # this index's identity, and, for an index made by `update_index`, the identity of the one it
    # was made from with the ids whose histories the update touched: what is derived per id from
    # an index (the log's checks against its profile) is made again for those ids only
    # the positions of the records with an id, newest first (`newest`), found once: an update keeps
    # every record's id and date
    _newest: tuple[int, ...] | None = field(default=None, repr=False, compare=False)
    stamp: object = field(default_factory=object, repr=False, compare=False)
    updated: tuple[object, frozenset[str]] | None = field(default=None, repr=False, compare=False)

    def live(self) -> dict[str, History]:
        """The histories whose id is live, in log order; computed once per index."""
        if self._live is None:
            self._live = {i: h for i, h in self.histories.items() if h.state is State.LIVE}
        return self._live

    def newest(self, records: list[Record]) -> tuple[int, ...]:
        """The positions in `records` (those of the parse this index was made from) of the records
        with an id, newest first: by date, later in the log first within a date, a record without
        a readable date last."""
        if self._newest is None:
            dated = [(r.date or dt.date.min, p) for p, r in enumerate(records) if r.id]
            self._newest = tuple(p for _, p in sorted(dated, reverse=True))
        return self._newest

    def punctuation_changes(self) -> list[MarkChanged]:
        """The evolves whose OLD is their id's previous 精简版 with a punctuation mark changed
        (`，` written `,`), in log order: the index reads them as one text (NFKC), but OLD is a
        copy and keeps the person's marks. Found once per index; an update finds them again for the
        histories it touched only."""
        if self._marks is None:
            self._marks = {i: found for i, h in self.histories.items() if (found := _marks_of(h))}
        return sorted(
            (change for found in self._marks.values() for change in found),
            key=lambda change: change.record.line,
        )


@value_class(frozen=True, slots=True)
class MarkChanged:
    """An evolve whose OLD is the previous 精简版 of its id but for a punctuation mark: the mark
    expected, as it was written."""

    record: Record
    expected: str
    written: str


def _marks_of(history: History) -> list[MarkChanged]:
    """The evolves of one history whose OLD changed a mark of the 精简版 before them (only
    evolves with an OLD are looked at: most records are adds)."""
    found = []
    records = history.records
    for position in range(1, len(records)):
        record = records[position]
        old = record.operation.old if record.operation is not None else None
        if not old or record.op is not Op.EVOLVE:
            continue
        previous = next(
            (s for r in reversed(records[:position]) if (s := r.value("summary"))), None
        )
        changed = punctuation_changed(old, previous) if previous else None
        if changed:
            found.append(MarkChanged(record, *changed))
    return found


def _is_marked_in_place(record: Record) -> bool:
    """A record whose title was marked deleted: the skill's "mark deleted in the log", done in place
    on the add record (docs/format.md, "History")."""
    return record.op is Op.DELETE and record.title.endswith(DELETED_TITLE_MARKS)


class _Indexer:
    """One pass over a log's records, in history order (`history_order`)."""

    def __init__(self) -> None:
        self.result = LogIndex()
        # normalised latest summary -> the id holding it, or the ids when several do (nearly every
        # text is held by one id: no set is made for it)
        self.holders: dict[str, str | set[str]] = {}
        self.summary_of: dict[str, str] = {}
        self.holder_of: dict[str, Record] = {}  # id -> the record its latest 精简版 comes from
        self.position = 0
        self.rank = 0

    def add(self, position: int, record: Record, rank: int) -> None:
        """Read `record`, at `position` in the file, the `rank`th in history order."""
        self.position, self.rank = position, rank
        result, anchor_id = self.result, record.id
        if anchor_id is None:
            return
        history = result.histories.get(anchor_id)
        creates = history is None
        if history is None:
            history = result.histories[anchor_id] = History(anchor_id, anchors.day_of(anchor_id))
        op = record.op
        if op is Op.ADD and not creates:
            result.duplicate_adds.append(
                DuplicateAdd(record, history.records[0], history.latest.op is Op.DELETE)
            )
        self._note_dates(history, record)
        retired = self._retired(anchor_id, record, creates, op)
        for old_id in retired:
            old = result.histories.get(old_id)
            if old is not None:
                old.retired_by, old._retired_at = record, rank
                result.retired_at.setdefault(position, []).append(old_id)
        if (
            creates
            and op is not None
            and op is not Op.ADD
            and not retired
            and op is not Op.PIVOT
            and not _is_marked_in_place(record)
        ):
            result.without_add.append(record)
        history.records.append(record)
        history._last_at = rank
        self._hold(anchor_id, record)

    def _retired(
        self, anchor_id: str, record: Record, creates: bool, op: Op | None
    ) -> Collection[str]:
        """The ids this record retires (its Supersedes, or the id whose 精简版 its OLD is), checking
        OLD."""
        supersedes, operation, result = record.supersedes, record.operation, self.result
        named = (supersedes,) if supersedes and supersedes != anchor_id else ()
        if (op is not Op.PIVOT and op is not Op.EVOLVE) or operation is None or not operation.old:
            return named  # nearly every record: no OLD to look up
        old = normalise(operation.old)
        retired = set(named)
        result.lookers.setdefault(old, []).append(self.position)
        if creates:
            retired |= self._holding(old) - {anchor_id}
            checked = next(iter(retired), None)
            if checked is not None and self.summary_of.get(checked) not in (old, None):
                result.old_mismatches.append(
                    OldMismatch(record, checked, self.holder_of.get(checked))
                )
            elif checked is None and op is Op.PIVOT:
                result.old_mismatches.append(OldMismatch(record, None, None))
        elif self.summary_of.get(anchor_id) not in (old, None):
            result.old_mismatches.append(
                OldMismatch(record, anchor_id, self.holder_of.get(anchor_id))
            )
        return retired

    def _note_dates(self, history: History, record: Record) -> None:
        """A date before its id's, or before its id's previous record's (PM012; in history order,
        only a record without a date of its own can be read after a later one)."""
        date = record.date
        if date is None:
            return
        previous = history.records[-1] if history.records else None
        if history.day is not None and date < history.day:
            self.result.early_dates.append(EarlyDate(record, None))
        elif previous is not None and previous.date is not None and date < previous.date:
            self.result.early_dates.append(EarlyDate(record, previous))

    def _hold(self, anchor_id: str, record: Record) -> None:
        """The id's latest 精简版 is now this record's (when it has one)."""
        summary = record.value("summary")
        if summary is None:
            return
        holder = self.holder_of.get(anchor_id)
        self.holder_of[anchor_id] = record
        if holder is not None and holder.value("summary") == summary:  # a delete repeats it
            return
        previous = self.summary_of.get(anchor_id)
        text = self.summary_of[anchor_id] = normalise(summary)
        if previous == text:
            return
        holders = self.holders
        if previous is not None:
            held = holders[previous]
            if isinstance(held, str):
                del holders[previous]
            else:
                held.discard(anchor_id)
        others = holders.get(text)
        if others is None:
            holders[text] = anchor_id
        elif isinstance(others, str):
            holders[text] = {others, anchor_id}
        else:
            others.add(anchor_id)

    def _holding(self, text: str) -> set[str]:
        """The ids whose latest 精简版 is `text` (normalised)."""
        held = self.holders.get(text)
        if held is None:
            return set()
        return {held} if isinstance(held, str) else held


def history_order(records: list[Record]) -> list[int]:
    """The positions of `records` in the order histories read them: by date, file order within a
    day. A record without a date stands with the dated record above it. A history begins with its
    add: another record of the id written above it on the add's day stands after it (a log written
    newest-first), and one dated before it stands there too (a slip of its date, PM012, not a
    history without a beginning)."""
    added: dict[str, tuple[dt.date, int]] = {}  # each id's earliest add: its date and position
    for position, record in enumerate(records):
        if record.op is Op.ADD and record.id is not None and record.date is not None:
            first = added.get(record.id)
            if first is None or record.date < first[0]:
                added[record.id] = (record.date, position)
    keys: list[tuple[dt.date, bool, int]] = []
    day = dt.date.min
    for position, record in enumerate(records):
        day = record.date or day
        add = added.get(record.id or "") if record.op is not Op.ADD else None
        if add is not None and (day < add[0] or (day == add[0] and position < add[1])):
            keys.append((add[0], True, position))
        else:
            keys.append((day, False, position))
    return [position for *_, position in sorted(keys)]


def _out_of_order(records: list[Record], early: Collection[Record]) -> list[OutOfOrder]:
    """The records dated before the record above them (PM051), but those PM012 already names; a
    log written newest-first gets one finding, at its first such record."""
    found: list[OutOfOrder] = []
    later = 0  # records dated after the record above them
    above: Record | None = None
    for record in records:
        if record.date is None:
            continue
        if above is not None and above.date is not None:
            if record.date < above.date:
                found.append(OutOfOrder(record, above))
            elif record.date > above.date:
                later += 1
        above = record
    if len(found) > 1 and len(found) > later:
        return [values.replace(found[0], newest_first=len(found))]
    named = {id(r) for r in early}
    return [f for f in found if id(f.record) not in named]


def index_log(log: LogDoc) -> LogIndex:
    """Every id's history, state and retirement, and the findings that need whole histories (second
    adds, early dates, OLD mismatches, records out of order or without an add), in one pass over the
    records in history order (`history_order`; docs/format.md, "History")."""
    indexer = _Indexer()
    order = history_order(log.records)
    ranks = [0] * len(order)
    for rank, position in enumerate(order):
        ranks[position] = rank
        indexer.add(position, log.records[position], rank)
    result = indexer.result
    result.ranks = tuple(ranks)
    result.out_of_order = _out_of_order(log.records, [e.record for e in result.early_dates])
    result.old_mismatches.sort(key=lambda m: m.record.line)
    return result


def entries_by_id(doc: ProfileDoc) -> dict[str, list[Entry]]:
    """The profile's entries by the id each carries, in file order."""
    entries: dict[str, list[Entry]] = defaultdict(list)
    for entry in doc.entries:
        if entry.id is not None:
            entries[entry.id].append(entry)
    return dict(entries)


@value_class(frozen=True, slots=True)
class ProfileFile:
    """A pair's compact profile as read: where it is and what it says."""

    path: PurePath
    doc: ProfileDoc


@value_class(frozen=True, slots=True)
class LogFile:
    """A pair's detailed log as read; `complete` is False when it was cut at the size bound."""

    path: PurePath
    doc: LogDoc
    complete: bool = True


@value_class(frozen=True, slots=True)
class LogReader:
    """A pair's log, read on first need: its parse, its index, and its sketch (the headings
    alone, `log.sketch`; None when they cannot tell)."""

    path: PurePath
    complete: bool  # False when it was read only up to the size bound
    parse: Callable[[], LogDoc]
    index: Callable[[], LogIndex]
    sketch: Callable[[], AnySketch | None]
    indexed: Callable[[], bool]  # whether its index is made already (it answers then)


@value_class(slots=True)
class PairIndex:
    """Both files of one pair (either may be missing or unreadable: None) and what they say about
    each id. The log is parsed and indexed when first asked for (`log`, `log_index`); a write asks
    narrower questions (`used_ids`, `records_of`, `live_where`), answered from the
    log's headings while the index is not made (issue #25: a write costs the change)."""

    folder: PurePath
    name: str
    profile: ProfileFile | None
    entries_by_id: dict[str, list[Entry]] = field(default_factory=dict)
    reader: LogReader | None = None
    _log: LogFile | None = None
    _log_index: LogIndex | None = None
    _largest: dict[dt.date, int] | None = None

    @classmethod
    def build(
        cls,
        folder: PurePath,
        name: str,
        profile: ProfileFile | None,
        log: LogFile | None = None,
        log_index: LogIndex | None = None,
        reader: LogReader | None = None,
    ) -> PairIndex:
        """The index of a pair, from its log as parsed (`log`, with its index when it is known)
        or as read on first need (`reader`)."""
        entries = entries_by_id(profile.doc) if profile else {}
        return cls(folder, name, profile, entries, reader, log, log_index)

    @property
    def log(self) -> LogFile | None:
        if self._log is None and self.reader is not None:
            reader = self.reader
            self._log = LogFile(reader.path, reader.parse(), reader.complete)
        return self._log

    @property
    def log_index(self) -> LogIndex:
        if self._log_index is None:
            if self.reader is not None:
                self._log_index = self.reader.index()
            else:
                self._log_index = index_log(self._log.doc) if self._log else LogIndex()
        return self._log_index

    @property
    def has_log(self) -> bool:
        """Whether the pair's log was read (found without parsing it)."""
        return self._log is not None or self.reader is not None

    def _sketch(self) -> AnySketch | None:
        """The log's headings, while its index is not made (the index answers then)."""
        if self._log_index is not None or self.reader is None or self.reader.indexed():
            return None
        return self.reader.sketch()

    @property
    def log_complete(self) -> bool:
        if self.reader is not None:
            return self.reader.complete
        return self._log is None or self._log.complete

    @property
    def profile_name(self) -> str:
        """The profile's file name, as found or as it would be created."""
        return self.profile.path.name if self.profile else profile_file_name(self.name)

    @property
    def log_name(self) -> str:
        if self.reader is not None:
            return self.reader.path.name
        return self._log.path.name if self._log else log_file_name(self.name)

    def read_log(self) -> LogFile:
        """The log, for a caller holding one of its records (a record is only ever read from it)."""
        log = self.log
        if log is None:
            raise ValueError(f"the {self.name} pair has no readable log")
        return log

    def read_profile(self) -> ProfileFile:
        """The profile, for a caller holding one of its entries."""
        if self.profile is None:
            raise ValueError(f"the {self.name} pair has no readable profile")
        return self.profile

    @property
    def language(self) -> str | None:
        """The language the log's records are written in, when it has records to tell."""
        log = self.log
        return log.doc.language if log else None

    def history(self, anchor_id: str) -> History | None:
        return self.log_index.histories.get(anchor_id)

    def records_of(self, anchor_id: str) -> list[Record]:
        """The id's records in history order (its `History.records`), read from their own
        sections while the log is not indexed."""
        sketch = self._sketch()
        if sketch is not None:
            return sketch.records_of(anchor_id)
        history = self.history(anchor_id)
        return history.records if history else []

    def live_where(
        self, day: dt.date, wanted: Callable[[list[Record]], bool]
    ) -> list[tuple[str, History]]:
        """The live histories whose latest record is dated `day` and whose records `wanted`
        accepts, in log order. While the log is not indexed only the ids with a record of that day
        are looked at, each from its own records, and the index is made only when one of them is
        wanted (its state needs the whole log)."""
        sketch = self._sketch()
        if sketch is not None and not any(
            _latest_on(records, day) and wanted(records)
            for records in sketch.records_by_id(sketch.ids_dated(day)).values()
        ):
            return []
        return [
            (anchor_id, history)
            for anchor_id, history in self.log_index.live().items()
            if history.latest.date == day and wanted(history.records)
        ]

    def used_ids(self) -> set[str]:
        return set(self.entries_by_id) | set(self.log_index.histories)

    def largest_by_day(self) -> dict[dt.date, int]:
        """The largest sequence number used on each date in this pair, computed once."""
        if self._largest is None:
            self._largest = anchors.Allocator.largest_of(self.used_ids())
        return self._largest

    def largest_on(self, day: dt.date) -> int:
        """The largest sequence number used on `day` in this pair (0: none), found by a search of
        the log while it is not indexed (what an allocator asks)."""
        sketch = self._sketch()
        if sketch is None:
            return self.largest_by_day().get(day, 0)
        profile = anchors.Allocator.largest_of(self.entries_by_id).get(day, 0)
        return max(profile, sketch.largest_on(day))


def _latest_on(records: list[Record], day: dt.date) -> bool:
    return bool(records) and records[-1].date == day


def _index_key(record: Record) -> tuple[object, ...]:
    """All that the index reads from a record, but its summary (checked apart: see
    `update_index`)."""
    operation = record.operation
    return (
        record.id,
        record.op,
        record.date,
        record.supersedes,
        operation.old if operation else None,
    )


def _summary_key(record: Record) -> str | None:
    summary = record.value("summary")
    return normalise(summary) if summary is not None else None


def update_index(previous: LogIndex, old: LogDoc, new: LogDoc) -> LogIndex | None:
    """The index of `new` made from `previous`, the index of `old`, when the records that differ
    keep all the index reads from them; None when it must be built afresh.

    A record's summary matters to the index only where a later pivot or evolve looks that text up,
    so typing in a 精简版 keeps the histories' shape unless the text is one that is looked up."""
    if not len(old.records) == len(new.records) == len(previous.ranks):
        return None
    changed = _changed_positions(old, new)
    looking: set[int] = set()  # lookers whose OLD is a summary that changed, read after it
    for position in changed:
        was, now = old.records[position], new.records[position]
        if _index_key(was) != _index_key(now):
            return None
        before, after = _summary_key(was), _summary_key(now)
        if before == after:
            continue
        # A record without a summary leaves its id holding an earlier record's text: rebuild then.
        if before is None or after is None:
            return None
        ranks = previous.ranks
        for text in (before, after):
            looking.update(q for q in previous.lookers.get(text, ()) if ranks[q] > ranks[position])
    replaced = {id(old.records[position]): new.records[position] for position in changed}

    def current(record: Record) -> Record:
        return replaced.get(id(record), record)

    histories = dict(previous.histories)
    affected = {new.records[p].id for p in changed} | {
        i for p in changed for i in previous.retired_at.get(p, ())
    }
    for anchor_id in affected:
        if anchor_id is None or anchor_id not in histories:
            continue
        was_history = histories[anchor_id]
        histories[anchor_id] = History(
            anchor_id,
            was_history.day,
            [current(r) for r in was_history.records],
            was_history.retired_by and current(was_history.retired_by),
            was_history._retired_at,
            was_history._last_at,
        )
    # every list of the index (findings, records) on the new records, so none is forgotten
    lists: dict[str, Any] = {  # typed by the fields they come from
        f.name: _remapped_list(value, current)
        for f in values.fields(LogIndex)
        if isinstance(value := getattr(previous, f.name), list)
    }
    mismatches = _rechecked_olds(
        [m.remapped(current) for m in previous.old_mismatches],
        [new.records[q] for q in sorted(looking)],
        histories,
    )
    if mismatches is None:
        return None
    lists["old_mismatches"] = mismatches
    touched = frozenset(i for i in affected if i is not None)
    marks = None
    if previous._marks is not None:
        marks = {i: found for i, found in previous._marks.items() if i not in touched}
        marks |= {i: found for i in touched if i in histories if (found := _marks_of(histories[i]))}
    return values.replace(
        previous,
        **lists,
        histories=histories,
        _live=_updated_live(previous, histories, affected),
        _marks=marks,
        stamp=object(),
        updated=(previous.stamp, touched),
    )


def _changed_positions(old: LogDoc, new: LogDoc) -> list[int]:
    """The positions of the records `new` parsed again (the others are `old`'s own objects): in
    the range the parse says it changed, when it was made from `old`."""
    if new.changed is not None and new.changed.since is old.stamp:
        span = range(new.changed.first, new.changed.stop)
        return [p for p in span if old.records[p] is not new.records[p]]
    pairs = enumerate(zip(old.records, new.records, strict=False))
    return [p for p, (was, now) in pairs if was is not now]


def _rechecked_olds(
    mismatches: list[OldMismatch], lookers: list[Record], histories: dict[str, History]
) -> list[OldMismatch] | None:
    """The OLD mismatches once `lookers` (evolves and pivots whose OLD is a summary that changed
    above them) are checked again; None when one of them begins its id's history, as what it
    retires may change then (the index is rebuilt)."""
    if not lookers:
        return mismatches
    rechecked = [m for m in mismatches if all(m.record is not r for r in lookers)]
    for looker in lookers:
        history = histories[looker.id or ""]
        if history.records[0] is looker:
            return None
        found = _old_mismatch(history, looker)
        rechecked += [found] if found else []
    return sorted(rechecked, key=lambda m: m.record.line)


def _old_mismatch(history: History, looker: Record) -> OldMismatch | None:
    """Whether the OLD of `looker`, a later record of `history`, is the 精简版 its id held before
    it (what `_Indexer._retired` finds in its pass)."""
    holder = None
    for record in history.records:
        if record is looker:
            break
        if record.value("summary") is not None:
            holder = record
    operation = looker.operation
    if holder is None or operation is None or operation.old is None:
        return None
    if _summary_key(holder) == normalise(operation.old):
        return None
    return OldMismatch(looker, history.id, holder)


def _updated_live(
    previous: LogIndex, histories: dict[str, History], affected: set[str | None]
) -> dict[str, History] | None:
    """The live histories after an update. The ids' states are unchanged (their operations are), so
    only the affected histories are swapped for their new objects."""
    if previous._live is None:
        return None
    return {i: histories[i] if i in affected else h for i, h in previous._live.items()}
