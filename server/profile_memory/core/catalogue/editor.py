"""What the editor shows: code action titles, hovers, completion details, lenses and inlay
hints, and the server's answers to what it refuses."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Code action titles (core/actions.py)
    "action.redact": ("Redact this secret", "将此机密脱敏"),
    "action.new_id": ("Give this entry a new id ({id})", "给这个条目一个新 id（{id}）"),
    "action.confirm": ("Confirm as {id} in {category}", "确认为 {id}，归入{category}"),
    "action.create_record": ("Create the log record of {id}", "为 {id} 创建日志记录"),
    "action.remove_entry": ("Remove the entry of {id}", "移除 {id} 的条目"),
    "action.record_restore": ("Record a restore of {id}", "记录恢复 {id}"),
    "action.add_fields": ("Add the missing fields", "补上缺少的字段"),
    "action.create_log": ("Create the log from its template", "按模板创建日志"),
    "action.renumber": ("Renumber this record ({id})", "给这条记录重新编号（{id}）"),
    "action.make_restore": ("Make it a restore", "改为恢复"),
    "action.to_evolve": (
        "Turn into an evolve of the entry on line {line}",
        "改为演进第 {line} 行的条目",
    ),
    "action.repair_token": ("Rewrite {token} as {meant}", "将 {token} 改写为 {meant}"),
    "action.replace_token": (
        "Replace {token} with a new id ({id})",
        "用新 id 替换 {token}（{id}）",
    ),
    "action.mark_deleted": ("Mark {id} deleted in the log", "在日志中将 {id} 标记为删除"),
    "action.restore_entry": ("Restore {id} to the profile", "将 {id} 恢复到画像"),
    "action.record_evolve": ("Record as evolve of {id}", "记录为 {id} 的演进"),
    "action.record_pivot": (
        "Record as pivot ({new} replaces {id})",
        "记录为转向（{new} 取代 {id}）",
    ),
    "action.move_entry": ("Move the entry to `{category}`", "将条目移到 `{category}`"),
    "action.move_entry_new": (
        "Move the entry to a new heading `{category}`",
        "将条目移到新标题 `{category}` 下",
    ),
    "action.record_category": (
        "Record that {id} now belongs to `{category}`",
        "记录 {id} 现在属于 `{category}`",
    ),
    "action.normalise": ("Rewrite in canonical form", "改写为规范形式"),
    "action.normalise_all": (
        "Rewrite every non-canonical form in this file",
        "改写此文件中所有不规范的形式",
    ),
    "action.delete": ("Delete {id} from {category}", "从{category}中删除 {id}"),
    "action.merge_category": (
        "Merge `{category}` into `{other}`",
        "将 `{category}` 合并到 `{other}`",
    ),
    "action.pending_confirm": ("Confirm {what} {text}", "确认 {what} {text}"),
    "action.keep_both": (
        "Keep both: add {text} as a new entry",
        "两者都保留：将 {text} 新增为一个条目",
    ),
    "action.discard": ("Discard {what}", "放弃 {what}"),
    # Hover (lsp/hover.py)
    "hover.entry": ("Entry: {place} — {text}", "条目：{place} — {text}"),
    "hover.no_entry_no_record": (
        "No compact entry and no log record.",
        "没有精简画像条目，也没有日志记录。",
    ),
    "hover.no_entry_retired": (
        "No compact entry: retired by {id}.",
        "没有精简画像条目：已被 {id} 取代。",
    ),
    "hover.no_entry_deleted": ("No compact entry: deleted.", "没有精简画像条目：已删除。"),
    "hover.orphan": (
        "No compact entry carries it (an orphan record in {log}).",
        "没有精简画像条目带着它（{log} 中的孤立记录）。",
    ),
    "hover.no_record": ("**{id}** · no record in {log}", "**{id}** · {log} 中没有记录"),
    "hover.head": (
        "**{id}** · {state} · {category} · {pair}",
        "**{id}** · {state} · {category} · {pair}",
    ),
    "state.live": ("live", "有效"),
    "state.deleted": ("deleted", "已删除"),
    "state.retired": ("retired", "已取代"),
    "hover.history": ("History:", "历史："),
    "hover.record": ("- {date} {op} — {title}", "- {date} {op} — {title}"),
    "hover.earlier": ("- … {count} earlier records", "- …… 更早的 {count} 条记录"),
    "hover.open_log": ("[Open the log at line {line}]({link})", "[打开日志第 {line} 行]({link})"),
    "hover.invalid": (
        "**{token}** is not a valid anchor id: {problem}.\n\nAnchors are `PF-YYYYMMDD-NN`: a real "
        "date and a sequence number from 01.",
        "**{token}** 不是有效的锚点 id：{problem}。\n\n锚点的形式是 `PF-YYYYMMDD-NN`："
        "一个真实的日期，加上从 01 起的序号。",
    ),
    "hover.unknown": (
        "**{token}** · unknown: no profile or log of the profile set has it.",
        "**{token}** · 未知：这组画像的画像和日志中都没有它。",
    ),
    "hover.category": (
        "**{name}** · {count} entry · ≈{tokens:,} tokens, {share:.0%} of {profile} (≈{whole:,} "
        "of a budget of {budget:,})",
        "**{name}** · {count} 个条目 · 约 {tokens:,} 个 token，占 {profile} 的 {share:.0%}"
        "（全文约 {whole:,}，预算 {budget:,}）",
    ),
    "hover.category.plural": (
        "**{name}** · {count} entries · ≈{tokens:,} tokens, {share:.0%} of {profile} (≈{whole:,} "
        "of a budget of {budget:,})",
        "**{name}** · {count} 个条目 · 约 {tokens:,} 个 token，占 {profile} 的 {share:.0%}"
        "（全文约 {whole:,}，预算 {budget:,}）",
    ),
    # Completion details (lsp/completion.py)
    "completion.no_record": ("an entry with no record yet", "还没有记录的条目"),
    "completion.category": ("category", "分类"),
    "completion.next_id": ("the next free id", "下一个可用的 id"),
    # Code lenses and inlay hints (core/outline.py, lsp/code_lens.py)
    "cost": (
        "lines {lines}/{limit} · ≈{tokens:,}/{budget:,} tok",
        "{lines}/{limit} 行 · 约 {tokens:,}/{budget:,} token",
    ),
    "cost.over_limit": (
        "lines {lines}/{limit} · ≈{tokens:,}/{budget:,} tok — over the limit",
        "{lines}/{limit} 行 · 约 {tokens:,}/{budget:,} token — 超过行数上限",
    ),
    "cost.over_budget": (
        "lines {lines}/{limit} · ≈{tokens:,}/{budget:,} tok — over the budget",
        "{lines}/{limit} 行 · 约 {tokens:,}/{budget:,} token — 超出预算",
    ),
    "cost.over_both": (
        "lines {lines}/{limit} · ≈{tokens:,}/{budget:,} tok — over the limit and the budget",
        "{lines}/{limit} 行 · 约 {tokens:,}/{budget:,} token — 超过行数上限，也超出预算",
    ),
    "label.no_record": ("no record", "没有记录"),
    "label.record": ("{count} record · last: {op} {date}", "{count} 条记录 · 最近：{op} {date}"),
    "label.records": ("{count} records · last: {op} {date}", "{count} 条记录 · 最近：{op} {date}"),
    "lens.confirm_all": ("Confirm all ({count})", "全部确认（{count}）"),
    "lens.discard_all": ("Discard all", "全部放弃"),
    "lens.entry": ("{count} entry", "{count} 个条目"),
    "lens.entries": ("{count} entries", "{count} 个条目"),
    # The server's answers to a request or a command it refuses (lsp/): {command} is the
    # command's or the request's name
    "lsp.failed": ("{command}: {error}", "{command}：{error}"),
    "lsp.one_object": ("{command}: expected one object argument", "{command}：需要一个对象参数"),
    "lsp.non_empty": (
        "{command}: `{key}` must be a non-empty string",
        "{command}：`{key}` 必须是非空字符串",
    ),
    "lsp.surrogate": (
        "{command}: `{key}` has a lone surrogate, which no file can hold",
        "{command}：`{key}` 含有孤立的代理字符，任何文件都存不下它",
    ),
    "lsp.nul": (
        "{command}: `{key}` has a NUL character, which no path can hold",
        "{command}：`{key}` 含有 NUL 字符，路径里不能有它",
    ),
    "lsp.not_memory_dir": (
        "{command}: {given} is not a known memory folder ({known})",
        "{command}：{given} 不是已知的记忆文件夹（{known}）",
    ),
    "lsp.kinds": (
        "{command}: `kinds` must be a list of {kinds}",
        "{command}：`kinds` 必须是由 {kinds} 组成的列表",
    ),
    "lsp.recall_format": (
        "{command}: `format` must be text, markdown or json",
        "{command}：`format` 必须是 text、markdown 或 json",
    ),
    "lsp.init_arguments": (
        "{command}: `scope` must be user, project or memory and `lang` zh or en",
        "{command}：`scope` 必须是 user、project 或 memory，`lang` 必须是 zh 或 en",
    ),
    "lsp.invalid_id": (
        "{command}: {id} is not a valid anchor id: {problem}",
        "{command}：{id} 不是有效的锚点 id：{problem}",
    ),
    "lsp.id_needed": (
        "{command}: `id` must be an anchor id: {problem}",
        "{command}：`id` 必须是锚点 id：{problem}",
    ),
    "lsp.no_id": ("no id was given", "没有给出 id"),
    "lsp.argument_type": ("`{key}` must be a {kind}", "`{key}` 必须是 {kind}"),
    "lsp.limit": ("`limit` must be a positive whole number", "`limit` 必须是正整数"),
    "lsp.command_not_applied": (
        "{command}: the editor did not apply the edit",
        "{command}：编辑器没有应用这处编辑",
    ),
    "lsp.not_applied_because": (
        "the editor did not apply the edit: {reason}",
        "编辑器没有应用这处编辑：{reason}",
    ),
    "lsp.refused": ("refused", "被拒绝"),
    "lsp.changed_since": ("{path} changed since it was read", "{path} 在读取之后被改动过"),
    "lsp.label.journal": ("Append journal entry", "追加日记条目"),
    "lsp.label.fact": ("Update FACT.md", "更新 FACT.md"),
    "lsp.bad_id": ("{id} is not a well-formed id: {problem}", "{id} 不是格式正确的 id：{problem}"),
    "lsp.id_used": (
        "{id} is already used in the profile set; ids are never reused",
        "{id} 已在这组画像中用过；id 从不重复使用",
    ),
    "lsp.not_pending": ("{target} is not a pending file", "{target} 不是待确认提议文件"),
    "proposal.not_on_line": ("{name}:{line} is no proposal", "{name} 第 {line} 行不是提议"),
    "lsp.pending_uri": (
        "expected one argument: the pending file's URI",
        "需要一个参数：待确认提议文件的 URI",
    ),
    "lsp.action_data": (
        "codeAction/resolve: the action's `data` is not one this server listed",
        "codeAction/resolve：这个操作的 `data` 不是本服务器列出的",
    ),
    "lsp.action_needs": (
        "codeAction/resolve: `{name}` needs {needs}",
        "codeAction/resolve：`{name}` 需要 {needs}",
    ),
    "lsp.action_span": (
        "codeAction/resolve: the action's `span` is not four whole numbers",
        "codeAction/resolve：这个操作的 `span` 不是四个整数",
    ),
    "lsp.decide_arguments": (
        "{command}: expected {{uri, line (a whole number from 0), decision: {decisions}}}",
        "{command}：需要 {{uri, line（从 0 开始的整数）, decision: {decisions}}}",
    ),
    "lsp.uri_and_line": (
        "{command}: expected a URI and a line number (a whole number from 0)",
        "{command}：需要一个 URI 和一个行号（从 0 开始的整数）",
    ),
    "lsp.create_first": (
        "{missing} must be created first (run `pmem init`); this editor cannot create files "
        "from an edit",
        "必须先创建 {missing}（运行 `pmem init`）；这个编辑器不能通过编辑创建文件",
    ),
    "plan.unknown_id": (
        "unknown id {id}: no entry of the user or project profile carries it",
        "未知的 id {id}：个人画像和项目画像中都没有带它的条目",
    ),
    "plan.both_scopes": (
        "{id} is in both the user and the project profile; pass --scope user or --scope project",
        "个人画像和项目画像中都有 {id}；请指定 --scope user 或 --scope project",
    ),
    "action.lacks": ("the action lacks its `{name}`", "这个操作缺少 `{name}`"),
    "action.no_entry_on": (
        "no entry on line {line} of {name}.md",
        "{name}.md 的第 {line} 行没有条目",
    ),
    "action.unknown": ("no action `{action}`", "没有 `{action}` 这个操作"),
    "symbol.entries": ("{n} entries", "{n} 个条目"),
    "symbol.malformed_id": ("(malformed id)", "（id 格式有误）"),
    "symbol.unconfirmed": ("unconfirmed", "未确认"),
    "lsp.version_not_kept": (
        "{path} changed; its previous version was not kept: {error}",
        "{path} 已被改动；它的上一个版本没有保留下来：{error}",
    ),
    "unsafe.source": ("{path}: {reason}", "{path}：{reason}"),
    "unsafe.named": ("{name} {reason}", "{name} {reason}"),
    "unsafe.undecodable": (
        "has bytes that are not UTF-8 (the first at line {line}, column {column}); it is not "
        "rewritten, which would replace them; re-save it as UTF-8 first",
        "含有非 UTF-8 字节（第一处在第 {line} 行第 {column} 列）；改写会替换掉这些字节，"
        "所以不改写它；请先把它另存为 UTF-8",
    ),
    "unsafe.ambiguous": (
        "is ambiguous: {names} name the same file; keep one",
        "有歧义：{names} 指的是同一个文件；请只保留一个",
    ),
    "unsafe.unchangeable": ("cannot be changed: {why}", "无法修改：{why}"),
    "unsafe.truncated": (
        "was read only up to the size bound (maxFileBytes); it is not rewritten",
        "只读取到了大小上限（maxFileBytes）为止；不会改写它",
    ),
    "secret.refused": (
        "{what} contains what looks like {kind} at {where}{more}; secrets are never written to "
        "memory files",
        "{what} 中有看起来像{kind}的内容，位于{where}{more}；机密从不写入记忆文件",
    ),
    "secret.a": ("a {kind}", " {kind} "),
    "secret.an": ("an {kind}", " {kind} "),
    "secret.at_line": ("line {line}, column {column}", "第 {line} 行第 {column} 列"),
    "secret.at_column": ("column {column}", "第 {column} 列"),
    "secret.more": (" (and {n} more)", "（另有 {n} 处）"),
}
