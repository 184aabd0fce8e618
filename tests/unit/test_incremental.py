"""Incremental work equals work from scratch: a log re-parsed after edits, its index updated and its
diagnostics re-checked give exactly what a fresh parse, index and check of the edited text give."""

from pathlib import PurePath

import pytest
from helpers import LOG_HEAD, USER_DIR, record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from profile_memory.core.config import Settings
from profile_memory.core.index import index_log, update_index
from profile_memory.core.log import TemplatedLines, parse_log, parse_log_lines
from profile_memory.core.rules import check_path
from profile_memory.core.text import split_lines
from profile_memory.core.workspace import CHECKED, MemoryProvider, Workspace
from profile_memory.lsp.documents import Document
from profile_memory.lsp.positions import UTF32

IDS = ["PF-20260412-01", "PF-20260412-02", "PF-20260413-01", "PF-2026041-01"]
DATES = ["2026-04-12", "2026-04-11", "2026-04-14"]
OPS = [
    "新增",
    "删除",
    "演进（偏好 React → 偏好 Vue）",
    "转向（偏好 Vue → 偏好 Svelte）",
    "更新",
    "wobble",
]
SUMMARIES = ["偏好 React", "偏好 Vue", "偏好 Svelte", "喜欢 🎉 emoji"]

RECORD = st.builds(
    lambda anchor, date, op, summary, supersedes, drop: record(
        anchor,
        date,
        op,
        summary,
        extra=f"- **取代**: {supersedes}\n" if supersedes else "",
        drop=drop,
    ),
    st.sampled_from(IDS),
    st.sampled_from(DATES),
    st.sampled_from(OPS),
    st.sampled_from(SUMMARIES),
    st.one_of(st.none(), st.sampled_from(IDS)),
    st.sampled_from(["", "", "", "来源对话"]),
)
LOG = st.lists(RECORD, max_size=8).map(lambda records: LOG_HEAD + "".join(records))
INSERTED = st.one_of(
    st.sampled_from(
        [
            "x",
            "\n",
            "\r\n",
            "### ",
            "## 其他\n",
            "- **精简版**: 偏好 Vue\n",
            "偏好",
            "删除",
            "🎉",
            "2026-04-11",
            "### [PF-20260412-02] 2026-04-12 — 新标题\n",
            "- **操作**: 删除\n",
            "PF-2026",
            "（已删除）",
        ]
    ),
    st.text(max_size=5),
)
EDIT = st.tuples(st.integers(0, 10_000), st.integers(0, 30), INSERTED)


def edit(text: str, change: tuple[int, int, str]) -> str:
    at, length, inserted = change
    at = at % (len(text) + 1)
    return text[:at] + inserted + text[at + length :]


def log_shape(doc):
    return (
        [
            (
                r.line,
                r.end_line,
                r.id,
                r.title,
                r.date,
                {k: (f.value, f.line, f.value_span) for k, f in r.fields.items()},
                r.operation,
                r.id_span,
            )
            for r in doc.records
        ],
        [(m.line, m.reason) for m in doc.malformed_headings],
        [(t.text, t.span, t.problem) for t in doc.bad_tokens],
        doc.language,
        [(s.start, s.stop) for s in doc.sections],
    )


def index_shape(index):
    return (
        {
            i: ([r.line for r in h.records], h.retired_by.line if h.retired_by else None, h.state)
            for i, h in index.histories.items()
        },
        [(d.record.line, d.first.line, d.after_delete) for d in index.duplicate_adds],
        [(e.record.line, e.reason) for e in index.early_dates],
        [
            (m.record.line, m.changed, m.holder.line if m.holder else None, m.reason)
            for m in index.old_mismatches
        ],
        [(o.record.line, o.above.line) for o in index.out_of_order],
        [r.line for r in index.without_add],
        list(index.live()),
    )


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG, st.lists(EDIT, min_size=1, max_size=4))
def test_a_log_reparsed_edit_after_edit_equals_a_fresh_parse(text, edits):
    doc = parse_log(text)
    for change in edits:
        text = edit(text, change)
        doc = parse_log(text, doc)
        assert log_shape(doc) == log_shape(parse_log(text))


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG, st.lists(EDIT, min_size=1, max_size=4), st.booleans())
def test_an_updated_index_equals_a_fresh_one(text, edits, asked_live):
    doc = parse_log(text)
    index = index_log(doc)
    if asked_live:
        index.live()
    for change in edits:
        text = edit(text, change)
        new_doc = parse_log(text, doc)
        index = update_index(index, doc, new_doc) or index_log(new_doc)
        doc = new_doc
        assert index_shape(index) == index_shape(index_log(parse_log(text)))


