"""Every diagnostic code (docs/format.md, "Diagnostics"): a case that raises it, and a close case that must not."""

from __future__ import annotations

import pytest
from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, codes, diagnose, record
from profile_memory.core.codes import CODES, Severity
from secrets_support import ASSIGNED, FAKES, URL_WITH_PASSWORD

UP = f"{USER_DIR}/user-profile.md"
UL = f"{USER_DIR}/user-profile-log.md"
PP = f"{PROJECT_DIR}/project-profile.md"
PL = f"{PROJECT_DIR}/project-profile-log.md"
PENDING = f"{PROJECT_DIR}/profile-pending.md"
JOURNAL = "/repo/memory/JOURNAL.jsonl"
FACT = "/repo/memory/FACT.md"


def profile(*entries: str, category: str = "技术偏好") -> str:
    return f"# User Profile\n\n## {category}\n" + "".join(f"{e}\n" for e in entries)


def pair(entries: list[str], records: list[str], category: str = "技术偏好") -> dict[str, str]:
    return {UP: profile(*entries, category=category), UL: LOG_HEAD + "".join(records)}


ENTRY = "- 偏好 React <!-- PF-20260412-01 -->"
REC = record("PF-20260412-01")


def found(files: dict, path: str, code: str, **settings) -> list:
    return [d for d in diagnose(files, path, **settings) if d.code == code]


def test_clean_pair_has_no_diagnostics():
    assert diagnose(pair([ENTRY], [REC]), UP) == [] and diagnose(pair([ENTRY], [REC]), UL) == []


# PM001 -----------------------------------------------------------------------------------------
def test_pm001_over_limit_from_first_line_over_to_end():
    entries = [f"- 条目 {i} <!-- PF-20260412-{i:02d} -->" for i in range(1, 48)]
    files = pair(
        entries, [record(f"PF-20260412-{i:02d}", summary=f"条目 {i}") for i in range(1, 48)]
    )
    assert len(files[UP].split("\n")) - 1 == 50 and not found(files, UP, "PM001")
    files[UP] += "- 第五十一行\n"
    (over,) = found(files, UP, "PM001")
    assert (over.span.start_line, over.span.start_col, over.span.end_line) == (50, 0, 50)
    assert "51 lines" in over.message and "limit of 50" in over.message


def test_pm001_project_limit_is_30_and_configurable():
    text = "# Project Profile\n\n## 项目定位\n" + "".join(f"- p{i}\n" for i in range(28))
    files = {PP: text, PL: "# Project Profile Log\n"}
    assert found(files, PP, "PM001") and not found(
        files, PP, "PM001", limits={"project-profile": 40}
    )


# PM002 -----------------------------------------------------------------------------------------
def test_pm002_duplicate_in_one_pair_points_at_each_token_and_the_other():
    files = pair([ENTRY, "- 也是 React <!-- PF-20260412-01 -->"], [REC])
    first, second = found(files, UP, "PM002")
    assert first.span.start_line == 3 and second.span.start_line == 4
    assert first.related[0].span.start_line == 4 and "lines 4, 5" in first.message


def test_pm002_not_across_user_and_project_pairs():
    files = {
        **pair([ENTRY], [REC]),
        PP: "# Project Profile\n\n## 技术栈与架构\n" + ENTRY + "\n",
        PL: "# Project Profile Log\n\n" + record("PF-20260412-01", category="技术栈与架构"),
    }
    assert not found(files, UP, "PM002") and not found(files, PP, "PM002")


# PM003 -----------------------------------------------------------------------------------------
def test_pm003_second_add_and_add_after_delete():
    files = pair([ENTRY], [REC, record("PF-20260412-01", "2026-04-13")])
    (dup,) = found(files, UL, "PM003")
    assert "a second add" in dup.message and dup.related[0].span.start_line == 4
    files = pair(
        [],
        [
            REC,
            record("PF-20260412-01", "2026-04-13", op="删除"),
            record("PF-20260412-01", "2026-04-14"),
        ],
    )
    assert "after its delete" in found(files, UL, "PM003")[0].message


