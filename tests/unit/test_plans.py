"""Edit plans, golden: input texts -> exact output texts, Chinese and English, LF and CRLF (+BOM)."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

import pytest
from helpers import PROJECT_DIR, USER_DIR, memory_workspace
from hypothesis import given
from hypothesis import strategies as st
from profile_memory.core.buffers import Edit, apply_edits, diff_edit
from profile_memory.core.log import Op
from profile_memory.core.pending import ProposalKind, Scope, parse_pending
from profile_memory.core.plans import PairRef, PlanError, Planner
from profile_memory.core.span import Span
from profile_memory.store.templates import template_text

TODAY = dt.date(2026, 11, 30)
UP, UL = f"{USER_DIR}/user-profile.md", f"{USER_DIR}/user-profile-log.md"
PENDING = f"{PROJECT_DIR}/profile-pending.md"
USER = PairRef(PurePath(USER_DIR), "user-profile")

PROFILE = "# User Profile\n\n## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n\n## 沟通偏好\n- 回答简短\n"
LOG = (
    "# User Profile Log\n\n## 记录\n\n### [PF-20260412-01] 2026-04-12 — 偏好 React\n- **分类**: 技术偏好\n"
    '- **精简版**: 偏好 React\n- **原始上下文**: "用 React"\n- **来源对话**: [选型](chat-1)\n- **操作**: 新增\n'
)


def run(files: dict, operation) -> dict[str, str]:
    """Plan on the given texts, then apply the plan's edits the way the CLI does; the changed texts."""
    workspace = memory_workspace(files)
    planner = Planner(workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text)
    operation(planner)
    plan = planner.finish("test")
    result = {}
    for change in plan.files:
        original = "" if change.create else workspace.source(change.path).text
        result[str(change.path)] = apply_edits(original, change.edits)
    return result


def record(
    anchor, title, category, summary, op, context="（未记录）", source="（未记录）", extra=""
):
    return (
        f"### [{anchor}] 2026-11-30 — {title}\n- **分类**: {category}\n- **精简版**: {summary}\n"
        f"- **原始上下文**: {context}\n- **来源对话**: {source}\n- **操作**: {op}\n{extra}"
    )


def test_add_goes_to_the_end_of_its_category_with_an_add_record():
    out = run(
        {UP: PROFILE, UL: LOG},
        lambda p: p.add(USER, "技术偏好", "测试用 pytest", '"用 pytest"', "[补测试](chat-2)"),
    )
    assert out[UP] == PROFILE.replace(
        "PF-20260412-01 -->\n", "PF-20260412-01 -->\n- 测试用 pytest <!-- PF-20261130-01 -->\n"
    )
    assert out[UL] == LOG + "\n" + record(
        "PF-20261130-01",
        "测试用 pytest",
        "技术偏好",
        "测试用 pytest",
        "新增",
        '"用 pytest"',
        "[补测试](chat-2)",
    )


def test_add_to_a_new_category_and_to_missing_files_uses_the_templates():
    out = run({}, lambda p: p.add(USER, "部署", "用 Actions 发布"))
    assert (
        out[UP]
        == template_text("user-profile.md")
        + "\n## 部署\n- 用 Actions 发布 <!-- PF-20261130-01 -->\n"
    )
    assert out[UL] == template_text("user-profile-log.md") + "\n" + record(
        "PF-20261130-01", "用 Actions 发布", "部署", "用 Actions 发布", "新增"
    )


def test_confirm_an_unconfirmed_entry():
    out = run({UP: PROFILE, UL: LOG}, lambda p: p.confirm_entry(USER, 6))
    assert out[UP].endswith("- 回答简短 <!-- PF-20261130-01 -->\n")
    assert out[UL].endswith(record("PF-20261130-01", "回答简短", "沟通偏好", "回答简短", "新增"))


def test_evolve_keeps_the_id_and_records_old_to_new():
    out = run(
        {UP: PROFILE, UL: LOG},
        lambda p: p.reword(USER, "PF-20260412-01", Op.EVOLVE, "偏好 React + Next.js"),
    )
    assert "- 偏好 React + Next.js <!-- PF-20260412-01 -->\n" in out[UP]
    assert out[UL].endswith(
        record(
            "PF-20260412-01",
            "偏好 React + Next.js（演进）",
            "技术偏好",
            "偏好 React + Next.js",
            "演进（偏好 React → 偏好 React + Next.js）",
        )
    )


