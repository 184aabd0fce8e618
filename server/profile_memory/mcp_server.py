"""`pmem mcp`: the engine as MCP tools, for the agents that write these files (README, "Agents
(MCP)").

The same places, settings, locks and atomic writes as the CLI (`store/apply.py`,
`store/memory.py`), so this server, the CLI, Cherry Studio and an editor can write the same files at
once. The `memory` tool is Cherry Studio's own (same name, input and result texts). A change to a
compact profile needs a person's yes: asked through the client where it can ask (elicitation),
else written to the pending file for the person to confirm; `--trust-client-approval` writes at
once, relying on the client's own approval of tool calls. A person's yes covers exactly the plan
the question showed: planned before asking, written only if the files it was planned from are
unchanged under the locks (`store/apply.py`, `write_prepared`). Records written here name their
source: the client's declared name and version and the date, then any source the agent gave. Logs
go to stderr; stdout is the transport.

The MCP SDK is imported only here (and by `mcp_stdio.py`, its guarded stdio), and only by
`pmem mcp`.
"""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
import difflib
import inspect
import json
import os
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, cast

from mcp.server.mcpserver import (
    AcceptedElicitation,
    CancelledElicitation,
    Context,
    DeclinedElicitation,
    Elicit,
    ElicitationResult,
    MCPServer,
    Resolve,
)
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, BeforeValidator, Field, ValidationError

from profile_memory import __version__, mcp_live, mcp_prompts
from profile_memory.core import anchors
from profile_memory.core import recall as recall_blocks
from profile_memory.core.codes import Severity
from profile_memory.core.config import today
from profile_memory.core.facts_history import (
    by_mcp,
    history_json,
    removed_sentence,
    unified_diff,
)
from profile_memory.core.files import (
    FACT_NAME,
    JOURNAL_NAME,
    PENDING_NAME,
    Role,
    pair_name,
    role_of,
)
from profile_memory.core.messages import CATALOGUE, msg, render
from profile_memory.core.pending import ProposalKind, Scope, parse_pending
from profile_memory.core.plans import Plan, PlanError, Planner
from profile_memory.core.profile import parse_profile
from profile_memory.core.questions import question
from profile_memory.core.render import as_json_objects
from profile_memory.core.resolve import Resolver
from profile_memory.core.rules import check_files
from profile_memory.core.search import JournalHit, check_limit, hit_fields
from profile_memory.core.secrets import masked
from profile_memory.core.text import normalise, one_line
from profile_memory.core.trace import render_json
from profile_memory.core.trace import trace as trace_of
from profile_memory.core.workspace import Workspace
from profile_memory.front import Context as Here
from profile_memory.front import (
    FrontError,
    explained,
    failures,
    files_to_check,
    hit_json,
    load_context,
)
from profile_memory.front import search as memory_search
from profile_memory.store.apply import (
    Changed,
    Operation,
    Prepared,
    plan_and_write,
    prepare,
    write_prepared,
)
from profile_memory.store.disk import KeptDiskProvider
from profile_memory.store.fact_history import UnknownRev, read_version, version_path
from profile_memory.store.fact_history import versions as fact_versions
from profile_memory.store.memory import (
    fact_size_note,
    journal_append,
    memory_folder,
    read_fact,
    replace_fact,
    sha256_of,
)
from profile_memory.store.safe import UnsafePath

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
ADDITIVE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
DESTRUCTIVE = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
)
INSTRUCTIONS = """\
Profile Memory keeps what you learn about the person and the project: a short profile of one-line
entries (user-profile.md, project-profile.md) with a detailed log of every change, and Cherry
Studio's agent memory (memory/FACT.md, memory/JOURNAL.jsonl).
- Start a session with `recall`. Use `memory` (append) for one-time events, (update) for durable
  facts (read FACT.md first: update replaces it whole), `search` to look back, `trace` for an id.
- When you notice a lasting preference or project fact, `propose` it; or use `profile_add`,
  `profile_evolve`, `profile_pivot`, `profile_delete`: the person is asked before the profile
  changes (or the change waits in the pending file). Give `context` (their words) and `source`.
- Keep entries short; one fact per entry. Never write secrets."""


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
                raise ToolError(str(error)) from None
            kept = self._workspace
            if (
                kept is None
                or kept.settings != here.settings
                or kept.user_dir != here.workspace.user_dir
            ):
                kept = self._workspace = here.workspace
            yield Here(here.cwd, here.places, kept)

    def unchanged_since(self, here: Here, paths: list[Path]) -> tuple[object, ...] | None:
        """What the files' contents are now, as a key that is equal only while none of them (nor
        the settings, nor the day) changed; None when one's content cannot be vouched for without
        reading it (never read, or too recent: see `KeptDiskProvider`)."""
        versions: list[object] = []
        for path in paths:
            if not os.path.lexists(path):
                versions.append(None)
                continue
            version = self._provider.version(path)
            if version is None:
                return None
            versions.append(version)
        return (here.settings, today(os.environ), tuple(paths), tuple(versions))

    def remembered(self, key: tuple[object, ...] | None, make: Callable[[], T]) -> T:
        """`make()`, or what it gave last time for the same `key` (None: made afresh)."""
        if key is not None and self._last is not None and self._last[0] == key:
            return cast(T, self._last[1])
        value = make()
        self._last = (key, value) if key is not None else None
        return value


