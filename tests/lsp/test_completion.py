"""Completion: next free id, field keys, operation words, categories."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types
from profile_memory.lsp.positions import to_client

client, session = lsp_fixtures(kinds=ENCODINGS)


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_completion_of_the_next_free_id(session: Session):
    profile = session.user_dir / "user-profile.md"
    text = profile.read_text(encoding="utf-8") + "- 新的偏好 <!--"
    uri = session.open(profile, text)
    items = await session.client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(uri),
            types.Position(13, to_client("- 新的偏好 <!--", 99, session.encoding)),
        )
    )
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert labels == [" PF-20261130-01 -->"]


async def test_completion_after_a_heading_bracket_offers_ids_without_records(session: Session):
    profile = session.user_dir / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "- 新偏好 <!-- PF-20261130-01 -->\n", encoding="utf-8"
    )
    log = session.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8") + "\n### ["
    uri = session.open(log, text)
    items = await session.client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(uri), types.Position(len(text.split("\n")) - 1, 5)
        )
    )
    assert [i.label for i in (items.items if hasattr(items, "items") else items)] == [
        "PF-20261130-01"
    ]
