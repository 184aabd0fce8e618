"""The agent journal `JOURNAL.jsonl` (docs/format.md, "Agent journal"): one Cherry Studio entry per
line.

Entries are pydantic models (`journal_model`), imported when a journal is first read or written.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from types import ModuleType
from typing import TYPE_CHECKING

from profile_memory.core.messages import msg
from profile_memory.core.text import line_count
from profile_memory.core.values import value_class

if TYPE_CHECKING:
    from profile_memory.core.journal_model import JournalEntry


@functools.cache
def _model() -> ModuleType:
    """pydantic's model, imported on first use (kept: a search may decode 100,000 entries)."""
    from profile_memory.core import journal_model

    return journal_model


def new_entry(ts: str, tags: list[str], text: str) -> JournalEntry:
    entry: JournalEntry = _model().JournalEntry(ts=ts, tags=tags, text=text)
    return entry


@value_class(frozen=True, slots=True)
class JournalLine:
    """A line of the journal: its entry, or why it has none (`code` PM020 or PM021)."""

    line: int  # 0-based
    raw: str
    entry: JournalEntry | None
    code: str | None = None
    problem: str | None = None


_ENTRY_SHAPE = '{"ts": …, "tags": […], "text": …}'


def parse_line(index: int, raw: str, last: bool = False) -> JournalLine:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        problem = msg("PM020.torn" if last else "PM020", shape=_ENTRY_SHAPE)
        return JournalLine(index, raw, None, "PM020", problem)
    if not isinstance(data, dict):
        return JournalLine(
            index,
            raw,
            None,
            "PM020",
            msg("PM020.not_object", type=type(data).__name__, shape=_ENTRY_SHAPE),
        )
    model = _model()
    try:
        return JournalLine(index, raw, model.JournalEntry.model_validate(data))
    except model.ValidationError as error:
        return JournalLine(index, raw, None, "PM021", model.validation_message(error))


def iter_journal(lines: list[str]) -> Iterator[JournalLine]:
    """Every non-blank line of a journal split into `lines` (`split_lines`), parsed. Blank lines
    carry nothing and are skipped; the last is torn when no line break ends it."""
    count = line_count(lines)
    torn = lines[-1] != ""
    for index in range(count):
        raw = lines[index]
        if raw.strip():
            yield parse_line(index, raw, last=torn and index == count - 1)
