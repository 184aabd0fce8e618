"""The detailed log (SPEC §4): records `### [ID] date — title`, their fields and operations."""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from profile_memory.core import anchors
from profile_memory.core.profile import Token, malformed_tokens_in
from profile_memory.core.span import Span
from profile_memory.core.text import line_count, split_lines


class Op(Enum):
    ADD = "add"
    EVOLVE = "evolve"
    PIVOT = "pivot"
    DELETE = "delete"
    RESTORE = "restore"


OP_WORDS: dict[str, Op] = {
    "新增": Op.ADD, "add": Op.ADD,
    "演进": Op.EVOLVE, "更新": Op.EVOLVE, "evolve": Op.EVOLVE, "update": Op.EVOLVE,
    "转向": Op.PIVOT, "pivot": Op.PIVOT,
    "删除": Op.DELETE, "delete": Op.DELETE,
    "恢复": Op.RESTORE, "restore": Op.RESTORE,
}
OP_WRITTEN = {  # the word a writer uses, by language
    "zh": {Op.ADD: "新增", Op.EVOLVE: "演进", Op.PIVOT: "转向", Op.DELETE: "删除", Op.RESTORE: "恢复"},
    "en": {Op.ADD: "add", Op.EVOLVE: "evolve", Op.PIVOT: "pivot", Op.DELETE: "delete", Op.RESTORE: "restore"},
}

FIELD_KEYS: dict[str, str] = {
    "分类": "category", "category": "category",
    "精简版": "summary", "summary": "summary",
    "原始上下文": "context", "context": "context",
    "来源对话": "source", "source": "source",
    "操作": "operation", "operation": "operation",
    "取代": "supersedes", "supersedes": "supersedes",
}
_LABELS = {label: label for labels in ({k.title() for k in FIELD_KEYS}, FIELD_KEYS) for label in labels}
_REPEATED = {"category", "source"}  # values that recur across records: kept once
REQUIRED_FIELDS = ("category", "summary", "context", "source", "operation")
FIELD_LABELS = {
    "zh": {"category": "分类", "summary": "精简版", "context": "原始上下文", "source": "来源对话",
           "operation": "操作", "supersedes": "取代"},
    "en": {"category": "Category", "summary": "Summary", "context": "Context", "source": "Source",
           "operation": "Operation", "supersedes": "Supersedes"},
}
DELETED_TITLE_MARKS = ("（已删除）", "(已删除)", "(deleted)")

_ANY_HEADING = re.compile(r"#{1,6}(?:\s|$)")
_FIELD = re.compile(r"-\s+\*\*\s*(?P<key>[^*:：]+?)\s*(?P<c1>[:：])?\s*\*\*\s*(?P<c2>[:：])?\s?(?P<value>.*)")
_OPERATION = re.compile(r"\s*(?P<word>[^\s（(]+)\s*(?:[（(](?P<inner>.*)[）)])?")
_ARROW = re.compile(r"\s*(?:→|->)\s*")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SEPARATOR = re.compile(r"\s+(?:—|–|-)\s+")


@dataclass(frozen=True, slots=True)
class Operation:
    word: str
    kind: Op | None  # None: not an operation word (PM013)
    old: str | None = None
    new: str | None = None


@functools.lru_cache(maxsize=1024)  # most records say 新增 or 删除: one object for each spelling
def parse_operation(value: str) -> Operation:
    match = _OPERATION.match(value)
    if match is None:
        return Operation(value.strip(), None)
    word = sys.intern(match.group("word"))
    old = new = None
    inner = match.group("inner")
    if inner:
        parts = _ARROW.split(inner, maxsplit=1)
        if len(parts) == 2:
            old, new = parts[0].strip(), parts[1].strip()
    return Operation(word, OP_WORDS.get(word.casefold()), old, new)


@dataclass(slots=True, eq=False)
class Base:
    """The line where a section starts, shared by its record and fields. When lines are added or removed
    above a section, the next parse moves it by changing this one number: its record and fields are
    reused as they are, so an edit costs what it touched, not what follows it."""

    line: int


@dataclass(slots=True)
class Field:
    key: str  # canonical key (`summary`) or the written key when unknown
    label: str  # as written
    value: str  # continuation lines joined with "\n"
    base: Base = field(repr=False)
    offset: int  # the field's line, counted from its record's heading ...
    start_col: int  # ... where the value starts on it ...
    end_offset: int  # ... and where it ends (a value may continue on the next lines)
    end_col: int
    english: bool

    @property
    def line(self) -> int:
        return self.base.line + self.offset

    @property
    def value_span(self) -> Span:
        line = self.base.line
        return Span(line + self.offset, self.start_col, line + self.end_offset, self.end_col)


