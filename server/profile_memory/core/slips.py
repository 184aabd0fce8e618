"""Slips: what an agent wrote in a form that can be read unambiguously but is not the canonical one.

The parsers read such a form as its canonical twin (so every rule, trace and hover see the same
thing) and note the slip once, where it is, with the line rewritten in canonical form: that line is
the quick fix and what `pmem fix` writes. See docs/format.md, "Tolerant reading".
"""

from __future__ import annotations

from profile_memory.core.secrets import masked
from profile_memory.core.span import Span
from profile_memory.core.values import value_class

WRONG_HEADING = "PM016"  # a record heading in the wrong form: a warning
NON_CANONICAL = "PM018"  # spacing, bold, colons, wording: information


@value_class(frozen=True, slots=True)
class Slip:
    """One slip. `line` counts from a base (a log record's heading, or 0 for a whole file) so that a
    record's slips move with it when lines are added above it."""

    code: str
    line: int
    start_col: int
    end_col: int
    message: str
    canonical: str | None  # the whole line in canonical form; None when no rewrite is certain

    def span(self, base: int = 0) -> Span:
        return Span(self.line + base, self.start_col, self.line + base, self.end_col)

    def moved(self, base: int) -> Slip:
        return Slip(
            self.code, self.line + base, self.start_col, self.end_col, self.message, self.canonical
        )


def quoted(text: str, limit: int = 40) -> str:
    """`text` in backticks for a message, shortened when long; a secret in it is masked first (a
    cut one would no longer be recognised)."""
    text = masked(text)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return f"`{text}`"
