"""`pmem`: the command line for people, agents and CI. The same core engine as the language
server.

One module per command family, each with `register(commands)` (its parsers) and its handlers:
`check`, `trace`, `setup` (init, merge, demo), `writes` (propose, add, evolve, pivot, delete,
confirm, fix, pending), `journal` (journal, search), `facts`, `recall`, `servers` (serve, mcp);
`common` holds the options they share. What only some commands use is imported by them: `pmem
recall` never loads the rules, the log parser, the planner or the search; a check or a search never
waits for the planner, the templates or `importlib.resources` to load; and a command line that names
its command builds the parsers of that command's family only (`COMMANDS`).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from profile_memory import __version__
from profile_memory.cli.common import CliError, Parser
from profile_memory.core.messages import Lang, language_of_environment, localized_parser
from profile_memory.front import Context, files_to_check, language, load_context, os_error, say

__all__ = [
    "CliError",
    "Context",
    "build_parser",
    "files_to_check",
    "indented",
    "journal_hits_json",
    "load_context",
    "main",
    "run",
    "run_check",
    "run_trace",
    "run_write",
    "say",
]

# The command families, in the order `pmem --help` lists their commands.
FAMILIES = ("check", "trace", "setup", "writes", "journal", "facts", "recall", "servers")
# Each command's family: a command line that names a command builds only its family's parsers,
# and imports no other family's module (the parsers of every command cost a start-up ≈ 5 ms, and
# each `add_argument` asks the terminal's size; tests/cli/test_parser_per_command.py holds this
# table to the full parser).
COMMANDS = {
    "check": "check",
    "trace": "trace",
    **dict.fromkeys(("init", "merge", "demo"), "setup"),
    **dict.fromkeys(
        ("propose", "add", "evolve", "pivot", "delete", "confirm", "fix", "pending"), "writes"
    ),
    **dict.fromkeys(("journal", "search"), "journal"),
    "facts": "facts",
    "recall": "recall",
    **dict.fromkeys(("serve", "mcp"), "servers"),
}
# The commands that only read: `run` ends the process at once when they have said all.
READ_ONLY = frozenset({"check", "trace", "search", "recall"})
# What this package gives its callers from its command modules, imported when first asked for.
_FROM_COMMANDS = {
    "run_check": "check",
    "run_trace": "trace",
    "run_write": "writes",
    "indented": "journal",
    "journal_hits_json": "journal",
}


def __getattr__(name: str) -> Any:
    if name in _FROM_COMMANDS:
        return getattr(_family(_FROM_COMMANDS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _family(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def build_parser(command: str | None = None, lang: Lang = "en") -> argparse.ArgumentParser:
    """The parser of every command; given a command's name, of that command's family only (what
    `pmem COMMAND …` parses the same with). Its texts are in `lang` (argparse's own too, when built
    within `localized_parser(lang)`)."""
    parser = Parser(prog="pmem")
    parser.add_argument("--version", action="version", version=f"pmem {__version__}", help=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    family = COMMANDS.get(command) if command is not None else None
    for name in FAMILIES if family is None else (family,):
        _family(name).register(commands)
    _describe(parser, "", 1 if lang == "zh" else 0)
    return parser


def _describe(parser: argparse.ArgumentParser, path: str, lang: int) -> None:
    """Puts on the parser of command `path` (and its commands') what the catalogue says they and
    their options are for (`core/catalogue/commands.py`), in language `lang` (0 English, 1
    Chinese)."""
    from profile_memory.core.catalogue.commands import ABOUT, OPTIONS

    about = ABOUT.get(path or "pmem")
    parser.description = about[lang] if about else None
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            _describe_commands(action, path, lang)
        elif action.help is None:
            said = _option_text(OPTIONS, path, action)
            action.help = said[lang] if said else None


def _describe_commands(commands: argparse._SubParsersAction, path: str, lang: int) -> None:
    from profile_memory.core.catalogue.commands import COMMANDS as SAID

    for choice in commands._choices_actions:
        said = SAID.get(f"{path} {choice.dest}".lstrip())
        choice.help = said[lang] if said else None
    for name, parser in commands.choices.items():
        _describe(parser, f"{path} {name}".lstrip(), lang)


def option_keys(path: str, action: argparse.Action) -> list[str]:
    """Where the catalogue may hold what an option of command `path` is for, in the order looked
    up: the command's own, its family's (`writes`: every write command), the flag's alone. An
    argument (no flag) has only its command's own, by its name."""
    longs = [flag for flag in action.option_strings if flag.startswith("--")]
    name = (longs or action.option_strings or [action.dest])[0]
    own = f"{path} {name}".lstrip()
    if not action.option_strings:
        return [own]
    return [own, f"{COMMANDS.get(path.partition(' ')[0])} {name}", name]


def _option_text(
    said: dict[str, tuple[str, str]], path: str, action: argparse.Action
) -> tuple[str, str] | None:
    return next((said[key] for key in option_keys(path, action) if key in said), None)


# A parse makes hundreds of thousands of small objects without cycles (freed by reference counts),
# and each edit copies lists of 150,000 lines: at the default threshold (700) the cycle collector
# runs hundreds of times per parse and traverses those lists each time (a quarter of an edit's
# latency at 10,000 ids, bench/RESULTS.md). Cycles are rare here; collecting them later costs
# little memory.
GC_THRESHOLD = (50_000, 20, 20)


def main(argv: Sequence[str] | None = None) -> int:
    return _run(_arguments(argv))


def run() -> NoReturn:
    """The `pmem` command. A command that only read (a check, a recall) ends the process at once
    when it has said all: freeing what it made one object at a time (hundreds of thousands at
    10,000 ids), and every module, would cost a check a twentieth of it and a recall a sixth."""
    args = _arguments(None)
    code = _run(args)
    if args.command in READ_ONLY:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:  # the reader went away: nothing more to say
            pass
        os._exit(code)
    raise SystemExit(code)


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    gc.set_threshold(*GC_THRESHOLD)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    # --help and usage errors come before any file is read: the environment's language
    language[0] = language_of_environment(os.environ)
    with localized_parser(language[0]):
        given = sys.argv[1:] if argv is None else argv
        return build_parser(given[0] if given else None, language[0]).parse_args(given)


def _run(args: argparse.Namespace) -> int:
    try:
        return args.handler(args)
    except CliError as error:
        print(f"pmem: {say(error.message)}", file=sys.stderr)
        return error.code
    except ValueError as error:  # PMEM_TODAY and similar environment mistakes
        said = error.args[0] if len(error.args) == 1 else error
        print(f"pmem: {say(said) if isinstance(said, str) else said}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`pmem … | head`): nothing more to say
        return 0
    except (
        OSError
    ) as error:  # a filesystem failure no command foresaw: still one line, never a traceback
        print(f"pmem: {say(os_error(error))}", file=sys.stderr)
        return 2
