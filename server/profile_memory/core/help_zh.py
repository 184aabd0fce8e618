"""argparse's own texts (`usage:`, its errors) in Chinese (docs/format.md, "Interface language"),
by their English text, and `localized_parser`, which has argparse say them in either language.
What pmem's commands and options are for is in the catalogue (`core/catalogue/commands.py`);
core/messages.py re-exports these names."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from profile_memory.core.messages import Lang

# argparse's own texts (`usage:`, errors), by their English text; `%` placeholders kept.
ARGPARSE_ZH: dict[str, str] = {
    "usage: ": "用法：",
    "positional arguments": "位置参数",
    "options": "选项",
    "show this help message and exit": "显示此帮助信息并退出",
    "%(prog)s: error: %(message)s\n": "%(prog)s：错误：%(message)s\n",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "the following arguments are required: %s": "缺少以下必需参数：%s",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "无效的选择：%(value)r（可选：%(choices)s）"
    ),
    "invalid %(type)s value: %(value)r": "无效的 %(type)s 值：%(value)r",
    "expected one argument": "需要一个参数",
    "expected at most one argument": "最多需要一个参数",
    "expected at least one argument": "至少需要一个参数",
    "expected %s argument": "需要 %s 个参数",
    "expected %s arguments": "需要 %s 个参数",
    "ambiguous option: %(option)s could match %(matches)s": (
        "有歧义的选项：%(option)s 可匹配 %(matches)s"
    ),
    "not allowed with argument %s": "不能与参数 %s 同时使用",
    "one of the arguments %s is required": "参数 %s 中必须给出一个",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "未知的子命令 %(parser_name)r（可选：%(choices)s）"
    ),
}


@contextmanager
def localized_parser(lang: Lang) -> Iterator[None]:
    """While it lasts, argparse's own texts (`usage:`, its errors) are in `lang` (build the
    parser, parse and show its help within it). argparse looks its texts up through `gettext` at
    the moment it uses them, by these module names."""
    # In English too argparse's texts are given here: its own `gettext` looks for a catalogue on
    # disk at each of the ~80 texts a parser of every command makes (a tenth of a `pmem recall`),
    # and pmem's English is argparse's own (Python ships no catalogue of argparse).
    table: dict[str, str] = ARGPARSE_ZH if lang == "zh" else {}
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def ngettext(singular: str, plural: str, n: int) -> str:
        return table.get(singular if n == 1 else plural, singular if n == 1 else plural)

    argparse._ = lambda text: table.get(text, text)  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
