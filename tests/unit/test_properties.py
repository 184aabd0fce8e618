"""Parsers and the checker never raise, whatever the text or bytes."""

from helpers import PROJECT_DIR, USER_DIR, diagnose
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profile_memory.core.journal import iter_journal
from profile_memory.core.log import parse_log
from profile_memory.core.pending import parse_pending
from profile_memory.core.profile import parse_profile
from profile_memory.core.text import split_lines

# Text biased towards the characters our grammars care about.
PIECES = st.sampled_from(
    [
        "\n",
        "\r\n",
        "\r",
        "\u2028",
        " ",
        "  ",
        "- ",
        "## ",
        "# ",
        "### ",
        "[",
        "]",
        "<!--",
        "-->",
        "PF-",
        "20260412",
        "-01",
        "**",
        "分类",
        "精简版",
        "操作",
        ":",
        "：",
        "演进",
        "（",
        "→",
        "）",
        "旧：",
        "新：",
        "⚠️",
        "🎉",
        "{",
        "}",
        '"',
        "ts",
        "**个人画像：**",
        "- [新增][技术偏好] ",
        "建议新增分类: [",
        "\ufeff",
        "\x00",
        "é",
    ]
)
TEXT = st.one_of(st.text(), st.lists(PIECES, max_size=60).map("".join))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_parsers_never_raise(text):
    parse_profile(text)
    parse_log(text)
    parse_pending(text)
    list(iter_journal(split_lines(text)))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(TEXT, TEXT, st.binary())
def test_checker_never_raises(profile_text, log_text, raw):
    files = {
        f"{USER_DIR}/user-profile.md": profile_text,
        f"{USER_DIR}/user-profile-log.md": log_text,
        f"{PROJECT_DIR}/profile-pending.md": "**个人画像：**\n" + profile_text,
        "/repo/memory/JOURNAL.jsonl": raw,
        "/repo/memory/FACT.md": raw,
    }
    for path in files:
        diagnose(files, path)


def _shape(doc):
    return (
        [
            (
                r.line,
                r.end_line,
                r.id,
                r.title,
                {k: (f.value, f.value_span) for k, f in r.fields.items()},
                r.operation,
            )
            for r in doc.records
        ],
        [(m.line, m.reason) for m in doc.malformed_headings],
        [(t.text, t.span) for t in doc.bad_tokens],
        doc.language,
    )


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, st.integers(0, 10_000), st.integers(0, 40), TEXT)
def test_reusing_the_previous_parse_gives_the_same_log(text, at, length, inserted):
    previous = parse_log(text)
    at = at % (len(text) + 1)
    edited = text[:at] + inserted + text[at + length :]
    assert _shape(parse_log(edited, previous)) == _shape(parse_log(edited))


# What a write renders reads back as exactly the record it meant, whatever the person's words.
WORDS = st.one_of(
    st.text(),
    st.lists(
        PIECES
        | st.sampled_from(
            [
                "\n### [PF-20260412-09] 2026-04-12 — forged\n",
                "\n- **操作**: 删除",
                "\n## C",
                "（已删除）",
            ]
        ),
        max_size=12,
    ).map("".join),
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(["zh", "en"]), WORDS, WORDS, WORDS, WORDS)
def test_a_rendered_record_parses_back_to_itself(language, category, context, source, title):
    import datetime as dt

    from profile_memory.core.log import Op
    from profile_memory.core.plans import field_value, render_record, short_title

    fields = {
        "category": category,
        "summary": "偏好 React",
        "context": context,
        "source": source,
        "operation": "新增",
    }
    lines = render_record(
        "PF-20260412-01", dt.date(2026, 4, 12), short_title(title), fields, language
    )
    doc = parse_log("\n".join(lines) + "\n")
    (record,) = doc.records
    assert record.id == "PF-20260412-01" and record.op is Op.ADD and not doc.malformed_headings
    for key in ("category", "context", "source"):
        expected = field_value(key, fields[key]) or (
            "（未记录）" if language == "zh" else "(not recorded)"
        )
        assert record.value(key) == expected, key
