"""Checks that apply to any memory file: unsafe paths (PM030), bad UTF-8 (PM032), size (PM033),
PM004."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from profile_memory.core.anchors import repaired
from profile_memory.core.diagnostics import Finding
from profile_memory.core.index import History
from profile_memory.core.messages import msg
from profile_memory.core.profile import Entry, Token, same_category
from profile_memory.core.secrets import secrets_in_lines
from profile_memory.core.slips import Slip
from profile_memory.core.span import Span
from profile_memory.core.text import CONFLICT_MARKS, split_lines
from profile_memory.core.tokens import estimate
from profile_memory.core.workspace import Source, Workspace


def _malformed_message(token: Token) -> str:
    meant = repaired(token.text)
    if meant:
        return msg("PM004.meant", token=token.text, problem=token.problem, meant=meant)
    return msg("PM004", token=token.text, problem=token.problem)


def other_category(entries: list[Entry] | None, history: History) -> str | None:
    """The latest 分类 of an id whose one entry stands under another heading, whether or not that
    分类 is a heading of the profile: PM019, at the entry, where the person can act (the log's
    PM014 then adds nothing)."""
    if not entries or len(entries) != 1:
        return None
    category, entry = history.latest_value("category"), entries[0]
    if category and entry.category and not same_category(category, entry.category):
        return category
    return None


def malformed_anchors(tokens: list[Token]) -> list[Finding]:
    return [Finding("PM004", token.span, _malformed_message(token)) for token in tokens]


def slip_findings(slips: Iterable[Slip], base: int = 0) -> list[Finding]:
    """One finding per slip, where it is (PM016 for a record heading, PM018 for other forms)."""
    return [Finding(slip.code, slip.span(base), slip.message) for slip in slips]


def secret_findings(lines: list[str], start: int = 0, stop: int | None = None) -> list[Finding]:
    """PM060 at each secret's exact range (named by its family, never quoted)."""
    return [
        Finding(
            "PM060",
            Span(index, secret.start, index, secret.end),
            msg("PM060", kind=secret.kind),
        )
        for index, secret in secrets_in_lines(lines, start, stop)
    ]


# What a conflict marker line is besides a marker: prose in a profile or a pending file, a line
# of no JSON in a journal. The marker's own finding says it all.
_MARKER_NOISE = {"PM009", "PM020", "PM040"}


def with_conflicts(text: str, found: list[Finding]) -> list[Finding]:
    """PM070 on each block of conflict markers a merge left (from `<<<<<<<` to `>>>>>>>`), and
    no other line finding on a marker line."""
    if not any(marker in text for marker in CONFLICT_MARKS):
        return found
    from profile_memory.core import merge  # only where a marker may be: a check rarely loads it

    lines = split_lines(text)
    blocks = merge.conflict_blocks(lines)
    if not blocks:
        return found
    markers = merge.marker_lines(lines)
    kept = [f for f in found if not (f.code in _MARKER_NOISE and f.span.start_line in markers)]
    return kept + [
        Finding(
            "PM070",
            Span(first, 0, last, len(lines[last])),
            msg("PM070.block", first=first + 1, last=last + 1)
            if first != last
            else msg("PM070.marker"),
        )
        for first, last in blocks
    ]


@functools.lru_cache(maxsize=4096)  # a profile is checked again at each keystroke in its log
def _line_tokens(line: str) -> int:
    return estimate(line + "\n")


def over_budget(code: str, lines: list[str], budget: int, what: str) -> list[Finding]:
    """A token budget exceeded: from the line where the running estimate passes it to the end
    (as PM001 does for lines), with the figure (≈)."""
    total, over_at = 0, None
    for index, line in enumerate(lines):
        total += _line_tokens(line)
        if over_at is None and total > budget:
            over_at = index
    if over_at is None:
        return []
    last = len(lines) - 1
    span = Span(over_at, 0, last, len(lines[last]))
    return [Finding(code, span, msg("budget.over", what=what, total=total, budget=budget))]


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def check(workspace: Workspace, source: Source) -> list[Finding]:
    name = source.path.name
    if source.unsafe is not None:
        return [
            Finding(
                "PM030",
                Span(0, 0, 0, 0),
                msg("PM030", name=name, why=source.unsafe),
            )
        ]
    decoded = source.decoded
    if decoded is None:
        return []
    first_line = workspace.lines(source)[0]
    found = []
    if decoded.invalid_utf8_at is not None:
        line, col = decoded.invalid_utf8_at
        found.append(
            Finding(
                "PM032",
                Span.file_start(first_line),
                msg("PM032", name=name, line=line + 1, column=col + 1),
            )
        )
    if decoded.truncated:
        found.append(
            Finding(
                "PM033",
                Span.file_start(first_line),
                msg(
                    "PM033",
                    name=name,
                    size=_mib(decoded.size),
                    bound=_mib(workspace.settings.max_file_bytes),
                ),
            )
        )
    return found
