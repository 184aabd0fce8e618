"""Each fast path of the parsers reads exactly what its general path reads (docs/incremental.md):
speed never changes a finding."""

from hypothesis import example, given, settings
from hypothesis import strategies as st
from profile_memory.core.log import (
    FIELD_KEYS,
    FIELD_LABELS,
    KEY_SYNONYMS,
    SectionStart,
    TemplatedLines,
    parse_log,
)
from profile_memory.core.log.parse import (
    _canonical_field,
    _general_sections,
    _mark_secrets,
    _written_field,
)
from profile_memory.core.log.templated import _parse_sections
from profile_memory.core.profile import malformed_tokens, parse_profile
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


PIECE_LINES = st.lists(
    st.lists(
        st.sampled_from(
            [
                "pass",
                "PWD",
                "Secret",
                "toKEN",
                "ke",
                "y",
                "AKIA",
                "://",
                ":",
                "/",
                "密码",
                "密",
                "ſ",
                "\u212a",
                "K",
                "策🙂",
                "x",
                " ",
                "\udc80",
            ]
        ),
        max_size=5,
    ).map("".join),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300)
@given(PIECE_LINES, st.integers(0, 12))
@example(["ke密y", "AK🙂IA", "key"], 1)  # what a character between letters keeps apart stays apart
def test_a_long_range_suspects_exactly_the_lines_holding_a_piece(lines, filler_at):
    """The whole-text search of a long range finds each line holding a literal or a word (in any
    case), and no other: hits are counted back to the right line wherever they fall."""
    lines = list(lines)
    lines.insert(min(filler_at, len(lines)), "填充文字 " * 1000)
    pieces = ("AKIA", "://", "密码", "ſ", "\u212a")
    holding = [
        i
        for i, line in enumerate(lines)
        if any(piece in line for piece in pieces)
        or any(word in line.lower() for word in ("pass", "pwd", "secret", "token", "key"))
    ]
    assert suspect_lines(lines) == holding
    assert suspect_lines(["x", *lines], 1) == [i + 1 for i in holding]


def _field_line(language, key, value):
    return f"- **{FIELD_LABELS[language][key]}**: {value}"


TEMPLATED_LINES = st.builds(
    lambda language, heading, values, supersedes, tail: [
        heading,
        *(
            _field_line(language, key, value)
            for key, value in zip(
                ("category", "summary", "context", "source", "operation"), values, strict=True
            )
        ),
        *([_field_line(language, "supersedes", supersedes)] if supersedes else []),
        *tail,
    ],
    st.sampled_from(["zh", "en"]),
    st.builds(
        lambda anchor, day, mark, title, after: f"### [{anchor}] {day} {mark} {title}{after}",
        st.sampled_from(["PF-20260412-01", "PF-20260412-1", "PF-20261301-01", "PF-20260412-100"]),
        st.sampled_from(["2026-04-12", "2026-02-30", "2026-4-12"]),
        st.sampled_from(["—", "–", "-", "——", ":"]),
        st.sampled_from(["标题", "t PF-20260412-02", "偏好 🙂（已删除）", " x", "", "x\u3000"]),
        st.sampled_from(["", " ", "\t", "\u3000 "]),
    ),
    st.lists(
        st.sampled_from(
            [
                "技术偏好",
                "偏好 React 🙂",
                " 前导",
                "尾随 ",
                "PF-2026041-01",
                "x\ty",
                "",
                "a **: b",
                "a ## b",
            ]
        ),
        min_size=5,
        max_size=5,
    ).flatmap(
        lambda values: st.sampled_from(
            [
                "新增",
                "删除",
                "演进（偏好 React → 偏好 Vue）",
                "演进（旧: a → 新: b）",
                "更新",
                "wobble",
                "### [PF-20260412-02] 2026-04-12 — t",
                "新增## 下一节",
            ]
        ).map(lambda op: [*values[:4], op])
    ),
    st.sampled_from([None, "PF-20260412-01", "PF-20260412-001", "无"]),
    st.lists(
        st.sampled_from(
            ["", "", " ", "  续行", "- **分类**: 技术偏好", "text", "* x: y", "#", "## 下一节"]
        ),
        max_size=3,
    ),
)


def _section_shape(section):
    record = section.record
    keys = ("category", "summary", "context", "source", "operation", "supersedes", "other")
    return (
        section.start,
        section.stop,
        section.malformed,
        section.tokens,
        section.english,
        section.chinese,
        section.irregular,
        record and (record.line, record.width, record.id, record.id_cols, record.date),
        record and (record.title, record.length, record.operation, record.slips, record.op),
        record
        and {
            key: (found.label, found.value, found.line, found.value_span, found.english, found.slip)
            for key, found in record.fields.items()
        },  # made from its lines when the record was read by the template
        record and [record.value(key) for key in keys],
        record and list(record.values()),
        record and (record.missing_fields, record.english, record.supersedes),
    )


