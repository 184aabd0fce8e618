"""An older client: code actions come with their edits (no resolve) and an action that cannot apply
is listed disabled, with the reason."""

from __future__ import annotations

from lsp_support import Session, actions_at, lsp_fixtures

client, session = lsp_fixtures(kinds=("minimal",))


async def test_an_action_that_cannot_apply_is_listed_disabled_with_its_reason(session: Session):
    profile = session.user_dir / "user-profile.md"
    (session.user_dir / "user-profile-log.md").unlink()
    actions = await actions_at(session, profile, 0)
    action = next(a for a in actions if a.title == "Create the log from its template")
    assert action.edit is None and "must be created first" in action.disabled.reason


async def test_actions_come_with_their_edits(session: Session):
    profile = session.user_dir / "user-profile.md"
    line = (
        profile.read_text(encoding="utf-8")
        .split("\n")
        .index(next(x for x in profile.read_text(encoding="utf-8").split("\n") if "PF-" in x))
    )
    actions = await actions_at(session, profile, line)
    assert actions and all(
        a.edit is not None and a.edit.changes for a in actions if a.disabled is None
    )
