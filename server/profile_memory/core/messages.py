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
from collections.abc import Callable, Mapping
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
        "`{summary}`",
        "条目写的是 `{text}`，但 {log} 中 {id} 最新的精简版是 `{summary}`",
    ),
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
        "新增/演进/转向/删除/恢复 or add/evolve/pivot/delete/restore",
        "{id} 的操作 `{word}` 无法识别（是不是 `{closest}`？）；应为 新增/演进/转向/删除/恢复 "
        "或 add/evolve/pivot/delete/restore",
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
        "`{latest}`",
        "条目位于 `{category}` 下，但 {log} 中 {id} 最新的分类是 `{latest}`",
    ),
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
    "PM050.related": ("the previous record of {id}", "{id} 的上一条记录"),
    "PM051": (
        "this record is dated {date}, before the record above it ({id}, {above_date}, line "
        "{line}); the log is appended in time order",
        "这条记录的日期是 {date}，早于上方的记录（{id}，{above_date}，第 {line} 行）；"
        "日志按时间顺序追加",
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
    return change(value) if isinstance(value, str) else value


def _fill(template: str, args: Mapping[str, Any], lang: Lang) -> str:
    return template.format(
        **{k: render(v, lang) if isinstance(v, str) else v for k, v in args.items()}
    )


def msg(key: str, **args: Any) -> Text:
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
