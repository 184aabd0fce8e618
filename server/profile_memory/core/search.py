"""Search over memory (docs/format.md, "Agent journal"): the journal's semantics made safe for large
files, and log records.

Journal search streams: the last `limit` matches are kept, newest first; a line that cannot match is
not JSON-decoded. The raw pre-filter is conservative: a line with a backslash (a JSON escape may
hide the text) or with non-ASCII bytes is compared after decoding, so no match is ever missed.
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import heapq
import json
import json.scanner
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePath
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from profile_memory.core.messages import msg
from profile_memory.core.secrets import masked, may_hold_secret
from profile_memory.core.text import line_ends
from profile_memory.core.values import field, value_class

if TYPE_CHECKING:
    from profile_memory.core.index import LogFile
    from profile_memory.core.log import LogDoc, Record

KINDS = ("journal", "log")

DEFAULT_LIMIT = 20


def check_limit(limit: object) -> int:
    """`limit` must be a positive whole number (Cherry clamps; we refuse, docs/format.md, "Agent
    journal")."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(msg("search.limit", value=repr(limit)))
    return limit


@value_class(slots=True)  # not frozen: one is made per hit, and a frozen one costs 3× to make
class FoundEntry:
    """An entry as a search reads it (as leniently as Cherry's own search: any JSON object with a
    string `text`; `pmem check` still reports a line in another form, PM021), each secret in its
    text and tags already masked: nothing shows one."""

    ts: str
    tags: list[str]
    text: str


@value_class(slots=True)  # not frozen: one is made per hit, and a frozen one costs 3× to make
class JournalHit:
    path: PurePath
    line: int  # 0-based
    entry: FoundEntry


@value_class(slots=True)
class JournalResult:
    hits: list[JournalHit] = field(default_factory=list)  # newest first
    malformed: int = 0


@value_class(frozen=True, slots=True)
class _Query:
    """What a journal search asks, case-folded once."""

    text: str | None
    tag: str | None
    limit: int

    @classmethod
    def of(cls, query: str | None, tag: str | None, limit: int) -> _Query:
        check_limit(limit)
        return cls(query.casefold() if query else None, tag.casefold() if tag else None, limit)

    @property
    def needle(self) -> str:
        """What a line must hold to be a candidate (a tag is written in the line as it is)."""
        return self.text or self.tag or ""

    def may_match(self, raw: bytes) -> bool:
        """False only when the line cannot hold the text and the tag asked for (`_may_match`)."""
        return (not self.text or _may_match(raw, self.text, self.text.encode())) and (
            not self.tag or _may_match(raw, self.tag, self.tag.encode())
        )


# `json.loads` without its three Python-level layers: the C scanner a decoder makes for itself
# (`JSONDecoder.scan_once`), made here by the function `json.scanner` exports for it. It is no
# documented API: tests/unit/test_json_scanner.py holds it equal to the public
# `JSONDecoder.raw_decode` (which calls it and turns its StopIteration into a JSONDecodeError), so
# a Python that changes it fails there, not in a search.
# (typeshed types the scanner's context, which is duck-typed, as a scanner)
_SCAN: Callable[[str, int], tuple[object, int]] = json.scanner.make_scanner(
    json.JSONDecoder()  # type: ignore[arg-type]
)


_SPACE = " \t\n\r"  # what JSON allows around a value


_ESCAPED = frozenset('"\\/') | frozenset(chr(c) for c in range(0x20))


def _may_match(raw: bytes, needle: str, needle_bytes: bytes) -> bool:
    """False only when the line cannot contain `needle` once decoded; decoding is left for the
    rest."""
    if b"\\" in raw:
        if not _ESCAPED.isdisjoint(needle):
            return True  # the needle has characters JSON writes escaped (quotes, backslashes, …)
        if b"\\u" in raw and (
            not needle.isascii() or any(map(raw.lower().__contains__, _escapes_into(needle)))
        ):
            return True  # a \u escape may hide a character of it
    if not raw.isascii():
        return needle in raw.decode("utf-8", errors="replace").casefold()
    return needle_bytes in raw.lower()


def _looks_like_object(raw: bytes) -> bool:
    if raw[:1] == b"{" and raw[-1:] == b"}":  # nearly every line: no copy stripped
        return True
    stripped = raw.strip()
    return stripped[:1] == b"{" and stripped[-1:] == b"}"


@value_class(frozen=True, slots=True)
class Block:
    """Whole lines of a journal read together: the 0-based number of the last one, and their bytes
    (without the final line break)."""

    last: int
    data: bytes

    def split(self) -> tuple[int, list[bytes]]:
        """The number of its first line, and its lines (each may end with `\r`)."""
        parts = self.data.split(b"\n")
        return self.last - len(parts) + 1, parts

    def lines_newest_first(self) -> Iterator[tuple[int, bytes]]:
        first, parts = self.split()
        for offset in range(len(parts) - 1, -1, -1):
            yield first + offset, parts[offset].rstrip(b"\r")


@value_class(frozen=True, slots=True)
class Blocks:
    """A journal file as blocks of whole lines, newest first, each without its final line break, and
    the file's line count given the lines of the blocks read (see `search_journal_blocks`)."""

    blocks: Iterable[bytes]
    lines: Callable[[int], int]


def _start_of_line(data: bytes, after: int) -> int:
    """Where the line starts that `after` lines follow in the block (found from its end: a search
    that stops, stops near it)."""
    at = len(data)
    for _ in range(after + 1):
        at = data.rfind(b"\n", 0, at)
    return at + 1


def _not_objects_from(data: bytes, offset: int = 0) -> int:
    """The lines of a block from `offset` (a line's start) that are neither blank nor a JSON
    object's braces (each one malformed). Only the lines beside a line feed that does not stand
    between a closing and an opening brace are looked at one by one: most journals have none."""
    starts = {offset, data.rfind(b"\n") + 1}  # the first line and the last
    for feed in map(_START, _ODD_FEED.finditer(data, offset)):
        starts.update((data.rfind(b"\n", 0, feed) + 1, feed + 1))
    odd = (data[start : _line_end(data, start)] for start in starts if start >= offset)
    return sum(1 for line in odd if line.strip() and not _looks_like_object(line))


# A line feed after anything but a closing brace, or before anything but an opening one (a regular
# expression that starts with a literal is scanned for at the speed of a byte search). What follows
# is looked at, not taken: of a blank line's two line feeds, the second is looked at too.
_ODD_FEED = re.compile(rb"\n(?:(?=[^{])|(?<=[^}]\n))")


_START = re.Match.start


# The characters besides ASCII whose case folding holds an ASCII character (ß, ſ, the Kelvin sign,
# the ligatures ﬀ…ﬆ, …; a test checks the list against the Unicode database): a line may hold an
# ASCII needle once case-folded only through one of them.
FOLDING_TO_ASCII = (
    "\xdf\u0130\u0149\u017f\u01f0\u1e96\u1e97\u1e98\u1e99\u1e9a\u1e9e\u212a"
    "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"
)


# Characters that case folding leaves as they are and that no other character folds into (CJK,
# kana, hangul, their punctuation, emoji, ASCII besides letters; a test checks them against the
# Unicode database): a needle made of them is in a folded line only where its bytes are in the line.
# Told by code point (a character class of these ranges took 2 ms to compile, at every start).
_FOLD_STABLE_RANGES = (
    (0x00, 0x40),
    (0x5B, 0x60),
    (0x7B, 0x7F),
    (0x2E80, 0x2FDF),
    (0x3000, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xF900, 0xFAFF),
    (0xFF01, 0xFF20),
    (0x1F300, 0x1FAFF),
)
_FOLD_STABLE_BOUNDS = [bound for low, high in _FOLD_STABLE_RANGES for bound in (low, high + 1)]


def fold_stable(text: str) -> bool:
    """Whether `text` is made of fold-stable characters only (and is not empty)."""
    bounds = _FOLD_STABLE_BOUNDS
    return bool(text) and all(bisect_right(bounds, ord(char)) % 2 for char in text)


@functools.lru_cache(maxsize=64)
def _folding_into(needle: str) -> list[bytes]:
    """The characters of `FOLDING_TO_ASCII` (UTF-8) through which a line may hold the ASCII
    `needle`: those whose case folding can overlap it (`ẗ` folds to `t` and a combining mark, so
    it serves only a needle that ends with `t`; `ﬅ` serves `st`, `test`, `sun`…). Each one costs a
    scan of every block: most needles need none or one."""
    return [char.encode() for char in FOLDING_TO_ASCII if _overlaps(char.casefold(), needle)]


def _overlaps(folded: str, needle: str) -> bool:
    """Whether `needle` and `folded` agree wherever they overlap, at some alignment."""
    for shift in range(1 - len(needle), len(folded)):
        pairs = [
            (needle[i], folded[i + shift])
            for i in range(len(needle))
            if 0 <= i + shift < len(folded)
        ]
        if all(a == b for a, b in pairs):
            return True
    return False


def _candidate_spans(data: bytes, needle: str) -> tuple[Iterable[_Span], set[int]]:
    """The lines of a block that hold `needle` once case-folded (found without decoding when the
    needle is ASCII), as (an offset in the line, the offset of its end) in the block's order; and
    the starts of the lines on which an escape or a character folding to ASCII may hide it:
    together a superset of the lines `_may_match` keeps, and it keeps every one of the first.
    Offsets, not line numbers: the block is never split."""
    escapes, haystack = [b"\\u"], data  # a \u escape may hide any character
    hidden: set[int] = set()
    holding: Iterable[_Span]
    if "\n" in needle:  # no line holds one as it is (and its find would run into the next line)
        holding = ()
    elif needle.isascii():
        haystack = data.lower()
        holding = _found_in(haystack, needle.encode())
        # a character's lead byte is found at memchr speed: most blocks hold none of them
        hidden = _starts_holding(data, [char for char in _folding_into(needle) if char[:1] in data])
        escapes = _escapes_into(needle)
    elif fold_stable(needle):
        holding = _found_in(data, needle.encode())
    else:
        parts = data.split(b"\n")
        folded = data.decode("utf-8", errors="replace").casefold().split("\n")
        starts = [0, *line_ends(parts)]
        holding = [
            (starts[at], starts[at] + len(parts[at]))
            for at, line in enumerate(folded)
            if needle in line
        ]
    if b"\\" in data:
        if not _ESCAPED.isdisjoint(needle):
            hidden |= _starts_holding(data, [b"\\"])
        else:
            hidden |= _starts_holding(haystack, escapes)
    return holding, hidden


_Span = tuple[int, int]


def _line_end(data: bytes, start: int) -> int:
    end = data.find(b"\n", start)
    return end if end >= 0 else len(data)


def _found_in(data: bytes, *needles: bytes) -> Iterator[_Span]:
    """(where, the end of its line) of the first find on each line of `data` that holds `needles`
    (one, or several that start with the same byte), in order."""
    return map(_SPAN, _holding(needles).finditer(data))


def _starts_holding(data: bytes, needles: Iterable[bytes]) -> set[int]:
    """The offsets at which the lines of `data` start that hold any of `needles`."""
    firsts: dict[bytes, list[bytes]] = {}
    for needle in needles:
        firsts.setdefault(needle[:1], []).append(needle)
    rfind = data.rfind
    return {rfind(b"\n", 0, at) + 1 for same in firsts.values() for at, _ in _found_in(data, *same)}


@functools.lru_cache(maxsize=64)
def _holding(needles: tuple[bytes, ...]) -> re.Pattern[bytes]:
    """Any of `needles` and the rest of its line, so that each find resumes on the next line. A
    regular expression whose every match starts with one byte is scanned for at the speed of a
    byte search: faster than `bytes.find` for a needle that ends with a frequent byte, no slower
    for others (needles that start with different bytes would be tried at every byte)."""
    return re.compile(b"(?:" + b"|".join(map(re.escape, needles)) + rb")[^\n]*")


_SPAN = re.Match.span


@functools.lru_cache(maxsize=64)
def _escapes_into(needle: str) -> list[bytes]:
    """The \\u escapes (lower-cased, as they are looked for in a lower-cased line or block) that may
    hide part of the ASCII `needle`: those of its characters in either case, and of the characters
    of `_folding_into(needle)`. The escapes of any other character (a journal written with
    `ensure_ascii` escapes all its Chinese and accents) cannot."""
    chars = {*needle, *needle.upper(), *map(bytes.decode, _folding_into(needle))}
    return sorted(f"\\u{ord(char):04x}".encode() for char in chars)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _uncollected(search: Callable[_P, _R]) -> Callable[_P, _R]:
    """`search` with the cyclic garbage collector paused: a search that returns every hit makes
    several objects per hit and keeps them all, none in a cycle, and in a process with a large heap
    (the language server's) the collector would walk it again every few hundred objects made."""

    @functools.wraps(search)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():  # paused by the caller (or a search in another thread)
            return search(*args, **kwargs)
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            gc.enable()

    return paused


@_uncollected
def search_journal_blocks(
    path: PurePath,
    blocks: Blocks,
    query: str | None = None,
    tag: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> JournalResult:
    """`search_journal` over a file read in blocks: each block is searched for the query (or tag)
    at C speed, as bytes; only its candidate lines are looked at one by one. Same hits, same
    order, same count of malformed lines met. Hits are numbered from the file's end as each block's
    lines are counted (once), and from its start when the search stops."""
    asked = _Query.of(query, tag, limit)
    result = JournalResult()
    after = 0  # the lines of the blocks searched
    for data in blocks.blocks:
        block = Block(-after - 1, data)
        if asked.needle:
            found, lines = _search_block(path, block, asked, len(result.hits))
        else:
            found = _search_lines(path, block.lines_newest_first(), asked, len(result.hits))
            lines = data.count(b"\n") + 1
        after += lines
        result.hits += found.hits
        result.malformed += found.malformed
        if len(result.hits) >= limit:
            break
    total = blocks.lines(after)
    for hit in result.hits:
        hit.line += total
    return _masked(result)


def _search_block(
    path: PurePath, block: Block, asked: _Query, made: int
) -> tuple[JournalResult, int]:
    """The candidate lines searched one by one, and the lines that are no object counted at once
    up to where the search stopped; and the block's line count. The block is not split into lines:
    the candidates are cut out of it, and numbered by counting the line feeds before each (one pass
    over the block)."""
    data = block.data
    holding, hidden = _candidate_spans(data, asked.needle)
    if hidden:  # few lines, and those both found and hidden are met twice
        holding = sorted([*holding, *((start, _line_end(data, start)) for start in hidden)])
    # a line holding the text is a match at once, unless a tag is asked too or it is only hidden
    # (or the needle holds a carriage return: it may be found in the one that ends a CRLF line)
    sure = not (asked.text and asked.tag) and "\r" not in asked.needle
    may_match, count, rfind, candidates = asked.may_match, data.count, data.rfind, []
    line = counted = 0
    previous = -1
    for at, end in holding:
        start = rfind(b"\n", 0, at) + 1
        if start == previous:  # found and hidden
            continue
        line += count(b"\n", counted, start)
        counted = previous = start
        raw = data[start:end]
        if raw[-1:] == b"\r":
            raw = raw[:-1]
        # the lines that look like no object are counted below
        if (raw[:1] == b"{" and raw[-1:] == b"}" or _looks_like_object(raw)) and (
            sure and start not in hidden or may_match(raw)
        ):
            candidates.append((line, raw))
    lines = line + count(b"\n", counted) + 1
    first = block.last - lines + 1
    candidates.reverse()
    found = JournalResult()
    _read(path, candidates, asked, made, found, first)
    if made + len(found.hits) < asked.limit:  # the whole block was met
        found.malformed += _not_objects_from(data)
    else:  # stopped on a line: the malformed lines from the block's end to it were met
        after = block.last - found.hits[-1].line
        found.malformed += _not_objects_from(data, _start_of_line(data, after))
    return found, lines


@_uncollected
def search_journal(
    path: PurePath,
    numbered_lines: Iterable[tuple[int, bytes]],
    query: str | None = None,
    tag: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> JournalResult:
    """Entries whose text contains `query` (casefold) and that carry `tag` (whole,
    case-insensitive).

    `numbered_lines` are (0-based line, raw bytes) newest first, i.e. from the end of the file: the
    search stops at the `limit`-th match, so its cost follows the hits, not the journal's length.
    Malformed lines met on the way are counted.
    """
    return _masked(_search_lines(path, numbered_lines, _Query.of(query, tag, limit), 0))


def _masked(result: JournalResult) -> JournalResult:
    """The result with each secret in its entries masked: every hit's text is scanned at once, as
    most hold none."""
    texts = []
    for hit in result.hits:  # a loop, not a generator: it runs once per hit
        texts.append(hit.entry.text)
        texts += hit.entry.tags
    if not may_hold_secret("\n".join(texts)):
        return result
    for at, hit in enumerate(result.hits):
        entry = hit.entry
        if may_hold_secret("\n".join(_texts(entry))):
            tags = [masked(tag) for tag in entry.tags]
            result.hits[at] = JournalHit(
                hit.path, hit.line, FoundEntry(entry.ts, tags, masked(entry.text))
            )
    return result


def _texts(entry: FoundEntry) -> list[str]:
    return [entry.text, *entry.tags]


def _search_lines(
    path: PurePath, numbered_lines: Iterable[tuple[int, bytes]], asked: _Query, made: int
) -> JournalResult:
    """The line-by-line search, `made` hits already made."""
    result = JournalResult()

    def candidates() -> Iterator[tuple[int, bytes]]:
        for index, raw in numbered_lines:
            if not raw.strip():
                continue
            if not _looks_like_object(raw):
                result.malformed += 1
            elif asked.may_match(raw):
                yield index, raw

    _read(path, candidates(), asked, made, result)
    return result


def _read(
    path: PurePath,
    candidates: Iterable[tuple[int, bytes]],
    asked: _Query,
    made: int,
    result: JournalResult,
    first: int = 0,
) -> None:
    """Each candidate line decoded (as `json.loads` decodes bytes) and matched, up to the limit: an
    entry is any JSON object with a string `text`; a line that holds none is malformed. A
    candidate's line is counted from `first`. One loop without calls of our own: it runs once per
    candidate of a search that may print every hit."""
    hits, room, text_asked, tag_asked = result.hits, asked.limit - made, asked.text, asked.tag
    for index, raw in candidates:
        try:
            line = raw.decode("utf-8", "surrogatepass")
            data, end = _SCAN(line, 0 if line[:1] == "{" else len(line) - len(line.lstrip(_SPACE)))
        except (UnicodeDecodeError, StopIteration, ValueError, RecursionError):
            data = None
        else:
            if end != len(line) and line[end:].strip(_SPACE):
                data = None  # something after the value
        if type(data) is not dict or type(text := data.get("text")) is not str:
            result.malformed += 1
            continue
        if text_asked and text_asked not in text.casefold():
            continue
        tags = data.get("tags")
        if type(tags) is not list:
            tags = []
        elif tags:
            try:  # a fresh list from the decoder: kept when every tag is a string (found in C)
                "".join(tags)
            except TypeError:
                tags = [t for t in tags if type(t) is str]
        if tag_asked and not any(t.casefold() == tag_asked for t in tags):
            continue
        ts = data.get("ts")
        hits.append(
            JournalHit(path, first + index, FoundEntry(ts if type(ts) is str else "", tags, text))
        )
        if len(hits) == room:
            break


def newest_first(lines: list[bytes]) -> Iterable[tuple[int, bytes]]:
    """In-memory lines (an open editor buffer) in the order `search_journal` reads them."""
    return ((index, lines[index]) for index in range(len(lines) - 1, -1, -1))


@value_class(frozen=True, slots=True)
class LogHit:
    path: PurePath
    line: int
    id: str
    date: str
    text: str  # the heading title or the field value that matched


def _date(day: dt.date | None) -> str:
    return day.isoformat() if day is not None else ""  # undated (a slipped heading) sorts last


def search_log(path: PurePath, doc: LogDoc, query: str) -> list[LogHit]:
    """Records whose heading or field values contain `query` (casefold); one hit per record, its
    heading's title if the heading holds it, else its first value that does. A parse searched a
    second time is searched through its `_LogText`, made then and kept for it: a long-lived
    process (`pmem mcp`, the editor) answers at C speed in the hits, not the log's length."""
    needle = query.casefold()
    if not needle or "\n" in needle:  # matches no piece of a `_LogText` (or every one)
        return _scanned(path, doc, needle)
    stamp, known = _LOG_TEXTS.get(path, (None, None))
    if stamp is not doc.stamp:  # searched once: a one-off search (`pmem search`) scans
        if len(_LOG_TEXTS) >= _LOG_TEXTS_KEPT:  # more logs than a workspace holds: start again
            _LOG_TEXTS.clear()
        _LOG_TEXTS[path] = (doc.stamp, None)
        return _scanned(path, doc, needle)
    if known is None:
        known = _LogText.of(doc)
        _LOG_TEXTS[path] = (stamp, known)
    return known.hits(path, doc, needle)


def _scanned(path: PurePath, doc: LogDoc, needle: str) -> list[LogHit]:
    hits = []
    for record in doc.records:
        if record.id is None:
            continue
        if needle in doc.lines[record.line].casefold():
            hits.append(LogHit(path, record.line, record.id, _date(record.date), record.title))
            continue
        for line, value in record.values():
            if needle in value.casefold():
                hits.append(LogHit(path, line, record.id, _date(record.date), value))
                break
    return hits


@value_class(frozen=True, slots=True)
class _LogText:
    """A parse's searched pieces (each record's heading line, then its values in order), each
    case-folded, joined by line feeds: a query without one matches within a piece, found by
    `str.find`. Where each piece starts, and its record and line, are kept in arrays."""

    text: str
    starts: array[int]
    records: array[int]  # the index in `doc.records` of each piece's record
    lines: array[int]
    ends: list[int]  # where each record's last piece ends, by record index (-1: not searched)

    @classmethod
    def of(cls, doc: LogDoc) -> _LogText:
        pieces, starts, records, lines = [], array("q"), array("q"), array("q")
        ends, at = [-1] * len(doc.records), 0
        for index, record in enumerate(doc.records):
            if record.id is None:
                continue
            for line, piece in ((record.line, doc.lines[record.line]), *record.values()):
                folded = piece.casefold()
                pieces.append(folded)
                starts.append(at)
                records.append(index)
                lines.append(line)
                at += len(folded) + 1
            ends[index] = at - 1
        return cls("\n".join(pieces), starts, records, lines, ends)

    def hits(self, path: PurePath, doc: LogDoc, needle: str) -> list[LogHit]:
        hits, find = [], self.text.find
        at = find(needle)
        while at >= 0:
            piece = bisect_right(self.starts, at) - 1
            index, line = self.records[piece], self.lines[piece]
            record = doc.records[index]
            assert record.id is not None  # only records with an id have pieces
            text = record.title if line == record.line else _value_at(record, line)
            hits.append(LogHit(path, line, record.id, _date(record.date), text))
            at = find(needle, self.ends[index])  # one hit per record: on to the next one
        return hits


def _value_at(record: Record, line: int) -> str:
    return next(value for at, value in record.values() if at == line)


# The latest parse searched of each log (its `LogDoc.stamp`, a parse's identity) and, once it has
# been searched twice, its `_LogText`: one per log, so an edited log's older text is let go.
_LOG_TEXTS: dict[PurePath, tuple[object, _LogText | None]] = {}
_LOG_TEXTS_KEPT = 16


@value_class(slots=True)
class MemoryHits:
    hits: list[JournalHit | LogHit] = field(default_factory=list)  # newest first
    malformed: int = 0  # journal lines skipped on the way


def _when(hit: JournalHit | LogHit) -> str:
    """The hit's time as a sortable string: a journal entry's `ts`, a record's date (a record sorts
    after the entries of its own day: it has no time)."""
    return hit.entry.ts if isinstance(hit, JournalHit) else hit.date


def search_memory(
    journals: Iterable[tuple[PurePath, Iterable[tuple[int, bytes]] | Blocks]],
    logs: Iterable[LogFile],
    query: str | None,
    tag: str | None = None,
    limit: int = DEFAULT_LIMIT,
    kinds: Iterable[str] = KINDS,
) -> MemoryHits:
    """Journal entries and log records together, newest first, at most `limit` in all
    (docs/format.md, "Agent journal"): `pmem search` and the server's `profileMemory.search`.

    `journals` are (path, numbered lines newest first). Records carry no tags, so a search with a
    `tag`, or without a `query`, finds journal entries only. Within a log, later records of the
    same date come first."""
    check_limit(limit)
    kinds = set(kinds)
    result = MemoryHits()
    found: list[list[JournalHit | LogHit]] = []
    if "journal" in kinds:
        for path, lines in journals:
            searched = (
                search_journal_blocks(path, lines, query, tag, limit)
                if isinstance(lines, Blocks)
                else search_journal(path, lines, query, tag, limit)
            )
            result.malformed += searched.malformed
            found.append(list(searched.hits))
    if "log" in kinds and query and not tag:
        for log in logs:
            records = search_log(log.path, log.doc, query)
            found.append(sorted(reversed(records), key=_when, reverse=True))
    if len(found) == 1:  # one journal: its hits are in order already (and may be every one)
        result.hits = found[0][:limit]
    else:
        result.hits = list(heapq.merge(*found, key=_when, reverse=True))[:limit]
    return result


def hit_fields(hit: JournalHit | LogHit) -> dict[str, object]:
    """What a hit says, but where it is (each front end writes the place its own way)."""
    if isinstance(hit, JournalHit):
        return {
            "kind": "journal",
            "ts": hit.entry.ts,
            "tags": hit.entry.tags,
            "text": hit.entry.text,
        }
    return {"kind": "log", "id": hit.id, "date": hit.date, "text": masked(hit.text)}