def test_pm003_not_for_evolve_or_restore():
    files = pair(
        [ENTRY],
        [
            REC,
            record("PF-20260412-01", "2026-04-13", op="删除"),
            record("PF-20260412-01", "2026-04-14", op="恢复"),
        ],
    )
    assert not found(files, UL, "PM003")


# PM004 -----------------------------------------------------------------------------------------
def test_pm004_covers_the_token_anywhere():
    files = pair(["- 偏好 React <!-- PF-20260229-01 -->"], [REC + "见 PF-20261301-05\n"])
    (in_profile,) = found(files, UP, "PM004")
    line = files[UP].split("\n")[3]
    assert line[in_profile.span.start_col : in_profile.span.end_col] == "PF-20260229-01"
    assert "2026-02-29 is not a real date" in in_profile.message
    assert found(files, UL, "PM004")
    assert not found(files, UP, "PM005")  # a malformed anchor is not also "unconfirmed"


def test_pm004_not_for_a_leap_day():
    files = pair(["- 偏好 React <!-- PF-20240229-01 -->"], [record("PF-20240229-01", "2024-02-29")])
    assert diagnose(files, UP) == []


def test_pm004_in_pending_journal_and_facts():
    files = {
        PENDING: "**个人画像：**\n- [演进][技术偏好] 旧：a → 新：b <!-- PF-20260412-00 -->\n",
        JOURNAL: '{"ts":"2026-04-12T01:02:14.123Z","tags":[],"text":"见 PF-2026"}\n',
        FACT: "# F\n- PF-20260412-1\n",
    }
    for path in (PENDING, JOURNAL, FACT):
        assert found(files, path, "PM004"), path


# PM005 -----------------------------------------------------------------------------------------
def test_pm005_unconfirmed_entry_covers_the_line():
    files = pair([ENTRY, "- 新的偏好"], [REC])
    (unconfirmed,) = found(files, UP, "PM005")
    assert unconfirmed.span == unconfirmed.span.of_line(4, "- 新的偏好")
    assert unconfirmed.severity is Severity.INFORMATION


# PM006 -----------------------------------------------------------------------------------------
def test_pm006_dangling_anchor():
    files = pair([ENTRY, "- 新 <!-- PF-20260412-02 -->"], [REC])
    (dangling,) = found(files, UP, "PM006")
    assert (
        dangling.message == "PF-20260412-02 has no record in user-profile-log.md"
        and dangling.span.start_line == 4
    )


def test_pm006_not_when_the_log_is_missing_pm015_instead():
    files = {UP: profile(ENTRY)}
    assert codes(diagnose(files, UP)) == ["PM015"]


# PM007 -----------------------------------------------------------------------------------------
def test_pm007_orphan_record_covers_the_latest_heading():
    files = pair(
        [ENTRY],
        [
            REC,
            record("PF-20260412-02"),
            record("PF-20260412-02", "2026-04-13", op="演进（偏好 React → 偏好 Vue）"),
        ],
    )
    (orphan,) = found(files, UL, "PM007")
    assert orphan.span.start_line == files[UL].split("\n").index(
        "### [PF-20260412-02] 2026-04-13 — 标题"
    )


def test_pm007_not_for_deleted_or_retired_ids():
    deleted = [REC, record("PF-20260412-02"), record("PF-20260412-02", "2026-04-13", op="删除")]
    assert not found(pair([ENTRY], deleted), UL, "PM007")
    pivot = [
        record("PF-20260412-02", summary="面向 C 端"),
        record("PF-20260412-01", "2026-04-13", op="转向（面向 C 端 → 偏好 React）"),
    ]
    assert not found(pair([ENTRY], pivot), UL, "PM007")


# PM008 -----------------------------------------------------------------------------------------
def test_pm008_deleted_and_retired_anchor():
    files = pair([ENTRY], [REC, record("PF-20260412-01", "2026-04-13", op="删除")])
    (deleted,) = found(files, UP, "PM008")
    assert "deleted" in deleted.message and deleted.related[0].path.name == "user-profile-log.md"
    superseded = [
        REC,
        record(
            "PF-20260412-02",
            "2026-04-13",
            op="转向",
            summary="偏好 Vue",
            extra="- **取代**: PF-20260412-01\n",
        ),
    ]
    assert "retired by PF-20260412-02" in found(pair([ENTRY], superseded), UP, "PM008")[0].message


