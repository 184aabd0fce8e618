from hypothesis import given
from hypothesis import strategies as st
from profile_memory.core.text import (
    LINE_BREAK,
    decode,
    line_count,
    line_ends,
    lines_holding,
    normalise,
    one_line,
    shared_ends,
    similarity,
    split_lines,
)


def test_lines_split_only_on_lsp_line_ends():
    text = "a\u2028b\u2029c\x85d\x0ce\x0bf\r\ng\rh\ni"
    assert split_lines(text) == ["a\u2028b\u2029c\x85d\x0ce\x0bf", "g", "h", "i"]


@given(st.text(alphabet="a中\r\n\u2028\x85", max_size=20))
def test_lines_split_the_same_with_or_without_a_carriage_return(text):
    assert split_lines(text) == LINE_BREAK.split(text)


def test_line_count_ignores_a_final_newline():
    assert line_count(split_lines("")) == 0
    assert line_count(split_lines("a")) == 1
    assert line_count(split_lines("a\n")) == 1
    assert line_count(split_lines("a\r\nb\r\n")) == 2
    assert line_count(split_lines("a\n\n")) == 2


def test_decode_drops_bom_and_reports_invalid_utf8_position():
    decoded = decode(b"\xef\xbb\xbf# title\n\xe4\xb8\xad\xff!\n")
    assert decoded.bom
    assert decoded.text == "# title\n中\ufffd!\n"
    assert decoded.invalid_utf8_at == (1, 1)


def test_decode_valid_has_no_problem():
    decoded = decode("中文 🎉\n".encode())
    assert decoded.invalid_utf8_at is None and not decoded.bom and not decoded.truncated


def test_decode_truncates_at_a_line_break_inside_the_bound():
    decoded = decode(b"aaaa\nbbbb\ncccc\n", max_bytes=12)
    assert decoded.truncated and decoded.text == "aaaa\nbbbb\n" and decoded.size == 15


def test_normalise_strips_bullet_comments_warning_and_folds_width():
    assert normalise("- 偏好  React，<!-- PF-20260412-01 --> ⚠️ ") == "偏好 React,"
    assert normalise("ＡＢＣ\u3000x") == "ABC x"


@given(st.text(alphabet=" a中\t\n\u00a0\u2028\u3000\x1c\x85-", max_size=12))
def test_normalised_text_is_on_one_line_whichever_white_space_it_had(text):
    """Text already on one line is returned as it is: every other white space is caught."""
    assert normalise(text) == one_line(normalise(text))


@given(
    st.lists(st.text(alphabet="ab中", max_size=6), min_size=1, max_size=8),
    st.lists(st.sampled_from(["a", "ab", "ba", "中a", "aa"]), max_size=3),
)
def test_lines_holding_finds_every_line_with_or_without_line_ends(lines, needles):
    """Both ways of numbering the lines found (counting line feeds, bisecting known line ends)
    find exactly the lines holding a needle, however many a line holds."""
    text = "\n".join(lines)
    holding = {n for n, line in enumerate(lines) if any(needle in line for needle in needles)}
    assert lines_holding(text, needles) == holding
    assert lines_holding(text, needles, line_ends(lines)) == holding


def test_similarity_works_for_chinese_and_english():
    assert similarity("回答要简短，先给结论", "回答要简短，先说结论") >= 0.6
    assert similarity("回答要简短，先给结论", "后端使用 FastAPI") < 0.6
    assert similarity("Prefers minimal UI", "prefers a minimal UI") >= 0.6
    assert similarity("Prefers minimal UI", "Uses PostgreSQL for storage") < 0.6
    assert similarity("a", "a") == 1.0 and similarity("a", "b") == 0.0


def _naive_shared_ends(a, b):
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return prefix, suffix


@given(
    st.text(alphabet="ab中🧠", max_size=40),
    st.text(alphabet="ab中🧠", max_size=40),
    st.integers(1, 5),
    st.booleans(),
)
def test_shared_ends_of_texts_and_line_lists(a, b, block, as_lines):
    """Block by block, narrowed in the block that differs: the counts one comparison at a time
    gives, for code points and for lines, never overlapping."""
    first, second = (list(a), list(b)) if as_lines else (a, b)
    expected = _naive_shared_ends(first, second)
    assert shared_ends(first, second, block=block) == expected
    known = (min(expected[0], 2), min(expected[1], 1))  # counts known to be shared are trusted
    assert shared_ends(first, second, known, block) == expected
