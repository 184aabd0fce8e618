"""The writes: `pmem propose|add|evolve|pivot|delete|confirm|fix`, planned by the core and written
by the store under the folders' locks; and `pmem pending`, the proposals waiting for a decision."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Literal

from profile_memory.cli.common import (
    CliError,
    add_allow_secret,
    add_user_dir,
    anchor_argument,
    command,
    warn,
)
from profile_memory.core.files import PENDING_NAME, Role, role_of
from profile_memory.core.log import Op
from profile_memory.core.messages import Text, msg
from profile_memory.core.secrets import masked
from profile_memory.front import (
    Context,
    Decision,
    explained,
    failures,
    files_to_check,
    load_context,
    say,
)

if TYPE_CHECKING:
    from profile_memory.core.pending import Scope
    from profile_memory.core.plans import Planner


WriteOperation = Callable[["Planner", "Context"], str]


def _scope(args: argparse.Namespace) -> Scope | None:
    from profile_memory.core.pending import Scope

    return Scope(args.scope) if args.scope else None


def run_write(
    args: argparse.Namespace, title: str, operation: WriteOperation, bound: bool = False
) -> int:
    """Plan, then plan again and write under the folders' locks (log, profile, pending). A write
    that is refused or has nothing to do is found by the first plan, so it takes no lock and creates
    nothing. `bound` (a decision on what the pending file holds): the first plan or nothing, if its
    files changed before the locks were taken (exit 1)."""
    from profile_memory.store.apply import Changed, plan_and_write

    ctx = load_context(args.user_dir)

    def planned(planner: Planner) -> str:
        ctx.workspace = planner.workspace  # the files as this plan reads them
        return operation(planner, ctx)

    try:
        plan, written = plan_and_write(
            ctx.places,
            ctx.settings,
            title,
            planned,
            allow_secrets=getattr(args, "allow_secret", False),
            bound=bound,
        )
    except Changed as error:
        raise CliError(msg("cli.run_again", error=error.args[0]), code=1) from None
    except failures() as error:
        raise explained(error, ctx.show) from None
    for over in plan.over_limit:
        warn(over.message(ctx.show(over.path)))
    if getattr(args, "json", False):
        print(
            json.dumps(
                {
                    "ids": plan.ids,
                    "files": [ctx.show(p) for p in written],
                    "outcome": plan.outcome,
                    "over_limit": [
                        {"path": ctx.show(o.path), "lines": o.lines, "limit": o.limit}
                        for o in plan.over_limit
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        print(say(plan.outcome))
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import Scope

    def operation(planner: Planner, ctx: Context) -> str:
        return planner.add(
            ctx.resolver.pair_ref(Scope(args.scope)),
            args.category,
            args.text,
            args.context,
            args.source,
        )

    return run_write(args, "add", operation)


def cmd_evolve(args: argparse.Namespace) -> int:
    return _reword(args, Op.EVOLVE)


def cmd_pivot(args: argparse.Namespace) -> int:
    return _reword(args, Op.PIVOT)


def _reword(args: argparse.Namespace, op: Literal[Op.EVOLVE, Op.PIVOT]) -> int:
    def operation(planner: Planner, ctx: Context) -> str:
        ref = ctx.resolver.pair_carrying(args.id, _scope(args))
        written = planner.reword(ref, args.id, op, args.text, args.context, args.source)
        if op is Op.PIVOT:
            return msg("cli.pivoted", new=written, id=args.id)
        return msg("cli.evolved", id=args.id)

    return run_write(args, op.value, operation)


def cmd_delete(args: argparse.Namespace) -> int:
    def operation(planner: Planner, ctx: Context) -> str:
        planner.delete(
            ctx.resolver.pair_carrying(args.id, _scope(args)), args.id, args.context, args.source
        )
        return msg("cli.deleted", id=args.id)

    return run_write(args, "delete", operation)


def _pending_path(ctx: Context, given: str | None) -> PurePath:
    if given:
        path = Path(os.path.abspath(given))
        if role_of(path) is not Role.PENDING:
            raise CliError(msg("cli.not_pending_file", path=given))
        if path.parent not in ctx.places.profile_folders():
            folders = [ctx.show(f) for f in ctx.places.profile_folders()]
            raise CliError(msg("cli.outside_folders", path=given, folders=folders))
        return path
    return (
        ctx.workspace.find_name(ctx.places.project_dir, PENDING_NAME)
        or ctx.places.project_dir / PENDING_NAME
    )


def cmd_propose(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import ProposalKind, Scope

    if args.kind != "add" and not args.old:
        raise CliError(msg("cli.old_required"))

    def operation(planner: Planner, ctx: Context) -> str:
        pending = _pending_path(ctx, None)
        planner.propose(
            pending,
            Scope(args.scope),
            ProposalKind(args.kind),
            args.category,
            args.text,
            args.old,
            args.context,
            args.source,
        )
        return msg("cli.proposed", path=ctx.show(pending))

    return run_write(args, "propose", operation)


def cmd_confirm(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import parse_pending

    if not (args.all or args.line):
        raise CliError(msg("cli.choose_proposals"))
    decision: Decision = "discard" if args.discard else "keep-both" if args.keep_both else "confirm"

    def operation(planner: Planner, ctx: Context) -> str:
        pending = _pending_path(ctx, args.pending)
        proposals = parse_pending(planner.text(pending)).proposals
        if args.line:
            proposals = [p for p in proposals if p.line <= args.line - 1 < p.end_line]
            if not proposals:
                raise CliError(
                    msg("cli.no_proposal", path=ctx.show(pending), line=args.line), code=1
                )
        # With --line, the decided lines are left blank: the numbers `pmem pending` printed stay
        # true
        return planner.decide_each(pending, proposals, decision, keep_lines=bool(args.line))

    return run_write(args, "confirm", operation, bound=True)


def cmd_fix(args: argparse.Namespace) -> int:
    """Rewrite what agents wrote in non-canonical forms (PM016 headings, PM018 forms, ids PM004 can
    read)."""

    def operation(planner: Planner, ctx: Context) -> str:
        folders = ctx.places.profile_folders()
        done = []
        for path in files_to_check(ctx, args.paths):
            if role_of(path) not in (Role.PROFILE, Role.LOG):
                continue
            if path.parent not in folders:
                shown = [ctx.show(f) for f in folders]
                raise CliError(msg("cli.fix_outside_folders", path=ctx.show(path), folders=shown))
            count = planner.fix_forms(path)
            if count:
                key = "cli.fixed" if count == 1 else "cli.fixed.many"
                done.append(msg(key, path=ctx.show(path), count=count))
        return _lines(done) if done else msg("cli.nothing_to_fix")

    return run_write(args, "fix", operation)


def _lines(lines: list[Text]) -> Text:
    """Messages one a line, still a `Text`: shown in the person's language, English in JSON."""
    first, *rest = lines
    return msg("cli.lines", first=first, rest=_lines(rest)) if rest else first


