"""The parsed log: sections, records, fields, and the parse as a whole. A record holds its fields
in one of two forms (`RecordForm`): parsed, or its lines and the layout the template writes them
in (`log.templated`); the record's accessors are the same for both."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container, Iterator
from typing import Protocol

from profile_memory.core import anchors
from profile_memory.core.log.operation import Operation
from profile_memory.core.log.words import OP_WRITTEN, REQUIRED_FIELDS, Op
from profile_memory.core.messages import msg
from profile_memory.core.profile import Token
from profile_memory.core.slips import Slip
from profile_memory.core.span import BrokenLine, Span
from profile_memory.core.values import field, value_class


@value_class(slots=True, eq=False)
class SectionStart:
    """The line where a section starts, shared by its record and fields. When lines are added or
    removed above a section, the next parse moves it by changing this one number: its record and
    fields are reused as they are, so an edit costs what it touched, not what follows it."""

    line: int


@value_class(slots=True, kw_only=True)
class Field:
    key: str  # canonical key (`summary`) or the written key when unknown
    label: str  # as written
    value: str  # continuation lines joined with "\n"
    base: SectionStart = field(repr=False)
    offset: int  # the field's line, counted from its record's heading ...
    start_col: int  # ... where the value starts on it ...
    end_offset: int  # ... and where it ends (a value may continue on the next lines)
    end_col: int
    english: bool
    slip: str | None = None  # what is not canonical in how its key is written (PM018)

    @property
    def line(self) -> int:
        return self.base.line + self.offset

    @property
    def value_span(self) -> Span:
        line = self.base.line
        return Span(line + self.offset, self.start_col, line + self.end_offset, self.end_col)


@value_class(frozen=True, slots=True)
class Layout:
    """Where the fields of a record written exactly as the template writes it stand (one of a few
    shared by every such record): its values are read from its lines without parsing them."""

    values: dict[str, tuple[int, int]]  # key -> (line, counted from the heading; value's column)
    english: bool
    counts: tuple[int, int]  # fields with English keys, with Chinese keys


class RecordForm(Protocol):
    """How a record holds its fields: parsed (`ParsedFields`), or as its lines and the layout they
    are written in (`templated.TemplatedLines`, nearly every record of a log). `Record` asks its
    form and never which one it is."""

    @property
    def english(self) -> bool:
        """Its keys are English."""
        ...

    @property
    def keys(self) -> Container[str]:
        """The keys it has."""
        ...

    def fields(self, base: SectionStart) -> dict[str, Field]: ...

    def value(self, key: str) -> str | None: ...

    def values(self, line: int) -> Iterator[tuple[int, str]]:
        """Each field's line (the heading's is `line`) and value, in the order written."""
        ...

    def title(self, id_end: int) -> str:
        """The title after the id ending at column `id_end` of its heading, when the record did not
        keep one."""
        ...


@value_class(frozen=True, slots=True)
class ParsedFields:
    """A record's fields read line by line, the first of each key in the order written."""

    by_key: dict[str, Field]

    @property
    def english(self) -> bool:
        return any(f.english for f in self.by_key.values())

    @property
    def keys(self) -> Container[str]:
        return self.by_key

    def fields(self, base: SectionStart) -> dict[str, Field]:
        return self.by_key

    def value(self, key: str) -> str | None:
        found = self.by_key.get(key)
        return found.value if found else None

    def values(self, line: int) -> Iterator[tuple[int, str]]:
        for found in self.by_key.values():
            yield found.line, found.value

    def title(self, id_end: int) -> str:
        return ""


NO_FIELDS = ParsedFields({})  # a heading's record before its fields are read (never changed)


