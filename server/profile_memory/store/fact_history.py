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
from profile_memory.core.messages import msg
from profile_memory.store.folder import Folder, read_at
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
def history_folder(opened: Folder, folder: Path, create: bool) -> Iterator[Folder | None]:
    """A descriptor of the history folder (made 0700 when `create`), None when there is none; a
    link or a file in its place is refused."""
    where = folder / HISTORY_FOLDER
    if create:
        try:
            opened.mkdir(HISTORY_FOLDER, PRIVATE_FOLDER)
        except FileExistsError:
            pass
    try:
        history = opened.enter(HISTORY_FOLDER)
    except FileNotFoundError:
        if create:
            raise
        yield None
        return
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise UnsafePath(where, msg("store.history_link")) from None
        raise
    try:
        if create and history.mode() != PRIVATE_FOLDER:
            history.chmod(PRIVATE_FOLDER)
        yield history
    finally:
        history.close()


def _read(versions_dir: Folder, name: str) -> bytes | None:
    """A regular file of the history folder, never through a link; None when it is missing."""
    try:
        fd = versions_dir.open(name, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafePath(Path(HISTORY_FOLDER) / name, msg("store.link_not_read")) from None
        raise
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise UnsafePath(Path(HISTORY_FOLDER) / name, msg("store.not_regular"))
        return handle.read()


def _revs(versions_dir: Folder) -> list[str]:
    """The kept versions' revs, oldest first."""
    return sorted(rev for name in versions_dir.listdir() if (rev := rev_of_name(name)))


def _index(versions_dir: Folder) -> dict[str, Replacement]:
    data = _read(versions_dir, INDEX_NAME)
    return parse_index(data.decode("utf-8", errors="replace")) if data else {}


def _append_index(versions_dir: Folder, record: Replacement) -> None:
    fd = versions_dir.open(INDEX_NAME, os.O_RDWR | os.O_APPEND | os.O_CREAT, PRIVATE_FILE)
    try:
        info = os.fstat(fd)
        refuse_hard_links(Path(HISTORY_FOLDER) / INDEX_NAME, info)
        line = (record.to_line() + "\n").encode("utf-8")
        if info.st_size and read_at(fd, 1, info.st_size - 1) != b"\n":
            line = b"\n" + line  # close a torn last line left by a crash
        append_whole(fd, line, INDEX_NAME)
    finally:
        os.close(fd)


def _free_rev(versions_dir: Folder, rev: str) -> str:
    taken = set(versions_dir.listdir())
    candidate, count = rev, 1
    while version_name(candidate) in taken:
        count += 1
        candidate = f"{rev}-{count}"
    return candidate


def _already_kept(versions_dir: Folder, index: dict[str, Replacement], old: bytes, to: str) -> bool:
    """The newest version is `old` replaced by this same content: recorded by the writer itself
    (the language server sees the CLI's write afterwards)."""
    revs = _revs(versions_dir)
    if not revs or revs[-1] not in index or index[revs[-1]].to != to:
        return False
    return _read(versions_dir, version_name(revs[-1])) == old


def _redacted(data: bytes, gone: list[tuple[str, str]]) -> bytes:
    if not gone:
        return data
    text = data.decode("utf-8", errors="surrogateescape")
    return redact_values(text, gone).encode("utf-8", errors="surrogateescape")


def _redact_all(versions_dir: Folder, gone: list[tuple[str, str]]) -> None:
    """Each secret FACT.md no longer holds is redacted in every kept version too."""
    for rev in _revs(versions_dir):
        data = _read(versions_dir, version_name(rev))
        if data is None:
            continue
        cleaned = _redacted(data, gone)
        if cleaned != data:
            atomic_replace(versions_dir, version_name(rev), cleaned, new_mode=PRIVATE_FILE)


def _prune(versions_dir: Folder, limit: int) -> None:
    """The oldest versions beyond `limit` are deleted, and the index rewritten without them."""
    revs = _revs(versions_dir)
    if len(revs) <= limit:
        return
    for rev in revs[: len(revs) - limit]:
        versions_dir.unlink(version_name(rev))
    kept = set(revs[len(revs) - limit :])
    lines = [r.to_line() + "\n" for r in _index(versions_dir).values() if r.rev in kept]
    atomic_replace(versions_dir, INDEX_NAME, "".join(lines).encode("utf-8"), PRIVATE_FILE)
    versions_dir.fsync()


def keep(
    opened: Folder, folder: Path, old: bytes | None, new: bytes, by: str, ts: str, limit: int
) -> Replacement | None:
    """Keep `old` (FACT.md as it is) before `new` replaces it, under the folder's lock. Nothing is
    kept when there was no FACT.md or nothing changes; a linked history folder is refused
    (`UnsafePath`), and the caller then does not replace FACT.md."""
    if old is None or old == new:
        return None
    with history_folder(opened, folder, create=True) as versions_dir:
        assert versions_dir is not None  # made above
        to = _sha256(new)
        index = _index(versions_dir)
        gone = secrets_gone(
            old.decode("utf-8", errors="replace"), new.decode("utf-8", errors="replace")
        )
        # a secret the new FACT.md no longer holds never reaches the kept version, not even for
        # the moment before the versions are redacted
        version = _redacted(old, gone)
        if _already_kept(versions_dir, index, version, to):
            record = None
        else:
            rev = _free_rev(versions_dir, rev_for(ts, _sha256(old)))
            added, removed = line_counts(old, new)
            record = Replacement(rev, ts, by, added, removed, to)
            # the record first: the versions are read without a lock, and a version file found
            # must have its record (a record left alone by a crash names no file, and is skipped)
            _append_index(versions_dir, record)
            if not create_new(versions_dir, version_name(rev), version, PRIVATE_FILE):
                raise OSError(errno.EEXIST, msg("store.version_appeared"), version_name(rev))
        if gone:
            _redact_all(versions_dir, gone)
        _prune(versions_dir, limit)
        return record


def _listed(versions_dir: Folder, most: int | None = None) -> list[Version]:
    index = _index(versions_dir)
    found: list[Version] = []
    for rev in reversed(_revs(versions_dir)):
        if most is not None and len(found) >= most:
            break
        data = _read(versions_dir, version_name(rev))
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
    with open_folder(folder) as opened, history_folder(opened, folder, False) as versions_dir:
        return [] if versions_dir is None else _listed(versions_dir)


def newest(folder: Path) -> Version | None:
    """The last kept version (what the last replacement replaced), None when none was kept."""
    with open_folder(folder) as opened, history_folder(opened, folder, False) as versions_dir:
        found = [] if versions_dir is None else _listed(versions_dir, most=1)
    return found[0] if found else None


def read_in(opened: Folder, folder: Path, rev: str) -> bytes:
    """A kept version's exact bytes; `UnknownRev` when `rev` names none."""
    with history_folder(opened, folder, False) as versions_dir:
        data = None
        if versions_dir is not None and is_rev(rev):
            data = _read(versions_dir, version_name(rev))
    if data is None:
        raise UnknownRev(
            msg("fact.unknown_rev", folder=str(folder / HISTORY_FOLDER), rev=repr(rev))
        )
    return data


def read_version(folder: Path, rev: str) -> bytes:
    with open_folder(folder) as opened:
        return read_in(opened, folder, rev)


def version_path(folder: Path, rev: str) -> Path:
    return folder / HISTORY_FOLDER / version_name(rev)
