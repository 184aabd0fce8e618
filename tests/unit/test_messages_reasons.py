"""The reasons of PM016, PM018, PM009 and PM021 (core/log/parse.py, core/log/operation.py,
core/profile.py, core/journal_model.py) are catalogue texts: each reads in English as before and in
Chinese, a reason made of several parts joined the way each language joins them."""

from __future__ import annotations

import pickle

import pytest
from helpers import LOG_HEAD, USER_DIR, diagnose, record
from profile_memory.core.messages import Text, joined, msg, render

UL = f"{USER_DIR}/user-profile-log.md"
UP = f"{USER_DIR}/user-profile.md"
JOURNAL = "/repo/memory/JOURNAL.jsonl"
PROFILE = "# User Profile\n\n## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n"
OTHER_FIELDS = '- **精简版**: 偏好 React\n- **原始上下文**: "原话"\n- **来源对话**: x\n'
HEADING = "### [PF-20260412-01] 2026-04-12 — 标题"
WRONG_EN, WRONG_ZH = "record heading in the wrong form: ", "记录标题格式不对："


def _log(heading: str = HEADING, category: str = "- **分类**: 技术偏好", op: str = "新增") -> str:
    return f"{LOG_HEAD}{heading}\n{category}\n{OTHER_FIELDS}- **操作**: {op}\n\n"


def _only(files: dict[str, str], path: str, code: str) -> Text:
    (message,) = [d.message for d in diagnose(files, path) if d.code == code]
    assert isinstance(message, Text)
    return message


def _both(message: Text) -> tuple[str, str]:
    return render(message, "en"), render(message, "zh")


HEADINGS = [
    (
        "### [PF-20260412-0x] 2026-04-12 — 标题",
        "malformed heading: `[PF-20260412-0x]` is not an anchor id (expected [PF-YYYYMMDD-NN]), "
        "found `### [PF-20260412-0x] 2026-04-12 — 标题`",
        "记录标题格式有误：`[PF-20260412-0x]` 不是锚点 id（应为 [PF-YYYYMMDD-NN]），"
        "实际写的是 `### [PF-20260412-0x] 2026-04-12 — 标题`",
    ),
    (
        "### 没有 id",
        "malformed heading: expected `### [PF-YYYYMMDD-NN] YYYY-MM-DD — title`, found `### 没有 id`",
        "记录标题格式有误：应为 `### [PF-YYYYMMDD-NN] YYYY-MM-DD — 标题`，实际写的是 `### 没有 id`",
    ),
    (
        "### [PF-20260412-01] 2026/4/12 — 标题",
        WRONG_EN + "the date is written `2026/4/12` (write 2026-04-12)",
        WRONG_ZH + "日期写成了 `2026/4/12`（应写 2026-04-12）",
    ),
    (
        "### [PF-20260412-01] 2026-04-12",
        WRONG_EN + "no title after the date",
        WRONG_ZH + "日期后面没有标题",
    ),
    (
        "### [PF-20260412-01] 2026-04-12 标题",
        WRONG_EN + "no separator ` — ` between the date and the title",
        WRONG_ZH + "日期和标题之间没有分隔符 ` — `",
    ),
    (
        "### [PF-20260412-01] 2026-04-12 | 标题",
        WRONG_EN + "the separator `|` between the date and the title (write ` — `)",
        WRONG_ZH + "日期和标题之间的分隔符是 `|`（应写 ` — `）",
    ),
    (
        "### [PF-20260412-01][PF-20260412-02] 2026-04-12 — 标题",
        WRONG_EN + "two ids `[PF-20260412-01][PF-20260412-02]` in one heading; a record has one id",
        WRONG_ZH + "一个标题里有两个 id `[PF-20260412-01][PF-20260412-02]`；一条记录只有一个 id",
    ),
    (
        "#### PF-20260412-01 2026-04-12 — 标题",
        WRONG_EN + "a record heading at level 4 (`####`); records are `###` headings; "
        "the id is not in square brackets",
        WRONG_ZH + "记录标题是 4 级标题（`####`）；记录应使用 `###` 标题；id 没有写在方括号里",
    ),
    (
        "### [PF-20260412-01] 标题",
        WRONG_EN + "no date YYYY-MM-DD after the id",
        WRONG_ZH + "id 后面没有日期 YYYY-MM-DD",
    ),
    (
        "### [PF-20260412-01] 2026-02-30 — 标题",
        WRONG_EN + "2026-02-30 is not a real date",
        WRONG_ZH + "2026-02-30 不是真实存在的日期",
    ),
]


