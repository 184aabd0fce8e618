"""What `pmem`'s commands and options are for comes from one catalogue of both languages
(core/catalogue/commands.py), looked up by command path and flag: every command has its line,
every entry is found by some command or option (a misspelled or stale key is no silent gap), and
a Chinese `--help` shows no English of ours."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

from profile_memory import cli
from profile_memory.core.catalogue.commands import ABOUT, COMMANDS, OPTIONS
from profile_memory.core.messages import localized_parser


def _parsers(
    parser: argparse.ArgumentParser, path: str = ""
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}".lstrip())


def test_every_command_has_its_line_and_every_entry_is_looked_up() -> None:
    found_options = set()
    paths = []
    for path, parser in _parsers(cli.build_parser()):
        paths.append(path)
        for action in parser._actions:
            keys = cli.option_keys(path, action)
            found_options |= {next((key for key in keys if key in OPTIONS), None)}
    commands = [path for path in paths if path]
    assert sorted(COMMANDS) == sorted(commands)
    assert set(ABOUT) <= {path or "pmem" for path in paths}
    assert set(OPTIONS) <= found_options


def test_a_chinese_help_holds_no_english_of_ours() -> None:
    english = {text for table in (COMMANDS, ABOUT, OPTIONS) for text, _ in table.values()}
    with localized_parser("zh"):  # argparse's own `-h` line too
        root = cli.build_parser(None, "zh")
    for path, parser in _parsers(root):
        texts = [parser.description or ""]
        texts += [action.help or "" for action in parser._actions]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                texts += [choice.help or "" for choice in action._choices_actions]
        assert not english & set(texts), path
        assert all(re.search(r"[\u4e00-\u9fff]", text) for text in texts if text), path
