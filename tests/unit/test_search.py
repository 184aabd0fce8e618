"""Journal search semantics (Cherry's, made stricter) and log-record search."""

import gc
import json
import re
import sys
from pathlib import Path, PurePath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profile_memory.cli import journal_hits_json
from profile_memory.core.index import LogFile
from profile_memory.core.log import parse_log
from profile_memory.core.search import (
    FOLDING_TO_ASCII,
    FoundEntry,
    JournalHit,
    _looks_like_object,
    _not_objects_from,
    check_limit,
    fold_stable,
    hit_fields,
    newest_first,
    search_journal,
    search_journal_blocks,
    search_log,
    search_memory,
)
from profile_memory.core.secrets import masked
from profile_memory.store.disk import blocks_newest_first, iter_lines_newest_first

PATH = PurePath("/m/memory/JOURNAL.jsonl")


def line(ts: str, tags: list, text: str) -> bytes:
    return json.dumps(
        {"ts": f"2026-06-0{ts}T00:00:00.000Z", "tags": tags, "text": text}, ensure_ascii=False
    ).encode()


LINES = [
    line("1", ["Frontend"], "换成 React"),
    line("2", ["backend"], "FastAPI 选型"),
    b"{oops",
    line("3", ["frontend", "bug"], 'quote " and backslash \\ in text'),
    json.dumps(
        {"ts": "2026-06-04T00:00:00.000Z", "tags": [], "text": "escaped \u00e9t\u00e9 STRASSE"}
    ).encode(),
    b"",
    line("5", ["frontend"], "react again"),
]


def texts(**kwargs) -> list[str]:
    return [h.entry.text for h in search_journal(PATH, newest_first(LINES), **kwargs).hits]


def test_newest_first_and_limit_keeps_the_last_matches():
    assert texts() == [
        "react again",
        "escaped été STRASSE",
        'quote " and backslash \\ in text',
        "FastAPI 选型",
        "换成 React",
    ]
    assert texts(limit=2) == ["react again", "escaped été STRASSE"]


def test_query_is_a_casefolded_substring_of_the_text_only():
    assert texts(query="REACT") == ["react again", "换成 React"]
    assert texts(query="frontend") == []  # tags are not text
    assert texts(query="straße") == ["escaped été STRASSE"]  # casefold, through a \\u escape
    assert texts(query="ÉTÉ") == ["escaped été STRASSE"]
    assert texts(query='" and backslash \\') == ['quote " and backslash \\ in text']
    assert texts(query="选型") == ["FastAPI 选型"]


def test_tag_is_whole_and_case_insensitive_and_both_must_hold():
    assert texts(tag="FRONTEND") == [
        "react again",
        'quote " and backslash \\ in text',
        "换成 React",
    ]
    assert texts(tag="front") == []
    assert texts(tag="frontend", query="react") == ["react again", "换成 React"]


def test_malformed_lines_are_skipped_and_counted_with_their_line_numbers_kept():
    result = search_journal(PATH, newest_first(LINES))
    assert (
        result.malformed == 1
        and [h.line for h in result.hits][-1] == 0
        and result.hits[0].line == 6
    )


@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", True])
def test_limit_must_be_a_positive_whole_number(bad):
    with pytest.raises(ValueError, match="positive whole number"):
        check_limit(bad)


def test_log_search_reports_heading_or_field_hits():
    doc = parse_log(
        '### [PF-20260412-01] 2026-04-12 — 前端选型\n- **精简版**: 偏好 React\n- **原始上下文**: "用 React"\n'
        "### [PF-20260412-02] 2026-04-12 — 其他\n- **精简版**: 无关\n"
    )
    hits = search_log(PurePath("/p/user-profile-log.md"), doc, "react")
    assert [(h.id, h.line, h.text) for h in hits] == [("PF-20260412-01", 1, "偏好 React")]
    assert [h.line for h in search_log(PurePath("/p/x"), doc, "前端")] == [0]


