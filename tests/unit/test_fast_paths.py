"""Each fast path of the parsers reads exactly what its general path reads (docs/incremental.md):
speed never changes a finding."""

from hypothesis import given, settings
from hypothesis import strategies as st
from profile_memory.core.log import (
    FIELD_KEYS,
    KEY_SYNONYMS,
    SectionStart,
    _canonical_field,
    _written_field,
    parse_log,
)
from profile_memory.core.profile import malformed_tokens
from profile_memory.core.secrets import find_secrets, may_hold_secret, suspect_lines
from profile_memory.core.text import split_lines

LABELS = [*FIELD_KEYS, *KEY_SYNONYMS, *(k.title() for k in FIELD_KEYS), "分 类", "x*y", ""]
FIELD_LINES = st.one_of(
    st.builds(
        lambda label, tail: f"- **{label}{tail}",  # cut short: no `**: ` after the label
        st.sampled_from(LABELS),
        st.text(alphabet="*: x", max_size=3),
    ),
    st.builds(
        lambda bullet, gap, label, inner, colon, space, value: (
            f"{bullet}{gap}**{inner}{label}{inner}**{colon}{space}{value}"
        ),
        st.sampled_from(["-", "*", " -"]),
        st.sampled_from([" ", "  ", "\t"]),
        st.sampled_from(LABELS),
        st.sampled_from(["", " "]),
        st.sampled_from([":", "：", "", ": "]),
        st.sampled_from(["", " ", "  ", "\t"]),
        st.text(alphabet="ab 决🙂*:：\r\t-", max_size=10),
    ),
)


@settings(max_examples=1000)
@given(FIELD_LINES)
def test_the_canonical_field_reads_as_the_written_one(line):
    base = SectionStart(0)
    fast = _canonical_field(base, 1, line)
    if fast is not None:
        assert fast == _written_field(base, 1, line)


LOG_LINES = st.lists(
    st.one_of(
        st.builds(
            lambda level, open_, token, close, rest: f"{level} {open_}{token}{close}{rest}",
            st.sampled_from(["###", "##", "####"]),
            st.sampled_from(["[", ""]),
            st.sampled_from(["PF-20260412-01", "PF-20261301-01", "PF-20260412-1", "PF-2026-01"]),
            st.sampled_from(["]", ""]),
            st.sampled_from([" 2026-04-12 — t", " 2026-04-12 — PF-20260412-02", " — x PF-1", ""]),
        ),
        st.sampled_from(
            ["- **操作**: 新增", "- **取代**: PF-20260412-001", "text PF-20260230-01", "", "# T"]
        ),
    ),
    max_size=12,
)


@settings(max_examples=500)
@given(LOG_LINES)
def test_a_log_reports_the_malformed_tokens_of_every_line(lines):
    text = "\n".join(lines)
    assert parse_log(text).bad_tokens == malformed_tokens(split_lines(text))


SECRET_LINES = st.lists(
    st.builds(
        lambda before, key, value: f"{before}{key}{value}",
        st.sampled_from(["", "说明 ", "x "]),
        st.sampled_from(
            ["password=", "PAſSWORD: ", "ſecret=", "\u212aEY=", "Token ", "密码：", ""]
        ),
        st.sampled_from(
            ["hunter2Xy9Qz7Lmaaaaaaaa", "AKIAIOSFODNN7EXAMPLE", "ghp_" + "b" * 36, "短"]
        ),
    ),
    max_size=8,
)


@settings(max_examples=300)
@given(SECRET_LINES, st.booleans())
def test_suspect_lines_hold_every_secret(lines, long):
    if long:  # past the length where whole-text substring searches take over
        lines = [*lines, "填充文字 " * 1000]
    holding = {i for i, line in enumerate(lines) if find_secrets(line)}
    assert set(suspect_lines(lines)) >= holding
    assert may_hold_secret("\n".join(lines)) or not holding
