"""core.merge on texts: journals, logs, pending files, the renumbering rule, conflict markers."""

from __future__ import annotations

import json
import re

from profile_memory.core.merge import (
    Renumbering,
    conflict_blocks,
    merge_journal,
    merge_log,
    merge_pending,
    merge_profile,
    renumbering,
)
from profile_memory.core.pending import Scope


def _line(ts: str, text: str) -> str:
    return json.dumps({"ts": ts, "tags": [], "text": text}, ensure_ascii=False)


def _record(token: str, day: str, summary: str, op: str = "新增", extra: str = "") -> str:
    return (
        f"### [{token}] {day} — {summary}\n- **分类**: 技术\n- **精简版**: {summary}\n"
        f"- **原始上下文**: （未记录）\n- **来源对话**: （未记录）\n- **操作**: {op}\n{extra}\n"
    )


HEAD = "# Project Profile Log\n\n## 记录\n\n"


def test_journal_is_the_union_by_ts_each_entry_once():
    base = _line("2026-11-30T01:00:00.000Z", "基线") + "\n"
    ours = base + _line("2026-11-30T03:00:00.000Z", "我们 😀") + "\n"
    # theirs re-serialised the base line (spaces): the same object, so the same entry
    theirs = json.dumps(json.loads(base), ensure_ascii=False, indent=None, separators=(", ", ": "))
    theirs += "\n" + _line("2026-11-30T02:00:00.000Z", "他们") + "\n"
    merged = merge_journal(base, ours, theirs)
    texts = [json.loads(line)["text"] for line in merged.text.splitlines()]
    assert texts == ["基线", "他们", "我们 😀"]
    assert merged.conflicts == 0


def test_a_torn_last_line_is_neither_glued_nor_duplicated():
    torn = '{"ts":"2026-11-30T01:30:00.000Z","tags":[],"te'
    base = _line("2026-11-30T01:00:00.000Z", "基线") + "\n" + torn
    ours = base  # still torn
    theirs = base + "\n" + _line("2026-11-30T02:00:00.000Z", "他们") + "\n"  # closed, appended
    merged = merge_journal(base, ours, theirs).text
    assert merged.endswith("\n")
    lines = merged.splitlines()
    assert lines.count(torn) == 1 and len(lines) == 3
    assert json.loads(lines[2])["text"] == "他们"


def test_equal_ts_keep_their_order_ours_first():
    base = ""
    ours = _line("2026-11-30T01:00:00.000Z", "o1") + "\n" + _line("2026-11-30T01:00:00.000Z", "o2")
    theirs = _line("2026-11-30T01:00:00.000Z", "t1") + "\n"
    merged = merge_journal(base, ours, theirs).text
    assert [json.loads(line)["text"] for line in merged.splitlines()] == ["o1", "o2", "t1"]


def test_log_keeps_every_record_and_the_date_order():
    base = HEAD + _record("PF-20261101-01", "2026-11-01", "甲")
    ours = base + "\n" + _record("PF-20261103-01", "2026-11-03", "乙")
    theirs = base + "\n" + _record("PF-20261102-01", "2026-11-02", "丙")
    merged = merge_log(base, ours, theirs, renumbering(base, ours, theirs))
    days = [line[21:31] for line in merged.text.splitlines() if line.startswith("### ")]
    assert days == ["2026-11-01", "2026-11-02", "2026-11-03"]
    assert merged.conflicts == 0


def test_a_base_record_one_side_removed_stays_unless_it_was_rewritten_in_place():
    first = _record("PF-20261101-01", "2026-11-01", "甲")
    second = _record("PF-20261101-02", "2026-11-01", "乙")
    base = HEAD + first + "\n" + second
    removed = HEAD + first  # a hand edit lost a record
    merged = merge_log(base, removed, base, Renumbering())
    assert "[PF-20261101-02]" in merged.text
    refixed = HEAD + first + "\n" + second.replace("PF-20261101-02", "PF-20261101-03")
    merged = merge_log(base, refixed, base, Renumbering())
    assert "[PF-20261101-02]" not in merged.text and "[PF-20261101-03]" in merged.text


