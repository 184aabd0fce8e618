"""A journal entry as a pydantic model (docs/format.md, "Agent journal"): strict types, Cherry's key
order, checked timestamps.

Imported on first use through `journal`, so that the server starts without importing pydantic.
"""

from __future__ import annotations

import datetime as dt
import json
import re

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from profile_memory.core.messages import Text, joined, msg

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
            raise ValueError(msg("journal.ts_form"))
        try:
            dt.datetime.fromisoformat(value[:-1])  # C speed; strptime cost a search with many hits
        except ValueError:
            raise ValueError(msg("journal.not_a_time", value=value)) from None
        return value

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError(msg("journal.blank"))
        return value

    def to_line(self) -> str:
        """The compact line Cherry writes, non-ASCII kept, without the final newline."""
        return json.dumps(
            {"ts": self.ts, "tags": self.tags, "text": self.text},
            ensure_ascii=False,
            separators=(",", ":"),
        )


# pydantic's error types of a strict entry, as the catalogue says them
_ERROR_KEYS = {
    "missing": "journal.missing",
    "string_type": "journal.not_string",
    "list_type": "journal.not_list",
}


def validation_message(error: ValidationError) -> str:
    """What is wrong with an entry (PM021), field by field, in the catalogue's words: its own
    checks' reasons, the types it expects; any other pydantic text as pydantic says it."""
    parts = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "entry"
        reason = item.get("ctx", {}).get("error")
        if item["type"] in _ERROR_KEYS:
            parts.append(msg(_ERROR_KEYS[item["type"]], where=where))
        elif reason is not None and reason.args and isinstance(reason.args[0], Text):
            parts.append(msg("journal.field", where=where, problem=reason.args[0]))
        else:
            message = item["msg"].removeprefix("Value error, ")
            parts.append(
                msg("journal.field", where=where, problem=message[0].lower() + message[1:])
                if message
                else msg("journal.invalid", where=where)
            )
    return joined(parts)