@pytest.mark.parametrize(("heading", "english", "chinese"), HEADINGS)
def test_a_heading_in_another_form_is_pm016_in_both_languages(heading, english, chinese):
    message = _only({UL: _log(heading), UP: PROFILE}, UL, "PM016")
    assert _both(message) == (english, chinese)


def test_a_heading_with_extra_spaces_is_pm018_in_both_languages():
    heading = "### [PF-20260412-01]  2026-04-12 — 标题"
    message = _only({UL: _log(heading), UP: PROFILE}, UL, "PM018")
    assert _both(message) == (
        f"record heading with extra or missing spaces (write `{HEADING}`)",
        f"记录标题多了或少了空格（应写 `{HEADING}`）",
    )


FIELDS = [
    ("* **分类**: 技术偏好", "the bullet `*` (write `-`)", "列表符号是 `*`（应写 `-`）"),
    ("- 分类: 技术偏好", "the key is not in bold", "键没有加粗"),
    ("- **分類**: 技术偏好", "`分類` is the Traditional spelling of the key `分类`", None),
    ("- **类别**: 技术偏好", "the key is written `分类`", "键应写作 `分类`"),
    (
        "* 类别: 技术偏好",
        "the key is not in bold; the key is written `分类`; the bullet `*` (write `-`)",
        "键没有加粗；键应写作 `分类`；列表符号是 `*`（应写 `-`）",
    ),
]


@pytest.mark.parametrize(("line", "english", "chinese"), FIELDS)
def test_a_field_key_in_another_form_is_pm018_in_both_languages(line, english, chinese):
    label = line.lstrip("-* ").split(":")[0].strip("*")
    chinese = chinese or f"`{label}` 是键 `分类` 的繁体写法"
    message = _only({UL: _log(category=line), UP: PROFILE}, UL, "PM018")
    assert _both(message) == (
        f"field `{label}`: {english} (write `- **分类**: …`)",
        f"字段 `{label}`：{chinese}；应写成 `- **分类**: …`",
    )


OPERATIONS = [
    (
        "演進（甲 → 乙）",
        "`演進` is the Traditional spelling of `演进`; write the word `演进`",
        "`演進` 是 `演进` 的繁体写法；请写作 `演进`",
    ),
    ("演进（甲 => 乙）", "write `→` or `->` for `=>`", "把 `=>` 改写成 `→` 或 `->`"),
    ("演进（旧：甲 → 新：乙）", "drop the labels `旧：` `新：`", "去掉标签 `旧：` `新：`"),
    ("演进（旧：甲 → 乙）", "drop the label `旧：`", "去掉标签 `旧：`"),
    ("演进: 甲 → 乙", "put OLD → NEW in parentheses", "把 OLD → NEW 放进括号里"),
    ("更新: 甲 => 乙", "write `→` or `->` for `=>`; put OLD → NEW in parentheses", None),
]


@pytest.mark.parametrize(("op", "english", "chinese"), OPERATIONS)
def test_an_operation_in_another_form_is_pm018_in_both_languages(op, english, chinese):
    chinese = chinese or "把 `=>` 改写成 `→` 或 `->`；把 OLD → NEW 放进括号里"
    message = _only({UL: _log(op=op), UP: PROFILE}, UL, "PM018")
    assert _both(message) == (
        f"operation written `{op}`; {english}",
        f"操作写成了 `{op}`；{chinese}",
    )


SEVERAL = [
    ("新增 / 演进", "lists 2 operations (`新增`, `演进`)", "列出了 2 个操作（`新增`、`演进`）"),
    ("新增 → 删除", "goes from `新增` to `删除`", "从 `新增` 变成了 `删除`"),
    ("演进 → 新的", "has no OLD before its `→`", "的 `→` 前面没有 OLD"),
]


@pytest.mark.parametrize(("op", "english", "chinese"), SEVERAL)
def test_why_a_value_is_not_one_operation_reads_in_both_languages(op, english, chinese):
    english_text, chinese_text = _both(_only({UL: _log(op=op), UP: PROFILE}, UL, "PM013"))
    assert f"`{op}` {english};" in english_text
    assert f"`{op}` {chinese}；" in chinese_text


