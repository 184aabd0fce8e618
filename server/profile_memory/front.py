"""What the three front ends share — `pmem` (`cli/`), `pmem mcp` (`mcp_server/`) and the language
server's commands (`lsp/commands.py`): the places and the context a command reads the memory in,
the translation of a refused write or read into one message (with the CLI's exit code), and the
assembly of a journal + log search. No front end imports another; each imports this.

Only what a `pmem recall` needs is imported at the top: the planner, the rules, the search and the
store's writers are imported where they are used (start-up stays lean).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Literal

from profile_memory.core.config import ConfigFileError, Settings
from profile_memory.core.files import role_of
from profile_memory.core.messages import (
    Lang,
    choose_language,
    language_of_environment,
    msg,
    render,
    said,
)
from profile_memory.core.places import Places, locate
from profile_memory.core.workspace import FileKind, TextProvider, Workspace
from profile_memory.store.disk import DiskProvider
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    from profile_memory.core.index import LogFile
    from profile_memory.core.resolve import Resolver
    from profile_memory.core.search import Blocks, JournalHit, LogHit, MemoryHits

# How a person decides pending proposals (`pmem confirm`, the MCP `confirm` tool): the words of
# `core.plans.Decision`, as the tools' schemas and the command line spell them.
Decision = Literal["confirm", "keep-both", "discard"]
# The three kinds of change to an entry that already has an id.
EntryChange = Literal["evolve", "pivot", "delete"]


class FrontError(Exception):
    """A failure to report in one line, with its exit code (docs/format.md, "CLI conventions"):
    the CLI prints it, the MCP server returns it as a tool error, the server's commands refuse
    with it."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.message = message  # a catalogue `Text` is shown in the person's language
        self.code = code


# The language of what pmem says (core/messages.py): the environment's, until `load_context` has
# read pmem.toml's `messageLanguage`.
language: list[Lang] = ["en"]


def say(message: str) -> str:
    """A message in the person's language."""
    return render(message, language[0])


def warn(message: str) -> None:
    print(say(msg("cli.warning", message=message)), file=sys.stderr)


# -- places and context --------------------------------------------------------------------------


class Context:
    """The places, settings and workspace a command reads the memory in, and how it shows a path."""

    __slots__ = ("_shown", "cwd", "places", "workspace")

    def __init__(self, cwd: Path, places: Places, workspace: Workspace) -> None:
        self.cwd = cwd
        self.places = places
        self.workspace = workspace
        self._shown: dict[PurePath, str] = {}

    def show(self, path: PurePath) -> str:
        """Relative to the current folder when inside it, else absolute; always with `/` (kept:
        a search prints the same journal's path for every hit)."""
        shown = self._shown.get(path)
        if shown is None:
            absolute = Path(os.path.abspath(path))
            try:
                shown = absolute.relative_to(self.cwd).as_posix() or "."
            except ValueError:
                shown = absolute.as_posix()
            self._shown[path] = shown
        return shown

    @property
    def settings(self) -> Settings:
        return self.workspace.settings

    @property
    def resolver(self) -> Resolver:
        from profile_memory.core.resolve import Resolver

        return Resolver(self.workspace, [self.places])

    @property
    def lang(self) -> Lang:
        """The person's language: pmem.toml's `messageLanguage`, else the environment's."""
        return choose_language(self.settings.message_language, language_of_environment(os.environ))


def load_context(
    user_dir: str | None = None, cwd: Path | None = None, provider: TextProvider | None = None
) -> Context:
    """The places, settings and a workspace on `provider` (the disk, read afresh, by default)."""
    provider = provider or DiskProvider()
    cwd = cwd or Path(os.getcwd())
    try:
        places, settings, problems = locate(
            cwd, provider, os.environ, os.path.expanduser("~"), user_dir
        )
    except ConfigFileError as error:
        raise FrontError(str(error)) from None
    except OSError as error:
        why = error.strerror or str(error)
        raise FrontError(
            msg("cli.cannot_read", path=error.filename or "pmem.toml", why=why)
        ) from None
    language[0] = choose_language(settings.message_language, language_of_environment(os.environ))
    for problem in problems:
        warn(problem.text())
    return Context(cwd, places, Workspace(provider, settings, places.user_dir))