@dataclass(frozen=True, slots=True)
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
            raise ToolError(str(error)) from None

    def reading(self) -> AbstractContextManager[Here]:
        """The same on the engine's kept workspace, for reading tools: nothing that did not change
        since the last call is read or parsed again, nothing that changed is served stale."""
        return self.engine.reading(self)


def _client(ctx: Context) -> str:
    """The client's declared name and version, as plain text on one line (at most 100
    characters: the client declares it)."""
    params = ctx.session.client_params
    info = params.client_info if params is not None else None
    declared = f"{info.name} {info.version}" if info is not None else ""
    plain = one_line("".join(c for c in declared if unicodedata.category(c)[0] != "C"))
    return plain[:100] or "an MCP client"


def _source(ctx: Context, given: str | None) -> str:
    """What the record says it came from: always the client's declared name and version and the
    day, first; then the source the agent gave, marked as its word (so it cannot claim to be
    another client)."""
    declared = f"{_client(ctx)} via pmem mcp, {today(os.environ):%Y-%m-%d}"
    return f"{declared}; source given by the agent: {given}" if given else declared


def _failed(here: Here, error: Exception) -> ToolError:
    """A refused write or read as a tool error, in the words the CLI uses (`front.explained`)."""
    return ToolError(explained(error, here.show).message)


WRITE_ERRORS = failures()


# -- results -------------------------------------------------------------------------------------


class Limit(BaseModel):
    """The line-limit state of a compact profile after the call."""

    profile: str
    lines: int
    limit: int
    over: bool


class Outcome(BaseModel):
    status: Literal["written", "pending", "declined", "cancelled", "not_written", "changed"]
    message: str
    ids: list[str] = Field(default_factory=list, description="the ids the change wrote records of")
    files: list[str] = Field(default_factory=list, description="the files written")
    pending: str | None = Field(default=None, description="where the proposal is: FILE:LINE")
    proposal: list[str] = Field(
        default_factory=list, description="the proposal's lines, as written"
    )
    limits: list[Limit] = Field(default_factory=list)
    changed: list[str] = Field(
        default_factory=list,
        description="status changed: the files that changed since the person was asked",
    )


def _limits(here: Here, plan: Plan) -> list[Limit]:
    """The state of every compact profile the plan touched (the skill's reminder, step 6)."""
    found = []
    for change in plan.files:
        name = pair_name(change.path)
        if role_of(change.path) is Role.PROFILE and name is not None:
            text = Path(change.path).read_text(encoding="utf-8-sig")
            lines = parse_profile(text).counted_lines
            limit = here.settings.limit_for(name)
            found.append(
                Limit(profile=here.show(change.path), lines=lines, limit=limit, over=lines > limit)
            )
    return found


def _write(here: Here, title: str, operation: Operation) -> tuple[Plan, list[str]]:
    try:
        plan, written = plan_and_write(here.places, here.settings, title, operation)
    except WRITE_ERRORS as error:
        raise _failed(here, error) from None
    return plan, [here.show(path) for path in written]


