"""The journal search decodes each line with the C scanner `json.scanner.make_scanner` makes (no
documented API; core/search.py says why): it must read every line as the public
`JSONDecoder.raw_decode` does, or this fails on the Python that changed it."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from profile_memory.core.search import _SCAN

DECODER = json.JSONDecoder()
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
LINES = st.one_of(
    VALUES.map(lambda value: json.dumps(value, ensure_ascii=False)),
    VALUES.map(json.dumps),  # \\u escapes, surrogate pairs
    st.builds(lambda value, cut: json.dumps(value)[:cut], VALUES, st.integers(0, 40)),  # broken
    st.builds(lambda v, tail: json.dumps(v) + tail, VALUES, st.sampled_from([" ", "x", "}", "\\"])),
    st.text(alphabet="a\t\x01\x7f长", max_size=4).map(lambda raw: f'{{"text": "{raw}"}}'),  # raw
    st.text(alphabet='{}[]":,\\ \t\x01tfn0123456789.eE+-u"长🎉', max_size=30),
)


def read(scan, line: str, at: int):
    """What a reading says: the value and where it ended, or that the line holds none there."""
    try:
        return scan(line, at)
    except (StopIteration, ValueError):
        return "no value"


@given(LINES, st.integers(0, 3))
def test_the_scanner_reads_as_raw_decode(line, at):
    assert read(_SCAN, line, at) == read(DECODER.raw_decode, line, at)


def test_the_scanner_reads_a_journal_entry_and_refuses_what_is_none():
    line = '{"ts":"2026-06-01T00:00:00.000Z","tags":["部署"],"text":"选定 Fly.io 🎉"} '
    assert _SCAN(line, 0) == (
        {"ts": "2026-06-01T00:00:00.000Z", "tags": ["部署"], "text": "选定 Fly.io 🎉"},
        len(line) - 1,
    )
    assert read(_SCAN, '{"text": "cut', 0) == read(_SCAN, "", 0) == "no value"