def test_pivot_takes_a_new_id_that_supersedes_the_old():
    out = run(
        {UP: PROFILE, UL: LOG}, lambda p: p.reword(USER, "PF-20260412-01", Op.PIVOT, "想转 Vue")
    )
    assert "- 想转 Vue <!-- PF-20261130-01 -->\n" in out[UP] and "PF-20260412-01" not in out[UP]
    assert out[UL].endswith(
        record(
            "PF-20261130-01",
            "想转 Vue（转向）",
            "技术偏好",
            "想转 Vue",
            "转向（偏好 React → 想转 Vue）",
            extra="- **取代**: PF-20260412-01\n",
        )
    )


def test_delete_removes_the_line_and_records_the_removed_text():
    out = run({UP: PROFILE, UL: LOG}, lambda p: p.delete(USER, "PF-20260412-01"))
    assert out[UP] == PROFILE.replace("- 偏好 React <!-- PF-20260412-01 -->\n", "")
    assert out[UL].endswith(
        record("PF-20260412-01", "偏好 React（已删除）", "技术偏好", "偏好 React", "删除")
    )


def test_english_crlf_log_gets_english_keys_and_crlf():
    english_log = (
        "# User Profile Log\r\n\r\n## Records\r\n\r\n### [PF-20260412-01] 2026-04-12 - React\r\n"
        "- **Category**: 技术偏好\r\n- **Summary**: 偏好 React\r\n- **Context**: x\r\n- **Source**: y\r\n"
        "- **Operation**: add\r\n"
    )
    out = run(
        {UP: PROFILE.replace("\n", "\r\n"), UL: english_log},
        lambda p: p.reword(USER, "PF-20260412-01", Op.EVOLVE, "偏好 Vue"),
    )
    assert out[UL] == english_log + (
        "\r\n### [PF-20260412-01] 2026-11-30 — 偏好 Vue (evolve)\r\n- **Category**: 技术偏好\r\n- **Summary**: 偏好 Vue\r\n"
        "- **Context**: (not recorded)\r\n- **Source**: (not recorded)\r\n- **Operation**: evolve (偏好 React -> 偏好 Vue)\r\n"
    )
    assert "- 偏好 Vue <!-- PF-20260412-01 -->\r\n" in out[UP] and "\n" not in out[UP].replace(
        "\r\n", ""
    )


PENDING_TEXT = (
    '**个人画像：**\n- [新增][沟通偏好] 先给结论\n  - 原始上下文: "先说结论"\n'
    "- [演进][技术偏好] 旧：偏好 React → 新：偏好 React + Next.js\n\n**项目画像：**\n"
    "- [新增][部署] 用 Actions 发布\n建议新增分类: [部署]\n"
)


def test_confirm_all_applies_in_order_with_distinct_ids_and_empties_the_pending_file():
    files = {UP: PROFILE, UL: LOG, PENDING: PENDING_TEXT}

    def confirm_all(planner: Planner) -> None:
        for proposal in parse_pending(planner.text(PurePath(PENDING))).proposals:
            planner.decide(PurePath(PENDING), proposal, "confirm")

    out = run(files, confirm_all)
    assert out[PENDING] == "**个人画像：**\n\n**项目画像：**\n建议新增分类: [部署]\n"
    assert (
        "- 先给结论 <!-- PF-20261130-01 -->" in out[UP]
        and "- 偏好 React + Next.js <!-- PF-20260412-01 -->" in out[UP]
    )
    assert '- **原始上下文**: "先说结论"' in out[UL]
    project = out[f"{PROJECT_DIR}/project-profile.md"]
    assert project.endswith("## 部署\n- 用 Actions 发布 <!-- PF-20261130-02 -->\n")


def test_keep_both_and_discard():
    files = {UP: PROFILE, UL: LOG, PENDING: PENDING_TEXT}
    proposals = parse_pending(PENDING_TEXT).proposals
    out = run(files, lambda p: p.decide(PurePath(PENDING), proposals[1], "keep-both"))
    assert (
        "- 偏好 React <!-- PF-20260412-01 -->" in out[UP]
        and "- 偏好 React + Next.js <!-- PF-20261130-01 -->" in out[UP]
    )
    out = run(files, lambda p: p.decide(PurePath(PENDING), proposals[0], "discard"))
    assert list(out) == [PENDING] and "先给结论" not in out[PENDING]


