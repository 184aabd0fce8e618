"""Safe writes (docs/format.md, "Safety rules for writes"): real folders opened without following
links, the folder lock, no-overwrite creation."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".pmem.lock"
IGNORED_NAMES = (LOCK_NAME, ".*.tmp")


class UnsafePath(Exception):
    """A path that a write must not use: a link, not a folder, or not a regular file."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def ensure_folder(path: Path) -> None:
    """Create `path` and its missing parents; refuse when it (the last part) is a link or not a
    folder."""
    if os.path.islink(path):
        raise UnsafePath(path, "the folder is a symbolic link; writes never follow links")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UnsafePath(path, "exists and is not a folder") from None


@contextmanager
def open_folder(path: Path) -> Iterator[int]:
    """A descriptor of the real folder `path`: a link swapped in later cannot redirect writes made
    through it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        if os.path.islink(path):
            raise UnsafePath(
                path, "the folder is a symbolic link; writes never follow links"
            ) from None
        raise UnsafePath(path, error.strerror or "cannot open the folder") from None
    try:
        yield fd
    finally:
        os.close(fd)


@contextmanager
def folder_lock(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """The folder's advisory lock, held for a whole read-modify-write."""
    lock_path = path / LOCK_NAME
    if os.path.islink(lock_path):
        raise UnsafePath(lock_path, "the lock file is a symbolic link")
    from filelock import FileLock  # here, not at import: the server starts without it

    with FileLock(str(lock_path), timeout=timeout):
        yield


def _exists(folder_fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def refuse_hard_links(path: Path, info: os.stat_result) -> None:
    """A file with other names is not written: a replace would leave them with the old text, an
    append would change them behind their owner's back (docs/format.md, "Safety rules for
    writes")."""
    if info.st_nlink > 1:
        raise UnsafePath(
            path,
            f"has {info.st_nlink} hard links; writes are refused so that its other names do not "
            "silently diverge or change",
        )


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
        raise OSError(error.errno, f"{error.strerror}; nothing was appended", name) from None


def create_new(folder_fd: int, name: str, content: bytes, mode: int) -> bool:
    """Write a file that does not exist yet, whole or not at all; False (and nothing written) when
    it exists.

    The content goes to a temporary file first, then is linked into place: `link` never replaces.
    """
    if _exists(folder_fd, name):
        return False
    temp = f".{name}.{os.urandom(16).hex()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode, dir_fd=folder_fd)
    try:
        try:
            write_all(fd, content)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd, follow_symlinks=False)
        except FileExistsError:
            return False
        os.fsync(folder_fd)
        return True
    finally:
        os.unlink(temp, dir_fd=folder_fd)


def append_missing_lines(folder_fd: int, name: str, wanted: tuple[str, ...]) -> bool:
    """Append the lines of `wanted` that the file lacks (creating it if missing). True when it
    wrote."""
    try:
        fd = os.open(
            name, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644, dir_fd=folder_fd
        )
    except OSError as error:
        raise UnsafePath(Path(name), error.strerror or "cannot open") from None
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


def atomic_replace(folder_fd: int, name: str, content: bytes, new_mode: int = 0o644) -> None:
    """Replace (or create) `name` in the folder whole: temp file, fsync, rename, folder fsync
    (docs/format.md, "Safety rules for writes").

    An existing file keeps its mode and must be a regular file; on any failure the temp file is
    removed and the old file is untouched.
    """
    mode = new_mode
    try:
        info = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafePath(
                Path(name), "is a symbolic link or not a regular file; writes never follow links"
            )
        refuse_hard_links(Path(name), info)
        mode = stat.S_IMODE(info.st_mode)
    except FileNotFoundError:
        pass
    temp = f".{name}.{os.urandom(16).hex()}.tmp"
    fd = os.open(
        temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder_fd
    )
    try:
        try:
            write_all(fd, content)
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            info = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                raise UnsafePath(
                    Path(name), "became a link or special file while it was being written"
                )
        except FileNotFoundError:
            pass
        os.replace(temp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
        os.fsync(folder_fd)
    except BaseException:
        try:
            os.unlink(temp, dir_fd=folder_fd)
        except FileNotFoundError:
            pass
        raise
