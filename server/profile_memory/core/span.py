"""Positions inside a document: 0-based line, column as a Python string index (a code point).

Conversion to UTF-16 or UTF-8 units for LSP clients happens once, in the server adapter.
"""

from __future__ import annotations

from typing import NamedTuple


class Span(NamedTuple):
    """Immutable, ordered and hashable; a tuple, because parsers make one for every field of every
    record."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int

    @classmethod
    def of_line(cls, line: int, text: str) -> Span:
        """The whole line without its terminator."""
        return cls(line, 0, line, len(text))

    @classmethod
    def within(cls, line: int, start: int, end: int) -> Span:
        return cls(line, start, line, end)

    @classmethod
    def file_start(cls, first_line: str = "") -> Span:
        """Where file-level diagnostics sit: line 1, column 1, covering the first line."""
        return cls(0, 0, 0, len(first_line))


class BrokenLine(NamedTuple):
    """A line that cannot be read as what its place expects, and why: a profile line of no allowed
    kind (PM009), a `###` heading with no readable id (PM016), a list item that is no proposal
    (PM040)."""

    line: int
    reason: str
