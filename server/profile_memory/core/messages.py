"""The message catalogue: every user-facing text by key, English and Chinese side by side.

A message site calls `msg(key, **args)`. The result is a `Text`: a plain `str` holding the English
text (so everything that handles messages as strings keeps working, and English output is the
same as before), which also remembers its key and arguments. A front end shows it in the person's
language with `render(text, lang)`; core never needs to know the language, and a cached finding is
rendered again in another language without being recomputed. An argument may itself be a `Text`
(a phrase inside a message): it is rendered in the same language.

Adding a message: add `"area.what": ("English {name}", "中文{name}")` to `CATALOGUE` (the same
named placeholders in both; tests/unit/test_messages.py checks), and write `msg("area.what",
name=...)` where the English text was.

Which language (`language_of_locale`, `language_of_environment`, `choose_language`): docs/format.md,
"Interface language".
"""

from __future__ import annotations

import argparse
import string
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal

Lang = Literal["en", "zh"]
MESSAGE_LANGUAGES = ("auto", "en", "zh")

# key → (English, Chinese). Placeholders are named (`{name}`, `{count:,}`); ids, codes, file names
# and quoted content go in through placeholders, so they stay as they are in both languages.
CATALOGUE: dict[str, tuple[str, str]] = {
    # Diagnostics (docs/format.md, "Diagnostics")
    "PM001": (
        "{name} has {counted} lines, over its limit of {limit} (lines {first}–{counted}); "
        "merge or remove entries",
        "{name} 共 {counted} 行，超过上限 {limit} 行（第 {first}–{counted} 行）；请合并或删除条目",
    ),
    "PM002": (
        "{id} is carried by {count} entries of {name} (lines {lines})",
        "{name} 中有 {count} 个条目带着 {id}（第 {lines} 行）",
    ),
    "PM002.related": ("{id} also on line {line}", "第 {line} 行也有 {id}"),
    "PM003.second": ("a second add", "第二条新增"),
    "PM003.after_delete": ("an add after its delete", "删除之后的新增"),
    "PM003": (
        "{what} of {id} (its first record is on line {line})",
        "{id} 的{what}（它的第一条记录在第 {line} 行）",
    ),
    "related.first_record": ("first record of {id}", "{id} 的第一条记录"),
    "PM004": ("malformed anchor {token}: {problem}", "锚点 {token} 格式有误：{problem}"),
    "PM004.meant": (
        "malformed anchor {token}: {problem}; it reads as {meant}",
        "锚点 {token} 格式有误：{problem}；应是 {meant}",
    ),
    "anchor.shape": (
        "expected PF-YYYYMMDD-NN (a date, a dash and a sequence number)",
        "应为 PF-YYYYMMDD-NN（日期、短横线和序号）",
    ),
    "anchor.seq_long": (
        "the sequence number has {digits} digits, more than {most}",
        "序号有 {digits} 位，超过 {most} 位",
    ),
    "anchor.date_digits": (
        "the date part must have 8 digits (YYYYMMDD), it has {digits}",
        "日期部分须为 8 位数字（YYYYMMDD），这里是 {digits} 位",
    ),
    "anchor.seq_short": (
        "the sequence number must have at least two digits (01, 02, …)",
        "序号至少要两位（01、02……）",
    ),
    "anchor.seq_zero": ("the sequence number starts at 01, not 00", "序号从 01 开始，不是 00"),
    "anchor.seq_zeros": (
        "the sequence number {seq} has a superfluous leading zero",
        "序号 {seq} 多了前导零",
    ),
    "anchor.month": ("month {month} does not exist", "不存在 {month} 月"),
    "anchor.day_zero": ("day 00 does not exist", "不存在 00 日"),
    "anchor.not_a_date": ("{date} is not a real date", "{date} 不是真实存在的日期"),
    "PM005": ("unconfirmed entry (no anchor): {text}", "未确认的条目（没有锚点）：{text}"),
    "PM006": ("{id} has no record in {log}", "{log} 中没有 {id} 的记录"),
    "PM007": (
        "{id} is live but no entry of {profile} carries it",
        "{id} 仍然有效，但 {profile} 中没有条目带着它",
    ),
    "PM008": ("{id} is {why}", "{id} {why}"),
    "PM008.retired": ("retired by {by} ({place})", "已被 {by} 取代（{place}）"),
    "PM008.deleted": ("deleted in {place}", "已在 {place} 删除"),
    "related.latest_record": ("latest record of {id} ({op})", "{id} 的最新记录（{op}）"),
    "PM009.continued": (
        "an entry continues onto a second line; each entry must be one line",
        "条目延续到了第二行；每个条目只能占一行",
    ),
    "PM009.indented": (
        "indented lines and nested bullets are not allowed in a compact profile",
        "精简画像中不允许缩进行和嵌套列表",
    ),
    "PM009.heading": (
        "only `# ` (one title) and `## ` (categories) headings are allowed in a compact profile",
        "精简画像中只允许 `# `（一个标题）和 `## `（分类）两级标题",
    ),
    "PM009.bullet": ("entries start with `- `", "条目以 `- ` 开头"),
    "PM009.prose": (
        "prose is not allowed in a compact profile; entries are `- text <!-- PF-… -->` lines",
        "精简画像中不允许写大段文字；条目是 `- 文本 <!-- PF-… -->` 这样的行",
    ),
    "PM010": (
        "record {id} lacks the field {words}",
        "记录 {id} 缺少字段 {words}",
    ),
    "PM010.plural": (
        "record {id} lacks the fields {words}",
        "记录 {id} 缺少字段 {words}",
    ),
    "PM011": (
        "the entry reads `{text}`, but the latest 精简版 (Summary) of {id} in {log} reads "
        "`{summary}`{marks}",
        "条目写的是 `{text}`，但 {log} 中 {id} 最新的精简版是 `{summary}`{marks}",
    ),
    "PM011.marks": (": `{old}` written `{new}`", "：`{old}` 写成了 `{new}`"),
    "PM012.id_date": (
        "record date {date} is before the date of {id} ({day})",
        "记录日期 {date} 早于 {id} 的日期（{day}）",
    ),
    "PM012.previous": (
        "record date {date} is before the previous record of {id} (line {line}, {previous})",
        "记录日期 {date} 早于 {id} 的上一条记录（第 {line} 行，{previous}）",
    ),
    "PM013": (
        "unknown operation `{word}` for {id} (did you mean `{closest}`?); expected "
        "{words} or add/evolve/pivot/delete/restore",
        "{id} 的操作 `{word}` 无法识别（是不是 `{closest}`？）；应为 {words} "
        "或 add/evolve/pivot/delete/restore",
    ),
    "PM013.several": (
        "the operation of {id} is not one operation: {value} {why}; keep the one that happened "
        "({words} or add/evolve/pivot/delete/restore, with （OLD → NEW） for a changed text); "
        "`pmem fix` leaves it as written",
        "{id} 的操作不是单一操作：{value} {why}；只保留实际发生的那一个（{words} 或 "
        "add/evolve/pivot/delete/restore，文本有改动时写成（OLD → NEW））；`pmem fix` 会保持原样",
    ),
    "PM014.log": (
        "category `{category}` of {id} is no heading of {profile}",
        "{id} 的分类 `{category}` 不是 {profile} 中的标题",
    ),
    "PM014.pending": (
        "category `{category}` is no heading of {profile} and is not suggested",
        "分类 `{category}` 不是 {profile} 中的标题，也没有建议新增",
    ),
    "PM015": (
        "{name} has no {pair}-log.md beside it; run `pmem init` to create it",
        "{name} 旁边没有 {pair}-log.md；运行 `pmem init` 创建它",
    ),
    "PM016": ("malformed heading: {reason}", "记录标题格式有误：{reason}"),
    "PM017": (
        "one entry carries {count} anchors ({ids})",
        "一个条目带着 {count} 个锚点（{ids}）",
    ),
    "PM019": (
        "the entry stands under `{category}`, but the latest 分类 (Category) of {id} in {log} is "
        "`{latest}`{heading}",
        "条目位于 `{category}` 下，但 {log} 中 {id} 最新的分类是 `{latest}`{heading}",
    ),
    "PM019.no_heading": (", which is no heading of {file}", "，而它不是 {file} 中的标题"),
    "PM020": ("not valid JSON; expected {shape}", "不是有效的 JSON；应为 {shape}"),
    "PM020.torn": (
        "not valid JSON (a torn write: the last line has no newline); expected {shape}",
        "不是有效的 JSON（写入中断：最后一行没有换行符）；应为 {shape}",
    ),
    "PM020.not_object": (
        "JSON but not an object ({type}); expected {shape}",
        "是 JSON 但不是对象（{type}）；应为 {shape}",
    ),
    "PM030": (
        "{name} is refused: {why}; writes never follow links",
        "{name} 被拒绝：{why}；写入从不跟随链接",
    ),
    "PM031": (
        "{name} is {size} bytes, over {limit}; all of it enters every prompt",
        "{name} 有 {size} 字节，超过 {limit}；全部内容都会进入每一次提示",
    ),
    "PM032": (
        "{name} has bytes that are not UTF-8, first at line {line}, column {column}; they were "
        "read as U+FFFD",
        "{name} 含有非 UTF-8 字节，第一处在第 {line} 行第 {column} 列；已按 U+FFFD 读取",
    ),
    "PM033": (
        "{name} is {size}, over the size bound of {bound}; checks beyond the bound are skipped",
        "{name} 大小为 {size}，超过上限 {bound}；超出部分不做检查",
    ),
    "budget.over": (
        "{what} is ≈{total:,} tokens, over its budget of {budget:,}",
        "{what} 约 {total:,} 个 token，超出预算 {budget:,}",
    ),
    "PM036": (
        "the recall block is ≈{total:,} tokens, over its budget of {budget:,} ({parts})",
        "回忆块约 {total:,} 个 token，超出预算 {budget:,}（{parts}）",
    ),
    "PM040.not_proposal": (
        "a list item that is no proposal: expected `- [KIND][CATEGORY] text`",
        "这个列表项不是提议：应为 `- [KIND][CATEGORY] text`",
    ),
    "PM040.kind": (
        "unknown kind `{kind}`: expected 新增/演进/转向 (add/evolve/pivot)",
        "无法识别的类型 `{kind}`：应为 新增/演进/转向（add/evolve/pivot）",
    ),
    "PM040.no_category": ("the proposal names no category", "这条提议没有写分类"),
    "PM040.no_scope": (
        "a proposal before any scope header (`**个人画像：**` or `**项目画像：**`)",
        "提议前面没有范围标题（`**个人画像：**` 或 `**项目画像：**`）",
    ),
    "PM040.no_text": ("the proposal has no text", "这条提议没有内容"),
    "PM040.no_change": (
        "an evolve or pivot needs `旧：OLD → 新：NEW` (or `old: OLD → new: NEW`)",
        "演进或转向需要写成 `旧：OLD → 新：NEW`（或 `old: OLD → new: NEW`）",
    ),
    "PM040.old_new": ("both OLD and NEW must be given", "OLD 和 NEW 都要给出"),
    "PM041": (
        "this add reads much like {place} ({id}, similarity {score:.2f}): {text}",
        "这条新增与 {place}（{id}，相似度 {score:.2f}）很像：{text}",
    ),
    "PM041.related": ("similar entry {id}", "相似条目 {id}"),
    "unconfirmed": ("unconfirmed", "未确认"),
    "unconfirmed.paren": ("(unconfirmed)", "（未确认）"),
    "PM042.target": (
        "target {target} is no entry of {profile}",
        "目标 {target} 不是 {profile} 的条目",
    ),
    "PM042.old": (
        "no entry of `{category}` in {profile} reads `{old}`",
        "{profile} 的 `{category}` 下没有写作 `{old}` 的条目",
    ),
    "PM043": (
        "the same proposal stands on line {line}",
        "第 {line} 行已有相同的提议",
    ),
    "PM043.related": ("the first time it is proposed", "第一次提出的位置"),
    "PM050.none": (
        "OLD `{old}` is the 精简版 (Summary) of no earlier record, so the record changes no id",
        "OLD `{old}` 不是任何更早记录的精简版，因此这条记录没有改动任何 id",
    ),
    "PM050": (
        "OLD `{old}` is not the previous 精简版 (Summary) of {id}, which reads `{summary}` "
        "(line {line})",
        "OLD `{old}` 不是 {id} 的上一版精简版，上一版是 `{summary}`（第 {line} 行）",
    ),
    "PM050.punctuation": (
        "OLD {old} of {id} is its previous 精简版 (Summary) with `{mark}` written `{written}`; OLD "
        "copies it as written",
        "{id} 的 OLD {old} 是它的上一版精简版，但 `{mark}` 写成了 `{written}`；OLD 应照原样抄写",
    ),
    "PM050.related": ("the previous record of {id}", "{id} 的上一条记录"),
    "PM051": (
        "this record is dated {date}, before the record above it ({id}, {above_date}, line "
        "{line}); the log is appended in time order (its id's history is read by date)",
        "这条记录的日期是 {date}，早于上方的记录（{id}，{above_date}，第 {line} 行）；"
        "日志按时间顺序追加（这个 id 的历史按日期读取）",
    ),
    "PM051.newest_first": (
        "the log is written newest-first ({count} records are dated before the record above "
        "them, from this one on); each id's history is read by date, but the log is appended in "
        "time order: pmem adds new records at the end",
        "这份日志是从新到旧写的（从这条起，有 {count} 条记录的日期早于上方的记录）；每个 id "
        "的历史按日期读取，但日志按时间顺序追加：pmem 会把新记录写在末尾",
    ),
    "PM051.related": ("the record above", "上方的记录"),
    "PM052": (
        "{id} begins with {op}: it has no add record (and no pivot created it)",
        "{id} 以{op}开始：它没有新增记录（也不是由转向产生的）",
    ),
    "PM060": (
        "a {kind} (a secret) is in this file: it would be injected into agent prompts and kept "
        "in its history; redact it, and revoke it where it was issued",
        "此文件中有一个 {kind}（机密）：它会被注入智能体的提示，并留在历史中；"
        "请将其脱敏，并到签发处吊销它",
    ),
    "PM070.block": (
        "a merge conflict (lines {first}–{last}): keep one side or write what both meant, then "
        "delete the markers",
        "合并冲突（第 {first}–{last} 行）：保留一方，或写出双方的本意，然后删除冲突标记",
    ),
    "PM070.marker": (
        "a conflict marker left by a merge: resolve the conflict and delete it",
        "合并留下的冲突标记：解决冲突后删除它",
    ),
    "PM071": (
        "this clone has no `merge.pmem.driver` in its git config, so git merges memory files "
        "line by line: run `{command}`",
        "此克隆的 git 配置中没有 `merge.pmem.driver`，git 会逐行合并记忆文件：请运行 `{command}`",
    ),
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
    "cli.unsafe": ("{path}: {why}", "{path}：{why}"),
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
    "config.problem": ("setting `{key}`: {message}", "设置 `{key}`：{message}"),
    "config.problem.at": (
        "{source}: setting `{key}`: {message}",
        "{source}：设置 `{key}`：{message}",
    ),
    "config.unknown": ("unknown setting, ignored", "未知的设置，已忽略"),
    "config.invalid": (
        "{value} is invalid ({why}); the default is used",
        "{value} 无效（{why}）；已使用默认值",
    ),
    # What a write refuses (core/plans.py): shown by the CLI, `pmem mcp` and the editor
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
        "{id} 由 {count} 个条目共用（{where}）：无法判断指的是哪一个，因此没有写入任何内容；"
        "请先给其中一个换个新 id（用 PM002 的快速修复，或手动为它写一条新增记录），再重试",
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
    "secret.found": (
        "{what} contains what looks like {kind} at {where}; secrets are never written to memory "
        "files",
        "{what}在{where}处含有疑似{kind}的内容；机密永远不会写入记忆文件",
    ),
    "secret.found_more": (
        "{what} contains what looks like {kind} at {where} (and {more} more); secrets are never "
        "written to memory files",
        "{what}在{where}处含有疑似{kind}的内容（另有 {more} 处）；机密永远不会写入记忆文件",
    ),
    "secret.a_kind": ("a {kind}", " {kind} "),
    "secret.an_kind": ("an {kind}", " {kind} "),
    "secret.line_column": ("line {line}, column {column}", "第 {line} 行第 {column} 列"),
    "secret.column": ("column {column}", "第 {column} 列"),
    "what.text": ("the text", "文本"),
    "what.journal_text": ("the journal text", "日记文本"),
    "what.tag": ("a tag", "标签"),
    "what.new_fact": ("the new FACT.md", "新的 FACT.md"),
    "what.version": ("version {rev}", "版本 {rev}"),
    "recall.unread": (
        "{path}: {reason}; its block is left out",
        "{path}：{reason}；它的块被略去了",
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
    "search.bad_limit": (
        "limit must be a positive whole number, not {value}",
        "limit 须为正整数，而不是 {value}",
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
        "{path} 在读取之后被修改了（sha256 {digest}…，应为 {expected}…）",
    ),
    "store.journal_empty": ("the journal text is empty", "日记文本为空"),
    "store.tags_strings": ("tags must be strings", "标签必须是字符串"),
    "store.fact_empty": ("the new FACT.md content is empty", "新的 FACT.md 内容为空"),
    "store.fact_too_big": (
        "the new FACT.md is {size:,} bytes, over maxFileBytes ({limit:,}): nothing was written; "
        "keep durable facts short and log events with append",
        "新的 FACT.md 有 {size:,} 字节，超过 maxFileBytes（{limit:,}）：没有写入任何内容；"
        "长期事实请写得简短，事件请用 append 记到日记里",
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

# Each diagnostic code's name in Chinese (docs/format.md's table of codes shows it)
CODE_NAMES_ZH: dict[str, str] = {
    "PM001": "画像超过行数上限",
    "PM002": "锚点重复",
    "PM003": "记录重复",
    "PM004": "锚点格式有误",
    "PM005": "未确认的条目",
    "PM006": "锚点没有记录",
    "PM007": "孤立记录",
    "PM008": "锚点已删除",
    "PM009": "行格式有误",
    "PM010": "记录不完整",
    "PM011": "精简版不一致",
    "PM012": "记录日期有误",
    "PM013": "未知操作",
    "PM014": "未知分类",
    "PM015": "缺少日志",
    "PM016": "记录标题格式有误",
    "PM017": "多个锚点",
    "PM018": "非规范写法",
    "PM019": "分类不一致",
    "PM020": "日记行不是有效 JSON",
    "PM021": "日记条目无效",
    "PM030": "不安全的记忆文件",
    "PM031": "FACT.md 过大",
    "PM032": "非 UTF-8 字节",
    "PM033": "文件过大",
    "PM040": "提议格式有误",
    "PM041": "相似条目",
    "PM042": "缺少目标",
    "PM043": "重复的提议",
    "PM050": "OLD 不一致",
    "PM051": "日志顺序有误",
    "PM052": "历史缺少新增",
    "PM034": "超出 token 预算",
    "PM035": "FACT.md 超出 token 预算",
    "PM036": "回忆块超出 token 预算",
    "PM060": "机密",
    "PM070": "合并冲突",
    "PM071": "缺少合并驱动",
}

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


class Text(str):
    """An English message that remembers its catalogue key and arguments (see the module
    docstring)."""

    key: str
    args: Mapping[str, Any]

    def __new__(cls, key: str, args: Mapping[str, Any]) -> Text:
        self = super().__new__(cls, _fill(CATALOGUE[key][0], args, "en"))
        self.key, self.args = key, dict(args)
        return self

    def map_args(self, change: Callable[[str], str]) -> Text:
        """The same message with `change` applied to each text argument (masking a secret)."""
        return Text(self.key, {k: _map(v, change) for k, v in self.args.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.key, self.args))


def _map(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, Text):
        return value.map_args(change)
    if isinstance(value, (list, tuple)):
        return [_map(item, change) for item in value]
    return change(value) if isinstance(value, str) else value


_LIST_SEPARATOR = {"en": ", ", "zh": "、"}


def _shown(value: Any, lang: Lang) -> Any:
    """An argument as the message shows it: a `Text` in `lang`, a list joined the way `lang`
    lists things (`4, 5` / `4、5`)."""
    if isinstance(value, str):
        return render(value, lang)
    if isinstance(value, (list, tuple)):
        return _LIST_SEPARATOR[lang].join(str(_shown(item, lang)) for item in value)
    return value


def _fill(template: str, args: Mapping[str, Any], lang: Lang) -> str:
    return template.format(**{k: _shown(v, lang) for k, v in args.items()})


def msg(key: str, /, **args: Any) -> Text:
    """The message `key` with its arguments: English as a `str`, any language with `render`."""
    return Text(key, args)


def render(text: str, lang: Lang) -> str:
    """`text` in `lang`: a `Text` from its catalogue entry, any other string as it is."""
    if not isinstance(text, Text):
        return str(text)
    if lang == "en":
        return str.__str__(text)
    return _fill(CATALOGUE[text.key][1], text.args, lang)


def placeholders(template: str) -> set[str]:
    """The names a template fills in (for the catalogue's test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


_CHINESE_LOCALES = {"zh", "zh-cn", "zh-hans", "zh-sg", "zh-hans-cn", "zh-hans-sg"}


def language_of_locale(locale: str | None) -> Lang:
    """An LSP client's `locale` (BCP 47): Simplified Chinese → "zh"; anything else (zh-TW and
    zh-HK included, until there is a Traditional catalogue) → "en"."""
    return "zh" if (locale or "").strip().replace("_", "-").lower() in _CHINESE_LOCALES else "en"


def language_of_environment(environ: Mapping[str, str]) -> Lang:
    """The first of LC_ALL, LC_MESSAGES, LANG that is set decides: `zh_*` (`zh_CN.UTF-8`, also
    `zh`) → "zh". LANGUAGE is ignored; the locale need not be installed."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "zh" if value.lower() == "zh" or value.lower().startswith("zh_") else "en"
    return "en"


def choose_language(setting: str, otherwise: Lang) -> Lang:
    """`messageLanguage` ("auto", "en", "zh") over what the locale or environment says."""
    return "zh" if setting == "zh" else "en" if setting == "en" else otherwise


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
