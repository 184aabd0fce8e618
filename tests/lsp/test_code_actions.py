"""Code actions at each diagnostic and entry kind: the returned edit, applied, gives the expected files."""

from __future__ import annotations

from pathlib import Path, PurePath

import pytest
from lsp_support import Session, actions_at, apply_workspace_edit
from lsprotocol import types
from profile_memory.core.config import Settings
from profile_memory.core.rules import check_path
from profile_memory.core.workspace import Workspace
from profile_memory.store.disk import DiskProvider


def codes_on_disk(session: Session, path: Path) -> list[str]:
    workspace = Workspace(DiskProvider(), Settings(), PurePath(session.user_dir))
    return sorted(d.code for d in check_path(workspace, PurePath(path)))


async def apply(
    session: Session, actions: list[types.CodeAction], title_start: str
) -> types.WorkspaceEdit:
    action = next((a for a in actions if a.title.startswith(title_start)), None)
    assert action is not None, [a.title for a in actions]
    if action.edit is None:
        action = await session.client.code_action_resolve_async(action)
    apply_workspace_edit(action.edit, session.encoding)
    return action.edit


def append(path: Path, text: str) -> int:
    """Append lines to a file; the 0-based number of the first appended line."""
    old = path.read_text(encoding="utf-8")
    path.write_text(old + text, encoding="utf-8")
    return len(old.split("\n")) - 1


async def test_confirm_an_unconfirmed_entry(session: Session):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    text = profile.read_text(encoding="utf-8").replace(
        "## 做事风格\n", "## 做事风格\n- 先讨论再动手 🧠\n"
    )
    profile.write_text(text, encoding="utf-8")
    actions = await actions_at(session, profile, 9)
    confirm = next(a for a in actions if a.title.startswith("Confirm as"))
    assert (
        confirm.title == "Confirm as PF-20261130-01 in 做事风格"
        and confirm.kind == types.CodeActionKind.QuickFix
    )
    assert confirm.is_preferred and confirm.diagnostics[0].code == "PM005"
    edit = await apply(session, actions, "Confirm as")
    assert "- 先讨论再动手 🧠 <!-- PF-20261130-01 -->\n" in profile.read_text(encoding="utf-8")
    assert (
        "### [PF-20261130-01] 2026-11-30 — 先讨论再动手 🧠\n- **分类**: 做事风格"
        in log.read_text(encoding="utf-8")
    )
    if edit.document_changes is not None:
        versions = {
            c.text_document.uri.rsplit("/", 1)[1]: c.text_document.version
            for c in edit.document_changes
        }
        assert versions == {
            "user-profile-log.md": None,
            "user-profile.md": 1,
        }  # the open document's version
    else:  # a client without documentChanges gets plain changes
        assert sorted(uri.rsplit("/", 1)[1] for uri in edit.changes) == [
            "user-profile-log.md",
            "user-profile.md",
        ]
    assert codes_on_disk(session, profile) == [] and codes_on_disk(session, log) == []


async def test_record_an_edited_entry_as_evolve_or_pivot(session: Session):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    profile.write_text(
        profile.read_text(encoding="utf-8").replace("全栈开发", "全栈开发，SSR 优先"),
        encoding="utf-8",
    )
    actions = await actions_at(session, profile, 6)
    assert [a.title for a in actions if a.kind == types.CodeActionKind.QuickFix] == [
        "Record as evolve of PF-20260412-02",
        "Record as pivot (PF-20261130-01 replaces PF-20260412-02)",
    ]
    await apply(session, actions, "Record as evolve")
    assert (
        "- **操作**: 演进（偏好 React + Next.js 全栈开发 → 偏好 React + Next.js 全栈开发，SSR 优先）"
        in log.read_text(encoding="utf-8")
    )
    assert codes_on_disk(session, profile) == []


