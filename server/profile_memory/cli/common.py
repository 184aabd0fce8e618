"""What the CLI's commands share beyond `front.py`: the options several commands take, the
argument types, and the translation of an agent-memory failure into the CLI's one line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from profile_memory.core.messages import msg
from profile_memory.front import Context, FrontError, explained, failures, say
from profile_memory.front import warn as warn

CliError = FrontError  # the name the CLI's commands and their callers have used


def terminal_columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` finds it ($COLUMNS, else the terminal of
    stdout, else 80), without importing `shutil` (and its three compression modules): argparse
    asks for it at every `add_argument`, and a check's start would pay ~2.5 ms for it."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told the terminal's width (`terminal_columns`) rather than asking
    `shutil` for it."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        # argparse's own default: the terminal's width less two
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """`pmem`'s parsers (its commands' too: `add_subparsers` makes them of the parent's class),
    with `HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


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
