"""The kinds of the code actions: deleting an entry is `refactor.delete`, apart from the rewrites
(VS Code lists `refactor.rewrite` under "Rewrite" with a wrench, a kind of no named group under
"More Actions…"), and a client's `only` filter finds it under `refactor`."""

from __future__ import annotations

from lsp_support import Session, actions_at, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=("vscode",))

DELETE = "Delete PF-20260412-02"


async def actions_on_entry(
    session: Session, only: list[str] | None = None
) -> list[types.CodeAction]:
    profile = session.user_dir / "user-profile.md"
    line = next(
        n
        for n, text in enumerate(profile.read_text(encoding="utf-8").splitlines())
        if "PF-20260412-02" in text
    )
    return await actions_at(session, profile, line, only=only)


def kind_of(action: types.CodeAction) -> str | None:
    return getattr(action.kind, "value", action.kind)


async def test_delete_is_a_refactor_delete_and_no_rewrite(session: Session):
    actions = await actions_on_entry(session)
    deletes = [a for a in actions if a.title.startswith(DELETE)]
    assert [kind_of(a) for a in deletes] == ["refactor.delete"], [a.title for a in actions]
    options = session.client.server_capabilities.code_action_provider
    assert isinstance(options, types.CodeActionOptions)
    assert "refactor.delete" in [getattr(k, "value", k) for k in options.code_action_kinds or []]


async def test_only_filters_find_delete_under_refactor_not_under_rewrite(session: Session):
    rewrites = await actions_on_entry(session, only=["refactor.rewrite"])
    assert not [a for a in rewrites if a.title.startswith(DELETE)]
    refactors = await actions_on_entry(session, only=["refactor"])
    assert [a.title for a in refactors if a.title.startswith(DELETE)]
    alone = await actions_on_entry(session, only=["refactor.delete"])
    assert [kind_of(a) for a in alone] == ["refactor.delete"]
