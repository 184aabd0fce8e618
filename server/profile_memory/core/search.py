"""Search over memory (docs/format.md, "Agent journal"): the journal's semantics made safe for large
files, and log records.

Journal search streams: the last `limit` matches are kept, newest first; a line that cannot match is
not JSON-decoded. The raw pre-filter is conservative: a line with a backslash (a JSON escape may
hide the text) or with non-ASCII bytes is compared after decoding, so no match is ever missed.
"""

from __future__ import annotations

import datetime as dt
import heapq
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING

from profile_memory.core.journal import entry_from_json, lenient_entry
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
        entry = entry_from_json(raw) or lenient_entry(raw)
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
    journals: Iterable[tuple[PurePath, Iterable[tuple[int, bytes]]]],
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
            searched = search_journal(path, lines, query, tag, limit)
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