def _sections_shape(lines):
    fast = _parse_sections(lines, 0, len(lines))
    slow = _general_sections(lines, 0, len(lines))
    _mark_secrets(lines, slow, suspect_lines(lines))
    return [_section_shape(section) for section in fast], [_section_shape(s) for s in slow], fast


@settings(max_examples=1000)
@given(
    st.lists(TEMPLATED_LINES, max_size=4),
    st.sampled_from([[], ["# User Profile Log", ""], ["text", "## 记录", ""]]),
    st.sampled_from(["", "password=hunter2Xy9Qz7Lm"]),
)
def test_templated_records_read_as_parsed_ones(records, head, secret):
    """Sections read by the template's search (their fields made on demand) say exactly what the
    same sections parsed line by line say, wherever the two could part: spacing, ids, dates,
    separators, values, tokens, the operation, a Supersedes, what follows the fields, a secret, a
    record at the very end with or without a final line break."""
    lines = [*head, *(line for lines in records for line in lines)]
    if secret and len(lines) > 2:
        lines[2] += secret
    fast, slow, _ = _sections_shape(lines)
    assert fast == slow


def test_the_template_reads_nearly_every_record_an_agent_writes():
    """The fast path is taken (the test above would pass if it never were)."""
    lines = [
        "# User Profile Log",
        "",
        "### [PF-20260412-01] 2026-04-12 — 偏好 React ",
        "- **分类**: 技术偏好",
        "- **精简版**: 偏好 React",
        '- **原始上下文**: "原话 🙂"',
        "- **来源对话**: [对话](chat-1)",
        "- **操作**: 新增",
        "",
        "### [PF-20260412-02] 2026-04-12 - prefers Vue",
        "- **Category**: Tech",
        "- **Summary**: prefers Vue",
        "- **Context**: said so",
        "- **Source**: chat-2",
        "- **Operation**: pivot (prefers React → prefers Vue)",
        "- **Supersedes**: PF-20260412-01",
    ]
    fast, slow, sections = _sections_shape(lines)
    assert fast == slow
    assert [isinstance(s.record.form, TemplatedLines) for s in sections if s.record] == [
        True,
        True,
    ]


PROFILE_LINE = st.sampled_from(
    [
        "# 用户画像",
        "## 技术偏好",
        "## 🛠️ 沟通偏好",
        "- 偏好 Rust 🦀 <!-- PF-20260412-01 -->",
        "- 偏好 Rust 🦀 <!-- PF-20260412-02 -->",
        "- 先给结论 <!--PF-20260412-03-->",
        "- 不带 id 的条目",
        "- 裸 id (PF-20260412-04)",
        "- <!-- PF-20260412-05 --> 注释在前",
        "```",
        "<!--",
        "-->",
        "",
        "随手写的一行",
    ]
)


@settings(max_examples=300)
@given(
    st.lists(PROFILE_LINE, max_size=14),
    st.integers(0, 14),
    st.sampled_from(["replace", "insert", "delete"]),
    PROFILE_LINE,
)
@example(["## 技术偏好", "- 偏好 Rust 🦀 <!-- PF-20260412-01 -->"], 0, "replace", "## 🛠️ 沟通偏好")
def test_a_profile_parsed_from_its_previous_parse_reads_as_a_fresh_parse(lines, at, how, new_line):
    """An edit of one line (replaced, inserted, removed: the lines below move, a heading changes
    the category of the entries after it, a fence hides them): the entries reused from the previous
    parse are those whose line, text and category are the same, and the parse equals a fresh one."""
    edited = list(lines)
    at = min(at, len(edited))
    if how == "delete" and edited:
        del edited[min(at, len(edited) - 1)]
    elif how == "insert" or not edited:
        edited.insert(at, new_line)
    else:
        edited[min(at, len(edited) - 1)] = new_line
    previous = parse_profile("\n".join(lines))
    reused, fresh = parse_profile("\n".join(edited), previous), parse_profile("\n".join(edited))
    assert reused == fresh
    old_entries = {(e.line, previous.lines[e.line], e.category): e for e in previous.entries}
    for entry in reused.entries:
        earlier = old_entries.get((entry.line, reused.lines[entry.line], entry.category))
        assert (entry is earlier) == (earlier is not None)
