"""Which lines of a Markdown memory file are examples, not content (docs/format.md, "Code and
comments"): fenced code blocks (``` or ~~~, any info string, at any indentation, so inside list
items too) and HTML comments that run over several lines. Every reader of profiles, logs and
pending files skips these lines: nothing in them is an entry, a record, an id or a proposal.

A one-line comment (`<!-- PF-… -->` after an entry) is no block: it stays an anchor.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from profile_memory.core.text import lines_holding

_FENCE = re.compile(r"[ \t]*(?:>[ \t]?)*[ \t]*(?P<fence>`{3,}|~{3,})(?P<info>.*)")
_MARKS = ("```", "~~~", "<!--", "-->")


def _opening_fence(line: str) -> str | None:
    """The fence a line opens (its characters), or None. A backtick fence's info string holds no
    backtick (CommonMark): "```js```" is inline code, not a fence."""
    match = _FENCE.match(line)
    if match is None:
        return None
    fence = match.group("fence")
    if fence[0] == "`" and "`" in match.group("info"):
        return None
    return fence


def _closes(line: str, fence: str) -> bool:
    """Whether `line` closes a block opened by `fence`: the same character, at least as many, and
    nothing but blanks after it."""
    match = _FENCE.fullmatch(line)
    if match is None or match.group("info").strip():
        return False
    found = match.group("fence")
    return found[0] == fence[0] and len(found) >= len(fence)


def _comment_opens(line: str) -> bool:
    """A line that starts an HTML comment it does not close."""
    stripped = line.lstrip()
    return stripped.startswith("<!--") and "-->" not in stripped[4:]


def code_lines(lines: Sequence[str]) -> frozenset[int]:
    """The 0-based lines inside fenced code blocks or multi-line HTML comments, their opening and
    closing lines included. A block never closed hides nothing: a stray ``` must not hide every
    record below it from the checks, nor what a write appends after it."""
    return blocks_of(lines, marked_lines(lines))


def marked_lines(lines: Sequence[str], start: int = 0, stop: int | None = None) -> list[int]:
    """The lines of `lines[start:stop]` holding a fence or a comment mark (only they can open or
    close a block), in order: found at C speed, so a large log with one example in its intro is
    walked a few lines, not all of them."""
    joined = "\n".join(lines[start:stop])
    if not any(mark in joined for mark in _MARKS):  # nearly every file: a few C-level searches
        return []
    return sorted(start + line for line in lines_holding(joined, _MARKS))


def marked_after_edit(
    lines: Sequence[str], before: list[int], old_count: int, kept: tuple[int, int]
) -> list[int]:
    """`marked_lines(lines)` after an edit of a text of `old_count` lines whose marked lines were
    `before`, the edit having kept its first and last `kept` lines: only the lines between are
    searched (a keystroke in a large log does not join the whole text)."""
    start = min(kept[0], old_count, len(lines))
    end = min(kept[1], old_count - start, len(lines) - start)
    moved = len(lines) - old_count
    return [
        *(n for n in before if n < start),
        *marked_lines(lines, start, len(lines) - end),
        *(n + moved for n in before if n >= old_count - end),
    ]


def blocks_of(lines: Sequence[str], marked: list[int]) -> frozenset[int]:
    """`code_lines` from the lines holding a mark (`marked_lines`)."""
    if not marked:
        return frozenset()
    hidden: set[int] = set()
    opened_at: int | None = None
    fence: str | None = None
    for index in marked:
        line = lines[index]
        if opened_at is None:
            fence = _opening_fence(line)
            if fence is not None or _comment_opens(line):
                opened_at = index
        elif _closes(line, fence) if fence is not None else "-->" in line:
            hidden.update(range(opened_at, index + 1))
            opened_at, fence = None, None
    return frozenset(hidden)
