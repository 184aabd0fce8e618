"""The agent journal `JOURNAL.jsonl` (SPEC §6): one Cherry Studio entry per line, as pydantic models."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from profile_memory.core.text import line_count, split_lines

_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")


class JournalEntry(BaseModel):
    """One entry, keys in Cherry's order: `{"ts": …, "tags": […], "text": …}`."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    ts: str
    tags: list[str]
    text: str

    @field_validator("ts")
    @classmethod
    def _iso_utc_millis(cls, value: str) -> str:
        if not _TIMESTAMP.fullmatch(value):
            raise ValueError("must be ISO-8601 UTC with milliseconds, like 2026-04-12T01:02:14.123Z")
        try:
            dt.datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%fZ")
        except ValueError:
            raise ValueError(f"{value} is not a real time") from None
        return value

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must be a non-empty string")
        return value

    def to_line(self) -> str:
        """The compact line Cherry writes, non-ASCII kept, without the final newline."""
        return json.dumps({"ts": self.ts, "tags": self.tags, "text": self.text}, ensure_ascii=False,
                          separators=(",", ":"))


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "entry"
        if item["type"] == "missing":
            parts.append(f"`{where}` is missing")
        else:
            message = item["msg"].removeprefix("Value error, ")
            parts.append(f"`{where}` {message[0].lower()}{message[1:]}" if message else f"`{where}` is invalid")
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class JournalLine:
    """A line of the journal: its entry, or why it has none (`code` PM020 or PM021)."""

    line: int  # 0-based
    raw: str
    entry: JournalEntry | None
    code: str | None = None
    problem: str | None = None


def parse_line(index: int, raw: str, last: bool = False) -> JournalLine:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        torn = " (a torn write: the last line has no newline)" if last else ""
        return JournalLine(index, raw, None, "PM020", f"line {index + 1} is not valid JSON{torn}")
    if not isinstance(data, dict):
        return JournalLine(index, raw, None, "PM020", f"line {index + 1} is JSON but not an object")
    try:
        return JournalLine(index, raw, JournalEntry.model_validate(data))
    except ValidationError as error:
        return JournalLine(index, raw, None, "PM021", f"line {index + 1}: {_describe(error)}")


def iter_journal(text: str) -> Iterator[JournalLine]:
    """Every non-blank line, parsed. Blank lines carry nothing and are skipped."""
    lines = split_lines(text)
    count = line_count(lines)
    torn = bool(text) and not text.endswith(("\n", "\r"))
    for index in range(count):
        raw = lines[index]
        if raw.strip():
            yield parse_line(index, raw, last=torn and index == count - 1)
