"""The command line's help in Chinese (docs/format.md, "Interface language"): argparse's own texts
(`usage:`, its errors) and what each command is for, by their English text; `localized_parser`
puts a parser in either language. Kept apart from the message catalogue (core/messages.py), which
re-exports these names."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from profile_memory.core.messages import Lang

# `pmem --help`: what a command is for, by its English text (cli/ keeps the English where the
# parser is built; a text not here is shown in English).
HELP_ZH: dict[str, str] = {
    "Check, trace and safely edit the memory files of AI coding agents.": (
        "检查、追溯并安全地编辑 AI 编程智能体的记忆文件。"
    ),
    "report problems in profiles, logs, pending proposals and agent memory": (
        "报告画像、日志、待确认提议和智能体记忆中的问题"
    ),
    "trace an anchor id up to its log records": "追溯一个锚点 id 直到它的日志记录",
    "create the missing profile files from the templates (never overwrites)": (
        "按模板创建缺少的画像文件（从不覆盖）"
    ),
    "git's merge driver for memory files (set up by `pmem init --git`)": (
        "记忆文件的 git 合并驱动（由 `pmem init --git` 设置）"
    ),
    "write an example workspace with deliberate problems, check and trace it": (
        "写出一个故意带问题的示例工作区，并检查、追溯它"
    ),
    "append a proposal to the pending file for the person to confirm": (
        "向待确认文件追加一条提议，由本人确认"
    ),
    "record a confirmed new entry and its log record; prints the new id": (
        "记录一个已确认的新增条目及其日志记录；输出新 id"
    ),
    "give an entry new wording under the same id": "在同一个 id 下改写条目（演进）",
    "replace an entry with a new one under a new id": "用新 id 下的新条目取代一个条目（转向）",
    "remove an entry and record its deletion in the log": "移除一个条目，并在日志中记录删除",
    "decide pending proposals: confirm, keep both, or discard": (
        "处理待确认的提议：确认、两者都保留或放弃"
    ),
    "rewrite non-canonical forms that agents wrote (PM016, PM018, readable PM004 ids)": (
        "改写智能体写下的不规范形式（PM016、PM018、可读的 PM004 id）"
    ),
    "list the pending proposals with their line numbers": "列出待确认的提议及其行号",
    "the agent journal: append and search JOURNAL.jsonl": "智能体日记：追加和搜索 JOURNAL.jsonl",
    "search the journals and the log records": "搜索日记和日志记录",
    "the agent's durable facts: show or update FACT.md": "智能体的长期事实：查看或更新 FACT.md",
    "print the context block an agent reads at the start of a session": (
        "输出智能体在会话开始时读取的上下文块"
    ),
    "run the language server (stdio by default)": "运行语言服务器（默认使用 stdio）",
    "run the MCP server for agents (stdio), or print its client configuration": (
        "为智能体运行 MCP 服务器（stdio），或输出它的客户端配置"
    ),
    "append one entry (locked, fsynced)": "追加一条记录（加锁并 fsync）",
    "entries whose text contains QUERY, newest first": "文本包含 QUERY 的记录，最新的在前",
    "replace FACT.md atomically": "原子地替换 FACT.md",
    "print FACT.md": "输出 FACT.md",
    "FACT.md's kept versions, newest first": "FACT.md 保留的各个版本，最新的在前",
    "a unified diff from a kept version to FACT.md": "从某个保留版本到 FACT.md 的统一差异",
    "replace FACT.md with a kept version": "用一个保留版本替换 FACT.md",
    "print the configuration that starts `pmem mcp` from a client": (
        "输出让客户端启动 `pmem mcp` 的配置"
    ),
    "Check memory files. With no PATH: the user profile folder, ./.cursor/profile and ./memory "
    "of the project.": (
        "检查记忆文件。不给 PATH 时：检查用户画像文件夹、项目的 ./.cursor/profile 和 ./memory。"
    ),
    "files or folders to check": "要检查的文件或文件夹",
    "only these codes (comma-separated; prefixes allowed)": "只看这些代码（逗号分隔；可用前缀）",
    "not these codes (comma-separated; prefixes allowed)": "不看这些代码（逗号分隔；可用前缀）",
    "change a code's severity: error, warning, information, hint or off (repeatable)": (
        "修改某个代码的严重级别：error、warning、information、hint 或 off（可重复）"
    ),
    "the user profile folder (default: $PMEM_USER_DIR, then ~/.cursor/profile)": (
        "用户画像文件夹（默认：$PMEM_USER_DIR，其次 ~/.cursor/profile）"
    ),
    "show program's version number and exit": "显示程序的版本号并退出",
}

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
def localized_parser(
    lang: Lang,
) -> Iterator[Callable[[argparse.ArgumentParser], argparse.ArgumentParser]]:
    """While it lasts, argparse's own texts (`usage:`, its errors) are in `lang`; it gives a
    function that puts a parser's descriptions and help texts (`HELP_ZH`) in `lang`. argparse
    looks its texts up through `gettext` at the moment it uses them, by these module names."""
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
        yield _localized_help if lang == "zh" else (lambda parser: parser)
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _localized_help(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.description = HELP_ZH.get(parser.description or "", parser.description)
    for action in parser._actions:
        if action.help:
            action.help = HELP_ZH.get(action.help, action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = HELP_ZH.get(choice.help or "", choice.help)
            for sub in dict.fromkeys(action.choices.values()):
                _localized_help(sub)
    return parser