@dataclass(frozen=True, slots=True)
class Planned:
    """A profile change as planned before anyone is asked: the operation, and the plan with the
    files it was made from (what the question shows, and all a yes writes)."""

    title: str
    operation: Operation
    prepared: Prepared


def _planned(door: Door, title: str, operation: Operation) -> Planned:
    """Plan the change now, refusing one that cannot apply (before anyone is asked)."""
    here = door.here()
    try:
        return Planned(title, operation, prepare(here.places, here.settings, title, operation))
    except WRITE_ERRORS as error:
        raise _failed(here, error) from None


def _written(door: Door, planned: Planned, bound: bool = True) -> Outcome:
    """Write the planned change: exactly the plan the person was shown (`bound`), else (the
    client's approval trusted) planned again under the locks as the CLI does."""
    here = door.here()
    title, operation = planned.title, planned.operation
    try:
        if bound:
            plan, paths = write_prepared(
                here.places, here.settings, title, operation, planned.prepared
            )
        else:
            plan, paths = plan_and_write(here.places, here.settings, title, operation)
    except Changed as error:
        return Outcome(
            status="changed",
            message=f"{error} (another session wrote them while the person was asked); "
            "call the tool again to ask about the change as it is now",
            changed=[here.show(path) for path in error.paths],
        )
    except WRITE_ERRORS as error:
        raise _failed(here, error) from None
    return Outcome(
        status="written",
        message=f"done: {plan.outcome}",
        ids=plan.ids,
        files=[here.show(path) for path in paths],
        limits=_limits(here, plan),
    )


# -- a person's yes ------------------------------------------------------------------------------


def _only_true(value: object) -> bool:
    """Only a JSON `true` is a yes: not "yes", "true", 1 (which pydantic would read as true)."""
    return value is True


class Approval(BaseModel):
    approve: Annotated[
        bool, BeforeValidator(_only_true), Field(description=CATALOGUE["question.approve"][0])
    ] = False


class ApprovalZh(Approval):
    """The same answer, its field described in Chinese (the form is part of the question)."""

    approve: Annotated[
        bool, BeforeValidator(_only_true), Field(description=CATALOGUE["question.approve"][1])
    ] = False


APPROVALS: dict[str, type[Approval]] = {"en": Approval, "zh": ApprovalZh}


@dataclass(frozen=True, slots=True)
class NotAsked:
    """The resolver's answer when nobody is asked: the client cannot ask (`pending`), its own
    approval of the tool call is trusted (`trusted`), or the plan changes nothing (`nothing`)."""

    reason: Literal["pending", "trusted", "nothing"]


def _can_ask(ctx: Context) -> bool:
    capabilities = ctx.session.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def _question(door: Door, ctx: Context, planned: Planned) -> NotAsked | Elicit[Approval]:
    """Ask about the planned change, every change of it in full (`core/questions.py`)."""
    plan = planned.prepared.plan
    if not plan.files:
        return NotAsked("nothing")
    if door.trust_client_approval:
        return NotAsked("trusted")
    if not _can_ask(ctx):
        return NotAsked("pending")
    lang = door.here().lang
    return Elicit(question(plan.changes, plan.outcome, lang), APPROVALS[lang])


def _say(door: Door, key: str, **args: Any) -> str:
    """A result text in the person's language (core/messages.py)."""
    return render(msg(key, **args), door.here().lang)


def _decided(
    consent: ElicitationResult[Approval],
    door: Door,
    planned: Planned,
    wait: Callable[[], Outcome],
) -> Outcome:
    match consent:
        case AcceptedElicitation(data=Approval(approve=True)):
            return _written(door, planned)
        case AcceptedElicitation(data=NotAsked(reason="trusted")):
            return _written(door, planned, bound=False)
        case AcceptedElicitation(data=NotAsked(reason="pending")):
            return wait()
        case AcceptedElicitation(data=NotAsked(reason="nothing")):
            outcome = planned.prepared.plan.outcome
            return Outcome(
                status="not_written", message=_say(door, "mcp.nothing_to_do", outcome=outcome)
            )
        case AcceptedElicitation():
            return Outcome(status="declined", message=_say(door, "mcp.said_no"))
        case DeclinedElicitation():
            return Outcome(status="declined", message=_say(door, "mcp.declined"))
        case CancelledElicitation():
            return Outcome(status="cancelled", message=_say(door, "mcp.cancelled"))
    raise ToolError("unexpected answer")


