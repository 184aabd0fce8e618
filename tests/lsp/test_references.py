"""Find references across the pair, the pending file and the journals."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=ENCODINGS)


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_references_cover_profile_log_pending_and_journal(session: Session):
    project = session.project_dir / "project-profile.md"
    found = await session.client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(session, project),
            position=session.position(project, "PF-20260601-01", 1),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    names = sorted(loc.uri.rsplit("/", 1)[1] for loc in found)
    assert names == ["JOURNAL.jsonl", "project-profile-log.md", "project-profile.md"]
    user = session.user_dir / "user-profile.md"
    found = await session.client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(session, user),
            position=session.position(user, "PF-20260412-02", 1),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert sorted(loc.uri.rsplit("/", 1)[1] for loc in found) == [
        "profile-pending.md",
        "user-profile-log.md",
        "user-profile-log.md",
        "user-profile.md",
    ]
