"""Histories and states (docs/format.md, "Log"): live, deleted, retired — explicit and inferred."""

from helpers import LOG_HEAD, record
from profile_memory.core.index import State, index_log
from profile_memory.core.log import parse_log


def states(*records: str) -> dict[str, State]:
    index = index_log(parse_log(LOG_HEAD + "".join(records)))
    return {anchor_id: history.state for anchor_id, history in index.histories.items()}


def test_last_record_decides():
    assert states(record("PF-20260412-01"))["PF-20260412-01"] is State.LIVE
    assert (
        states(record("PF-20260412-01"), record("PF-20260412-01", op="删除"))["PF-20260412-01"]
        is State.DELETED
    )
    assert (
        states(
            record("PF-20260412-01"),
            record("PF-20260412-01", op="delete"),
            record("PF-20260412-01", op="restore"),
        )["PF-20260412-01"]
        is State.LIVE
    )


def test_a_lone_delete_record_is_legal_and_deleted():
    assert (
        states(record("PF-20260412-01", title="深色主题（已删除）"))["PF-20260412-01"]
        is State.DELETED
    )


def test_retired_by_supersedes_field():
    result = states(
        record("PF-20260412-01"),
        record(
            "PF-20260412-02",
            op="转向",
            summary="偏好 Vue",
            extra="- **Supersedes**: PF-20260412-01\n",
        ),
    )
    assert result == {"PF-20260412-01": State.RETIRED, "PF-20260412-02": State.LIVE}


def test_retired_inferred_from_pivot_old_value_equal_to_latest_summary():
    result = states(
        record("PF-20260412-01", summary="面向 C 端个人用户"),
        record(
            "PF-20260413-01",
            "2026-04-13",
            op="转向（面向 C 端个人用户 → 转向 B 端企业客户）",
            summary="转向 B 端企业客户",
        ),
    )
    assert result["PF-20260412-01"] is State.RETIRED


def test_inference_uses_the_latest_summary_and_only_new_ids():
    # OLD matches an earlier wording of 01, not its latest: not retired
    result = states(
        record("PF-20260412-01", summary="偏好 React"),
        record("PF-20260412-01", op="演进（偏好 React → 偏好 Next.js）", summary="偏好 Next.js"),
        record(
            "PF-20260413-01", "2026-04-13", op="转向（偏好 React → 偏好 Vue）", summary="偏好 Vue"
        ),
    )
    assert result["PF-20260412-01"] is State.LIVE
    # an evolve of an existing id never retires another
    result = states(
        record("PF-20260412-01", summary="偏好 React"),
        record("PF-20260412-02", summary="偏好 Vue"),
        record("PF-20260412-02", op="演进（偏好 React → 偏好 Vue 3）", summary="偏好 Vue 3"),
    )
    assert result["PF-20260412-01"] is State.LIVE


def test_a_restore_after_retirement_makes_it_live_again():
    result = states(
        record("PF-20260412-01"),
        record("PF-20260412-02", op="转向", extra="- **取代**: PF-20260412-01\n"),
        record("PF-20260412-01", "2026-04-14", op="恢复"),
    )
    assert result["PF-20260412-01"] is State.LIVE


def test_a_pivot_retires_every_id_whose_latest_summary_is_its_old():
    result = states(
        record("PF-20260412-01", summary="偏好 React"),
        record("PF-20260412-02", summary="偏好 React"),
        record(
            "PF-20260413-01", "2026-04-13", op="转向（偏好 React → 偏好 Vue）", summary="偏好 Vue"
        ),
    )
    assert result["PF-20260412-01"] is result["PF-20260412-02"] is State.RETIRED


def test_a_summary_left_behind_is_held_by_no_one():
    # 02 moves from the text it shared with 01, 03 from the text it held alone: a pivot of either
    # OLD retires only who still holds it
    result = states(
        record("PF-20260412-01", summary="偏好 React"),
        record("PF-20260412-02", summary="偏好 React"),
        record("PF-20260412-03", summary="偏好 Angular"),
        record("PF-20260412-02", op="演进（偏好 React → 偏好 Vue）", summary="偏好 Vue"),
        record("PF-20260412-03", op="演进（偏好 Angular → 偏好 Solid）", summary="偏好 Solid"),
        record("PF-20260413-01", "2026-04-13", op="转向（偏好 React → 偏好 Svelte）", summary="x"),
        record("PF-20260413-02", "2026-04-13", op="转向（偏好 Angular → 偏好 Qwik）", summary="y"),
    )
    assert result["PF-20260412-01"] is State.RETIRED
    assert result["PF-20260412-02"] is result["PF-20260412-03"] is State.LIVE