@value_class(slots=True, kw_only=True)
class Record:
    base: SectionStart = field(repr=False)
    width: int  # of the heading line (its text is the document's line, not kept twice)
    id: str | None  # None when the heading is malformed
    id_cols: tuple[int, int] | None  # where the bracketed id stands on the heading line
    date: dt.date | None
    written_title: str | None  # see `title` (None: read from a templated record's line)
    length: int = 0  # lines, from the heading to the next heading or the end
    operation: Operation | None = None  # the parsed 操作 field, set when the record is complete
    slips: tuple[Slip, ...] = ()  # lines counted from the heading (see `Slip`)
    # The operation's kind, a title marked deleted making it a delete: read once, when the record
    # is complete (the index and the rules ask for it many times).
    op: Op | None = None
    # Its fields, parsed or made from its lines when asked for (`RecordForm`).
    # (Records compare by their section, `base`, which is shared by nothing else: fields need not.)
    form: RecordForm = field(default=NO_FIELDS, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The title as written after the date, without the white space around it (a templated
        record's is read from its heading line)."""
        if self.written_title is not None or self.id_cols is None:
            return self.written_title or ""
        return self.form.title(self.id_cols[1])

    @property
    def fields(self) -> dict[str, Field]:
        """Its fields by key, the first of each key (in the order written)."""
        return self.form.fields(self.base)

    @property
    def line(self) -> int:
        return self.base.line

    @property
    def end_line(self) -> int:
        """Exclusive."""
        return self.base.line + self.length

    @property
    def id_span(self) -> Span | None:
        return (
            Span(self.base.line, self.id_cols[0], self.base.line, self.id_cols[1])
            if self.id_cols
            else None
        )

    @property
    def heading_span(self) -> Span:
        return Span(self.base.line, 0, self.base.line, self.width)

    def value(self, key: str) -> str | None:
        return self.form.value(key)

    def values(self) -> Iterator[tuple[int, str]]:
        """Each field's line and value, in the order written (a templated record reads them from
        its lines, without making its fields)."""
        return self.form.values(self.base.line)

    @property
    def missing_fields(self) -> list[str]:
        """The required fields it lacks, in the order of the format."""
        present = self.form.keys
        return [key for key in REQUIRED_FIELDS if key not in present]

    @property
    def unknown_operation(self) -> bool:
        """It has a 操作 field whose word is no operation."""
        return self.operation is not None and self.operation.kind is None

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
        return self.form.english


@value_class(slots=True, eq=False, kw_only=True)
class Section:
    """The lines from one heading to the next (or from the file's start): a record, a malformed
    record heading, or text outside records, with the malformed tokens of its lines. A later parse
    of the same file reuses the sections an edit did not touch, and moves those below it (see
    `SectionStart`)."""

    base: SectionStart
    length: int  # lines
    record: Record | None = None
    malformed: BrokenLine | None = None
    tokens: tuple[Token, ...] = ()
    english: int = 0  # fields with English keys, for the log's language
    chinese: int = 0
    # a malformed heading, or a record lacking a required field or with an unknown operation
    irregular: bool = False

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
            self.malformed = BrokenLine(self.malformed.line + by, self.malformed.reason)
        if self.tokens:
            self.tokens = tuple(
                Token(
                    t.text,
                    Span(
                        t.span.start_line + by,
                        t.span.start_col,
                        t.span.end_line + by,
                        t.span.end_col,
                    ),
                    t.problem,
                )
                for t in self.tokens
            )


@value_class(frozen=True, slots=True)
class RecordChange:
    """Which records of a parse may differ from those of the parse it was made from (`since`, that
    parse's `stamp`): positions `first` to `stop` (exclusive) of `records`. The records before and
    after that range are the very same objects, so an index can be updated, not rebuilt."""

    since: object
    first: int
    stop: int


@value_class(slots=True, kw_only=True)
class LogDoc:
    lines: list[str]
    sections: list[Section] = field(default_factory=list, repr=False)
    records: list[Record] = field(default_factory=list)
    malformed_headings: list[BrokenLine] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    english: int = 0  # fields with English keys, over all records
    chinese: int = 0
    changed: RecordChange | None = None  # set when made from an earlier parse
    stamp: object = field(default_factory=object, repr=False)  # this parse's identity
    hidden: frozenset[int] = frozenset()  # lines in code blocks and multi-line comments (skipped)
    shown: list[str] | None = field(default=None, repr=False)  # `lines`, the hidden ones blank
    # the lines holding a fence or a comment mark (`blocks.marked_lines`): the next parse after an
    # edit searches only the lines the edit changed
    marked: list[int] = field(default_factory=list, repr=False)
    _irregular: list[Section] | None = field(default=None, repr=False)  # see `irregular`

    def irregular(self) -> list[Section]:
        """The sections with findings of their own (a malformed heading, a slip, a missing field, a
        secret…), in order: found once per parse, or made from the previous parse's by a re-parse
        (nearly every section of a log is regular, and the rules look at these only)."""
        if self._irregular is None:
            self._irregular = [section for section in self.sections if section.irregular]
        return self._irregular

    @property
    def language(self) -> str | None:
        """`en` or `zh` by the keys its records use (the majority), else by an English `## Records`
        heading."""
        if self.english == self.chinese == 0:
            return (
                "en"
                if any(line.strip().lower() == "## records" for line in self.lines[:20])
                else None
            )
        return "en" if self.english > self.chinese else "zh"


def op_word(record: Record, language: str | None = None) -> str:
    """A record's operation as the log writes it (新增/演进/… in Chinese, add/evolve/… in
    English)."""
    op = record.op
    if op is None:
        return record.operation.word if record.operation else msg("operation.none")
    return OP_WRITTEN[language or ("en" if record.english else "zh")][op]