def test_file_order_decides_within_a_journal_even_when_timestamps_are_not_monotonic():
    lines = [line("9", [], "x late clock"), line("1", [], "x early clock")]
    result = search_journal(PATH, newest_first(lines), query="x")
    assert [h.entry.text for h in result.hits] == [
        "x early clock",
        "x late clock",
    ]  # the last line is the newest
    other = (PurePath("/n/memory/JOURNAL.jsonl"), newest_first([line("5", [], "x other")]))
    merged = search_memory([(PATH, newest_first(lines)), other], [], "x", limit=10).hits
    assert [h.entry.text for h in merged] == ["x other", "x early clock", "x late clock"]


def log_file(*records: tuple[str, str, str]) -> LogFile:
    text = "# Log\n\n" + "".join(
        f"### [{anchor}] {date} — {title}\n- **精简版**: {title}\n\n"
        for anchor, date, title in records
    )
    return LogFile(PurePath("/p/user-profile-log.md"), parse_log(text))


def test_memory_search_is_newest_first_across_journals_and_logs_and_capped_in_all():
    journal = [
        line("2", ["t"], "Go 早"),
        line("5", [], "Go 晚"),
    ]
    log = log_file(
        ("PF-20260301-01", "2026-06-01", "偏好 Go"),
        ("PF-20260303-01", "2026-06-03", "Go 服务"),
        ("PF-20260303-02", "2026-06-03", "Go 测试"),
    )
    found = search_memory([(PATH, newest_first(journal))], [log], "go").hits
    described = [hit_fields(h)["text"] for h in found]
    assert described == [
        "Go 晚",
        "Go 测试",
        "Go 服务",
        "Go 早",
        "偏好 Go",
    ]  # later record of a day first
    assert [
        hit_fields(h)["text"]
        for h in search_memory([(PATH, newest_first(journal))], [log], "go", limit=2).hits
    ] == ["Go 晚", "Go 测试"]


def test_a_tag_or_no_query_finds_journal_entries_only():
    journal = [line("2", ["t"], "Go 早")]
    log = log_file(("PF-20260301-01", "2026-06-01", "偏好 Go"))
    assert [
        hit_fields(h)["kind"]
        for h in search_memory([(PATH, newest_first(journal))], [log], "go", tag="t").hits
    ] == ["journal"]
    assert [
        hit_fields(h)["kind"]
        for h in search_memory([(PATH, newest_first(journal))], [log], None).hits
    ] == ["journal"]
    assert (
        search_memory([(PATH, newest_first(journal))], [log], "go", kinds=["log"]).hits[0].id
        == "PF-20260301-01"
    )


@pytest.mark.parametrize(
    "content", [b"", b"a", b"a\n", b"a\nb", b"a\r\nb\r\n", b"\n\n", b"one\ntwo\nthree\n" * 5]
)
def test_lines_read_backwards_in_small_chunks_match_forward_lines(tmp_path, content):
    from profile_memory.store.disk import iter_lines_newest_first

    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(content)
    forward = content.split(b"\n")
    if forward and forward[-1] == b"":
        forward.pop()
    expected = [(i, raw.rstrip(b"\r")) for i, raw in enumerate(forward)][::-1]
    assert list(iter_lines_newest_first(path, chunk=3)) == expected


def test_line_numbers_stay_right_when_the_journal_grows_or_is_replaced(tmp_path):
    from profile_memory.store.disk import iter_lines_newest_first

    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(b"a\nb\n")
    assert list(iter_lines_newest_first(path))[0] == (1, b"b")
    with path.open("ab") as journal:
        journal.write(b"c\nd\n")
    assert list(iter_lines_newest_first(path))[0] == (3, b"d")
    replacement = tmp_path / "new.jsonl"
    replacement.write_bytes(b"x\n")
    replacement.replace(path)
    assert list(iter_lines_newest_first(path)) == [(0, b"x")]


def test_the_search_stops_at_the_limit():
    seen = []

    def lines():
        for index in range(1000, -1, -1):
            seen.append(index)
            yield index, line("1", [], f"entry {index}")

    assert [h.line for h in search_journal(PATH, lines(), query="entry", limit=3).hits] == [
        1000,
        999,
        998,
    ]
    assert len(seen) == 3


