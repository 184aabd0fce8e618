"""A plan's working copies: records appended to a log are kept apart until the whole text is read,
and the edit they make is the one the whole new text would make."""

from __future__ import annotations

from pathlib import PurePath

from hypothesis import given, settings
from hypothesis import strategies as st
from profile_memory.core.buffers import Buffers, apply_edits, diff_edit
from profile_memory.core.text import UTF8_BOM, dominant_line_ending, split_lines
from profile_memory.core.workspace import FileData, MemoryProvider, Workspace

LOG = PurePath("/w/.cursor/profile/user-profile-log.md")


class EditorProvider(MemoryProvider):
    """Files as an editor holds them: with their lines (where a text ends is known without a
    count)."""

    def read(self, path: PurePath) -> FileData:
        data = super().read(path)
        assert isinstance(data.raw, str)
        return FileData(data.raw, data.version, split_lines(data.raw))


def appended_whole(text: str, block: list[str]) -> str:
    """The text with a block appended after one blank line, the whole text rebuilt."""
    eol = dominant_line_ending(text)
    if text and not text.endswith(("\n", "\r")):
        text += eol
    if text and not text.endswith(eol + eol):
        text += eol
    return text + eol.join(block) + eol


TEXTS = st.text(alphabet="ab中🙂 \r\n", max_size=30)
BLOCKS = st.lists(
    st.lists(st.text(alphabet="xy中🙂", max_size=5), min_size=1, max_size=3), max_size=3
)


FORMS = {  # how the log comes: text, an editor's lines, a file's bytes (with a BOM)
    "text": lambda text: MemoryProvider({str(LOG): text}),
    "editor": lambda text: EditorProvider({str(LOG): text}),
    "bytes": lambda text: MemoryProvider({str(LOG): text.encode("utf-8")}),
    "bom": lambda text: MemoryProvider({str(LOG): UTF8_BOM + text.encode("utf-8")}),
}


@settings(max_examples=300, deadline=None)
@given(TEXTS, BLOCKS, st.sampled_from(sorted(FORMS)), st.booleans())
def test_appends_make_the_edit_the_whole_new_text_makes(text, blocks, form, read_between):
    workspace = Workspace(FORMS[form](text))
    buffers = Buffers(workspace, lambda path: "")
    expected = text
    for block in blocks:
        buffers.append_block(LOG, block)
        expected = appended_whole(expected, block)
        if read_between:
            assert buffers.text(LOG) == expected
    changes = buffers.changes()
    if form in ("bytes", "bom") and not read_between and "\r" not in text:
        # where it ends was counted in its bytes (a `\r` line break has them decoded)
        source = workspace.source(LOG)
        assert source is not None and source.decoded is not None
        assert source.decoded.undecoded is not None
    assert [change.edits for change in changes] == ([[diff_edit(text, expected)]] if blocks else [])
    assert [apply_edits(text, change.edits) for change in changes] == ([expected] if blocks else [])
    assert buffers.text(LOG) == expected


def test_an_append_followed_by_a_line_change_is_one_edit():
    buffers = Buffers(Workspace(MemoryProvider({str(LOG): "a\r\nb\r\n"})), lambda path: "")
    buffers.append_block(LOG, ["x"])
    buffers.set_line(LOG, 0, "A")
    [change] = buffers.changes()
    assert apply_edits("a\r\nb\r\n", change.edits) == "A\r\nb\r\n\r\nx\r\n"
