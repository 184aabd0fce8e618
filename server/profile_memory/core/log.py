"""The detailed log (SPEC §4): records `### [ID] date — title`, their fields and operations."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from enum import Enum

from profile_memory.core import anchors
from profile_memory.core.profile import Token, malformed_tokens_in, tokens_on_line
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


def parse_operation(value: str) -> Operation:
    match = _OPERATION.match(value)
    if match is None:
        return Operation(value.strip(), None)
    word = match.group("word")
    old = new = None
    inner = match.group("inner")
    if inner:
        parts = _ARROW.split(inner, maxsplit=1)
        if len(parts) == 2:
            old, new = parts[0].strip(), parts[1].strip()
    return Operation(word, OP_WORDS.get(word.casefold()), old, new)


@dataclass(slots=True)
class Field:
    key: str  # canonical key (`summary`) or the written key when unknown
    label: str  # as written
    value: str  # continuation lines joined with "\n"
    line: int
    value_span: Span
    english: bool


@dataclass(slots=True)
class Record:
    line: int
    heading: str
    id: str | None  # None when the heading is malformed
    id_span: Span | None
    date: dt.date | None
    title: str
    end_line: int = 0  # exclusive
    fields: dict[str, Field] = field(default_factory=dict)
    operation: Operation | None = None  # the parsed 操作 field, set when the record is complete

    def value(self, key: str) -> str | None:
        found = self.fields.get(key)
        return found.value if found else None

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


@dataclass(slots=True)
class LogDoc:
    lines: list[str]
    records: list[Record] = field(default_factory=list)
    malformed_headings: list[MalformedHeading] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    language: str | None = None  # `en` or `zh` by the keys its records use; None when it has none yet
    sections: dict = field(default_factory=dict, repr=False)  # (start, stop, text) -> parsed section, for reuse


def _language(doc: LogDoc) -> str | None:
    """`en` or `zh` by the keys its records use (the majority), else by an English `## Records` heading."""
    english = chinese = 0
    for record in doc.records:
        for found in record.fields.values():
            if found.english:
                english += 1
            else:
                chinese += 1
    if english == chinese == 0:
        return "en" if any(line.strip().lower() == "## records" for line in doc.lines[:20]) else None
    return "en" if english > chinese else "zh"


def _parse_heading(index: int, line: str) -> Record | MalformedHeading:
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
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        return MalformedHeading(index, f"{date_text} is not a real date")
    tail = after.lstrip()[len(date_text) :]
    separator = _SEPARATOR.match(tail)
    title = tail[separator.end() :].strip() if separator else ""
    if not title:
        return MalformedHeading(index, "expected ` — title` after the date")
    id_span = Span.within(index, id_start, id_start + len(token))
    return Record(index, line, token if problem is None else None, id_span, date, title)


def _parse_field(index: int, line: str) -> Field | None:
    match = _FIELD.fullmatch(line)
    if match is None or not (match.group("c1") or match.group("c2")):
        return None
    label = match.group("key")
    key = FIELD_KEYS.get(label.casefold(), label)
    value = match.group("value")
    start = match.start("value") + len(value) - len(value.lstrip())
    value = value.strip()
    return Field(key, label, value, index, Span.within(index, start, start + len(value)), label.isascii())


def _continue_field(found: Field, index: int, line: str) -> Field:
    text = line.strip()
    value = f"{found.value}\n{text}" if found.value else text
    span = Span(found.value_span.start_line, found.value_span.start_col, index, len(line.rstrip()))
    return Field(found.key, found.label, value, found.line, span, found.english)


def _parse_record(lines: list[str], start: int, stop: int) -> Record | MalformedHeading:
    """One `###` section: its heading and, for a well-formed heading, its fields up to `stop`."""
    parsed = _parse_heading(start, lines[start])
    if not isinstance(parsed, Record):
        return parsed
    record, current = parsed, None
    for index in range(start + 1, stop):
        line = lines[index]
        if current is not None and line.startswith("  ") and line.strip():
            current = _continue_field(current, index, line)
            continue
        if current is not None:
            record.fields.setdefault(current.key, current)
        current = _parse_field(index, line) if line.startswith("-") else None
    if current is not None:
        record.fields.setdefault(current.key, current)
    record.end_line = stop
    operation = record.fields.get("operation")
    record.operation = parse_operation(operation.value) if operation else None
    return record


Section = tuple  # (Record | MalformedHeading, malformed tokens of its lines)


def parse_log(text: str, previous: LogDoc | None = None) -> LogDoc:
    """Parse a log. With the `previous` parse of the same file, sections whose lines and place are
    unchanged are reused, so typing in one record re-parses that record only."""
    lines = split_lines(text)
    count = line_count(lines)
    doc = LogDoc(lines)
    reusable = previous.sections if previous is not None else {}
    boundaries = [i for i in range(count) if lines[i][:1] == "#" and _ANY_HEADING.match(lines[i])]
    outside = list(range(boundaries[0] if boundaries else count))
    for position, start in enumerate(boundaries):
        stop = boundaries[position + 1] if position + 1 < len(boundaries) else count
        heading = lines[start]
        if not (heading.startswith("###") and not heading.startswith("####")):
            outside += range(start, stop)
            continue
        key = (start, stop, "\n".join(lines[start:stop]))
        section = reusable.get(key)
        if section is None:
            section = (_parse_record(lines, start, stop), malformed_tokens_in(lines, start, stop))
        doc.sections[key] = section
        parsed, tokens = section
        if isinstance(parsed, Record):
            doc.records.append(parsed)
        else:
            doc.malformed_headings.append(parsed)
        doc.bad_tokens += tokens
    doc.bad_tokens += [token for index in outside for token in tokens_on_line(index, lines[index]) if token.problem]
    doc.bad_tokens.sort(key=lambda token: token.span)
    doc.language = _language(doc)
    return doc