def _entry_line(text: str, tags: list[str], day: int, ascii_only: bool, ending: str) -> bytes:
    entry = {"ts": f"2026-06-{day:02d}T00:00:00.000Z", "tags": tags, "text": text}
    return (json.dumps(entry, ensure_ascii=ascii_only) + ending).encode("utf-8")


JOURNAL_LINES = st.lists(
    st.one_of(
        st.builds(
            _entry_line,
            # ß ſ K ﬅ fold to ASCII; İ to i and a dot: a needle may hide behind each
            st.text(alphabet='abcXYZkst é决策🙂"\\\nßſ\u212aﬅİ', min_size=1, max_size=12),
            st.lists(st.sampled_from(["bug", "Bug", "决策", "x"]), max_size=2),
            st.integers(1, 28),
            st.booleans(),  # \u escapes
            st.sampled_from(["", "\r", "  "]),
        ),
        st.sampled_from(
            [
                b"",
                b"  ",
                b"not json",
                b'{"ts": 1}',
                b"{broken",
                b'{"text":"abc"}',
                b" {}",
                b'{"text": "abc\xff"}',
                b'{"text": "kst"} x',
                b'\xef\xbb\xbf{"text": "abc"}',
            ]
        ),
    ),
    max_size=40,
)


@settings(max_examples=400, deadline=None)
@given(
    JOURNAL_LINES,
    st.sampled_from(
        [None, "abc", "é", "决策", "策🙂", '"', "\\", "ß", "ss", "s", "k", "st", "i", "kst"]
    ),
    st.sampled_from([None, "bug", "决策"]),
    st.integers(1, 50),
    st.integers(1, 64),
)
def test_the_block_search_equals_the_line_search(tmp_path_factory, lines, query, tag, limit, chunk):
    path = tmp_path_factory.mktemp("j") / "JOURNAL.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    by_line = search_journal(PATH, iter_lines_newest_first(path), query, tag, limit)
    by_block = search_journal_blocks(PATH, blocks_newest_first(path, chunk), query, tag, limit)
    assert [(h.line, h.entry) for h in by_block.hits] == [(h.line, h.entry) for h in by_line.hits]
    assert by_block.malformed == by_line.malformed


def test_the_characters_that_fold_to_ascii_are_all_known():
    folding = {
        char
        for char in map(chr, range(0x80, sys.maxunicode + 1))
        if any(c.isascii() for c in char.casefold())
    }
    assert folding == set(FOLDING_TO_ASCII)


# The class `fold_stable` was told by before it went by code point: the reference it is held to.
FOLD_STABLE_CLASS = re.compile(
    "[\x00-\x40\x5b-\x60\x7b-\x7f\u2e80-\u2fdf\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7a3\uf900-\ufaff\uff01-\uff20\U0001f300-\U0001faff]+"
)


def test_the_fold_stable_characters_stand_only_for_themselves():
    """A needle of them is found by its bytes: each folds to itself, and nothing else folds into a
    string that holds one."""
    folded_into = {
        c for char in map(chr, range(sys.maxunicode + 1)) for c in char.casefold() if c != char
    }
    every = [chr(point) for point in range(sys.maxunicode + 1)]
    stable = [char for char in every if fold_stable(char)]
    assert stable == [char for char in every if FOLD_STABLE_CLASS.fullmatch(char)]
    assert len(stable) > 40_000  # the ranges are read as ranges
    assert not [char for char in stable if char.casefold() != char or char in folded_into]
    assert not fold_stable("K") and not fold_stable("\uff21")  # Ａ folds to ａ
    assert not fold_stable("") and fold_stable("决策 🧠") and not fold_stable("决策a")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(max_size=8),
            st.lists(st.text(max_size=4), max_size=3),
            st.text(max_size=20),
            st.integers(0, 10**6),
        ),
        max_size=5,
    )
)
def test_hits_are_printed_as_json_dumps_prints_them(found):
    hits = [JournalHit(PATH, line, FoundEntry(ts, tags, text)) for ts, tags, text, line in found]
    printed = json.loads(journal_hits_json(hits, str))
    assert printed == [
        {"ts": ts, "tags": tags, "text": text, "path": str(PATH), "line": line + 1}
        for ts, tags, text, line in found
    ]
    lines = journal_hits_json(hits, str).split("\n")
    assert lines[1:-1] == [
        "  " + json.dumps(item, ensure_ascii=False) + ("," if n < len(printed) - 1 else "")
        for n, item in enumerate(printed)
    ]


