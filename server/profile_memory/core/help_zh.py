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
    # each command's own --help: its description, then its options
    "Show where an id's entry is, its state, its latest record in full and one line per earlier "
    "record.": "显示一个 id 的条目在哪里、它的状态、完整的最近一条记录，以及更早的每条记录各一行。",
    "an anchor id, PF-YYYYMMDD-NN": "一个锚点 id，PF-YYYYMMDD-NN",
    "print every record in full": "完整输出每一条记录",
    "print JSON": "输出 JSON",
    "Create missing files from the templates; existing files, even empty ones, are kept. With no "
    "scope flag, both the user and the project profile pairs.": (
        "按模板创建缺少的文件；已有的文件（即使是空的）都会保留。不给范围选项时，创建个人和项目两套画像文件。"
    ),
    "the user profile pair": "个人画像及其日志",
    "the project profile pair in ./.cursor/profile": "./.cursor/profile 中的项目画像及其日志",
    "an agent memory folder DIR/memory (FACT.md, JOURNAL.jsonl)": (
        "智能体记忆文件夹 DIR/memory（FACT.md、JOURNAL.jsonl）"
    ),
    "template language (default: the `language` setting, zh)": (
        "模板语言（默认：`language` 设置，zh）"
    ),
    "set this git clone up to merge memory files with `pmem merge` (.gitattributes, git config); "
    "alone, creates no profile files": (
        "设置这个 git 仓库用 `pmem merge` 合并记忆文件（.gitattributes、git config）；"
        "单独使用时不创建画像文件"
    ),
    "Merge three versions of a memory file entry by entry into OURS; exit 0 when clean, 1 when a "
    "conflict remains.": (
        "把一个记忆文件的三个版本逐条合并到 OURS；没有冲突时退出码 0，仍有冲突时为 1。"
    ),
    "the file's path in the repository": "文件在仓库中的路径",
    "Write a bundled example workspace into DIR (default: a new temporary folder), run `check` and "
    "one `trace` on it, and say how to open it in an editor.": (
        "把自带的示例工作区写入 DIR（默认：新的临时文件夹），对它运行 `check` 和一次 `trace`，"
        "并说明如何在编辑器中打开它。"
    ),
    "a new or empty folder": "一个新的或空的文件夹",
    "Append a proposal to the pending file for the person to confirm.": (
        "向待确认文件追加一条提议，由本人确认。"
    ),
    "print the ids and files changed as JSON": "以 JSON 输出改动的 id 和文件",
    "write even text that looks like a secret (an API key, a token, a password)": (
        "即使文本看起来像机密（API 密钥、令牌、密码）也照样写入"
    ),
    "the entry (NEW for an evolve or pivot)": "条目的文本（演进或转向时为 NEW）",
    "the current text of the entry (evolve, pivot)": "条目现在的文本（演进、转向）",
    "原始上下文 / Context: the person's words": "原始上下文：本人的原话",
    "来源对话 / Source: the conversation": "来源对话：出自哪段对话",
    "Record a confirmed new entry and its log record; prints the new id.": (
        "记录一个已确认的新增条目及其日志记录；输出新 id。"
    ),
    "Give an entry new wording under the same id.": "在同一个 id 下改写条目（演进）。",
    "Replace an entry with a new one under a new id.": "用新 id 下的新条目取代一个条目（转向）。",
    "Remove an entry and record its deletion in the log.": "移除一个条目，并在日志中记录删除。",
    "Decide pending proposals: confirm, keep both, or discard.": (
        "处理待确认的提议：确认、两者都保留或放弃。"
    ),
    "the pending file (default: the project's)": "待确认文件（默认：项目的）",
    "every proposal, in order": "所有提议，按顺序",
    "the proposal on line N": "第 N 行的提议",
    "for an evolve or pivot: add NEW as a new entry": "用于演进或转向：把 NEW 作为新条目新增",
    "drop the proposals without recording them": "放弃这些提议，不做记录",
    "Rewrite non-canonical forms that agents wrote (PM016, PM018, readable PM004 ids).": (
        "改写智能体写下的不规范形式（PM016、PM018、可读的 PM004 id）。"
    ),
    "files or folders (default: the profile folders)": "文件或文件夹（默认：画像文件夹）",
    "List the proposals of the pending file, each with the line number that `pmem confirm --line "
    "N` takes.": "列出待确认文件中的提议，每条带上 `pmem confirm --line N` 所用的行号。",
    "Append one entry to memory/JOURNAL.jsonl.": "向 memory/JOURNAL.jsonl 追加一条记录。",
    "a tag (repeatable)": "一个标签（可重复）",
    "the memory folder (default: ./memory of the project)": "记忆文件夹（默认：项目的 ./memory）",
    "Search journal entries: QUERY is a case-insensitive substring of the text, --tag a whole tag; "
    "both must hold; newest first.": (
        "搜索日记记录：QUERY 是文本中的子串（不区分大小写），--tag 是完整的标签；"
        "两者都须满足；最新的在前。"
    ),
    "the last N matches (default 20)": "最近的 N 条匹配（默认 20）",
    "the entries as Cherry writes them, plus path and line": (
        "按 Cherry 写入的样子输出记录，外加路径和行号"
    ),
    "the memory folder (default: ./memory, then the configured ones)": (
        "记忆文件夹（默认：./memory，其次是配置的文件夹）"
    ),
    "Search journal entries and log records (heading and field values).": (
        "搜索日记记录和日志记录（标题和字段值）。"
    ),
    "Replace memory/FACT.md whole and atomically with FILE (or stdin).": (
        "用 FILE（或标准输入）整体、原子地替换 memory/FACT.md。"
    ),
    "the new content (default or -: standard input)": "新内容（默认或 -：标准输入）",
    "refuse (exit 1) unless FACT.md still has this sha256": (
        "除非 FACT.md 的 sha256 仍是这个值，否则拒绝（退出码 1）"
    ),
    "Print memory/FACT.md.": "输出 memory/FACT.md。",
    "path, sha256 and content as JSON": "以 JSON 输出路径、sha256 和内容",
    "print secrets as they are (masked by default)": "原样输出机密（默认遮盖）",
    "a kept version's exact bytes (`pmem facts history`)": (
        "某个保留版本的原始字节（见 `pmem facts history`）"
    ),
    "List the versions of FACT.md kept before each replacement, newest first: rev, when it was "
    "replaced, by what, and the lines the replacement added and removed.": (
        "列出每次替换前保留的 FACT.md 版本，最新的在前：rev、替换时间、由谁替换，"
        "以及这次替换增删的行数。"
    ),
    "[{rev, ts, sha256, bytes, added, removed, by}]": (
        "以 JSON 输出 [{rev, ts, sha256, bytes, added, removed, by}]"
    ),
    "A unified diff from the kept version REV (default: the newest) to the current FACT.md.": (
        "从保留版本 REV（默认：最新的）到当前 FACT.md 的统一差异。"
    ),
    "Replace FACT.md atomically with the kept version REV; the version it replaces is kept in "
    "turn.": "用保留版本 REV 原子地替换 FACT.md；被替换的版本也会保留下来。",
    "Print the user and project profiles, SOUL.md, USER.md and FACT.md as one context block "
    "(empty files omitted).": (
        "把个人画像、项目画像、SOUL.md、USER.md 和 FACT.md 输出为一个上下文块（空文件略去）。"
    ),
    "print what each block costs (≈ tokens) against recallTokenBudget, not the block": (
        "不输出内容，而是输出每个块的开销（≈ token 数），并与 recallTokenBudget 对比"
    ),
    "Run the Profile Memory language server for VS Code, Cursor, Neovim, Helix, Zed or any LSP "
    "client. It speaks over stdio unless --tcp is given.": (
        "为 VS Code、Cursor、Neovim、Helix、Zed 或任何 LSP 客户端运行 Profile Memory 语言服务器。"
        "除非给出 --tcp，否则通过 stdio 通信。"
    ),
    "speak over stdin/stdout (the default)": "通过 stdin/stdout 通信（默认）",
    "listen on a TCP port instead (for debugging)": "改为监听一个 TCP 端口（用于调试）",
    "write logs to this file instead of stderr": "把日志写入这个文件，而不是 stderr",
    "log debug messages": "记录调试信息",
    "Run the Profile Memory MCP server over stdio: Cherry Studio's `memory` tool, recall, search, "
    "trace, check, propose, and profile writes that a person approves. Needs the extra: pip "
    "install 'profile-memory[mcp]'.": (
        "通过 stdio 运行 Profile Memory MCP 服务器：Cherry Studio 的 `memory` 工具、"
        "recall、search、trace、check、propose，以及经本人同意的画像写入。"
        "需要额外依赖：pip install 'profile-memory[mcp]'。"
    ),
    "the project (default: the one the current folder is in)": "项目（默认：当前文件夹所在的项目）",
    "write profile changes at once, relying on the client's own approval of tool calls (else the "
    "person is asked, or the change waits in the pending file)": (
        "立即写入画像改动，信任客户端自己对工具调用的批准（否则会询问本人，或让改动在待确认文件中等待）"
    ),
    "log debug messages (stderr)": "记录调试信息（stderr）",
    "Print the MCP configuration for a client; with --write, merge it into the project's file "
    "(.vscode/mcp.json, .cursor/mcp.json, .mcp.json), keeping every other server. A project's "
    "file holds no path of this machine: `pmem` by name, the project from ${workspaceFolder} or "
    "the folder the client starts the server in.": (
        "输出某个客户端的 MCP 配置；加 --write 时把它合并进项目的文件（.vscode/mcp.json、"
        ".cursor/mcp.json、.mcp.json），其他服务器都保留。项目的文件里不含本机的路径：按名字调用 "
        "`pmem`，项目取自 ${workspaceFolder} 或客户端启动服务器时所在的文件夹。"
    ),
    "merge into the project's file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json)": (
        "合并进项目的文件（.vscode/mcp.json、.cursor/mcp.json、.mcp.json）"
    ),
    "Cursor: the user-level ~/.cursor/mcp.json instead, with this machine's pmem by path": (
        "Cursor：改用用户级的 ~/.cursor/mcp.json，按路径写入本机的 pmem"
    ),
    "the project (default: the current folder)": "项目（默认：当前文件夹）",
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
