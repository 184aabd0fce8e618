"""`pmem COMMAND …` builds only its command family's parsers (#25): the same parse, the same help
and the same usage errors as the parser of every command, in English and in Chinese."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest
from profile_memory import cli
from profile_memory.core.messages import localized_parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no commands")


def test_the_table_names_every_command_in_its_family() -> None:
    full = _commands(cli.build_parser())
    assert list(full) == list(cli.COMMANDS)
    for name, sub in full.items():
        handler = sub.get_default("handler")  # none for a command of commands (journal, facts)
        if handler is not None:
            assert handler.__module__ == f"profile_memory.cli.{cli.COMMANDS[name]}"
    assert cli.READ_ONLY <= set(cli.COMMANDS)


def _said(lang: str, command: str | None, argv: list[str]) -> tuple[str, str, object]:
    out, err = io.StringIO(), io.StringIO()
    with localized_parser(lang):  # type: ignore[arg-type]
        parser = cli.build_parser(command, lang)  # type: ignore[arg-type]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                parsed: object = vars(parser.parse_args(argv))
            except SystemExit as exit:
                parsed = exit.code
    return out.getvalue(), err.getvalue(), parsed


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("command", list(cli.COMMANDS))
def test_one_family_parses_helps_and_refuses_as_every_command(lang: str, command: str) -> None:
    for argv in (
        [command, "--help"],
        [command, "--no-such-option"],
        [command],
        [command, "PF-20260412-02", "x", "y"],
    ):
        assert _said(lang, command, argv) == _said(lang, None, argv), argv
