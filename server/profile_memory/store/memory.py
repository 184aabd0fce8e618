"""An agent memory folder on disk (docs/format.md, "Agent journal" to "Safety rules for writes"):
the journal append and the FACT.md update, safely.

The folder must be a real directory named `memory`; names inside resolve case-insensitively; a
memory file must be a regular file or missing; links are refused at every level. Writes go through a
descriptor of the folder opened without following links, under the folder's lock.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.core.facts_history import BY_CLI, DEFAULT_HISTORY_MAX, Replacement
from profile_memory.core.files import FACT_FILE, JOURNAL_FILE, MEMORY_FOLDER
from profile_memory.core.journal import new_entry
from profile_memory.core.messages import msg
from profile_memory.core.secrets import describe as describe_secrets
from profile_memory.core.values import value_class
from profile_memory.store import fact_history
from profile_memory.store.folder import Folder, is_link_at, read_at
from profile_memory.store.safe import (
    UnsafePath,
    append_whole,
    atomic_replace,
    folder_lock,
    open_folder,
    refuse_hard_links,
)

if TYPE_CHECKING:
    from profile_memory.core.journal_model import JournalEntry

STALE_TEMP_SECONDS = 3600


class Refused(Exception):
    """A write refused because of the files' state (FACT.md changed since `--if-match`): exit 1."""


class BadInput(ValueError):
    """Input that cannot be written (empty text, non-string tags): exit 2."""


def memory_folder(path: Path, create: bool = False) -> Path:
    """`path` as an agent memory folder: a real directory named `memory`. With `create`, a missing
    one is made (mode 0700) when its parent is a real folder, as Cherry's own tool does; a link is
    refused at every step."""
    if path.name.lower() != MEMORY_FOLDER:
        raise UnsafePath(path, msg("store.not_memory"))
    if is_link_at(path):
        raise UnsafePath(path, msg("store.memory_link"))
    if not path.is_dir():
        if not create or os.path.lexists(path) or not path.parent.is_dir():
            raise UnsafePath(path, msg("store.no_memory", parent=str(path.parent)))
        with open_folder(path.parent) as parent:
            try:
                parent.mkdir(path.name, 0o700)
            except FileExistsError:
                pass  # made at the same time by another writer: checked below like any folder
        if is_link_at(path) or not path.is_dir():
            raise UnsafePath(path, msg("store.memory_not_folder"))
    return path


def resolve_name(handle: Folder, folder: Path, name: str) -> str:
    """The name in the folder that matches `name` case-insensitively (or `name` when none does).

    Refused when several names match, or when the match is a link or not a regular file.
    """
    matches = sorted(entry for entry in handle.listdir() if entry.lower() == name.lower())
    if len(matches) > 1:
        raise UnsafePath(folder / matches[0], msg("store.ambiguous", names=matches))
    if not matches:
        return name
    info = handle.stat(matches[0])
    if not stat.S_ISREG(info.st_mode):
        kind = "store.link" if stat.S_ISLNK(info.st_mode) else "store.not_file"
        raise UnsafePath(folder / matches[0], msg(kind))
    return matches[0]


def now_timestamp() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _refuse_secrets(allow: bool, *values: tuple[str, str]) -> None:
    """A secret is never written to agent memory (docs/format.md, "Secrets") unless allowed."""
    for what, value in values if not allow else ():
        problem = describe_secrets(value, what)
        if problem is not None:
            raise BadInput(problem)


def refuse_secret(text: str, what: str) -> None:
    """`BadInput` naming the family when `text` holds a secret (what the store writes nowhere)."""
    _refuse_secrets(False, (what, text))


def journal_entry(text: str, tags: list, allow_secret: bool = False) -> JournalEntry:
    """A new entry: text non-empty after trimming; tags strings, trimmed, de-duplicated in order;
    no secret in either."""
    if not isinstance(text, str) or not text.strip():
        raise BadInput(msg("store.journal_empty"))
    if not isinstance(tags, list) or any(not isinstance(tag, str) for tag in tags):
        raise BadInput(msg("store.tags"))
    _refuse_secrets(
        allow_secret, (msg("what.journal_text"), text), (msg("what.tag"), " ".join(tags))
    )
    cleaned = list(dict.fromkeys(tag.strip() for tag in tags if tag.strip()))
    return new_entry(now_timestamp(), cleaned, text)


@value_class(frozen=True)
class Appended:
    path: Path
    entry: JournalEntry