def test_pm008_not_after_a_restore():
    files = pair(
        [ENTRY],
        [
            REC,
            record("PF-20260412-01", "2026-04-13", op="删除"),
            record("PF-20260412-01", "2026-04-14", op="恢复"),
        ],
    )
    assert not found(files, UP, "PM008")


# PM009 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line, words",
    [
        ("一段散文", "prose"),
        ("  - 嵌套", "second line"),
        ("### 小标题", "headings"),
        ("* 星号条目", "start with `- `"),
    ],
)
def test_pm009_malformed_lines(line, words):
    files = pair([ENTRY, line], [REC])
    (malformed,) = found(files, UP, "PM009")
    assert words in malformed.message and malformed.span.start_line == 4


def test_pm009_entry_before_category_and_second_title():
    files = {UP: "# A\n- 早了\n# B\n## 技术偏好\n", UL: LOG_HEAD}
    assert [d.span.start_line for d in found(files, UP, "PM009")] == [1, 2]


def test_pm009_not_for_comments_blanks_title_and_categories():
    files = {
        UP: "<!-- 说明 -->\n# User Profile\n\n## 技术偏好\n   \n<!-- x --> <!-- y -->\n",
        UL: LOG_HEAD,
    }
    assert not found(files, UP, "PM009")


# PM010 -----------------------------------------------------------------------------------------
def test_pm010_missing_fields_are_named():
    files = pair([ENTRY], [record("PF-20260412-01", drop="来源对话")])
    (incomplete,) = found(files, UL, "PM010")
    assert "来源对话 (Source)" in incomplete.message and incomplete.span.start_line == 4


def test_pm010_not_for_a_complete_english_record():
    english = (
        "### [PF-20260412-01] 2026-04-12 - React\n- **Category**: 技术偏好\n- **Summary:** 偏好 React\n"
        "- **Context**: said so\n- **Source**: chat\n- **Operation**: add\n"
    )
    assert diagnose(pair([ENTRY], [english]), UL) == []


# PM011 -----------------------------------------------------------------------------------------
def test_pm011_summary_mismatch_names_the_latest_summary():
    files = pair(["- 偏好 Vue <!-- PF-20260412-01 -->"], [REC])
    (mismatch,) = found(files, UP, "PM011")
    assert "偏好 React" in mismatch.message and mismatch.related[0].span.start_line == 4


def test_pm011_not_for_whitespace_width_or_bullet_differences():
    files = pair(
        ["-   偏好　React  <!-- PF-20260412-01 -->"],
        [record("PF-20260412-01", summary="- 偏好 React <!-- PF-20260412-01 -->")],
    )
    assert not found(files, UP, "PM011")


# PM012 -----------------------------------------------------------------------------------------
def test_pm012_date_before_id_and_before_previous_record():
    files = pair([ENTRY], [record("PF-20260412-01", "2026-04-10")])
    assert "before the date of PF-20260412-01" in found(files, UL, "PM012")[0].message
    files = pair(
        [ENTRY],
        [record("PF-20260412-01", "2026-04-20"), record("PF-20260412-01", "2026-04-15", op="演进")],
    )
    assert "previous record" in found(files, UL, "PM012")[0].message


def test_pm012_not_for_the_same_day():
    assert not found(pair([ENTRY], [REC, record("PF-20260412-01", op="演进")]), UL, "PM012")


# PM013 -----------------------------------------------------------------------------------------
def test_pm013_unknown_operation_covers_the_value():
    files = pair([ENTRY], [record("PF-20260412-01", op="改写")])
    (unknown,) = found(files, UL, "PM013")
    line = files[UL].split("\n")[unknown.span.start_line]
    assert (
        line[unknown.span.start_col : unknown.span.end_col] == "改写"
        and "did you mean" in unknown.message
    )


def test_pm013_not_for_update_with_values():
    assert not found(
        pair([ENTRY], [record("PF-20260412-01", op="更新（偏好 A → 偏好 React）")]), UL, "PM013"
    )


