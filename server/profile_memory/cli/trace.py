"""`pmem trace`: an id's entry, state and log records."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from profile_memory.cli.common import (
    CliError,
    add_user_dir,
    anchor_argument,
    command,
)
from profile_memory.core.messages import msg
from profile_memory.front import (
    Context,
    load_context,
    say,
)

if TYPE_CHECKING:
    pass


def run_trace(
    ctx: Context, anchor_id: str, everything: bool = False, as_json_output: bool = False
) -> int:
    from profile_memory.core import anchors
    from profile_memory.core.trace import render_json, render_text, trace

    problem = anchors.problem(anchor_id)
    if problem is not None:
        raise CliError(msg("cli.invalid_id", id=anchor_id, problem=problem), code=1)
    traces = trace(ctx.resolver.pairs(), anchor_id)
    mentions = ctx.resolver.mentions(anchor_id)
    if not traces:
        places = ", ".join(ctx.show(p) for p in ctx.places.profile_folders())
        raise CliError(msg("cli.unknown_id", id=anchor_id, places=places), code=1)
    if as_json_output:
        print(
            json.dumps(
                render_json(anchor_id, traces, ctx.show, mentions), ensure_ascii=False, indent=2
            )
        )
    else:
        lines = render_text(anchor_id, traces, ctx.show, everything, mentions)
        print("\n".join(say(line) for line in lines))
    return 0


def cmd_trace(args: argparse.Namespace) -> int:
    return run_trace(load_context(args.user_dir), args.id, args.all, args.json)


def register(commands: argparse._SubParsersAction) -> None:
    trace_cmd = command(commands, "trace", cmd_trace)
    trace_cmd.add_argument("id", metavar="ID", type=anchor_argument)
    trace_cmd.add_argument("--all", action="store_true")
    trace_cmd.add_argument("--json", action="store_true")
    add_user_dir(trace_cmd)