@pytest.mark.parametrize(
    "title",
    ["Move the entry to `技术偏好`", "Record that PF-20260412-02 now belongs to `做事风格`"],
)
async def test_an_entry_under_another_category_is_moved_or_its_category_recorded(
    session: Session, title: str
):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    text = profile.read_text(encoding="utf-8")
    entry = "- 偏好 React + Next.js 全栈开发 <!-- PF-20260412-02 -->\n"
    profile.write_text(
        text.replace(entry, "").replace("## 做事风格\n", "## 做事风格\n" + entry), encoding="utf-8"
    )
    line = profile.read_text(encoding="utf-8").split("\n").index(entry.strip())
    actions = await actions_at(session, profile, line)
    assert [a.title for a in actions if a.diagnostics and a.diagnostics[0].code == "PM019"] == [
        "Move the entry to `技术偏好`",
        "Record that PF-20260412-02 now belongs to `做事风格`",
    ]
    await apply(session, actions, title)
    assert codes_on_disk(session, profile) == [] and codes_on_disk(session, log) == []


@pytest.mark.parametrize(
    "case", ["PM006", "PM007-delete", "PM007-restore", "PM008", "PM003", "PM010", "PM002", "PM004"]
)
async def test_quick_fixes_remove_their_problem(session: Session, case: str):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    record = (
        "\n### [{id}] 2026-04-20 — 测试\n- **分类**: 做事风格\n- **精简版**: 测试条目\n- **原始上下文**: x\n"
        "- **来源对话**: y\n- **操作**: {op}\n"
    )
    if case == "PM006":
        line = append(profile, "- 新条目 <!-- PF-20260420-01 -->\n")
        target, title = profile, "Create the log record"
    elif case.startswith("PM007"):
        line = append(log, record.format(id="PF-20260420-01", op="新增")) + 1
        target, title = (
            log,
            (
                "Mark PF-20260420-01 deleted"
                if case.endswith("delete")
                else "Restore PF-20260420-01"
            ),
        )
    elif case == "PM008":
        line = append(profile, "- 深色 <!-- PF-20260413-01 -->\n")
        target, title = profile, "Remove the entry"
    elif case == "PM003":
        line = append(log, record.format(id="PF-20260412-01", op="新增")) + 1
        target, title = log, "Make it a restore"
    elif case == "PM010":
        line = append(log, "\n### [PF-20260412-01] 2026-05-02 — 补\n- **操作**: 演进\n") + 1
        target, title = log, "Add the missing fields"
    elif case == "PM002":
        line = append(profile, "- 重复 <!-- PF-20260412-02 -->\n")
        target, title = profile, "Give this entry a new id"
    else:
        line = append(profile, "- 坏锚点 <!-- PF-20261301-01 -->\n")
        target, title = profile, "Replace PF-20261301-01"
    code = case.split("-")[0]
    assert code in codes_on_disk(session, target)
    await apply(session, await actions_at(session, target, line), title)
    assert code not in codes_on_disk(session, profile) + codes_on_disk(session, log)


async def test_pending_proposal_actions_and_the_confirm_all_lens(session: Session):
    pending = session.project_dir / "profile-pending.md"
    actions = await actions_at(session, pending, 3)
    assert [a.title for a in actions] == [
        "Confirm [evolve][技术偏好] 偏好 React + Next.js，SSR 优先",
        "Keep both: add 偏好 React + Next.js，SSR 优先 as a new entry",
        "Discard [evolve][技术偏好]",
    ]
    uri = pending.as_uri()
    lenses = await session.client.text_document_code_lens_async(
        types.CodeLensParams(types.TextDocumentIdentifier(uri))
    )
    assert [lens.command.title for lens in lenses] == ["Confirm all (2)", "Discard all"]
    outcome = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(lenses[0].command.command, lenses[0].command.arguments)
    )
    assert outcome == "2 confirmed: PF-20260412-02, PF-20261130-01"
    assert len(session.client.applied_edits) == 1
    assert "Profile Memory: 2 confirmed" in session.client.messages[-1].message
    assert "偏好 React + Next.js，SSR 优先 <!-- PF-20260412-02 -->" in (
        session.user_dir / "user-profile.md"
    ).read_text(encoding="utf-8")
    assert "[新增]" not in pending.read_text(encoding="utf-8")