# PM014 -----------------------------------------------------------------------------------------
def test_pm014_log_category_is_a_hint():
    files = pair([], [record("PF-20260412-01", category="旧分类")])
    (unknown,) = found(files, UL, "PM014")
    assert unknown.severity is Severity.HINT
    # the id's entry stands under another heading: said once, at the entry (PM019)
    files = pair([ENTRY], [record("PF-20260412-01", category="旧分类")])
    assert not found(files, UL, "PM014") and found(files, UP, "PM019")


def test_pm014_pending_category_is_information_unless_suggested():
    files = {**pair([ENTRY], [REC]), PENDING: "**个人画像：**\n- [新增][部署] 用 Actions 发布\n"}
    (unknown,) = found(files, PENDING, "PM014")
    assert unknown.severity is Severity.INFORMATION
    files[PENDING] += "建议新增分类: [部署]\n"
    assert not found(files, PENDING, "PM014")


# PM015 -----------------------------------------------------------------------------------------
def test_pm015_missing_log_sits_at_line_one():
    (missing,) = found({UP: profile(ENTRY)}, UP, "PM015")
    assert (missing.span.start_line, missing.span.start_col) == (0, 0)


def test_pm015_not_when_the_log_name_differs_in_case():
    files = {UP: profile(ENTRY), f"{USER_DIR}/User-Profile-LOG.md": LOG_HEAD + REC}
    assert diagnose(files, UP) == []


# PM016 -----------------------------------------------------------------------------------------
def test_pm016_malformed_heading():
    files = pair([ENTRY], [REC, "### PF-20260412-01 2026-04-12 — 没有方括号\n"])
    (heading,) = found(files, UL, "PM016")
    assert "not in square brackets" in heading.message


@pytest.mark.parametrize("separator", [" — ", " – ", " - "])
def test_pm016_not_for_any_allowed_separator(separator):
    text = REC.replace(" — ", separator)
    assert not found(pair([ENTRY], [text]), UL, "PM016")


# PM017 -----------------------------------------------------------------------------------------
def test_pm017_multiple_anchors():
    files = pair(["- 偏好 React <!-- PF-20260412-01 --> <!-- PF-20260412-02 -->"], [REC])
    assert found(files, UP, "PM017") and not found(pair([ENTRY], [REC]), UP, "PM017")


# PM020 / PM021 ---------------------------------------------------------------------------------
GOOD_LINE = '{"ts":"2026-04-12T01:02:14.123Z","tags":["a"],"text":"好的"}'


def test_pm020_and_pm021_cover_the_line():
    files = {
        JOURNAL: f"{GOOD_LINE}\n{{oops\n"
        + '{"ts":"2026-04-12T01:02:14.123Z","tags":"a","text":"x"}\n'
    }
    diagnostics = diagnose(files, JOURNAL)
    assert [(d.code, d.span.start_line, d.span.end_col) for d in diagnostics] == [
        ("PM020", 1, 5),
        ("PM021", 2, 55),
    ]


def test_journal_codes_not_for_good_lines_or_u2028_inside_text():
    files = {
        JOURNAL: GOOD_LINE
        + "\n"
        + '{"ts":"2026-04-12T01:02:14.123Z","tags":[],"text":"a\u2028b"}\n'
    }
    assert diagnose(files, JOURNAL) == []


# PM031 / PM032 / PM033 -------------------------------------------------------------------------
def test_pm031_large_fact_file_and_its_setting():
    files = {FACT: "# F\n" + "x" * 17000 + "\n"}
    assert found(files, FACT, "PM031") and not found(
        files, FACT, "PM031", fact_file_max_bytes=20000
    )
    assert not found({FACT: "# F\n"}, FACT, "PM031")


def test_pm032_invalid_utf8_names_the_first_bad_byte():
    files = {**pair([ENTRY], [REC]), UP: profile(ENTRY).encode() + b"- \xff\xfe\n"}
    (invalid,) = found(files, UP, "PM032")
    assert "line 5, column 3" in invalid.message
    assert not found(pair([ENTRY], [REC]), UP, "PM032")


def test_pm033_too_large_skips_beyond_the_bound():
    files = {JOURNAL: (GOOD_LINE + "\n") * 10 + "{bad\n"}
    diagnostics = diagnose(files, JOURNAL, max_file_bytes=200)
    assert codes(diagnostics) == ["PM033"]
    assert "PM020" in codes(diagnose(files, JOURNAL))