# -- the server ----------------------------------------------------------------------------------


def _did_you_mean(name: str, names: list[str]) -> str:
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else f"the arguments are {', '.join(names)}"


def _argument_error(error: ValidationError) -> str:
    """A tool's arguments refused in one sentence naming the field (never pydantic's own text,
    which carries links and the input back)."""
    first = error.errors()[0]
    name, *inner = first["loc"] or ("the arguments",)
    field = f"`{name}`" + "".join(f" item {part + 1}" for part in inner if isinstance(part, int))
    if first["type"] == "missing":
        return f"{field} is required"
    message = str(first["msg"])
    return f"{field}: {message[:1].lower()}{message[1:]}"


class _Server(MCPServer):
    """The SDK's server, its tools' arguments checked before a tool runs: a name the tool does not
    take is refused (saying what it probably meant), a value of the wrong shape in one sentence
    naming the field."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context | None = None
    ) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            known = list(tool.parameters.get("properties", {}))
            for given in arguments:
                if given not in known:
                    raise ToolError(
                        f"{name} takes no argument `{given}`: {_did_you_mean(given, known)}"
                    )
            try:
                tool.fn_metadata.validate_arguments(arguments)
            except ValidationError as error:
                raise ToolError(f"{name}: {_argument_error(error)}") from None
        return await super().call_tool(name, arguments, context)


def _tidy_tools(server: MCPServer) -> None:
    """Each tool's input schema says it takes no other names, and its description is clean text
    (a docstring's indentation removed)."""
    for tool in server._tool_manager.list_tools():  # the SDK keeps no public handle on its tools
        tool.parameters["additionalProperties"] = False
        tool.description = inspect.cleandoc(tool.description or "")


def create_server(door: Door) -> MCPServer:
    """The MCP server over `door`, with every tool and resource."""
    live = mcp_live.Live(door.project, door.user_dir)
    server: MCPServer = _Server(
        "profile-memory",
        version=__version__,
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        lifespan=mcp_live.lifespan(live),
        subscriptions=live.bus,
    )
    _memory_tool(server, door)
    _read_tools(server, door)
    _profile_tools(server, door)
    _resources(server, door)
    mcp_prompts.add_prompts(server, door.project, door.user_dir)
    mcp_live.install(server, live)
    _tidy_tools(server)
    return server


# -- Cherry Studio's `memory` tool ---------------------------------------------------------------


def _memory_tool(server: MCPServer, door: Door) -> None:
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
        except WRITE_ERRORS as error:
            raise _failed(here, error) from None


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
                f"{_did_you_mean(name, takes)}"
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


# -- reading -------------------------------------------------------------------------------------


class Hits(BaseModel):
    hits: list[dict[str, Any]] = Field(
        description="newest first: kind (journal or log), path, line, text, and ts/tags or id/date"
    )


class Findings(BaseModel):
    findings: list[dict[str, Any]]
    errors: int
    warnings: int


def _read_tools(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=READ_ONLY, structured_output=False)
    def recall(format: Literal["text", "markdown", "json"] = "text") -> list[str]:
        """The memory to read at the start of a session: the user and project profiles, SOUL.md,
        USER.md and FACT.md (empty or missing files left out; a file that is there but could not
        be read is named, with why, in a second text after the blocks)."""
        with door.reading() as here:
            sections, unread = recall_blocks.gather(here.workspace, here.places, here.show)
        output = recall_blocks.RENDERERS[format](sections)
        notes = "\n".join(recall_blocks.unread_note(skipped) for skipped in unread)
        if not notes:
            return [output or "No memory yet."]
        return [output, notes] if output else [notes]

    @server.tool(name="trace", annotations=READ_ONLY)
    def trace_id(id: str) -> dict[str, Any]:
        """Where an anchor id (PF-YYYYMMDD-NN) is: its compact entry, its state (live, deleted,
        retired), every log record of it, and the pending proposals that target it."""
        with door.reading() as here:
            traces = trace_of(here.resolver.pairs(), id)
            if not traces:
                raise ToolError(f"{id} is in no profile or log")
            return render_json(id, traces, here.show, here.resolver.mentions(id))

    @server.tool(annotations=READ_ONLY)
    def search(query: str, limit: int = 20) -> Hits:
        """Journal entries and log records that contain the query (case-insensitive), newest
        first, at most `limit` in all."""
        with door.reading() as here:
            try:
                found = memory_search(here.resolver, query, limit=limit)
            except ValueError as error:
                raise ToolError(str(error)) from None
            return Hits(hits=[hit_json(hit, here.show) for hit in found.hits])

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
            return diff or f"FACT.md is the same as version {rev}."
        except (UnknownRev, UnsafePath, OSError) as error:
            raise _failed(here, error) from None

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


# -- the profile: propose, and write with a person's yes -----------------------------------------

ScopeName = Literal["user", "project"]
OldText = Annotated[str | None, Field(description="for evolve or pivot: the entry's text now")]
ContextText = Annotated[str | None, Field(description="the person's own words, as said")]
SourceText = Annotated[
    str | None,
    Field(description="where it was said (a conversation, a link); default: the client"),
]


def _resolver(planner: Planner, door: Door) -> Resolver:
    """Pairs and ids as the planner reads the files (inside the write's locks)."""
    return Resolver(planner.workspace, [door.here().places])


def _scope(name: str | None) -> Scope | None:
    return Scope(name) if name else None


def _pending_path(here: Here) -> Path:
    folder = here.places.project_dir
    return Path(here.workspace.find_name(folder, PENDING_NAME) or folder / PENDING_NAME)


def _proposed(
    ctx: Context,
    door: Door,
    scope: str,
    kind: ProposalKind,
    category: str,
    text: str,
    old: str | None,
    context: str | None,
    source: str | None,
    status: Literal["written", "pending"],
) -> Outcome:
    here = door.here()
    pending = _pending_path(here)

    def operation(planner: Planner) -> str:
        planner.propose(
            pending, Scope(scope), kind, category, text, old, context, _source(ctx, source)
        )
        return f"proposed in {here.show(pending)}"

    plan, files = _write(here, "propose", operation)
    doc = parse_pending(pending.read_text(encoding="utf-8-sig"))
    found = next((p for p in reversed(doc.proposals) if normalise(p.text) == normalise(text)), None)
    where = f"{here.show(pending)}:{found.line + 1}" if found else here.show(pending)
    lines = doc.lines[found.line : found.end_line] if found else []
    message = (
        plan.outcome
        if status == "written"
        else f"waiting for the person at {where} (confirm it in the editor, or `pmem confirm`)"
    )
    return Outcome(status=status, message=message, files=files, pending=where, proposal=lines)


def _profile_tools(server: MCPServer, door: Door) -> None:
    @server.tool(annotations=ADDITIVE)
    def propose(
        scope: ScopeName,
        kind: Literal["add", "evolve", "pivot"],
        category: str,
        text: str,
        ctx: Context,
        old: OldText = None,
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        """Propose a profile change in the pending file, in the profile-memory skill's format, for
        the person to confirm (in the editor, or with `pmem confirm`)."""
        return _proposed(
            ctx, door, scope, ProposalKind(kind), category, text, old, context, source, "written"
        )

    def add_operation(
        scope: str, category: str, text: str, context: str | None, source: str
    ) -> Operation:
        def operation(planner: Planner) -> str:
            ref = _resolver(planner, door).pair_ref(Scope(scope))
            anchor_id = planner.add(ref, category, text, context, source)
            return f"add {anchor_id} to the {scope} profile under `{category}`: {text}"

        return operation

    def plan_add(
        scope: str,
        category: str,
        text: str,
        ctx: Context,
        context: str | None,
        source: str | None,
    ) -> Planned:
        operation = add_operation(scope, category, text, context, _source(ctx, source))
        return _planned(door, "add", operation)

    def ask_add(planned: Annotated[Planned, Resolve(plan_add)], ctx: Context) -> Any:
        return _question(door, ctx, planned)

    @server.tool(annotations=DESTRUCTIVE)
    def profile_add(
        scope: ScopeName,
        category: str,
        text: str,
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_add)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_add)],
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        """Add a confirmed entry (one line) to a compact profile, with its log record. The person
        is asked first; where the client cannot ask, the entry is proposed in the pending file."""
        return _decided(
            consent,
            door,
            planned,
            lambda: _proposed(
                ctx, door, scope, ProposalKind.ADD, category, text, None, context, source, "pending"
            ),
        )

    def change_operation(
        kind: str,
        anchor_id: str,
        text: str | None,
        scope: str | None,
        context: str | None,
        source: str,
    ) -> Operation:
        anchor_id = anchors.given_id(anchor_id)  # `PF-20260412-002` as the files read it

        def operation(planner: Planner) -> str:
            ref = _resolver(planner, door).pair_carrying(anchor_id, _scope(scope))
            entries = planner.pair(ref).entries_by_id.get(anchor_id, [])
            now = entries[0].text if entries else ""
            where = f"the {ref.name.removesuffix('-profile')} profile"
            if kind == "evolve":
                planner.evolve(ref, anchor_id, text or "", context, source)
                return f"evolve {anchor_id} in {where}: {now} → {text}"
            if kind == "pivot":
                new_id = planner.pivot(ref, anchor_id, text or "", context, source)
                return f"pivot {anchor_id} in {where} to {new_id}: {now} → {text}"
            planner.delete(ref, anchor_id, context, source)
            return f"delete {anchor_id} from {where}: {now}"

        return operation

    def waiting(
        ctx: Context,
        kind: ProposalKind,
        anchor_id: str,
        text: str,
        scope: str | None,
        context: str | None,
        source: str | None,
    ) -> Outcome:
        here = door.here()
        anchor_id = anchors.given_id(anchor_id)
        try:
            ref = here.resolver.pair_carrying(anchor_id, _scope(scope))
        except PlanError as error:
            raise ToolError(str(error)) from None
        entry = here.workspace.pair(ref.folder, ref.name).entries_by_id[anchor_id][0]
        owner = "user" if ref.name.startswith("user") else "project"
        return _proposed(
            ctx,
            door,
            owner,
            kind,
            entry.category or "",
            text,
            entry.text,
            context,
            source,
            "pending",
        )

    def plan_evolve(
        id: str,
        text: str,
        ctx: Context,
        scope: str | None,
        context: str | None,
        source: str | None,
    ) -> Planned:
        operation = change_operation("evolve", id, text, scope, context, _source(ctx, source))
        return _planned(door, "evolve", operation)

    def plan_pivot(
        id: str,
        text: str,
        ctx: Context,
        scope: str | None,
        context: str | None,
        source: str | None,
    ) -> Planned:
        operation = change_operation("pivot", id, text, scope, context, _source(ctx, source))
        return _planned(door, "pivot", operation)

    def plan_delete(
        id: str, ctx: Context, scope: str | None, context: str | None, source: str | None
    ) -> Planned:
        operation = change_operation("delete", id, None, scope, context, _source(ctx, source))
        return _planned(door, "delete", operation)

    def ask_evolve(planned: Annotated[Planned, Resolve(plan_evolve)], ctx: Context) -> Any:
        return _question(door, ctx, planned)

    def ask_pivot(planned: Annotated[Planned, Resolve(plan_pivot)], ctx: Context) -> Any:
        return _question(door, ctx, planned)

    def ask_delete(planned: Annotated[Planned, Resolve(plan_delete)], ctx: Context) -> Any:
        return _question(door, ctx, planned)

    @server.tool(annotations=DESTRUCTIVE)
    def profile_evolve(
        id: str,
        text: str,
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_evolve)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_evolve)],
        scope: ScopeName | None = None,
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        """Refine an entry, keeping its id (the same preference, worded better or more complete);
        an evolve record keeps the history."""
        return _decided(
            consent,
            door,
            planned,
            lambda: waiting(ctx, ProposalKind.EVOLVE, id, text, scope, context, source),
        )

    @server.tool(annotations=DESTRUCTIVE)
    def profile_pivot(
        id: str,
        text: str,
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_pivot)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_pivot)],
        scope: ScopeName | None = None,
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        """Replace an entry whose meaning changed: a new id replaces the old one, which is
        retired; the log says which replaced which."""
        return _decided(
            consent,
            door,
            planned,
            lambda: waiting(ctx, ProposalKind.PIVOT, id, text, scope, context, source),
        )

    @server.tool(annotations=DESTRUCTIVE)
    def profile_delete(
        id: str,
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_delete)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_delete)],
        scope: ScopeName | None = None,
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        """Remove an entry from its profile; a delete record keeps what it said."""
        return _decided(
            consent,
            door,
            planned,
            lambda: Outcome(
                status="not_written",
                message=(
                    "this client cannot ask the person, and a delete cannot wait in the pending "
                    f"file: ask them to run `pmem delete {id}`, or to delete it in the editor"
                ),
            ),
        )

    def decide_operation(line: int | None, decision: str) -> Operation:
        def operation(planner: Planner) -> str:
            here = door.here()
            pending = _pending_path(here)
            proposals = parse_pending(planner.text(pending)).proposals
            if line is not None:
                proposals = [p for p in proposals if p.line <= line - 1 < p.end_line]
                if not proposals:
                    raise PlanError(f"{here.show(pending)}:{line} is no proposal")
            return planner.decide_each(pending, proposals, decision, keep_lines=line is not None)

        return operation

    def plan_confirm(line: int | None, decision: str) -> Planned:
        return _planned(door, "confirm", decide_operation(line, decision))

    def ask_confirm(planned: Annotated[Planned, Resolve(plan_confirm)], ctx: Context) -> Any:
        return _question(door, ctx, planned)

    @server.tool(annotations=DESTRUCTIVE)
    def confirm(
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_confirm)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_confirm)],
        line: Annotated[
            int | None,
            Field(description="the proposal's line in the pending file; omit for every proposal"),
        ] = None,
        decision: Literal["confirm", "keep-both", "discard"] = "confirm",
    ) -> Outcome:
        """Decide pending proposals (one by its line, or all): confirm writes them to the profile
        with their log records; keep-both adds an evolve or pivot as a new entry; discard drops
        them. The person is asked first, shown each proposal decided; the yes covers exactly
        those."""
        return _decided(
            consent,
            door,
            planned,
            lambda: Outcome(
                status="not_written",
                message="this client cannot ask the person: they decide the pending proposals in "
                "the editor, or with `pmem confirm`",
            ),
        )


