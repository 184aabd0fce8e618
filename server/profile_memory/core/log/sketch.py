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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from profile_memory.core import anchors
from profile_memory.core.log.model import Record, SectionStart
from profile_memory.core.log.parse import _parse_heading, _parse_record
from profile_memory.core.log.words import Op

# A record heading in the canonical form after a line break, up to the title's first character:
# its id is well formed but perhaps for its date (a sequence of 2 to 6 digits, no zeros in front
# of 3 or more, not 00: `anchors.problem`), so the parse reads that id from it, whatever follows.
_SEQ = r"(?:0[1-9]|[1-9]\d{1,5})"
_ANY_PART, _ANY_DAY = r"\d{8}", r"\d{4}-\d{2}-\d{2}"


def _canonical_heading(part: str, day: str) -> str:
    """The pattern of a canonical record heading after a line break, up to its title's first
    character, whose id has the date digits `part` and whose date is `day` (patterns)."""
    return rf"\n### \[(PF-{part}-{_SEQ})\] ({day}) [—–-] \S"


# Every other heading after a line break (`_ANY_HEADING`: what `_is_boundary` finds line by line).
_ODD = re.compile(r"\n(?!" + _canonical_heading(_ANY_PART, _ANY_DAY)[2:] + r")#{1,6}(?:\s|\Z)")
_BOUNDARY = re.compile(r"\n#{1,6}(?:\s|\Z)")
_IS_BOUNDARY = re.compile(r"#{1,6}(?:\s|$)")  # `_ANY_HEADING`, for one line

# A line that may be a field with an English key: after its bullet, the dashes, stars and white
# space that open it, an ASCII character or a full-width colon (a key of ASCII characters, or the
# colon after a key of dashes). Every such field's line matches; other lines may.
_MAY_BE_ENGLISH = re.compile(r"\n[-*](?:[-*]|[^\S\n])*(?=[\x00-\x7f：])[^-*\s]")
# Of the lines written `- **…`, those that may be: what follows is ASCII, a full-width colon or
# white space. A line `- **分类**: …` is none (nearly every line of a Chinese log).
_MAY_BE_ENGLISH_BOLD = re.compile(r"\n- \*\*[\x00-\x7f：\s]")
# A line that may be a field with a key that is not ASCII: a character that is not ASCII before
# its first colon (a key never holds one).
_MAY_BE_CHINESE = re.compile(r"\n[-*][^\n:：]*[^\x00-\x7f：]")

UNKNOWN = "?"  # a language the sketch cannot tell (fields of both languages may be there)


def _may_be_english(text: str) -> bool:
    """Whether a line of `text` (after a line break) may be a field with an English key: a
    search of the bullets not written `- **` and of those that may be (a Chinese log's fields
    are found to be none by counting)."""
    bullets = text.count("\n-") + text.count("\n*")
    if bullets == text.count("\n- **"):
        return _MAY_BE_ENGLISH_BOLD.search(text) is not None
    return _MAY_BE_ENGLISH.search(text) is not None


@dataclass(slots=True)
class LogSketch:
    """A log's text, and what has been found in it: its headings in other forms than the
    canonical one (their offsets and records, as the parse reads them), found once."""

    text: str
    _odd: list[tuple[int, Record | None]] | None = None
    _language: str | None = UNKNOWN

    @classmethod
    def of(cls, text: str) -> LogSketch | None:
        """The sketch of a log's text; None when searches cannot tell what the parse reads (lines
        that may be hidden in code blocks or comments, `\\r` line breaks)."""
        if "\r" in text or "```" in text or "~~~" in text or "<!--" in text:
            return None
        return cls(text)

    def _matches(self, pattern: re.Pattern[str]) -> Iterator[tuple[int, re.Match[str]]]:
        """The lines `pattern` (which begins with a line break) finds: their offsets and matches,
        the first line's too."""
        first = self._match_line(pattern, 0)
        if first is not None:
            yield 0, first
        for match in pattern.finditer(self.text):
            yield match.start() + 1, match

    def _above(self, at: int) -> int:
        """The offset of the nearest line above offset `at` that starts with `#` (-1: none)."""
        if at <= 0:
            return -1
        found = self.text.rfind("\n#", 0, at - 1)
        if found >= 0:
            return found + 1
        return 0 if self.text[:1] == "#" else -1

    # -- headings ----------------------------------------------------------------------------
    def _heading(self, at: int) -> Record | None:
        """The record whose heading is the line at offset `at` (after its line break), read as
        the parse reads it; None when it is none (no heading, or no record's)."""
        text = self.text
        end = text.find("\n", at)
        line = text[at : end if end >= 0 else len(text)]
        if _IS_BOUNDARY.match(line) is None:
            return None
        found = _parse_heading(SectionStart(0), line)
        return found if isinstance(found, Record) else None

    def _odd_headings(self) -> list[tuple[int, Record | None]]:
        """The headings in other forms than the canonical one: their offsets and records."""
        if self._odd is None:
            self._odd = [(at, self._heading(at)) for at, _ in self._matches(_ODD)]
        return self._odd

    def _canonical(self, part: str, day: str, held: str) -> list[tuple[int, str]]:
        """The canonical record headings whose id has date digits `part` and whose date is `day`
        (patterns): their offsets and ids. Looked for where `held`, which each of them holds,
        occurs (a C-level search for a rare string, not a match at every heading)."""
        pattern = re.compile(_canonical_heading(part, day))
        text, found, last = self.text, [], -1
        at = text.find(held)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            if start != last:
                last = start
                if (match := self._match_line(pattern, start)) is not None:
                    found.append((start, match.group(1)))
            at = text.find(held, at + 1)
        return found

    def _match_line(self, pattern: re.Pattern[str], start: int) -> re.Match[str] | None:
        """`pattern` (which begins with a line break) matched at the line starting at `start`."""
        text = self.text
        if start:
            return pattern.match(text, start - 1)
        end = text.find("\n")
        return pattern.match("\n" + text[: end + 1 if end >= 0 else len(text)])

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
        text = self.text
        following = _BOUNDARY.search(text, at)
        end = following.start() if following else len(text)
        lines = text[at:end].split("\n")
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
            line += self.text.count("\n", counted, at)
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
        text = self.text
        end = text.find("\n")
        first = "\n" + text[: end + 1 if end >= 0 else len(text)]
        english = _may_be_english(first) or _may_be_english(text)
        chinese = any(_MAY_BE_CHINESE.search(part) for part in (first, text))
        if english and chinese:
            return UNKNOWN
        # Fields of one language at most: the log's is that one if a record has a field.
        if english and self._a_record_has_fields(_MAY_BE_ENGLISH):
            return "en"
        if chinese and self._a_record_has_fields(_MAY_BE_CHINESE):
            return "zh"
        lines = text.split("\n", 20)[:20]
        return "en" if any(line.strip().lower() == "## records" for line in lines) else None

    def _a_record_has_fields(self, lines: re.Pattern[str]) -> bool:
        """Whether a record's section holds a field, looked for in the sections of the lines
        `lines` finds (every field's line is among them)."""
        seen: set[int] = set()
        for at, _ in self._matches(lines):
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
        text = self.text
        return at if text[at : at + 1] == "#" and _IS_BOUNDARY.match(text, at) else None