# PM040 / PM041 / PM042 -------------------------------------------------------------------------
def test_pm040_malformed_proposals_but_prose_is_fine():
    files = {
        **pair([ENTRY], [REC]),
        PENDING: "开场白。\n\n**个人画像：**\n- 随手一条\n- [改][技术偏好] x\n- [演进][技术偏好] 只有新内容\n结束语。\n",
    }
    assert [d.span.start_line for d in found(files, PENDING, "PM040")] == [3, 4, 5]


def test_pm041_similar_add_in_chinese_points_at_the_entry():
    files = {
        **pair(
            ["- 回答要简短，先给结论 <!-- PF-20260412-01 -->"],
            [record("PF-20260412-01", summary="回答要简短，先给结论", category="沟通偏好")],
            category="沟通偏好",
        ),
        PENDING: "**个人画像：**\n- [新增][沟通偏好] 回答要简短，先说结论\n- [新增][沟通偏好] 多用图表解释架构\n",
    }
    (similar,) = found(files, PENDING, "PM041")
    assert similar.span.start_line == 1 and similar.related[0].span.start_line == 3


def test_pm042_missing_target_by_text_and_by_id():
    files = {
        **pair([ENTRY], [REC]),
        PENDING: "**个人画像：**\n- [演进][技术偏好] 旧：偏好 React → 新：偏好 React + Next.js\n"
        "- [演进][技术偏好] 旧：偏好 Angular → 新：偏好 Vue\n"
        "- [转向][技术偏好] 旧：随便 → 新：偏好 Vue <!-- PF-20260412-01 -->\n"
        "- [转向][技术偏好] 旧：随便 → 新：偏好 Vue <!-- PF-20260412-09 -->\n",
    }
    assert [d.span.start_line for d in found(files, PENDING, "PM042")] == [2, 4]


def test_pending_checks_wait_for_the_scope_profile():
    files = {PENDING: "**项目画像：**\n- [演进][技术偏好] 旧：a → 新：b\n"}
    assert diagnose(files, PENDING) == []


def test_a_duplicated_id_is_not_also_compared_with_its_record():
    text = "# User Profile\n\n## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n\n## 做事风格\n- 先讨论 <!-- PF-20260412-01 -->\n"
    assert sorted(codes(diagnose({UP: text, UL: LOG_HEAD + REC}, UP))) == [
        "PM002",
        "PM002",
    ]  # no PM011, no PM019


# PM018 -----------------------------------------------------------------------------------------
def test_pm018_a_slip_reads_as_canonical_and_is_reported_once():
    files = pair(["- 偏好 React <!--PF-20260412-01-->"], [REC])
    assert codes(diagnose(files, UP)) == ["PM018"] and diagnose(files, UL) == []
    assert not found(pair([ENTRY], [REC]), UP, "PM018")


# PM019 -----------------------------------------------------------------------------------------
EN_HEAD = "# User Profile Log\n\n## Records\n\n"


def en_record(
    anchor: str,
    date: str = "2026-04-12",
    op: str = "add",
    summary: str = "prefers React",
    category: str = "Technical",
    title: str = "title",
) -> str:
    return (
        f"### [{anchor}] {date} — {title}\n- **Category**: {category}\n- **Summary**: {summary}\n"
        f'- **Context**: "words"\n- **Source**: [chat](chat-1)\n- **Operation**: {op}\n\n'
    )


def test_pm019_entry_under_another_heading_than_its_category():
    text = "# User Profile\n\n## 技术偏好\n\n## 做事风格\n- 偏好 React <!-- PF-20260412-01 -->\n"
    files = {UP: text, UL: LOG_HEAD + REC}
    (wrong,) = found(files, UP, "PM019")
    assert (
        wrong.span.start_line == 5
        and "`做事风格`" in wrong.message
        and "`技术偏好`" in wrong.message
    )
    assert not found(pair([ENTRY], [REC]), UP, "PM019")
    # a category that is no heading: the mismatch is said at the entry, where the person can act
    # (move it, or record the category it stands under), and the log's PM014 adds nothing
    renamed = {UP: text.replace("## 技术偏好\n\n", ""), UL: LOG_HEAD + REC}
    (wrong,) = found(renamed, UP, "PM019")
    assert "which is no heading of user-profile.md" in wrong.message
    assert not found(renamed, UL, "PM014")


