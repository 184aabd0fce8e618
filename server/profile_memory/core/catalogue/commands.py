"""The command line's own texts (`pmem --help`, each command's `--help`) in English and Chinese,
by command path and option: `cli.build_parser` puts them on the parsers in the person's language
(docs/format.md, "Interface language"). argparse's own texts (`usage:`, its errors) are in
`core/help_zh.py`."""

from __future__ import annotations

# What `pmem --help` (or `pmem journal --help`) says each command is for, by the command's path.
COMMANDS: dict[str, tuple[str, str]] = {
    "check": (
        "report problems in profiles, logs, pending proposals and agent memory",
        "报告画像、日志、待确认提议和智能体记忆中的问题",
    ),
    "trace": ("trace an anchor id up to its log records", "追溯一个锚点 id 直到它的日志记录"),
    "init": (
        "create the missing profile files from the templates (never overwrites)",
        "按模板创建缺少的画像文件（从不覆盖）",
    ),
    "merge": (
        "git's merge driver for memory files (set up by `pmem init --git`)",
        "记忆文件的 git 合并驱动（由 `pmem init --git` 设置）",
    ),
    "demo": (
        "write an example workspace with deliberate problems, check and trace it",
        "写出一个故意带问题的示例工作区，并检查、追溯它",
    ),
    "propose": (
        "append a proposal to the pending file for the person to confirm",
        "向待确认文件追加一条提议，由本人确认",
    ),
    "add": (
        "record a confirmed new entry and its log record; prints the new id",
        "记录一个已确认的新增条目及其日志记录；输出新 id",
    ),
    "evolve": ("give an entry new wording under the same id", "在同一个 id 下改写条目（演进）"),
    "pivot": (
        "replace an entry with a new one under a new id",
        "用新 id 下的新条目取代一个条目（转向）",
    ),
    "delete": (
        "remove an entry and record its deletion in the log",
        "移除一个条目，并在日志中记录删除",
    ),
    "confirm": (
        "decide pending proposals: confirm, keep both, or discard",
        "处理待确认的提议：确认、两者都保留或放弃",
    ),
    "fix": (
        "rewrite non-canonical forms that agents wrote (PM016, PM018, readable PM004 ids)",
        "改写智能体写下的不规范形式（PM016、PM018、可读的 PM004 id）",
    ),
    "pending": ("list the pending proposals with their line numbers", "列出待确认的提议及其行号"),
    "journal": (
        "the agent journal: append and search JOURNAL.jsonl",
        "智能体日记：追加和搜索 JOURNAL.jsonl",
    ),
    "search": ("search the journals and the log records", "搜索日记和日志记录"),
    "facts": (
        "the agent's durable facts: show or update FACT.md",
        "智能体的长期事实：查看或更新 FACT.md",
    ),
    "recall": (
        "print the context block an agent reads at the start of a session",
        "输出智能体在会话开始时读取的上下文块",
    ),
    "serve": ("run the language server (stdio by default)", "运行语言服务器（默认使用 stdio）"),
    "mcp": (
        "run the MCP server for agents (stdio), or print its client configuration",
        "为智能体运行 MCP 服务器（stdio），或输出它的客户端配置",
    ),
    "journal append": ("append one entry (locked, fsynced)", "追加一条记录（加锁并 fsync）"),
    "journal search": (
        "entries whose text contains QUERY, newest first",
        "文本包含 QUERY 的记录，最新的在前",
    ),
    "facts update": ("replace FACT.md atomically", "原子地替换 FACT.md"),
    "facts show": ("print FACT.md", "输出 FACT.md"),
    "facts history": (
        "FACT.md's kept versions, newest first",
        "FACT.md 保留的各个版本，最新的在前",
    ),
    "facts diff": (
        "a unified diff from a kept version to FACT.md",
        "从某个保留版本到 FACT.md 的统一差异",
    ),
    "facts restore": ("replace FACT.md with a kept version", "用一个保留版本替换 FACT.md"),
    "mcp config": (
        "print the configuration that starts `pmem mcp` from a client",
        "输出让客户端启动 `pmem mcp` 的配置",
    ),
}

