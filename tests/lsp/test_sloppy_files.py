"""The server on real agent output (tests/workspaces/sloppy): sloppy anchors and headings hover, go to
definition and check as their canonical twins; each slip's quick fix writes the canonical form and never a
second id; the limit reminder is shown when a change is chosen."""

from __future__ import annotations

import pytest
from lsp_support import Session, _apply_text_edits, actions_at, apply_workspace_edit, lsp_fixtures
from lsprotocol import types
from profile_memory.core.profile import parse_profile
from test_code_actions import apply

client, session = lsp_fixtures("sloppy")


async def test_hover_and_definition_on_an_anchor_without_spaces(session: Session):
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    hover = await session.client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), session.position(profile, "PF-20260302-01", 3)
        )
    )
    assert hover is not None and "**PF-20260302-01** · live" in hover.contents.value
    assert hover.range.start == session.position(
        profile, "PF-20260302-01"
    )  # after the emoji, in the client's units
    found = await session.client.text_document_definition_async(
        types.DefinitionParams(
            types.TextDocumentIdentifier(uri), session.position(profile, "PF-20260302-02", 2)
        )
    )
    assert [location.range.start.line for location in found] == [
        13
    ]  # the `## [PF-…] … —— …` record


async def test_no_cascade_from_a_sloppy_log(session: Session):
    log = session.user_dir / "user-profile-log.md"
    items = await session.diagnostics(session.open(log), until=lambda items: len(items) > 0)
    assert sorted((d.range.start.line, d.code) for d in items) == sorted(
        [
            (13, "PM016"),
            *[(line, "PM018") for line in range(14, 19)],
            (48, "PM016"),
            (60, "PM018"),
            (67, "PM018"),
            (74, "PM018"),
            (81, "PM018"),
        ]
    )
    profile = session.user_dir / "user-profile.md"
    codes = sorted(
        d.code
        for d in await session.diagnostics(
            session.open(profile), until=lambda items: len(items) > 0
        )
    )
    assert codes == ["PM018"] * 4  # no PM005, PM006, PM007 or PM011 from the slips


async def test_the_quick_fix_rewrites_the_line_in_canonical_form(session: Session):
    profile = session.user_dir / "user-profile.md"
    actions = await actions_at(session, profile, 7)
    fix = next(a for a in actions if a.title == "Rewrite in canonical form")
    assert fix.is_preferred and fix.diagnostics[0].code == "PM018"
    assert not any(
        a.title.startswith(("Confirm", "Give this entry")) for a in actions
    )  # never a second id
    await apply(session, actions, "Rewrite in canonical form")
    lines = profile.read_text(encoding="utf-8").split("\n")
    assert lines[7] == "- 偏好 Vue 3 + Vite <!-- PF-20260302-03 -->" and lines[3].endswith(
        "<!--PF-20260302-01-->"
    )


async def test_rewrite_every_form_of_a_log(session: Session):
    log = session.user_dir / "user-profile-log.md"
    actions = await actions_at(session, log, 13)
    await apply(session, actions, "Rewrite every non-canonical form in this file")
    text = log.read_text(encoding="utf-8")
    assert "### [PF-20260302-02] 2026-03-02 — 深色主题\n- **分类**: 审美与设计\n" in text
    assert (
        "- **操作**: 转向（偏好 Tailwind → 偏好原生 CSS，不用 Tailwind）" in text
        and "—— " not in text
    )


async def test_a_malformed_id_that_plainly_means_one_is_rewritten_not_replaced(session: Session):
    profile = session.project_dir / "project-profile.md"
    text = profile.read_text(encoding="utf-8").replace(
        "<!-- PF-20260301-01 -->", "<!-- PF-20260301-1 -->"
    )
    profile.write_text(text, encoding="utf-8")
    actions = await actions_at(session, profile, 3)
    titles = [a.title for a in actions]
    assert "Rewrite PF-20260301-1 as PF-20260301-01" in titles and not any(
        "new id" in t for t in titles
    )
    await apply(session, actions, "Rewrite PF-20260301-1 as")
    assert "- Internal tool for the support team <!-- PF-20260301-01 -->" in profile.read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("client", ["vscode"], indirect=True)
async def test_a_change_that_leaves_the_profile_over_its_limit_is_said(session: Session):
    profile = session.project_dir / "project-profile.md"
    lines = profile.read_text(encoding="utf-8").rstrip("\n").split("\n")
    filler = [f"- filler {i}" for i in range(31 - len(lines) - 1)]
    profile.write_text(
        "\n".join(lines + filler + ["- one more, unconfirmed"]) + "\n", encoding="utf-8"
    )
    actions = await actions_at(session, profile, 30)
    await apply(session, actions, "Confirm as")  # resolved when chosen: the reminder comes then
    assert await session.eventually(
        lambda: any(
            m.type == types.MessageType.Warning and "over its limit of 30" in m.message
            for m in session.client.messages
        )
    )


async def test_references_and_rename_treat_sloppy_forms_as_canonical(session: Session):
    profile = session.project_dir / "project-profile.md"
    log = session.project_dir / "project-profile-log.md"
    identifier = types.TextDocumentIdentifier(session.open(profile))
    position = session.position(profile, "PF-20260301-03", 2)  # `(PF-…)` without a comment
    found = await session.client.text_document_references_async(
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=identifier,
            position=position,
        )
    )
    assert sorted((loc.uri.rsplit("/", 1)[1], loc.range.start.line) for loc in found) == [
        ("project-profile-log.md", 20),
        ("project-profile.md", 10),
    ]  # the heading without brackets included
    edit = await session.client.text_document_rename_async(
        types.RenameParams(identifier, position, "PF-20260301-09")
    )
    apply_workspace_edit(edit, session.encoding)
    assert "(PF-20260301-09)" in profile.read_text(encoding="utf-8")
    assert "### PF-20260301-09 2026-03-01 - Errors" in log.read_text(encoding="utf-8")


async def test_no_action_on_a_sloppy_entry_adds_an_id(session: Session):
    """Every action offered on every entry line of the sloppy profiles keeps one anchor per entry and the ids it had."""
    for profile in (
        session.user_dir / "user-profile.md",
        session.project_dir / "project-profile.md",
    ):
        text = profile.read_text(encoding="utf-8")
        before = {e.line: [a.text for a in e.anchors] for e in parse_profile(text).entries}
        for line in before:
            for action in await actions_at(session, profile, line):
                if action.edit is None:
                    action = await session.client.code_action_resolve_async(action)
                edits = [
                    e
                    for change in action.edit.document_changes or []
                    if isinstance(change, types.TextDocumentEdit)
                    and change.text_document.uri == profile.as_uri()
                    for e in change.edits
                ]
                edits += (action.edit.changes or {}).get(profile.as_uri(), [])
                after = parse_profile(_apply_text_edits(text, edits, session.encoding))
                assert all(len(e.anchors) <= 1 for e in after.entries), action.title
                kept = {a.text for e in after.entries for a in e.anchors}
                assert kept <= {i for ids in before.values() for i in ids}, action.title