def test_typing_in_a_summary_updates_the_index_instead_of_rebuilding_it():
    text = LOG_HEAD + record("PF-20260412-01") + record("PF-20260412-02", summary="偏好 Vue")
    doc = parse_log(text)
    index = index_log(doc)
    edited = parse_log(text.replace("偏好 Vue", "偏好 Vue 3"), doc)
    updated = update_index(index, doc, edited)
    assert updated is not None
    assert updated.histories["PF-20260412-02"].latest_summary == "偏好 Vue 3"
    assert updated.histories["PF-20260412-01"] is index.histories["PF-20260412-01"]


def test_a_summary_that_a_pivot_looks_up_rebuilds_the_index():
    text = (
        LOG_HEAD
        + record("PF-20260412-01", summary="偏好 Vue")
        + record(
            "PF-20260413-01",
            date="2026-04-13",
            op="转向（偏好 React → 偏好 Svelte）",
            summary="偏好 Svelte",
        )
    )
    doc = parse_log(text)
    index = index_log(doc)
    edited = parse_log(text.replace("- **精简版**: 偏好 Vue", "- **精简版**: 偏好 React"), doc)
    assert update_index(index, doc, edited) is None
    assert index_log(edited).histories["PF-20260412-01"].retired_by is not None


def test_a_summary_that_a_later_evolve_looks_up_updates_the_index_and_its_old_check():
    evolve = "演进（偏好 Vue → 偏好 Vue 3）"
    text = (
        LOG_HEAD
        + record("PF-20260412-01", summary="偏好 Vue")
        + record("PF-20260412-01", date="2026-04-13", op=evolve, summary="偏好 Vue 3")
    )
    doc = parse_log(text)
    index = index_log(doc)
    assert index.old_mismatches == []
    edited = parse_log(text.replace("- **精简版**: 偏好 Vue\n", "- **精简版**: 偏好 React\n"), doc)
    updated = update_index(index, doc, edited)
    assert updated is not None
    assert [(m.record.line, m.changed) for m in updated.old_mismatches] == [
        (edited.records[1].line, "PF-20260412-01")
    ]
    assert index_shape(updated) == index_shape(index_log(edited))


PROFILE = "# 用户画像\n\n## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n- 偏好 Vue <!-- PF-20260412-02 -->\n"


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG, st.lists(EDIT, min_size=1, max_size=4))
def test_diagnostics_after_edits_equal_a_fresh_check(text, edits):
    log_path, profile_path = (
        PurePath(f"{USER_DIR}/user-profile-log.md"),
        PurePath(f"{USER_DIR}/user-profile.md"),
    )
    provider = MemoryProvider({str(log_path): text, str(profile_path): PROFILE})
    workspace = Workspace(provider, Settings(), PurePath(USER_DIR))
    check_path(workspace, log_path)
    for change in edits:
        text = edit(text, change)
        provider.write(log_path, text)
        fresh = Workspace(
            MemoryProvider({str(log_path): text, str(profile_path): PROFILE}),
            Settings(),
            PurePath(USER_DIR),
        )
        for path in (log_path, profile_path):
            assert check_path(workspace, path) == check_path(fresh, path)


def test_lines_added_above_move_the_records_below_without_reading_them_again():
    text = LOG_HEAD + record("PF-20260412-01") + record("PF-20260412-02", summary="偏好 Vue")
    doc = parse_log(text)
    second = doc.records[1]
    heading, summary = second.line, second.fields["summary"].value_span
    edited = parse_log(text.replace("## 记录\n", "## 记录\n\n新的说明 🎉\n"), doc)
    assert edited.records[1] is second
    assert second.line == heading + 2 and second.fields["summary"].value_span == summary._replace(
        start_line=summary.start_line + 2, end_line=summary.end_line + 2
    )
    assert log_shape(edited) == log_shape(
        parse_log(text.replace("## 记录\n", "## 记录\n\n新的说明 🎉\n"))
    )


def test_the_findings_kept_per_section_are_those_of_the_current_parse_only():
    log_path = PurePath(f"{USER_DIR}/user-profile-log.md")
    text = (
        LOG_HEAD
        + record("PF-20260412-01", drop="来源对话")
        + record("PF-20260412-02", summary="偏好 Vue")
    )
    provider = MemoryProvider({str(log_path): text, f"{USER_DIR}/user-profile.md": PROFILE})
    workspace = Workspace(provider, Settings(), PurePath(USER_DIR))
    for n in range(30):  # typing in the irregular record, then above it (every record moves)
        text = text.replace("标题", f"标题{n}", 1) if n % 2 else "\n" + text
        provider.write(log_path, text)
        found = [d.code for d in check_path(workspace, log_path)]
        assert found.count("PM010") == 1, found
    memo = workspace._parsed[log_path].section_findings
    assert len(memo) == 1  # one irregular section: what older parses found is not kept


