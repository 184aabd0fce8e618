"""The id index of a profile pair: each id's compact entries, its history of log records and its state.

Built in one pass over the log (SPEC §4) and one over the profile: no step rescans the file.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePath

from profile_memory.core import anchors
from profile_memory.core.log import LogDoc, Op, Record
from profile_memory.core.profile import Entry, ProfileDoc
from profile_memory.core.text import normalise


class State(Enum):
    LIVE = "live"
    DELETED = "deleted"
    RETIRED = "retired"


@dataclass(frozen=True, slots=True)
class DuplicateAdd:
    record: Record
    first: Record
    after_delete: bool


@dataclass(frozen=True, slots=True)
class EarlyDate:
    record: Record
    reason: str


@dataclass(slots=True)
class History:
    id: str
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
        for record in reversed(self.records):
            value = record.value(key)
            if value is not None:
                return value
        return None

    @property
    def latest_summary(self) -> str | None:
        return self.latest_value("summary")


@dataclass(slots=True)
class LogIndex:
    histories: dict[str, History] = field(default_factory=dict)
    duplicate_adds: list[DuplicateAdd] = field(default_factory=list)
    early_dates: list[EarlyDate] = field(default_factory=list)


def _note_dates(history: History, record: Record, found: list[EarlyDate]) -> None:
    if record.date is None or record.id is None:
        return
    anchor = anchors.parse(record.id)
    previous = history.records[-1] if history.records else None
    if anchor is not None and record.date < anchor.day:
        found.append(EarlyDate(record, f"record date {record.date} is before the date of {record.id} ({anchor.day})"))
    elif previous is not None and previous.date is not None and record.date < previous.date:
        found.append(EarlyDate(record, f"record date {record.date} is before the previous record of {record.id} "
                                       f"(line {previous.line + 1}, {previous.date})"))


def index_log(log: LogDoc) -> LogIndex:
    result = LogIndex()
    holders: dict[str, set[str]] = defaultdict(set)  # normalised latest summary -> ids holding it
    summary_of: dict[str, str] = {}
    for position, record in enumerate(log.records):
        if record.id is None:
            continue
        history = result.histories.get(record.id)
        creates = history is None
        if history is None:
            history = result.histories[record.id] = History(record.id)
        op = record.op
        if op is Op.ADD and not creates:
            first = history.records[0]
            after_delete = history.latest.op is Op.DELETE
            result.duplicate_adds.append(DuplicateAdd(record, first, after_delete))
        _note_dates(history, record, result.early_dates)
        retired = set()
        if record.supersedes and record.supersedes != record.id:
            retired.add(record.supersedes)
        operation = record.operation
        if creates and op in (Op.PIVOT, Op.EVOLVE) and operation is not None and operation.old:
            retired |= holders.get(normalise(operation.old), set()) - {record.id}
        for old_id in retired:
            old = result.histories.get(old_id)
            if old is not None:
                old.retired_by, old._retired_at = record, position
        history.records.append(record)
        history._last_at = position
        summary = record.value("summary")
        if summary is not None:
            previous = summary_of.get(record.id)
            if previous is not None:
                holders[previous].discard(record.id)
            summary_of[record.id] = normalise(summary)
            holders[summary_of[record.id]].add(record.id)
    return result


@dataclass(slots=True)
class PairIndex:
    """Both files of one pair (either may be missing) and what they say about each id."""

    folder: PurePath
    name: str
    profile_path: PurePath | None
    log_path: PurePath | None
    profile: ProfileDoc | None
    log: LogDoc | None
    log_index: LogIndex
    log_complete: bool = True  # False when the log was cut at the size bound
    entries_by_id: dict[str, list[Entry]] = field(default_factory=dict)
    _largest: dict | None = None

    @classmethod
    def build(cls, folder: PurePath, name: str, profile_path: PurePath | None, log_path: PurePath | None,
              profile: ProfileDoc | None, log: LogDoc | None, log_complete: bool = True,
              log_index: LogIndex | None = None) -> PairIndex:
        """The index of a pair; pass `log_index` when the log is unchanged, so only the profile is re-read."""
        entries: dict[str, list[Entry]] = defaultdict(list)
        for entry in profile.entries if profile else ():
            if entry.id is not None:
                entries[entry.id].append(entry)
        if log_index is None:
            log_index = index_log(log) if log else LogIndex()
        return cls(folder, name, profile_path, log_path, profile, log, log_index, log_complete, dict(entries))

    def history(self, anchor_id: str) -> History | None:
        return self.log_index.histories.get(anchor_id)

    def used_ids(self) -> set[str]:
        return set(self.entries_by_id) | set(self.log_index.histories)

    def largest_by_day(self) -> dict:
        """The largest sequence number used on each date in this pair, computed once."""
        if self._largest is None:
            self._largest = anchors.Allocator.largest_of(self.used_ids())
        return self._largest
