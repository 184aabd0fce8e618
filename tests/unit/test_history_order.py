"""An id's history is read by record date, file order only within a day (docs/format.md,
"History"): a back-filled add, a log written newest-first and an edit of either keep one story."""

from __future__ import annotations

from helpers import LOG_HEAD, record
from profile_memory.core.index import State, history_order, index_log, update_index
from profile_memory.core.log import Op, parse_log

A = "PF-20260402-01"
B = "PF-20260301-01"

# the evolve of A was written first; its add was back-filled ("补记") below a later record of B
BACKFILLED = LOG_HEAD + "".join(
    [
        record(B, "2026-03-01", summary="知识库"),
        record(A, "2026-04-20", op="演进（Svelte 4 → Svelte 5 🚀）", summary="Svelte 5 🚀"),
        record(B, "2026-05-02", op="演进（知识库 → 离线知识库）", summary="离线知识库"),
        record(A, "2026-04-02", summary="Svelte 4", title="前端框架（补记）"),
    ]
)

NEWEST_FIRST = LOG_HEAD + "".join(
    [
        record(A, "2026-04-20", op="演进（Svelte 4 → Svelte 5）", summary="Svelte 5"),
        record(B, "2026-03-01", op="演进（知识库 → 离线知识库）", summary="离线知识库"),
        record(A, "2026-04-02", summary="Svelte 4"),
        record(B, "2026-03-01", summary="知识库"),
    ]
)


def test_a_back_filled_add_begins_its_history_and_the_evolve_is_the_latest():
    index = index_log(parse_log(BACKFILLED))
    history = index.histories[A]
    assert [r.op for r in history.records] == [Op.ADD, Op.EVOLVE]
    assert history.latest.date.isoformat() == "2026-04-20"
    assert history.latest_summary == "Svelte 5 🚀" and history.state is State.LIVE
    assert index.duplicate_adds == [] and index.without_add == []
    assert index.early_dates == [] and index.old_mismatches == []
    # one finding: the add stands below a later record
    (late,) = index.out_of_order
    assert late.record is history.records[0] and not late.newest_first


def test_a_log_written_newest_first_reads_as_its_dates_say_with_one_finding():
    index = index_log(parse_log(NEWEST_FIRST))
    assert index.histories[A].latest_summary == "Svelte 5"
    assert index.histories[B].latest_summary == "离线知识库"
    assert index.duplicate_adds == [] and index.without_add == []
    assert index.early_dates == [] and index.old_mismatches == []
    (finding,) = index.out_of_order
    assert finding.newest_first == 2
    # B's add and evolve share a day: the history begins with the add all the same
    assert [r.op for r in index.histories[B].records] == [Op.ADD, Op.EVOLVE]


def test_a_day_is_read_in_file_order_and_an_undated_record_stands_with_the_record_above():
    doc = parse_log(
        LOG_HEAD
        + record(A, "2026-04-03", summary="x")
        + record(B, "2026-04-02", summary="y").replace("2026-04-02 — ", "— ")
        + record(B, "2026-04-03", op="删除", summary="y")
    )
    assert doc.records[1].date is None
    assert history_order(doc.records) == [0, 1, 2]


def test_a_record_dated_before_its_ids_add_stays_after_the_add_as_a_date_slip():
    text = LOG_HEAD + record(A, "2026-04-20") + record(A, "2026-04-15", op="删除")
    index = index_log(parse_log(text))
    assert index.histories[A].state is State.DELETED
    (early,) = index.early_dates
    assert early.previous is not None and "previous record" in early.reason
    assert index.out_of_order == [] and index.without_add == []


def test_editing_a_summary_that_an_earlier_written_evolve_looks_up_updates_its_old_check():
    doc = parse_log(BACKFILLED)
    index = index_log(doc)
    # the back-filled add is read before the evolve written above it: its summary is looked up
    edited = parse_log(
        BACKFILLED.replace("- **精简版**: Svelte 4\n", "- **精简版**: Svelte 3\n"), doc
    )
    updated = update_index(index, doc, edited) or index_log(edited)
    assert [(m.record.line, m.changed) for m in updated.old_mismatches] == [
        (edited.records[1].line, A)
    ]


def test_an_add_after_its_delete_on_one_day_stays_after_it():
    text = (
        LOG_HEAD
        + record(A, "2026-04-02")
        + record(A, "2026-04-02", op="删除")
        + record(A, "2026-04-02")
    )
    index = index_log(parse_log(text))
    assert index.histories[A].state is State.LIVE
    (duplicate,) = index.duplicate_adds
    assert duplicate.after_delete