def journal_append(folder: Path, text: str, tags: list, allow_secret: bool = False) -> Appended:
    """Append one entry as one write of the whole line, fsynced; a torn last line is closed
    first."""
    entry = journal_entry(text, tags, allow_secret)
    folder = memory_folder(folder, create=True)
    line = (entry.to_line() + "\n").encode("utf-8")
    with open_folder(folder) as opened, folder_lock(folder):
        name = resolve_name(opened, folder, JOURNAL_FILE)
        fd = opened.open(name, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise UnsafePath(folder / name, msg("store.not_regular"))
            refuse_hard_links(folder / name, info)
            if info.st_size and read_at(fd, 1, info.st_size - 1) != b"\n":
                line = b"\n" + line  # close a torn last line left by a crash
            append_whole(fd, line, str(folder / name))
        finally:
            os.close(fd)
    return Appended(folder / name, entry)


def sha256_of(data: bytes) -> str:
    import hashlib  # here: a journal search never loads it (nor OpenSSL)

    return hashlib.sha256(data).hexdigest()


def read_fact(folder: Path) -> tuple[Path, bytes | None]:
    folder = memory_folder(folder)
    with open_folder(folder) as opened:
        name = resolve_name(opened, folder, FACT_FILE)
        try:
            fd = opened.open(name, os.O_RDONLY)
        except FileNotFoundError:
            return folder / name, None
        with os.fdopen(fd, "rb") as handle:
            return folder / name, handle.read()


def _remove_stale_temps(opened: Folder, name: str) -> None:
    """Temp files of a killed writer, older than an hour, are removed by the next update."""
    prefix = f".{name}."
    for entry in opened.listdir():
        if entry.startswith(prefix) and entry.endswith(".tmp"):
            try:
                info = opened.stat(entry)
                if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime > STALE_TEMP_SECONDS:
                    opened.unlink(entry)
            except FileNotFoundError:
                pass


@value_class(frozen=True)
class FactWritten:
    """FACT.md replaced: its path, the new content's sha256, and the version kept of what it
    replaced (None when there was none, or nothing changed)."""

    path: Path
    sha256: str
    kept: Replacement | None


def _read_current(opened: Folder, name: str) -> bytes | None:
    try:
        fd = opened.open(name, os.O_RDONLY)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _replace_fact(
    folder: Path,
    data: bytes | Callable[[Folder], bytes],
    if_match: str | None,
    by: str,
    history_max: int,
) -> FactWritten:
    """Under the folder's lock: check `if_match`, keep the version being replaced, then replace
    FACT.md atomically. `data` may be read inside the lock (a restore reads its version there)."""
    with open_folder(folder) as opened, folder_lock(folder):
        name = resolve_name(opened, folder, FACT_FILE)
        current = _read_current(opened, name)
        if if_match is not None:
            digest = sha256_of(current or b"")
            if digest != if_match.lower():
                raise Refused(
                    msg(
                        "store.fact_changed",
                        path=str(folder / name),
                        digest=digest[:12],
                        expected=if_match[:12],
                    )
                )
        new = data(opened) if callable(data) else data
        kept = fact_history.keep(opened, folder, current, new, by, now_timestamp(), history_max)
        _remove_stale_temps(opened, name)
        try:
            atomic_replace(opened, name, new, new_mode=0o600)
        except OSError as error:
            raise OSError(
                error.errno, msg("store.fact_unchanged", why=error.strerror), str(folder / name)
            ) from None
    return FactWritten(folder / name, sha256_of(new), kept)


def replace_fact(
    folder: Path,
    content: str,
    if_match: str | None = None,
    allow_secret: bool = False,
    by: str = BY_CLI,
    history_max: int = DEFAULT_HISTORY_MAX,
) -> FactWritten:
    """Replace FACT.md whole and atomically, keeping the version it replaces; refused when
    `if_match` is not the current content's sha256, or when the content holds a secret."""
    if not isinstance(content, str) or not content:
        raise BadInput(msg("store.fact_empty"))
    _refuse_secrets(allow_secret, (msg("what.new_fact"), content))
    folder = memory_folder(folder, create=True)
    return _replace_fact(folder, content.encode("utf-8"), if_match, by, history_max)


def facts_restore(
    folder: Path,
    rev: str,
    if_match: str | None = None,
    allow_secret: bool = False,
    by: str = BY_CLI,
    history_max: int = DEFAULT_HISTORY_MAX,
) -> FactWritten:
    """Replace FACT.md with the kept version `rev` (keeping the one it replaces), read and written
    under the lock; an unknown rev is refused and nothing changes."""
    folder = memory_folder(folder)

    def version(opened: Folder) -> bytes:
        data = fact_history.read_in(opened, folder, rev)
        _refuse_secrets(
            allow_secret, (msg("what.version", rev=rev), data.decode("utf-8", errors="replace"))
        )
        return data

    return _replace_fact(folder, version, if_match, by, history_max)


def record_outside(
    folder: Path, seen: bytes, now: bytes, by: str, history_max: int
) -> Replacement | None:
    """FACT.md was `seen` and is now `now`, written by another program: keep what was seen (unless
    the writer kept it already)."""
    folder = memory_folder(folder)
    with open_folder(folder) as opened, folder_lock(folder):
        return fact_history.keep(opened, folder, seen, now, by, now_timestamp(), history_max)


def fact_size_note(content: str, max_file_bytes: int, fact_file_max_bytes: int) -> str | None:
    """The bounds of a new FACT.md (docs/format.md, "Bounds of what is written"): refused over
    `maxFileBytes` (nothing reads more of a file), and a note to say when it is over
    `factFileMaxBytes` (all of it enters every prompt). Checked before anything else of it."""
    size = len(content.encode("utf-8", errors="surrogatepass"))
    if size > max_file_bytes:
        raise BadInput(msg("store.fact_too_big", size=size, limit=max_file_bytes))
    if size > fact_file_max_bytes:
        return msg("store.fact_big", size=size, limit=fact_file_max_bytes)
    return None
