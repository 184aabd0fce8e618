"""FACT.md's kept versions (docs/format.md, "FACT.md versions"), as text: where a version lives and
how it is named, its rev, the line counts between two versions, the diff, the index line that
records a replacement, the JSON of a listing, and the sentence the MCP `memory` update adds when
lines were removed. Every front end (CLI, MCP, the language server) uses these; the disk side is
`store/fact_history.py`.

A version is the exact bytes of a FACT.md that was replaced, in `memory/.fact-history/<rev>.md`;
`memory/.fact-history/index.jsonl` says, per rev, when it was replaced, by what, and how many lines
the replacement added and removed.
"""

from __future__ import annotations

import json
import re

from profile_memory.core.secrets import find_secrets, redacted
from profile_memory.core.values import asdict, value_class

HISTORY_FOLDER = ".fact-history"
INDEX_NAME = "index.jsonl"
VERSION_SUFFIX = ".md"
DEFAULT_HISTORY_MAX = 50
# <ts as digits>-<first 8 hex of the sha256>[-N]: sorts by time; N only for two in one millisecond
_REV = re.compile(r"^\d{8}T\d{9}Z-[0-9a-f]{8}(?:-\d{1,3})?$")
BY_CLI, BY_EDITOR, BY_OUTSIDE = "cli", "editor", "outside"


def by_mcp(client: str) -> str:
    return f"mcp:{client}"


def rev_for(ts: str, sha256: str) -> str:
    """`2026-12-01T20:40:12.345Z` and a digest → `20261201T204012345Z-ab12cd34`."""
    return re.sub(r"[-:.]", "", ts) + "-" + sha256[:8]


def is_rev(value: object) -> bool:
    return isinstance(value, str) and _REV.match(value) is not None


def version_name(rev: str) -> str:
    return rev + VERSION_SUFFIX


def rev_of_name(name: str) -> str | None:
    """The rev a file in the history folder holds, or None for any other name."""
    if not name.endswith(VERSION_SUFFIX):
        return None
    rev = name[: -len(VERSION_SUFFIX)]
    return rev if is_rev(rev) else None


def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8", errors="replace").splitlines(keepends=True)


def line_counts(old: bytes, new: bytes) -> tuple[int, int]:
    """(added, removed): the lines of `new` that `old` lacks, and the lines of `old` that `new`
    dropped (a changed line counts once in each)."""
    import difflib  # here, as in `unified_diff`: reading a journal never loads it

    added = removed = 0
    matcher = difflib.SequenceMatcher(None, _lines(old), _lines(new), autojunk=False)
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag != "equal":
            removed += old_end - old_start
            added += new_end - new_start
    return added, removed


def unified_diff(old: bytes, new: bytes, old_label: str, new_label: str) -> str:
    """The unified diff from `old` to `new` ("" when they are equal); every line ends with a line
    break, a last line without one is marked as `diff` marks it."""
    import difflib

    out = []
    for line in difflib.unified_diff(_lines(old), _lines(new), old_label, new_label):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


@value_class(frozen=True, slots=True)
class Replacement:
    """One index line: the version `rev` was replaced at `ts` by `by`, with a content whose sha256
    is `to`, adding `added` lines and removing `removed`."""

    rev: str
    ts: str
    by: str
    added: int
    removed: int
    to: str

    def to_line(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


def parse_index(text: str) -> dict[str, Replacement]:
    """The index's records by rev; a line that is not one (torn by a crash, edited) is skipped."""
    found: dict[str, Replacement] = {}
    for line in text.splitlines():
        try:
            raw = json.loads(line)
            record = Replacement(
                **{key: raw[key] for key in ("rev", "ts", "by", "added", "removed", "to")}
            )
        except (ValueError, TypeError, KeyError):
            continue
        if is_rev(record.rev):
            found[record.rev] = record
    return found


@value_class(frozen=True, slots=True)
class Version:
    """A kept version as listed: `sha256` and `bytes` are of the file as it is now."""

    rev: str
    ts: str
    sha256: str
    bytes: int
    added: int
    removed: int
    by: str

    def fields(self) -> dict[str, object]:
        return asdict(self)


def ts_of_rev(rev: str) -> str:
    """The time a rev was made, for a version the index does not know (its line lost)."""
    d = rev[:19]
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[9:11]}:{d[11:13]}:{d[13:15]}.{d[15:18]}Z"


def history_json(versions: list[Version]) -> str:
    return json.dumps([v.fields() for v in versions], ensure_ascii=False, indent=2)


def history_line(version: Version) -> str:
    """One version for people: rev, when, by what, +added −removed."""
    when = version.ts.replace("T", " ")
    return (
        f"{version.rev}  {when}  {version.by:<10}  +{version.added} -{version.removed}  "
        f"{version.bytes} bytes"
    )


def removed_sentence(removed: int) -> str:
    """What the MCP `memory` update adds to Cherry's result when the update dropped lines."""
    lines = "1 line" if removed == 1 else f"{removed} lines"
    return (
        f"This update removed {lines} that the previous FACT.md had; the previous version is "
        "kept: call `facts_history` to list the versions, and with its `rev` to see the diff."
    )


def secrets_gone(old: str, new: str) -> list[tuple[str, str]]:
    """(value, kind) of each secret in `old` that `new` no longer holds: a redaction (or a removal)
    that the kept versions must follow."""
    values = {}
    for line in old.splitlines():
        for secret in find_secrets(line):
            values[line[secret.start : secret.end]] = secret.kind
    return [(value, kind) for value, kind in values.items() if value not in new]


def redact_values(text: str, gone: list[tuple[str, str]]) -> str:
    for value, kind in gone:
        text = text.replace(value, redacted(kind))
    return text
