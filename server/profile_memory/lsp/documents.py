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
from itertools import repeat

from lsprotocol import types

from profile_memory.core.text import LINE_BREAK, shared_ends, split_lines
from profile_memory.core.values import field, value_class
from profile_memory.lsp.positions import from_client


def _split(text: str) -> tuple[list[str], list[str] | None]:
    """Lines without terminators (the core's split), and the terminator after each ("" after the
    last), or None when each is `\n` (most files: no list of them is kept)."""
    return split_lines(text), [*LINE_BREAK.findall(text), ""] if "\r" in text else None


def _line_feeds(count: int, last: str) -> list[str]:
    return [*repeat("\n", count - 1), last] if count else []


_EDITS_KEPT = 64  # a parse more edits behind compares its lines whole


def _join(lines: list[str], breaks: list[str] | None) -> str:
    if breaks is None or breaks.count("\n") == len(breaks) - 1:
        return "\n".join(lines)
    return "".join([part for pair in zip(lines, breaks, strict=False) for part in pair])


@value_class
class Document:
    uri: str
    version: int  # the client's, for what is published; it is not trusted to change on each edit
    serial: int = 0
    changes: int = 0  # edits applied: with `serial`, what the server keeps is keyed by
    _lines: list[str] = field(default_factory=list)
    _breaks: list[str] | None = None  # see `_split`
    length: int = 0  # code points, line breaks included
    _text: str | None = None
    # each recent edit: the state before it, and how many leading and trailing lines it left as
    # they were (the core then compares only what lies between: see `kept_since`)
    _edits: list[tuple[tuple[int, int], int, int]] = field(default_factory=list)

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

    @property
    def state(self) -> tuple[int, int]:
        """This text among all the texts the server has held for this path."""
        return self.serial, self.changes

    def kept_since(self, version: object) -> tuple[int, int] | None:
        """How many leading and trailing lines of the text at `version` (as the provider names it)
        are the very same in this one; None when that version is not among the recent ones."""
        start = end = len(self._lines)
        for before, kept_start, kept_end in reversed(self._edits):
            start, end = min(start, kept_start), min(end, kept_end)
            if ("editor", *before) == version:
                return start, end
        return None

    def _edited(self, before: tuple[int, int], kept_start: int, kept_end: int) -> None:
        self._edits.append((before, kept_start, kept_end))
        del self._edits[:-_EDITS_KEPT]

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        previous, self._text = self._text, None
        before = self.state
        self.changes += 1
        if not isinstance(change, types.TextDocumentContentChangePartial):
            self._edited(before, *self._replace_all(change.text, previous))
            return
        lines, last, line_break = self._lines, len(self._lines) - 1, self._break
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
        end_offset = (
            sum(len(lines[i]) + len(line_break(i)) for i in range(first, end_line)) + end_col
        )
        # A `\r` and a `\n` that become neighbours form one line break: widen the window to re-split
        # them.
        if first > 0 and line_break(first - 1) == "\r":
            first -= 1
            start_offset += len(lines[first]) + 1
            end_offset += len(lines[first]) + 1
        chunk = "".join(lines[i] + line_break(i) for i in range(first, stop))
        new = chunk[:start_offset] + change.text + chunk[end_offset:]
        replaced = len(chunk)
        if stop <= last and new.endswith("\r") and lines[stop] == "" and line_break(stop) == "\n":
            new += "\n"
            stop += 1
            replaced += 1
        new_lines, new_breaks = _split(new)
        inside = stop <= last  # the window ended with a line break: no empty last line inside it
        if inside:
            new_lines.pop()
        self.length += len(new) - replaced
        self._lines = lines[:]  # one copy; the old list is kept
        self._lines[first:stop] = new_lines
        if self._breaks is not None or new_breaks is not None:
            breaks = self._breaks[:] if self._breaks is not None else _line_feeds(len(lines), "")
            if new_breaks is None:
                new_breaks = _line_feeds(len(new_lines) + inside, "")
            breaks[first:stop] = new_breaks[: len(new_lines)]
            self._breaks = breaks
        self._edited(before, first, len(lines) - stop)

    def _break(self, line: int) -> str:
        """The terminator after a line."""
        if self._breaks is not None:
            return self._breaks[line]
        return "\n" if line < len(self._lines) - 1 else ""

    def _replace_all(self, text: str, previous: str | None) -> tuple[int, int]:
        """The whole new text (clients without incremental sync send it on each change). Against
        the previous whole text, only the lines between the parts they share are split again: the
        others stay the very same objects, as after an incremental edit, and nothing is compared
        line by line. The previous text is joined from the lines when it was not kept (a join
        costs one copy of the text; holding the text between changes would hold the document twice,
        and splitting the new text whole would make every line again). Returns how
        many leading and trailing lines it kept."""
        if previous is None:
            previous = _join(self._lines, self._breaks)
        self.length = len(text)
        if "\r" in previous or "\r" in text:
            self._lines, self._breaks = _split(text)
            return 0, 0
        same_start, same_end = shared_ends(previous, text)
        first = previous.count("\n", 0, same_start)  # lines above it are unchanged
        start = previous.rfind("\n", 0, same_start) + 1  # where that line starts, in both texts
        tail_break = previous.find("\n", len(previous) - same_end)  # lines below it are unchanged
        if tail_break < 0:
            kept, middle = 0, text[start:]
        else:
            kept = previous.count("\n", tail_break)
            middle = text[start : len(text) - (len(previous) - tail_break)]
        old = self._lines
        self._lines = [*old[:first], *middle.split("\n"), *old[len(old) - kept :]]
        self._breaks = None
        return first, kept

    def _locate(self, position: types.Position, encoding: str) -> tuple[int, int]:
        """A client position as (line, code-point column), clamped to the document."""
        last = len(self._lines) - 1
        if position.line > last:
            return last, len(self._lines[last])
        return position.line, from_client(self._lines[position.line], position.character, encoding)
