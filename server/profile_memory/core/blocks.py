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
_OPENERS = ("```", "~~~", "<!--")
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
    joined = "\n".join(lines)
    if not any(opener in joined for opener in _OPENERS):  # nearly every file: one C-level search
        return frozenset()
    # Only the lines holding a fence or a comment mark can open or close a block: found at C speed,
    # so a large log with one example in its intro is walked a few lines, not all of them.
    marked = sorted(lines_holding(joined, _MARKS))
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
