"""The refusal of a write to an id two entries carry (docs/format.md, "An id two entries carry is
never written to") is a catalogue message: English as before, Chinese when rendered so."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

import pytest
from helpers import PROJECT_DIR, USER_DIR, memory_workspace
from profile_memory.core.messages import Text, render
from profile_memory.core.pending import parse_pending
from profile_memory.core.plans import Decision, PairRef, PlanError, Planner
from profile_memory.store.templates import template_text

UP, UL = f"{USER_DIR}/user-profile.md", f"{USER_DIR}/user-profile-log.md"
USER = PairRef(PurePath(USER_DIR), "user-profile")
SHARED = (
    "# User Profile\n\n## 技术偏好\n- 偏好 React 🚀 <!-- PF-20260412-01 -->\n"
    "- 偏好 Vue <!-- PF-20260412-01 -->\n"
)
LOG = (
    "# User Profile Log\n\n## 记录\n\n### [PF-20260412-01] 2026-04-12 — 偏好 React\n"
    "- **分类**: 技术偏好\n- **精简版**: 偏好 React 🚀\n- **原始上下文**: （未记录）\n"
    "- **来源对话**: （未记录）\n- **操作**: 新增\n"
)


def refusal() -> PlanError:
    workspace = memory_workspace({UP: SHARED, UL: LOG})
    planner = Planner(
        workspace,
        workspace.profile_set(PurePath(PROJECT_DIR)),
        dt.date(2026, 11, 30),
        template_text,
    )
    with pytest.raises(PlanError) as raised:
        planner.delete(USER, "PF-20260412-01")
    return raised.value


def test_the_refusal_reads_as_before_in_english():
    assert str(refusal()) == (
        "PF-20260412-01 is carried by 2 entries (user-profile.md:4 `偏好 React 🚀`; "
        "user-profile.md:5 `偏好 Vue`): which one is meant cannot be decided, so nothing was "
        "written; give one of them a new id first (the quick fix of PM002, or by hand with its own "
        "add record), then retry"
    )


def test_the_refusal_renders_in_chinese():
    message = refusal().args[0]
    assert isinstance(message, Text)
    chinese = render(message, "zh")
    assert chinese.startswith("PF-20260412-01 由 2 个条目共用（user-profile.md:4 `偏好 React 🚀`")
    assert "所以什么都没有写入" in chinese and "PM002" in chinese


def test_a_decision_on_a_shared_id_names_the_proposal_in_either_language():
    pending = f"{PROJECT_DIR}/profile-pending.md"
    proposals = (
        "# Pending\n\n**个人画像：**\n"
        "- [演进][技术偏好] 旧：偏好 React 🚀 → 新：偏好 Svelte <!-- PF-20260412-01 -->\n"
    )
    workspace = memory_workspace({UP: SHARED, UL: LOG, pending: proposals})
    planner = Planner(
        workspace,
        workspace.profile_set(PurePath(PROJECT_DIR)),
        dt.date(2026, 11, 30),
        template_text,
    )
    doc = parse_pending(planner.text(PurePath(pending)))
    with pytest.raises(PlanError) as raised:
        planner.decide_each(PurePath(pending), doc.proposals, Decision.CONFIRM)
    assert str(raised.value).startswith("profile-pending.md:4: PF-20260412-01 is carried by 2")
    chinese = render(raised.value.args[0], "zh")
    assert chinese.startswith("profile-pending.md:4：PF-20260412-01 由 2 个条目共用")
