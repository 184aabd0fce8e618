"""What the checks say: each diagnostic code's messages and the reasons of its findings
(docs/format.md, "Diagnostics"), and each code's name in Chinese."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
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
