"""The detailed log (docs/format.md, "Log"): records `### [ID] date — title`, their fields and
operations."""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from profile_memory.core import anchors
from profile_memory.core.profile import Token, malformed_tokens_in
from profile_memory.core.secrets import find_secrets, suspect_lines
from profile_memory.core.slips import NON_CANONICAL, WRONG_HEADING, Slip, quoted
from profile_memory.core.span import BrokenLine, Span
from profile_memory.core.text import line_count, shared_ends, split_lines


class Op(Enum):
    ADD = "add"
    EVOLVE = "evolve"
    PIVOT = "pivot"
    DELETE = "delete"
    RESTORE = "restore"


OP_WORDS: dict[str, Op] = {
    "新增": Op.ADD,
    "add": Op.ADD,
    "演进": Op.EVOLVE,
    "更新": Op.EVOLVE,
    "evolve": Op.EVOLVE,
    "update": Op.EVOLVE,
    "转向": Op.PIVOT,
    "pivot": Op.PIVOT,
    "删除": Op.DELETE,
    "delete": Op.DELETE,
    "恢复": Op.RESTORE,
    "restore": Op.RESTORE,
}
# Agents' own words for the operations: read as the operation, reported as a slip (PM018).
OP_SYNONYMS: dict[str, Op] = {
    "添加": Op.ADD,
    "增加": Op.ADD,
    "新建": Op.ADD,
    "新加": Op.ADD,
    "added": Op.ADD,
    "create": Op.ADD,
    "created": Op.ADD,
    "new": Op.ADD,
    "修改": Op.EVOLVE,
    "修订": Op.EVOLVE,
    "调整": Op.EVOLVE,
    "细化": Op.EVOLVE,
    "evolved": Op.EVOLVE,
    "updated": Op.EVOLVE,
    "modify": Op.EVOLVE,
    "modified": Op.EVOLVE,
    "refine": Op.EVOLVE,
    "refined": Op.EVOLVE,
    "转变": Op.PIVOT,
    "反转": Op.PIVOT,
    "pivoted": Op.PIVOT,
    "switch": Op.PIVOT,
    "switched": Op.PIVOT,
    "已删除": Op.DELETE,
    "删掉": Op.DELETE,
    "移除": Op.DELETE,
    "删去": Op.DELETE,
    "去掉": Op.DELETE,
    "deleted": Op.DELETE,
    "remove": Op.DELETE,
    "removed": Op.DELETE,
    "还原": Op.RESTORE,
    "复原": Op.RESTORE,
    "已恢复": Op.RESTORE,
    "restored": Op.RESTORE,
    "reinstate": Op.RESTORE,
    "reinstated": Op.RESTORE,
}
OP_WRITTEN = {  # the word a writer uses, by language
    "zh": {
        Op.ADD: "新增",
        Op.EVOLVE: "演进",
        Op.PIVOT: "转向",
        Op.DELETE: "删除",
        Op.RESTORE: "恢复",
    },
    "en": {
        Op.ADD: "add",
        Op.EVOLVE: "evolve",
        Op.PIVOT: "pivot",
        Op.DELETE: "delete",
        Op.RESTORE: "restore",
    },
}

FIELD_KEYS: dict[str, str] = {
    "分类": "category",
    "category": "category",
    "精简版": "summary",
    "summary": "summary",
    "原始上下文": "context",
    "context": "context",
    "来源对话": "source",
    "source": "source",
    "操作": "operation",
    "operation": "operation",
    "取代": "supersedes",
    "supersedes": "supersedes",
}
# Other words agents use for the keys: read as the key, reported as a slip (PM018).
KEY_SYNONYMS: dict[str, str] = {
    "类别": "category",
    "精简": "summary",
    "精简内容": "summary",
    "摘要": "summary",
    "上下文": "context",
    "原话": "context",
    "来源": "source",
    "对话来源": "source",
    "操作类型": "operation",
    "变更类型": "operation",
    "替代": "supersedes",
    "original context": "context",
    "source conversation": "source",
    "op": "operation",
}
_LABELS = {
    label: label for labels in ({k.title() for k in FIELD_KEYS}, FIELD_KEYS) for label in labels
}
_REPEATED = {"category", "source"}  # values that recur across records: kept once
# The labels a field is read with by a dict lookup alone (`_canonical_field`): label -> (key, the
# label, English, a value kept once)
_CANONICAL = {
    label: (key, label, label.isascii(), key in _REPEATED)
    for label in _LABELS
    for key in (FIELD_KEYS[label.casefold()],)
}
REQUIRED_FIELDS = ("category", "summary", "context", "source", "operation")
_KNOWN_KEYS = frozenset((*REQUIRED_FIELDS, "supersedes"))
FIELD_LABELS = {
    "zh": {
        "category": "分类",
        "summary": "精简版",
        "context": "原始上下文",
        "source": "来源对话",
        "operation": "操作",
        "supersedes": "取代",
    },
    "en": {
        "category": "Category",
        "summary": "Summary",
        "context": "Context",
        "source": "Source",
        "operation": "Operation",
        "supersedes": "Supersedes",
    },
}
NOT_RECORDED = {
    "zh": "（未记录）",
    "en": "(not recorded)",
}  # what a write puts in a field it has no value for
DELETED_TITLE_MARKS = ("（已删除）", "(已删除)", "(deleted)")

