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
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
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
    if b"\\u" in raw:
        return True  # a \u escape may hide any character
    if b"\\" in raw and not _ESCAPED.isdisjoint(needle):
        return True  # the needle has characters JSON writes escaped (quotes, backslashes, controls)
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
    """A journal file as blocks of lines, newest first (see `search_journal_blocks`)."""

    blocks: Iterable[Block]


def _not_objects(parts: list[bytes]) -> int:
    """Lines that are neither blank nor a JSON object's braces (each one malformed)."""
    try:
        firsts, lasts = bytes(map(_FIRST, parts)), bytes(map(_LAST, parts))
    except IndexError:  # an empty line
        pass
    else:  # only the lines that do not open and close a brace are looked at one by one
        odd = {m.start() for m in _NOT_OPENING.finditer(firsts)}
        odd.update(m.start() for m in _NOT_CLOSING.finditer(lasts))
        return sum(1 for at in odd if parts[at].strip() and not _looks_like_object(parts[at]))
    return sum(1 for line in parts if line.strip() and not _looks_like_object(line))


_NOT_OPENING, _NOT_CLOSING = re.compile(rb"[^{]"), re.compile(rb"[^}]")


_FIRST, _LAST = itemgetter(0), itemgetter(-1)


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


def _candidate_starts(data: bytes, needle: str) -> tuple[set[int], set[int]]:
    """Where the lines of a block start that hold `needle` once case-folded (found without decoding
    when the needle is ASCII), and where those start on which an escape or a character folding to
    ASCII may hide it: together a superset of the lines `_may_match` keeps, and it keeps every one
    of the first. Offsets, not line numbers: the block is never split."""
    escapes, haystack = [b"\\u"], data  # a \u escape may hide any character
    if needle.isascii():
        haystack = data.lower()
        holding = _starts_holding(haystack, [needle.encode()])
        # a character's lead byte is found at memchr speed: most blocks hold none of them
        hidden = _starts_holding(data, [char for char in _folding_into(needle) if char[:1] in data])
        escapes = _escapes_into(needle)
    elif fold_stable(needle):
        holding, hidden = _starts_holding(data, [needle.encode()]), set()
    else:
        folded = data.decode("utf-8", errors="replace").casefold().split("\n")
        starts = [0, *line_ends(data.split(b"\n"))]
        holding, hidden = {starts[at] for at, line in enumerate(folded) if needle in line}, set()
    if b"\\" in data:
        if not _ESCAPED.isdisjoint(needle):
            hidden |= _starts_holding(data, [b"\\"])
        else:
            hidden |= _starts_holding(haystack, escapes)
    return holding, hidden - holding


def _starts_holding(data: bytes, needles: Iterable[bytes]) -> set[int]:
    """The offsets at which the lines of `data` start that hold any of `needles`: a C-level search
    over the whole block, resumed on the line after each find (one call per hit)."""
    found: set[int] = set()
    for needle in needles:
        at = data.find(needle)
        while at >= 0:
            found.add(data.rfind(b"\n", 0, at) + 1)
            end = data.find(b"\n", at)
            at = data.find(needle, end) if end >= 0 else -1
    return found


@functools.lru_cache(maxsize=64)
def _escapes_into(needle: str) -> list[bytes]:
    """The \\u escapes (lower-cased, as they are looked for in a lower-cased block) that may hide
    part of the ASCII `needle`: those of ASCII and Latin-1 characters, and of the characters of
    `_folding_into(needle)`. The escapes of other characters (a journal written with
    `ensure_ascii` escapes all its Chinese) cannot."""
    return [b"\\u00"] + [
        f"\\u{ord(char):04x}".encode() for char in map(bytes.decode, _folding_into(needle))
    ]


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
    blocks: Iterable[Block],
    query: str | None = None,
    tag: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> JournalResult:
    """`search_journal` over a file read in blocks: each block is searched for the query (or tag)
    at C speed, as bytes; only its candidate lines are looked at one by one. Same hits, same
    order, same count of malformed lines met."""
    asked = _Query.of(query, tag, limit)
    result = JournalResult()
    for block in blocks:
        if asked.needle:
            found = _search_block(path, block, asked, len(result.hits))
        else:
            found = _search_lines(path, block.lines_newest_first(), asked, len(result.hits))
        result.hits += found.hits
        result.malformed += found.malformed
        if len(result.hits) >= limit:
            break
    return _masked(result)


def _search_block(path: PurePath, block: Block, asked: _Query, made: int) -> JournalResult:
    """The candidate lines searched one by one, and the lines that are no object counted at once
    up to where the search stopped. The block is not split into lines: the candidates are cut out
    of it, and numbered by counting the line feeds before each (one pass over the block)."""
    data = block.data
    holding, hidden = _candidate_starts(data, asked.needle)
    sure = set() if asked.text and asked.tag else holding  # a line with the text may lack the tag
    starts = sorted(holding | hidden)
    numbers, line, counted, count = [], 0, 0, data.count
    for start in starts:
        line += count(b"\n", counted, start)
        counted = start
        numbers.append(line)
    first = block.last - line - count(b"\n", counted)
    may_match, find, candidates = asked.may_match, data.find, []
    for at in range(len(starts) - 1, -1, -1):
        start = starts[at]
        end = find(b"\n", start)
        raw = data[start : end if end >= 0 else len(data)].rstrip(b"\r")
        # the lines that look like no object are counted below
        if _looks_like_object(raw) and (start in sure or may_match(raw)):
            candidates.append((first + numbers[at], raw))
    found = JournalResult()
    _read(path, candidates, asked, made, found)
    if made + len(found.hits) < asked.limit:  # the whole block was met
        found.malformed += _not_objects_in(data, block.last - first + 1)
    else:  # stopped on a line: the malformed lines from the block's end to it were met
        stop = starts[bisect_left(numbers, found.hits[-1].line - first)]
        found.malformed += _not_objects(data[stop:].split(b"\n"))
    return found


def _not_objects_in(data: bytes, lines: int) -> int:
    """`_not_objects` of the block's `lines` lines: 0 at once when each line feed stands between a
    closing and an opening brace, and the block starts and ends with them (most journals)."""
    if data[:1] == b"{" and data[-1:] == b"}" and data.count(b"}\n{") == lines - 1:
        return 0
    return _not_objects(data.split(b"\n"))


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
) -> None:
    """Each candidate line decoded (as `json.loads` decodes bytes) and matched, up to the limit: an
    entry is any JSON object with a string `text`; a line that holds none is malformed. One loop
    without calls of our own: it runs once per candidate of a search that may print every hit."""
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
        hits.append(JournalHit(path, index, FoundEntry(ts if type(ts) is str else "", tags, text)))
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
                search_journal_blocks(path, lines.blocks, query, tag, limit)
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
