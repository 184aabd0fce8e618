"""Tolerant reading: each form agents slip into reads as its canonical twin, with exactly one finding at
the slip, and its quick fix (the planner's `normalise`) writes the twin. In Chinese and English, with emoji."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

import pytest
from helpers import USER_DIR, memory_workspace
from profile_memory.core.buffers import apply_edits
from profile_memory.core.plans import PairRef, Planner
from profile_memory.core.rules import check_path
from profile_memory.store.templates import template_text

UP, UL = f"{USER_DIR}/user-profile.md", f"{USER_DIR}/user-profile-log.md"
USER = PairRef(PurePath(USER_DIR), "user-profile")
HEAD = {"zh": "# User Profile Log\n\n## 记录\n\n", "en": "# User Profile Log\n\n## Records\n\n"}
KEYS = {
    "zh": ("分类", "精简版", "原始上下文", "来源对话", "操作"),
    "en": ("Category", "Summary", "Context", "Source", "Operation"),
}
ADD = {"zh": "新增", "en": "add"}


def heading(anchor: str, title: str, date: str = "2026-03-02") -> str:
    return f"### [{anchor}] {date} — {title}"


def fields(
    language: str, category: str, summary: str, op: str, lines: dict[int, str] | None = None
) -> list[str]:
    values = (category, summary, '"原话 🙂"', "[对话](chat-1)", op)
    written = [f"- **{key}**: {value}" for key, value in zip(KEYS[language], values, strict=False)]
    for index, line in (lines or {}).items():
        written[index] = line
    return written


def log(language: str, *records: list[str]) -> str:
    return HEAD[language] + "\n".join("\n".join(r) + "\n" for r in records)


def profile(*entries: str, category: str = "技术偏好") -> str:
    return f"# User Profile\n\n## {category}\n" + "".join(f"{e}\n" for e in entries)


def diagnostics(files: dict[str, str]) -> list[tuple[str, int, str]]:
    workspace = memory_workspace(files)
    return [
        (PurePath(path).name, d.span.start_line, d.code)
        for path in files
        for d in check_path(workspace, PurePath(path))
    ]


def reading(files: dict[str, str]) -> dict:
    """What the engine understands of a pair: entries, and each id's operations, state and latest summary."""
    pair = memory_workspace(files).pair(PurePath(USER_DIR), "user-profile")
    entries = (
        [(e.category, e.text, [a.text for a in e.anchors]) for e in pair.profile.doc.entries]
        if pair.profile
        else []
    )
    histories = {
        i: ([r.op for r in h.records], [r.date for r in h.records], h.state, h.latest_summary)
        for i, h in pair.log_index.histories.items()
    }
    return {"entries": entries, "histories": histories}


def normalised(files: dict[str, str], path: str) -> str:
    workspace = memory_workspace(files)
    fixes = Planner(
        workspace,
        workspace.profile_set(PurePath("/repo/.cursor/profile")),
        dt.date(2026, 11, 30),
        template_text,
    )
    fixes.normalise(PurePath(path))
    plan = fixes.finish("fix")
    return apply_edits(files[path], plan.files[0].edits) if plan.files else files[path]


def assert_twins(
    sloppy: dict[str, str], canonical: dict[str, str], path: str, line: int, code: str | None
) -> None:
    """The sloppy files read as the canonical ones, with one finding (`code`) on `line` of `path`, and the fix
    writes the canonical text."""
    assert diagnostics(canonical) == []
    expected = [(PurePath(path).name, line, code)] if code else []
    assert diagnostics(sloppy) == expected
    assert reading(sloppy) == reading(canonical)
    if code:
        assert normalised(sloppy, path) == canonical[path]


ENTRY_TEXT = "偏好极简界面 🎨，先给结论"
ID = "PF-20260302-01"
CANONICAL_LOG = log("zh", [heading(ID, "极简"), *fields("zh", "技术偏好", ENTRY_TEXT, "新增")])


# -- anchors in the compact profile ----------------------------------------------------------------
@pytest.mark.parametrize(
    "written",
    [
        f"- {ENTRY_TEXT} <!--{ID}-->",
        f"- {ENTRY_TEXT} <!-- {ID}-->",
        f"- {ENTRY_TEXT} <!--{ID} -->",
        f"- {ENTRY_TEXT} <!--   {ID}   -->",
        f"- <!-- {ID} --> {ENTRY_TEXT}",
        f"- <!--{ID}--> {ENTRY_TEXT}",
        f"- {ENTRY_TEXT} ({ID})",
        f"- {ENTRY_TEXT} [{ID}]",
    ],
)
def test_anchor_forms_read_as_the_canonical_entry(written):
    canonical = {UP: profile(f"- {ENTRY_TEXT} <!-- {ID} -->"), UL: CANONICAL_LOG}
    sloppy = {UP: profile(written), UL: CANONICAL_LOG}
    assert_twins(sloppy, canonical, UP, 3, "PM018")