# What a command's own `--help` says it does (`pmem`: the whole command line).
ABOUT: dict[str, tuple[str, str]] = {
    "pmem": (
        "Check, trace and safely edit the memory files of AI coding agents.",
        "检查、追溯并安全地编辑 AI 编程智能体的记忆文件。",
    ),
    "check": (
        "Check memory files. With no PATH: the user profile folder, ./.cursor/profile and "
        "./memory of the project.",
        "检查记忆文件。不给 PATH 时：检查用户画像文件夹、项目的 ./.cursor/profile 和 ./memory。",
    ),
    "trace": (
        "Show where an id's entry is, its state, its latest record in full and one line per "
        "earlier record.",
        "显示一个 id 的条目在哪里、它的状态、完整的最近一条记录，以及更早的每条记录各一行。",
    ),
    "init": (
        "Create missing files from the templates; existing files, even empty ones, are kept. "
        "With no scope flag, both the user and the project profile pairs.",
        "按模板创建缺少的文件；已有的文件（即使是空的）都会保留。不给范围选项时，创建个人和项目"
        "两套画像文件。",
    ),
    "merge": (
        "Merge three versions of a memory file entry by entry into OURS; exit 0 when clean, 1 "
        "when a conflict remains.",
        "把一个记忆文件的三个版本逐条合并到 OURS；没有冲突时退出码 0，仍有冲突时为 1。",
    ),
    "demo": (
        "Write a bundled example workspace into DIR (default: a new temporary folder), run "
        "`check` and one `trace` on it, and say how to open it in an editor.",
        "把自带的示例工作区写入 DIR（默认：新的临时文件夹），对它运行 `check` 和一次 `trace`，并"
        "说明如何在编辑器中打开它。",
    ),
    "propose": (
        "Append a proposal to the pending file for the person to confirm.",
        "向待确认文件追加一条提议，由本人确认。",
    ),
    "add": (
        "Record a confirmed new entry and its log record; prints the new id.",
        "记录一个已确认的新增条目及其日志记录；输出新 id。",
    ),
    "evolve": ("Give an entry new wording under the same id.", "在同一个 id 下改写条目（演进）。"),
    "pivot": (
        "Replace an entry with a new one under a new id.",
        "用新 id 下的新条目取代一个条目（转向）。",
    ),
    "delete": (
        "Remove an entry and record its deletion in the log.",
        "移除一个条目，并在日志中记录删除。",
    ),
    "confirm": (
        "Decide pending proposals: confirm, keep both, or discard.",
        "处理待确认的提议：确认、两者都保留或放弃。",
    ),
    "fix": (
        "Rewrite non-canonical forms that agents wrote (PM016, PM018, readable PM004 ids).",
        "改写智能体写下的不规范形式（PM016、PM018、可读的 PM004 id）。",
    ),
    "pending": (
        "List the proposals of the pending file, each with the line number that `pmem confirm "
        "--line N` takes.",
        "列出待确认文件中的提议，每条带上 `pmem confirm --line N` 所用的行号。",
    ),
    "journal append": (
        "Append one entry to memory/JOURNAL.jsonl.",
        "向 memory/JOURNAL.jsonl 追加一条记录。",
    ),
    "journal search": (
        "Search journal entries: QUERY is a case-insensitive substring of the text, --tag a "
        "whole tag; both must hold; newest first.",
        "搜索日记记录：QUERY 是文本中的子串（不区分大小写），--tag 是完整的标签；两者都须满足；"
        "最新的在前。",
    ),
    "search": (
        "Search journal entries and log records (heading and field values).",
        "搜索日记记录和日志记录（标题和字段值）。",
    ),
    "facts update": (
        "Replace memory/FACT.md whole and atomically with FILE (or stdin).",
        "用 FILE（或标准输入）整体、原子地替换 memory/FACT.md。",
    ),
    "facts show": ("Print memory/FACT.md.", "输出 memory/FACT.md。"),
    "facts history": (
        "List the versions of FACT.md kept before each replacement, newest first: rev, when it "
        "was replaced, by what, and the lines the replacement added and removed.",
        "列出每次替换前保留的 FACT.md 版本，最新的在前：rev、替换时间、由谁替换，以及这次替换增"
        "删的行数。",
    ),
    "facts diff": (
        "A unified diff from the kept version REV (default: the newest) to the current FACT.md.",
        "从保留版本 REV（默认：最新的）到当前 FACT.md 的统一差异。",
    ),
    "facts restore": (
        "Replace FACT.md atomically with the kept version REV; the version it replaces is kept "
        "in turn.",
        "用保留版本 REV 原子地替换 FACT.md；被替换的版本也会保留下来。",
    ),
    "recall": (
        "Print the user and project profiles, SOUL.md, USER.md and FACT.md as one context block "
        "(empty files omitted).",
        "把个人画像、项目画像、SOUL.md、USER.md 和 FACT.md 输出为一个上下文块（空文件略去）。",
    ),
    "serve": (
        "Run the Profile Memory language server for VS Code, Cursor, Neovim, Helix, Zed or any "
        "LSP client. It speaks over stdio unless --tcp is given.",
        "为 VS Code、Cursor、Neovim、Helix、Zed 或任何 LSP 客户端运行 Profile Memory 语言服务器"
        "。除非给出 --tcp，否则通过 stdio 通信。",
    ),
    "mcp": (
        "Run the Profile Memory MCP server over stdio: Cherry Studio's `memory` tool, recall, "
        "search, trace, check, propose, and profile writes that a person approves. Needs the "
        "extra: pip install 'profile-memory[mcp]'.",
        "通过 stdio 运行 Profile Memory MCP 服务器：Cherry Studio 的 `memory` 工具、recall、sear"
        "ch、trace、check、propose，以及经本人同意的画像写入。需要额外依赖：pip install 'profile"
        "-memory[mcp]'。",
    ),
    "mcp config": (
        "Print the MCP configuration for a client; with --write, merge it into the project's "
        "file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json), keeping every other server. A "
        "project's file holds no path of this machine: `pmem` by name, the project from "
        "${workspaceFolder} or the folder the client starts the server in.",
        "输出某个客户端的 MCP 配置；加 --write 时把它合并进项目的文件（.vscode/mcp.json、.cursor"
        "/mcp.json、.mcp.json），其他服务器都保留。项目的文件里不含本机的路径：按名字调用 `pmem`"
        "，项目取自 ${workspaceFolder} 或客户端启动服务器时所在的文件夹。",
    ),
}

