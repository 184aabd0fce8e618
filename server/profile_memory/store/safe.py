"""Safe writes (docs/format.md, "Safety rules for writes"): real folders opened without following
links, the folder lock, no-overwrite creation."""

from __future__ import annotations

import _thread
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from profile_memory.core.messages import msg
from profile_memory.store.folder import Folder, enter, is_link_at, set_mode

LOCK_NAME = ".pmem.lock"
IGNORED_NAMES = (LOCK_NAME, ".*.tmp")


class UnsafePath(Exception):
    """A path that a write must not use: a link, not a folder, or not a regular file."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(msg("unsafe.source", path=str(path), reason=reason))
        self.path = path
        self.reason = reason


def ensure_folder(path: Path) -> None:
    """Create `path` and its missing parents; refuse when it (the last part) is a link or not a
    folder."""
    if is_link_at(path):
        raise UnsafePath(path, msg("store.folder_link"))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UnsafePath(path, msg("store.exists_not_folder")) from None


@contextmanager
def open_folder(path: Path) -> Iterator[Folder]:
    """The real folder `path` (by descriptor where the system has them, store/folder.py): a link
    swapped in later cannot redirect writes made through it."""
    try:
        folder = enter(path)
    except OSError as error:
        if is_link_at(path):
            raise UnsafePath(path, msg("store.folder_link")) from None
        raise UnsafePath(path, error.strerror or msg("store.cannot_open_folder")) from None
    try:
        yield folder
    finally:
        folder.close()


@contextmanager
def folder_lock(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """The folder's advisory lock, held for a whole read-modify-write."""
    lock_path = path / LOCK_NAME
    if is_link_at(lock_path):
        raise UnsafePath(lock_path, msg("store.lock_link"))
    from filelock import FileLock  # here, not at import: the server starts without it

    with FileLock(str(lock_path), timeout=timeout), _writing():
        yield


# Two plain locks rather than a `threading.Condition`: `_thread` is built in, and `threading` costs
# a check's start ~1 ms. `_IDLE` is held while a folder lock of this process is (a plain lock may
# be released by another thread than the one that took it).
_COUNTING, _IDLE = _thread.allocate_lock(), _thread.allocate_lock()
_writes_under_way = 0


@contextmanager
def _writing() -> Iterator[None]:
    """Counts the folder locks this process holds: a write under way (`wait_for_writes`)."""
    global _writes_under_way
    with _COUNTING:
        _writes_under_way += 1
        if _writes_under_way == 1:
            _IDLE.acquire()
    try:
        yield
    finally:
        with _COUNTING:
            _writes_under_way -= 1
            if _writes_under_way == 0:
                _IDLE.release()


def wait_for_writes() -> None:
    """Until no folder lock of this process is held: a process that ends early (`pmem mcp` when its
    client went away) lets a write it began finish first."""
    with _IDLE:
        pass


def _exists(folder: Folder, name: str) -> bool:
    try:
        folder.stat(name)
    except FileNotFoundError:
        return False
    return True


def refuse_hard_links(path: Path, info: os.stat_result) -> None:
    """A file with other names is not written: a replace would leave them with the old text, an
    append would change them behind their owner's back (docs/format.md, "Safety rules for
    writes")."""
    if info.st_nlink > 1:
        raise UnsafePath(path, msg("store.hard_links", n=info.st_nlink))


def write_all(fd: int, data: bytes) -> None:
    """Write all of `data` (a write may take part of it, near a full disk or a file-size limit)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def append_whole(fd: int, data: bytes, name: str) -> None:
    """Append `data` to an `O_APPEND` file, whole or not at all: on any failure the file is cut back
    to its old size, so no torn line is left (docs/format.md, "Safety rules for writes")."""
    size = os.fstat(fd).st_size
    try:
        write_all(fd, data)
        os.fsync(fd)
    except OSError as error:
        os.ftruncate(fd, size)
        raise OSError(error.errno, msg("store.not_appended", why=error.strerror), name) from None


def append_to(folder: Folder, name: str, data: bytes, size: int) -> None:
    """Append `data` to the existing file `name`, whole or not at all (`append_whole`), if it is
    still `size` bytes long, as when the text being extended was read (under the folder's lock);
    else `UnsafePath` and nothing is written. The rest of the file is never rewritten: a write
    costs what it adds (docs/format.md, "Safety rules for writes")."""
    try:
        fd = folder.open(name, os.O_WRONLY | os.O_APPEND)
    except OSError as error:
        raise UnsafePath(Path(name), error.strerror or msg("store.cannot_open")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafePath(Path(name), msg("store.not_regular"))
        refuse_hard_links(Path(name), info)
        if info.st_size != size:
            raise UnsafePath(Path(name), msg("store.changed_while_appending"))
        append_whole(fd, data, name)
    finally:
        os.close(fd)


def create_new(folder: Folder, name: str, content: bytes, mode: int) -> bool:
    """Write a file that does not exist yet, whole or not at all; False (and nothing written) when
    it exists.

    The content goes to a temporary file first, then is linked into place: `link` never replaces.
    """
    if _exists(folder, name):
        return False
    temp = f".{name}.{os.urandom(16).hex()}.tmp"
    fd = folder.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        try:
            write_all(fd, content)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            folder.link(temp, name)
        except FileExistsError:
            return False
        folder.fsync()
        return True
    finally:
        folder.unlink(temp)


def append_missing_lines(folder: Folder, name: str, wanted: tuple[str, ...]) -> bool:
    """Append the lines of `wanted` that the file lacks (creating it if missing). True when it
    wrote."""
    try:
        fd = folder.open(name, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as error:
        raise UnsafePath(Path(name), error.strerror or msg("store.cannot_open")) from None
    try:
        with os.fdopen(fd, "r+b", closefd=False) as handle:
            existing = handle.read().decode("utf-8", errors="replace")
        present = {line.strip() for line in existing.splitlines()}
        missing = [line for line in wanted if line not in present]
        if not missing:
            return False
        prefix = "\n" if existing and not existing.endswith("\n") else ""
        append_whole(fd, (prefix + "\n".join(missing) + "\n").encode(), name)
        return True
    finally:
        os.close(fd)


def atomic_replace(folder: Folder, name: str, content: bytes, new_mode: int = 0o644) -> None:
    """Replace (or create) `name` in the folder whole: temp file, fsync, rename, folder fsync
    (docs/format.md, "Safety rules for writes").

    An existing file keeps its mode and must be a regular file; on any failure the temp file is
    removed and the old file is untouched.
    """
    mode = new_mode
    try:
        info = folder.stat(name)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafePath(Path(name), msg("store.link_or_special"))
        refuse_hard_links(Path(name), info)
        mode = stat.S_IMODE(info.st_mode)
    except FileNotFoundError:
        pass
    temp = f".{name}.{os.urandom(16).hex()}.tmp"
    fd = folder.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        try:
            write_all(fd, content)
            set_mode(fd, folder.path / temp, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            info = folder.stat(name)
            if not stat.S_ISREG(info.st_mode):
                raise UnsafePath(Path(name), msg("store.became_special"))
        except FileNotFoundError:
            pass
        folder.replace(temp, name)
        folder.fsync()
    except BaseException:
        try:
            folder.unlink(temp)
        except FileNotFoundError:
            pass
        raise