@dataclass(slots=True)
class Record:
    base: Base = field(repr=False)
    width: int  # of the heading line (its text is the document's line, not kept twice)
    id: str | None  # None when the heading is malformed
    id_cols: tuple[int, int] | None  # where the bracketed id stands on the heading line
    date: dt.date | None
    title: str
    length: int = 0  # lines, from the heading to the next heading or the end
    fields: dict[str, Field] = field(default_factory=dict)
    operation: Operation | None = None  # the parsed 操作 field, set when the record is complete

    @property
    def line(self) -> int:
        return self.base.line

    @property
    def end_line(self) -> int:
        """Exclusive."""
        return self.base.line + self.length

    @property
    def id_span(self) -> Span | None:
        return Span(self.base.line, self.id_cols[0], self.base.line, self.id_cols[1]) if self.id_cols else None

    @property
    def heading_span(self) -> Span:
        return Span(self.base.line, 0, self.base.line, self.width)

    def value(self, key: str) -> str | None:
        found = self.fields.get(key)
        return found.value if found else None

    @property
    def missing_fields(self) -> list[str]:
        """The required fields it lacks, in the order of the format."""
        return [key for key in REQUIRED_FIELDS if key not in self.fields]

    @property
    def unknown_operation(self) -> bool:
        """It has a 操作 field whose word is no operation."""
        return self.operation is not None and self.operation.kind is None

    @property
    def op(self) -> Op | None:
        """The operation's kind; a title marked deleted makes it a delete."""
        if self.title.endswith(DELETED_TITLE_MARKS):
            return Op.DELETE
        operation = self.operation
        return operation.kind if operation else None

    @property
    def supersedes(self) -> str | None:
        value = self.value("supersedes")
        if value is None:
            return None
        for match in anchors.find_tokens(value):
            if anchors.is_valid(match.group(0)):
                return match.group(0)
        return None

    @property
    def english(self) -> bool:
        return any(f.english for f in self.fields.values())


@dataclass(frozen=True, slots=True)
class MalformedHeading:
    line: int
    reason: str


@dataclass(slots=True, eq=False)
class Section:
    """The lines from one heading to the next (or from the file's start): a record, a malformed record
    heading, or text outside records, with the malformed tokens of its lines. A later parse of the same
    file reuses the sections an edit did not touch, and moves those below it (see `Base`)."""

    base: Base
    length: int  # lines
    record: Record | None = None
    malformed: MalformedHeading | None = None
    tokens: tuple[Token, ...] = ()
    english: int = 0  # fields with English keys, for the log's language
    chinese: int = 0
    irregular: bool = False  # a malformed heading, or a record lacking a required field or with an unknown operation
    memo: dict | None = None  # what rules derive from this section alone, kept with it (irregular sections only)

    @property
    def start(self) -> int:
        return self.base.line

    @property
    def stop(self) -> int:
        """Exclusive."""
        return self.base.line + self.length

    def move(self, by: int) -> None:
        """`by` lines further down: lines were added (or, when negative, removed) above it."""
        self.base.line += by
        if self.malformed is not None:  # rare: what has its own line number is made again
            self.malformed = MalformedHeading(self.malformed.line + by, self.malformed.reason)
        if self.tokens:
            self.tokens = tuple(Token(t.text, Span(t.span.start_line + by, t.span.start_col, t.span.end_line + by,
                                                   t.span.end_col), t.problem) for t in self.tokens)
        self.memo = None  # findings name lines


@dataclass(slots=True)
class LogDoc:
    lines: list[str]
    sections: list[Section] = field(default_factory=list, repr=False)
    records: list[Record] = field(default_factory=list)
    malformed_headings: list[MalformedHeading] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    english: int = 0  # fields with English keys, over all records
    chinese: int = 0
    # Which records may differ from an earlier parse: (that parse's `stamp`, first position, stop).
    # Records outside that range are the very same objects, so an index can be updated, not rebuilt.
    changed: tuple[object, int, int] | None = None
    stamp: object = field(default_factory=object, repr=False)

    @property
    def language(self) -> str | None:
        """`en` or `zh` by the keys its records use (the majority), else by an English `## Records` heading."""
        if self.english == self.chinese == 0:
            return "en" if any(line.strip().lower() == "## records" for line in self.lines[:20]) else None
        return "en" if self.english > self.chinese else "zh"