async def test_merge_a_category(session: Session):
    profile = session.user_dir / "user-profile.md"
    actions = await actions_at(session, profile, 2)
    await apply(session, actions, "Merge `审美与设计` into `产品理解`")
    text = profile.read_text(encoding="utf-8")
    assert "## 审美与设计" not in text and text.rstrip().endswith(
        "## 产品理解\n- 🎨 偏好极简界面，反感花哨动效 <!-- PF-20260412-01 -->"
    )


async def test_similar_pending_add_becomes_an_evolve(session: Session):
    pending = session.project_dir / "profile-pending.md"
    line = (
        append(pending, "\n**个人画像：**\n- [新增][技术偏好] 偏好 React + Next.js 全栈开发方案\n")
        + 2
    )
    actions = await actions_at(session, pending, line)
    await apply(session, actions, "Turn into an evolve")
    assert (
        "- [演进][技术偏好] 旧：偏好 React + Next.js 全栈开发 → 新：偏好 React + Next.js 全栈开发方案 <!-- PF-20260412-02 -->"
        in pending.read_text(encoding="utf-8")
    )


async def test_a_missing_log_is_created_when_the_editor_can(session: Session):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    log.unlink()
    actions = await actions_at(session, profile, 0)
    capabilities = session.client.capabilities.workspace.workspace_edit
    can_create = bool(
        capabilities
        and capabilities.document_changes
        and capabilities.resource_operations
        and types.ResourceOperationKind.Create in capabilities.resource_operations
    )
    action = next(a for a in actions if a.title == "Create the log from its template")
    if not can_create:
        if action.edit is None and action.disabled is None:
            with pytest.raises(Exception, match="must be created first"):
                await session.client.code_action_resolve_async(action)
        else:
            assert "must be created first" in action.disabled.reason
        return
    edit = await apply(session, actions, "Create the log from its template")
    assert isinstance(edit.document_changes[0], types.CreateFile)
    assert log.read_text(encoding="utf-8").startswith("# User Profile Log")


async def test_actions_are_disabled_while_a_file_of_the_pair_did_not_decode(session: Session):
    profile, log = session.user_dir / "user-profile.md", session.user_dir / "user-profile-log.md"
    log.write_bytes(
        log.read_bytes().replace(
            "前端技术栈偏好（演进）".encode(), "前端技术栈偏好（演进）".encode("gbk")
        )
    )
    before = log.read_bytes()
    text = profile.read_text(encoding="utf-8").replace(
        "## 做事风格\n", "## 做事风格\n- 先讨论再动手\n"
    )
    actions = await actions_at(session, profile, 9, text)
    assert actions and all(a.disabled is not None for a in actions)
    assert (
        "user-profile-log.md has bytes that are not UTF-8 (the first at line 21"
        in actions[0].disabled.reason
    )
    assert log.read_bytes() == before


@pytest.mark.parametrize("name", ["user-profile.md", "user-profile-log.md", "memory:FACT.md"])
async def test_a_secret_is_redacted_through_the_server(session: Session, name: str):
    from secrets_support import FAKES

    fake = FAKES["gitlab-token"]
    path = (
        session.repo / "memory" / "FACT.md"
        if name.startswith("memory:")
        else session.user_dir / name
    )
    line = append(path, f"- 部署 🚀 用 {fake}\n")
    actions = await actions_at(session, path, line)
    redact = next(a for a in actions if a.title == "Redact this secret")
    assert redact.is_preferred and fake not in str(redact.diagnostics)
    await apply(session, actions, "Redact this secret")
    text = path.read_text(encoding="utf-8")
    assert "- 部署 🚀 用 <redacted:gitlab-token>" in text and fake not in text
    assert "PM060" not in codes_on_disk(session, path)
