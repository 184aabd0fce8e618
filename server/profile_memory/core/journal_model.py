"""A journal entry as a pydantic model (docs/format.md, "Agent journal"): strict types, Cherry's key
order, checked timestamps.

Imported on first use through `journal`, so that the server starts without importing pydantic.
"""

from __future__ import annotations

import datetime as dt
import json
import re

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

__all__ = ["JournalEntry", "ValidationError", "validation_message"]

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
            raise ValueError(
                "must be ISO-8601 UTC with milliseconds, like 2026-04-12T01:02:14.123Z"
            )
        try:
            dt.datetime.fromisoformat(value[:-1])  # C speed; strptime cost a search with many hits
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
        return json.dumps(
            {"ts": self.ts, "tags": self.tags, "text": self.text},
            ensure_ascii=False,
            separators=(",", ":"),
        )


def validation_message(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "entry"
        if item["type"] == "missing":
            parts.append(f"`{where}` is missing")
        else:
            message = item["msg"].removeprefix("Value error, ")
            parts.append(
                f"`{where}` {message[0].lower()}{message[1:]}"
                if message
                else f"`{where}` is invalid"
            )
    return "; ".join(parts)