def test_a_malformed_id_that_plainly_means_one_is_read_as_it_and_reported_once_as_pm004():
    sloppy = {UP: profile(f"- {ENTRY_TEXT} <!-- PF-20260302-1 -->"), UL: CANONICAL_LOG}
    assert diagnostics(sloppy) == [("user-profile.md", 3, "PM004")]  # no PM006, no PM007
    assert reading(sloppy)["entries"] == [("技术偏好", ENTRY_TEXT, [ID])]


# -- record headings --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "written, code",
    [
        (f"## [{ID}] 2026-03-02 — 极简", "PM016"),
        (f"#### [{ID}] 2026-03-02 — 极简", "PM016"),
        (f"### [{ID}] 2026-03-02 —— 极简", "PM016"),
        (f"### [{ID}] 2026-03-02：极简", "PM016"),
        (f"### [{ID}] 2026-03-02: 极简", "PM016"),
        (f"### [{ID}] 2026-03-02 极简", "PM016"),
        (f"### {ID} 2026-03-02 — 极简", "PM016"),
        (f"### 【{ID}】 2026-03-02 — 极简", "PM016"),
        (f"### [{ID}] 2026/03/02 — 极简", "PM016"),
        (f"###  [{ID}]  2026-03-02 —  极简", "PM018"),
        (f"### [{ID}] 2026-03-02 – 极简", None),
        (f"### [{ID}] 2026-03-02 - 极简", None),
    ],
)
def test_record_heading_forms_keep_the_record(written, code):
    entry = profile(f"- {ENTRY_TEXT} <!-- {ID} -->")
    sloppy = {UP: entry, UL: log("zh", [written, *fields("zh", "技术偏好", ENTRY_TEXT, "新增")])}
    canonical_heading = written if code is None else heading(ID, "极简")
    canonical = {
        UP: entry,
        UL: log("zh", [canonical_heading, *fields("zh", "技术偏好", ENTRY_TEXT, "新增")]),
    }
    assert_twins(sloppy, canonical, UL, 4, code)


def test_a_record_heading_without_a_date_is_indexed_and_has_no_certain_fix():
    entry = profile(f"- {ENTRY_TEXT} <!-- {ID} -->")
    files = {
        UP: entry,
        UL: log("zh", [f"### [{ID}] 极简", *fields("zh", "技术偏好", ENTRY_TEXT, "新增")]),
    }
    assert diagnostics(files) == [("user-profile-log.md", 4, "PM016")]
    assert normalised(files, UL) == files[UL]


# -- fields and operations --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "language, index, written",
    [
        ("zh", 0, "- 分类: 技术偏好"),
        ("zh", 1, f"- 精简版：{ENTRY_TEXT}"),
        ("zh", 4, "- 操作: 新增"),
        ("zh", 2, '- 原话: "原话 🙂"'),
        ("zh", 3, "* **来源对话**: [对话](chat-1)"),
        ("en", 0, "- Category: 技术偏好"),
        ("en", 4, "- operation: add"),
        ("en", 3, "- **Source conversation**: [对话](chat-1)"),
    ],
)
def test_field_forms_are_read_with_one_finding_each(language, index, written):
    entry = profile(f"- {ENTRY_TEXT} <!-- {ID} -->")
    record = [heading(ID, "极简"), *fields(language, "技术偏好", ENTRY_TEXT, ADD[language])]
    canonical = {UP: entry, UL: log(language, record)}
    sloppy = {
        UP: entry,
        UL: log(
            language,
            [record[0], *fields(language, "技术偏好", ENTRY_TEXT, ADD[language], {index: written})],
        ),
    }
    assert_twins(sloppy, canonical, UL, 5 + index, "PM018")


@pytest.mark.parametrize(
    "written", ["- **分类：** 技术偏好", "- **分类**：技术偏好", "-   **分类**  :   技术偏好"]
)
def test_colon_and_spacing_forms_the_format_allows_are_silent(written):
    entry = profile(f"- {ENTRY_TEXT} <!-- {ID} -->")
    files = {
        UP: entry,
        UL: log(
            "zh", [heading(ID, "极简"), *fields("zh", "技术偏好", ENTRY_TEXT, "新增", {0: written})]
        ),
    }
    assert diagnostics(files) == []