@pytest.mark.parametrize(
    "written, query",
    [
        ("\\u0071uiet", "quiet"),  # q
        ("\\u0051UIET", "quiet"),  # Q
        ("QUIE\\u0054", "quiet"),  # T, at the end
        ("quie\\u1E97", "quiet"),  # ẗ, its hex digits in capitals
        ("ma\\u00DF", "mass"),  # ß
        ("\\u017Fun", "sun"),  # ſ
        ("\\u51b3\\u7b56", "决策"),
    ],
)
def test_a_needle_hidden_behind_an_escape_is_found_by_the_block_search(tmp_path, written, query):
    path = tmp_path / "JOURNAL.jsonl"
    entry = b'{"ts": "1", "tags": [], "text": "' + written.encode() + b'"}'
    noise = b'{"ts": "0", "tags": [], "text": "\\u4e2d\\u6587 \\u00e9"}'
    path.write_bytes(noise + b"\n" + entry + b"\n" + noise + b"\n")
    by_block = search_journal_blocks(PATH, blocks_newest_first(path), query)
    assert [h.line for h in by_block.hits] == [1]


@pytest.mark.parametrize(
    "content, query",
    [
        (b"{}\n{}\n\nx}\n{}\n", "x"),  # a broken line after a blank one
        (b'{"text":"x\\ny"}\n{"text":"b"}\n{"text":"c"}\n', "\n"),  # a needle of two lines
        (b'{"text":"x"}\n\n{"text":"a\\nb"}\n', "\n"),
        (b'{"text":"a"}\r\n{"text": 1, }\r\n{"text":"b}"}\r\n', "}\r"),  # a CRLF line's own
    ],
)
@pytest.mark.parametrize("chunk", [4, 1 << 20])
def test_the_block_search_equals_the_line_search_where_a_line_ends(tmp_path, content, query, chunk):
    """Found while reviewing the block search: what lies at a line's end (a line feed, a blank line,
    a carriage return) is read as the line search reads it."""
    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(content)
    by_line = search_journal(PATH, iter_lines_newest_first(path, chunk), query)
    by_block = search_journal_blocks(PATH, blocks_newest_first(path, chunk), query)
    assert [(h.line, h.entry) for h in by_block.hits] == [(h.line, h.entry) for h in by_line.hits]
    assert by_block.malformed == by_line.malformed


@pytest.mark.parametrize("chunk", [1, 64, 1 << 20])
def test_broken_lines_with_escapes_are_met_alike_by_the_block_and_the_line_search(tmp_path, chunk):
    """A broken line is counted when the search had to decode it: where an escape may hide the
    needle (`\\u0071` is q), not where the escape is of a character the needle has not."""
    broken = [
        b'{"ts": "0", "tags": [], "text": "%s", }' % escape
        for escape in (b"\\u51b3", b"\\u00e9", b"\\u0071uiet", b"\\u0051UIET")
    ]
    found = line("1", [], "quiet please 决")
    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(b"\n".join([*broken, found, *broken]) + b"\n")
    for query, malformed in (("quiet", 4), ("please", 0), ("决", 8)):
        by_line = search_journal(PATH, iter_lines_newest_first(path, chunk), query)
        by_block = search_journal_blocks(PATH, blocks_newest_first(path, chunk), query)
        assert [h.line for h in by_block.hits] == [h.line for h in by_line.hits] == [4]
        assert by_block.malformed == by_line.malformed == malformed, query


@pytest.mark.parametrize(
    "text, query",
    [("ſun", "sun"), ("teﬅ", "test"), ("quieẗ", "quiet"), ("maß", "mass"), ("\u212aey", "k")],
)
def test_a_character_that_folds_to_ascii_is_found_by_the_block_search(tmp_path, text, query):
    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(line("1", [], text) + b"\n")
    by_block = search_journal_blocks(PATH, blocks_newest_first(path), query)
    assert [h.entry.text for h in by_block.hits] == [text]


