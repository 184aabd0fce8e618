"""What a write asks of a log, found by searches of its text, not by its parse (issue #25: a write
costs the change, not the log). A write needs of a log the largest sequence number its ids use on
the day it allocates one, its language (the words of the record it appends) and, for the id it
changes, that id's own records; the whole parse and index of a 10,000-id log cost several times
the rest of the write.

A `LogSketch` answers these questions by C-level searches of the text: the record headings in
the canonical form are found by searches for the day or the id asked about, every other heading
(a handful in most logs) is read as the parse reads it (`_parse_heading`), and the records of one
id are parsed from their own sections. The language is told by searches that bound which keys the
fields may have. Every answer equals the parse's and the index's (property tests in
`tests/unit/test_log_sketch.py`); where the text cannot tell without the parse (lines that may be
in code blocks or comments, `\\r` line breaks, fields of both languages) there is no sketch, or no
answer, and the caller parses the log whole.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator
from typing import AnyStr, Generic, TypeAlias

from profile_memory.core import anchors
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.log.model import Record, SectionStart
from profile_memory.core.log.parse import _parse_heading, _parse_record
from profile_memory.core.log.words import Op

# A record heading in the canonical form after a line break, up to the title's first character:
# its id is well formed but perhaps for its date (a sequence of 2 to 6 digits, no zeros in front
# of 3 or more, not 00: `anchors.problem`), so the parse reads that id from it, whatever follows.
# (Digits are ASCII: an id or date written with others, full-width ones say, is read by the parse.)
_SEQ = r"(?:0[1-9]|[1-9][0-9]{1,5})"
_ANY_PART, _ANY_DAY = r"[0-9]{8}", r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_IS_BOUNDARY = lazy_pattern(r"#{1,6}(?:\s|$)")  # `_ANY_HEADING`, for one line
UNKNOWN = "?"  # a language the sketch cannot tell (fields of both languages may be there)

# The sketch of a file's bytes (not decoded: a write's memory is the bytes alone) searches them
# with patterns in bytes. What a byte cannot tell as the text's patterns do (a character that is
# white space, a digit that is not ASCII), it leaves to the decoded line: canonical headings are
# those whose title begins with a character no white space begins with, every other line that may
# be a heading is decoded and read as the parse reads it, and a line that may be a field is looked
# at in its section. So the bytes' answers are the text's (property tests hold both to the parse).
_SPACE_LEADS = r"[\xc2\xe1\xe2\xe3]"  # the first bytes of the white space that is not ASCII
_TITLE_LEAD = r"[!-~\xc3-\xe0\xe4-\xf4]"  # bytes that begin no white space (nor a cut character)
_WIDE_COLON = r"\xef\xbc\x9a"  # ：
_NOT_WIDE_COLON = r"\xef(?!\xbc\x9a)"  # a character of the same first byte


def _canonical_heading(part: str, day: str, lead: str = r"\S") -> str:
    """The pattern of a canonical record heading after a line break, up to its title's first
    character (`lead`), whose id has the date digits `part` and whose date is `day` (patterns)."""
    return rf"\n### \[(PF-{part}-{_SEQ})\] ({day}) (?:—|–|-) {lead}"


class _Alphabet(Generic[AnyStr]):
    """What the sketch searches with, in the type of what it searches: decoded text or bytes."""

    make: Callable[[str], AnyStr]  # a pattern or a string, in this type
    read: Callable[[AnyStr], str]  # a line of the searched text, decoded
    nl: AnyStr
    nl_hash: AnyStr
    hash: AnyStr

    def __init__(
        self,
        make: Callable[[str], AnyStr],
        read: Callable[[AnyStr], str],
        lead: str,
        space: str,
        patterns: dict[str, str],
        *,
        exact: bool,
    ) -> None:
        self.make, self.read, self.lead = make, read, lead
        self.exact = exact  # a line its patterns find is one (no decoded check needed)
        self.nl, self.nl_hash, self.hash = make("\n"), make("\n#"), make("#")
        self.hidden: tuple[AnyStr, ...] = tuple(map(make, ("\r", "```", "~~~", "<!--")))
        # a bullet not written `- **`
        plain_bullet = r"\n(?:\*|-(?! \*\*))"
        self.plain_bullet: re.Pattern[AnyStr] = lazy_pattern(make(plain_bullet))
        # a plain bullet or a `- **` line that may be English: one search of a Chinese log, not two
        self.plain_or_bold: re.Pattern[AnyStr] = lazy_pattern(
            make(f"{plain_bullet}|{patterns['bold']}")
        )
        canonical = _canonical_heading(_ANY_PART, _ANY_DAY, lead)[2:]
        # every other heading after a line break (`_ANY_HEADING`: what `_is_boundary` finds line
        # by line), and any heading
        odd = rf"\n(?!{canonical})#{{1,6}}(?:{space}|\Z)"
        self.odd: re.Pattern[AnyStr] = lazy_pattern(make(odd))
        self.boundary: re.Pattern[AnyStr] = lazy_pattern(make(rf"\n#{{1,6}}(?:{space}|\Z)"))
        self.english: re.Pattern[AnyStr] = lazy_pattern(make(patterns["english"]))
        self.chinese: re.Pattern[AnyStr] = lazy_pattern(make(patterns["chinese"]))

    def canonical(self, part: str, day: str) -> re.Pattern[AnyStr]:
        return re.compile(self.make(_canonical_heading(part, day, self.lead)))


_TEXT: _Alphabet[str] = _Alphabet(
    str,
    str,
    r"\S",
    r"\s",
    {
        # A line that may be a field with an English key: after its bullet, the dashes, stars and
        # white space that open it, an ASCII character or a full-width colon (a key of ASCII
        # characters, or the colon after a key of dashes). Every such field's line matches.
        "english": r"\n[-*](?:[-*]|[^\S\n])*(?=[\x00-\x7f：])[^-*\s]",
        # Of the lines written `- **…`, those that may be: what follows is ASCII, a full-width colon
        # or white space. A line `- **分类**: …` is none (nearly every line of a Chinese log).
        "bold": r"\n- \*\*[\x00-\x7f：\s]",
        # A line that may be a field with a key that is not ASCII: a character that is not ASCII
        # before its first colon (a key never holds one).
        "chinese": r"\n[-*][^\n:：]*[^\x00-\x7f：]",
    },
    exact=True,  # decoded text: a heading its patterns find is a heading
)
_BYTES: _Alphabet[bytes] = _Alphabet(
    lambda pattern: pattern.encode("utf-8"),
    lambda raw: raw.decode("utf-8", errors="replace"),
    _TITLE_LEAD,
    rf"[\s\x1c-\x1f]|{_SPACE_LEADS}",
    {  # the same lines, or more (those with white space that is not ASCII)
        "english": rf"\n[-*](?:[-*\t\x0b\x0c\x1c-\x1f ]|{_SPACE_LEADS}[\x80-\xbf]{{1,2}})*"
        rf"(?=[\x00-\x7f]|{_WIDE_COLON})[^-*\s]",
        "bold": rf"\n- \*\*(?:[\x00-\x7f]|{_WIDE_COLON}|{_SPACE_LEADS})",
        "chinese": rf"\n[-*](?:[^\n:\xef]|{_NOT_WIDE_COLON})*"
        rf"(?:[\x80-\xee\xf0-\xff]|{_NOT_WIDE_COLON})",
    },
    exact=False,  # bytes: each line found is decoded and read as the parse reads it
)


AnySketch: TypeAlias = "LogSketch[str] | LogSketch[bytes]"


def _may_be_english(text: AnyStr, alphabet: _Alphabet[AnyStr]) -> bool:
    """Whether a line of `text` (after a line break) may be a field with an English key: a line
    `- **` followed by what an English key may begin with, or a bullet not written `- **` that
    may be one (a Chinese log's fields are found to be none by one search). The `- **` test
    takes in every such line the general one does, and a few more: "may"."""
    found = alphabet.plain_or_bold.search(text)
    if found is None:
        return False
    if alphabet.plain_bullet.match(text, found.start()) is None:
        return True  # a `- **` line that may be English
    # a plain bullet: the `- **` lines before it are none, the rest is read by the general test
    return alphabet.english.search(text, found.start()) is not None


class LogSketch(Generic[AnyStr]):
    """A log's text (or its bytes, not decoded), and what has been found in it: its headings in
    other forms than the canonical one (their offsets and records, as the parse reads them),
    found once."""

    __slots__ = ("_a", "_language", "_odd", "text")
    text: AnyStr
    _a: _Alphabet[AnyStr]

    def __init__(self, text: AnyStr, alphabet: _Alphabet[AnyStr]) -> None:
        self.text = text
        self._a = alphabet
        self._odd: list[tuple[int, Record | None]] | None = None
        self._language: str | None = UNKNOWN

    @staticmethod
    def of(text: str | bytes) -> AnySketch | None:
        """The sketch of a log's text, or of its UTF-8 bytes (BOM dropped); None when searches
        cannot tell what the parse reads (lines that may be hidden in code blocks or comments,
        `\\r` line breaks)."""
        if isinstance(text, bytes):
            return LogSketch._made(text, _BYTES)
        return LogSketch._made(text, _TEXT)

    @staticmethod
    def _made(text: AnyStr, alphabet: _Alphabet[AnyStr]) -> LogSketch[AnyStr] | None:
        # (a mark's first character looked for first: one that is not there is found at once)
        if any(mark[:1] in text and mark in text for mark in alphabet.hidden):
            return None
        return LogSketch(text, alphabet)

    def _matches(self, pattern: re.Pattern[AnyStr]) -> Iterator[int]:
        """The offsets of the lines `pattern` (which begins with a line break) finds, the first
        line's too."""
        if self._match_line(pattern, 0) is not None:
            yield 0
        for match in pattern.finditer(self.text):
            yield match.start() + 1

    def _line(self, at: int) -> str:
        """The line at offset `at` (a line's start), decoded, without its line break."""
        text = self.text
        end = text.find(self._a.nl, at)
        return self._a.read(text[at : end if end >= 0 else len(text)])

    def _above(self, at: int) -> int:
        """The offset of the nearest line above offset `at` that starts with `#` (-1: none)."""
        if at <= 0:
            return -1
        found = self.text.rfind(self._a.nl_hash, 0, at - 1)
        if found >= 0:
            return found + 1
        return 0 if self.text[:1] == self._a.hash else -1

    # -- headings ----------------------------------------------------------------------------
    def _heading(self, at: int) -> Record | None:
        """The record whose heading is the line at offset `at` (after its line break), read as
        the parse reads it; None when it is none (no heading, or no record's)."""
        line = self._line(at)
        if _IS_BOUNDARY.match(line) is None:
            return None
        found = _parse_heading(SectionStart(0), line)
        return found if isinstance(found, Record) else None

    def _odd_headings(self) -> list[tuple[int, Record | None]]:
        """The headings in other forms than the canonical one: their offsets and records."""
        if self._odd is None:
            self._odd = [(at, self._heading(at)) for at in self._matches(self._a.odd)]
        return self._odd

    def _canonical(self, part: str, day: str, held: str) -> list[tuple[int, str]]:
        """The canonical record headings whose id has date digits `part` and whose date is `day`
        (patterns): their offsets and ids. Looked for where `held`, which each of them holds,
        occurs (a C-level search for a rare string, not a match at every heading)."""
        pattern, needle, nl = self._a.canonical(part, day), self._a.make(held), self._a.nl
        text, found, last = self.text, [], -1
        at = text.find(needle)
        while at >= 0:
            start = text.rfind(nl, 0, at) + 1
            if start != last:
                last = start
                if (match := self._match_line(pattern, start)) is not None:
                    found.append((start, self._a.read(match.group(1))))
            at = text.find(needle, at + 1)
        return found

    def _match_line(self, pattern: re.Pattern[AnyStr], start: int) -> re.Match[AnyStr] | None:
        """`pattern` (which begins with a line break) matched at the line starting at `start`."""
        text, nl = self.text, self._a.nl
        if start:
            return pattern.match(text, start - 1)
        end = text.find(nl)
        return pattern.match(nl + text[: end + 1 if end >= 0 else len(text)])

    def _section_end(self, at: int) -> int:
        """Where the section whose heading is at offset `at` ends: the line break before the
        next heading, or the text's end."""
        for match in self._a.boundary.finditer(self.text, at):
            if self._a.exact or self._heading_line(match.start() + 1) is not None:
                return match.start()
        return len(self.text)

    # -- ids ---------------------------------------------------------------------------------
    def largest_on(self, day: dt.date) -> int:
        """The largest sequence number of a record's id on `day` (0: none)."""
        part = f"{day:%Y%m%d}"
        ids = [found for _, found in self._canonical(part, _ANY_DAY, f"[PF-{part}-")]
        ids += [r.id for _, r in self._odd_headings() if r is not None and r.id is not None]
        return max(
            (found.seq for found in map(anchors.parse, ids) if found and found.day == day),
            default=0,
        )

    def ids_dated(self, day: dt.date) -> list[str]:
        """The ids with a record dated `day` (its heading's date), each once."""
        date = f"{day:%Y-%m-%d}"
        found = [
            i for _, i in self._canonical(_ANY_PART, date, f"] {date} ") if anchors.is_valid(i)
        ]
        found += [r.id for _, r in self._odd_headings() if r and r.id and r.date == day]
        return list(dict.fromkeys(found))

    # -- one id's records ----------------------------------------------------------------------
    def _record(self, at: int, line: int = 0) -> Record:
        """The record whose heading is at offset `at` (on `line`), parsed from its section's
        lines as the parse parses it."""
        lines = self._a.read(self.text[at : self._section_end(at)]).split("\n")
        base = SectionStart(0)
        record = _parse_record(lines, base, len(lines))
        if not isinstance(record, Record):  # its heading was read as a record's: it still is
            raise AssertionError("a record heading no longer reads as one")
        base.line = line
        return record

    def _day_at(self, at: int, record: Record) -> dt.date:
        """The date a record stands at in history order: its own, else the dated record's above
        it (`index.history_order`)."""
        while record.date is None:
            at = self._above(at)
            if at < 0:
                return dt.date.min
            above = self._heading(at)
            if above is not None:
                record = above
        return record.date

    def records_of(self, anchor_id: str) -> list[Record]:
        """The id's records in history order (`index.history_order`: by date, file order within
        a day, a history beginning with its add), each parsed from its own section."""
        return self.records_by_id([anchor_id])[anchor_id]

    def records_by_id(self, ids: Iterable[str]) -> dict[str, list[Record]]:
        """Each id's records in history order (`records_of`), found together (a search for each
        date their ids name, one count of their lines)."""
        parsed = {anchor_id: anchors.parse(anchor_id) for anchor_id in ids}
        offsets: dict[str, list[int]] = {i: [] for i, found in parsed.items() if found}
        parts = {f"{found.day:%Y%m%d}" for found in parsed.values() if found}
        for part in sorted(parts):
            for at, anchor_id in self._canonical(part, _ANY_DAY, f"[PF-{part}-"):
                if anchor_id in offsets:
                    offsets[anchor_id].append(at)
        if parts:
            for at, record in self._odd_headings():
                if record is not None and record.id in offsets:
                    offsets[record.id].append(at)
        lines = self._lines_at(sorted(at for found in offsets.values() for at in found))
        return {
            anchor_id: self._in_history_order(
                {at: self._record(at, lines[at]) for at in sorted(offsets.get(anchor_id, ()))}
            )
            for anchor_id in parsed
        }

    def _lines_at(self, offsets: list[int]) -> dict[int, int]:
        """The line of each offset (in order), counted in one pass of the text."""
        lines, line, counted = {}, 0, 0
        for at in offsets:
            line += self.text.count(self._a.nl, counted, at)
            lines[at], counted = line, at
        return lines

    def _in_history_order(self, records: dict[int, Record]) -> list[Record]:
        """One id's records (by offset) in history order."""
        added: tuple[dt.date, int] | None = None  # the id's earliest add
        for at, record in records.items():
            if record.op is Op.ADD and record.date is not None:
                if added is None or record.date < added[0]:
                    added = (record.date, at)
        keys = []
        for at, record in records.items():
            day = self._day_at(at, record)
            if (
                record.op is not Op.ADD
                and added is not None
                and (day < added[0] or (day == added[0] and at < added[1]))
            ):
                keys.append((added[0], True, at))
            else:
                keys.append((day, False, at))
        return [records[at] for *_, at in sorted(keys)]

    # -- language ------------------------------------------------------------------------------
    @property
    def language(self) -> str | None:
        """`LogDoc.language`: "en" or "zh" by the keys its records' fields use, None without
        fields (and no English `## Records` heading); `UNKNOWN` when fields of both languages may
        be there (the log is parsed to count them)."""
        if self._language == UNKNOWN:
            self._language = self._told_language()
        return self._language

    def _told_language(self) -> str | None:
        text, nl = self.text, self._a.nl
        end = text.find(nl)
        first = nl + text[: end + 1 if end >= 0 else len(text)]
        english = _may_be_english(first, self._a) or _may_be_english(text, self._a)
        chinese = any(self._a.chinese.search(part) for part in (first, text))
        if english and chinese:
            return UNKNOWN
        # Fields of one language at most: the log's is that one if a record has a field.
        if english and self._a_record_has_fields(self._a.english):
            return "en"
        if chinese and self._a_record_has_fields(self._a.chinese):
            return "zh"
        head = (self._a.read(line).strip().lower() for line in text.split(nl, 20)[:20])
        return "en" if "## records" in head else None

    def _a_record_has_fields(self, lines: re.Pattern[AnyStr]) -> bool:
        """Whether a record's section holds a field, looked for in the sections of the lines
        `lines` finds (every field's line is among them)."""
        seen: set[int] = set()
        for at in self._matches(lines):
            while at >= 0 and self._heading_line(at) is None:  # the heading of its section
                at = self._above(at)
            if at < 0 or at in seen:
                continue
            seen.add(at)
            if self._heading(at) is not None and self._record(at).fields:
                return True
        return False

    def _heading_line(self, at: int) -> int | None:
        """`at` when the line there is a heading (any)."""
        if self.text[at : at + 1] != self._a.hash:
            return None
        return at if _IS_BOUNDARY.match(self._line(at)) else None
