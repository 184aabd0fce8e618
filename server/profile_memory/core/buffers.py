"""A plan's working copies of the files it changes: each read once through the workspace
(refusing a file that must not be rewritten), changed in memory line by line, and diffed into one
minimal edit per file at the end (`changes`). Also the edits themselves and how to apply them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from profile_memory.core.messages import joined, msg
from profile_memory.core.span import Span
from profile_memory.core.text import (
    Decoded,
    dominant_line_ending,
    line_starts,
    position_of,
    shared_ends,
    split_keep_ends,
)
from profile_memory.core.values import value_class
from profile_memory.core.workspace import Workspace


@value_class(frozen=True, slots=True)
class Edit:
    span: Span
    text: str


@value_class(slots=True)
class FileEdit:
    path: PurePath
    edits: list[Edit]
    create: bool = False  # the file does not exist yet; the edits apply to an empty text


def undecodable(at: tuple[int, int]) -> str:
    """Why a file with bytes that are not UTF-8 is never rewritten: its text was read with
    U+FFFD."""
    return msg("unsafe.undecodable", line=at[0] + 1, column=at[1] + 1)


class UnsafeSource(Exception):
    """A file that must not be rewritten: a link, unreadable, or read only in part (over the size
    bound)."""

    def __init__(self, path: PurePath, reason: str) -> None:
        super().__init__(msg("unsafe.source", path=str(path), reason=reason))
        self.path = path
        self.reason = reason


# -- edits of a text ------------------------------------------------------------------------


def diff_edit(old: str, new: str) -> Edit:
    """One edit that turns `old` into `new`, covering only the region that differs."""
    prefix, suffix = shared_ends(old, new)
    start = position_of(old, prefix)
    end = position_of(old, len(old) - suffix)
    return Edit(Span(*start, *end), new[prefix : len(new) - suffix])


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping edits (positions in code points of `text`); edits at one place keep
    their order."""
    starts = line_starts(text)

    def offset(line: int, col: int) -> int:
        if line >= len(starts):
            return len(text)
        return min(starts[line] + col, starts[line + 1] if line + 1 < len(starts) else len(text))

    ordered = sorted(
        enumerate(edits),
        key=lambda item: (offset(item[1].span.start_line, item[1].span.start_col), item[0]),
    )
    out, cursor = [], 0
    for _, edit in ordered:
        begin = offset(edit.span.start_line, edit.span.start_col)
        out += [text[cursor:begin], edit.text]
        cursor = max(cursor, offset(edit.span.end_line, edit.span.end_col))
    out.append(text[cursor:])
    return "".join(out)


def ending_of(line: str) -> str:
    """The line break a line of `split_keep_ends` ends with ("" for the last line)."""
    return line[len(line.rstrip("\r\n")) :]


