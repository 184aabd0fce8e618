"""Go to definition: anchors to records (creation first), headings to entries, within the pair."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=ENCODINGS)


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_definition_from_anchor_lists_every_record_creation_first(session: Session):
    profile = session.user_dir / "user-profile.md"
    locations = await session.client.text_document_definition_async(
        types.DefinitionParams(
            doc(session, profile), session.position(profile, "PF-20260412-02", 2)
        )
    )
    log_uri = (session.user_dir / "user-profile-log.md").as_uri()
    assert [(loc.uri, loc.range.start.line) for loc in locations] == [(log_uri, 13), (log_uri, 20)]


async def test_definition_from_log_heading_goes_to_the_entry(session: Session):
    log = session.user_dir / "user-profile-log.md"
    locations = await session.client.text_document_definition_async(
        types.DefinitionParams(doc(session, log), session.position(log, "PF-20260412-01", 5))
    )
    assert [(loc.uri, loc.range.start.line) for loc in locations] == [
        ((session.user_dir / "user-profile.md").as_uri(), 3)
    ]


async def test_definition_stays_in_the_pair(session: Session):
    # PF-20260412-01 exists in both pairs; from the project profile it resolves to the project log only
    profile = session.project_dir / "project-profile.md"
    locations = await session.client.text_document_definition_async(
        types.DefinitionParams(
            doc(session, profile), session.position(profile, "PF-20260412-01", 2)
        )
    )
    assert [loc.uri for loc in locations] == [
        (session.project_dir / "project-profile-log.md").as_uri()
    ]