def test_pm019_in_english():
    text = "# User Profile\n\n## Technical\n\n## Working style\n- prefers React <!-- PF-20260412-01 -->\n"
    assert found({UP: text, UL: EN_HEAD + en_record("PF-20260412-01")}, UP, "PM019")
    fixed = text.replace("## Technical\n\n## Working style", "## Working style\n\n## Technical")
    assert not found({UP: fixed, UL: EN_HEAD + en_record("PF-20260412-01")}, UP, "PM019")


# PM043 -----------------------------------------------------------------------------------------
def test_pm043_repeated_proposal():
    proposal = "- [新增][技术偏好] 用 pnpm\n"
    files = {**pair([ENTRY], [REC]), PENDING: "**个人画像：**\n" + proposal + proposal}
    (repeated,) = found(files, PENDING, "PM043")
    assert repeated.span.start_line == 2 and "line 2" in repeated.message
    files[PENDING] = (
        "**Personal:**\n- [add][技术偏好] use pnpm\n**Project:**\n- [add][技术偏好] use pnpm\n"
    )
    assert not found(files, PENDING, "PM043")  # another scope is another proposal
    files[PENDING] = "**Personal:**\n- [add][技术偏好] use  pnpm\n- [add][技术偏好] use pnpm\n"
    assert found(files, PENDING, "PM043")  # compared normalised


# PM050 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["zh", "en"])
def test_pm050_evolve_old_is_not_the_previous_summary(language):
    if language == "zh":
        make, head, entry = record, LOG_HEAD, "- 偏好 Vue <!-- PF-20260412-01 -->"
        wrong = make(
            "PF-20260412-01", "2026-04-13", op="演进（偏好 Angular → 偏好 Vue）", summary="偏好 Vue"
        )
        right = make(
            "PF-20260412-01", "2026-04-13", op="演进（偏好 React → 偏好 Vue）", summary="偏好 Vue"
        )
        first = REC
    else:
        make, head, entry = en_record, EN_HEAD, "- prefers Vue <!-- PF-20260412-01 -->"
        wrong = make(
            "PF-20260412-01",
            "2026-04-13",
            op="evolve (prefers Angular -> prefers Vue)",
            summary="prefers Vue",
        )
        right = make(
            "PF-20260412-01",
            "2026-04-13",
            op="evolve (prefers React -> prefers Vue)",
            summary="prefers Vue",
        )
        first = en_record("PF-20260412-01")
    category = "技术偏好" if language == "zh" else "Technical"
    files = {UP: profile(entry, category=category), UL: head + first + "\n" + wrong}
    (mismatch,) = found(files, UL, "PM050")
    assert "Angular" in mismatch.message and "React" in mismatch.message and mismatch.related
    files[UL] = head + first + "\n" + right
    assert not found(files, UL, "PM050")


def test_pm050_pivot_old_that_no_record_holds():
    pivot = record(
        "PF-20260412-02", "2026-04-13", op="转向（偏好 Angular → 偏好 Vue）", summary="偏好 Vue"
    )
    files = pair(["- 偏好 Vue <!-- PF-20260412-02 -->"], [REC, pivot])
    assert found(files, UL, "PM050") and found(
        files, UL, "PM007"
    )  # React was not retired: it stays live
    files = pair(["- 偏好 Vue <!-- PF-20260412-02 -->"], [REC, pivot.replace("Angular", "React")])
    assert not found(files, UL, "PM050") and not found(files, UL, "PM007")


# PM051 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("make, head", [(record, LOG_HEAD), (en_record, EN_HEAD)])
def test_pm051_record_dated_before_the_one_above(make, head):
    files = {
        UP: profile(),
        UL: head
        + make("PF-20260412-01", "2026-04-20")
        + "\n"
        + make("PF-20260412-02", "2026-04-13"),
    }
    (late,) = found(files, UL, "PM051")
    assert late.severity is Severity.INFORMATION and "2026-04-20" in late.message
    files[UL] = (
        head + make("PF-20260412-01", "2026-04-13") + "\n" + make("PF-20260412-02", "2026-04-20")
    )
    assert not found(files, UL, "PM051")


