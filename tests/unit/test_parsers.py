"""The parsers on in-memory texts: positions, keys in both languages, line endings, operations."""

from profile_memory.core.log import Op, parse_log, parse_operation
from profile_memory.core.pending import ProposalKind, Scope, parse_pending
from profile_memory.core.profile import parse_profile

PROFILE = """# User Profile

## 技术偏好
- 偏好 React <!-- PF-20260412-02 -->
- 🎉emoji 开头 <!-- PF-20260412-03 -->
- 没有锚点的条目
"""


def test_profile_entries_categories_and_code_point_columns():
    doc = parse_profile(PROFILE)
    assert doc.title_line == 0 and [c.name for c in doc.categories] == ["技术偏好"]
    first, emoji, unconfirmed = doc.entries
    assert (first.text, first.id, first.category) == ("偏好 React", "PF-20260412-02", "技术偏好")
    line = PROFILE.split("\n")[4]
    assert emoji.anchors[0].span.start_col == line.index("PF-") == 17
    assert emoji.text_span.start_col == 2 and emoji.text == "🎉emoji 开头"
    assert unconfirmed.id is None and not doc.malformed


def test_profile_with_crlf_and_bom_free_text_keeps_columns():
    doc = parse_profile(PROFILE.replace("\n", "\r\n"))
    assert doc.line_count == 6
    assert [e.id for e in doc.entries] == ["PF-20260412-02", "PF-20260412-03", None]


def test_profile_multiline_comment_is_allowed():
    doc = parse_profile("# T\n<!--\nnotes for the agent\n-->\n## A\n- x <!-- PF-20260412-01 -->\n")
    assert not doc.malformed and len(doc.entries) == 1


LOG = """# User Profile Log

## 记录

### [PF-20260412-02] 2026-04-12 — 前端技术栈偏好
- **分类**: 技术偏好
- **精简版**：偏好 React
- **原始上下文：** "以后前端都用 React 吧"
  这句话是在讨论选型时说的
- **来源对话**: [讨论前端选型](chat-3f2a)
- **操作**: 新增

### [PF-20260412-02] 2026-05-01 – 演进
- **Category**: 技术偏好
- **Summary**: 偏好 React + Next.js
- **Context**: "SSR"
- **Source**: chat
- **Operation**: evolve (偏好 React -> 偏好 React + Next.js)
## 其他
- **分类**: not part of a record
"""


def test_log_records_fields_continuations_and_languages():
    doc = parse_log(LOG)
    first, second = doc.records
    assert (
        first.id == "PF-20260412-02"
        and str(first.date) == "2026-04-12"
        and first.title == "前端技术栈偏好"
    )
    assert first.value("summary") == "偏好 React"
    assert first.value("context") == '"以后前端都用 React 吧"\n这句话是在讨论选型时说的'
    assert first.fields["context"].value_span.end_line == 8
    assert first.op is Op.ADD and not first.english
    assert second.english and second.op is Op.EVOLVE
    assert (second.operation.old, second.operation.new) == ("偏好 React", "偏好 React + Next.js")
    assert second.end_line == 18  # the `## 其他` heading ends the record
    assert doc.language == "zh"


def test_log_id_span_points_at_the_token():
    doc = parse_log("### [PF-20260412-02] 2026-04-12 — t\n")
    record = doc.records[0]
    assert doc.lines[0][record.id_span.start_col : record.id_span.end_col] == "PF-20260412-02"


def test_log_headings_with_a_readable_id_are_records_with_one_slip_each():
    doc = parse_log(
        "### PF-20260412-02 2026-04-12 — t\n### [PF-20260412-02] 2026-02-30 — t\n### [PF-20260412-02] 2026-04-12\n"
        "### [note] 2026-04-12 — t\n"
    )
    assert [r.id for r in doc.records] == ["PF-20260412-02"] * 3
    reasons = [[slip.message for slip in r.slips] for r in doc.records]
    assert all(len(r) == 1 for r in reasons)
    assert (
        "square brackets" in reasons[0][0]
        and "not a real date" in reasons[1][0]
        and "title" in reasons[2][0]
    )
    assert [r.slips[0].code for r in doc.records] == ["PM016"] * 3
    assert (
        len(doc.malformed_headings) == 1
        and "`[note]` is not an anchor id" in doc.malformed_headings[0].reason
    )


