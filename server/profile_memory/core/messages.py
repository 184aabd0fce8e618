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

import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from profile_memory.core.help_zh import ARGPARSE_ZH as ARGPARSE_ZH
from profile_memory.core.help_zh import HELP_ZH as HELP_ZH
from profile_memory.core.help_zh import localized_parser as localized_parser

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
    "PM009.before_category": (
        "an entry must come after a `## ` category heading",
        "条目必须写在 `## ` 分类标题之后",
    ),
    "PM009.second_title": (
        "only one `# ` title is allowed, before the first category",
        "只允许一个 `# ` 标题，并且要写在第一个分类之前",
    ),
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
    "unsafe.link": ("{name} is a symbolic link", "{name} 是符号链接"),
    "unsafe.not_file": ("{name} is not a regular file", "{name} 不是普通文件"),
    "unsafe.folder_link": (
        "its folder {folder}/ is a symbolic link",
        "它所在的文件夹 {folder}/ 是符号链接",
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
    # The reasons of PM016 and PM018: what is not canonical in a record heading, a field, an
    # operation or an anchor comment (core/log/parse.py, core/log/operation.py, core/profile.py)
    "joined": ("{parts}", "{parts}"),
    "heading.found": ("{reason}, found {line}", "{reason}，实际写的是 {line}"),
    "heading.not_an_id": (
        "{written} is not an anchor id (expected [PF-YYYYMMDD-NN])",
        "{written} 不是锚点 id（应为 [PF-YYYYMMDD-NN]）",
    ),
    "heading.expected": (
        "expected `### [PF-YYYYMMDD-NN] YYYY-MM-DD — title`",
        "应为 `### [PF-YYYYMMDD-NN] YYYY-MM-DD — 标题`",
    ),
    "heading.no_date": ("no date YYYY-MM-DD after the id", "id 后面没有日期 YYYY-MM-DD"),
    "heading.date_form": (
        "the date is written `{written}` (write {date})",
        "日期写成了 `{written}`（应写 {date}）",
    ),
    "heading.no_title": ("no title after the date", "日期后面没有标题"),
    "heading.no_separator": (
        "no separator ` — ` between the date and the title",
        "日期和标题之间没有分隔符 ` — `",
    ),
    "heading.separator": (
        "the separator `{mark}` between the date and the title (write ` — `)",
        "日期和标题之间的分隔符是 `{mark}`（应写 ` — `）",
    ),
    "heading.two_ids": (
        "two ids `[{first}][{second}]` in one heading; a record has one id",
        "一个标题里有两个 id `[{first}][{second}]`；一条记录只有一个 id",
    ),
    "heading.level": (
        "a record heading at level {level} (`{hashes}`); records are `###` headings",
        "记录标题是 {level} 级标题（`{hashes}`）；记录应使用 `###` 标题",
    ),
    "heading.no_brackets": ("the id is not in square brackets", "id 没有写在方括号里"),
    "heading.wrong_form": (
        "record heading in the wrong form: {wrong}",
        "记录标题格式不对：{wrong}",
    ),
    "heading.spaces": (
        "record heading with extra or missing spaces (write {canonical})",
        "记录标题多了或少了空格（应写 {canonical}）",
    ),
    "field.not_bold": ("the key is not in bold", "键没有加粗"),
    "field.traditional": (
        "`{label}` is the Traditional spelling of the key `{better}`",
        "`{label}` 是键 `{better}` 的繁体写法",
    ),
    "field.key_word": ("the key is written `{better}`", "键应写作 `{better}`"),
    "field.bullet": ("the bullet `{bullet}` (write `-`)", "列表符号是 `{bullet}`（应写 `-`）"),
    "field.slip": (
        "field `{label}`: {slip} (write `- **{canonical}**: …`)",
        "字段 `{label}`：{slip}；应写成 `- **{canonical}**: …`",
    ),
    "field.operation": ("operation written {value}; {slip}", "操作写成了 {value}；{slip}"),
    "operation.arrow": ("write `→` or `->` for `{arrow}`", "把 `{arrow}` 改写成 `→` 或 `->`"),
    "operation.drop_label": ("drop the label {labels}", "去掉标签 {labels}"),
    "operation.drop_labels": ("drop the labels {labels}", "去掉标签 {labels}"),
    "operation.lists": (
        "lists {count} operations ({words})",
        "列出了 {count} 个操作（{words}）",
    ),
    "operation.goes_to": ("goes from `{word}` to `{after}`", "从 `{word}` 变成了 `{after}`"),
    "operation.no_old": ("has no OLD before its `→`", "的 `→` 前面没有 OLD"),
    "operation.traditional": (
        "`{word}` is the Traditional spelling of `{written}`; write the word `{written}`",
        "`{word}` 是 `{written}` 的繁体写法；请写作 `{written}`",
    ),
    "operation.word": ("write the word `{written}`", "请写作 `{written}`"),
    "operation.parentheses": ("put OLD → NEW in parentheses", "把 OLD → NEW 放进括号里"),
    "operation.none": ("no operation", "没有操作"),
    "anchor_comment.written": ("written {comment}", "写成了 {comment}"),
    "anchor_comment.before_text": ("placed before the entry's text", "放在了条目文字前面"),
    "anchor_comment.form": (
        "the anchor comment is {problems}; the canonical form is `<!-- {id} -->` at the end of "
        "the entry",
        "锚点注释{problems}；规范写法是在条目末尾写 `<!-- {id} -->`",
    ),
    "anchor_comment.bare_id": (
        "the id {id} is not in an anchor comment; the canonical form is `<!-- {id} -->`",
        "id {id} 不在锚点注释里；规范写法是 `<!-- {id} -->`",
    ),
    "anchor_comment.crowded": (
        "the anchor comment {comment} holds more than the id; the canonical form is "
        "`<!-- {id} -->`",
        "锚点注释 {comment} 里除了 id 还有别的内容；规范写法是 `<!-- {id} -->`",
    ),
    # The reasons of PM021, field by field (core/journal_model.py)
    "journal.missing": ("`{where}` is missing", "缺少 `{where}`"),
    "journal.not_string": ("`{where}` input should be a valid string", "`{where}` 应为字符串"),
    "journal.not_list": ("`{where}` input should be a valid list", "`{where}` 应为列表"),
    "journal.invalid": ("`{where}` is invalid", "`{where}` 无效"),
    "journal.field": ("`{where}` {problem}", "`{where}`：{problem}"),
    "journal.ts_form": (
        "must be ISO-8601 UTC with milliseconds, like 2026-04-12T01:02:14.123Z",
        "须为带毫秒的 ISO-8601 UTC 时间，例如 `2026-04-12T01:02:14.123Z`",
    ),
    "journal.not_a_time": ("{value} is not a real time", "{value} 不是真实存在的时间"),
    "journal.blank": ("must be a non-empty string", "须为非空字符串"),
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
    "plan.discarded": ("{count} discarded", "已放弃 {count} 条"),
    "plan.confirmed": ("{count} confirmed: {ids}", "已确认 {count} 条：{ids}"),
    "plan.no_confirm": ("nothing to confirm", "没有可确认的提议"),
    "plan.at": ("{where}: {why}", "{where}：{why}"),  # a refusal at a place of a file
    "plan.shared_id": (
        "{id} is carried by {count} entries ({where}): which one is meant cannot be decided, so "
        "nothing was written; give one of them a new id first (the quick fix of PM002, or by hand "
        "with its own add record), then retry",
        "{id} 由 {count} 个条目共用（{where}）：无法确定指的是哪一个，所以什么都没有写入；请先给"
        "其中一个条目换一个新 id（用 PM002 的快速修复，或手动换 id 并为它写一条新增记录），再重试",
    ),
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
    # The server's answers to a request or a command it refuses (lsp/): {command} is the
    # command's or the request's name
    "lsp.failed": ("{command}: {error}", "{command}：{error}"),
    "lsp.failed_at": ("{command}: {path}: {reason}", "{command}：{path}：{reason}"),
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
    "store.journal_empty": ("the journal text is empty", "日记文本是空的"),
    "store.tags": ("tags must be strings", "标签必须是字符串"),
    "store.fact_empty": ("the new FACT.md content is empty", "新的 FACT.md 内容是空的"),
    "store.fact_changed": (
        "{path} changed since it was read (sha256 {digest}…, expected {expected}…)",
        "{path} 在读取之后被改动过（sha256 {digest}…，应为 {expected}…）",
    ),
    "store.fact_too_big": (
        "the new FACT.md is {size:,} bytes, over maxFileBytes ({limit:,}): nothing was written; "
        "keep durable facts short and log events with append",
        "新的 FACT.md 有 {size:,} 字节，超过 maxFileBytes（{limit:,}）：没有写入任何内容；"
        "长期事实请写得简短，事件请用 append 记入日记",
    ),
    "what.journal_text": ("the journal text", "日记文本"),
    "what.tag": ("a tag", "标签"),
    "what.new_fact": ("the new FACT.md", "新的 FACT.md"),
    "what.version": ("version {rev}", "版本 {rev}"),
    "recall.unread": (
        "{path}: {reason}; its block is left out",
        "{path}：{reason}；它的块没有放进来",
    ),
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
    if isinstance(value, Joined):
        return Joined((_map(item, change) for item in value), value.how)
    if isinstance(value, (list, tuple)):
        return [_map(item, change) for item in value]
    return change(value) if isinstance(value, str) else value


_LIST_SEPARATOR = {"en": ", ", "zh": "、"}

# How `joined` parts are put together in each language.
_JOINS: dict[str, dict[Lang, str]] = {
    "clauses": {"en": "; ", "zh": "；"},
    "and": {"en": " and ", "zh": "，并且"},
}


class Joined(tuple):  # type: ignore[type-arg]
    """Parts of a message (texts of their own) joined the way a language joins them: clauses
    (`a; b` / `a；b`) or `a and b` (`a，并且b`)."""

    how: str

    def __new__(cls, parts: Iterable[Any], how: str = "clauses") -> Joined:
        self = super().__new__(cls, parts)
        self.how = how
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (tuple(self), self.how))


def joined(parts: Iterable[str], how: str = "clauses") -> Text:
    """`parts` as one text (`how`: "clauses" or "and"), each part rendered in the language the
    whole is shown in."""
    return Text("joined", {"parts": Joined(parts, how)})


def _shown(value: Any, lang: Lang) -> Any:
    """An argument as the message shows it: a `Text` in `lang`, a list joined the way `lang`
    lists things (`4, 5` / `4、5`), `Joined` parts the way `lang` joins them."""
    if isinstance(value, str):
        return render(value, lang)
    if isinstance(value, Joined):
        return _JOINS[value.how][lang].join(str(_shown(item, lang)) for item in value)
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


def said(error: BaseException) -> str:
    """What an exception says: the catalogue `Text` it was raised with, so that a front end shows
    it in its language; else its string."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Text) else str(error)


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