def files_to_check(ctx: Context, paths: Sequence[str]) -> list[Path]:
    """The memory files at or under the paths given, else under the places' default roots."""
    workspace = ctx.workspace
    roots: list[PurePath]
    if paths:
        roots = []
        for given in paths:
            path = Path(os.path.abspath(given))
            kind = workspace.provider.kind(path)
            if kind is FileKind.MISSING:
                raise FrontError(msg("cli.no_such_file", path=given))
            if kind is not FileKind.DIR and kind is not FileKind.LINK and role_of(path) is None:
                raise FrontError(msg("cli.not_memory_file", path=given))
            roots.append(path)
    else:
        roots = [
            p
            for p in ctx.places.default_roots()
            if workspace.provider.kind(p) is not FileKind.MISSING
        ]
    return list(dict.fromkeys(Path(p) for root in roots for p in workspace.discover(root)))


# -- a refused write or read, in one message -----------------------------------------------------


def failures() -> tuple[type[Exception], ...]:
    """What a write or a read of the memory refuses with, each said by `explained` (imported when
    one is raised: `except failures()` costs a command that succeeds nothing)."""
    from profile_memory.core.buffers import UnsafeSource
    from profile_memory.core.plans import PlanError
    from profile_memory.store.fact_history import UnknownRev
    from profile_memory.store.memory import BadInput, Refused

    return (PlanError, UnsafePath, UnsafeSource, BadInput, Refused, UnknownRev, OSError)


def os_error(error: OSError, unnamed: str = "") -> str:
    """One line for a filesystem failure: the path (else `unnamed`, if any), then the reason."""
    where = error.filename or unnamed
    reason = error.strerror or str(error)  # a catalogue `Text` (the store's reasons) stays one
    return msg("unsafe.source", path=str(where), reason=reason) if where else reason


def explained(
    error: Exception, show: Callable[[PurePath], str] = str, unnamed: str = "write"
) -> FrontError:
    """One of `failures()` as one line, with its exit code: 1 when the files' state refused it (an
    unknown id, a changed FACT.md, an unknown rev), 2 for input that cannot be written, a path that
    must not be used or a failing disk. `show` writes a path; `unnamed` names a filesystem failure
    that names no file."""
    from profile_memory.core.buffers import UnsafeSource
    from profile_memory.core.plans import BadText, PlanError
    from profile_memory.store.fact_history import UnknownRev
    from profile_memory.store.memory import Refused

    if isinstance(error, (UnsafePath, UnsafeSource)):
        return FrontError(msg("unsafe.source", path=show(error.path), reason=error.reason))
    if isinstance(error, OSError):
        return FrontError(os_error(error, unnamed))
    if isinstance(error, BadText):
        return FrontError(said(error))
    if isinstance(error, (PlanError, Refused, UnknownRev)):
        return FrontError(said(error), code=1)
    return FrontError(said(error))


# -- journal + log search ------------------------------------------------------------------------


def journal_blocks(path: PurePath) -> Blocks:
    """A journal on disk, read backwards in blocks (what a search reads by default)."""
    from profile_memory.store.disk import blocks_newest_first

    return blocks_newest_first(path)


def search(
    resolver: Resolver,
    query: str | None,
    tag: str | None = None,
    limit: int | None = None,
    kinds: Iterable[str] | None = None,
    *,
    journals: Sequence[PurePath] | None = None,
    read: Callable[[PurePath], Blocks | Iterable[tuple[int, bytes]]] = journal_blocks,
) -> MemoryHits:
    """Journal entries and log records together, newest first (`core/search.search_memory`): the
    journals in reach of `resolver` (or `journals`), each read by `read`, and the logs of its
    pairs (parsed only when the search can find a record)."""
    from profile_memory.core.search import DEFAULT_LIMIT, KINDS, search_memory

    paths = resolver.journals() if journals is None else journals
    chosen = tuple(KINDS if kinds is None else kinds)
    found = [(path, read(path)) for path in paths]
    return search_memory(
        found, _logs(resolver), query, tag, DEFAULT_LIMIT if limit is None else limit, chosen
    )


def _logs(resolver: Resolver) -> Iterator[LogFile]:
    """The parsed logs of the pairs in reach, read when the search first asks for one."""
    for pair in resolver.pairs():
        if pair.log is not None:
            yield pair.log


def hit_json(hit: JournalHit | LogHit, show: Callable[[PurePath], str]) -> dict[str, object]:
    """A hit as `pmem search --json` and the MCP `search` tool write it: what it says, its path as
    `show` writes it and its 1-based line."""
    from profile_memory.core.search import hit_fields

    return {**hit_fields(hit), "path": show(hit.path), "line": hit.line + 1}