def test_the_renumbering_does_not_depend_on_who_merges():
    base = HEAD + _record("PF-20261130-01", "2026-11-30", "基线")
    mine = base + "\n" + _record("PF-20261130-02", "2026-11-30", "我的")
    yours = (
        base
        + "\n"
        + _record("PF-20261130-02", "2026-11-30", "你的")
        + "\n"
        + _record("PF-20261130-03", "2026-11-30", "删了的", "删除")
    )
    one, other = renumbering(base, mine, yours), renumbering(base, yours, mine)
    assert one.ours == other.theirs and one.theirs == other.ours
    (moved,) = [*one.ours.items(), *one.theirs.items()]
    assert moved == ("PF-20261130-02", "PF-20261130-04")  # 03 is used, though deleted
    merged = merge_log(base, mine, yours, one).text
    assert merged.count("[PF-20261130-02]") == 1 and merged.count("[PF-20261130-04]") == 1
    assert "编号由 PF-20261130-02 改为 PF-20261130-04" in merged


def test_the_same_first_record_on_both_sides_is_one_entry():
    base = HEAD + _record("PF-20261130-01", "2026-11-30", "基线")
    both = base + "\n" + _record("PF-20261130-02", "2026-11-30", "同一条")
    assert not renumbering(base, both, both)


def test_profile_renumbers_the_side_the_plan_names_and_links_follow():
    base = "# P\n\n## 技术\n- 基线 <!-- PF-20261130-01 -->\n"
    ours = base + "- 我的 <!-- PF-20261130-02 -->\n"
    theirs = base + "- 你的 <!-- PF-20261130-02 -->\n"
    plan = Renumbering(theirs={"PF-20261130-02": "PF-20261130-03"})
    merged = merge_profile(base, ours, theirs, plan)
    assert merged.text == base + "- 我的 <!-- PF-20261130-02 -->\n- 你的 <!-- PF-20261130-03 -->\n"
    assert merged.conflicts == 0


def test_profile_entry_changed_on_both_sides_is_one_conflict():
    base = "## 技术\n- 甲 <!-- PF-20261130-01 -->\n- 乙 <!-- PF-20261130-02 -->\n"
    ours = base.replace("甲", "甲一")
    theirs = base.replace("甲", "甲二").replace("- 乙 <!-- PF-20261130-02 -->\n", "")
    merged = merge_profile(base, ours, theirs, Renumbering())
    assert merged.conflicts == 1
    assert merged.text == (
        "## 技术\n<<<<<<< ours\n- 甲一 <!-- PF-20261130-01 -->\n=======\n"
        "- 甲二 <!-- PF-20261130-01 -->\n>>>>>>> theirs\n"
    )
    assert conflict_blocks(merged.text.splitlines()) == [(1, 5)]


PENDING = "# 待确认\n\n**项目画像：**\n- [新增][部署] 甲\n- [新增][部署] 乙\n"


def test_a_decided_proposal_stays_decided_and_both_sides_additions_are_kept():
    ours = PENDING.replace("- [新增][部署] 甲\n", "") + "- [新增][部署] 丙\n"
    theirs = PENDING + "- [新增][部署] 丁\n"
    merged = merge_pending(PENDING, ours, theirs).text
    assert "甲" not in merged
    assert all(word in merged for word in ("乙", "丙", "丁"))


def test_pending_targets_follow_the_renumbering_of_their_scope():
    base = "**个人画像：**\n\n**项目画像：**\n"
    theirs = (
        "**个人画像：**\n- [演进][技术] 旧：a → 新：b <!-- PF-20261130-02 -->\n\n**项目画像：**\n"
        "- [演进][技术] 旧：c → 新：d <!-- PF-20261130-02 -->\n"
    )
    plan = Renumbering(theirs={"PF-20261130-02": "PF-20261130-09"})
    merged = merge_pending(base, base, theirs, {Scope.PROJECT: plan}).text
    assert "新：b <!-- PF-20261130-02 -->" in merged  # the user pair renumbered nothing
    assert "新：d <!-- PF-20261130-09 -->" in merged


