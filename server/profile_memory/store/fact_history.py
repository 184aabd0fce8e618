"""FACT.md's kept versions on disk (docs/format.md, "FACT.md versions"): `memory/.fact-history/`,
a private folder (0700) of private files (0600), opened without following links, written and
fsynced before FACT.md is replaced, pruned to the bound. The names, counts and index lines are
`core/facts_history.py`'s.

`keep` runs under the memory folder's lock, with a descriptor of the folder (`store/memory.py`
holds both); reading the versions takes no lock (a version file is made whole, by a link).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from profile_memory.core.facts_history import (
    HISTORY_FOLDER,
    INDEX_NAME,
    Replacement,
    Version,
    is_rev,
    line_counts,
    parse_index,
    redact_values,
    rev_for,
    rev_of_name,
    secrets_gone,
    ts_of_rev,
    version_name,
)
from profile_memory.store.safe import (
    UnsafePath,
    append_whole,
    atomic_replace,
    create_new,
    open_folder,
    refuse_hard_links,
)

PRIVATE_FOLDER, PRIVATE_FILE = 0o700, 0o600


class UnknownRev(ValueError):
    """A rev that names no kept version: refused, nothing changed (exit 1)."""


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


@contextmanager
def history_folder(folder_fd: int, folder: Path, create: bool) -> Iterator[int | None]:
    """A descriptor of the history folder (made 0700 when `create`), None when there is none; a
    link or a file in its place is refused."""
    where = folder / HISTORY_FOLDER
    if create:
        try:
            os.mkdir(HISTORY_FOLDER, PRIVATE_FOLDER, dir_fd=folder_fd)
        except FileExistsError:
            pass
    try:
        fd = os.open(HISTORY_FOLDER, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder_fd)
    except FileNotFoundError:
        if create:
            raise
        yield None
        return
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise UnsafePath(
                where,
                "is a symbolic link or not a folder; FACT.md versions are never written through "
                "links, so FACT.md is not replaced",
            ) from None
        raise
    try:
        if create and stat.S_IMODE(os.fstat(fd).st_mode) != PRIVATE_FOLDER:
            os.fchmod(fd, PRIVATE_FOLDER)
        yield fd
    finally:
        os.close(fd)


def _read(history_fd: int, name: str) -> bytes | None:
    """A regular file of the history folder, never through a link; None when it is missing."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=history_fd)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafePath(
                Path(HISTORY_FOLDER) / name, "is a symbolic link; it is not read"
            ) from None
        raise
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise UnsafePath(Path(HISTORY_FOLDER) / name, "is not a regular file")
        return handle.read()


def _revs(history_fd: int) -> list[str]:
    """The kept versions' revs, oldest first."""
    return sorted(rev for name in os.listdir(history_fd) if (rev := rev_of_name(name)))


def _index(history_fd: int) -> dict[str, Replacement]:
    data = _read(history_fd, INDEX_NAME)
    return parse_index(data.decode("utf-8", errors="replace")) if data else {}


def _append_index(history_fd: int, record: Replacement) -> None:
    fd = os.open(
        INDEX_NAME,
        os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW,
        PRIVATE_FILE,
        dir_fd=history_fd,
    )
    try:
        info = os.fstat(fd)
        refuse_hard_links(Path(HISTORY_FOLDER) / INDEX_NAME, info)
        line = (record.to_line() + "\n").encode("utf-8")
        if info.st_size and os.pread(fd, 1, info.st_size - 1) != b"\n":
            line = b"\n" + line  # close a torn last line left by a crash
        append_whole(fd, line, INDEX_NAME)
    finally:
        os.close(fd)


def _free_rev(history_fd: int, rev: str) -> str:
    taken = set(os.listdir(history_fd))
    candidate, count = rev, 1
    while version_name(candidate) in taken:
        count += 1
        candidate = f"{rev}-{count}"
    return candidate


def _already_kept(history_fd: int, index: dict[str, Replacement], old: bytes, to: str) -> bool:
    """The newest version is `old` replaced by this same content: recorded by the writer itself
    (the language server sees the CLI's write afterwards)."""
    revs = _revs(history_fd)
    if not revs or revs[-1] not in index or index[revs[-1]].to != to:
        return False
    return _read(history_fd, version_name(revs[-1])) == old


def _redacted(data: bytes, gone: list[tuple[str, str]]) -> bytes:
    if not gone:
        return data
    text = data.decode("utf-8", errors="surrogateescape")
    return redact_values(text, gone).encode("utf-8", errors="surrogateescape")