# -- resources -----------------------------------------------------------------------------------


def _resources(server: MCPServer, door: Door) -> None:
    """The files as agents read them: a secret in one is masked, as in `recall` (the `memory`
    tool's `update` needs no sha256: it replaces FACT.md whole)."""

    def profile_text(scope: Scope) -> str:
        with door.reading() as here:
            ref = here.resolver.pair_ref(scope)
            pair = here.workspace.pair(ref.folder, ref.name)
            return masked("\n".join(pair.profile.doc.lines)) if pair.profile else ""

    @server.resource("pmem://profile/user", mime_type="text/markdown")
    def user_profile() -> str:
        """The user's compact profile (user-profile.md)."""
        return profile_text(Scope.USER)

    @server.resource("pmem://profile/project", mime_type="text/markdown")
    def project_profile() -> str:
        """The project's compact profile (project-profile.md)."""
        return profile_text(Scope.PROJECT)

    @server.resource("pmem://facts", mime_type="text/markdown")
    def facts() -> str:
        """The agent's durable facts (memory/FACT.md)."""
        here = door.here()
        try:
            _, data = read_fact(Path(here.places.memory_dirs[0]))
        except (UnsafePath, OSError) as error:
            raise ToolError(f"{FACT_NAME}: {error}") from None
        return masked(data.decode("utf-8", errors="replace")) if data else ""

    @server.resource("pmem://recall", mime_type="text/markdown")
    def recall_block() -> str:
        """The recall block an agent reads at the start of a session (Markdown)."""
        with door.reading() as here:
            sections = recall_blocks.collect(here.workspace, here.places, here.show)
            return recall_blocks.RENDERERS["markdown"](sections)


def serve(door: Door) -> None:
    """Serve over stdio, behind the guard that answers every frame the SDK would drop."""
    from profile_memory import mcp_stdio

    mcp_stdio.run(create_server(door))