def test_a_slipped_anchor_is_renumbered_too():
    base = "## 技术\n"
    ours = base + "- 我的 <!-- PF-20261130-02 -->\n"
    theirs = base + "- 你的 <!--PF-20261130-02-->\n"
    plan = Renumbering(theirs={"PF-20261130-02": "PF-20261130-03"})
    assert "- 你的 <!--PF-20261130-03-->" in merge_profile(base, ours, theirs, plan).text


def test_a_new_category_gets_a_blank_line_only_where_the_file_has_them():
    spaced = "# P\n\n## 甲\n- a <!-- PF-20261130-01 -->\n"
    theirs = spaced + "\n## 乙\n- b <!-- PF-20261130-02 -->\n"
    ours = spaced + "- c <!-- PF-20261130-03 -->\n"
    merged = merge_profile(spaced, ours, theirs, Renumbering()).text
    assert "- c <!-- PF-20261130-03 -->\n\n## 乙\n" in merged
    tight = "# P\n## 甲\n- a <!-- PF-20261130-01 -->\n"
    merged = merge_profile(
        tight, tight + "- c <!-- PF-20261130-03 -->\n", tight + "## 乙\n", Renumbering()
    ).text
    assert "\n\n" not in merged


def test_the_same_change_told_twice_is_two_records_not_a_conflict():
    base = HEAD + _record("PF-20261101-01", "2026-11-01", "甲")
    change = _record("PF-20261101-01", "2026-11-02", "乙", "演进（甲 → 乙）")
    ours = base + "\n" + change
    theirs = base + "\n" + change.replace("（未记录）", "换了说法", 1)
    merged = merge_log(base, ours, theirs, renumbering(base, ours, theirs))
    assert merged.conflicts == 0
    assert merged.text.count("### [PF-20261101-01] 2026-11-02") == 2


def test_two_clones_that_each_started_the_files_merge_as_add_add():
    """Both clones ran `pmem init` and wrote before sharing: git gives an empty base."""
    ours_log = HEAD + _record("PF-20261130-01", "2026-11-30", "我的")
    theirs_log = HEAD + _record("PF-20261130-01", "2026-11-30", "你的")
    plan = renumbering("", ours_log, theirs_log)
    assert len(plan.ours) + len(plan.theirs) == 1
    log = merge_log("", ours_log, theirs_log, plan).text
    assert log.count("# Project Profile Log") == 1
    assert "[PF-20261130-01]" in log and "[PF-20261130-02]" in log
    profile = "# P\n\n## 技术\n"
    merged = merge_profile(
        "",
        profile + "- 我的 <!-- PF-20261130-01 -->\n",
        profile + "- 你的 <!-- PF-20261130-01 -->\n",
        plan,
    )
    assert merged.conflicts == 0 and merged.text.count("## 技术") == 1
    ids = re.findall(r"PF-[\d-]+", merged.text)
    assert sorted(ids) == ["PF-20261130-01", "PF-20261130-02"]
    assert "- 我的 <!-- PF-20261130-02 -->" in merged.text  # 我 sorts after 你: renumbered


def test_an_entry_theirs_moved_to_another_category_moves():
    base = "## 甲\n- a <!-- PF-20261130-01 -->\n- b <!-- PF-20261130-02 -->\n\n## 乙\n"
    theirs = "## 甲\n- b <!-- PF-20261130-02 -->\n\n## 乙\n- a <!-- PF-20261130-01 -->\n"
    ours = base.replace("- b <!--", "- b2 <!--")
    merged = merge_profile(base, ours, theirs, Renumbering()).text
    assert merged == "## 甲\n- b2 <!-- PF-20261130-02 -->\n\n## 乙\n- a <!-- PF-20261130-01 -->\n"


def test_a_heading_underline_is_no_conflict_marker():
    assert conflict_blocks(["Facts", "=======", "", "- one"]) == []
    lines = ["<<<<<<< ours", "a", "=======", "b", ">>>>>>> theirs", ">>>>>>> stray"]
    assert conflict_blocks(lines) == [(0, 4), (5, 5)]