# What an option or argument is, found by the first of: the command's path and the option's first
# long flag (or the argument's name), `writes` and the flag for an option of every write command
# (`cli/writes.py`), the flag alone for an option several families share (`cli/common.py`). An
# option found nowhere shows no help.
OPTIONS: dict[str, tuple[str, str]] = {
    "--version": ("show program's version number and exit", "显示程序的版本号并退出"),
    "check paths": ("files or folders to check", "要检查的文件或文件夹"),
    "check --select": (
        "only these codes (comma-separated; prefixes allowed)",
        "只看这些代码（逗号分隔；可用前缀）",
    ),
    "check --ignore": (
        "not these codes (comma-separated; prefixes allowed)",
        "不看这些代码（逗号分隔；可用前缀）",
    ),
    "check --severity": (
        "change a code's severity: error, warning, information, hint or off (repeatable)",
        "修改某个代码的严重级别：error、warning、information、hint 或 off（可重复）",
    ),
    "--user-dir": (
        "the user profile folder (default: $PMEM_USER_DIR, then ~/.cursor/profile)",
        "用户画像文件夹（默认：$PMEM_USER_DIR，其次 ~/.cursor/profile）",
    ),
    "trace id": ("an anchor id, PF-YYYYMMDD-NN", "一个锚点 id，PF-YYYYMMDD-NN"),
    "trace --all": ("print every record in full", "完整输出每一条记录"),
    "trace --json": ("print JSON", "输出 JSON"),
    "init --user": ("the user profile pair", "个人画像及其日志"),
    "init --project": (
        "the project profile pair in ./.cursor/profile",
        "./.cursor/profile 中的项目画像及其日志",
    ),
    "init --memory": (
        "an agent memory folder DIR/memory (FACT.md, JOURNAL.jsonl)",
        "智能体记忆文件夹 DIR/memory（FACT.md、JOURNAL.jsonl）",
    ),
    "init --lang": (
        "template language (default: the `language` setting, zh)",
        "模板语言（默认：`language` 设置，zh）",
    ),
    "init --git": (
        "set this git clone up to merge memory files with `pmem merge` (.gitattributes, git "
        "config); alone, creates no profile files",
        "设置这个 git 仓库用 `pmem merge` 合并记忆文件（.gitattributes、git config）；单独使用时"
        "不创建画像文件",
    ),
    "merge path": ("the file's path in the repository", "文件在仓库中的路径"),
    "demo dir": ("a new or empty folder", "一个新的或空的文件夹"),
    "pending --json": ("print the proposals as JSON", "以 JSON 输出这些提议"),
    "writes --json": ("print the ids and files changed as JSON", "以 JSON 输出改动的 id 和文件"),
    "--allow-secret": (
        "write even text that looks like a secret (an API key, a token, a password)",
        "即使文本看起来像机密（API 密钥、令牌、密码）也照样写入",
    ),
    "propose text": ("the entry (NEW for an evolve or pivot)", "条目的文本（演进或转向时为 NEW）"),
    "propose --old": (
        "the current text of the entry (evolve, pivot)",
        "条目现在的文本（演进、转向）",
    ),
    "writes --context": ("原始上下文 / Context: the person's words", "原始上下文：本人的原话"),
    "writes --source": ("来源对话 / Source: the conversation", "来源对话：出自哪段对话"),
    "confirm pending": ("the pending file (default: the project's)", "待确认文件（默认：项目的）"),
    "confirm --all": ("every proposal, in order", "所有提议，按顺序"),
    "confirm --line": ("the proposal on line N", "第 N 行的提议"),
    "confirm --keep-both": (
        "for an evolve or pivot: add NEW as a new entry",
        "用于演进或转向：把 NEW 作为新条目新增",
    ),
    "confirm --discard": ("drop the proposals without recording them", "放弃这些提议，不做记录"),
    "fix paths": (
        "files or folders (default: the profile folders)",
        "文件或文件夹（默认：画像文件夹）",
    ),
    "pending pending": ("the pending file (default: the project's)", "待确认文件（默认：项目的）"),
    "journal append --tag": ("a tag (repeatable)", "一个标签（可重复）"),
    "--dir": (
        "the memory folder (default: ./memory of the project)",
        "记忆文件夹（默认：项目的 ./memory）",
    ),
    "journal search --limit": ("the last N matches (default 20)", "最近的 N 条匹配（默认 20）"),
    "journal search --json": (
        "the entries as Cherry writes them, plus path and line",
        "按 Cherry 写入的样子输出记录，外加路径和行号",
    ),
    "journal search --dir": (
        "the memory folder (default: ./memory, then the configured ones)",
        "记忆文件夹（默认：./memory，其次是配置的文件夹）",
    ),
    "facts update file": (
        "the new content (default or -: standard input)",
        "新内容（默认或 -：标准输入）",
    ),
    "--if-match": (
        "refuse (exit 1) unless FACT.md still has this sha256",
        "除非 FACT.md 的 sha256 仍是这个值，否则拒绝（退出码 1）",
    ),
    "facts show --json": ("path, sha256 and content as JSON", "以 JSON 输出路径、sha256 和内容"),
    "facts show --reveal": (
        "print secrets as they are (masked by default)",
        "原样输出机密（默认遮盖）",
    ),
    "facts show --rev": (
        "a kept version's exact bytes (`pmem facts history`)",
        "某个保留版本的原始字节（见 `pmem facts history`）",
    ),
    "facts history --json": (
        "[{rev, ts, sha256, bytes, added, removed, by}]",
        "以 JSON 输出 [{rev, ts, sha256, bytes, added, removed, by}]",
    ),
    "recall --budget": (
        "print what each block costs (≈ tokens) against recallTokenBudget, not the block",
        "不输出内容，而是输出每个块的开销（≈ token 数），并与 recallTokenBudget 对比",
    ),
    "serve --stdio": ("speak over stdin/stdout (the default)", "通过 stdin/stdout 通信（默认）"),
    "serve --tcp": (
        "listen on a TCP port instead (for debugging)",
        "改为监听一个 TCP 端口（用于调试）",
    ),
    "serve --log-file": (
        "write logs to this file instead of stderr",
        "把日志写入这个文件，而不是 stderr",
    ),
    "serve --verbose": ("log debug messages", "记录调试信息"),
    "mcp --project": (
        "the project (default: the one the current folder is in)",
        "项目（默认：当前文件夹所在的项目）",
    ),
    "mcp --trust-client-approval": (
        "write profile changes at once, relying on the client's own approval of tool calls "
        "(else the person is asked, or the change waits in the pending file)",
        "立即写入画像改动，信任客户端自己对工具调用的批准（否则会询问本人，或让改动在待确认文件"
        "中等待）",
    ),
    "mcp --verbose": ("log debug messages (stderr)", "记录调试信息（stderr）"),
    "mcp config --write": (
        "merge into the project's file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json)",
        "合并进项目的文件（.vscode/mcp.json、.cursor/mcp.json、.mcp.json）",
    ),
    "mcp config --user": (
        "Cursor: the user-level ~/.cursor/mcp.json instead, with this machine's pmem by path",
        "Cursor：改用用户级的 ~/.cursor/mcp.json，按路径写入本机的 pmem",
    ),
    "mcp config --project": (
        "the project (default: the current folder)",
        "项目（默认：当前文件夹）",
    ),
}
