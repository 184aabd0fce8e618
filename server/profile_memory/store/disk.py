"""The disk as a `TextProvider`: what a path is (without following links) and its bytes; and the
same for a long-lived reader (`pmem mcp`), which re-reads a file only when it may have changed."""

from __future__ import annotations

import itertools
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, BinaryIO

from profile_memory.core.messages import msg
from profile_memory.core.workspace import FileData, FileKind
from profile_memory.store.folder import open_checked, read_at

if TYPE_CHECKING:
    from profile_memory.core.search import Block, Blocks


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
        raw, info = _read_regular(path)
        return FileData(raw, (info.st_ino, info.st_mtime_ns, info.st_size))

    def list_dir(self, folder: PurePath) -> list[str]:
        try:
            return os.listdir(folder)
        except OSError:
            return []


@contextmanager
def _regular(path: PurePath) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """A regular file opened for reading, and its status as opened (a link or a FIFO is refused,
    not followed or waited on)."""
    fd = open_checked(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, msg("store.not_a_regular_file"))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            yield handle, info
    finally:
        os.close(fd)


def _read_regular(path: PurePath) -> tuple[bytes, os.stat_result]:
    """A regular file's bytes and its status as opened."""
    with _regular(path) as (handle, info):
        return handle.read(), info


def reads_as(path: PurePath, held: bytes, block: int = 1 << 20) -> bool:
    """Whether a regular file holds exactly the bytes `held` (those `read` returned), compared a
    block at a time: a file checked again costs no second copy of it, nor a digest (issue #25)."""
    with _regular(path) as (handle, info):
        if info.st_size != len(held):
            return False
        at = 0
        while chunk := handle.read(block):
            if not held.startswith(chunk, at):
                return False
            at += len(chunk)
        return at == len(held)


# A file whose timestamps are this close to now may change again within their granularity
# without either moving (a coarse or lagging clock, a write in the same tick): its identity is not
# trusted, its content is compared.
UNSETTLED_SECONDS = 2.0


def _identity(info: os.stat_result) -> tuple[int, int, int, int, int]:
    """What changes when a file is replaced or written: the change time too, which `os.utime`
    cannot set back."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _settled(info: os.stat_result, now: float) -> bool:
    """Whether the file's timestamps are old enough to be trusted to move at its next change."""
    return now - max(info.st_mtime_ns, info.st_ctime_ns) / 1e9 >= UNSETTLED_SECONDS


class KeptDiskProvider(DiskProvider):
    """The disk for a reader that lives across many requests (`pmem mcp`): a file is re-read only
    when its identity (device, inode, size, mtime, ctime) changed, or while its timestamps are too
    recent to trust (then its content is compared with what was read). The version it reports
    changes exactly when the content does, so the workspace keeps every parse of a file that did
    not change, and re-parses a changed log from its previous parse (docs/incremental.md)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._counter = itertools.count()
        # path -> (identity when read, digest of the bytes, generation of the content)
        self._known: dict[PurePath, tuple[tuple[int, ...], bytes, int]] = {}
        self._read_in_call: set[PurePath] | None = None  # see `one_call`

    @contextmanager
    def one_call(self) -> Iterator[None]:
        """A request read as one moment: a file read during it is not read again during it while
        its identity holds, even when its timestamps are too recent to trust (a check reads its
        files once to key what it remembers, and once more to check them)."""
        self._read_in_call = set()
        try:
            yield
        finally:
            self._read_in_call = None

    def version(self, path: PurePath) -> Any:
        try:
            info = os.stat(path, follow_symlinks=False)
        except OSError:
            return None
        known = self._known.get(path)
        if known is None or known[0] != _identity(info):
            return None  # read it to find out
        read_in_call = self._read_in_call
        if not _settled(info, self._clock()) and (read_in_call is None or path not in read_in_call):
            return None
        return known[2]

    def read(self, path: PurePath) -> FileData:
        import hashlib  # here: a one-shot command never loads it

        raw, info = _read_regular(path)
        digest = hashlib.blake2b(raw, digest_size=16).digest()
        known = self._known.get(path)
        # a version is never given twice, to any path: a parse is never taken for another content's
        generation = known[2] if known is not None and known[1] == digest else next(self._counter)
        self._known[path] = (_identity(info), digest, generation)
        if self._read_in_call is not None:
            self._read_in_call.add(path)
        return FileData(raw, generation)


_LINES: dict[PurePath, tuple[tuple[int, ...], int]] = {}  # path -> (identity, lines)


def _known_lines(path: PurePath, info: os.stat_result) -> int | None:
    """The file's lines as counted at this version, if its timestamps can be trusted: search as you
    type on a journal of a million lines numbers its hits without reading the whole file at every
    keystroke."""
    known = _LINES.get(path)
    if known is not None and known[0] == _identity(info) and _settled(info, time.time()):
        return known[1]
    return None


_PROBE = 4096  # read first at a block's start, to begin the block on the line after it


class _Read:
    """How far a backwards reading has come: its file, and the bytes before the blocks it gave
    (None: it gave all)."""

    __slots__ = ("fd", "info", "unread")

    def __init__(self) -> None:
        self.fd = -1
        self.info: os.stat_result | None = None
        self.unread: int | None = None


def _blocks_backwards(path: PurePath, chunk: int, read: _Read) -> Iterator[bytes]:
    """`BackwardsReader`'s blocks, `read` kept up to date."""
    fd = read.fd = open_checked(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = read.info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, msg("store.not_a_regular_file"), str(path))
        size = info.st_size
        position = size - 1 if size and read_at(fd, 1, size - 1) == b"\n" else size
        tail, step = b"", min(chunk, 1 << 16)
        while position > 0:
            start = max(0, position - step)
            step = min(chunk, step * 2)
            cut = -1 if tail or not start else read_at(fd, _PROBE, start).find(b"\n")
            if 0 <= cut < position - start:  # read from the line after it: nothing copied
                end, position = position, start + cut
                read.unread = position
                yield read_at(fd, end - position - 1, position + 1)
                continue
            block = read_at(fd, position - start, start) + tail
            position = start
            cut = block.find(b"\n")
            if cut < 0:  # one line longer than the chunk: read on
                tail = block
                continue
            tail = block[:cut]
            read.unread = position + cut
            yield block[cut + 1 :]
        read.unread = None
        if size:
            yield tail
    finally:
        os.close(fd)