_ANY_HEADING = re.compile(r"#{1,6}(?:\s|$)")
_FIELD = re.compile(
    r"(?P<bullet>[-*])\s+\*\*\s*(?P<key>[^*:：]+?)\s*(?P<c1>[:：])?\s*\*\*\s*(?P<c2>[:：])?\s?(?P<value>.*)"
)
_PLAIN_FIELD = re.compile(r"(?P<bullet>[-*])\s+(?P<key>[^*:：\s][^*:：]*?)\s*[:：]\s?(?P<value>.*)")
_OPERATION = re.compile(r"\s*(?P<word>[^\s（(:：]+)(?P<rest>.*)", re.DOTALL)
_ARROW = re.compile(r"\s*(→|->|=>|⇒|⟶|➔|-->|—>)\s*")
_CANONICAL_ARROWS = ("→", "->")
_OLD_LABEL = re.compile(r"(?:旧|原|old|before|from)\s*[:：]\s*", re.IGNORECASE)
_NEW_LABEL = re.compile(r"(?:新|new|after|to)\s*[:：]\s*", re.IGNORECASE)
_HEADING_DATE = re.compile(
    r"(?P<y>\d{4})(?P<s1>[-/.年])(?P<m>\d{1,2})(?P<s2>[-/.月])(?P<d>\d{1,2})日?"
)
_SEPARATOR = re.compile(r"(?P<before>\s*)(?P<mark>——|—|–|--|-|:|：|\||·)(?P<after>\s*)")
_LEGAL_SEPARATORS = ("—", "–", "-")
_CANONICAL_HEADING = re.compile(
    r"### \[(PF-\d{8}-\d{2,})\] (\d{4}-\d{2}-\d{2}) [—–-] (\S(?:.*\S)?)"
)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Operation:
    word: str
    kind: Op | None  # None: not an operation word (PM013)
    old: str | None = None
    new: str | None = None
    slip: str | None = None  # what is not canonical in how it is written (PM018)
    canonical: str | None = None  # the value written canonically, when it has a slip


def op_word(record: Record, language: str | None = None) -> str:
    """A record's operation as the log writes it (新增/演进/… in Chinese, add/evolve/… in
    English)."""
    op = record.op
    if op is None:
        return record.operation.word if record.operation else "no operation"
    return OP_WRITTEN[language or ("en" if record.english else "zh")][op]


def closest_operation_word(word: str) -> str:
    """The known operation word most like `word` (for a message that says what was probably
    meant)."""
    from profile_memory.core.text import similarity

    return max(
        OP_WORDS, key=lambda known: (similarity(word, known), known.isascii() == word.isascii())
    )


def _change(inner: str) -> tuple[str, str, list[str]] | None:
    """OLD and NEW of `OLD → NEW` (labels `旧：`/`新：` and other arrows read), with what was not
    canonical."""
    parts = _ARROW.split(inner, maxsplit=1)
    if len(parts) != 3:
        return None
    old, arrow, new = parts[0].strip(), parts[1], parts[2].strip()
    slips = [] if arrow in _CANONICAL_ARROWS else [f"write `→` or `->` for `{arrow}`"]
    old_label, new_label = _OLD_LABEL.match(old), _NEW_LABEL.match(new)
    if old_label or new_label:
        labels = " ".join(
            f"`{label.group(0).strip()}`" for label in (old_label, new_label) if label
        )
        slips.append(f"drop the label{'s' if old_label and new_label else ''} {labels}")
        old = old[old_label.end() :] if old_label else old
        new = new[new_label.end() :] if new_label else new
    return old.strip(), new.strip(), slips


def _written_word(word: str, kind: Op) -> str:
    """The word to write for `kind`: a known word as written (the skill's own 更新 included), else
    the canonical word of the same language."""
    return (
        word if word.casefold() in OP_WORDS else OP_WRITTEN["en" if word.isascii() else "zh"][kind]
    )


def _canonical_operation(word: str, kind: Op, old: str | None, new: str | None) -> str:
    """The value written canonically."""
    word = _written_word(word, kind)
    if old is None or new is None:
        return word
    return f"{word} ({old} -> {new})" if word.isascii() else f"{word}（{old} → {new}）"


