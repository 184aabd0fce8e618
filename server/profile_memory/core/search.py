"""Search over memory (docs/format.md, "Agent journal"): the journal's semantics made safe for large
files, and log records.

Journal search streams: the last `limit` matches are kept, newest first; a line that cannot match is
not JSON-decoded. The raw pre-filter is conservative: a line with a backslash (a JSON escape may
hide the text) or with non-ASCII bytes is compared after decoding, so no match is ever missed.
"""

from __future__ import annotations

import datetime as dt
import heapq
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING, AnyStr

from profile_memory.core.journal import lenient_entry
from profile_memory.core.log import LogDoc
from profile_memory.core.secrets import masked

if TYPE_CHECKING:
    from profile_memory.core.index import LogFile
    from profile_memory.core.journal_model import JournalEntry

KINDS = ("journal", "log")

DEFAULT_LIMIT = 20


def check_limit(limit: object) -> int:
    """`limit` must be a positive whole number (Cherry clamps; we refuse, docs/format.md, "Agent
    journal")."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive whole number, not {limit!r}")
    return limit


@dataclass(frozen=True, slots=True)
class JournalHit:
    path: PurePath
    line: int  # 0-based
    entry: JournalEntry


@dataclass(slots=True)
class JournalResult:
    hits: list[JournalHit] = field(default_factory=list)  # newest first
    malformed: int = 0


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
    stripped = raw.strip()
    return stripped.startswith(b"{") and stripped.endswith(b"}")


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of a journal read together: the 0-based number of the last one, and their bytes
    (without the final line break)."""

    last: int
    data: bytes

    def lines_newest_first(self) -> Iterator[tuple[int, bytes]]:
        parts = self.data.split(b"\n")
        first = self.last - len(parts) + 1
        for offset in range(len(parts) - 1, -1, -1):
            yield first + offset, parts[offset].rstrip(b"\r")


@dataclass(frozen=True, slots=True)
class Blocks:
    """A journal file as blocks of lines, newest first (see `search_journal_blocks`)."""

    blocks: Iterable[Block]


_BLANK = re.compile(rb"^[ \t\r\f\v]*$", re.M)
_OBJECT = re.compile(rb"^[ \t\r\f\v]*\{.*\}[ \t\r\f\v]*$", re.M)


def _not_objects(data: bytes) -> int:
    """Lines that are neither blank nor a JSON object's braces (each one malformed)."""
    return data.count(b"\n") + 1 - len(_BLANK.findall(data)) - len(_OBJECT.findall(data))


def _lines_holding(text: AnyStr, needle: AnyStr, newline: AnyStr) -> set[int]:
    """The 0-based lines of `text` on which `needle` occurs, found with C-level searches."""
    found: set[int] = set()
    line, counted_to = 0, 0
    at = text.find(needle)
    while at >= 0:
        line += text.count(newline, counted_to, at)
        found.add(line)
        end = text.find(newline, at)
        if end < 0:
            break
        counted_to = end
        at = text.find(needle, end + 1)
    return found


def _candidate_lines(data: bytes, needle: str) -> set[int]:
    """The lines of a block that may hold `needle` (casefolded): those whose case-folded text has
    it, and those where a JSON escape may hide it (as `_may_match` decides per line)."""
    found = _lines_holding(data.decode("utf-8", errors="replace").casefold(), needle, "\n")
    if b"\\" in data:
        found |= _lines_holding(data, b"\\u", b"\n")
        if not _ESCAPED.isdisjoint(needle):
            found |= _lines_holding(data, b"\\", b"\n")
    return found


def search_journal_blocks(
    path: PurePath,
    blocks: Iterable[Block],
    query: str | None = None,
    tag: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> JournalResult:
    """`search_journal` over a file read in blocks: each block is decoded and case-folded once
    and searched for the query (or tag) at C speed; only its candidate lines are looked at one
    by one. Same hits, same order, same count of malformed lines met."""
    check_limit(limit)
    needle = (query or tag or "").casefold()
    result = JournalResult()
    for block in blocks:
        if not needle:
            lines = block.lines_newest_first()
        else:
            parts = block.data.split(b"\n")
            first = block.last - len(parts) + 1
            lines = (
                (first + offset, parts[offset].rstrip(b"\r"))
                for offset in sorted(_candidate_lines(block.data, needle), reverse=True)
                if _looks_like_object(parts[offset])
            )
        found = search_journal(path, lines, query, tag, limit - len(result.hits))
        result.hits += found.hits
        if not needle:
            result.malformed += found.malformed
        elif len(result.hits) < limit:  # the whole block was met
            result.malformed += found.malformed + _not_objects(block.data)
        else:  # stopped on a line: the malformed lines from the block's end to it were met
            stop = found.hits[-1].line - first
            result.malformed += found.malformed + _not_objects(b"\n".join(parts[stop:]))
        if len(result.hits) >= limit:
            break
    return result


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
    check_limit(limit)
    query_cf = query.casefold() if query else None
    tag_cf = tag.casefold() if tag else None
    query_bytes = query_cf.encode() if query_cf else b""
    tag_bytes = tag_cf.encode() if tag_cf else b""
    result = JournalResult()
    for index, raw in numbered_lines:
        if not raw.strip():
            continue
        if not _looks_like_object(raw):
            result.malformed += 1
            continue
        if query_cf and not _may_match(raw, query_cf, query_bytes):
            continue
        if tag_cf and not _may_match(raw, tag_cf, tag_bytes):
            continue
        # every valid entry reads the same leniently: no model validation on this path
        entry = lenient_entry(raw)
        if entry is None:
            result.malformed += 1
            continue
        if query_cf and query_cf not in entry.text.casefold():
            continue
        if tag_cf and not any(t.casefold() == tag_cf for t in entry.tags):
            continue
        result.hits.append(JournalHit(path, index, entry))
        if len(result.hits) == limit:
            break
    return result


def newest_first(lines: list[bytes]) -> Iterable[tuple[int, bytes]]:
    """In-memory lines (an open editor buffer) in the order `search_journal` reads them."""
    return ((index, lines[index]) for index in range(len(lines) - 1, -1, -1))


@dataclass(frozen=True, slots=True)
class LogHit:
    path: PurePath
    line: int
    id: str
    date: str
    text: str  # the heading title or the field value that matched


def _date(day: dt.date | None) -> str:
    return day.isoformat() if day is not None else ""  # undated (a slipped heading) sorts last


def search_log(path: PurePath, doc: LogDoc, query: str) -> list[LogHit]:
    """Records whose heading or field values contain `query` (casefold); one hit per record."""
    needle = query.casefold()
    hits = []
    for record in doc.records:
        if record.id is None:
            continue
        if needle in doc.lines[record.line].casefold():
            hits.append(LogHit(path, record.line, record.id, _date(record.date), record.title))
            continue
        for found in record.fields.values():
            if needle in found.value.casefold():
                hits.append(LogHit(path, found.line, record.id, _date(record.date), found.value))
                break
    return hits


@dataclass(slots=True)
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
    result.hits = list(heapq.merge(*found, key=_when, reverse=True))[:limit]
    return result


def hit_fields(hit: JournalHit | LogHit) -> dict[str, object]:
    """What a hit says, but where it is (each front end writes the place its own way)."""
    if isinstance(hit, JournalHit):
        return {
            "kind": "journal",
            "ts": hit.entry.ts,
            "tags": [masked(tag) for tag in hit.entry.tags],
            "text": masked(hit.entry.text),
        }
    return {"kind": "log", "id": hit.id, "date": hit.date, "text": masked(hit.text)}
