"""A profile change and a person's yes: the outcome a write tool returns, the change planned before
anyone is asked, the question (elicitation) and what each answer does."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import (
    AcceptedElicitation,
    CancelledElicitation,
    Context,
    DeclinedElicitation,
    Elicit,
    ElicitationResult,
)
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, BeforeValidator, Field

from profile_memory.core.files import (
    Role,
    pair_name,
    role_of,
)
from profile_memory.core.messages import CATALOGUE, msg, render
from profile_memory.core.plans import Plan
from profile_memory.core.profile import parse_profile
from profile_memory.core.questions import question
from profile_memory.core.values import value_class
from profile_memory.front import Context as Here
from profile_memory.mcp_server.engine import (
    WRITE_ERRORS,
    Door,
    failed,
)
from profile_memory.store.apply import (
    Changed,
    Operation,
    Prepared,
    plan_and_write,
    prepare,
    write_prepared,
)

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


def write(here: Here, title: str, operation: Operation) -> tuple[Plan, list[str]]:
    try:
        plan, written = plan_and_write(here.places, here.settings, title, operation)
    except WRITE_ERRORS as error:
        raise failed(here, error) from None
    return plan, [here.show(path) for path in written]


@value_class(frozen=True, slots=True)
class Planned:
    """A profile change as planned before anyone is asked: the operation, and the plan with the
    files it was made from (what the question shows, and all a yes writes)."""

    title: str
    operation: Operation
    prepared: Prepared


def plan_change(door: Door, title: str, operation: Operation) -> Planned:
    """Plan the change now, refusing one that cannot apply (before anyone is asked)."""
    here = door.here()
    try:
        return Planned(title, operation, prepare(here.places, here.settings, title, operation))
    except WRITE_ERRORS as error:
        raise failed(here, error) from None


def write_planned(door: Door, planned: Planned, bound: bool = True) -> Outcome:
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
            message=say(door, "mcp.changed", error=error.args[0]),
            changed=[here.show(path) for path in error.paths],
        )
    except WRITE_ERRORS as error:
        raise failed(here, error) from None
    return Outcome(
        status="written",
        message=say(door, "mcp.done", outcome=plan.outcome),
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


@value_class(frozen=True, slots=True)
class NotAsked:
    """The resolver's answer when nobody is asked: the client cannot ask (`pending`), its own
    approval of the tool call is trusted (`trusted`), or the plan changes nothing (`nothing`)."""

    reason: Literal["pending", "trusted", "nothing"]


def _can_ask(ctx: Context) -> bool:
    capabilities = ctx.session.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def ask(door: Door, ctx: Context, planned: Planned) -> NotAsked | Elicit[Approval]:
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


def say(door: Door, key: str, **args: Any) -> str:
    """A result text in the person's language (core/messages.py)."""
    return render(msg(key, **args), door.here().lang)


def decide(
    consent: ElicitationResult[Approval],
    door: Door,
    planned: Planned,
    wait: Callable[[], Outcome],
) -> Outcome:
    match consent:
        case AcceptedElicitation(data=Approval(approve=True)):
            return write_planned(door, planned)
        case AcceptedElicitation(data=NotAsked(reason="trusted")):
            return write_planned(door, planned, bound=False)
        case AcceptedElicitation(data=NotAsked(reason="pending")):
            return wait()
        case AcceptedElicitation(data=NotAsked(reason="nothing")):
            outcome = planned.prepared.plan.outcome
            return Outcome(
                status="not_written", message=say(door, "mcp.nothing_to_do", outcome=outcome)
            )
        case AcceptedElicitation():
            return Outcome(status="declined", message=say(door, "mcp.said_no"))
        case DeclinedElicitation():
            return Outcome(status="declined", message=say(door, "mcp.declined"))
        case CancelledElicitation():
            return Outcome(status="cancelled", message=say(door, "mcp.cancelled"))
    raise ToolError("unexpected answer")
