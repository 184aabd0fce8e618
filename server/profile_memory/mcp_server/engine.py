"""The MCP server's state and what every tool shares: the engine that keeps one workspace across
calls, the door (where the memory is, whether the client's approval counts), the client's name,
the tool annotations and the translation of a refused write."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
import difflib
import os
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import date
from pathlib import Path, PurePath
from typing import TypeVar, cast

from mcp.server.mcpserver import (
    Context,
)
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from profile_memory.core.config import today
from profile_memory.core.messages import Lang, Text, language_of_environment, msg, render, said
from profile_memory.core.text import one_line
from profile_memory.core.values import field, value_class
from profile_memory.core.workspace import Workspace
from profile_memory.front import Context as Here
from profile_memory.front import (
    FrontError,
    explained,
    failures,
    load_context,
)
from profile_memory.store.disk import KeptDiskProvider

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
ADDITIVE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
DESTRUCTIVE = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
)

# -- the server's state --------------------------------------------------------------------------


T = TypeVar("T")


class Engine:
    """The memory as one long-lived server reads it: one workspace kept across calls, on a disk
    provider that re-reads a file only when it may have changed (`KeptDiskProvider`), so a call
    parses only what changed since the last one, and a changed log is re-parsed and re-indexed from
    its previous parse, as in the language server (docs/incremental.md). The places and settings
    are found again at every call (a `pmem.toml` may change): other settings, a fresh workspace.
    Tools run in worker threads: one reads the workspace at a time."""

    def __init__(self, provider: KeptDiskProvider | None = None) -> None:
        self._lock = threading.Lock()
        self._provider = provider or KeptDiskProvider()
        self._workspace: Workspace | None = None
        self._last: tuple[tuple[object, ...], object] | None = None  # the last check's findings

    @contextmanager
    def reading(self, door: "Door") -> Iterator[Here]:
        with self._lock:
            try:
                here = load_context(door.user_dir, cwd=door.project, provider=self._provider)
            except FrontError as error:
                raise unreadable(error) from None
            kept = self._workspace
            if (
                kept is None
                or kept.settings != here.settings
                or kept.user_dir != here.workspace.user_dir
            ):
                kept = self._workspace = here.workspace
            with self._provider.one_call():
                yield Here(here.cwd, here.places, kept)

    def unchanged_since(self, here: Here, paths: list[Path]) -> tuple[object, ...] | None:
        """What the files' contents are now, as a key that is equal only while none of them (nor
        the settings, nor the day) changed; None when one's content cannot be vouched for without
        reading it (a link, unreadable)."""
        versions: list[object] = []
        for path in paths:
            if not os.path.lexists(path):
                versions.append(None)
                continue
            version = self._provider.version(path)
            if version is None:  # never read, or too recent to trust: read, its version tells
                source = here.workspace.source(PurePath(path))
                version = source.version if source is not None else None
            if version is None:
                return None
            versions.append(version)
        return (here.settings, dated(here.lang), tuple(paths), tuple(versions))

    def remembered(self, key: tuple[object, ...] | None, make: Callable[[], T]) -> T:
        """`make()`, or what it gave last time for the same `key` (None: made afresh)."""
        if key is not None and self._last is not None and self._last[0] == key:
            return cast(T, self._last[1])
        value = make()
        self._last = (key, value) if key is not None else None
        return value


@value_class(frozen=True, slots=True)
class Door:
    """Where the memory is (`project`, `user_dir`) and whether the client's own approval of a tool
    call counts as the person's yes; and the engine that reads it for the server's life."""

    project: Path
    user_dir: str | None = None
    trust_client_approval: bool = False
    engine: Engine = field(default_factory=Engine, compare=False, repr=False)

    def here(self) -> Here:
        """The places and settings, found afresh for each call (they may change between calls),
        on a workspace of its own (what a write plans from is read under its locks anyway)."""
        try:
            return load_context(self.user_dir, cwd=self.project)
        except FrontError as error:
            raise unreadable(error) from None

    def reading(self) -> AbstractContextManager[Here]:
        """The same on the engine's kept workspace, for reading tools: nothing that did not change
        since the last call is read or parsed again, nothing that changed is served stale."""
        return self.engine.reading(self)


def dated(lang: Lang) -> date:
    """Today (`PMEM_TODAY` when set); a bad `PMEM_TODAY` is a tool error in `lang`, not an
    unexpected failure the client is told nothing about."""
    try:
        return today(os.environ)
    except ValueError as error:
        raise ToolError(render(said(error), lang)) from None


def client(ctx: Context) -> str:
    """The client's declared name and version, as plain text on one line (at most 100
    characters: the client declares it)."""
    params = ctx.session.client_params
    info = params.client_info if params is not None else None
    declared = f"{info.name} {info.version}" if info is not None else ""
    plain = one_line("".join(c for c in declared if unicodedata.category(c)[0] != "C"))
    return plain[:100] or "an MCP client"


def source_of(ctx: Context, given: str | None) -> str:
    """What the record says it came from: always the client's declared name and version and the
    day, first; then the source the agent gave, marked as its word (so it cannot claim to be
    another client)."""
    declared = f"{client(ctx)} via pmem mcp, {dated(language_of_environment(os.environ)):%Y-%m-%d}"
    return f"{declared}; source given by the agent: {given}" if given else declared


def failed(here: Here, error: Exception, lang: Lang | None = None) -> ToolError:
    """A refused write or read as a tool error, in the words the CLI uses (`front.explained`), in
    the person's language (or `lang`)."""
    return ToolError(render(explained(error, here.show).message, lang or here.lang))


def unreadable(error: FrontError) -> ToolError:
    """The places or settings could not be read (a broken pmem.toml): said in the environment's
    language, the only one known then."""
    return ToolError(render(error.message, language_of_environment(os.environ)))


WRITE_ERRORS = failures()


def did_you_mean(name: str, names: list[str]) -> Text:
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if close:
        return msg("mcp.did_you_mean", name=close[0])
    return msg("mcp.arguments_are", names=list(names))
