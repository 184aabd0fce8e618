"""The server's own view of open documents: LSP line rules and incremental edits whose cost stays
local.

pygls's `TextDocument` splits with `str.splitlines` (wrong at U+2028) and re-joins the whole file on
every change (docs/format.md, "Notes for the server"). Here a document is its lines (without
terminators) and the terminator after each; an edit re-splits only the lines it touches and gives a
new list in which the other lines are the very same objects, so the core finds what changed by
identity. The full text is joined only when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lsprotocol import types

from profile_memory.core.text import LINE_BREAK, split_lines
from profile_memory.lsp.positions import from_client


def _split(text: str) -> tuple[list[str], list[str]]:
    """Lines without terminators (the core's split), and the terminator after each ("" after the
    last)."""
    return split_lines(text), [*LINE_BREAK.findall(text), ""]


def _join(lines: list[str], breaks: list[str]) -> str:
    if breaks.count("\n") == len(breaks) - 1:
        return "\n".join(lines)
    return "".join([part for pair in zip(lines, breaks, strict=False) for part in pair])


@dataclass
class Document:
    uri: str
    version: int
    serial: int = 0
    _lines: list[str] = field(default_factory=list)
    _breaks: list[str] = field(default_factory=list)
    length: int = 0  # code points, line breaks included
    _text: str | None = None

    @classmethod
    def create(cls, uri: str, version: int, text: str) -> Document:
        lines, breaks = _split(text)
        return cls(uri, version, _lines=lines, _breaks=breaks, length=len(text))

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = _join(self._lines, self._breaks)
        return self._text

    def text_later(self) -> Callable[[], str]:
        """This version's text, joined when called: later edits do not change what it returns."""
        if self._text is not None:
            text = self._text
            return lambda: text
        lines, breaks = self._lines, self._breaks
        return lambda: _join(lines, breaks)

    @property
    def lines(self) -> list[str]:
        """Lines without terminators, as the core and the position converter see them (never changed
        in place)."""
        return self._lines

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        self._text = None
        if not isinstance(change, types.TextDocumentContentChangePartial):
            self._lines, self._breaks = _split(change.text)
            self.length = len(change.text)
            return
        lines, breaks, last = self._lines, self._breaks, len(self._lines) - 1
        (first, start_col), (end_line, end_col) = (
            sorted(  # a reversed range is read as the range it spans
                (
                    self._locate(change.range.start, encoding),
                    self._locate(change.range.end, encoding),
                )
            )
        )
        stop = end_line + 1
        start_offset = start_col
        end_offset = sum(len(lines[i]) + len(breaks[i]) for i in range(first, end_line)) + end_col
        # A `\r` and a `\n` that become neighbours form one line break: widen the window to re-split
        # them.
        if first > 0 and breaks[first - 1] == "\r":
            first -= 1
            start_offset += len(lines[first]) + 1
            end_offset += len(lines[first]) + 1
        chunk = "".join(lines[i] + breaks[i] for i in range(first, stop))
        new = chunk[:start_offset] + change.text + chunk[end_offset:]
        replaced = len(chunk)
        if stop <= last and new.endswith("\r") and lines[stop] == "" and breaks[stop] == "\n":
            new += "\n"
            stop += 1
            replaced += 1
        new_lines, new_breaks = _split(new)
        if (
            stop <= last
        ):  # the window ended with a line break: no empty last line inside the document
            new_lines.pop()
            new_breaks.pop()
        self.length += len(new) - replaced
        self._lines = [*lines[:first], *new_lines, *lines[stop:]]
        self._breaks = [*breaks[:first], *new_breaks, *breaks[stop:]]

    def _locate(self, position: types.Position, encoding: str) -> tuple[int, int]:
        """A client position as (line, code-point column), clamped to the document."""
        last = len(self._lines) - 1
        if position.line > last:
            return last, len(self._lines[last])
        return position.line, from_client(self._lines[position.line], position.character, encoding)
