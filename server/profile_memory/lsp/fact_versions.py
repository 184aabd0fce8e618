"""FACT.md rewritten by someone else while the server has its folder open (docs/format.md, "FACT.md
versions"): the server remembers the last content it saw of each FACT.md, and when the file on disk
differs (a save, a watched-file event, or a re-read by modification time), keeps the version it had
seen, `by` = `outside` (or `editor` when the open buffer is what was saved). The keeping is the
store's (`store/memory.py`, `record_outside`), in a worker thread under the folder's lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.facts_history import BY_EDITOR, BY_OUTSIDE
from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import msg
from profile_memory.lsp import views
from profile_memory.store.memory import read_fact, record_outside
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer

logger = logging.getLogger("profile_memory")


def _on_disk(path: PurePath) -> bytes | None:
    try:
        return read_fact(Path(path.parent))[1]
    except (UnsafePath, OSError):
        return None


def _known_facts(ls: ProfileMemoryServer) -> list[PurePath]:
    return [p for p in ls.resolver.memory_files() if role_of(p) is Role.FACT]


def remember_all(ls: ProfileMemoryServer) -> None:
    """What each known FACT.md holds now (at start-up, and when the folders change)."""
    for path in _known_facts(ls):
        if path not in ls.fact_seen and (data := _on_disk(path)) is not None:
            ls.fact_seen[path] = data


def saw(ls: ProfileMemoryServer, path: PurePath, data: bytes) -> None:
    """The server wrote `data` itself (its version was kept by the store then)."""
    ls.fact_seen[path] = data


def _writer(ls: ProfileMemoryServer, path: PurePath, now: bytes) -> str:
    document = ls.provider.open.get(path)
    if document is not None and document.text.encode("utf-8") == now:
        return BY_EDITOR  # the buffer is what is on disk: the editor saved it
    return BY_OUTSIDE


async def _keep_if_changed(ls: ProfileMemoryServer, path: PurePath) -> None:
    # a save and the watcher's event for it arrive together: compared one after the other, the
    # second sees what the first recorded and keeps nothing
    async with ls.fact_keeping:
        await _compare_and_keep(ls, path)


SETTLE_SECONDS = 0.05
SETTLE_TRIES = 20


async def _settled(path: PurePath, first: bytes | None) -> bytes | None:
    """FACT.md once a writer is done with it: an editor that saves in place truncates the file,
    then writes it, and the watcher may read it in between. A content read twice alike (and not
    empty, unless it stays empty for about a second) is what was written."""
    now = first
    for _ in range(SETTLE_TRIES):
        await asyncio.sleep(SETTLE_SECONDS)
        again = await asyncio.to_thread(_on_disk, path)
        if again == now and again != b"":
            break
        now = again
    return now


async def _compare_and_keep(ls: ProfileMemoryServer, path: PurePath) -> None:
    now = await asyncio.to_thread(_on_disk, path)
    if ls.fact_seen.get(path) not in (None, now):
        now = await _settled(path, now)
    seen = ls.fact_seen.get(path)  # after the wait: the server's own write may have come meanwhile
    if seen is None or now == seen:
        if now is not None:
            ls.fact_seen[path] = now
        return
    ls.fact_seen[path] = now if now is not None else b""
    by = _writer(ls, path, now or b"")
    try:
        await asyncio.to_thread(
            record_outside, Path(path.parent), seen, now or b"", by, ls.settings.fact_history_max
        )
    except (UnsafePath, OSError) as error:
        logger.warning("the replaced version of %s was not kept: %s", path, error)
        ls.window_show_message(
            types.ShowMessageParams(
                types.MessageType.Warning,
                ls.text(
                    msg(
                        "lsp.said",
                        text=msg("lsp.version_not_kept", path=str(path), error=str(error)),
                    )
                ),
            )
        )
        return
    views.changed(ls)


def changed(ls: ProfileMemoryServer, paths: Iterable[PurePath]) -> None:
    """Files changed on disk: for each FACT.md among them, keep the version seen if it differs."""
    for path in paths:
        if role_of(path) is Role.FACT:
            asyncio.ensure_future(_keep_if_changed(ls, path))


def text_document_did_save(
    ls: ProfileMemoryServer, params: types.DidSaveTextDocumentParams
) -> None:
    """The editor saved a document: for a FACT.md, keep what the server had seen (`by` =
    `editor`), also for clients that do not watch files."""
    path = ls.served_path(params.text_document.uri)
    if path is not None:
        changed(ls, [path])


def register(server: ProfileMemoryServer) -> None:
    server.file_listeners.append(lambda path: changed(server, [path]))
    server.handle(types.TEXT_DOCUMENT_DID_SAVE, text_document_did_save)
