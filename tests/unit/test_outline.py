"""The memory at a glance (`core/outline.py`), on the `clean` fixture through the real server
object in process: entries with their state, the history newest first, an id's timeline through
pivots."""

from __future__ import annotations

import pytest
from features_support import Served, serve
from profile_memory.core.outline import EntryState, history, outline, pending, timeline


@pytest.fixture
def served(tmp_path, monkeypatch) -> Served:
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    return serve(tmp_path)


def test_every_entry_with_its_state_and_last_change(served: Served):
    profile = served.user_dir / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8")
        + "- 回答简短\n- 偏好 Go <!-- PF-20261101-01 -->\n- 深色主题 <!-- PF-20260413-01 -->\n",
        encoding="utf-8",
    )
    user, project = outline(served.ls.resolver)
    assert (user.name, user.lines, user.limit) == ("user-profile", 16, 50)
    entries = {e.text: e for c in user.categories for e in c.entries}
    assert entries["偏好 React + Next.js 全栈开发"].state is EntryState.LIVE
    last = entries["偏好 React + Next.js 全栈开发"].last
    assert (entries["偏好 React + Next.js 全栈开发"].records, last.operation, last.date) == (
        2,
        "演进",
        "2026-05-01",
    )
    assert entries["回答简短"].state is EntryState.UNCONFIRMED
    assert entries["偏好 Go"].state is EntryState.DANGLING
    assert entries["深色主题"].state is EntryState.DELETED
    assert user.findings == 3  # PM005, PM006, PM008
    assert [c.name for c in user.categories][:2] == ["审美与设计", "技术偏好"]
    assert project.name == "project-profile" and project.findings == 0


def test_history_is_newest_first_and_filtered(served: Served):
    records = history(served.ls.resolver)
    assert [(r.date, r.id) for r in records[:3]] == [
        ("2026-06-01", "PF-20260601-01"),
        ("2026-05-02", "PF-20260413-01"),
        ("2026-05-01", "PF-20260412-02"),
    ]
    assert {r.id for r in history(served.ls.resolver, "前端")} == {"PF-20260412-02"}


def test_a_timeline_follows_pivots_both_ways(served: Served):
    log = served.user_dir / "user-profile-log.md"
    log.write_text(
        log.read_text(encoding="utf-8")
        + "\n### [PF-20261101-01] 2026-11-01 — 前端技术栈偏好（转向）\n- **分类**: 技术偏好\n"
        '- **精简版**: 偏好 Svelte\n- **原始上下文**: "改用 Svelte"\n- **来源对话**: x\n'
        "- **操作**: 转向（偏好 React + Next.js 全栈开发 → 偏好 Svelte）\n",
        encoding="utf-8",
    )
    for anchor in ("PF-20260412-02", "PF-20261101-01"):
        records = timeline(served.ls.resolver, anchor)
        assert [(r.id, r.operation) for r in records] == [
            ("PF-20260412-02", "新增"),
            ("PF-20260412-02", "演进"),
            ("PF-20261101-01", "转向"),
        ]
    assert records[-1].fields["summary"] == "偏好 Svelte"


def test_pending_proposals(served: Served):
    (found,) = pending(served.ls.resolver)
    assert found.path.name == "profile-pending.md" and len(found.proposals) == 2