def test_pm051_not_also_for_what_pm012_reports():
    files = pair(
        [ENTRY],
        [
            REC,
            record("PF-20260412-01", "2026-04-20", op="删除"),
            record("PF-20260412-01", "2026-04-15", op="恢复"),
        ],
    )
    # read by date, the restore comes before the delete: one finding for the record out of place
    assert len(found(files, UL, "PM012") + found(files, UL, "PM051")) == 1


# PM052 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "make, head, op, add",
    [
        (record, LOG_HEAD, "删除", "新增"),
        (record, LOG_HEAD, "演进", "新增"),
        (en_record, EN_HEAD, "delete", "add"),
        (en_record, EN_HEAD, "restore", "add"),
    ],
)
def test_pm052_history_without_an_add(make, head, op, add):
    files = {UP: profile(), UL: head + make("PF-20260412-01", op=op)}
    (missing,) = found(files, UL, "PM052")
    assert "PF-20260412-01" in missing.message
    files[UL] = (
        head + make("PF-20260412-01", op=add) + "\n" + make("PF-20260412-01", "2026-04-13", op=op)
    )
    assert not found(files, UL, "PM052")


def test_pm052_not_for_a_record_marked_deleted_in_place_nor_a_pivot():
    in_place = record("PF-20260412-01", op="删除", title="深色主题（已删除）")
    assert not found({UP: profile(), UL: LOG_HEAD + in_place}, UL, "PM052")
    pivot = record(
        "PF-20260412-02", "2026-04-13", op="转向（偏好 React → 偏好 Vue）", summary="偏好 Vue"
    )
    assert not found(pair(["- 偏好 Vue <!-- PF-20260412-02 -->"], [REC, pivot]), UL, "PM052")


# configuration ---------------------------------------------------------------------------------
def test_severity_can_be_changed_or_turned_off():
    files = pair(["- 偏好 Vue <!-- PF-20260412-01 -->", "- 新"], [REC])
    diagnostics = diagnose(files, UP, severity={"PM011": "off", "PM005": "error"})
    assert codes(diagnostics) == ["PM005"] and diagnostics[0].severity is Severity.ERROR


# PM034, PM035, PM036 ---------------------------------------------------------------------------
def test_pm034_a_profile_over_its_token_budget_from_the_line_that_passes_it():
    entries = [
        f"- 偏好第 {n} 条：回答要简短，先给结论再展开细节 <!-- PF-20260412-{n:02d} -->"
        for n in range(1, 9)
    ]
    files = pair(entries, [record(f"PF-20260412-{n:02d}") for n in range(1, 9)])
    assert found(files, UP, "PM034") == []  # within the default 1,500
    (over,) = found(files, UP, "PM034", token_budget={"user-profile": 120})
    lines = files[UP].split("\n")
    assert over.severity is Severity.WARNING and over.span.end_line == len(lines) - 2
    assert 3 < over.span.start_line < len(lines) - 2
    assert "over its budget of 120" in over.message and "≈" in over.message


FACTS = "/repo/memory/FACT.md"


def test_pm035_fact_over_its_budget_and_pm036_the_recall_block_with_each_share():
    facts = "# Facts\n\n" + "".join(
        f"- 事实 {n}：部署在周五之前完成，回滚脚本在 ops 目录\n" for n in range(30)
    )
    files = {**pair([ENTRY], [REC]), FACTS: facts}
    assert found(files, FACTS, "PM035") == found(files, FACTS, "PM036") == []
    (fact,) = found(files, FACTS, "PM035", fact_token_budget=200)
    assert fact.span.start_line > 2 and "FACT.md is ≈" in fact.message
    (recall,) = found(files, FACTS, "PM036", recall_token_budget=300)
    assert recall.span.start_line == 0 and "user-profile ≈" in recall.message
    assert "facts ≈" in recall.message


