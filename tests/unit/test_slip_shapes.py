"""One slip, one finding, in the core (docs/format.md, "Tolerant reading"): a three-digit
sequence is its id's slip only, a heading with two ids says so, Traditional-Chinese keys and
operation words are read as their Simplified twins, a record filed under a 分类 that is no heading
is reported at its entry."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, memory_workspace, record
from profile_memory.core import anchors
from profile_memory.core.actions import offers, run
from profile_memory.core.buffers import apply_edits
from profile_memory.core.index import index_log
from profile_memory.core.log import Op, parse_log
from profile_memory.core.log.words import in_script, is_traditional
from profile_memory.core.plans import Planner
from profile_memory.core.profile import parse_profile
from profile_memory.core.rules import check_path
from profile_memory.core.rules.common import other_category
from profile_memory.store.templates import template_text


def only_record(text: str):
    (found,) = parse_log(LOG_HEAD + text).records
    return found


def test_a_three_digit_sequence_is_no_spacing_slip():
    found = only_record(record("PF-20260412-001", title="桌面框架 🚀"))
    assert found.id == "PF-20260412-01"
    assert found.slips == ()  # its PM004 (from the token) is the one finding
    spaced = only_record(record("PF-20260412-001").replace("] 2026", "]  2026"))
    (slip,) = spaced.slips
    assert "extra or missing spaces" in slip.message
    assert slip.canonical == "### [PF-20260412-01] 2026-04-12 — 标题"


def test_a_heading_with_two_ids_says_so_and_is_not_rewritten():
    found = only_record(record("PF-20260605-01").replace("01] ", "01][PF-20260605-02] ", 1))
    (slip,) = found.slips
    assert "two ids `[PF-20260605-01][PF-20260605-02]`" in slip.message
    assert "no date" not in slip.message and slip.canonical is None
    assert found.id == "PF-20260605-01" and found.date is not None and found.title == "标题"


def test_traditional_keys_and_operation_words_read_as_their_twins():
    text = (
        "### [PF-20260602-01] 2026-06-20 — CLI\n"
        '- **分類**: 技術偏好\n- **精簡版**: 偏好 Rust\n- **原始上下文**: "clap"\n'
        "- **來源對話**: [工具](chat-1)\n- **操作**: 演進（偏好 Go → 偏好 Rust）\n\n"
    )
    found = only_record(text)
    assert found.value("category") == "技術偏好" and found.value("summary") == "偏好 Rust"
    assert found.missing_fields == [] and found.op is Op.EVOLVE
    assert found.operation is not None and found.operation.old == "偏好 Go"
    assert len(found.slips) == 4  # three keys and the operation word, one each
    assert all(s.canonical for s in found.slips)
    for word, op in (("轉向", Op.PIVOT), ("刪除", Op.DELETE), ("恢復", Op.RESTORE)):
        assert only_record(record("PF-20260412-01", op=word)).op is op
    assert is_traditional("分類") and not is_traditional("分类") and not is_traditional("新增")
    assert in_script("新增/演进/转向", True) == "新增/演進/轉向"


def test_an_entry_under_another_heading_than_its_category_which_is_no_heading():
    profile = parse_profile("# 用户画像\n\n## 做事风格\n- 先画草图 <!-- PF-20260610-01 -->\n")
    entries = [e for e in profile.entries if e.id]
    history = index_log(
        parse_log(LOG_HEAD + record("PF-20260610-01", "2026-06-10", category="工作习惯"))
    ).histories["PF-20260610-01"]
    assert other_category(entries, history) == "工作习惯"
    assert other_category(entries * 2, history) is None  # a duplicated id: PM002 says it
    same = index_log(parse_log(LOG_HEAD + record("PF-20260610-01", category="做事风格")))
    assert other_category(entries, same.histories["PF-20260610-01"]) is None


def test_a_given_id_is_the_id_it_plainly_means():
    assert anchors.given_id("PF-20260412-002") == "PF-20260412-02"
    assert anchors.given_id("PF-20260412-2") == "PF-20260412-02"
    assert anchors.given_id("PF-20260412-02") == "PF-20260412-02"
    assert anchors.given_id("PF-2026041-2") == "PF-2026041-2"  # no id: the command says why


def test_the_entry_of_a_category_that_is_no_heading_is_offered_both_fixes_recording_first():
    up, ul = f"{USER_DIR}/user-profile.md", f"{USER_DIR}/user-profile-log.md"
    files = {
        up: "# User Profile\n\n## 做事风格\n- 先画草图再动手 ✏️ <!-- PF-20260610-01 -->\n",
        ul: LOG_HEAD
        + record("PF-20260610-01", "2026-06-10", category="工作习惯", summary="先画草图再动手 ✏️"),
    }
    workspace = memory_workspace(files)
    found = offers(workspace, workspace.source(PurePath(up)), 3, 3, lambda: "PF-20261130-01")
    fixes = [(o.request.action, o.title) for o in found if o.diagnostic is not None]
    assert fixes[:2] == [
        ("record-category", "Record that PF-20260610-01 now belongs to `做事风格`"),
        ("move-entry", "Move the entry to a new heading `工作习惯`"),
    ]
    for offer in found[:2]:
        planner = Planner(
            workspace,
            workspace.profile_set(PurePath(PROJECT_DIR)),
            dt.date(2026, 11, 30),
            template_text,
        )
        run(planner, offer.request)
        changed = {
            str(c.path): apply_edits("" if c.create else workspace.source(c.path).text, c.edits)
            for c in planner.finish(offer.request.action).files
        }
        after = memory_workspace({**files, **changed})
        codes = {d.code for p in (up, ul) for d in check_path(after, PurePath(p))}
        assert "PM019" not in codes and "PM014" not in codes, (offer.title, codes)