@functools.lru_cache(maxsize=1024)  # most records say 新增 or 删除: one object for each spelling
def parse_operation(value: str) -> Operation:
    match = _OPERATION.match(value)
    if match is None:
        return Operation(value.strip(), None)
    word = sys.intern(match.group("word"))
    kind = OP_WORDS.get(word.casefold())
    slips = []
    if kind is None and word.casefold() in OP_SYNONYMS:
        kind = OP_SYNONYMS[word.casefold()]
        slips.append(f"write the word `{_written_word(word, kind)}`")
    rest = match.group("rest").strip()
    inner, bare = None, False
    if rest[:1] in ("（", "(") and rest[-1:] in ("）", ")"):
        inner = rest[1:-1]
    elif rest[:1] in (":", "：") or (rest and match.group("rest")[:1].isspace()):
        inner, bare = rest.lstrip(":：").strip(), True
    change = _change(inner) if inner else None
    old = new = None
    if change is not None:
        old, new, change_slips = change
        slips += change_slips
        if bare:
            slips.append("put OLD → NEW in parentheses")
    if not slips or kind is None:
        return Operation(word, kind, old, new)
    if change is not None:
        canonical = _canonical_operation(word, kind, old, new)
    else:  # only the word is not canonical: keep the rest as written
        canonical = _written_word(word, kind) + match.group("rest").rstrip()
    return Operation(word, kind, old, new, "; ".join(slips), canonical)


@dataclass(slots=True, eq=False)
class SectionStart:
    """The line where a section starts, shared by its record and fields. When lines are added or
    removed above a section, the next parse moves it by changing this one number: its record and
    fields are reused as they are, so an edit costs what it touched, not what follows it."""

    line: int


@dataclass(slots=True)
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


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the fields of a record written exactly as the template writes it stand (one of a few
    shared by every such record): its values are read from its lines without parsing them."""

    values: dict[str, tuple[int, int]]  # key -> (line, counted from the heading; value's column)
    english: bool
    counts: tuple[int, int]  # fields with English keys, with Chinese keys


@dataclass(slots=True)
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
    # A record written as the template writes it (nearly every record of a log) keeps its lines and
    # its layout, and makes its fields only when they are asked for (docs/incremental.md); any
    # other record has its fields read when it is parsed.
    # (Records compare by their section, `base`, which is shared by nothing else: fields need not.)
    parsed_fields: dict[str, Field] | None = field(default=None, repr=False, compare=False)
    lines: list[str] | None = field(default=None, repr=False, compare=False)
    layout: Layout | None = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The title as written after the date, without the white space around it (a templated
        record's is read from its heading line)."""
        if self.written_title is not None or self.lines is None or self.id_cols is None:
            return self.written_title or ""
        return self.lines[0][self.id_cols[1] + _TITLE_AFTER_ID :].rstrip()

    @property
    def fields(self) -> dict[str, Field]:
        """Its fields by key, the first of each key (in the order written)."""
        if self.parsed_fields is not None:
            return self.parsed_fields
        lines = self.lines or []
        return _fields_of(lines, 0, len(lines), self.base)

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
        layout = self.layout
        if layout is not None and self.lines is not None:
            at = layout.values.get(key)
            return self.lines[at[0]][at[1] :] if at else None
        found = self.fields.get(key)
        return found.value if found else None

    def values(self) -> Iterator[tuple[int, str]]:
        """Each field's line and value, in the order written (a templated record reads them from
        its lines, without making its fields)."""
        layout, lines, line = self.layout, self.lines, self.base.line
        if layout is not None and lines is not None:
            for offset, column in layout.values.values():
                yield line + offset, lines[offset][column:]
        else:
            for found in self.fields.values():
                yield found.line, found.value

    @property
    def missing_fields(self) -> list[str]:
        """The required fields it lacks, in the order of the format."""
        present = self.layout.values if self.layout is not None else self.fields
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
        if self.layout is not None:
            return self.layout.english
        return any(f.english for f in self.fields.values())


@dataclass(slots=True, eq=False)
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


@dataclass(frozen=True, slots=True)
class RecordChange:
    """Which records of a parse may differ from those of the parse it was made from (`since`, that
    parse's `stamp`): positions `first` to `stop` (exclusive) of `records`. The records before and
    after that range are the very same objects, so an index can be updated, not rebuilt."""

    since: object
    first: int
    stop: int


@dataclass(slots=True)
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