def _written_otherwise(text: str, tags: list[str], form: int) -> bytes:
    """An entry as another writer may put it: no spaces, keys in another order, one more key, a
    tag that is no string, an escaped slash, a key twice, a secret in the text."""
    entry: dict = {"ts": "2026-06-01T00:00:00.000Z", "tags": tags, "text": text}
    if form == 0:
        return json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode()
    if form == 1:
        return json.dumps({"text": text, "tags": tags, "ts": entry["ts"]}).encode()
    if form == 2:
        return json.dumps({**entry, "by": "agent"}, ensure_ascii=False).encode()
    if form == 3:
        return json.dumps({**entry, "tags": [*tags, 7], "ts": 1}, ensure_ascii=False).encode()
    if form == 4:
        return (
            json.dumps({**entry, "text": text + "/"}, ensure_ascii=False)
            .replace("/", "\\/")
            .encode()
        )
    if form == 5:
        return b'{"ts": "0", ' + json.dumps(entry, ensure_ascii=False).encode()[1:]
    return json.dumps(
        {**entry, "text": text + " AKIAIOSFODNN7EXAMPLE"}, ensure_ascii=False
    ).encode()


def _reference_output(lines: list[bytes], query: str | None, tag: str | None) -> str:
    """What `pmem journal search --json` prints for every hit, read the plain way: each line
    decoded on its own, matched, masked and written by `json.dumps`."""
    items = []
    for number, raw in enumerate(lines):
        try:
            entry = json.loads(raw.decode("utf-8", "surrogatepass"))
        except ValueError:
            continue
        if type(entry) is not dict or type(entry.get("text")) is not str:
            continue
        tags = [t for t in entry.get("tags") or [] if type(t) is str]
        tags = tags if type(entry.get("tags")) is list else []
        if query and query.casefold() not in entry["text"].casefold():
            continue
        if tag and not any(t.casefold() == tag.casefold() for t in tags):
            continue
        ts = entry.get("ts") if type(entry.get("ts")) is str else ""
        shown = {"ts": ts, "tags": [masked(t) for t in tags], "text": masked(entry["text"])}
        items.append(
            json.dumps({**shown, "path": str(PATH), "line": number + 1}, ensure_ascii=False)
        )
    return "[\n  " + ",\n  ".join(reversed(items)) + "\n]" if items else "[]"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            JOURNAL_LINES,
            st.lists(
                st.builds(
                    _written_otherwise,
                    st.text(alphabet='abkst é决"\\\n/ß', min_size=1, max_size=8),
                    st.lists(st.sampled_from(["bug", "决策"]), max_size=2),
                    st.integers(0, 6),
                ),
                max_size=4,
            ),
        ),
        max_size=4,
    ),
    st.sampled_from([None, "abc", "a", "é", "决策", '"', "\\", "/", "ss", "k", "st", "akia"]),
    st.sampled_from([None, "bug", "决策"]),
    st.integers(1, 64),
)
def test_every_hit_is_printed_as_the_plain_reading_prints_it(
    tmp_path_factory, groups, query, tag, chunk
):
    """The block search and the writer of `--json` (with all their shortcuts) against a plain
    decode of every line, on journals with broken lines, non-ASCII text, escapes, tags, other
    writers' forms and secrets."""
    lines = [entry for group in groups for entry in group]
    path = tmp_path_factory.mktemp("j") / "JOURNAL.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    blocks = blocks_newest_first(path, chunk)
    found = search_journal_blocks(PATH, blocks, query, tag, limit=len(lines) + 1)
    assert journal_hits_json(found.hits, str) == _reference_output(lines, query, tag)


def _each_record_scanned(path: PurePath, doc, needle: str) -> list[tuple]:
    """What `search_log` answers, as its first version read it: each record's heading line, else
    its values in order, case-folded one by one."""
    hits = []
    for record in doc.records:
        if record.id is None:
            continue
        if needle.casefold() in doc.lines[record.line].casefold():
            hits.append((record.line, record.id, record.title))
            continue
        for line, value in record.values():
            if needle.casefold() in value.casefold():
                hits.append((line, record.id, value))
                break
    return hits


