"""Folding ranges for log records and categories."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(kinds=ENCODINGS)


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_folding_ranges_for_records_and_categories(session: Session):
    log = session.user_dir / "user-profile-log.md"
    ranges = await session.client.text_document_folding_range_async(
        types.FoldingRangeParams(doc(session, log))
    )
    assert [(r.start_line, r.end_line) for r in ranges] == [(6, 11), (13, 18), (20, 26), (28, 33)]
    profile = session.user_dir / "user-profile.md"
    ranges = await session.client.text_document_folding_range_async(
        types.FoldingRangeParams(doc(session, profile))
    )
    assert [(r.start_line, r.end_line) for r in ranges] == [(2, 3), (5, 6)]