def cmd_pending(args: argparse.Namespace) -> int:
    """The proposals waiting for a decision, each with the line `confirm --line` takes."""
    from profile_memory.core.pending import proposal_fields

    ctx = load_context(args.user_dir)
    pending = _pending_path(ctx, args.pending)
    source = ctx.workspace.source(pending)
    if source is not None and source.decoded is None:
        raise CliError(
            msg("unsafe.source", path=ctx.show(pending), reason=source.unsafe or source.unreadable)
        )
    proposals = ctx.workspace.pending(source).proposals if source is not None else []
    if args.json:
        print(
            json.dumps(
                [{"line": p.line + 1, **proposal_fields(p)} for p in proposals],
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    for p in proposals:
        change = f"{p.old} → {p.text}" if p.old is not None else p.text
        print(
            f"{p.line + 1:>4}  {p.scope.value if p.scope else '?':<7}  "
            + masked(f"[{p.kind.value}][{p.category}] {change}")
        )
    if not proposals:
        print(say(msg("cli.nothing_pending", path=ctx.show(pending))))
    else:
        print(say(msg("cli.decide_hint")))
    return 0


def _write_command(
    commands: argparse._SubParsersAction,
    name: str,
    handler: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    write = command(commands, name, handler)
    add_user_dir(write)
    write.add_argument("--json", action="store_true")
    add_allow_secret(write)
    return write


def _context_options(write: argparse.ArgumentParser) -> None:
    write.add_argument("--context", metavar="C")
    write.add_argument("--source", metavar="S")


def register(commands: argparse._SubParsersAction) -> None:
    _register_entries(commands)
    _register_pending(commands)


def _register_entries(commands: argparse._SubParsersAction) -> None:
    """propose, add, evolve, pivot, delete."""
    propose = _write_command(commands, "propose", cmd_propose)
    propose.add_argument("--scope", choices=("user", "project"), required=True)
    propose.add_argument("--kind", choices=("add", "evolve", "pivot"), required=True)
    propose.add_argument("--category", required=True, metavar="CAT")
    propose.add_argument("text", metavar="TEXT")
    propose.add_argument("--old", metavar="OLD")
    _context_options(propose)

    add = _write_command(commands, "add", cmd_add)
    add.add_argument("--scope", choices=("user", "project"), required=True)
    add.add_argument("--category", required=True, metavar="CAT")
    add.add_argument("text", metavar="TEXT")
    _context_options(add)

    for name, handler in (("evolve", cmd_evolve), ("pivot", cmd_pivot)):
        reword = _write_command(commands, name, handler)
        reword.add_argument("id", metavar="ID", type=anchor_argument)
        reword.add_argument("text", metavar="TEXT")
        reword.add_argument("--scope", choices=("user", "project"))
        _context_options(reword)

    delete = _write_command(commands, "delete", cmd_delete)
    delete.add_argument("id", metavar="ID", type=anchor_argument)
    delete.add_argument("--scope", choices=("user", "project"))
    _context_options(delete)


def _register_pending(commands: argparse._SubParsersAction) -> None:
    """confirm, fix, pending."""
    confirm = _write_command(commands, "confirm", cmd_confirm)
    confirm.add_argument("pending", nargs="?", metavar="PENDING")
    which = confirm.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true")
    which.add_argument("--line", type=int, metavar="N")
    how = confirm.add_mutually_exclusive_group()
    how.add_argument("--keep-both", action="store_true")
    how.add_argument("--discard", action="store_true")

    fix = _write_command(commands, "fix", cmd_fix)
    fix.add_argument("paths", nargs="*", metavar="PATH")

    pending_cmd = command(commands, "pending", cmd_pending)
    pending_cmd.add_argument("pending", nargs="?", metavar="PENDING")
    pending_cmd.add_argument("--json", action="store_true")
    add_user_dir(pending_cmd)
