"""The server's own view of open documents: LSP line rules and incremental edits whose cost stays local.

pygls's `TextDocument` splits with `str.splitlines` (wrong at U+2028) and re-joins the whole file on
every change (SPEC §13). Here a document is a list of lines that keep their terminators; an edit
re-splits only the lines it touches, and the full text is joined lazily, when the core asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsprotocol import types

from profile_memory.core.text import split_keep_ends
from profile_memory.lsp.positions import from_client


def _strip_end(line: str) -> str:
    if line.endswith("\r\n"):
        return line[:-2]
    return line[:-1] if line.endswith(("\n", "\r")) else line


@dataclass
class Document:
    uri: str
    version: int
    serial: int = 0
    _lines: list[str] = field(default_factory=list)  # with terminators
    _text: str | None = None
    _bare: list[str] | None = None

    @classmethod
    def create(cls, uri: str, version: int, text: str) -> Document:
        return cls(uri, version, _lines=split_keep_ends(text), _text=text)

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self._lines)
        return self._text

    @property
    def lines(self) -> list[str]:
        """Lines without terminators, as the core and the position converter see them."""
        if self._bare is None:
            self._bare = [_strip_end(line) for line in self._lines]
        return self._bare

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        self._text = self._bare = None
        if not isinstance(change, types.TextDocumentContentChangePartial):
            self._lines = split_keep_ends(change.text)
            return
        lines, last = self._lines, len(self._lines) - 1
        first, start_col = self._locate(change.range.start, encoding)
        end_line, end_col = self._locate(change.range.end, encoding)
        stop = end_line + 1
        start_offset = start_col
        end_offset = sum(len(line) for line in lines[first:end_line]) + end_col
        # A `\r` and a `\n` that become neighbours form one line break: widen the window to re-split them.
        if first > 0 and lines[first - 1].endswith("\r"):
            first -= 1
            start_offset += len(lines[first])
            end_offset += len(lines[first])
        chunk = "".join(lines[first:stop])
        new = chunk[:start_offset] + change.text + chunk[end_offset:]
        if stop <= last and new.endswith("\r") and lines[stop].startswith("\n"):
            new += lines[stop]
            stop += 1
        replacement = split_keep_ends(new)
        if stop <= last:
            replacement.pop()  # the window ended with a line break: no empty last line inside the document
        lines[first:stop] = replacement

    def _locate(self, position: types.Position, encoding: str) -> tuple[int, int]:
        """A client position as (line, code-point column), clamped to the document."""
        last = len(self._lines) - 1
        if position.line > last:
            return last, len(_strip_end(self._lines[last]))
        return position.line, from_client(_strip_end(self._lines[position.line]), position.character, encoding)