@functools.lru_cache(maxsize=1024)  # records of one day share their date
def _date(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _heading_id(line: str, level: int) -> tuple[str, int, int, str, bool] | str | None:
    """The id of a record heading as written (`[ID]`, `【ID】` or a bare `ID`): the token, its
    columns, the rest of the line and whether it is in square brackets; a reason when a `###`
    heading has none; None when a heading of another level is no record heading."""
    rest = line[level:]
    at = level + len(rest) - len(rest.lstrip())
    rest = rest.strip()
    closing = {"[": "]", "【": "】"}.get(rest[:1])
    if closing is not None and closing in rest:
        close = rest.index(closing)
        inner = rest[1:close]
        start = at + 1 + len(inner) - len(inner.lstrip())
        token = inner.strip()
        if anchors.TOKEN.fullmatch(token):
            return token, start, start + len(token), rest[close + 1 :], closing == "]"
        return (
            f"`{rest[: close + 1]}` is not an anchor id (expected [PF-YYYYMMDD-NN])"
            if level == 3
            else None
        )
    bare = anchors.TOKEN.match(rest)
    if bare is not None:
        return bare.group(0), at, at + bare.end(), rest[bare.end() :], False
    return "expected `### [PF-YYYYMMDD-NN] YYYY-MM-DD — title`" if level == 3 else None


def _heading_date(after: str) -> tuple[dt.date | None, str, list[str]]:
    """The date after the id, the rest of the line, and what is wrong with the date."""
    match = _HEADING_DATE.match(after.lstrip())
    if match is None:
        return None, after, ["no date YYYY-MM-DD after the id"]
    text = match.group(0)
    tail = after.lstrip()[len(text) :]
    try:
        date = _date(f"{match.group('y')}-{int(match.group('m')):02d}-{int(match.group('d')):02d}")
    except ValueError:
        return None, tail, [f"{text} is not a real date"]
    return (
        date,
        tail,
        [] if _DATE.fullmatch(text) else [f"the date is written `{text}` (write {date:%Y-%m-%d})"],
    )


def _heading_title(tail: str) -> tuple[str, str, list[str]]:
    """The title after the date, the separator to keep (a legal one as written, else ` — `), and
    what is wrong."""
    separator = _SEPARATOR.match(tail)
    title = (tail[separator.end() :] if separator else tail).strip()
    if not title:
        return "", "—", ["no title after the date"]
    if separator is None:
        return title, "—", ["no separator ` — ` between the date and the title"]
    mark = separator.group("mark")
    if mark not in _LEGAL_SEPARATORS:
        return title, "—", [f"the separator `{mark}` between the date and the title (write ` — `)"]
    return title, mark, []


def _parse_heading(base: SectionStart, line: str) -> Record | BrokenLine | None:
    """A record heading, read as far as its id can be read: at another level than `###`, without
    brackets, with another separator or date form, it is a record all the same, with one slip
    (PM016; PM018 for spacing)."""
    plain = _CANONICAL_HEADING.fullmatch(line)
    if plain is not None and anchors.is_valid(
        plain.group(1)
    ):  # most headings: nothing to look into
        try:
            day = _date(plain.group(2))
        except ValueError:
            pass
        else:
            return Record(base, len(line), plain.group(1), plain.span(1), day, plain.group(3))
    level = len(line) - len(line.lstrip("#"))
    found = _heading_id(line, level)
    if found is None:
        return None
    if isinstance(found, str):
        return BrokenLine(base.line, f"{found}, found {quoted(line.strip(), 60)}")
    token, id_start, id_end, after, bracketed = found
    date, tail, wrong = _heading_date(after)
    title, mark, title_wrong = _heading_title(tail)
    if level != 3:
        wrong.insert(
            0, f"a record heading at level {level} (`{'#' * level}`); records are `###` headings"
        )
    if not bracketed:
        wrong.append("the id is not in square brackets")
    if date is not None or not title:  # without a date, what follows the id is the title
        wrong += title_wrong
    anchor_id = token if anchors.is_valid(token) else anchors.repaired(token)
    canonical = (
        f"### [{anchor_id or token}] {date:%Y-%m-%d} {mark} {title}" if date and title else None
    )
    record = Record(base, len(line), anchor_id, (id_start, id_end), date, title)
    # without a date or a title no rewrite is certain: the record is indexed, the slip has no fix
    if wrong:
        record.slips = (
            Slip(
                WRONG_HEADING,
                0,
                0,
                len(line),
                f"record heading in the wrong form: {'; '.join(wrong)}",
                canonical,
            ),
        )
    elif line.rstrip() != canonical:  # trailing white space is invisible and harmless: not a slip
        record.slips = (
            Slip(
                NON_CANONICAL,
                0,
                0,
                len(line),
                "record heading with extra or missing spaces (write "
                f"{quoted(canonical or '', 60)})",
                canonical,
            ),
        )
    return record


def _field_key(label: str) -> tuple[str, str | None]:
    """The canonical key of a field label, and the label to write when the one used is another
    word."""
    folded = label.casefold()
    if folded in FIELD_KEYS:
        return FIELD_KEYS[folded], None
    key = KEY_SYNONYMS.get(folded)
    if key is None:
        return label, None
    return key, FIELD_LABELS["en" if label.isascii() else "zh"][key]


def _canonical_field(base: SectionStart, offset: int, line: str) -> Field | None:
    """A field in the canonical form `- **分类**: value` (nearly every line of a log), read
    without a regex: the same Field `_written_field` reads (a property test holds them equal);
    None for any other form."""
    close = line.find("**: ", 4)
    known = _CANONICAL.get(line[4:close]) if close > 0 and line.startswith("- **") else None
    if known is None:
        return None
    key, label, english, repeated = known
    start = close + 4
    value = line[start:]
    if value[:1].isspace() or value[-1:].isspace():  # `isspace` is what `strip` strips
        stripped = value.strip()
        start += len(value) - len(value.lstrip())
        value = stripped
    if repeated:
        value = sys.intern(value)
    return Field(key, label, value, base, offset, start, offset, start + len(value), english)


def _written_field(base: SectionStart, offset: int, line: str) -> Field | None:
    """A field as it is written, canonical or not (its slip noted)."""
    match = _FIELD.fullmatch(line)
    slip = None
    if match is not None and (match.group("c1") or match.group("c2")):
        label = match.group("key")
        label = _LABELS.get(label, label)  # one string per spelling, not one per record
        key = FIELD_KEYS.get(label.casefold())
        if key is None or line[0] != "-":  # the canonical form (most lines) needs no more checks
            key, better = _field_key(label)
            slip = _field_slip(match, True, label, better)
    else:
        match = _PLAIN_FIELD.fullmatch(line)
        if match is None:
            return None
        label = match.group("key")
        key, better = _field_key(label)
        if key not in _KNOWN_KEYS:
            return None
        slip = _field_slip(match, False, label, better)
    value = match.group("value")
    start = match.start("value") + len(value) - len(value.lstrip())
    value = value.strip()
    end = start + len(value)
    if key in _REPEATED:
        value = sys.intern(value)
    return Field(key, label, value, base, offset, start, offset, end, label.isascii(), slip)


def _field_slip(match: re.Match[str], bold: bool, label: str, better: str | None) -> str | None:
    """What is not canonical in how a field's key is written (the value is never touched)."""
    slips = []
    if not bold:
        slips.append("the key is not in bold")
    if better is not None:
        slips.append(f"the key is written `{better}`")
    if match.group("bullet") != "-":
        slips.append(f"the bullet `{match.group('bullet')}` (write `-`)")
    return "; ".join(slips) or None


def _continue_field(found: Field, offset: int, line: str) -> Field:
    text = line.strip()
    value = f"{found.value}\n{text}" if found.value else text
    return Field(
        found.key,
        found.label,
        value,
        found.base,
        found.offset,
        found.start_col,
        offset,
        len(line.rstrip()),
        found.english,
        found.slip,
    )


def _record_slips(record: Record, lines: list[str]) -> tuple[Slip, ...]:
    """The heading's slip, then one for each field whose key or (for the operation) wording is not
    canonical. The value of a field is never rewritten, only its key and the operation's form."""
    slips = list(record.slips)
    for found in record.fields.values():
        operation = record.operation if found.key == "operation" and record.operation else None
        if found.slip is None and (operation is None or operation.slip is None):
            continue
        line = lines[found.line]
        labels = FIELD_LABELS["en" if found.english else "zh"]
        label = labels.get(found.key, found.label)
        what = (
            [f"field `{found.label}`: {found.slip} (write `- **{label}**: …`)"]
            if found.slip
            else []
        )
        if operation is not None and operation.slip:
            what.append(f"operation written {quoted(found.value)}; {operation.slip}")
        prefix = f"- **{label}**: " if found.slip else line[: found.start_col]
        value: str | None = line[found.start_col :]
        if operation is not None and operation.slip:
            value = (
                operation.canonical
                if operation.canonical and found.end_offset == found.offset
                else None
            )
        canonical = (prefix + value).rstrip() if value is not None else None
        slips.append(Slip(NON_CANONICAL, found.offset, 0, len(line), "; ".join(what), canonical))
    return tuple(slips)


_VALUE = r"\S(?:.*\S)?"  # a value as `_canonical_field` reads it: nothing to strip


def _template_fields(language: str) -> str:
    """The fields as the template writes them in `language`: the five in order, then perhaps
    Supersedes (the groups are named after the language)."""
    labels = FIELD_LABELS[language]

    def value_line(key: str) -> str:
        value = f"(?P<op_{language}>{_VALUE})" if key == "operation" else _VALUE
        return rf"\n- \*\*{re.escape(labels[key])}\*\*: {value}"

    supersedes = value_line("supersedes")
    return "".join(map(value_line, REQUIRED_FIELDS)) + f"(?P<supersedes_{language}>{supersedes})?"


# A record written exactly as the template writes it, then blank lines up to the next heading or
# the end: nearly every record of a log, found by one search of a range's text. Its heading is one
# `_parse_heading` reads without a slip (white space after the title is harmless).
_TEMPLATED = re.compile(
    r"^### \[(?P<id>PF-\d{8}-\d{2,})\] (?P<date>\d{4}-\d{2}-\d{2}) [—–-] "
    rf"(?P<title>{_VALUE})[^\S\n]*"
    f"(?:{'|'.join(map(_template_fields, FIELD_LABELS))})"
    r"(?:\n+(?=#{1,6}(?:\s|$))|\n*\Z)",  # the last value ends its line
    re.MULTILINE,
)


_TITLE_AFTER_ID = len("] 2026-04-12 — ")  # in a templated heading, from the id's end to the title


def _layouts(language: str) -> dict[int, tuple[int, Layout]]:
    """By the last group a templated record in `language` matched (its operation, or its
    Supersedes), by number: where its operation is among the match's groups, and its layout."""
    labels = FIELD_LABELS[language]
    keys = (*REQUIRED_FIELDS, "supersedes")
    values = {key: (line, len(f"- **{labels[key]}**: ")) for line, key in enumerate(keys, 1)}
    without = {key: at for key, at in values.items() if key != "supersedes"}
    english, group = language == "en", _TEMPLATED.groupindex

    def layout(values: dict[str, tuple[int, int]]) -> Layout:
        counts = (len(values), 0) if english else (0, len(values))
        return Layout(values, english, counts)

    operation = group[f"op_{language}"] - 1  # in `match.groups()`
    return {
        group[f"op_{language}"]: (operation, layout(without)),
        group[f"supersedes_{language}"]: (operation, layout(values)),
    }


_LAYOUTS = {
    group: found for language in FIELD_LABELS for group, found in _layouts(language).items()
}


def _fields_of(lines: list[str], start: int, stop: int, base: SectionStart) -> dict[str, Field]:
    """The fields of the record whose heading is line `start`, up to `stop`: the first of each
    key, a value continued on lines indented by two spaces."""
    fields: dict[str, Field] = {}
    current = None
    for offset, line in enumerate(lines[start + 1 : stop], 1):
        first = line[:1]
        if current is not None:
            if first == " " and line.startswith("  ") and line.strip():
                current = _continue_field(current, offset, line)
                continue
            fields.setdefault(current.key, current)
            current = None
        if first == "-" or first == "*":
            current = _canonical_field(base, offset, line) or _written_field(base, offset, line)
    if current is not None:
        fields.setdefault(current.key, current)
    return fields


def _parse_record(lines: list[str], base: SectionStart, stop: int) -> Record | BrokenLine | None:
    """One section that opens with a heading: its record heading and, when the id could be read, its
    fields up to `stop`. None for a heading that is no record heading (and not `###`)."""
    start = base.line
    record = _parse_heading(base, lines[start])
    if not isinstance(record, Record):
        return record
    record.parsed_fields = fields = _fields_of(lines, start, stop, base)
    record.length = stop - start
    operation = fields.get("operation")
    record.operation = parse_operation(operation.value) if operation else None
    record.op = _op_of(record.title, record.operation)
    record.slips = _record_slips(record, lines)
    return record


def _op_of(title: str, operation: Operation | None) -> Op | None:
    """A record's kind of operation: its 操作's, or a delete when its title is marked deleted."""
    if title.endswith(DELETED_TITLE_MARKS):
        return Op.DELETE
    return operation.kind if operation else None


@functools.lru_cache(maxsize=16)
def _id_columns(length: int) -> tuple[int, int]:
    """Where the id of a templated heading stands (after `### [`): one tuple for every record."""
    return 5, 5 + length


def _templated_section(
    lines: list[str],
    start: int,
    stop: int,
    match: re.Match[str],
    found: tuple[int, Layout],
    only_its_id: bool,
) -> Section | None:
    """The section on lines start..stop, matched by `_TEMPLATED`, as `_parsed_section` reads it (a
    property test holds them equal); its record's fields are made only when asked for. None when
    the match holds a malformed id or date or an operation with a slip: the section is parsed.
    `found`: where its operation is among the match's groups, and its layout (`_LAYOUTS`);
    `only_its_id`: no `PF-` but its heading's id is in the match."""
    operation_at, layout = found
    groups = match.groups()
    anchor_id = sys.intern(groups[0])  # one string for each id's records and history
    operation = parse_operation(groups[operation_at])
    if anchors.problem(anchor_id) is not None or operation.slip is not None:
        return None
    try:
        day = _date(groups[1])
    except ValueError:
        return None
    base, length = SectionStart(start), stop - start
    record = Record(
        base,
        len(lines[start]),
        anchor_id,
        _id_columns(len(anchor_id)),
        day,
        None,
        length,
        operation,
        (),
        _op_of(groups[2], operation),  # the title as `Record.title` reads it
        None,
        lines[start:stop],  # the document's own line strings: no text is copied
        layout,
    )
    tokens = () if only_its_id else tuple(malformed_tokens_in(lines, start + 1, stop))
    english, chinese = layout.counts
    return Section(base, length, record, None, tokens, english, chinese, operation.kind is None)


# Every `PF-` but the id of a heading written `### [PF-…`: what may be a malformed token.
_OTHER_PF = re.compile(r"PF-(?<!^### \[PF-)", re.MULTILINE)


def _is_boundary(line: str) -> bool:
    return line[:1] == "#" and _ANY_HEADING.match(line) is not None


def _mark_secrets(lines: list[str], sections: list[Section], suspects: list[int]) -> None:
    """The sections holding a secret are irregular (their PM060 is checked); `suspects`: the lines
    that may hold one, in order (none in nearly every log)."""
    for line in suspects:
        if find_secrets(lines[line]):
            holder = bisect.bisect_right(sections, line, key=lambda s: s.start) - 1
            sections[holder].irregular = True


def _parsed_section(lines: list[str], start: int, stop: int) -> Section:
    """The section on lines start..stop, read line by line."""
    heading, base = lines[start], SectionStart(start)
    parsed = _parse_record(lines, base, stop) if _is_boundary(heading) else None
    plain = (  # a heading that holds its well-formed id, written as it is, and nothing like another
        isinstance(parsed, Record)
        and parsed.id is not None
        and parsed.id_cols is not None
        and heading[parsed.id_cols[0] : parsed.id_cols[1]] == parsed.id
        and heading.count("PF-") == 1
    )
    tokens = tuple(malformed_tokens_in(lines, start + plain, stop))
    if parsed is None:
        return Section(base, stop - start, tokens=tokens)
    if not isinstance(parsed, Record):
        return Section(base, stop - start, malformed=parsed, tokens=tokens, irregular=True)
    english = sum([found.english for found in parsed.fields.values()])
    irregular = bool(parsed.slips) or (
        parsed.id is not None and bool(parsed.missing_fields or parsed.unknown_operation)
    )
    return Section(
        base,
        stop - start,
        parsed,
        tokens=tokens,
        english=english,
        chinese=len(parsed.fields) - english,
        irregular=irregular,
    )


def _parse_sections(lines: list[str], begin: int, end: int) -> list[Section]:
    """The sections of lines `begin`..`end` (`begin`: the file's start or a heading; `end`: a
    heading or the end): the templated records found by one search of the range's text, the lines
    between them parsed."""
    text = "\n".join(lines[begin:end])
    # Where a `PF-` other than a heading's id is (rare), so that a templated record is known to
    # hold no other token without a search of its own.
    others = [found.start() for found in _OTHER_PF.finditer(text)]
    others.append(len(text))
    sections: list[Section] = []
    line, counted, parsed_to = begin, 0, begin  # the line at `counted` in the text; read so far
    size, other = len(text), 0
    for match in _TEMPLATED.finditer(text):
        at, after = match.span()
        if at != counted:  # lines no template matched: the next record usually starts right here
            line += text.count("\n", counted, at)
        last = match.lastindex or 0
        found = _LAYOUTS[last]
        # a line feed before each field, and one for each line after the last value
        stop = line + len(found[1].values) + after - match.end(last) + (after == size)
        while others[other] < at:
            other += 1
        section = _templated_section(lines, line, stop, match, found, others[other] >= after)
        if section is not None:
            if parsed_to < line:
                sections += _general_sections(lines, parsed_to, line)
            sections.append(section)
            parsed_to = stop
        line, counted = stop, after
    sections += _general_sections(lines, parsed_to, end)
    # one search of the range for what may be a secret, not one a section
    _mark_secrets(lines, sections, suspect_lines(lines, begin, end, text))
    return sections


def _general_sections(lines: list[str], begin: int, end: int) -> list[Section]:
    """The sections of lines `begin`..`end`, each parsed line by line."""
    heading = _ANY_HEADING.match  # inline: this comprehension may visit every line of a log
    boundaries = [
        i
        for i, line in enumerate(lines[begin + 1 : end], begin + 1)
        if line[:1] == "#" and heading(line)
    ]
    return [
        _parsed_section(lines, start, stop)
        for start, stop in zip([begin, *boundaries], [*boundaries, end], strict=True)
        if stop > start
    ]


T = TypeVar("T")
_CHUNK = 512  # lines compared at once (each comparison copies the block's references)


def _collect(sections: list[Section]) -> tuple[list[Record], list[BrokenLine], list[Token]]:
    return (
        [section.record for section in sections if section.record is not None],
        [section.malformed for section in sections if section.malformed is not None],
        [token for section in sections for token in section.tokens],
    )


def _fresh(lines: list[str], count: int) -> LogDoc:
    sections = _parse_sections(lines, 0, count)
    doc = LogDoc(lines, sections, *_collect(sections))
    doc.english = sum(section.english for section in sections)
    doc.chinese = sum(section.chinese for section in sections)
    return doc


@dataclass(frozen=True, slots=True)
class _Kept(Generic[T]):
    """The items of the previous parse before the re-read lines and after them."""

    before: list[T]
    after: list[T]


def _reparse(
    lines: list[str], count: int, previous: LogDoc, unchanged: tuple[int, int] | None
) -> LogDoc:
    """The new parse, re-reading only the sections the edit touched; the sections after them are
    reused, moved in place when lines were added or removed above them (so `previous` is not to be
    used again). `unchanged`: how many leading and trailing lines are known to be the same (the
    rest is compared). See docs/incremental.md."""
    old = previous.lines
    prefix, suffix = shared_ends(old, lines, unchanged or (0, 0), _CHUNK)
    moved_by, sections = len(lines) - len(old), previous.sections
    # Section indices: [first_reread, first_kept) are re-read. A section ending at a changed line is
    # re-read; so is the last one when lines change after it.
    first_reread = bisect.bisect_left(sections, min(prefix, line_count(old)), key=lambda s: s.stop)
    first_kept = bisect.bisect_left(
        sections, len(old) - suffix, lo=first_reread, key=lambda s: s.start
    )
    if first_kept == 0 and sections and not _is_boundary(old[0]):
        first_kept = 1  # the text before the first heading gains lines inserted above it: re-read
    # Line numbers in the old text: the re-read lines are [reread_from, resume_at).
    reread_from = sections[first_reread - 1].stop if first_reread else 0
    resume_at = sections[first_kept].start if first_kept < len(sections) else len(old)

    def kept(items: list[T], line_of: Callable[[T], int]) -> _Kept[T]:
        """Found before anything moves."""
        return _Kept(
            items[: bisect.bisect_left(items, reread_from, key=line_of)],
            items[bisect.bisect_left(items, resume_at, key=line_of) :],
        )

    records = kept(previous.records, lambda r: r.line)
    malformed = kept(previous.malformed_headings, lambda m: m.line)
    tokens = kept(previous.bad_tokens, lambda t: t.span.start_line)
    tail = sections[first_kept:]
    for section in tail if moved_by else ():
        section.move(moved_by)
    # Lines found equal beyond those known to be the very same objects may be other strings of the
    # same text (a file read again, a whole text sent by the editor): the records kept there take
    # the new ones, so the previous text is freed, not held twice.
    same_start, same_end = unchanged or (0, 0)
    first_unknown = bisect.bisect_right(sections, same_start, hi=first_reread, key=lambda s: s.stop)
    tail_unknown = bisect.bisect_left(tail, len(lines) - same_end, key=lambda s: s.start)
    _take_lines(lines, [*sections[first_unknown:first_reread], *tail[:tail_unknown]])
    reread_to = resume_at + moved_by if first_kept < len(sections) else count  # in the new text
    middle = _parse_sections(lines, reread_from, reread_to)
    new_records, new_malformed, new_tokens = _collect(middle)
    if moved_by:  # what carries its own line number was made again by `move`
        malformed = _Kept(malformed.before, [s.malformed for s in tail if s.malformed])
        tokens = _Kept(tokens.before, [token for s in tail for token in s.tokens])
    doc = LogDoc(
        lines,
        [*sections[:first_reread], *middle, *tail],
        [*records.before, *new_records, *records.after],
        [*malformed.before, *new_malformed, *malformed.after],
        [*tokens.before, *new_tokens, *tokens.after],
    )
    dropped = sections[first_reread:first_kept]
    doc.english = (
        previous.english - sum(s.english for s in dropped) + sum(s.english for s in middle)
    )
    doc.chinese = (
        previous.chinese - sum(s.chinese for s in dropped) + sum(s.chinese for s in middle)
    )
    first = len(records.before)
    doc.changed = RecordChange(previous.stamp, first, first + len(new_records))
    return doc


def _take_lines(lines: list[str], sections: list[Section]) -> None:
    """The kept records read by the template hold these `lines` (in their new places) rather than
    the previous text's: that text is freed, not held twice."""
    for section in sections:
        record = section.record
        if record is not None and record.lines is not None:
            record.lines = lines[section.start : section.stop]


def parse_log(text: str, previous: LogDoc | None = None) -> LogDoc:
    return parse_log_lines(split_lines(text), previous)


def parse_log_lines(
    lines: list[str], previous: LogDoc | None = None, unchanged: tuple[int, int] | None = None
) -> LogDoc:
    """Parse a log from its lines. With the `previous` parse of the same file, the sections an edit
    did not touch are reused, so typing in one record re-parses that record only. `previous` is used
    up: the sections below the edit move with it. `unchanged`, when known (an editor knows what
    it edited): how many of the first and of the last lines are the same as in `previous`."""
    count = line_count(lines)
    if previous is None:
        return _fresh(lines, count)
    return _reparse(lines, count, previous, unchanged)
