"""What the CLI, `pmem mcp` and the writes they share say: `pmem`'s errors, notes and output,
`pmem trace`, `pmem mcp config`, what a write did or refused, what the store refuses and what a
person is asked."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # The CLI (cli/) and settings (core/config.py)
    # `pmem trace`'s text (core/trace.py); {where} is a path:line, {state} a trace.state.* word
    "trace.head": (
        "{id} · {state} · {pair} pair in {folder}",
        "{id} · {state} · {folder} 中的 {pair} 文件组",
    ),
    "trace.state.live": ("live", "生效中"),
    "trace.state.deleted": ("deleted", "已删除"),
    "trace.state.retired": ("retired", "已停用"),
    "trace.state.unrecorded": ("unrecorded", "无记录"),
    "trace.entry": ("entry: {where}: {text}", "条目：{where}：{text}"),
    "trace.no_entry": ("entry: none in {where}", "条目：{where} 中没有"),
    "trace.no_records": ("records: none in {where}", "记录：{where} 中没有"),
    "trace.latest": ("latest record: {where}", "最近的记录：{where}"),
    "trace.earlier": ("earlier records ({count}):", "更早的记录（{count} 条）："),
    "trace.record": ("record: {where}", "记录：{where}"),
    "trace.retired_by": ("retired by: {id} ({where})", "已被 {id} 取代（{where}）"),
    "trace.pending": ("pending: {where}: {change}", "待确认：{where}：{change}"),
    "trace.missing": ("{name} (missing)", "{name}（不存在）"),
    "cli.warning": ("pmem: warning: {message}", "pmem：警告：{message}"),
    "cli.unknown_code": ("{flag}: unknown diagnostic code {code}", "{flag}：未知的诊断代码 {code}"),
    "cli.bad_level": (
        "--severity {value}: LEVEL must be error, warning, information, hint or off",
        "--severity {value}：LEVEL 须为 error、warning、information、hint 或 off",
    ),
    "cli.no_such_file": ("{path}: no such file or folder", "{path}：没有这个文件或文件夹"),
    "cli.not_memory_file": (
        "{path}: not a memory file (expected a profile, log, pending, FACT.md or JOURNAL.jsonl)",
        "{path}：不是记忆文件（应为画像、日志、待确认提议、FACT.md 或 JOURNAL.jsonl）",
    ),
    "cli.cannot_read": ("{path}: cannot read: {why}", "{path}：无法读取：{why}"),
    "cli.invalid_id": (
        "{id} is not a valid anchor id: {problem}",
        "{id} 不是有效的锚点 id：{problem}",
    ),
    "cli.unknown_id": (
        "{id} is not in any profile or log of {places}",
        "{places} 的画像和日志中都没有 {id}",
    ),
    "cli.old_required": (
        "--old is required for an evolve or a pivot",
        "演进或转向需要 --old",
    ),
    "cli.choose_proposals": (
        "choose the proposals: --all or --line N",
        "请选择要处理的提议：--all 或 --line N",
    ),
    # What `pmem`'s commands say (cli/, front.py): errors and notes on stderr, then their output
    "cli.note": ("pmem: note: {message}", "pmem：注意：{message}"),
    "cli.read_as": ("pmem: {text} is read as {meant}", "pmem：{text} 按 {meant} 读取"),
    "cli.not_positive": (
        "must be a positive whole number, not {value}",
        "须为正整数，而不是 {value}",
    ),
    "cli.run_again": ("{error}; run it again", "{error}；请再运行一次"),
    "cli.not_pending_file": (
        "{path}: not a pending file (expected profile-pending.md)",
        "{path}：不是待确认文件（应为 profile-pending.md）",
    ),
    "cli.outside_folders": (
        "{path}: outside the profile folders ({folders})",
        "{path}：不在画像文件夹内（{folders}）",
    ),
    "cli.fix_outside_folders": (
        "{path}: outside the profile folders ({folders}); pmem writes only there (pass "
        "--user-dir, or run it in the project)",
        "{path}：不在画像文件夹内（{folders}）；pmem 只写那里（请给出 --user-dir，或在项目里运行）",
    ),
    "cli.no_proposal": ("{path}:{line} is no proposal", "{path} 第 {line} 行不是提议"),
    "cli.no_fact": ("{path}: no FACT.md yet", "{path}：还没有 FACT.md"),
    "cli.no_fact_version": ("no kept version of FACT.md yet", "FACT.md 还没有保留的版本"),
    "cli.not_a_folder": ("--project {project}: not a folder", "--project {project}：不是文件夹"),
    "cli.needs_mcp_sdk": (
        "pmem mcp needs the MCP SDK: pip install 'profile-memory[mcp]' (or pip install mcp)",
        "pmem mcp 需要 MCP SDK：`pip install 'profile-memory[mcp]'`（或 `pip install mcp`）",
    ),
    "cli.not_on_path": (
        "pmem is not on PATH: a client that starts `pmem` by name will not find it. Install it "
        "where every program finds it (pipx install 'profile-memory[mcp]'), or put this "
        "machine's path in your own settings with --user (Cursor)",
        "PATH 中没有 pmem：按名字启动 `pmem` 的客户端会找不到它。请把它装在所有程序都能找到的"
        "地方（`pipx install 'profile-memory[mcp]'`），或用 --user 把本机的路径写进你自己的设置"
        "（Cursor）",
    ),
    "cli.cherry_write": (
        "--write: Cherry Studio keeps its servers in its own settings; paste the printed "
        "configuration there (Settings → MCP Servers → Import from JSON)",
        "--write：Cherry Studio 把服务器保存在它自己的设置里；请把输出的配置粘贴到那里"
        "（设置 → MCP 服务器 → 从 JSON 导入）",
    ),
    "cli.expected_host_port": ("--tcp {tcp}: expected HOST:PORT", "--tcp {tcp}：应为 `HOST:PORT`"),
    "cli.demo_not_empty": (
        "{path}: already exists and is not an empty folder; name a new folder",
        "{path}：已存在且不是空文件夹；请指定一个新文件夹",
    ),
    "cli.merge_conflicts": (
        "pmem merge: {path}: {count} conflict(s) left in markers; `pmem check` lists them",
        "pmem merge：{path}：还有 {count} 处冲突留在冲突标记中；`pmem check` 会列出它们",
    ),
    "cli.malformed_skipped": (
        "{count} malformed journal line skipped",
        "跳过了 {count} 行格式有误的日记",
    ),
    "cli.malformed_skipped.many": (
        "{count} malformed journal lines skipped",
        "跳过了 {count} 行格式有误的日记",
    ),
    "cli.evolved": ("evolved {id}", "已演进 {id}"),
    "cli.pivoted": ("{new} replaces {id}", "{new} 已取代 {id}（转向）"),
    "cli.deleted": ("deleted {id}", "已删除 {id}"),
    "cli.proposed": ("proposed in {path}", "已提议到 {path}"),
    "cli.fixed": (
        "{path}: {count} line rewritten in canonical form",
        "{path}：{count} 行已改写为规范形式",
    ),
    "cli.fixed.many": (
        "{path}: {count} lines rewritten in canonical form",
        "{path}：{count} 行已改写为规范形式",
    ),
    "cli.nothing_to_fix": (
        "nothing to fix: every form is canonical",
        "无需修正：所有写法都已规范",
    ),
    "cli.lines": ("{first}\n{rest}", "{first}\n{rest}"),
    "cli.nothing_pending": ("nothing pending in {path}", "{path} 中没有待确认的提议"),
    "cli.decide_hint": (
        "decide one with `pmem confirm --line N` (or --keep-both, --discard); its line numbers "
        "stay valid",
        "用 `pmem confirm --line N`（或 --keep-both、--discard）处理其中一条；这些行号仍然有效",
    ),
    "cli.facts_updated": ("updated {path} (sha256 {sha256})", "已更新 {path}（sha256 {sha256}）"),
    "cli.facts_restored": (
        "restored {path} to {rev} (sha256 {sha256})",
        "已将 {path} 恢复为 {rev}（sha256 {sha256}）",
    ),
    "cli.appended": ("appended to {path} at {ts}", "已追加到 {path}，时间 {ts}"),
    "cli.mcp_added_user": (
        "added `{name}` to {path} (this machine's pmem, by path)",
        "已将 `{name}` 加入 {path}（本机的 pmem，按路径）",
    ),
    "cli.mcp_added": ("added `{name}` to {path}", "已将 `{name}` 加入 {path}"),
    "cli.goes_in_user": (
        "# goes in: {path} (yours: this machine's paths)",
        "# 写入：{path}（只属于你：本机的路径）",
    ),
    "cli.goes_in": ("# goes in: {path}", "# 写入：{path}"),
    "cli.created": ("created {path}", "已创建 {path}"),
    "cli.kept": ("kept    {path}", "已保留 {path}"),
    "cli.git_added": ("added   .gitattributes: {line}", "已添加 .gitattributes：{line}"),
    "cli.git_kept": ("kept    .gitattributes", "已保留 .gitattributes"),
    "cli.git_set": ("set     git config merge.pmem.driver", "已设置 git config merge.pmem.driver"),
    "cli.git_driver_kept": (
        "kept    git config merge.pmem.driver",
        "已保留 git config merge.pmem.driver",
    ),
    "cli.budget_total": (
        "total            ≈{total:>7,}  of a budget of {budget:,}",
        "合计             ≈{total:>7,}  预算 {budget:,}",
    ),
    "cli.over_budget": ("{line} — over the budget", "{line}——超出预算"),
    "cli.demo_wrote": ("Wrote an example workspace to {path}:", "已把示例工作区写入 {path}："),
    "cli.demo_user": (
        "  user profile set:    {path}  (user-profile.md + user-profile-log.md)",
        "  个人画像：           {path}（user-profile.md + user-profile-log.md）",
    ),
    "cli.demo_project": (
        "  project profile set: {path}  (project-profile.md, its log, profile-pending.md)",
        "  项目画像：           {path}（project-profile.md、它的日志、profile-pending.md）",
    ),
    "cli.demo_memory": (
        "  agent memory:        {path}  (FACT.md, JOURNAL.jsonl)",
        "  智能体记忆：         {path}（FACT.md、JOURNAL.jsonl）",
    ),
    "cli.demo_open": (
        "Open it in an editor with the Profile Memory extension installed:",
        "在装有 Profile Memory 扩展的编辑器中打开它：",
    ),
    "cli.demo_code": (
        "  code {path}      (or: cursor {path})",
        "  code {path}      （或：cursor {path}）",
    ),
    "cli.demo_setting": (
        'and set "profileMemory.userProfileDir": "{dir}" in the workspace settings.',
        '并在工作区设置中设定 `"profileMemory.userProfileDir": "{dir}"`。',
    ),
    # `pmem mcp config` (mcp_config.py): where a configuration goes, what it refuses
    "mcpconfig.user_only": (
        "--user writes Cursor's ~/.cursor/mcp.json only, not {client}'s",
        "--user 只写 Cursor 的 ~/.cursor/mcp.json，不写 {client} 的",
    ),
    "mcpconfig.symlink": (
        "{path}: is a symbolic link; it is not written",
        "{path}：是符号链接；不会写入",
    ),
    "mcpconfig.not_json": (
        "{path}: cannot read it as JSON ({error}); it is left as it is",
        "{path}：无法按 JSON 读取（{error}）；保持原样",
    ),
    "mcpconfig.not_object": (
        "{path}: not an object with `{key}`; it is left as it is",
        "{path}：不是带 `{key}` 的对象；保持原样",
    ),
    "mcpconfig.project_file": (
        "{path} (commit it: it holds no path of this machine)",
        "{path}（可以提交：里面没有本机的路径）",
    ),
    "mcpconfig.or_run": (
        "{found}; or run, in the project:\n{command}",
        "{found}；或在项目中运行：\n{command}",
    ),
    "mcpconfig.cherry": (
        "Cherry Studio: Settings → MCP Servers → Add → Import from JSON (Cherry's settings are "
        "yours, not the project's: this machine's paths are fine there)\n{note}",
        "Cherry Studio：设置 → MCP 服务器 → 添加 → 从 JSON 导入（Cherry 的设置属于你，"
        "不属于项目：那里可以写本机的路径）\n{note}",
    ),
    "mcpconfig.cherry_cannot_ask": (
        "Cherry Studio cannot ask the person (it has no MCP elicitation): from Cherry, "
        "profile_add, profile_evolve and profile_pivot wait in the pending file for you to "
        "confirm in the editor or with `pmem confirm`, and every profile_delete or confirm answers "
        "`not_written`. To let Cherry's own approval be the yes instead, turn on Cherry's approval "
        "of this server's tool calls (every destructive tool: memory, profile_*, confirm), then "
        "use the configuration printed by `pmem mcp config --client cherry "
        "--trust-client-approval`: each change you approve in Cherry is then written at once, "
        "with no second question.",
        "Cherry Studio 无法询问本人（它不支持 MCP elicitation）：从 Cherry 发出的 profile_add、"
        "profile_evolve 和 profile_pivot 会在待确认文件中等待你在编辑器里或用 `pmem confirm` 确认，"
        "每个 profile_delete 或 confirm 都会回答 `not_written`。若想让 Cherry 自己的批准算作同意，"
        "请在 Cherry 中开启对这个服务器工具调用的批准"
        "（所有破坏性工具：memory、profile_*、confirm），"
        "再使用 `pmem mcp config --client cherry --trust-client-approval` 输出的配置："
        "你在 Cherry 中批准的每处改动都会立即写入，不再二次询问。",
    ),
    "mcpconfig.cherry_trusted": (
        "This configuration trusts Cherry Studio's approval (--trust-client-approval): every "
        "profile change Cherry sends is written at once. Turn on Cherry's approval of this "
        "server's tool calls (every destructive tool: memory, profile_*, confirm), so that you "
        "approve each one; without it, an agent changes your profile with nobody asked.",
        "这份配置信任 Cherry Studio 的批准（--trust-client-approval）：Cherry 发来的每处画像改动"
        "都会立即写入。请在 Cherry 中开启对这个服务器工具调用的批准（所有破坏性工具：memory、"
        "profile_*、confirm），这样每一处都由你批准；否则智能体会在无人询问的情况下修改你的画像。",
    ),
    "check.summary": ("{counts} in {files}", "{files}中：{counts}"),
    "count.error": ("{n} error", "{n} 个错误"),
    "count.errors": ("{n} errors", "{n} 个错误"),
    "count.warning": ("{n} warning", "{n} 个警告"),
    "count.warnings": ("{n} warnings", "{n} 个警告"),
    "count.information": ("{n} information", "{n} 条信息"),
    "count.hint": ("{n} hint", "{n} 个提示"),
    "count.hints": ("{n} hints", "{n} 个提示"),
    "count.file": ("{n} file", "{n} 个文件"),
    "count.files": ("{n} files", "{n} 个文件"),
    "config.bad_today": (
        "PMEM_TODAY={value} is not a date YYYY-MM-DD",
        "PMEM_TODAY={value} 不是 YYYY-MM-DD 格式的日期",
    ),
    "view.no_record": ("No log record of this id.", "日志里没有这个 id 的记录。"),
    "view.record": ("## {date} · {op} · {id}", "## {date} · {op} · {id}"),
    "config.problem": ("setting `{key}`: {message}", "设置 `{key}`：{message}"),
    "config.problem.at": (
        "{source}: setting `{key}`: {message}",
        "{source}：设置 `{key}`：{message}",
    ),
    "config.unknown": ("unknown setting, ignored", "未知的设置，已忽略"),
    "config.whole": (
        "expected a whole number of at least {minimum}",
        "应为不小于 {minimum} 的整数",
    ),
    "config.string": ("expected a string", "应为字符串"),
    "config.strings": ("expected a list of strings", "应为字符串列表"),
    "config.one_of": ("expected {choices} or {last}", "应为 {choices} 或 {last}"),
    "config.toml": ("{source}: not valid TOML: {error}", "{source}：不是有效的 TOML：{error}"),
    "config.unknown_code": ("unknown diagnostic code, ignored", "未知的诊断代码，已忽略"),
    "config.level": (
        "{level} is not one of error, warning, information, hint, off",
        "{level} 不是 error、warning、information、hint、off 之一",
    ),
    "config.positive": ("{value} is not a positive whole number", "{value} 不是正整数"),
    "config.table": ("must be a table of {shape}", "必须是 {shape} 形式的表"),
    "config.outside": (
        "{folder} lies outside the project {root}; the default is used",
        "{folder} 位于项目 {root} 之外；已使用默认值",
    ),
    "config.invalid": (
        "{value} is invalid ({why}); the default is used",
        "{value} 无效（{why}）；已使用默认值",
    ),
    # What writes say they did (core/plans/) and the editor shows (lsp/)
    "what.entry_text": ("the entry text", "条目文本"),
    "what.context": ("the context", "上下文"),
    "what.source": ("the source", "来源"),
    "what.category": ("the category", "分类"),
    "what.proposal_text": ("the proposal's text", "提议的文本"),
    "what.old": ("OLD", "OLD 原文"),
    "plan.control_char": (
        "{what} contains the control character U+{code} at character {index}; write plain text",
        "{what}在第 {index} 个字符处含有控制字符 U+{code}；请写纯文本",
    ),
    "plan.too_long": (
        "{what} is {count:,} characters, over the limit of {limit:,}",
        "{what}有 {count:,} 个字符，超过上限 {limit:,}",
    ),
    "plan.empty": ("{what} is empty", "{what}为空"),
    "plan.anchor_in_text": (
        "{what} carries an anchor comment {comment}; ids are given by pmem, write the text alone",
        "{what}带有锚点注释 {comment}；id 由 pmem 分配，请只写文本",
    ),
    "plan.comment_mark": (
        "{what} contains `{mark}`, which would end or open a comment in the profile",
        "{what}含有 `{mark}`，它会在画像中结束或开启一段注释",
    ),
    "plan.category_bracket": (
        "the category `{category}` contains a bracket, which would break `[KIND][CATEGORY]`",
        "分类 `{category}` 含有方括号，会破坏 `[KIND][CATEGORY]`",
    ),
    "plan.shared_id": (
        "{id} is carried by {count} entries ({where}): which one is meant cannot be decided, so "
        "nothing was written; give one of them a new id first (the quick fix of PM002, or by hand "
        "with its own add record), then retry",
        "{id} 由 {count} 个条目共用（{where}）：无法确定指的是哪一个，所以什么都没有写入；"
        "请先给其中一个条目换一个新 id（用 PM002 的快速修复，或手动换 id 并为它写一条新增记录），"
        "再重试",
    ),
    "plan.no_entry": ("{id} is no entry of {name}", "{name} 中没有 {id} 这个条目"),
    "plan.already_has_id": (
        "{name}:{line} is no unconfirmed entry: it already carries an id",
        "{name} 第 {line} 行不是未确认的条目：它已经有 id 了",
    ),
    "plan.same_text": (
        "{id} already reads `{text}`: nothing to evolve",
        "{id} 已经是 `{text}`：无需演进",
    ),
    "plan.not_deleted": ("{id} is not deleted or retired", "{id} 没有被删除或停用"),
    "plan.no_user_folder": ("no user profile folder is known", "不知道用户画像文件夹在哪里"),
    "plan.no_target": (
        "target {target} is no entry of {name}",
        "目标 {target} 不是 {name} 中的条目",
    ),
    "plan.no_old": (
        "no confirmed entry of `{category}` reads `{old}`",
        "`{category}` 下没有内容为 `{old}` 的已确认条目",
    ),
    "plan.no_rewrite": (
        "{name}:{line} has no rewrite in canonical form",
        "{name} 第 {line} 行没有可改写成的规范形式",
    ),
    "plan.token_unclear": (
        "the token does not plainly mean one id",
        "这个标记不能明确对应一个 id",
    ),
    "plan.no_secret": (
        "{name}:{line}: no secret there any more",
        "{name} 第 {line} 行：那里已经没有机密了",
    ),
    "plan.not_entry_line": ("{name}:{line} is no entry", "{name} 第 {line} 行不是条目"),
    "plan.no_record": ("{id} has no record", "{id} 没有记录"),
    "plan.not_record_line": (
        "{name}:{line} is no record with an id",
        "{name} 第 {line} 行不是带 id 的记录",
    ),
    "plan.no_operation": (
        "the record on line {line} has no operation",
        "第 {line} 行的记录没有操作",
    ),
    "plan.no_category": ("no category `{old}` in {name}", "{name} 中没有分类 `{old}`"),
    "plan.category_exists": (
        "`{new}` is already a category; merge instead",
        "`{new}` 已经是一个分类；请改用合并",
    ),
    "plan.cannot_merge": (
        "cannot merge `{source}` into `{target}`",
        "无法把 `{source}` 合并到 `{target}`",
    ),
    # A secret refused (core/secrets.py): {kind} is the family's English name
    "what.text": ("the text", "文本"),
    "what.journal_text": ("the journal text", "日记文本"),
    "what.tag": ("a tag", "标签"),
    "what.new_fact": ("the new FACT.md", "新的 FACT.md"),
    "what.version": ("version {rev}", "版本 {rev}"),
    "recall.unread": (
        "{path}: {reason}; its block is left out",
        "{path}：{reason}；它的块没有放进来",
    ),
    # git and FACT.md's versions (store/gitsync.py, store/fact_history.py), a search's limit
    "git.cannot_run": ("cannot run git: {error}", "无法运行 git：{error}"),
    "git.not_work_tree": (
        "not inside a git work tree (run `pmem init --git` in the repository)",
        "不在 git 工作树中（请在仓库里运行 `pmem init --git`）",
    ),
    "merge.not_memory_file": (
        "{path}: not a memory file pmem merges",
        "{path}：不是 pmem 会合并的记忆文件",
    ),
    "merge.log_not_found": (
        "the log's versions were not found in the commits being merged: the renumbering was read "
        "from the profiles alone; run `pmem check`",
        "在要合并的提交中找不到日志的各个版本：重新编号只根据画像得出；请运行 `pmem check`",
    ),
    "merge.could_not": ("pmem could not merge it ({error})", "pmem 无法合并它（{error}）"),
    "merge.renumbered.ours": (
        "our {old} is now {new}: both sides had given {old} to other entries",
        "我方的 {old} 现在是 {new}：双方都把 {old} 给了别的条目",
    ),
    "merge.renumbered.theirs": (
        "their {old} is now {new}: both sides had given {old} to other entries",
        "对方的 {old} 现在是 {new}：双方都把 {old} 给了别的条目",
    ),
    "fact.unknown_rev": (
        "{folder}: no kept version {rev} (`pmem facts history` lists them)",
        "{folder}：没有保留的版本 {rev}（`pmem facts history` 会列出它们）",
    ),
    # What the store refuses (store/apply.py, store/memory.py)
    "store.the_plan": ("the plan", "这份计划"),
    "store.changed": (
        "{names} changed since the change was planned: nothing was written",
        "{names} 在规划这处改动之后被修改了：没有写入任何内容",
    ),
    "store.changed_why": (
        "{names} changed since the change was planned ({reason}): nothing was written",
        "{names} 在规划这处改动之后被修改了（{reason}）：没有写入任何内容",
    ),
    "store.fact_changed": (
        "{path} changed since it was read (sha256 {digest}…, expected {expected}…)",
        "{path} 在读取之后被改动过（sha256 {digest}…，应为 {expected}…）",
    ),
    "store.journal_empty": ("the journal text is empty", "日记文本是空的"),
    "store.fact_empty": ("the new FACT.md content is empty", "新的 FACT.md 内容是空的"),
    "store.fact_too_big": (
        "the new FACT.md is {size:,} bytes, over maxFileBytes ({limit:,}): nothing was written; "
        "keep durable facts short and log events with append",
        "新的 FACT.md 有 {size:,} 字节，超过 maxFileBytes（{limit:,}）：没有写入任何内容；"
        "长期事实请写得简短，事件请用 append 记入日记",
    ),
    "store.fact_big": (
        "FACT.md is now {size:,} bytes, over factFileMaxBytes ({limit:,}): all of it enters every "
        "prompt; move what will not matter in 6 months to the journal",
        "FACT.md 现在有 {size:,} 字节，超过 factFileMaxBytes（{limit:,}）：它会整个进入每一次提示；"
        "请把 6 个月后不再重要的内容移到日记里",
    ),
    # What writes say they did (core/plans.py) and the editor shows (lsp/)
    "plan.discarded": ("{count} discarded", "已放弃 {count} 条"),
    "plan.confirmed": ("{count} confirmed: {ids}", "已确认 {count} 条：{ids}"),
    "plan.no_confirm": ("nothing to confirm", "没有可确认的提议"),
    "plan.at": ("{where}: {why}", "{where}：{why}"),  # a refusal at a place of a file
    "plan.over_limit": (
        "{where} now has {lines} lines, over its limit of {limit}; merge or remove entries",
        "{where} 现在有 {lines} 行，超过上限 {limit} 行；请合并或删除条目",
    ),
    "lsp.said": ("Profile Memory: {text}", "Profile Memory：{text}"),
    "lsp.not_applied": ("not applied: {why}", "未应用：{why}"),
    "lsp.editor_refused": ("the editor refused the edit", "编辑器拒绝了这次编辑"),
    "lsp.loading": ("Profile Memory: loading memory files", "Profile Memory：正在加载记忆文件"),
    "lsp.loaded_of": ("{count}/{total} files", "{count}/{total} 个文件"),
    # What a person is asked before a compact profile changes (core/questions.py); {scope} is
    # user/project (个人/项目), {proposed} the proposal's kind
    "question.one": ("Profile Memory — may I {change}?", "Profile Memory —— 可以{change}吗？"),
    "question.many": (
        "Profile Memory — may I make these {count} changes?\n{changes}",
        "Profile Memory —— 可以做下面这 {count} 处改动吗？\n{changes}",
    ),
    "question.item": ("{number}. {change}", "{number}. {change}"),
    "question.add": (
        "add {id} to the {scope} profile under `{category}`: {text}",
        "在{scope}画像的 `{category}` 下新增 {id}：{text}",
    ),
    "question.evolve": (
        "evolve {id} in the {scope} profile under `{category}`: {old} → {text}",
        "演进{scope}画像 `{category}` 下的 {id}：{old} → {text}",
    ),
    "question.pivot": (
        "pivot {replaces} in the {scope} profile under `{category}` to {id}: {old} → {text}",
        "将{scope}画像 `{category}` 下的 {replaces} 转向为 {id}：{old} → {text}",
    ),
    "question.delete": (
        "delete {id} from the {scope} profile under `{category}`: {text}",
        "从{scope}画像的 `{category}` 下删除 {id}：{text}",
    ),
    "question.restore": (
        "restore {id} to the {scope} profile under `{category}`: {text}",
        "将 {id} 恢复到{scope}画像的 `{category}` 下：{text}",
    ),
    "question.resume": (
        "finish recording {id} in the {scope} profile under `{category}`: {text}",
        "把{scope}画像 `{category}` 下 {id} 的记录补完：{text}",
    ),
    "question.discard": (
        "discard the proposal to {proposed} under `{category}` in the {scope} profile: {what}",
        "放弃在{scope}画像 `{category}` 下{proposed}的提议：{what}",
    ),
    "question.context": ("{change} (their words: {context})", "{change}（原话：{context}）"),
    "question.approve": ("Write this change to the profile", "将这处改动写入画像"),
    # What the agent memory store refuses (store/memory.py, store/safe.py)
    "store.not_memory": (
        "is not an agent memory folder (its name must be `memory`)",
        "不是智能体记忆文件夹（它的名字必须是 `memory`）",
    ),
    "store.memory_link": (
        "the memory folder is a symbolic link; writes never follow links",
        "记忆文件夹是符号链接；写入从不跟随链接",
    ),
    "store.no_memory": (
        "no such memory folder; create it with `pmem init --memory {parent}`",
        "没有这个记忆文件夹；请用 `pmem init --memory {parent}` 创建它",
    ),
    "store.memory_not_folder": (
        "the memory folder is a symbolic link or not a folder; writes never follow links",
        "记忆文件夹是符号链接或不是文件夹；写入从不跟随链接",
    ),
    "store.ambiguous": (
        "ambiguous: {names} all name the same file",
        "有歧义：{names} 指的都是同一个文件",
    ),
    "store.link": (
        "is a symbolic link; writes never follow links",
        "是符号链接；写入从不跟随链接",
    ),
    "store.not_file": (
        "is not a regular file; writes never follow links",
        "不是普通文件；写入从不跟随链接",
    ),
    "store.not_regular": ("is not a regular file", "不是普通文件"),
    "store.folder_link": (
        "the folder is a symbolic link; writes never follow links",
        "这个文件夹是符号链接；写入从不跟随链接",
    ),
    "store.tags": ("tags must be strings", "标签必须是字符串"),
    # Why a write or read of a file or folder is refused (store/safe.py, store/folder.py,
    # store/disk.py, store/fact_history.py, store/apply.py): the same words on both ways of
    # opening (store/folder.py, "portable")
    "store.exists_not_folder": ("exists and is not a folder", "已存在，但不是文件夹"),
    "store.cannot_open_folder": ("cannot open the folder", "无法打开这个文件夹"),
    "store.cannot_open": ("cannot open", "无法打开"),
    "store.unreadable": ("cannot be read", "无法读取"),
    "store.lock_link": ("the lock file is a symbolic link", "锁文件是符号链接"),
    "store.hard_links": (
        "has {n} hard links; writes are refused so that its other names do not silently diverge "
        "or change",
        "有 {n} 个硬链接；拒绝写入，以免它的其他名字悄悄变得不一致或被改动",
    ),
    "store.not_appended": ("{why}; nothing was appended", "{why}；没有追加任何内容"),
    "store.changed_while_appending": (
        "changed while it was being written; nothing was appended",
        "在写入期间被改动了；没有追加任何内容",
    ),
    "store.link_or_special": (
        "is a symbolic link or not a regular file; writes never follow links",
        "是符号链接或不是普通文件；写入从不跟随链接",
    ),
    "store.became_special": (
        "became a link or special file while it was being written",
        "在写入期间变成了链接或特殊文件",
    ),
    "store.is_link": ("is a symbolic link", "是符号链接"),
    "store.became_link": (
        "became a symbolic link while it was opened",
        "在打开时变成了符号链接",
    ),
    "store.folder_replaced": (
        "the folder was replaced (by a link?) while it was used",
        "这个文件夹在使用期间被替换了（换成了链接？）",
    ),
    "store.not_a_regular_file": ("not a regular file", "不是普通文件"),
    "store.history_link": (
        "is a symbolic link or not a folder; FACT.md versions are never written through links, "
        "so FACT.md is not replaced",
        "是符号链接或不是文件夹；FACT.md 的版本从不通过链接写入，所以没有替换 FACT.md",
    ),
    "store.link_not_read": ("is a symbolic link; it is not read", "是符号链接；不读取它"),
    "store.version_appeared": (
        "a version with this name appeared",
        "出现了一个同名的版本",
    ),
    "store.fact_unchanged": ("{why}; FACT.md is unchanged", "{why}；FACT.md 没有改动"),
    # An OSError whose reason is a catalogue text, as Python writes one (`said`)
    "cli.merge_failed": ("merge {path}: {error}", "合并 {path} 失败：{error}"),
    "os.error": ("[Errno {errno}] {why}", "[错误号 {errno}] {why}"),
    "os.error_at": ("[Errno {errno}] {why}: {path}", "[错误号 {errno}] {why}：{path}"),
    "search.limit": (
        "limit must be a positive whole number, not {value}",
        "limit 必须是正整数，而不是 {value}",
    ),
    # What `pmem mcp`'s writes answer after asking (mcp_server/)
    "mcp.nothing_to_do": ("nothing to do: {outcome}", "无事可做：{outcome}"),
    "mcp.said_no": (
        "the person said no: nothing was written",
        "本人没有同意：没有写入任何内容",
    ),
    "mcp.declined": (
        "the person declined: nothing was written",
        "本人拒绝了：没有写入任何内容",
    ),
    "mcp.cancelled": ("not answered: nothing was written", "没有得到回答：没有写入任何内容"),
    "mcp.done": ("done: {outcome}", "完成：{outcome}"),
    "mcp.changed": (
        "{error} (another session wrote them while the person was asked); call the tool again to "
        "ask about the change as it is now",
        "{error}（询问本人期间，另一个会话写入了它们）；请再次调用该工具，就现在的状态询问这处改动",
    ),
    "mcp.waiting": (
        "waiting for the person at {where} (confirm it in the editor, or `pmem confirm`)",
        "在 {where} 等待本人确认（在编辑器里确认，或用 `pmem confirm`）",
    ),
    "mcp.delete_cannot_wait": (
        "this client cannot ask the person, and a delete cannot wait in the pending file: ask "
        "them to run `pmem delete {id}`, or to delete it in the editor",
        "这个客户端无法询问本人，而删除不能在待确认文件中等待：请本人运行 `pmem delete {id}`，"
        "或在编辑器里删除它",
    ),
    "mcp.confirm_cannot_ask": (
        "this client cannot ask the person: they decide the pending proposals in the editor, or "
        "with `pmem confirm`",
        "这个客户端无法询问本人：待确认的提议由本人在编辑器里或用 `pmem confirm` 处理",
    ),
    "mcp.added": (
        "add {id} to the {scope} profile under `{category}`: {text}",
        "在{scope}画像的 `{category}` 下新增 {id}：{text}",
    ),
    "mcp.evolved": (
        "evolve {id} in the {scope} profile: {old} → {text}",
        "演进{scope}画像中的 {id}：{old} → {text}",
    ),
    "mcp.pivoted": (
        "pivot {id} in the {scope} profile to {new}: {old} → {text}",
        "将{scope}画像中的 {id} 转向为 {new}：{old} → {text}",
    ),
    "mcp.deleted": (
        "delete {id} from the {scope} profile: {old}",
        "从{scope}画像中删除 {id}：{old}",
    ),
    "scope.user": ("user", "个人"),
    "scope.project": ("project", "项目"),
    "mcp.no_memory": ("No memory yet.", "还没有记忆。"),
    "mcp.unknown_id": ("{id} is in no profile or log", "{id} 不在任何画像或日志中"),
    "mcp.same_fact": ("FACT.md is the same as version {rev}.", "FACT.md 与版本 {rev} 相同。"),
    "mcp.no_argument": (
        "{tool} takes no argument `{given}`: {hint}",
        "{tool} 没有参数 `{given}`：{hint}",
    ),
    "mcp.did_you_mean": ("did you mean `{name}`?", "是不是要用 `{name}`？"),
    "mcp.arguments_are": ("the arguments are {names}", "可用的参数有 {names}"),
    "mcp.bad_argument": ("{tool}: {problem}", "{tool}：{problem}"),
    "mcp.required": ("{field} is required", "缺少 {field}"),
}
