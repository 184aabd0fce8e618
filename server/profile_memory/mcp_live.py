"""`pmem mcp`'s live side: resource subscriptions, the watch that tells a client when a file a
resource reads changed on disk, and log messages for the client (README, "Agents (MCP)").

- `resources/subscribe` / `unsubscribe` (the initialize-handshake protocol versions every client
  speaks today) and `subscriptions/listen` (2026-07-28, served by the SDK from the bus here).
- The watch: a poll of each watched file's (inode, size, mtime_ns) every `POLL_SECONDS`, in a
  task of the server's lifespan. A change sends `notifications/resources/updated` for each
  resource that reads the file; a pair (`*-profile.md`) or a memory folder that appears or goes
  sends `notifications/resources/list_changed`. A client that caches resources (Cherry Studio keeps
  them up to an hour) learns at once that memory changed.
- `logging/setLevel`: the `profile_memory` loggers' records at or above the level a client set go
  to it as `notifications/message`; stderr stays the person's log, at the level `-v` chose.

The SDK offers no public hook for these requests on `MCPServer`: they are added to its low-level
server, and the list-change capability is declared where it builds the initialize result.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import anyio.lowlevel
from mcp.server.lowlevel import NotificationOptions
from mcp.server.subscriptions import InMemorySubscriptionBus, ResourcesListChanged, ResourceUpdated
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    EmptyResult,
    LoggingMessageNotification,
    LoggingMessageNotificationParams,
    ResourceListChangedNotification,
    ResourceUpdatedNotification,
    ResourceUpdatedNotificationParams,
    ServerNotification,
    SetLevelRequestParams,
    SubscribeRequestParams,
    UnsubscribeRequestParams,
)

from profile_memory.core.files import FACT_NAME
from profile_memory.core.places import Places, locate
from profile_memory.core.values import field, value_class
from profile_memory.store.disk import DiskProvider

POLL_SECONDS = 0.5
LOGGER = "profile_memory"
log = logging.getLogger(f"{LOGGER}.mcp")

# MCP's levels (RFC 5424), lowest first, and the Python level each starts at.
LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO + 5,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": logging.CRITICAL + 5,
    "emergency": logging.CRITICAL + 10,
}

Stamp = tuple[int, int, int]  # (inode, size, mtime_ns)
Key = tuple[str, str]  # (folder, file name in lower case)


def mcp_level(python_level: int) -> str:
    """The MCP level of a Python record: the highest that starts at or below it."""
    below = [name for name, start in LEVELS.items() if start <= python_level]
    return below[-1] if below else "debug"


# -- what each resource reads --------------------------------------------------------------------


def _places(project: Path, user_dir: str | None) -> Places:
    """The places as every call finds them (problems of pmem.toml are the tools' to report)."""
    places, _, _ = locate(project, DiskProvider(), os.environ, os.path.expanduser("~"), user_dir)
    return places


def sources(places: Places) -> dict[str, list[Key]]:
    """The files each resource reads (found by name in any case, as the readers find them)."""
    user = (str(places.user_dir), "user-profile.md")
    project = (str(places.project_dir), "project-profile.md")
    memory = places.memory_dirs[0]
    facts = (str(memory), FACT_NAME.lower())
    soul, persona = ((str(memory.parent), name) for name in ("soul.md", "user.md"))
    return {
        "pmem://profile/user": [user],
        "pmem://profile/project": [project],
        "pmem://facts": [facts],
        "pmem://recall": [user, project, soul, persona, facts],
    }


@value_class(frozen=True)
class Snapshot:
    """What the watch saw: each watched file's stamp, and which pairs and memory folders exist."""

    stamps: dict[Key, Stamp]
    shape: frozenset[str]


def _listing(folder: str) -> dict[str, os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return {entry.name.lower(): entry for entry in entries}
    except OSError:  # missing, not a folder, unreadable: nothing to watch there yet
        return {}


def snapshot(places: Places, watched: Iterable[Key]) -> Snapshot:
    """One poll: a folder listing per folder, and a stat per watched file that exists."""
    listings: dict[str, dict[str, os.DirEntry[str]]] = {}

    def listing(folder: str) -> dict[str, os.DirEntry[str]]:
        if folder not in listings:
            listings[folder] = _listing(folder)
        return listings[folder]

    stamps: dict[Key, Stamp] = {}
    for folder, name in watched:
        entry = listing(folder).get(name)
        try:
            found = entry.stat() if entry is not None else None
        except OSError:
            found = None
        if found is not None:
            stamps[(folder, name)] = (found.st_ino, found.st_size, found.st_mtime_ns)
    shape = {
        f"{folder}/{name}"
        for folder in map(str, places.profile_folders())
        for name in listing(folder)
        if name.endswith("-profile.md")
    }
    memory = map(str, places.memory_dirs)
    shape |= {f"memory:{folder}" for folder in memory if os.path.isdir(folder)}
    return Snapshot(stamps, frozenset(shape))


def changed(before: Snapshot, after: Snapshot, reads: dict[str, list[Key]]) -> list[str]:
    """The resources whose files changed between two polls."""
    return [
        uri
        for uri, keys in reads.items()
        if any(before.stamps.get(key) != after.stamps.get(key) for key in keys)
    ]


# -- the clients ---------------------------------------------------------------------------------


@value_class(eq=False)
class Peer:
    """One client connection (handshake era): what it subscribed to, the log level it set, and the
    session that reaches it (its connection's standalone channel)."""

    session: Any
    uris: set[str] = field(default_factory=set)
    level: int | None = None
    lists: bool = False


class Live:
    """The subscriptions, the watch and the client log of one server."""

    def __init__(self, project: Path, user_dir: str | None) -> None:
        self.project = project
        self.user_dir = user_dir
        self.bus = InMemorySubscriptionBus()  # 2026-07-28 listen streams
        self.peers: dict[int, Peer] = {}
        self._outbox: Any = None  # the log queue's two ends, while the server runs
        self._inbox: Any = None
        self._token: Any = None
        self._loop_thread: int | None = None

    # handshake-era clients are told apart by their connection's initialize parameters (the SDK
    # keeps one object per connection and gives handlers no other handle on the connection)
    def peer(self, session: Any) -> Peer:
        params = session.client_params
        key = id(params) if params is not None else id(session)
        found = self.peers.get(key)
        if found is None:
            found = self.peers[key] = Peer(session)
        found.session = session
        return found

    async def _send(self, peers: Iterable[Peer], notification: ServerNotification) -> None:
        for peer in list(peers):
            try:
                await peer.session.send_notification(notification)
            except Exception:  # a client gone: forget it
                log.debug("dropped a notification for a closed connection", exc_info=True)
                self.peers = {k: p for k, p in self.peers.items() if p is not peer}

    # -- requests ---------------------------------------------------------------------------------

    async def subscribe(self, ctx: Any, params: SubscribeRequestParams) -> EmptyResult:
        uri = str(params.uri)
        if uri not in sources(_places(self.project, self.user_dir)):
            raise MCPError(INVALID_PARAMS, f"{uri}: no such resource (see resources/list)")
        self.peer(ctx.session).uris.add(uri)
        log.debug("subscribed to %s", uri)
        return EmptyResult()

    async def unsubscribe(self, ctx: Any, params: UnsubscribeRequestParams) -> EmptyResult:
        self.peer(ctx.session).uris.discard(str(params.uri))
        return EmptyResult()

    async def set_level(self, ctx: Any, params: SetLevelRequestParams) -> EmptyResult:
        self.peer(ctx.session).level = LEVELS[params.level]
        self._logger_level()
        log.debug("log messages for this client from %s", params.level)
        return EmptyResult()

    def listing_peer(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """`resources/list` as before, remembering who listed (they hear when the list changes)."""

        async def listed(ctx: Any, params: Any) -> Any:
            self.peer(ctx.session).lists = True
            return await handler(ctx, params)

        return listed

    # -- the watch --------------------------------------------------------------------------------

    async def watch(self, places: Places, before: Snapshot) -> None:
        """Poll until cancelled, from `before`: what the files were when the server started."""
        reads = sources(places)
        keys = {key for keys in reads.values() for key in keys}
        while True:
            await anyio.sleep(POLL_SECONDS)
            after = await anyio.to_thread.run_sync(snapshot, places, keys)
            if after.shape != before.shape:
                log.info("a pair or memory folder appeared or went: the resource list changed")
                await self._flush_logs()
                await self.bus.publish(ResourcesListChanged())
                await self._send(
                    (p for p in self.peers.values() if p.lists or p.uris),
                    ResourceListChangedNotification(),
                )
            for uri in changed(before, after, reads):
                log.info("%s changed on disk", uri)
                await self._flush_logs()
                await self.bus.publish(ResourceUpdated(uri))
                notification = ResourceUpdatedNotification(
                    params=ResourceUpdatedNotificationParams(uri=uri)
                )
                await self._send(
                    (p for p in self.peers.values() if uri in p.uris),
                    notification,
                )
            before = after

    # -- the client log ---------------------------------------------------------------------------

    def _logger_level(self) -> None:
        """The `profile_memory` loggers pass what the most talkative client asked for, and no
        more than stderr's level reaches stderr."""
        root = logging.getLogger()
        for handler in root.handlers:
            if handler.level == logging.NOTSET:
                handler.setLevel(root.getEffectiveLevel())
        levels = [p.level for p in self.peers.values() if p.level is not None]
        logging.getLogger(LOGGER).setLevel(min(levels) if levels else logging.NOTSET)

    def queue_log(self, record: logging.LogRecord) -> None:
        """From any thread: hand a record to the task that sends it (dropped when full)."""
        outbox, token = self._outbox, self._token
        if outbox is None:
            return
        try:
            if threading.get_ident() == self._loop_thread:
                outbox.send_nowait(record)
            else:
                anyio.from_thread.run_sync(outbox.send_nowait, record, token=token)
        except Exception:  # full, closed, or the loop is gone: a log line is not worth a failure
            return

    async def send_logs(self, inbox: Any) -> None:
        async for record in inbox:
            await self._send_log(record)

    async def _flush_logs(self) -> None:
        """Send what was logged so far, before what the watch sends next: a client hears of a
        change in the order it happened."""
        while self._inbox is not None:
            try:
                record = self._inbox.receive_nowait()
            except (anyio.WouldBlock, anyio.EndOfStream, anyio.ClosedResourceError):
                return
            await self._send_log(record)

    async def _send_log(self, record: logging.LogRecord) -> None:
        notification = LoggingMessageNotification(
            params=LoggingMessageNotificationParams(
                level=mcp_level(record.levelno),  # type: ignore[arg-type]
                logger=record.name,
                data=record.getMessage(),
            )
        )
        hearing = [p for p in self.peers.values() if p.level is not None]
        await self._send((p for p in hearing if record.levelno >= (p.level or 0)), notification)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The watch and the log sender, for as long as the server runs."""
        outbox, inbox = anyio.create_memory_object_stream[logging.LogRecord](256)
        handler = _ToClient(self)
        logging.getLogger(LOGGER).addHandler(handler)
        self._outbox, self._inbox = outbox, inbox
        self._token = anyio.lowlevel.current_token()
        self._loop_thread = threading.get_ident()
        try:
            # the first look is taken before any request is served: a change made after the
            # client connected is never part of it
            places = _places(self.project, self.user_dir)
            first = snapshot(places, {key for keys in sources(places).values() for key in keys})
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(self.watch, places, first)
                tasks.start_soon(self.send_logs, inbox)
                try:
                    yield
                finally:
                    tasks.cancel_scope.cancel()
        finally:
            self._outbox = self._inbox = None
            logging.getLogger(LOGGER).removeHandler(handler)
            outbox.close()
            inbox.close()


class _ToClient(logging.Handler):
    def __init__(self, live: Live) -> None:
        super().__init__()
        self.live = live

    def emit(self, record: logging.LogRecord) -> None:
        self.live.queue_log(record)


def install(server: Any, live: Live) -> None:
    """Serve subscriptions and `logging/setLevel` on `server`, and declare that the resource list
    can change (the SDK's default initialize result says it never does)."""
    low = server._lowlevel_server  # no public handle on the low-level server's handlers
    low.add_request_handler("resources/subscribe", SubscribeRequestParams, live.subscribe)
    low.add_request_handler("resources/unsubscribe", UnsubscribeRequestParams, live.unsubscribe)
    low.add_request_handler("logging/setLevel", SetLevelRequestParams, live.set_level)
    listing = low.get_request_handler("resources/list")
    low.add_request_handler(
        "resources/list", listing.params_type, live.listing_peer(listing.handler)
    )
    build = low.create_initialization_options

    def with_list_changes(
        notification_options: NotificationOptions | None = None, *args: Any, **kwargs: Any
    ) -> Any:
        options = notification_options or NotificationOptions()
        options.resources_changed = True
        return build(options, *args, **kwargs)

    low.create_initialization_options = with_list_changes


def lifespan(live: Live) -> Callable[[Any], Any]:
    """The MCPServer lifespan that runs `live` beside the server."""

    @asynccontextmanager
    async def run(_server: Any) -> AsyncIterator[dict[str, Any]]:
        async with live.running():
            yield {}

    return run