def _position(text: str, offset: int) -> types.Position:
    """The LSP position of a code-point offset (moved off the middle of a `\\r\\n`)."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        offset -= 1
    before = split_lines(text[:offset])
    return types.Position(len(before) - 1, len(before[-1]))


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG, st.lists(st.tuples(EDIT, st.booleans(), st.booleans()), min_size=1, max_size=6))
def test_a_log_reparsed_from_what_the_editor_kept_equals_a_fresh_parse(text, edits):
    """The editor's document says how many lines at each end an edit (or several, when the parse
    waited) left alone; the parse compares only the rest."""
    document = Document.create("file:///l.md", 1, text)
    version, doc = ("editor", *document.state), parse_log_lines(document.lines)
    for (at, length, inserted), whole, parse_now in edits:
        text = document.text
        start = at % (len(text) + 1)
        end = min(len(text), start + length)
        if whole:
            change: types.TextDocumentContentChangeEvent = (
                types.TextDocumentContentChangeWholeDocument(
                    text=text[:start] + inserted + text[end:]
                )
            )
        else:
            change = types.TextDocumentContentChangePartial(
                range=types.Range(_position(text, start), _position(text, end)), text=inserted
            )
        document.apply(change, UTF32)
        if parse_now:
            kept = document.kept_since(version)
            assert kept is not None
            doc = parse_log_lines(document.lines, doc, kept)
            version = ("editor", *document.state)
            assert log_shape(doc) == log_shape(parse_log_lines(document.lines))


@pytest.mark.parametrize("unchanged", [None, (0, 0), (3, 4)])
def test_a_log_re_read_holds_the_new_lines_only(unchanged):
    """A file read again or sent whole by the editor (its lines other strings of much the same
    text, none or a few known to be the very same) keeps no string of the previous text alive:
    the records reused hold the new lines, so a 50,000-id log open in the editor is not held
    twice."""
    text = LOG_HEAD + "".join(
        record(f"PF-20260412-{n:02d}", "2026-04-12", "新增", f"偏好 {n} 🎉") for n in range(1, 6)
    )
    first = parse_log(text)
    changed = text.replace("偏好 3 🎉", "偏好 三 🎉")
    lines = [line[:1] + line[1:] for line in split_lines(changed)]  # new strings, equal text
    if unchanged:  # those lines are the very same objects
        old = first.lines
        lines[: unchanged[0]] = old[: unchanged[0]]
        lines[len(lines) - unchanged[1] :] = old[len(old) - unchanged[1] :]
    again = parse_log_lines(lines, first, unchanged)
    held = [
        (r.line, form.lines, i)
        for r in again.records
        if isinstance(form := r.form, TemplatedLines)
        for i in range(len(form.lines))
    ]
    assert len(held) > 20 and all(kept[i] is lines[line + i] for line, kept, i in held)
    assert log_shape(again) == log_shape(parse_log(changed))


FENCED = st.one_of(
    INSERTED, st.sampled_from(["```\n", "~~~js\n", "<!--\n", "-->\n", "<!-- x -->", "```"])
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG, st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 30), FENCED), max_size=6))
def test_the_marks_of_code_blocks_found_after_an_editor_edit_equal_a_fresh_search(text, edits):
    """After an editor's edit only the lines it changed are searched for fences and comment
    marks (`blocks.marked_after_edit`), and the irregular sections are the previous parse's
    outside what it re-read: the marks, the hidden lines, those sections and the parse are those
    of a fresh parse."""
    document = Document.create("file:///l.md", 1, text)
    version, doc = ("editor", *document.state), parse_log_lines(document.lines)
    for at, length, inserted in edits:
        text = document.text
        start = at % (len(text) + 1)
        end = min(len(text), start + length)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(_position(text, start), _position(text, end)), text=inserted
        )
        document.apply(change, UTF32)
        kept = document.kept_since(version)
        doc = parse_log_lines(document.lines, doc, kept)
        version = ("editor", *document.state)
        fresh = parse_log_lines(document.lines)
        assert (doc.marked, doc.hidden) == (fresh.marked, fresh.hidden)
        assert log_shape(doc) == log_shape(fresh)
        # the irregular sections, made from the previous parse's when it had found them
        assert [(s.start, s.stop) for s in doc.irregular()] == [
            (s.start, s.stop) for s in fresh.irregular()
        ]


# evolves whose OLD is the previous 精简版 with a mark changed (PM050), categories the profile
# has not (PM014), ids it does not carry (PM007)
MARKED_RECORD = st.builds(
    lambda anchor, date, op, summary, category: record(
        anchor, date, op, summary, category=category
    ),
    st.sampled_from(IDS),
    st.sampled_from(DATES),
    st.sampled_from(["新增", "演进（偏好，Vue → 偏好 Svelte）", "演进（偏好,Vue → 偏好：Vue）"]),
    st.sampled_from(["偏好，Vue", "偏好,Vue", "偏好：Vue", "偏好 Svelte"]),
    st.sampled_from(["技术偏好", "其他", "沟通"]),
)
MARKED_LOG = st.lists(MARKED_RECORD, max_size=8).map(lambda rs: LOG_HEAD + "".join(rs))
PROFILE_EDIT = st.tuples(
    st.integers(0, 10_000),
    st.integers(0, 12),
    st.sampled_from(
        ["x", "\n", "## 其他\n", "- 偏好 Svelte <!-- PF-20260413-01 -->\n", "01", "02", "## "]
    ),
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(MARKED_LOG, st.lists(st.one_of(EDIT, PROFILE_EDIT.map(lambda e: (*e, "profile")))))
def test_checks_after_edits_of_either_file_equal_a_fresh_check(text, edits):
    """What a check keeps between checks (the index's punctuation changes, the log's findings
    against its profile by id, each file's diagnostics by what they were found from) gives what a
    fresh workspace gives, whichever file of the pair was edited."""
    log_path, profile_path = (
        PurePath(f"{USER_DIR}/user-profile-log.md"),
        PurePath(f"{USER_DIR}/user-profile.md"),
    )
    texts = {log_path: text, profile_path: PROFILE}
    provider = MemoryProvider({str(p): t for p, t in texts.items()})
    workspace = Workspace(provider, Settings(), PurePath(USER_DIR))
    check_path(workspace, log_path)
    for change in edits:
        path = profile_path if len(change) == 4 else log_path
        texts[path] = edit(texts[path], change[:3])
        provider.write(path, texts[path])
        fresh = Workspace(
            MemoryProvider({str(p): t for p, t in texts.items()}), Settings(), PurePath(USER_DIR)
        )
        for checked in (log_path, profile_path):
            assert check_path(workspace, checked) == check_path(fresh, checked)


def test_conflict_markers_written_into_a_file_read_whole_are_found_at_its_next_version():
    """A file read whole is searched for conflict markers once per version: markers a merge
    writes into it later are found (PM070), and gone once resolved."""
    log_path = PurePath(f"{USER_DIR}/user-profile-log.md")
    text = LOG_HEAD + record("PF-20260412-01")
    provider = MemoryProvider({str(log_path): text, f"{USER_DIR}/user-profile.md": PROFILE})
    workspace = Workspace(provider, Settings(), PurePath(USER_DIR))
    for written, expected in (
        (text, 0),
        (text + "<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n", 1),
        (text, 0),
    ):
        provider.write(log_path, written)
        for _ in range(2):  # asked again at the same version
            found = [d.code for d in check_path(workspace, log_path)]
            assert found.count("PM070") == expected, found


def test_the_diagnostics_kept_are_let_go_with_the_version_they_were_found_at():
    """A file's diagnostics are kept with what they were found from (its source, its pair): a new
    version of either file of the pair lets them go, so no previous text is held by them."""
    log_path = PurePath(f"{USER_DIR}/user-profile-log.md")
    profile_path = PurePath(f"{USER_DIR}/user-profile.md")
    text = LOG_HEAD + record("PF-20260412-01")
    provider = MemoryProvider({str(log_path): text, str(profile_path): PROFILE})
    workspace = Workspace(provider, Settings(), PurePath(USER_DIR))
    first = check_path(workspace, log_path)
    check_path(workspace, profile_path)
    assert check_path(workspace, log_path) == first
    assert CHECKED in workspace.derived(log_path) and CHECKED in workspace.derived(profile_path)
    provider.write(log_path, text + record("PF-20260412-02"))
    workspace.source(log_path)
    assert CHECKED not in workspace.derived(log_path)
    workspace.pair_with(profile_path)  # the pair made again, at the log's new version
    assert CHECKED not in workspace.derived(profile_path)
