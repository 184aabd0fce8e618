"""The profile tools: propose, and profile_add / evolve / pivot / delete and confirm, each written
only with a person's yes (`consent.py`)."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import (
    Context,
    ElicitationResult,
    MCPServer,
    Resolve,
)
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from profile_memory.core import anchors
from profile_memory.core.files import (
    PENDING_NAME,
)
from profile_memory.core.log import Op
from profile_memory.core.messages import CATALOGUE, msg, render
from profile_memory.core.pending import ProposalKind, Scope, parse_pending
from profile_memory.core.plans import PlanError, Planner
from profile_memory.core.resolve import Resolver
from profile_memory.core.text import normalise
from profile_memory.front import Context as Here
from profile_memory.front import Decision, EntryChange
from profile_memory.mcp_server.consent import (
    Approval,
    Outcome,
    Planned,
    ask,
    decide,
    plan_change,
    say,
    write,
)
from profile_memory.mcp_server.engine import (
    ADDITIVE,
    DESTRUCTIVE,
    Door,
    source_of,
)
from profile_memory.store.apply import (
    Operation,
)

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


def _scope_word(name: str) -> str:
    """A profile's scope (user, project) as a result names it in the person's language."""
    return msg(f"scope.{name}") if f"scope.{name}" in CATALOGUE else name


def _pending_path(here: Here) -> Path:
    folder = here.places.project_dir
    return Path(here.workspace.find_name(folder, PENDING_NAME) or folder / PENDING_NAME)


def _proposed(
    ctx: Context,
    door: Door,
    *,
    scope: str,
    kind: ProposalKind,
    category: str,
    text: str,
    old: str | None,
    context: str | None,
    source: str | None,
    status: Literal["written", "pending"],
) -> Outcome:
    """Append the proposal to the pending file; `status` says whether that is what was asked
    (`written`: the `propose` tool) or where a change waits for the person (`pending`)."""
    here = door.here()
    pending = _pending_path(here)

    def operation(planner: Planner) -> str:
        planner.propose(
            pending, Scope(scope), kind, category, text, old, context, source_of(ctx, source)
        )
        return msg("cli.proposed", path=here.show(pending))

    plan, files = write(here, "propose", operation)
    doc = parse_pending(pending.read_text(encoding="utf-8-sig"))
    found = next((p for p in reversed(doc.proposals) if normalise(p.text) == normalise(text)), None)
    where = f"{here.show(pending)}:{found.line + 1}" if found else here.show(pending)
    lines = doc.lines[found.line : found.end_line] if found else []
    said = plan.outcome if status == "written" else msg("mcp.waiting", where=where)
    message = render(said, here.lang)
    return Outcome(status=status, message=message, files=files, pending=where, proposal=lines)


def _add_operation(
    door: Door, scope: str, category: str, text: str, context: str | None, source: str
) -> Operation:
    def operation(planner: Planner) -> str:
        ref = _resolver(planner, door).pair_ref(Scope(scope))
        anchor_id = planner.add(ref, category, text, context, source)
        return msg(
            "mcp.added", id=anchor_id, scope=_scope_word(scope), category=category, text=text
        )

    return operation


def _change_operation(
    door: Door,
    kind: EntryChange,
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
        where = _scope_word(ref.name.removesuffix("-profile"))
        if kind == "evolve":
            planner.reword(ref, anchor_id, Op.EVOLVE, text or "", context, source)
            return msg("mcp.evolved", id=anchor_id, scope=where, old=now, text=text)
        if kind == "pivot":
            new_id = planner.reword(ref, anchor_id, Op.PIVOT, text or "", context, source)
            return msg("mcp.pivoted", id=anchor_id, scope=where, new=new_id, old=now, text=text)
        planner.delete(ref, anchor_id, context, source)
        return msg("mcp.deleted", id=anchor_id, scope=where, old=now)

    return operation


def _waiting(
    ctx: Context,
    door: Door,
    kind: ProposalKind,
    anchor_id: str,
    text: str,
    scope: str | None,
    context: str | None,
    source: str | None,
) -> Outcome:
    """An evolve or pivot the client cannot ask about, proposed in the pending file instead."""
    here = door.here()
    anchor_id = anchors.given_id(anchor_id)
    try:
        ref = here.resolver.pair_carrying(anchor_id, _scope(scope))
    except PlanError as error:
        raise ToolError(str(error)) from None
    entry = here.workspace.pair(ref.folder, ref.name).entries_by_id[anchor_id][0]
    return _proposed(
        ctx,
        door,
        scope="user" if ref.name.startswith("user") else "project",
        kind=kind,
        category=entry.category or "",
        text=text,
        old=entry.text,
        context=context,
        source=source,
        status="pending",
    )


def _decide_operation(door: Door, line: int | None, decision: Decision) -> Operation:
    def operation(planner: Planner) -> str:
        here = door.here()
        pending = _pending_path(here)
        proposals = parse_pending(planner.text(pending)).proposals
        if line is not None:
            proposals = [p for p in proposals if p.line <= line - 1 < p.end_line]
            if not proposals:
                raise PlanError(msg("cli.no_proposal", path=here.show(pending), line=line))
        return planner.decide_each(pending, proposals, decision, keep_lines=line is not None)

    return operation


def register(server: MCPServer, door: Door) -> None:
    """The tools, in the order a client lists them."""
    _propose_tool(server, door)
    _add_tool(server, door)
    _evolve_tool(server, door)
    _pivot_tool(server, door)
    _delete_tool(server, door)
    _confirm_tool(server, door)


def _propose_tool(server: MCPServer, door: Door) -> None:
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
            ctx,
            door,
            scope=scope,
            kind=ProposalKind(kind),
            category=category,
            text=text,
            old=old,
            context=context,
            source=source,
            status="written",
        )


def _add_tool(server: MCPServer, door: Door) -> None:
    def plan_add(
        scope: str,
        category: str,
        text: str,
        ctx: Context,
        context: str | None,
        source: str | None,
    ) -> Planned:
        operation = _add_operation(door, scope, category, text, context, source_of(ctx, source))
        return plan_change(door, "add", operation)

    def ask_add(planned: Annotated[Planned, Resolve(plan_add)], ctx: Context) -> Any:
        return ask(door, ctx, planned)

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
        return decide(
            consent,
            door,
            planned,
            lambda: _proposed(
                ctx,
                door,
                scope=scope,
                kind=ProposalKind.ADD,
                category=category,
                text=text,
                old=None,
                context=context,
                source=source,
                status="pending",
            ),
        )


def _evolve_tool(server: MCPServer, door: Door) -> None:
    _entry_change_tool(
        server,
        door,
        ProposalKind.EVOLVE,
        """Refine an entry, keeping its id (the same preference, worded better or more complete);
        an evolve record keeps the history.""",
    )


def _pivot_tool(server: MCPServer, door: Door) -> None:
    _entry_change_tool(
        server,
        door,
        ProposalKind.PIVOT,
        """Replace an entry whose meaning changed: a new id replaces the old one, which is
        retired; the log says which replaced which.""",
    )


def _entry_change_tool(server: MCPServer, door: Door, kind: ProposalKind, doc: str) -> None:
    """`profile_evolve` or `profile_pivot`: new text for an entry that has an id; where the client
    cannot ask, the change is proposed in the pending file."""
    change: EntryChange = "evolve" if kind is ProposalKind.EVOLVE else "pivot"

    def plan(
        id: str,
        text: str,
        ctx: Context,
        scope: str | None,
        context: str | None,
        source: str | None,
    ) -> Planned:
        operation = _change_operation(
            door, change, id, text, scope, context, source_of(ctx, source)
        )
        return plan_change(door, change, operation)

    def ask_person(planned: Annotated[Planned, Resolve(plan)], ctx: Context) -> Any:
        return ask(door, ctx, planned)

    def tool(
        id: str,
        text: str,
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_person)],
        scope: ScopeName | None = None,
        context: ContextText = None,
        source: SourceText = None,
    ) -> Outcome:
        return decide(
            consent,
            door,
            planned,
            lambda: _waiting(ctx, door, kind, id, text, scope, context, source),
        )

    name = f"profile_{change}"
    tool.__name__ = tool.__qualname__ = name
    tool.__doc__ = doc
    server.tool(name=name, annotations=DESTRUCTIVE)(tool)


def _delete_tool(server: MCPServer, door: Door) -> None:
    def plan_delete(
        id: str, ctx: Context, scope: str | None, context: str | None, source: str | None
    ) -> Planned:
        operation = _change_operation(
            door, "delete", id, None, scope, context, source_of(ctx, source)
        )
        return plan_change(door, "delete", operation)

    def ask_delete(planned: Annotated[Planned, Resolve(plan_delete)], ctx: Context) -> Any:
        return ask(door, ctx, planned)

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
        return decide(
            consent,
            door,
            planned,
            lambda: Outcome(
                status="not_written",
                message=say(door, "mcp.delete_cannot_wait", id=id),
            ),
        )


def _confirm_tool(server: MCPServer, door: Door) -> None:
    def plan_confirm(line: int | None, decision: Decision) -> Planned:
        return plan_change(door, "confirm", _decide_operation(door, line, decision))

    def ask_confirm(planned: Annotated[Planned, Resolve(plan_confirm)], ctx: Context) -> Any:
        return ask(door, ctx, planned)

    @server.tool(annotations=DESTRUCTIVE)
    def confirm(
        ctx: Context,
        planned: Annotated[Planned, Resolve(plan_confirm)],
        consent: Annotated[ElicitationResult[Approval], Resolve(ask_confirm)],
        line: Annotated[
            int | None,
            Field(description="the proposal's line in the pending file; omit for every proposal"),
        ] = None,
        decision: Decision = "confirm",
    ) -> Outcome:
        """Decide pending proposals (one by its line, or all): confirm writes them to the profile
        with their log records; keep-both adds an evolve or pivot as a new entry; discard drops
        them. The person is asked first, shown each proposal decided; the yes covers exactly
        those."""
        return decide(
            consent,
            door,
            planned,
            lambda: Outcome(
                status="not_written",
                message=say(door, "mcp.confirm_cannot_ask"),
            ),
        )
