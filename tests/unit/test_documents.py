"""The server's document view against a plain string: same text and same LSP lines after any edits."""

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types
from profile_memory.core.text import split_lines
from profile_memory.lsp.documents import Document
from profile_memory.lsp.positions import UTF8, UTF16, UTF32, from_client, to_client

ALPHABET = st.sampled_from(["a", "中", "🧠", "\n", "\r", "\r\n", " ", "\u2028", "é"])
TEXT = st.lists(ALPHABET, max_size=30).map("".join)


def offset(text: str, line: int, column: int) -> int:
    """Code-point offset of (line, column) in text, by LSP line rules."""
    lines = split_lines(text)
    starts, position = [], 0
    import re

    for match in re.finditer(r"\r\n|\r|\n", text):
        starts.append(position)
        position = match.end()
    starts.append(position)
    return starts[line] + min(column, len(lines[line]))


@settings(max_examples=400)
@given(
    TEXT,
    st.lists(
        st.tuples(
            st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), TEXT
        ),
        max_size=6,
    ),
    st.sampled_from([UTF16, UTF8, UTF32]),
)
def test_incremental_edits_match_a_plain_string(text, edits, encoding):
    document = Document.create("file:///x.md", 1, text)
    for a, b, c, d, new in edits:
        lines = split_lines(text)
        start_line, end_line = sorted((a % len(lines), c % len(lines)))
        start_col = b % (len(lines[start_line]) + 1)
        end_col = d % (len(lines[end_line]) + 1)
        if (start_line, start_col) > (end_line, end_col):
            start_col, end_col = end_col, start_col
        start, end = offset(text, start_line, start_col), offset(text, end_line, end_col)
        if start > end:
            start, end = end, start
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                types.Position(start_line, to_client(lines[start_line], start_col, encoding)),
                types.Position(end_line, to_client(lines[end_line], end_col, encoding)),
            ),
            text=new,
        )
        document.apply(change, encoding)
        text = text[:start] + new + text[end:]
        assert document.text == text and document.length == len(text)
        assert document.lines == split_lines(text)


def test_positions_after_cjk_and_astral_emoji():
    line = "- 🧠中文 <!-- PF-20260412-01 -->"
    index = line.index("PF-")
    assert to_client(line, index, UTF16) == index + 1
    assert to_client(line, index, UTF8) == len(line[:index].encode())
    assert to_client(line, index, UTF32) == index
    for encoding in (UTF16, UTF8, UTF32):
        assert from_client(line, to_client(line, index, encoding), encoding) == index


def test_edit_beyond_the_end_is_clamped():
    document = Document.create("file:///x.md", 1, "a\nb")
    document.apply(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(9, 0), types.Position(9, 0)), text="!"
        ),
        UTF16,
    )
    assert document.text == "a\nb!"


def test_a_reversed_range_is_the_range_it_spans_and_never_corrupts():
    document = Document.create("file:///x.md", 1, "第一行\n第二行 🧠\n第三行\n")
    document.apply(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(2, 1), types.Position(0, 1)), text="✂"
        ),
        UTF16,
    )
    assert (
        document.text == "第✂三行\n"
        and document.lines == ["第✂三行", ""]
        and document.length == len(document.text)
    )


def test_an_edit_keeps_the_untouched_lines_as_the_same_objects():
    document = Document.create("file:///x.md", 1, "第一行\n第二行 🧠\n第三行\n")
    before = document.lines
    document.apply(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(1, 6), types.Position(1, 6)), text="!"
        ),
        UTF16,
    )
    after = document.lines
    assert after == ["第一行", "第二行 🧠!", "第三行", ""] and before[1] == "第二行 🧠"
    assert after[0] is before[0] and after[2] is before[2] and after is not before


def test_text_later_is_the_text_of_its_version():
    document = Document.create("file:///x.md", 1, "一\r\n二")
    later = document.text_later()
    document.apply(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(1, 1)), text="🧠"
        ),
        UTF16,
    )
    assert later() == "一\r\n二" and document.text == "🧠"


PLAIN = st.lists(st.sampled_from(["a", "中", "🧠", "\n", " ", "é", "\n\n"]), max_size=30).map(
    "".join
)


@settings(max_examples=500)
@given(TEXT, st.lists(st.tuples(st.integers(0, 40), st.integers(0, 8), PLAIN), max_size=5))
def test_whole_text_changes_match_a_plain_string_and_keep_unchanged_lines(text, edits):
    """From the first whole text on (the document was opened, nothing was sent whole before)."""
    document = Document.create("file:///x.md", 1, text)
    for at, length, inserted in edits:
        at = at % (len(text) + 1)
        new = text[:at] + inserted + text[at + length :]
        before = document.lines
        document.apply(types.TextDocumentContentChangeWholeDocument(text=new), UTF16)
        plain = "\r" not in text + new
        text = new
        assert document.text == text and document.length == len(text)
        assert document.lines == split_lines(text)
        same = 0  # lines the texts share at their start are the very same objects
        while (
            same < min(len(before), len(document.lines)) - 1
            and before[same] == document.lines[same]
        ):
            same += 1
        if plain and same > 0:
            assert before[same - 1] is document.lines[same - 1]
        end = 0  # and so are the lines they share at their end
        while (
            end < min(len(before), len(document.lines)) - same - 1
            and before[-1 - end] == document.lines[-1 - end]
        ):
            end += 1
        if plain and end > 0:
            assert before[-end] is document.lines[-end]
