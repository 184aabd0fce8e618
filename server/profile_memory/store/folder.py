"""The one place that decides how the store reaches names inside a folder without following links
(docs/format.md, "Safety rules for writes", "Without descriptors of folders").

Where the system has them (Linux, macOS, the BSDs), a `Folder` holds a descriptor of the real folder
and every call goes through it (`dir_fd=`, `O_NOFOLLOW`): a link swapped in later cannot redirect
anything. Where it lacks them (Windows: no `dir_fd`, no `O_NOFOLLOW`, no descriptors of folders),
or when `PMEM_PORTABLE_IO=1` pretends so (read once, at import: the store's tests run both ways), a
`Folder` holds the folder's path and identity: each call first checks that the folder is still
that folder and that the name is no link (symbolic link, or on Windows a junction or any other
name-surrogate reparse point), and an opened file must be the very file that was checked (same
device and inode). The refusals are the same; the window in which a swap can win is narrower than
none (between the check and the call), which docs/format.md says.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path, PurePath
from typing import NamedTuple

from profile_memory.core.messages import msg

FORCED = os.environ.get("PMEM_PORTABLE_IO") == "1"
_NAME_SURROGATE = 0x20000000  # Windows: a reparse tag that names another file (links, junctions)


def portable() -> bool:
    """True when names are reached by path with checks (no descriptors of folders)."""
    return FORCED or not (
        hasattr(os, "O_NOFOLLOW")
        and hasattr(os, "O_DIRECTORY")
        and {os.open, os.stat, os.unlink, os.rename, os.mkdir, os.link} <= os.supports_dir_fd
        and os.listdir in os.supports_fd
    )


def is_link(info: os.stat_result) -> bool:
    """A symbolic link, or on Windows a junction (or another reparse point naming a file elsewhere;
    a cloud placeholder is not one)."""
    return stat.S_ISLNK(info.st_mode) or bool(getattr(info, "st_reparse_tag", 0) & _NAME_SURROGATE)


def is_link_at(path: PurePath | str) -> bool:
    """`os.path.islink`, junctions and the like included (`is_link`)."""
    try:
        return is_link(os.lstat(path))
    except (OSError, ValueError):
        return False


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _loop(path: PurePath | str, what: str = "store.is_link") -> OSError:
    """The error `O_NOFOLLOW` gives, so callers handle both ways alike; `what` is the catalogue key
    of its reason."""
    return OSError(errno.ELOOP, msg(what), str(path))


def _flags(flags: int) -> int:
    return flags | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)


def open_checked(path: PurePath | str, flags: int, mode: int = 0o777) -> int:
    """`os.open` that never follows a link at the last part of `path` (checked before and after
    opening where `O_NOFOLLOW` is missing or hidden)."""
    if not portable():
        return os.open(path, flags | os.O_NOFOLLOW, mode)
    try:
        before: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        if not flags & os.O_CREAT:
            raise
        before = None
    if before is not None and is_link(before):
        raise _loop(path)
    fd = os.open(path, _flags(flags), mode)
    try:
        opened = os.fstat(fd)
        after = os.lstat(path)
        if is_link(after) or not _same(opened, after) or (before and not _same(opened, before)):
            raise _loop(path, "store.became_link")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_at(fd: int, size: int, offset: int) -> bytes:
    """`os.pread` where there is one (Windows has none: seek, then read)."""
    if hasattr(os, "pread") and not portable():
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, size)


def set_mode(fd: int, path: Path, mode: int) -> None:
    """The mode of an open file (by path where `fchmod` is missing)."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:
        os.chmod(path, mode)


class Folder(NamedTuple):
    """A real folder, reached without following links: by descriptor (`fd`) or, in portable mode,
    by path with its identity (`info`) checked before each call."""

    path: Path
    fd: int | None
    info: os.stat_result

    def _here(self, name: str = "") -> Path:
        """The folder (or `name` in it), after checking the folder is still the one opened."""
        now = os.lstat(self.path)
        if is_link(now) or not _same(now, self.info):
            raise _loop(self.path, "store.folder_replaced")
        return self.path / name if name else self.path

    def stat(self, name: str) -> os.stat_result:
        """`name`'s own status (a link's, never its target's)."""
        if self.fd is not None:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        return os.lstat(self._here(name))

    def open(self, name: str, flags: int, mode: int = 0o777) -> int:
        """`name` opened, never through a link (`ELOOP` when it is one)."""
        if self.fd is not None:
            return os.open(name, flags | os.O_NOFOLLOW, mode, dir_fd=self.fd)
        return open_checked(self._here(name), flags, mode)

    def mkdir(self, name: str, mode: int) -> None:
        if self.fd is not None:
            os.mkdir(name, mode, dir_fd=self.fd)
        else:
            os.mkdir(self._here(name), mode)

    def unlink(self, name: str) -> None:
        if self.fd is not None:
            os.unlink(name, dir_fd=self.fd)
        else:
            os.unlink(self._here(name))  # removes a link itself, never its target

    def replace(self, source: str, target: str) -> None:
        if self.fd is not None:
            os.replace(source, target, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        else:
            os.replace(self._here(source), self._here(target))  # renames names, follows nothing

    def link(self, source: str, target: str) -> None:
        """A second name for `source` (never replaces `target`: `FileExistsError`)."""
        if self.fd is not None:
            os.link(source, target, src_dir_fd=self.fd, dst_dir_fd=self.fd, follow_symlinks=False)
            return
        if is_link(self.stat(source)):
            raise _loop(self.path / source)
        os.link(self._here(source), self._here(target))

    def listdir(self) -> list[str]:
        return os.listdir(self.fd if self.fd is not None else self._here())

    def mode(self) -> int:
        return stat.S_IMODE(os.fstat(self.fd).st_mode if self.fd is not None else self.info.st_mode)

    def chmod(self, mode: int) -> None:
        if self.fd is not None:
            os.fchmod(self.fd, mode)
        else:
            os.chmod(self._here(), mode)

    def fsync(self) -> None:
        """Make the folder's names durable (Windows cannot open a folder: NTFS journals them)."""
        if self.fd is not None:
            os.fsync(self.fd)
            return
        try:
            fd = os.open(self._here(), os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)

    def enter(self, name: str) -> Folder:
        """The real folder `name` inside this one, to `close()`: `ELOOP` for a link, `ENOTDIR`
        for a file, `FileNotFoundError` when missing."""
        if self.fd is None:
            return enter(self._here(name))
        fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=self.fd)
        return Folder(self.path / name, fd, os.fstat(fd))


def enter(path: Path) -> Folder:
    """The real folder at `path` (its last part no link), to `close()`: `ELOOP` for a link,
    `ENOTDIR` for something else, `FileNotFoundError` when missing."""
    if not portable():
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        return Folder(path, fd, os.fstat(fd))
    info = os.lstat(path)
    if is_link(info):
        raise _loop(path)
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
    return Folder(path, None, info)