ENTRIES = [
    (
        "- <!-- PF-20260412-01 --> 偏好 React",
        "the anchor comment is placed before the entry's text; the canonical form is "
        "`<!-- PF-20260412-01 -->` at the end of the entry",
        "锚点注释放在了条目文字前面；规范写法是在条目末尾写 `<!-- PF-20260412-01 -->`",
    ),
    (
        "- <!--PF-20260412-01--> 偏好 React",
        "the anchor comment is written `<!--PF-20260412-01-->` and placed before the entry's "
        "text; the canonical form is `<!-- PF-20260412-01 -->` at the end of the entry",
        "锚点注释写成了 `<!--PF-20260412-01-->`，并且放在了条目文字前面；"
        "规范写法是在条目末尾写 `<!-- PF-20260412-01 -->`",
    ),
    (
        "- 偏好 React (PF-20260412-01)",
        "the id PF-20260412-01 is not in an anchor comment; the canonical form is "
        "`<!-- PF-20260412-01 -->`",
        "id PF-20260412-01 不在锚点注释里；规范写法是 `<!-- PF-20260412-01 -->`",
    ),
    (
        "- 偏好 React <!-- PF-20260412-01 note -->",
        "the anchor comment `<!-- PF-20260412-01 note -->` holds more than the id; the "
        "canonical form is `<!-- PF-20260412-01 -->`",
        "锚点注释 `<!-- PF-20260412-01 note -->` 里除了 id 还有别的内容；"
        "规范写法是 `<!-- PF-20260412-01 -->`",
    ),
]


@pytest.mark.parametrize(("entry", "english", "chinese"), ENTRIES)
def test_an_anchor_comment_in_another_form_is_pm018_in_both_languages(entry, english, chinese):
    files = {
        UP: f"# User Profile\n\n## 技术偏好\n{entry}\n",
        UL: LOG_HEAD + record("PF-20260412-01"),
    }
    assert _both(_only(files, UP, "PM018")) == (english, chinese)


def test_an_entry_before_any_category_is_pm009_in_both_languages():
    files = {UP: "# User Profile\n- 偏好 React <!-- PF-20260412-01 -->\n"}
    assert _both(_only(files, UP, "PM009")) == (
        "an entry must come after a `## ` category heading",
        "条目必须写在 `## ` 分类标题之后",
    )


JOURNAL_LINES = [
    (
        '{"ts": 1, "tags": "x", "text": " "}',
        "`ts` input should be a valid string; `tags` input should be a valid list; "
        "`text` must be a non-empty string",
        "`ts` 应为字符串；`tags` 应为列表；`text`：须为非空字符串",
    ),
    ('{"tags": []}', "`ts` is missing; `text` is missing", "缺少 `ts`；缺少 `text`"),
    (
        '{"ts": "2026-02-30T01:02:14.123Z", "tags": [], "text": "a"}',
        "`ts` 2026-02-30T01:02:14.123Z is not a real time",
        "`ts`：2026-02-30T01:02:14.123Z 不是真实存在的时间",
    ),
    (
        '{"ts": "2026-04-12", "tags": [1], "text": "a"}',
        "`ts` must be ISO-8601 UTC with milliseconds, like 2026-04-12T01:02:14.123Z; "
        "`tags.0` input should be a valid string",
        "`ts`：须为带毫秒的 ISO-8601 UTC 时间，例如 `2026-04-12T01:02:14.123Z`；"
        "`tags.0` 应为字符串",
    ),
]


@pytest.mark.parametrize(("line", "english", "chinese"), JOURNAL_LINES)
def test_an_invalid_journal_entry_is_pm021_in_both_languages(line, english, chinese):
    assert _both(_only({JOURNAL: line + "\n"}, JOURNAL, "PM021")) == (english, chinese)


def test_joined_parts_render_in_their_language_survive_pickling_and_masking():
    parts = [msg("heading.no_title"), msg("heading.no_brackets")]
    text = msg("heading.wrong_form", wrong=joined(parts))
    assert render(text, "zh") == "记录标题格式不对：日期后面没有标题；id 没有写在方括号里"
    again = pickle.loads(pickle.dumps(text))
    assert render(again, "zh") == render(text, "zh") and again == text
    masked = msg("anchor_comment.form", problems=joined(["x", "y"], "and"), id="PF-20260412-01")
    changed = masked.map_args(lambda s: s.upper())
    assert render(changed, "zh").startswith("锚点注释X，并且Y；")
    assert str(changed).startswith("the anchor comment is X and Y;")