_WORDS = st.text(alphabet=st.sampled_from("aSsß İiﬁFI中文🙂-:"), min_size=1, max_size=6)
_RECORD = st.tuples(
    st.sampled_from(
        ["### [PF-20260412-{n:02d}] 2026-04-12 — ", "### PF-20260412-{n:02d} 偏好 ", "### [bad] "]
    ),
    _WORDS,
    st.lists(
        st.tuples(st.sampled_from(["精简版", "原始上下文", "Summary", "Context"]), _WORDS),
        max_size=3,
    ),
)


def _log_text(records: list[tuple]) -> str:
    lines = []
    for n, (heading, title, fields) in enumerate(records, 1):
        lines.append(heading.format(n=n) + title)
        lines += [f"- **{key}**: {value}" for key, value in fields]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_RECORD, max_size=6),
    st.lists(_WORDS | st.sampled_from(["", "a\nb", "PF-"]), min_size=1, max_size=4),
)
def test_a_log_searched_again_answers_as_each_record_scanned(records, queries):
    """The second search of a parse goes through its case-folded text (`_LogText`): the same hits
    as scanning each record, with characters whose case folding changes their length (ß, İ, ﬁ)."""
    path = PurePath("/p/user-profile-log.md")
    doc = parse_log(_log_text(records))
    for query in queries * 3:  # a first search, then each one again through the kept text
        found = [(h.line, h.id, h.text) for h in search_log(path, doc, query)]
        assert found == _each_record_scanned(path, doc, query), query


def test_an_edited_log_is_never_answered_from_its_older_text():
    path = PurePath("/p/user-profile-log.md")
    before = parse_log("### [PF-20260412-01] 2026-04-12 — 前端选型\n- **精简版**: 偏好 React\n")
    after = parse_log("### [PF-20260412-01] 2026-04-12 — 前端选型\n- **精简版**: 偏好 Vue\n")
    for _ in range(3):
        assert [h.text for h in search_log(path, before, "react")] == ["偏好 React"]
    for _ in range(3):
        assert search_log(path, after, "react") == []
        assert [h.text for h in search_log(path, after, "vue")] == ["偏好 Vue"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3999),
            st.sampled_from(
                [b"", b"  ", b"not json", b"{broken", b" {}", b"x}", b"{x", b"}{", b"{}  "]
            ),
        ),
        max_size=6,
    ),
    st.booleans(),
    st.integers(0, 3999),
)
def test_the_lines_that_are_no_object_are_counted_in_a_large_block(odd, crlf, first):
    """A block of a few hundred kilobytes with broken lines, CRLF or not, is counted as its lines
    are one by one, from its start or from any line (most are told at once: each line feed stands
    between braces)."""
    lines = [b'{"ts": "2026-04-12T10:00:00Z", "tags": [], "text": "n %d"}' % n for n in range(4000)]
    for at, line in odd:
        lines[at] = line
    feed = b"\r\n" if crlf else b"\n"
    data = feed.join(lines)
    offset = len(feed.join(lines[:first]) + feed) if first else 0
    expected = sum(
        1 for line in data[offset:].split(b"\n") if line.strip() and not _looks_like_object(line)
    )
    assert _not_objects_from(data, offset) == expected


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="open files counted by /proc")
def test_a_search_that_stops_early_leaves_no_file_open(tmp_path):
    """Found in review: the reader and its reading held each other, so the journal stayed open
    until the cycle collector ran (paused by searches, rare in a long-lived server)."""
    path = tmp_path / "JOURNAL.jsonl"
    path.write_bytes(b"\n".join(line(str(n % 9 + 1), [], f"ab {n}") for n in range(3000)) + b"\n")
    opened = len(list(Path("/proc/self/fd").iterdir()))
    gc.disable()
    try:
        for _ in range(20):
            found = search_journal_blocks(PATH, blocks_newest_first(path, 4096), "ab", None, 1)
            assert [h.line for h in found.hits] == [2999]
            lines = iter_lines_newest_first(path, 4096)
            assert next(lines)[0] == 2999
            lines.close()
        assert len(list(Path("/proc/self/fd").iterdir())) == opened
    finally:
        gc.enable()
