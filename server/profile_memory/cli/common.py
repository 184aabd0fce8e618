"""What the CLI's commands share beyond `front.py`: the options several commands take, the
argument types, and the translation of an agent-memory failure into the CLI's one line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from profile_memory.core.messages import msg
from profile_memory.front import Context, FrontError, explained, failures, say
from profile_memory.front import warn as warn

CliError = FrontError  # the name the CLI's commands and their callers have used


def anchor_argument(text: str) -> str:
    """An ID argument: an id written as the files may write it (`PF-20260412-002`) is taken for
    the id it plainly means, and the command says so on stderr."""
    from profile_memory.core import anchors

    meant = anchors.given_id(text)
    if meant != text:
        print(say(msg("cli.read_as", text=text, meant=meant)), file=sys.stderr)
    return meant


def positive(value: str) -> int:
    from profile_memory.core.search import check_limit

    try:
        return check_limit(int(value))
    except ValueError:
        raise argparse.ArgumentTypeError(say(msg("cli.not_positive", value=repr(value)))) from None


def command(
    commands: argparse._SubParsersAction,
    name: str,
    handler: Callable[[argparse.Namespace], int] | None = None,
) -> argparse.ArgumentParser:
    """The parser of command `name`; what it and its options are for is put on it from the
    catalogue when the whole parser is built (`core/catalogue/commands.py`, `cli.build_parser`)."""
    parser = commands.add_parser(name, help=None)  # a help (None) lists it in its parent's --help
    if handler is not None:
        parser.set_defaults(handler=handler)
    return parser


def add_allow_secret(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--allow-secret", action="store_true")


def add_memory_dir(parser: argparse.ArgumentParser) -> None:
    """`--dir D`, the memory folder a journal or FACT.md command reads or writes."""
    parser.add_argument("--dir", metavar="D")


def add_user_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--user-dir", metavar="DIR")


def memory_dirs(ctx: Context, given: str | None) -> list[Path]:
    """`--dir`, else `./memory` of the project, then the configured memory folders."""
    if given:
        return [Path(os.path.abspath(given))]
    return [Path(p) for p in ctx.places.memory_dirs]


def memory_call(action: Callable[[], int]) -> int:
    """An agent-memory command's action; what it refuses is one line (`front.explained`)."""
    try:
        return action()
    except failures() as error:
        raise explained(error, unnamed="") from None
