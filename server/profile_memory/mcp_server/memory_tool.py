"""Cherry Studio's `memory` tool: the same name, input and result texts (update FACT.md, append to
and search JOURNAL.jsonl)."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
import json
from pathlib import Path
from typing import Annotated, Literal

from mcp.server.mcpserver import (
    Context,
    MCPServer,
)
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from profile_memory.core.facts_history import (
    by_mcp,
    removed_sentence,
)
from profile_memory.core.files import (
    JOURNAL_NAME,
)
from profile_memory.core.search import JournalHit, check_limit, hit_fields
from profile_memory.core.secrets import masked
from profile_memory.front import Context as Here
from profile_memory.front import search as memory_search
from profile_memory.mcp_server.engine import (
    DESTRUCTIVE,
    WRITE_ERRORS,
    Door,
    did_you_mean,
    failed,
)
from profile_memory.store.memory import (
    fact_size_note,
    journal_append,
    read_fact,
    replace_fact,
    sha256_of,
)


def register(server: MCPServer, door: Door) -> None:
    @server.tool(
        annotations=DESTRUCTIVE,
        structured_output=False,
        description=(
            "Manage persistent memory in this project's memory/ folder across sessions. Actions: "
            "'update' overwrites memory/FACT.md (durable knowledge and decisions that should "
            "survive across sessions; give if_match, the sha256 of the content you read, to refuse "
            "a lost update). 'append' logs to memory/JOURNAL.jsonl (one-time events, completed "
            "tasks, session notes). 'search' queries the journal. Before writing to FACT.md, ask: "
            "will this still matter in 6 months? If not, use append instead."
        ),
    )
    def memory(
        action: Literal["update", "append", "search"],
        content: Annotated[
            str | None, Field(description="Full markdown content for FACT.md (required for update)")
        ] = None,
        text: Annotated[
            str | None, Field(description="Journal entry text (required for append)")
        ] = None,
        tags: Annotated[list[str] | None, Field(description="Tags for the journal entry")] = None,
        query: Annotated[
            str | None, Field(description="Search query: case-insensitive substring")
        ] = None,
        tag: Annotated[str | None, Field(description="Filter by tag (for search)")] = None,
        limit: Annotated[int, Field(description="Max results (default 20, for search)")] = 20,
        if_match: Annotated[
            str | None, Field(description="For update: the sha256 FACT.md must still have")
        ] = None,
        ctx: Context | None = None,
    ) -> str:
        _refuse_other_actions(
            action,
            {
                "content": content,
                "text": text,
                "tags": tags,
                "query": query,
                "tag": tag,
                "limit": limit if limit != 20 else None,
                "if_match": if_match,
            },
        )
        here = door.here()
        folder = Path(here.places.memory_dirs[0])
        try:
            if action == "update":
                if not content:
                    raise ToolError("'content' is required for update action")
                settings = here.settings
                note = fact_size_note(
                    content, settings.max_file_bytes, settings.fact_file_max_bytes
                )
                result = _fact_updated(here, folder, content, _as_read(folder, if_match), ctx)
                return f"{result} Note: {note}." if note else result
            if action == "append":
                if not text:
                    raise ToolError("'text' is required for append action")
                appended = journal_append(folder, text, list(tags or []))
                return f"Journal entry added at {appended.entry.ts}."
            return _journal_search(here, folder, query, tag, limit)
        except WRITE_ERRORS as error:  # in English, as Cherry's own memory tool answers
            raise failed(here, error, "en") from None


def _fact_updated(
    here: Here, folder: Path, content: str, if_match: str | None, ctx: Context | None
) -> str:
    """Cherry's own result text; and, when the update dropped lines FACT.md had, one sentence that
    says how many and that the previous version is kept (`facts_history`)."""
    by = by_mcp(_client_name(ctx))
    written = replace_fact(
        folder, content, if_match, by=by, history_max=here.settings.fact_history_max
    )
    if written.kept is None or not written.kept.removed:
        return "Memory updated."
    return f"Memory updated. {removed_sentence(written.kept.removed)}"


def _client_name(ctx: Context | None) -> str:
    params = ctx.session.client_params if ctx is not None else None
    info = params.client_info if params is not None else None
    return info.name if info is not None and info.name else "unknown"


def _as_read(folder: Path, if_match: str | None) -> str | None:
    """`if_match` as FACT.md's own sha256 when it is that of the text an agent was shown
    (`pmem://facts` masks a secret): what it read is what is there. Still checked under the lock."""
    if if_match is None:
        return None
    _, data = read_fact(folder)
    shown = masked(data.decode("utf-8", errors="replace")).encode("utf-8") if data else None
    return sha256_of(data) if data and shown and if_match == sha256_of(shown) else if_match


MEMORY_ARGUMENTS = {
    "update": ["content", "if_match"],
    "append": ["text", "tags"],
    "search": ["query", "tag", "limit"],
}


def _refuse_other_actions(action: str, given: dict[str, object]) -> None:
    """An argument of another action is refused, not ignored (`append` with `tag` would drop the
    tag the agent meant as `tags`)."""
    takes = MEMORY_ARGUMENTS[action]
    for name, value in given.items():
        if value not in (None, "", []) and name not in takes:
            raise ToolError(
                f"memory {action} takes no `{name}` (it is for "
                f"{next(a for a, names in MEMORY_ARGUMENTS.items() if name in names)}): "
                f"{did_you_mean(name, takes)}"
            )


def _journal_search(
    here: Here, folder: Path, query: str | None, tag: str | None, limit: int
) -> str:
    try:
        check_limit(limit)
    except ValueError as error:
        raise ToolError(str(error)) from None
    journal = here.workspace.find_name(folder, JOURNAL_NAME)
    if journal is None:
        return "No journal entries found."
    found = memory_search(here.resolver, query, tag, limit, ["journal"], journals=[journal])
    entries = [
        {key: value for key, value in hit_fields(hit).items() if key != "kind"}
        for hit in found.hits
        if isinstance(hit, JournalHit)
    ]
    if not entries:
        return "No matching journal entries found."
    return json.dumps(entries, ensure_ascii=False, indent=2)