DELETE_WORDS = [
    ("zh", "已删除"),
    ("zh", "删掉"),
    ("zh", "移除"),
    ("en", "deleted"),
    ("en", "removed"),
]


@pytest.mark.parametrize("language, word", DELETE_WORDS)
def test_agents_words_for_delete_delete_the_id(language, word):
    add = [heading(ID, "极简"), *fields(language, "技术偏好", ENTRY_TEXT, ADD[language])]
    canonical_word = {"zh": "删除", "en": "delete"}[language]
    gone = [
        heading(ID, "极简", "2026-03-05"),
        *fields(language, "技术偏好", ENTRY_TEXT, canonical_word),
    ]
    said = [heading(ID, "极简", "2026-03-05"), *fields(language, "技术偏好", ENTRY_TEXT, word)]
    canonical = {UP: profile(), UL: log(language, add, gone)}
    sloppy = {UP: profile(), UL: log(language, add, said)}
    assert_twins(sloppy, canonical, UL, 16, "PM018")


OLD, NEW, PIVOT_ID = "偏好 React", "偏好 Vue 3 🚀", "PF-20260310-01"


def changed(language: str, second_id: str, value: str) -> dict[str, str]:
    """An add of ID reading OLD, then a record of `second_id` (ID itself, or a new id) reading NEW with `value`."""
    add = [heading(ID, "React"), *fields(language, "技术偏好", OLD, ADD[language])]
    change = [heading(second_id, "Vue", "2026-03-10"), *fields(language, "技术偏好", NEW, value)]
    return {UP: profile(f"- {NEW} <!-- {second_id} -->"), UL: log(language, add, change)}


@pytest.mark.parametrize(
    "language, written, canonical_value",
    [
        ("zh", f"转向：{OLD} → {NEW}", f"转向（{OLD} → {NEW}）"),
        ("zh", f"转向（旧：{OLD} → 新：{NEW}）", f"转向（{OLD} → {NEW}）"),
        ("zh", f"转向（{OLD} => {NEW}）", f"转向（{OLD} → {NEW}）"),
        ("zh", f"转向（{OLD} ⇒ {NEW}）", f"转向（{OLD} → {NEW}）"),
        ("zh", f"转变（{OLD} → {NEW}）", f"转向（{OLD} → {NEW}）"),
        ("en", f"pivot: {OLD} -> {NEW}", f"pivot ({OLD} -> {NEW})"),
        ("en", f"pivot (old: {OLD} -> new: {NEW})", f"pivot ({OLD} -> {NEW})"),
        ("en", f"pivoted ({OLD} => {NEW})", f"pivot ({OLD} -> {NEW})"),
    ],
)
def test_pivot_forms_retire_the_old_id(language, written, canonical_value):
    assert_twins(
        changed(language, PIVOT_ID, written),
        changed(language, PIVOT_ID, canonical_value),
        UL,
        16,
        "PM018",
    )
    assert reading(changed(language, PIVOT_ID, written))["histories"][ID][2].value == "retired"


@pytest.mark.parametrize(
    "language, written, canonical_value",
    [
        ("zh", f"演进（旧：{OLD} → 新：{NEW}）", f"演进（{OLD} → {NEW}）"),
        ("zh", f"更新：{OLD} → {NEW}", f"更新（{OLD} → {NEW}）"),
        ("zh", f"修改（{OLD} → {NEW}）", f"演进（{OLD} → {NEW}）"),
        ("en", f"updated ({OLD} -> {NEW})", f"evolve ({OLD} -> {NEW})"),
    ],
)
def test_evolve_forms_keep_the_history(language, written, canonical_value):
    assert_twins(
        changed(language, ID, written), changed(language, ID, canonical_value), UL, 16, "PM018"
    )


def test_an_unknown_word_stays_pm013_and_names_the_closest_word():
    files = {
        UP: profile(f"- {ENTRY_TEXT} <!-- {ID} -->"),
        UL: log("zh", [heading(ID, "极简"), *fields("zh", "技术偏好", ENTRY_TEXT, "删")]),
    }
    workspace = memory_workspace(files)
    (finding,) = check_path(workspace, PurePath(UL))
    assert finding.code == "PM013" and "`删`" in finding.message and "删除" in finding.message
