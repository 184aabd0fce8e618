"""The reading tools: recall, trace, search, facts_history, check."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
import os
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import (
    MCPServer,
)
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field

from profile_memory.core import recall as recall_blocks
from profile_memory.core.codes import Severity
from profile_memory.core.facts_history import (
    history_json,
    unified_diff,
)
from profile_memory.core.messages import msg, render
from profile_memory.core.render import as_json_objects
from profile_memory.core.rules import check_files
from profile_memory.core.trace import render_json
from profile_memory.core.trace import trace as trace_of
from profile_memory.front import (
    FrontError,
    files_to_check,
    hit_json,
)
from profile_memory.front import search as memory_search
from profile_memory.mcp_server.engine import (
    READ_ONLY,
    Door,
    failed,
)
from profile_memory.store.fact_history import UnknownRev, read_version, version_path
from profile_memory.store.fact_history import versions as fact_versions
from profile_memory.store.memory import (
    memory_folder,
    read_fact,
)
from profile_memory.store.safe import UnsafePath


class Hits(BaseModel):
    hits: list[dict[str, Any]] = Field(
        description="newest first: kind (journal or log), path, line, text, and ts/tags or id/date"
    )


class Findings(BaseModel):
    findings: list[dict[str, Any]]
    errors: int
    warnings: int


def register(server: MCPServer, door: Door) -> None:
    _recall_tool(server, door)
    _trace_tool(server, door)
    _search_tool(server, door)
    _facts_history_tool(server, door)
    _check_tool(server, door)


def _recall_tool(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=READ_ONLY, structured_output=False)
    def recall(format: Literal["text", "markdown", "json"] = "text") -> list[str]:
        """The memory to read at the start of a session: the user and project profiles, SOUL.md,
        USER.md and FACT.md (empty or missing files left out; a file that is there but could not
        be read is named, with why, in a second text after the blocks)."""
        with door.reading() as here:
            sections, unread = recall_blocks.gather(here.workspace, here.places, here.show)
        output = recall_blocks.RENDERERS[format](sections)
        notes = "\n".join(
            render(recall_blocks.unread_note(skipped), here.lang) for skipped in unread
        )
        if not notes:
            return [output or render(msg("mcp.no_memory"), here.lang)]
        return [output, notes] if output else [notes]


def _trace_tool(server: MCPServer, door: Door) -> None:
    @server.tool(name="trace", annotations=READ_ONLY)
    def trace_id(id: str) -> dict[str, Any]:
        """Where an anchor id (PF-YYYYMMDD-NN) is: its compact entry, its state (live, deleted,
        retired), every log record of it, and the pending proposals that target it."""
        with door.reading() as here:
            traces = trace_of(here.resolver.pairs(), id)
            if not traces:
                raise ToolError(render(msg("mcp.unknown_id", id=id), here.lang))
            return render_json(id, traces, here.show, here.resolver.mentions(id))


def _search_tool(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=READ_ONLY)
    def search(query: str, limit: int = 20) -> Hits:
        """Journal entries and log records that contain the query (case-insensitive), newest
        first, at most `limit` in all."""
        with door.reading() as here:
            try:
                found = memory_search(here.resolver, query, limit=limit)
            except ValueError as error:
                raise ToolError(render(error.args[0], here.lang)) from None
            return Hits(hits=[hit_json(hit, here.show) for hit in found.hits])


def _facts_history_tool(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=READ_ONLY)
    def facts_history(
        rev: Annotated[
            str | None,
            Field(description="a rev from the list: the diff from that version to FACT.md now"),
        ] = None,
    ) -> str:
        """The versions of memory/FACT.md kept before each replacement, newest first (rev, ts,
        sha256, bytes, added, removed, by); given `rev`, the unified diff from that version to
        FACT.md as it is now. Restore what an update dropped with `memory` (update)."""
        here = door.here()
        folder = Path(here.places.memory_dirs[0])
        try:
            if rev is None:
                if not os.path.isdir(folder):
                    return "[]"
                return history_json(fact_versions(memory_folder(folder)))
            old = read_version(memory_folder(folder), rev)
            path, current = read_fact(folder)
            diff = unified_diff(
                old, current or b"", here.show(version_path(folder, rev)), here.show(path)
            )
            return diff or render(msg("mcp.same_fact", rev=rev), here.lang)
        except (UnknownRev, UnsafePath, OSError) as error:
            raise failed(here, error) from None


def _check_tool(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=READ_ONLY)
    def check() -> Findings:
        """Check every memory file (profiles, logs, the pending file, FACT.md, the journal):
        over-limit profiles, duplicate or dangling ids, broken records, malformed lines."""
        with door.reading() as here:
            try:
                files = files_to_check(here, [])
            except FrontError as error:
                raise ToolError(str(error)) from None
            # the same files at the same versions: the same findings, not checked again (what a
            # check reads beside them: SOUL.md and USER.md, for the recall budget)
            beside = [
                folder / name
                for folder in {Path(d).parent for d in here.places.memory_dirs}
                for name in sorted(os.listdir(folder) if os.path.isdir(folder) else [])
                if name.lower() in ("soul.md", "user.md")
            ]
            key = door.engine.unchanged_since(here, [*files, *beside])

            def checked() -> Findings:
                found = check_files(here.workspace, files)
                found.sort(key=lambda d: (here.show(d.path), d.span, d.code))
                return Findings(
                    findings=as_json_objects(found, here.show, here.lang),
                    errors=sum(1 for d in found if d.severity is Severity.ERROR),
                    warnings=sum(1 for d in found if d.severity is Severity.WARNING),
                )

            return door.engine.remembered(key, checked)