def test_a_second_title_is_pm009_in_both_languages():
    files = {UP: "# User Profile\n\n## 技术偏好\n# Another\n"}
    assert _both(_only(files, UP, "PM009")) == (
        "only one `# ` title is allowed, before the first category",
        "只允许一个 `# ` 标题，并且要写在第一个分类之前",
    )


def test_a_pmem_toml_that_is_not_toml_is_said_in_both_languages():
    from profile_memory.core.config import ConfigFileError, parse_config_text

    with pytest.raises(ConfigFileError) as caught:
        parse_config_text("a = = 1\n", "pmem.toml")
    english, chinese = _both(caught.value.args[0])
    assert english.startswith("pmem.toml: not valid TOML: ") and english == str(caught.value)
    assert chinese.startswith("pmem.toml：不是有效的 TOML：")


def test_a_secret_refusal_names_family_and_place_in_both_languages():
    from profile_memory.core.secrets import describe

    token = "ghp_" + "A1b2C3d4E5" * 3 + "F6g7H8"
    one = describe(f"key {token}", "the text")
    assert _both(one) == (
        "the text contains what looks like a github-token at column 5; secrets are never "
        "written to memory files",
        "the text 中有看起来像 github-token 的内容，位于第 5 列；机密从不写入记忆文件",
    )
    two = describe(f"x\nkey {token} {token}", "the text")
    english, chinese = _both(two)
    assert "at line 2, column 5 (and 1 more);" in english
    assert "位于第 2 行第 5 列（另有 1 处）；" in chinese


def test_an_unsafe_source_carries_its_reason_as_a_text():
    from pathlib import PurePath

    from profile_memory.core.buffers import UnsafeSource, undecodable
    from profile_memory.core.messages import said

    error = UnsafeSource(PurePath("/m/FACT.md"), undecodable((2, 4)))
    assert _both(said(error)) == (
        "/m/FACT.md: has bytes that are not UTF-8 (the first at line 3, column 5); it is not "
        "rewritten, which would replace them; re-save it as UTF-8 first",
        "/m/FACT.md：含有非 UTF-8 字节（第一处在第 3 行第 5 列）；改写会替换掉这些字节，"
        "所以不改写它；请先把它另存为 UTF-8",
    )
    assert str(error) == render(said(error), "en") and said(ValueError("plain")) == "plain"


def test_a_cached_anchor_problem_renders_in_whichever_language_asks_next():
    from profile_memory.core import anchors

    anchors.problem.cache_clear()
    for lang in ("en", "zh", "en"):  # the cache holds a key and its fields, never a rendering
        problem = anchors.problem("PF-20261399-01")
        assert isinstance(problem, Text)
        assert (
            render(problem, lang) == {"en": "month 13 does not exist", "zh": "不存在 13 月"}[lang]
        )
    assert anchors.problem("PF-20261399-01") is anchors.problem("PF-20261399-01")


def test_what_the_memory_store_refuses_reads_in_both_languages(tmp_path):
    from profile_memory.core.messages import said
    from profile_memory.store.memory import BadInput, journal_entry, memory_folder
    from profile_memory.store.safe import UnsafePath

    with pytest.raises(UnsafePath) as outside:
        memory_folder(tmp_path / "notes")
    assert _both(said(outside.value)) == (
        f"{tmp_path / 'notes'}: is not an agent memory folder (its name must be `memory`)",
        f"{tmp_path / 'notes'}：不是智能体记忆文件夹（它的名字必须是 `memory`）",
    )
    with pytest.raises(BadInput) as empty:
        journal_entry("  ", [])
    assert _both(said(empty.value)) == ("the journal text is empty", "日记文本是空的")
    token = "ghp_" + "A1b2C3d4E5" * 3 + "F6g7H8"
    with pytest.raises(BadInput) as secret:
        journal_entry("ok", [token])
    english, chinese = _both(said(secret.value))
    assert english.startswith("a tag contains what looks like a github-token at column 1;")
    assert chinese.startswith("标签 中有看起来像 github-token 的内容，位于第 1 列；")


def test_a_block_recall_leaves_out_is_named_in_both_languages():
    from profile_memory.core.recall import Unread, unread_note

    note = unread_note(Unread("memory/FACT.md", msg("unsafe.link", name="FACT.md")))
    assert _both(note) == (
        "memory/FACT.md: FACT.md is a symbolic link; its block is left out",
        "memory/FACT.md：FACT.md 是符号链接；它的块没有放进来",
    )
