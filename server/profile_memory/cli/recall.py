"""`pmem recall`: the context block an agent reads at the start of a session."""

from __future__ import annotations

import argparse
import sys

from profile_memory.cli.common import (
    add_user_dir,
    command,
)
from profile_memory.core import recall
from profile_memory.core.messages import msg
from profile_memory.front import (
    load_context,
    say,
)


def _print_budget(sections: list[recall.RecallSection], budget: int) -> int:
    """Each block's ≈ tokens, and the total against the budget (exit 1 when over)."""
    from profile_memory.core.tokens import estimate

    shares = [(section.name, section.path, estimate(section.content)) for section in sections]
    for name, path, tokens in shares:
        print(f"{name:<16} ≈{tokens:>7,}  {path}")
    total = sum(tokens for _, _, tokens in shares)
    line = msg("cli.budget_total", total=total, budget=budget)
    print(say(msg("cli.over_budget", line=line) if total > budget else line))
    return 1 if total > budget else 0


def cmd_recall(args: argparse.Namespace) -> int:
    """The blocks that could be read; a file that is there but could not be read is named on
    stderr, one line each, and the exit is 2: a block is never dropped silently."""
    ctx = load_context(args.user_dir)
    sections, unread = recall.gather(ctx.workspace, ctx.places, ctx.show)
    if args.budget:
        code = _print_budget(sections, ctx.settings.recall_token_budget)
    else:
        output = recall.RENDERERS[args.format](sections)
        if output:
            print(output)
        code = 0
    for skipped in unread:
        print(f"pmem: {say(recall.unread_note(skipped))}", file=sys.stderr)
    return 2 if unread else code


def register(commands: argparse._SubParsersAction) -> None:
    recall_cmd = command(commands, "recall", cmd_recall)
    recall_cmd.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    recall_cmd.add_argument("--budget", action="store_true")
    add_user_dir(recall_cmd)
