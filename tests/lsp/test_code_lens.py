"""Code lenses on a compact profile and the command that opens the log."""

from lsp_support import Session
from lsprotocol import types


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_entries_get_inlay_hints_not_a_lens_line_each(session: Session):
    profile = session.user_dir / "user-profile.md"
    document = doc(session, profile)
    lenses = await session.client.text_document_code_lens_async(types.CodeLensParams(document))
    titles = {(lens.range.start.line, lens.command.title) for lens in lenses}
    assert titles == {
        (0, "lines 13/50 · ≈91/1,500 tok"),
        (2, "1 entry"),
        (5, "1 entry"),
        (8, "0 entries"),
        (10, "0 entries"),
        (12, "0 entries"),
    }
    whole = types.Range(types.Position(0, 0), types.Position(13, 0))
    hints = await session.client.text_document_inlay_hint_async(
        types.InlayHintParams(document, whole)
    )
    by_line = {hint.position.line: hint for hint in hints}
    assert sorted(by_line) == [3, 6]
    emoji_line = "- 🎨 偏好极简界面，反感花哨动效 <!-- PF-20260412-01 -->"
    assert by_line[3].position == session.position(profile, emoji_line, len(emoji_line))
    (part,) = by_line[6].label
    assert part.value == "2 records · last: 演进 2026-05-01"
    result = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(part.command.command, part.command.arguments)
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
    titles = {(lens.range.start.line, lens.command.title) for lens in lenses}
    assert (0, "lines 13/50 · ≈91/1,500 tok") in titles