# PM060 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(FAKES))
@pytest.mark.parametrize("where", ["profile", "log"])
def test_pm060_a_secret_is_an_error_at_its_exact_range_never_quoted(kind, where):
    fake = FAKES[kind]
    line = f"- 部署用的 key 是 {fake} 🙂"
    files = pair([ENTRY, line] if where == "profile" else [ENTRY], [REC])
    if where == "log":
        files[UL] = files[UL].replace('- **原始上下文**: "原话"', f'- **原始上下文**: "{fake}"')
    (secret,) = found(files, UP if where == "profile" else UL, "PM060")
    text = files[UP if where == "profile" else UL].split("\n")[secret.span.start_line]
    assert text[secret.span.start_col : secret.span.end_col] == fake
    assert (
        secret.severity is Severity.ERROR and kind in secret.message and fake not in secret.message
    )


def test_pm060_in_every_kind_of_log_section_each_secret_once_where_it_is():
    """A secret before the first record, in a record written by the template, in one with a slip,
    in the last record: each is found where it is, and the records between stay clean."""
    fake = FAKES["github-token"]
    records = [
        record("PF-20260412-01"),
        record("PF-20260412-02", summary=f"偏好 {fake}"),
        record("PF-20260412-03"),
        record("PF-20260412-04", extra=f"- **备注** : {fake}\n"),  # a slip: parsed line by line
        record("PF-20260412-05"),
        record("PF-20260412-06", title=f"标题 {fake}"),
    ]
    files = pair([ENTRY], records)
    files[UL] = files[UL].replace("## 记录", f"## 记录\n{fake}")
    lines = files[UL].split("\n")
    assert [d.span.start_line for d in found(files, UL, "PM060")] == [
        n for n, line in enumerate(lines) if fake in line
    ]
    assert len(found(files, UL, "PM060")) == 4


def test_pm060_passwords_in_urls_and_assignments_but_not_our_own_text():
    files = pair([ENTRY, f"- 数据库 {URL_WITH_PASSWORD}", f"- 测试环境 {ASSIGNED}"], [REC])
    assert [d.span.start_line for d in found(files, UP, "PM060")] == [4, 5]
    harmless = [
        "- token 预算 1500，api key 轮换见 PF-20260412-01",
        "- sha256 " + "ab12" * 16,
        "- 上次 2026-04-12T01:02:14.123Z 在 [选型](chat-91c0) 讨论 password 策略",
        "- 密码：至少十二位，含大小写",
    ]
    assert found(pair([ENTRY, *harmless], [REC]), UP, "PM060") == []


def test_every_code_has_a_test_here():
    import pathlib

    text = pathlib.Path(__file__).read_text()
    assert [code for code in CODES if code not in text and code != "PM030"] == []


def test_a_20_mb_log_is_checked_up_to_the_bound_without_error():
    files = pair([ENTRY], [REC + "x" * 1000 + "\n" + "- **备注**: " + "长" * 20_000_000 + "\n"])
    diagnostics = diagnose(files, UL)
    assert (
        codes(diagnostics) == ["PM033"]
        and "over the size bound of 8.0 MiB" in diagnostics[0].message
    )
    assert not found(files, UP, "PM006")  # the record before the bound is still indexed


# PM070 (PM071 is the CLI's, about a clone's git config: tests/cli/test_git_sync.py) ------------


def test_pm070_covers_each_block_of_conflict_markers_and_nothing_else_on_them():
    conflicted = [
        "<<<<<<< ours",
        "- 偏好 React <!-- PF-20260412-01 -->",
        "=======",
        "- 偏好 Vue <!-- PF-20260412-01 -->",
        ">>>>>>> theirs",
    ]
    files = pair(conflicted, [REC])
    (block,) = found(files, UP, "PM070")
    lines = files[UP].split("\n")
    assert (block.span.start_line, block.span.end_line) == (3, 7)
    assert lines[3] == "<<<<<<< ours" and lines[7] == ">>>>>>> theirs"
    assert found(files, UP, "PM009") == []
    journal = {JOURNAL: f"{GOOD_LINE}\n<<<<<<< ours\n{GOOD_LINE}\n"}
    assert [d.span.start_line for d in found(journal, JOURNAL, "PM070")] == [1]
    assert found(journal, JOURNAL, "PM020") == []
    assert found(pair([ENTRY, "- a ======= b"], [REC]), UP, "PM070") == []