def test_propose_appends_under_its_scope_header():
    out = run(
        {PENDING: PENDING_TEXT},
        lambda p: p.propose(
            PurePath(PENDING),
            Scope.USER,
            ProposalKind.PIVOT,
            "技术偏好",
            "想转 Vue",
            old="偏好 React",
            context='"试试 Vue"',
        ),
    )
    assert (
        '- [转向][技术偏好] 旧：偏好 React → 新：想转 Vue ⚠️\n  - 原始上下文: "试试 Vue"\n\n**项目画像：**'
        in out[PENDING]
    )


@pytest.mark.parametrize(
    "operation, words",
    [
        (lambda p: p.reword(USER, "PF-20990101-01", Op.EVOLVE, "x"), "no entry"),
        (lambda p: p.add(USER, "技术偏好", "   "), "empty"),
    ],
)
def test_refused_operations(operation, words):
    with pytest.raises(PlanError, match=words):
        run({UP: PROFILE, UL: LOG}, operation)


def test_diff_edit_is_minimal_and_round_trips():
    old, new = "a\r\n中文 🧠 b\nc", "a\r\n中文 🧠 X b\nc"
    edit = diff_edit(old, new)
    assert edit == Edit(Span(1, 5, 1, 5), "X ")
    assert apply_edits(old, [edit]) == new


def test_a_file_read_only_up_to_the_size_bound_is_never_rewritten():
    from profile_memory.core.buffers import UnsafeSource

    workspace = memory_workspace({UP: PROFILE, UL: LOG + "x" * 500 + "\n"}, max_file_bytes=300)
    planner = Planner(workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text)
    with pytest.raises(UnsafeSource, match="size bound"):
        planner.add(USER, "技术偏好", "新条目")


@given(
    st.lists(st.sampled_from(["a", "中", "🧠", "\n", "\r", "\r\n"]), max_size=20).map("".join),
    st.data(),
)
def test_positions_are_counted_as_the_line_starts_give_them(text, data):
    from bisect import bisect_right

    from profile_memory.core.text import line_starts, position_of

    offset = data.draw(st.integers(0, len(text)))
    starts = line_starts(text)
    line = bisect_right(starts, offset) - 1
    assert position_of(text, offset) == (line, offset - starts[line])


@given(
    st.lists(st.sampled_from(["a", "中", "🧠", "\n", "\r", "\r\n"]), max_size=20).map("".join),
    st.lists(st.sampled_from(["b", "文", "\n", "\r"]), max_size=5).map("".join),
    st.data(),
)
def test_diff_edit_round_trips(old, inserted, data):
    at = data.draw(st.integers(0, len(old)))
    cut = data.draw(st.integers(at, len(old)))
    new = old[:at] + inserted + old[cut:]
    assert apply_edits(old, [diff_edit(old, new)]) == new


def test_pm019_fixes_move_the_entry_or_record_its_category():
    profile = PROFILE.replace("## 沟通偏好\n- 回答简短\n", "## 沟通偏好\n")
    wrong = (
        profile.replace("## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n", "## 技术偏好\n")
        + "- 偏好 React <!-- PF-20260412-01 -->\n"
    )
    moved = run({UP: wrong, UL: LOG}, lambda p: Planner.move_entry(p, USER, 5, "技术偏好"))
    assert (
        moved[UP] == profile and UL not in moved
    )  # the profile only: the log already says 技术偏好
    recorded = run(
        {UP: wrong, UL: LOG}, lambda p: Planner.record_category(p, USER, "PF-20260412-01")
    )
    assert UP not in recorded
    assert recorded[UL].endswith(
        "### [PF-20260412-01] 2026-11-30 — 偏好 React（演进）\n- **分类**: 沟通偏好\n"
        "- **精简版**: 偏好 React\n- **原始上下文**: （未记录）\n- **来源对话**: （未记录）\n"
        "- **操作**: 演进\n"
    )


@pytest.mark.parametrize(
    "operation",
    [
        lambda p: p.delete(USER, "PF-20260412-01"),
        lambda p: p.add(USER, "技术偏好", "测试用 pytest", '"用 pytest"', "[补测试](chat-2)"),
    ],
)
def test_a_plan_leaves_no_cycles_behind(operation):
    """A planner's texts (a whole log each, on a large one hundreds of MB in all) are freed when
    the plan is dropped, not when the cycle collector next runs."""
    import gc

    workspace = memory_workspace({UP: PROFILE, UL: LOG})
    gc.collect()
    gc.disable()
    try:
        planner = Planner(
            workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text
        )
        operation(planner)
        plan = planner.finish("test")
        del planner, plan
        assert gc.collect() == 0
    finally:
        gc.enable()
