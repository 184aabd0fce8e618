"""The question a person is asked about a plan (core/questions.py): every change in full, and no
secret in it (a question goes to the client, as any other output does)."""

from __future__ import annotations

from profile_memory.core.plans import Change, ChangeKind
from profile_memory.core.questions import question
from secrets_support import FAKES

KEY = FAKES["aws-access-key"]


def test_one_change_reads_as_one_question_with_its_id_category_and_texts() -> None:
    change = Change(
        kind=ChangeKind.EVOLVE,
        profile="user-profile",
        category="技术偏好",
        text="偏好 Go 🦫",
        old="偏好 Rust",
        id="PF-20261201-01",
    )
    assert question([change]) == (
        "Profile Memory — may I evolve PF-20261201-01 in the user profile under `技术偏好`: "
        "偏好 Rust → 偏好 Go 🦫?"
    )


def test_a_secret_in_an_entry_being_deleted_or_evolved_is_masked_in_the_question() -> None:
    deleted = Change(
        kind=ChangeKind.DELETE,
        profile="user-profile",
        category="账号",
        text=f"AWS 的 key 是 {KEY}",
        id="PF-20261201-02",
    )
    evolved = Change(
        kind=ChangeKind.EVOLVE,
        profile="project-profile",
        category="部署",
        text="用 vault 取",
        old=f"key={KEY}",
        id="PF-20261201-03",
    )
    for asked in (question([deleted]), question([deleted, evolved])):
        assert KEY not in asked and KEY[:12] not in asked
        assert "<redacted:" in asked
