"""The server's writes refuse an id two entries carry (#24 §3), on tests/workspaces/months (a CRLF
user pair with Chinese and emoji): a proposal's confirm is refused or shown disabled, naming both
lines and the fix; a rename of the id is refused; nothing is written."""

from __future__ import annotations

import pytest
from lsp_support import Session, actions_at, lsp_fixtures
from lsprotocol import types
from pygls.exceptions import JsonRpcException

client, session = lsp_fixtures("months")

SHARED = "PF-20260415-01"
BOTH_LINES = (
    f"{SHARED} is carried by 2 entries (user-profile.md:8 `快捷键对齐 VS Code，保留 Vim 模式`; "
    "user-profile.md:11 `先给结论，再给细节`)"
)


def snapshot(session: Session) -> dict[str, bytes]:
    return {
        str(p.relative_to(session.root)): p.read_bytes() for p in sorted(session.root.rglob("*.md"))
    }


async def test_confirming_an_evolve_of_a_shared_id_is_refused_naming_both_lines(session: Session):
    before = snapshot(session)
    pending = session.project_dir / "profile-pending.md"
    actions = await actions_at(session, pending, 3)
    confirm = next(a for a in actions if a.title.startswith("Confirm [evolve]"))
    if confirm.disabled is not None:  # a client that cannot resolve: shown disabled, with why
        reason = confirm.disabled.reason
    else:
        with pytest.raises(JsonRpcException) as refused:
            await session.client.code_action_resolve_async(confirm)
        reason = str(refused.value)
    assert BOTH_LINES in reason and "give one of them a new id first" in reason
    assert snapshot(session) == before


async def test_renaming_a_shared_id_is_refused(session: Session):
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    with pytest.raises(JsonRpcException, match="carried by 2 entries") as refused:
        await session.client.text_document_rename_async(
            types.RenameParams(
                types.TextDocumentIdentifier(uri),
                session.position(profile, SHARED, 3, occurrence=1),
                "PF-20260418-01",
            )
        )
    assert "user-profile.md:11" in str(refused.value)
    assert session.client.applied_edits == []


async def test_the_quick_fix_of_pm002_still_gives_one_entry_a_new_id(session: Session):
    profile = session.user_dir / "user-profile.md"
    actions = await actions_at(session, profile, 10)
    new_id = next(a for a in actions if a.title.startswith("Give this entry a new id"))
    assert new_id.disabled is None
