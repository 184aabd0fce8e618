"""The actions offered on a file (`core/actions.py`), in process on in-memory workspaces: which
offers a line gets, in which order, and that each one runs to a plan that leaves the pair clean."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

import pytest
from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, memory_workspace, record
from profile_memory.core.actions import ACTIONS, OfferKind, Request, offers, run
from profile_memory.core.buffers import apply_edits
from profile_memory.core.plans import PlanError, Planner
from profile_memory.core.rules import check_path
from profile_memory.core.span import Span
from profile_memory.store.templates import template_text

TODAY = dt.date(2026, 11, 30)
UP, UL = f"{USER_DIR}/user-profile.md", f"{USER_DIR}/user-profile-log.md"
PENDING = f"{PROJECT_DIR}/profile-pending.md"
HEAD = "# User Profile\n\n## 技术偏好\n"


def listed(files: dict[str, str], path: str, line: int) -> list[tuple[str, str, str]]:
    workspace = memory_workspace(files)
    source = workspace.source(PurePath(path))
    found = offers(workspace, source, line, line, lambda: "PF-20261130-01")
    return [(o.kind.value, o.request.action, o.title) for o in found]


CASES = {
    "unconfirmed entry": (
        {UP: HEAD + "- 偏好 Go\n", UL: LOG_HEAD},
        UP,
        3,
        [
            ("quickfix", "confirm-entry", "Confirm as PF-20261130-01 in 技术偏好"),
        ],
    ),
    "entry without a record": (
        {UP: HEAD + "- 偏好 Go <!-- PF-20260412-01 -->\n", UL: LOG_HEAD},
        UP,
        3,
        [("quickfix", "create-record", "Create the log record of PF-20260412-01")],
    ),
    "entry of a deleted id": (
        {
            UP: HEAD + "- 偏好 React <!-- PF-20260412-01 -->\n",
            UL: LOG_HEAD + record("PF-20260412-01") + record("PF-20260412-01", op="删除"),
        },
        UP,
        3,
        [
            ("quickfix", "remove-entry", "Remove the entry of PF-20260412-01"),
            ("quickfix", "record-restore", "Record a restore of PF-20260412-01"),
            ("refactor.delete", "delete", "Delete PF-20260412-01 from 技术偏好"),
        ],
    ),
    "entry edited by hand 🙂": (
        {
            UP: HEAD + "- 偏好 React 🙂 <!-- PF-20260412-01 -->\n",
            UL: LOG_HEAD + record("PF-20260412-01"),
        },
        UP,
        3,
        [
            ("quickfix", "record-evolve", "Record as evolve of PF-20260412-01"),
            (
                "quickfix",
                "record-pivot",
                "Record as pivot (PF-20261130-01 replaces PF-20260412-01)",
            ),
            ("refactor.delete", "delete", "Delete PF-20260412-01 from 技术偏好"),
        ],
    ),
    "id that plainly means one": (
        {
            UP: HEAD + "- 偏好 React <!-- PF-20260412-1 -->\n",
            UL: LOG_HEAD + record("PF-20260412-01"),
        },
        UP,
        3,
        [
            ("quickfix", "repair-token", "Rewrite PF-20260412-1 as PF-20260412-01"),
            ("refactor.delete", "delete", "Delete PF-20260412-01 from 技术偏好"),
        ],
    ),
    "category heading": (
        {UP: HEAD + "\n## 沟通偏好\n", UL: LOG_HEAD},
        UP,
        2,
        [("refactor.rewrite", "merge-category", "Merge `技术偏好` into `沟通偏好`")],
    ),
    "record without a field": (
        {
            UP: HEAD + "- 偏好 React <!-- PF-20260412-01 -->\n",
            UL: LOG_HEAD + record("PF-20260412-01", drop="来源对话"),
        },
        UL,
        4,
        [("quickfix", "add-missing-fields", "Add the missing fields")],
    ),
    "pivot proposal": (
        {
            UP: HEAD + "- 偏好 React <!-- PF-20260412-01 -->\n",
            UL: LOG_HEAD + record("PF-20260412-01"),
            PENDING: "**个人画像：**\n- [转向][技术偏好] 旧：偏好 React → 新：偏好 Vue <!-- PF-20260412-01 -->\n",
        },
        PENDING,
        1,
        [
            ("refactor.rewrite", "pending-confirm", "Confirm [pivot][技术偏好] 偏好 Vue"),
            ("refactor.rewrite", "pending-keep-both", "Keep both: add 偏好 Vue as a new entry"),
            ("refactor.rewrite", "pending-discard", "Discard [pivot][技术偏好]"),
        ],
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_offers_on_a_line(name):
    files, path, line, expected = CASES[name]
    assert listed(files, path, line) == expected


@pytest.mark.parametrize("name", CASES)
def test_every_offer_runs_to_a_plan_that_clears_what_it_fixes(name):
    files, path, line, _ = CASES[name]
    workspace = memory_workspace(files)
    source = workspace.source(PurePath(path))
    before = {(d.code, d.span.start_line) for d in check_path(workspace, PurePath(path))}
    for offer in offers(workspace, source, line, line, lambda: "PF-20261130-01"):
        planner = Planner(
            workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text
        )
        run(planner, offer.request)
        changed = {
            str(c.path): apply_edits("" if c.create else workspace.source(c.path).text, c.edits)
            for c in planner.finish(offer.request.action).files
        }
        assert changed, offer.title
        after = memory_workspace({**files, **changed})
        found = {(d.code, d.span.start_line) for d in check_path(after, PurePath(path))}
        if offer.kind is OfferKind.QUICK_FIX and offer.preferred:
            assert (offer.diagnostic.code, line) not in found, (offer.title, found)
        assert not found - before - {("PM001", 0)}, (offer.title, found - before)


def test_the_next_id_is_asked_for_once_per_listing():
    asked = []
    workspace = memory_workspace({UP: HEAD + "- 偏好 Go\n- 偏好 Rust\n", UL: LOG_HEAD})
    found = offers(
        workspace, workspace.source(PurePath(UP)), 0, 5, lambda: asked.append(1) or "PF-20261130-01"
    )
    assert len(found) == 2 and asked == [1]


def test_every_action_names_what_it_needs_and_refuses_without_it():
    workspace = memory_workspace(
        {UP: HEAD + "- 偏好 React <!-- PF-20260412-01 -->\n", UL: LOG_HEAD}
    )
    for action in ACTIONS.values():
        if not action.needs:
            continue
        planner = Planner(
            workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text
        )
        with pytest.raises(PlanError, match="lacks its"):
            run(planner, Request(action.name, PurePath(UP), 3))


def test_an_unknown_action_is_refused():
    workspace = memory_workspace({UP: HEAD, UL: LOG_HEAD})
    planner = Planner(workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text)
    with pytest.raises(PlanError, match="no action"):
        run(planner, Request("launch-rockets", PurePath(UP), 0, span=Span(0, 0, 0, 1)))


@pytest.mark.parametrize("path", [UP, UL, f"{PROJECT_DIR}/../../memory/FACT.md"])
def test_a_secret_is_redacted_in_one_click_wherever_it_is(path):
    from secrets_support import FAKES

    fake = FAKES["github-token"]
    files = {
        UP: HEAD + "- 偏好 React <!-- PF-20260412-01 -->\n",
        UL: LOG_HEAD + record("PF-20260412-01"),
    }
    files[path] = files.get(path, "# Facts\n\n") + f"- 部署 token: {fake}\n"
    workspace = memory_workspace(files)
    source = workspace.source(PurePath(path))
    line = files[path].split("\n").index(f"- 部署 token: {fake}")
    (offer,) = [
        o
        for o in offers(workspace, source, line, line, lambda: "x")
        if o.request.action == "redact"
    ]
    assert offer.title == "Redact this secret" and offer.preferred
    planner = Planner(workspace, workspace.profile_set(PurePath(PROJECT_DIR)), TODAY, template_text)
    run(planner, offer.request)
    (change,) = planner.finish("redact").files
    after = apply_edits(files[path], change.edits)
    assert "- 部署 token: <redacted:github-token>" in after and fake not in after
    assert after.replace("<redacted:github-token>", fake) == files[path]  # nothing else changed
