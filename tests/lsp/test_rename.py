"""Rename an id: one edit over profile, log and pending; malformed or used names refused."""

import pytest
from lsp_support import Session, apply_workspace_edit
from lsprotocol import types
from pygls.exceptions import JsonRpcException


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def prepare_and_rename(
    session: Session, path, needle: str, new_name: str, offset: int = 1
) -> types.WorkspaceEdit:
    """Rename what stands at `needle` (`offset` characters into it) as an editor does: prepare (the range must
    start at `needle`), then rename."""
    identifier = doc(session, path)
    position = session.position(path, needle, offset)
    prepared = await session.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(identifier, position)
    )
    assert prepared.start == session.position(path, needle)
    return await session.client.text_document_rename_async(
        types.RenameParams(identifier, position, new_name)
    )


async def test_rename_edits_profile_log_and_pending_together(session: Session):
    profile = session.user_dir / "user-profile.md"
    edit = await prepare_and_rename(session, profile, "PF-20260412-02", "PF-20260412-09", offset=4)
    counts = {uri.rsplit("/", 1)[1]: len(edits) for uri, edits in edit.changes.items()}
    assert counts == {"user-profile.md": 1, "user-profile-log.md": 2, "profile-pending.md": 1}
    assert all(e.new_text == "PF-20260412-09" for edits in edit.changes.values() for e in edits)


@pytest.mark.parametrize(
    "new_name, words", [("PF-20260230-01", "not a real date"), ("PF-20260413-01", "already used")]
)
async def test_rename_refuses_malformed_or_used_ids(session: Session, new_name, words):
    profile = session.user_dir / "user-profile.md"
    with pytest.raises(JsonRpcException, match=words):
        await session.client.text_document_rename_async(
            types.RenameParams(
                doc(session, profile), session.position(profile, "PF-20260412-02", 1), new_name
            )
        )


async def test_no_rename_in_a_journal(session: Session):
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    prepared = await session.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(
            doc(session, journal), session.position(journal, "PF-20260601-01", 1)
        )
    )
    assert prepared is None


async def test_rename_a_category_changes_only_its_heading(session: Session):
    profile = session.user_dir / "user-profile.md"
    edit = await prepare_and_rename(session, profile, "技术偏好", "技术栈偏好")
    apply_workspace_edit(edit, session.encoding)
    assert "## 技术栈偏好\n- 偏好 React" in profile.read_text(encoding="utf-8")
    files = (
        [c.text_document.uri for c in edit.document_changes]
        if edit.document_changes
        else list(edit.changes)
    )
    assert [f.rsplit("/", 1)[1] for f in files] == ["user-profile.md"]
    with pytest.raises(JsonRpcException, match="already a category"):
        await session.client.text_document_rename_async(
            types.RenameParams(
                doc(session, profile), session.position(profile, "做事风格", 1), "沟通偏好"
            )
        )


@pytest.mark.parametrize(
    "new_name, words",
    [("", "empty"), ("  ", "empty"), ("a\n## b", "already a category|\\]|##"), ("a]b", "bracket")],
)
async def test_rename_a_category_to_nothing_or_to_structure_is_refused(
    session: Session, new_name, words
):
    profile = session.user_dir / "user-profile.md"
    before = profile.read_text(encoding="utf-8")
    if new_name == "a\n## b":
        edit = await session.client.text_document_rename_async(
            types.RenameParams(
                doc(session, profile), session.position(profile, "做事风格", 1), new_name
            )
        )
        apply_workspace_edit(edit, session.encoding)
        assert "## a ## b\n" in profile.read_text(
            encoding="utf-8"
        )  # one heading: the line break is folded
        return
    with pytest.raises(JsonRpcException, match=words):
        await session.client.text_document_rename_async(
            types.RenameParams(
                doc(session, profile), session.position(profile, "做事风格", 1), new_name
            )
        )
    assert profile.read_text(encoding="utf-8") == before