class BackwardsReader:
    """A file read from its end to its start in blocks of whole lines, each without its final line
    break (memory stays flat). Blocks are not numbered: a search counts each block's lines once,
    from the end, and asks `lines` for the file's count when it stops. The first chunks are small
    and double: a search that stops at its twentieth hit reads what it needs, one that goes on
    reads blocks of up to `chunk` bytes."""

    def __init__(self, path: PurePath, chunk: int = 1 << 20) -> None:
        self.path, self.chunk = path, chunk
        self._read = _Read()
        self._reading: Iterator[bytes] | None = None

    def __iter__(self) -> Iterator[bytes]:
        # held: a search that stops at its limit asks `lines` after it let go of the iterator (whose
        # file is closed with it). The reading holds its state, not this reader: no cycle keeps the
        # file open once the reader is let go.
        self._reading = _blocks_backwards(self.path, self.chunk, self._read)
        return self._reading

    def lines(self, read: int) -> int:
        """The file's line count, the blocks given so far holding `read` lines: the lines before
        them are counted (once per version of the file), unless every block was given."""
        info, unread = self._read.info, self._read.unread
        if info is None:
            return read
        if unread is None:
            _LINES[self.path] = (_identity(info), read)
            return read
        known = _known_lines(self.path, info)
        if known is None:
            chunk = self.chunk
            before = sum(
                read_at(self._read.fd, min(chunk, unread - at), at).count(b"\n")
                for at in range(0, unread, chunk)
            )
            known = read + before + 1
            _LINES[self.path] = (_identity(info), known)
        return known


def blocks_newest_first(path: PurePath, chunk: int = 1 << 20) -> Blocks:
    """The file as a search reads it: `BackwardsReader`'s blocks and line count."""
    from profile_memory.core.search import Blocks

    reader = BackwardsReader(path, chunk)
    return Blocks(reader, reader.lines)


def iter_blocks_newest_first(path: PurePath, chunk: int = 1 << 20) -> Iterator[Block]:
    """The file in numbered blocks of whole lines, from its end to its start: each with the 0-based
    number of its last line (the file's lines counted first, once per version of the file)."""
    from profile_memory.core.search import Block

    reader = BackwardsReader(path, chunk)
    blocks = iter(reader)
    first = next(blocks, None)
    if first is None:
        return
    index = reader.lines(first.count(b"\n") + 1) - 1
    for data in itertools.chain([first], blocks):
        yield Block(index, data)
        index -= data.count(b"\n") + 1


def iter_lines_newest_first(path: PurePath, chunk: int = 1 << 20) -> Iterator[tuple[int, bytes]]:
    """(0-based line, bytes) from the last line to the first (an editor's view of a file)."""
    for block in iter_blocks_newest_first(path, chunk):
        yield from block.lines_newest_first()
