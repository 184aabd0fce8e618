"""Code lenses on a compact profile and the command that opens the log."""

from lsp_support import Session
from lsprotocol import types


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_code_lenses_and_their_command_opens_the_log(session: Session):
    profile = session.user_dir / "user-profile.md"
    lenses = await session.client.text_document_code_lens_async(
        types.CodeLensParams(doc(session, profile))
    )
    titles = {(lens.range.start.line, lens.command.title) for lens in lenses}
    assert (0, "lines 13/50") in titles and (2, "1 entry") in titles and (8, "0 entries") in titles
    assert (6, "2 records · last: 演进 2026-05-01") in titles
    lens = next(lens for lens in lenses if lens.range.start.line == 6)
    result = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(lens.command.command, lens.command.arguments)
    )
    assert result is True
    shown = session.client.shown_documents[-1]
    assert shown.uri.endswith("user-profile-log.md") and shown.selection.start.line == 20


async def test_the_line_count_leaves_out_trailing_blank_lines_as_pm001_does(session: Session):
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile, profile.read_text(encoding="utf-8") + "\n\n\n")
    lenses = await session.client.text_document_code_lens_async(
        types.CodeLensParams(types.TextDocumentIdentifier(uri))
    )
    assert (0, "lines 13/50") in {(lens.range.start.line, lens.command.title) for lens in lenses}