@functools.lru_cache(maxsize=1024)  # records of one day share their date
def _date(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _parse_heading(base: Base, line: str) -> Record | MalformedHeading:
    index = base.line
    rest = line[3:]
    offset = 3 + len(rest) - len(rest.lstrip())
    rest = rest.strip()
    close = rest.find("]")
    if not rest.startswith("[") or close < 0:
        return MalformedHeading(index, "expected `### [PF-YYYYMMDD-NN] YYYY-MM-DD — title`")
    token = rest[1:close].strip()
    id_start = offset + 1 + (len(rest[1:close]) - len(rest[1:close].lstrip()))
    problem = anchors.problem(token)
    if problem is not None and not anchors.TOKEN.fullmatch(token):
        return MalformedHeading(index, f"`[{token}]` is not an anchor id (expected PF-YYYYMMDD-NN)")
    after = rest[close + 1 :]
    date_match = _DATE.match(after.lstrip())
    if date_match is None or not after[:1].isspace():
        return MalformedHeading(index, "expected a date YYYY-MM-DD after the id")
    date_text = date_match.group(0)
    try:
        date = _date(date_text)
    except ValueError:
        return MalformedHeading(index, f"{date_text} is not a real date")
    tail = after.lstrip()[len(date_text) :]
    separator = _SEPARATOR.match(tail)
    title = tail[separator.end() :].strip() if separator else ""
    if not title:
        return MalformedHeading(index, "expected ` — title` after the date")
    return Record(base, len(line), token if problem is None else None, (id_start, id_start + len(token)), date, title)


def _parse_field(base: Base, offset: int, line: str) -> Field | None:
    match = _FIELD.fullmatch(line)
    if match is None or not (match.group("c1") or match.group("c2")):
        return None
    label = match.group("key")
    label = _LABELS.get(label, label)  # one string per spelling, not one per record
    key = FIELD_KEYS.get(label.casefold(), label)
    value = match.group("value")
    start = match.start("value") + len(value) - len(value.lstrip())
    value = value.strip()
    end = start + len(value)
    if key in _REPEATED:
        value = sys.intern(value)
    return Field(key, label, value, base, offset, start, offset, end, label.isascii())


def _continue_field(found: Field, offset: int, line: str) -> Field:
    text = line.strip()
    value = f"{found.value}\n{text}" if found.value else text
    return Field(found.key, found.label, value, found.base, found.offset, found.start_col, offset, len(line.rstrip()),
                 found.english)


def _parse_record(lines: list[str], base: Base, stop: int) -> Record | MalformedHeading:
    """One `###` section: its heading and, for a well-formed heading, its fields up to `stop`."""
    start = base.line
    parsed = _parse_heading(base, lines[start])
    if not isinstance(parsed, Record):
        return parsed
    record, current = parsed, None
    for offset in range(1, stop - start):
        line = lines[start + offset]
        if current is not None and line.startswith("  ") and line.strip():
            current = _continue_field(current, offset, line)
            continue
        if current is not None:
            record.fields.setdefault(current.key, current)
        current = _parse_field(base, offset, line) if line.startswith("-") else None
    if current is not None:
        record.fields.setdefault(current.key, current)
    record.length = stop - start
    operation = record.fields.get("operation")
    record.operation = parse_operation(operation.value) if operation else None
    return record


def _is_boundary(line: str) -> bool:
    return line[:1] == "#" and _ANY_HEADING.match(line) is not None


def _parse_section(lines: list[str], start: int, stop: int) -> Section:
    heading, base = lines[start], Base(start)
    tokens = tuple(malformed_tokens_in(lines, start, stop))
    if not (heading.startswith("###") and not heading.startswith("####") and _is_boundary(heading)):
        return Section(base, stop - start, tokens=tokens)
    parsed = _parse_record(lines, base, stop)
    if not isinstance(parsed, Record):
        return Section(base, stop - start, malformed=parsed, tokens=tokens, irregular=True)
    english = sum(1 for found in parsed.fields.values() if found.english)
    irregular = parsed.id is not None and bool(parsed.missing_fields or parsed.unknown_operation)
    return Section(base, stop - start, parsed, tokens=tokens, english=english, chinese=len(parsed.fields) - english,
                   irregular=irregular)


def _parse_sections(lines: list[str], begin: int, end: int) -> list[Section]:
    """The sections of lines `begin`..`end` (`begin`: the file's start or a heading; `end`: a heading or the end)."""
    boundaries = [i for i in range(begin + 1, end) if _is_boundary(lines[i])]
    starts = [begin, *boundaries]
    stops = [*boundaries, end]
    return [_parse_section(lines, start, stop) for start, stop in zip(starts, stops) if stop > start]


_CHUNK = 512


def _common_prefix(old: list[str], new: list[str]) -> int:
    """How many leading lines are equal (unchanged lines are often the very same objects: compared by identity first)."""
    limit, at = min(len(old), len(new)), 0
    while at + _CHUNK <= limit and old[at : at + _CHUNK] == new[at : at + _CHUNK]:
        at += _CHUNK
    while at < limit and old[at] == new[at]:
        at += 1
    return at


def _common_suffix(old: list[str], new: list[str], limit: int) -> int:
    """How many trailing lines are equal, at most `limit`."""
    at, old_end, new_end = 0, len(old), len(new)
    while at + _CHUNK <= limit and old[old_end - at - _CHUNK : old_end - at] == new[new_end - at - _CHUNK : new_end - at]:
        at += _CHUNK
    while at < limit and old[old_end - at - 1] == new[new_end - at - 1]:
        at += 1
    return at


def _collect(sections: list[Section]) -> tuple[list[Record], list[MalformedHeading], list[Token]]:
    return ([section.record for section in sections if section.record is not None],
            [section.malformed for section in sections if section.malformed is not None],
            [token for section in sections for token in section.tokens])


def _fresh(lines: list[str], count: int) -> LogDoc:
    sections = _parse_sections(lines, 0, count)
    doc = LogDoc(lines, sections, *_collect(sections))
    doc.english = sum(section.english for section in sections)
    doc.chinese = sum(section.chinese for section in sections)
    return doc


def _reparse(lines: list[str], count: int, previous: LogDoc) -> LogDoc:
    """The new parse, re-reading only the sections the edit touched; the sections after them are reused,
    moved in place when lines were added or removed above them (so `previous` is not to be used again)."""
    old = previous.lines
    prefix = _common_prefix(old, lines)
    suffix = _common_suffix(old, lines, min(len(old), len(lines)) - prefix)
    moved_by, sections = len(lines) - len(old), previous.sections
    # A section ending at a changed line is re-read; so is the last one when lines change after it.
    first = bisect.bisect_left(sections, min(prefix, line_count(old)), key=lambda s: s.stop)
    last = bisect.bisect_left(sections, len(old) - suffix, lo=first, key=lambda s: s.start)
    if last == 0 and sections and not _is_boundary(old[0]):
        last = 1  # the text before the first heading gains the lines inserted above it: re-read it
    begin = sections[first - 1].stop if first else 0
    after = sections[last].start if last < len(sections) else len(old)  # (old) line where the reused sections resume

    def kept(items: list, key: Callable[[Any], int]) -> tuple[list, list]:
        """The items of `previous` before the edit and from `after` on (found before anything moves)."""
        return items[: bisect.bisect_left(items, begin, key=key)], items[bisect.bisect_left(items, after, key=key) :]

    records, malformed, tokens = (kept(previous.records, lambda r: r.line), kept(previous.malformed_headings, lambda m: m.line),
                                  kept(previous.bad_tokens, lambda t: t.span.start_line))
    tail = sections[last:]
    for section in tail if moved_by else ():
        section.move(moved_by)
    middle = _parse_sections(lines, begin, after + moved_by if last < len(sections) else count)
    new_records, new_malformed, new_tokens = _collect(middle)
    if moved_by:  # what carries its own line number was made again by `move`
        malformed = (malformed[0], [s.malformed for s in tail if s.malformed is not None])
        tokens = (tokens[0], [token for s in tail for token in s.tokens])
    doc = LogDoc(lines, [*sections[:first], *middle, *tail], [*records[0], *new_records, *records[1]],
                 [*malformed[0], *new_malformed, *malformed[1]], [*tokens[0], *new_tokens, *tokens[1]])
    dropped = sections[first:last]
    doc.english = previous.english - sum(s.english for s in dropped) + sum(s.english for s in middle)
    doc.chinese = previous.chinese - sum(s.chinese for s in dropped) + sum(s.chinese for s in middle)
    doc.changed = (previous.stamp, len(records[0]), len(records[0]) + len(new_records))
    return doc


def parse_log(text: str, previous: LogDoc | None = None) -> LogDoc:
    return parse_log_lines(split_lines(text), previous)


def parse_log_lines(lines: list[str], previous: LogDoc | None = None) -> LogDoc:
    """Parse a log from its lines. With the `previous` parse of the same file, the sections an edit did not
    touch are reused, so typing in one record re-parses that record only. `previous` is used up: the
    sections below the edit move with it."""
    count = line_count(lines)
    return _reparse(lines, count, previous) if previous is not None else _fresh(lines, count)