def test_log_heading_with_malformed_id_is_a_record_without_id():
    doc = parse_log("### [PF-20261301-01] 2026-04-12 — t\n- **操作**: 新增\n")
    assert doc.records[0].id is None and not doc.malformed_headings
    assert [t.text for t in doc.bad_tokens] == ["PF-20261301-01"]


def test_operations_every_word():
    for word, op in [
        ("新增", Op.ADD),
        ("add", Op.ADD),
        ("演进", Op.EVOLVE),
        ("更新", Op.EVOLVE),
        ("Update", Op.EVOLVE),
        ("转向", Op.PIVOT),
        ("pivot", Op.PIVOT),
        ("删除", Op.DELETE),
        ("delete", Op.DELETE),
        ("恢复", Op.RESTORE),
        ("restore", Op.RESTORE),
    ]:
        assert parse_operation(word).kind is op
    parsed = parse_operation("转向（面向 C 端个人用户 → 转向 B 端企业客户）")
    assert (parsed.kind, parsed.old, parsed.new) == (
        Op.PIVOT,
        "面向 C 端个人用户",
        "转向 B 端企业客户",
    )
    assert parse_operation("随便").kind is None


def test_deleted_title_marks_a_delete():
    doc = parse_log("### [PF-20260412-02] 2026-04-12 — 深色主题（已删除）\n- **操作**: 新增\n")
    assert doc.records[0].op is Op.DELETE


PENDING = """本次对话中我注意到以下可记录的画像信息：

**个人画像：**
- [新增][沟通偏好] 回答要简短，先给结论
  - 原始上下文: "给我简短的回答"
  - 来源对话: [周报讨论](chat-77aa)
- [演进][技术偏好] 旧：偏好 React → 新：偏好 React + Next.js 全栈开发 <!-- PF-20260412-02 -->
- [转向][产品理解] 旧：面向 C 端个人用户 → 新：转向 B 端企业客户 ⚠️

## Project
- [add][技术栈与架构] 后端使用 FastAPI + PostgreSQL 建议新增分类: [部署]
建议新增分类: [运维]
- 这不是提议
"""


def test_pending_proposals_scopes_sub_lines_and_targets():
    doc = parse_pending(PENDING)
    add, evolve, pivot, project_add = doc.proposals
    assert (add.scope, add.kind, add.category, add.text) == (
        Scope.USER,
        ProposalKind.ADD,
        "沟通偏好",
        "回答要简短，先给结论",
    )
    assert (
        add.context == '"给我简短的回答"'
        and add.source == "[周报讨论](chat-77aa)"
        and add.end_line == 6
    )
    assert (evolve.kind, evolve.old, evolve.text, evolve.target.text) == (
        ProposalKind.EVOLVE,
        "偏好 React",
        "偏好 React + Next.js 全栈开发",
        "PF-20260412-02",
    )
    assert pivot.text == "转向 B 端企业客户"
    assert (
        project_add.scope is Scope.PROJECT and project_add.text == "后端使用 FastAPI + PostgreSQL"
    )
    assert {s.name for s in doc.suggestions} == {"部署", "运维"}
    assert [m.line for m in doc.malformed] == [12]


def test_pending_proposal_before_scope_is_malformed():
    doc = parse_pending("- [新增][沟通偏好] 简短\n")
    assert not doc.proposals and "before any scope" in doc.malformed[0].reason


def test_entry_text_ends_at_a_malformed_anchor_comment_too():
    doc = parse_profile("# T\n## A\n- 坏锚点 <!-- PF-20261301-01 -->\n")
    assert doc.entries[0].text == "坏锚点" and doc.entries[0].anchors == []