class Buffers:
    """The current text of every file a plan has read, and which of them it changed."""

    def __init__(self, workspace: Workspace, missing: Callable[[PurePath], str]) -> None:
        self.workspace = workspace
        self._missing = missing  # the text a file that does not exist yet starts from
        self._original: dict[PurePath, str | None] = {}  # None: the file does not exist
        # the text of each file the plan has read, in the order read; None while a file is only
        # appended to (its bytes need not be decoded: a large log's record costs the record)
        self._current: dict[PurePath, str | None] = {}
        self._opened: dict[PurePath, Decoded | None] = {}  # None: the file does not exist
        self._written: set[PurePath] = set()
        # what was appended to a file and not joined to its text yet: a record appended to a large
        # log costs its own length, not copies of the log (joined when the whole text is read)
        self._appended: dict[PurePath, list[str]] = {}
        self._end: dict[PurePath, tuple[int, int]] = {}  # where the text read ends, when known

    def find(self, folder: PurePath, name: str) -> PurePath:
        """The file of that name, matched case-insensitively; two names that differ only in case
        are refused, as a write to one would leave the other saying something else."""
        found = [
            folder / n
            for n in sorted(self.workspace.provider.list_dir(folder))
            if n.lower() == name
        ]
        if len(found) > 1:
            raise UnsafeSource(
                found[0],
                msg("unsafe.ambiguous", names=joined([p.name for p in found], "and")),
            )
        return found[0] if found else folder / name

    def holds(self, path: PurePath) -> bool:
        """Whether the plan has read the file (its text may differ from the workspace's)."""
        return path in self._current

    def text(self, path: PurePath) -> str:
        text = self._base(path)
        if path in self._appended:
            text = self._current[path] = text + "".join(self._appended.pop(path))
        return text

    def _base(self, path: PurePath) -> str:
        """The file's text, read once, without what was appended and not joined yet."""
        text = self._current.get(path)
        if text is None:
            text = self._current[path] = self._read(path)
        return text

    def _read(self, path: PurePath) -> str:
        decoded = self._open(path)
        if decoded is None:
            self._original[path] = None
            return self._missing(path)
        self._original[path] = decoded.text
        return decoded.text

    def _open(self, path: PurePath) -> Decoded | None:
        """The file as the workspace reads it (None: missing), once; refused if it must not be
        rewritten."""
        if path in self._opened:
            return self._opened[path]
        source = self.workspace.source(path)
        decoded = source.decoded if source is not None else None
        if source is not None:
            if decoded is None:
                why = source.unsafe or source.unreadable
                raise UnsafeSource(path, msg("unsafe.unchangeable", why=why))
            if decoded.truncated:
                raise UnsafeSource(path, msg("unsafe.truncated"))
            if decoded.invalid_utf8_at is not None:
                raise UnsafeSource(path, undecodable(decoded.invalid_utf8_at))
            if source.lines:  # the editor's lines: where the text ends, without counting its lines
                self._end[path] = (len(source.lines) - 1, len(source.lines[-1]))
        self._opened[path] = decoded
        return decoded

    def set(self, path: PurePath, text: str) -> None:
        self.text(path)
        self._current[path] = text
        self._written.add(path)

    def lines(self, path: PurePath) -> tuple[list[str], str]:
        """The file's lines with their endings, and the ending new lines get."""
        text = self.text(path)
        return split_keep_ends(text), dominant_line_ending(text)

    def insert_line(self, path: PurePath, index: int, line: str) -> None:
        lines, eol = self.lines(path)
        if index >= len(lines) - 1 and lines[-1]:
            lines[-1] += eol  # the file had no final newline
        lines.insert(min(index, len(lines)), line + eol)
        self.set(path, "".join(lines))

    def set_line(self, path: PurePath, index: int, new: str) -> None:
        lines, _ = self.lines(path)
        lines[index] = new + ending_of(lines[index])
        self.set(path, "".join(lines))

    def remove_lines(self, path: PurePath, start: int, stop: int) -> None:
        lines, _ = self.lines(path)
        del lines[start:stop]
        self.set(path, "".join(lines))

    def replace(self, path: PurePath, span: Span, new: str) -> None:
        """Replace a span within one line."""
        lines, _ = self.lines(path)
        line = lines[span.start_line]
        lines[span.start_line] = line[: span.start_col] + new + line[span.end_col :]
        self.set(path, "".join(lines))

    def append_block(self, path: PurePath, block: list[str]) -> None:
        """Append lines after one blank line (the file's last line closed first)."""
        appended = self._appended.setdefault(path, [])
        eol, tail = self._ending(path)
        if not tail:  # an empty file: the line break of what was appended
            eol = dominant_line_ending("".join(appended))
        end = (tail + "".join(appended))[-4:]
        gap = "" if not end or end.endswith(("\n", "\r")) else eol
        if end and not (end + gap).endswith(eol + eol):
            gap += eol
        appended.append(gap + eol.join(block) + eol)
        self._written.add(path)

    def _ending(self, path: PurePath) -> tuple[str, str]:
        """The line break the file's text uses, and its last four characters (enough to see two
        line breaks), without what was appended: of a file not read yet, from its bytes."""
        decoded = self._open(path) if self._current.get(path) is None else None
        if decoded is None:  # read, or missing (its text is the template's)
            text = self._base(path)
            return dominant_line_ending(text), text[-4:]
        self._current.setdefault(path, None)
        return decoded.line_ending(), decoded.last_chars(4)

    def changes(self) -> list[FileEdit]:
        """One edit per file the plan changed: the differing region, or the whole text of a file to
        create. A file only read (a template for a missing file) is not among them."""
        files = []
        for path, current in list(self._current.items()):
            if path not in self._written:
                continue
            original = self._original.get(path)
            if path in self._appended and (current is None or current is original):
                added = "".join(self._appended[path])  # appended only
                opened = self._opened[path]
                assert opened is not None  # a file only appended to exists (else it is created)
                end = self._end.get(path) or opened.end()
                files.append(FileEdit(path, [Edit(Span(*end, *end), added)]))
                continue
            text = self.text(path)
            if original is None:
                files.append(FileEdit(path, [Edit(Span(0, 0, 0, 0), text)], create=True))
            elif original != text:
                files.append(FileEdit(path, [diff_edit(original, text)]))
        return files
