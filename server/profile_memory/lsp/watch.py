"""The server's own watching of the memory files, for a client that offers none (Neovim 0.7, an
editor without dynamic `workspace/didChangeWatchedFiles` registration): a record an agent appends
on disk is published while the editor is idle, the client sending nothing at all.

Linux's inotify watches the folders of the places (the user folder, the project folder, the
memory folders, and the folders under them that hold memory files); elsewhere, or when inotify
cannot be had, the files' versions (inode, modification time, size) are polled every
`POLL_SECONDS`, a few `stat` calls. Either way a change goes where the client's would
(`lifecycle.files_changed`)."""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import os
import struct
from collections.abc import Callable
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from profile_memory.core.files import role_of
from profile_memory.lsp.diagnostics import workspace_files

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer

logger = logging.getLogger("profile_memory")

POLL_SECONDS = 1.0
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len; then the name
# IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
_MASK = 0x002 | 0x004 | 0x008 | 0x040 | 0x080 | 0x100 | 0x200
_IN_NONBLOCK, _IN_CLOEXEC = 0o4000, 0o2000000

Changed = Callable[[list[PurePath]], None]


def watched_folders(ls: ProfileMemoryServer) -> list[PurePath]:
    """The places' folders and those holding a memory file (a new file appears in one of them)."""
    roots = [root for places in ls.places for root in places.default_roots()]
    folders = [*roots, *(path.parent for path in workspace_files(ls))]
    return [f for f in dict.fromkeys(folders) if ls.provider.disk.version(f) is not None]


class Poller:
    """Compares the memory files' versions every `POLL_SECONDS`."""

    def __init__(self, ls: ProfileMemoryServer, changed: Changed) -> None:
        self.ls, self.changed = ls, changed
        self.seen = self._versions()

    def _versions(self) -> dict[PurePath, Any]:
        return {path: self.ls.provider.disk.version(path) for path in workspace_files(self.ls)}

    def check(self) -> None:
        now = self._versions()
        paths = [p for p in now.keys() | self.seen.keys() if now.get(p) != self.seen.get(p)]
        self.seen = now
        if paths:
            self.changed(sorted(paths))

    async def run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                self.check()
            except Exception:  # never end the watching on a file that cannot be read
                logger.exception("polling the memory files failed")


class Inotify:
    """Linux inotify on the watched folders, read when the event loop says it is readable."""

    def __init__(self, ls: ProfileMemoryServer, changed: Changed, libc: Any) -> None:
        self.ls, self.changed, self.libc = ls, changed, libc
        self.fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        self.folders: dict[int, PurePath] = {}
        self.add_folders()

    def add_folders(self) -> None:
        known = set(self.folders.values())
        for folder in watched_folders(self.ls):
            if folder not in known:
                wd = self.libc.inotify_add_watch(self.fd, os.fsencode(folder), _MASK)
                if wd >= 0:
                    self.folders[wd] = folder

    def read(self) -> None:
        try:
            data = os.read(self.fd, 64 * 1024)
        except BlockingIOError:
            return
        paths: list[PurePath] = []
        offset = 0
        while offset + _EVENT.size <= len(data):
            wd, _mask, _cookie, length = _EVENT.unpack_from(data, offset)
            raw = data[offset + _EVENT.size : offset + _EVENT.size + length].rstrip(b"\0")
            offset += _EVENT.size + length
            folder = self.folders.get(wd)
            if folder is not None and raw:
                path = folder / os.fsdecode(raw)
                if role_of(path) is not None or path.name.lower() == "pmem.toml":
                    paths.append(path)
        if paths:
            self.add_folders()  # a memory file in a new folder (rare) is watched from now on
            self.changed(list(dict.fromkeys(paths)))


def _libc() -> Any:
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name, use_errno=True) if name else None
    return libc if libc is not None and hasattr(libc, "inotify_init1") else None


def start(ls: ProfileMemoryServer, changed: Changed, use_inotify: bool = True) -> None:
    """Watch the memory files and call `changed` with the paths that changed."""
    loop = asyncio.get_running_loop()
    libc = _libc() if use_inotify else None
    if libc is not None:
        try:
            watcher = Inotify(ls, changed, libc)
            loop.add_reader(watcher.fd, watcher.read)
            logger.info("watching the memory files with inotify")
            return
        except (OSError, NotImplementedError, ValueError):
            logger.info("inotify is not available: polling the memory files")
    ls.watching = asyncio.ensure_future(Poller(ls, changed).run())