def _redact_all(history_fd: int, gone: list[tuple[str, str]]) -> None:
    """Each secret FACT.md no longer holds is redacted in every kept version too."""
    for rev in _revs(history_fd):
        data = _read(history_fd, version_name(rev))
        if data is None:
            continue
        cleaned = _redacted(data, gone)
        if cleaned != data:
            atomic_replace(history_fd, version_name(rev), cleaned, new_mode=PRIVATE_FILE)


def _prune(history_fd: int, limit: int) -> None:
    """The oldest versions beyond `limit` are deleted, and the index rewritten without them."""
    revs = _revs(history_fd)
    if len(revs) <= limit:
        return
    for rev in revs[: len(revs) - limit]:
        os.unlink(version_name(rev), dir_fd=history_fd)
    kept = set(revs[len(revs) - limit :])
    lines = [r.to_line() + "\n" for r in _index(history_fd).values() if r.rev in kept]
    atomic_replace(history_fd, INDEX_NAME, "".join(lines).encode("utf-8"), PRIVATE_FILE)
    os.fsync(history_fd)


def keep(
    folder_fd: int, folder: Path, old: bytes | None, new: bytes, by: str, ts: str, limit: int
) -> Replacement | None:
    """Keep `old` (FACT.md as it is) before `new` replaces it, under the folder's lock. Nothing is
    kept when there was no FACT.md or nothing changes; a linked history folder is refused
    (`UnsafePath`), and the caller then does not replace FACT.md."""
    if old is None or old == new:
        return None
    with history_folder(folder_fd, folder, create=True) as history_fd:
        assert history_fd is not None  # made above
        to = _sha256(new)
        index = _index(history_fd)
        gone = secrets_gone(
            old.decode("utf-8", errors="replace"), new.decode("utf-8", errors="replace")
        )
        # a secret the new FACT.md no longer holds never reaches the kept version, not even for
        # the moment before the versions are redacted
        version = _redacted(old, gone)
        if _already_kept(history_fd, index, version, to):
            record = None
        else:
            rev = _free_rev(history_fd, rev_for(ts, _sha256(old)))
            added, removed = line_counts(old, new)
            record = Replacement(rev, ts, by, added, removed, to)
            if not create_new(history_fd, version_name(rev), version, PRIVATE_FILE):
                raise OSError(errno.EEXIST, "a version with this name appeared", version_name(rev))
            _append_index(history_fd, record)
        if gone:
            _redact_all(history_fd, gone)
        _prune(history_fd, limit)
        return record


def _listed(history_fd: int, most: int | None = None) -> list[Version]:
    index = _index(history_fd)
    found: list[Version] = []
    for rev in reversed(_revs(history_fd)):
        if most is not None and len(found) >= most:
            break
        data = _read(history_fd, version_name(rev))
        if data is None:
            continue
        record = index.get(rev)
        found.append(
            Version(
                rev=rev,
                ts=record.ts if record else ts_of_rev(rev),
                sha256=_sha256(data),
                bytes=len(data),
                added=record.added if record else 0,
                removed=record.removed if record else 0,
                by=record.by if record else "unknown",
            )
        )
    return found


def versions(folder: Path) -> list[Version]:
    """The kept versions, newest first ([] when none was kept)."""
    with open_folder(folder) as folder_fd, history_folder(folder_fd, folder, False) as history_fd:
        return [] if history_fd is None else _listed(history_fd)


def newest(folder: Path) -> Version | None:
    """The last kept version (what the last replacement replaced), None when none was kept."""
    with open_folder(folder) as folder_fd, history_folder(folder_fd, folder, False) as history_fd:
        found = [] if history_fd is None else _listed(history_fd, most=1)
    return found[0] if found else None


def read_in(folder_fd: int, folder: Path, rev: str) -> bytes:
    """A kept version's exact bytes; `UnknownRev` when `rev` names none."""
    with history_folder(folder_fd, folder, False) as history_fd:
        data = None
        if history_fd is not None and is_rev(rev):
            data = _read(history_fd, version_name(rev))
    if data is None:
        raise UnknownRev(
            f"{folder / HISTORY_FOLDER}: no kept version {rev!r} (`pmem facts history` lists them)"
        )
    return data


def read_version(folder: Path, rev: str) -> bytes:
    with open_folder(folder) as folder_fd:
        return read_in(folder_fd, folder, rev)


def version_path(folder: Path, rev: str) -> Path:
    return folder / HISTORY_FOLDER / version_name(rev)
