"""The shared reading pieces of #24: which lines are code or comment (`blocks.code_lines`), which
heading a category name means (`profile.category_key`), and where a proposal may stand in the
pending file (`pending.parse_pending`)."""

from __future__ import annotations

import pytest
from profile_memory.core.blocks import code_lines
from profile_memory.core.log import parse_log
from profile_memory.core.pending import ProposalKind, Scope, parse_pending
from profile_memory.core.profile import category_key, parse_profile, same_category


def lines(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        ("a\n```\nb\n```\nc", {1, 2, 3}),
        ("a\n~~~python title=x\nb\n~~~\nc", {1, 2, 3}),
        ("- item\n  ```md\n  ### x\n  ```\n- next", {1, 2, 3}),  # indented, inside a list
        ("````\n```\nb\n```\n````\nc", {0, 1, 2, 3, 4}),  # a longer fence holds a shorter one
        ("~~~\n```\n~~~\nc", {0, 1, 2}),  # only the same character closes
        ("a\n```\nb\n```\n```\n### [PF-20260101-01] x", {1, 2, 3}),  # never closed: a slip
        ("```\nb\n``` not a close\nc", set()),
        ("<!--\nb\nc", set()),
        ("a ```inline``` b\n```js```\nc", set()),  # inline code is no fence
        ("<!--\n### [PF-20260101-01] x\n-->\nc", {0, 1, 2}),
        ("- entry <!-- PF-20260101-01 -->\nc", set()),  # an anchor is a one-line comment
        ("> ```\n> b\n> ```\nc", {0, 1, 2}),  # in a blockquote
        ("plain\ntext", set()),
    ],
)
def test_code_lines(text, hidden):
    assert code_lines(lines(text)) == hidden


@pytest.mark.parametrize(
    "name",
    [
        "技术偏好",
        "🛠️ 技术偏好",
        "🛠 技术偏好",
        " 技术 偏好 ",
        "技术偏好 ✨",
        "⭐️⭐️ 技术偏好",
        "技术偏好\ufe0f",
    ],
)
def test_a_decorated_heading_is_its_category(name):
    assert category_key(name) == "技术偏好" and same_category(name, "## 🛠️ 技术偏好"[3:])


def test_full_width_forms_and_case_are_one_category():
    assert same_category("ＡＰＩ 设计", "api设计") and same_category("Code Style", "🎯 code style")
    assert not same_category("技术偏好", "技术选型") and not same_category(
        "产品理解（C 端）", "产品理解"
    )


def test_profile_reads_entries_by_their_plain_category_and_skips_examples():
    doc = parse_profile(
        "# User Profile\n\n## 🛠️ 技术偏好\n- 偏好 Vue <!-- PF-20260302-03 -->\n\n"
        "```\n## 假分类\n- 示例 <!-- PF-20260101-01 -->\n```\n"
    )
    assert [c.name for c in doc.categories] == ["🛠️ 技术偏好"]
    assert [e.id for e in doc.entries_in("技术偏好")] == ["PF-20260302-03"]
    assert doc.heading_named("技术偏好") is doc.categories[0] and not doc.malformed


def test_log_reads_no_record_in_a_fence_or_comment_and_keeps_its_lines():
    text = (
        "# Log\n\n```markdown\n### [PF-20260101-01] 2026-01-01 — 示例\n- **操作**: 新增\n```\n"
        "<!--\n### [PF-20260102-01] 2026-01-02 — 旧\n-->\n\n## 记录\n\n"
        "### [PF-20260302-01] 2026-03-02 — 真记录\n- **分类**: 审美与设计\n"
    )
    doc = parse_log(text)
    assert [r.id for r in doc.records] == ["PF-20260302-01"]
    assert doc.lines[3].startswith("### [PF-20260101-01]")  # the text as written, for every writer
    assert not doc.bad_tokens and not doc.malformed_headings


SEED_MESSAGE = """本次对话中我注意到以下可记录的画像信息：

   **个人画像：**
   - [新增][技术偏好] 用 uv
     - 原始上下文：用户说"用 uv"
   - [转向][做事风格] 旧：先写代码 → 新：先写测试 ⚠️

⚠️ 以下条目与已有记录存在方向性变化，请特别关注：

> **项目画像：**
> 1. [新增][项目定位] 个人工具
> 2) [演进][技术栈] 旧：Flask → 新：FastAPI
>    - 来源对话：架构讨论

1. 全部确认
2. 逐条修改

```
- [新增][分类] 条目内容
```

"是否记录？你可以全部确认、逐条修改或跳过。"
"""


def test_the_seeds_message_is_read_wherever_it_puts_its_proposals():
    doc = parse_pending(SEED_MESSAGE)
    assert [(p.line, p.scope, p.kind, p.category, p.text) for p in doc.proposals] == [
        (3, Scope.USER, ProposalKind.ADD, "技术偏好", "用 uv"),
        (5, Scope.USER, ProposalKind.PIVOT, "做事风格", "先写测试"),
        (10, Scope.PROJECT, ProposalKind.ADD, "项目定位", "个人工具"),
        (11, Scope.PROJECT, ProposalKind.EVOLVE, "技术栈", "FastAPI"),
    ]
    first, _, _, last = doc.proposals
    assert (first.end_line, first.context) == (5, '用户说"用 uv"')
    assert (last.end_line, last.old, last.source, last.prefix) == (13, "Flask", "架构讨论", "> 2) ")
    assert doc.malformed == []  # the prose, the ⚠️ sentence, the numbered options, the example


RECORD = "### [PF-20260301-01] 2026-03-01 — 真记录\n- **分类**: 技术偏好\n- **操作**: 新增\n"
WITH_EXAMPLE = "# Log\n\n```\n### [PF-20260101-01] 2026-01-01 — 示例\n```\n\n" + RECORD


def read_records(doc) -> list[tuple[str | None, int, dict[str, str]]]:
    return [(r.id, r.line, {k: f.value for k, f in r.fields.items()}) for r in doc.records]


@pytest.mark.parametrize(
    "edited",
    [
        WITH_EXAMPLE.replace("— 示例", "— 例子"),  # inside the fence: nothing read changes
        WITH_EXAMPLE.replace("```\n\n", "\n\n", 1),  # the fence no longer closed: hides nothing
        WITH_EXAMPLE.replace("# Log\n", "# Log\n```\n"),  # a fence opened above: closes the other
        WITH_EXAMPLE.replace("- **操作**: 新增", "- **操作**: 演进（a → b）"),  # below the fence
        WITH_EXAMPLE
        + "\n```\n"
        + RECORD.replace("-01]", "-02]")
        + "```\n",  # a fenced example below
        RECORD,  # the example gone
    ],
)
def test_a_log_parsed_from_the_previous_one_reads_as_one_parsed_afresh(edited):
    from_previous = parse_log(edited, parse_log(WITH_EXAMPLE))
    assert read_records(from_previous) == read_records(parse_log(edited))
    assert from_previous.lines == edited.split("\n")
