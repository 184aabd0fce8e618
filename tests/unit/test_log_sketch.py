"""The answers a write gets from a log's sketch (`core/log/sketch.py`: searches of its text) equal
the parse's and the index's: the largest sequence number on a day, the ids dated a day, an id's
records in history order, the log's language; and a pair answers the same whether its log is
indexed or not (issue #25). Held on the test workspaces (the sloppy ones too), the bench corpus and
generated logs with headings and fields in every form agents write them."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path, PurePath

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profile_memory.core import anchors
from profile_memory.core.index import index_log, latest_value
from profile_memory.core.log import LogDoc, parse_log
from profile_memory.core.log.sketch import UNKNOWN, AnySketch, LogSketch
from profile_memory.core.workspace import MemoryProvider, Workspace

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import corpus  # noqa: E402


def workspace_logs() -> list[Path]:
    return sorted(p for p in (ROOT / "tests" / "workspaces").rglob("*.md") if "log" in p.name)


def record_shape(record):
    return (
        record.line,
        record.id,
        record.date,
        record.op,
        record.title,
        [(f.key, f.value, f.line) for f in record.fields.values()],
        record.supersedes,
        record.operation,
    )


def days_of(doc) -> set[dt.date]:
    days = {r.date for r in doc.records if r.date}
    days |= {a.day for r in doc.records if r.id and (a := anchors.parse(r.id))}
    return days | {dt.date(2026, 4, 12), dt.date(1999, 1, 1)}


def assert_sketch_equals_index(text: str) -> None:
    """The sketch of the text, and the sketch of its bytes (a write's, which never decodes them),
    answer as the parse and the index do."""
    doc = parse_log(text)
    decoded, undecoded = LogSketch.of(text), LogSketch.of(text.encode("utf-8"))
    assert (decoded is None) == (undecoded is None)
    if decoded is None:
        assert "\r" in text or doc.hidden or any(m in text for m in ("```", "~~~", "<!--"))
        return
    for sketch in (decoded, undecoded):
        assert sketch is not None
        assert_answers_as_parsed(sketch, doc)
    if decoded.language != UNKNOWN:  # the bytes may leave to the parse what the text tells
        assert undecoded is not None and undecoded.language in (decoded.language, UNKNOWN)


def assert_answers_as_parsed(sketch: AnySketch, doc: LogDoc) -> None:
    index = index_log(doc)
    if sketch.language != UNKNOWN:
        assert sketch.language == doc.language
    largest = anchors.Allocator.largest_of(index.histories)
    for day in days_of(doc):
        assert sketch.largest_on(day) == largest.get(day, 0), day
        dated = {r.id for r in doc.records if r.date == day and r.id}
        assert set(sketch.ids_dated(day)) == dated, day
    for anchor_id, history in index.histories.items():
        assert [record_shape(r) for r in sketch.records_of(anchor_id)] == [
            record_shape(r) for r in history.records
        ], anchor_id
    assert sketch.records_of("PF-19990101-01") == []
    together = sketch.records_by_id([*index.histories, "PF-19990101-01", "not an id"])
    assert {i: [record_shape(r) for r in found] for i, found in together.items()} == {
        **{i: [record_shape(r) for r in h.records] for i, h in index.histories.items()},
        "PF-19990101-01": [],
        "not an id": [],
    }


@pytest.mark.parametrize("path", workspace_logs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_sketch_of_each_test_workspace_log_answers_as_its_index(path: Path) -> None:
    assert_sketch_equals_index(path.read_text(encoding="utf-8"))


def test_the_sketch_of_the_bench_corpus_answers_as_its_index(tmp_path: Path) -> None:
    paths = corpus.workspace(tmp_path, 300)
    text = paths["log"].read_text(encoding="utf-8")
    sketch = LogSketch.of(text)
    assert sketch is not None and sketch.language == "zh"
    assert_sketch_equals_index(text)


IDS = ["PF-20260412-01", "PF-20260412-02", "PF-20260413-01", "PF-20260412-001", "PF-2026041-01"]
HEADINGS = [
    "### [{id}] {date} — 标题",
    "### [{id}] {date} — 标题  ",
    "### [{id}] {date} - title",
    "## [{id}] {date} — 标题",
    "### {id} {date} — 标题",
    "### 【{id}】 {date} — 标题",
    "### [{id}] — 没有日期",
    "### [{id}] 2026/4/12 — 斜线",
    "### [{id}] 2026-02-30 — 无此日",
    "### [{id}][PF-20260412-02] {date} — 两个",
    "### [{id}] {date}",
    "#### [{id}] {date} — 四级",
    "### 不是记录",
    "## 其他",
    "#没有空格 {id}",
    # what bytes cannot tell as the text does: white space and digits that are not ASCII
    "### [{id}] {date} — \u3000全角空格开头",
    "### [{id}] {date} — \u00a0不换行空格",
    "### [{id}] {date} — 🎉 表情开头",
    "### [{id}] {date} — \x1c控制字符",
    "### [PF-２０２６０４１２-01] {date} — 全角数字",  # read by the parse as PF-20260412-01
    "### [{id}] ２０２６-04-12 — 全角日期",
    "#\u3000{id} 全角空格标题",
    "##\u2003{id}",
]
DATES = ["2026-04-12", "2026-04-11", "2026-04-14", "2026-04-13"]
OPS = ["新增", "删除", "演进（偏好 React → 偏好 Vue）", "转向（偏好 Vue → 偏好 Svelte）", "wobble"]
FIELDS = [
    "- **分类**: 技术偏好",
    "- **精简版**: {summary}",
    "- **操作**: {op}",
    "- **取代**: PF-20260412-01",
    "- 精简版: {summary}",
    "* **精简版**：{summary}",
    "- **Summary**: {summary}",
    "- **Operation**: add",
    "- **Category**: Tech",
    "  continued line",
    "- a plain bullet",
    "- **来源对话**: [对话](chat-1)",
    "-\u3000**Summary**: {summary}",
    "- \u00a0精简版: {summary}",
    "- **Context**\x1c: x",
    "* ：冒号",
    "- 说明：{summary}",
    "- **\u3000**: x",
    "",
]
SUMMARIES = ["偏好 React", "偏好 Vue", "偏好 Svelte", "prefers React"]

RECORD = st.builds(
    lambda heading, anchor, date, fields, op, summary: (
        "\n".join(
            [heading.format(id=anchor, date=date)]
            + [f.format(op=op, summary=summary) for f in fields]
        )
        + "\n"
    ),
    st.sampled_from(HEADINGS),
    st.sampled_from(IDS),
    st.sampled_from(DATES),
    st.lists(st.sampled_from(FIELDS), max_size=7),
    st.sampled_from(OPS),
    st.sampled_from(SUMMARIES),
)
HEADS = st.sampled_from(
    ["# User Profile Log\n\n## 记录\n\n", "", "# Log\n\n## Records\n\n", "- intro bullet\n\n"]
)
LOG = st.builds(
    lambda head, records: head + "\n".join(records), HEADS, st.lists(RECORD, max_size=8)
)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG)
def test_the_sketch_of_a_sloppy_log_answers_as_its_index(text: str) -> None:
    assert_sketch_equals_index(text)


USER = PurePath("/home/u/.cursor/profile")


def pair_of(log: str | bytes, indexed: bool):
    profile = "## 技术偏好\n- 偏好 Vue <!-- PF-20260412-01 -->\n- 偏好 Go <!-- PF-20260415-03 -->\n"
    workspace = Workspace(
        MemoryProvider(
            {str(USER / "user-profile.md"): profile, str(USER / "user-profile-log.md"): log}
        ),
        user_dir=USER,
    )
    pair = workspace.pair(USER, "user-profile")
    if indexed:
        assert pair.log_index is not None
    return pair


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(LOG)
def test_a_pair_answers_a_write_alike_with_its_log_indexed_or_not(text: str) -> None:
    indexed = pair_of(text, True)
    for lazy in (pair_of(text, False), pair_of(text.encode("utf-8"), False)):  # a file's bytes
        assert_pairs_answer_alike(lazy, indexed)


def assert_pairs_answer_alike(lazy, indexed) -> None:
    for day in [dt.date(2026, 4, d) for d in range(10, 16)]:
        assert lazy.largest_on(day) == indexed.largest_on(day)
        assert lazy.largest_on(day) == indexed.largest_by_day().get(day, 0)
        for wanted in (
            lambda records: True,
            lambda records: latest_value(records, "summary") == "偏好 Vue",
        ):
            assert [i for i, _ in lazy.live_where(day, wanted)] == [
                i for i, _ in indexed.live_where(day, wanted)
            ]
    for anchor_id in IDS:
        assert [record_shape(r) for r in lazy.records_of(anchor_id)] == [
            record_shape(r) for r in indexed.records_of(anchor_id)
        ]


def test_an_id_written_with_full_width_digits_is_the_parse_s_in_the_sketch() -> None:
    text = "## 记录\n\n### [PF-２０２６０４１２-03] 2026-04-12 — 全角\n- **操作**: 新增\n"
    assert parse_log(text).records[0].id == "PF-２０２６０４１２-03"
    for sketch in (LogSketch.of(text), LogSketch.of(text.encode("utf-8"))):
        assert sketch is not None and sketch.largest_on(dt.date(2026, 4, 12)) == 3


def test_a_pair_does_not_parse_or_decode_its_log_for_what_a_write_asks() -> None:
    log = "# Log\n\n## 记录\n\n" + "".join(
        f"### [PF-20260412-{n:02d}] 2026-04-12 — 标题\n- **分类**: 技术偏好\n"
        f"- **精简版**: 偏好 {n}\n- **原始上下文**: 原话\n- **来源对话**: 对话\n"
        "- **操作**: 新增\n\n"
        for n in range(1, 30)
    )
    pair = pair_of(log.encode("utf-8"), False)  # as read from disk
    assert pair.largest_on(dt.date(2026, 4, 12)) == 29
    assert latest_value(pair.records_of("PF-20260412-07"), "summary") == "偏好 7"
    assert pair.live_where(dt.date(2026, 4, 12), lambda records: False) == []
    assert pair._log is None and pair._log_index is None  # neither parsed nor indexed
    sketch = pair._sketch()
    assert sketch is not None and isinstance(sketch.text, bytes)  # nor decoded
