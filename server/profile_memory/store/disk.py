"""The disk as a `TextProvider`: what a path is (without following links) and its bytes."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any

from profile_memory.core.search import Block
from profile_memory.core.workspace import FileData, FileKind
from profile_memory.store.folder import open_checked, read_at


class DiskProvider:
    def kind(self, path: PurePath) -> FileKind:
        try:
            mode = os.lstat(path).st_mode
        except (FileNotFoundError, NotADirectoryError):
            return FileKind.MISSING
        except OSError:
            return FileKind.FILE  # exists but cannot be inspected: reading it will say why
        if stat.S_ISLNK(mode):
            return FileKind.LINK
        if stat.S_ISDIR(mode):
            return FileKind.DIR
        if stat.S_ISREG(mode):
            return FileKind.FILE
        return FileKind.OTHER

    def version(self, path: PurePath) -> Any:
        try:
            info = os.stat(path, follow_symlinks=False)
        except OSError:
            return None
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def read(self, path: PurePath) -> FileData:
        fd = open_checked(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise OSError(0, "not a regular file")
            with os.fdopen(fd, "rb", closefd=False) as handle:
                raw = handle.read()
        finally:
            os.close(fd)
        return FileData(raw, (info.st_ino, info.st_mtime_ns, info.st_size))

    def list_dir(self, folder: PurePath) -> list[str]:
        try:
            return os.listdir(folder)
        except OSError:
            return []


_BREAKS: dict[
    PurePath, tuple[tuple[int, int, int], int]
] = {}  # path -> ((inode, mtime, size), line breaks)


def _line_breaks(path: PurePath, fd: int, info: os.stat_result, chunk: int) -> int:
    """The file's line breaks, counted once per version of the file: search as you type on a journal
    of a million lines numbers its hits without reading the whole file at every keystroke."""
    signature = (info.st_ino, info.st_mtime_ns, info.st_size)
    known = _BREAKS.get(path)
    if known is not None and known[0] == signature:
        return known[1]
    breaks = sum(
        read_at(fd, chunk, offset).count(b"\n") for offset in range(0, info.st_size, chunk)
    )
    _BREAKS[path] = (signature, breaks)
    return breaks


def iter_blocks_newest_first(path: PurePath, chunk: int = 1 << 20) -> Iterator[Block]:
    """The file in blocks of whole lines, from its end to its start, read backwards in chunks of
    up to `chunk` bytes (memory stays flat): each with the 0-based number of its last line. The
    first chunks are small and double: a search that stops at its twentieth hit reads what it needs,
    one that goes on reads large blocks."""
    fd = open_checked(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file", str(path))
        size = info.st_size
        breaks = _line_breaks(path, fd, info, chunk)
        last_is_break = size > 0 and read_at(fd, 1, size - 1) == b"\n"
        index = breaks - 1 if last_is_break else breaks  # the line number of the last line
        position, tail = size - 1 if last_is_break else size, b""
        step = min(chunk, 1 << 16)
        while position > 0:
            start = max(0, position - step)
            step = min(chunk, step * 2)
            block = read_at(fd, position - start, start) + tail
            position = start
            cut = block.find(b"\n")
            if cut < 0:  # one line longer than the chunk: read on
                tail = block
                continue
            tail, whole = block[:cut], block[cut + 1 :]
            yield Block(index, whole)
            index -= whole.count(b"\n") + 1
        if size:
            yield Block(index, tail)
    finally:
        os.close(fd)


def iter_lines_newest_first(path: PurePath, chunk: int = 1 << 20) -> Iterator[tuple[int, bytes]]:
    """(0-based line, bytes) from the last line to the first (an editor's view of a file)."""
    for block in iter_blocks_newest_first(path, chunk):
        yield from block.lines_newest_first()
