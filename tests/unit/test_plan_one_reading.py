"""A write is planned from one reading of each file (store/apply.py): a file another writer
replaces while the plan is being made is not read a second time by the same plan, so the plan is
checked under the locks against what it was made from and made again (docs/format.md, "Safety
rules for writes")."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from profile_memory.core.config import Settings
from profile_memory.core.pending import Scope
from profile_memory.core.places import Places
from profile_memory.core.plans import Planner
from profile_memory.core.resolve import Resolver
from profile_memory.store.apply import Changed, plan_and_write, prepare, write_prepared

WORKSPACES = Path(__file__).parents[1] / "workspaces"

ID = re.compile(r"<!-- (PF-\d{8}-\d+) -->")


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Places:
    clean = Path(shutil.copytree(WORKSPACES / "clean", tmp_path / "clean"))
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    return Places(clean / "home" / ".cursor" / "profile", clean / "repo", ())


def adding(places: Places, text: str, meanwhile: list[Callable[[], object]] | None = None):
    """An add; `meanwhile` runs once, after the first plan has read every id."""

    def operation(planner: Planner) -> str:
        planner.allocator  # noqa: B018 -- every id of the set read: the next one chosen
        while meanwhile:
            meanwhile.pop()()
        ref = Resolver(planner.workspace, [places]).pair_ref(Scope.USER)
        return planner.add(ref, "技术偏好", text)

    return operation


def test_an_add_that_lands_while_another_is_planned_gives_no_id_twice(places: Places):
    def another_session_adds() -> None:
        plan_and_write(places, Settings(), "add", adding(places, "另一个会话 🙂"))

    plan, _ = plan_and_write(
        places, Settings(), "add", adding(places, "偏好 Zig 🦎", [another_session_adds])
    )
    profile = (places.user_dir / "user-profile.md").read_text(encoding="utf-8")
    log = (places.user_dir / "user-profile-log.md").read_text(encoding="utf-8")
    added = [line for line in profile.splitlines() if "🙂" in line or "🦎" in line]
    assert [ID.search(line)[1] for line in added] == ["PF-20261130-01", "PF-20261130-02"]  # type: ignore[index]
    assert plan.ids == ["PF-20261130-02"]
    assert log.count("### [PF-20261130-01]") == log.count("### [PF-20261130-02]") == 1
    assert log.index("另一个会话") < log.index("偏好 Zig")


def test_a_plan_shown_while_another_add_landed_is_not_written(places: Places):
    """The bound write (a person's yes to the plan shown): the plan read the profile before the
    other add, so under the locks it is not the plan any more, and nothing is written."""

    def another_session_adds() -> None:
        plan_and_write(places, Settings(), "add", adding(places, "另一个会话 🙂"))

    operation = adding(places, "偏好 Zig 🦎", [another_session_adds])
    shown = prepare(places, Settings(), "add", operation)
    before = (places.user_dir / "user-profile.md").read_bytes()
    with pytest.raises(Changed):
        write_prepared(places, Settings(), "add", operation, shown)
    assert shown.plan.ids == ["PF-20261130-01"]  # made from the reading before the other add
    assert (places.user_dir / "user-profile.md").read_bytes() == before


def test_a_shown_plan_is_bound_to_every_byte_of_a_large_log(places: Places):
    """The files are compared with the bytes the plan read, a block at a time: one byte changed
    in a later block (the same size, the same times) is seen; the same bytes written again are
    not a change."""
    log = places.user_dir / "user-profile-log.md"
    padding = "".join(f"\n<!-- 备注 {n} 🧠 -->\n" for n in range(60_000))  # a log of several blocks
    log.write_text(log.read_text(encoding="utf-8") + padding, encoding="utf-8")
    kept = log.read_bytes()
    assert len(kept) > 1 << 20
    operation = adding(places, "偏好 Zig 🦎")
    shown = prepare(places, Settings(), "add", operation)
    at = kept.index("备注 50000".encode())
    stat = log.stat()
    log.write_bytes(kept[:at] + "笔记".encode() + kept[at + len("备注".encode()) :])
    os.utime(log, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    with pytest.raises(Changed) as refused:
        write_prepared(places, Settings(), "add", operation, shown)
    assert refused.value.paths == [log]
    log.write_bytes(kept)  # as it was: the plan shown is the plan
    plan, written = write_prepared(places, Settings(), "add", operation, shown)
    assert plan.ids == ["PF-20261130-01"] and log in written
    assert log.read_bytes().startswith(kept) and "偏好 Zig 🦎" in log.read_text(encoding="utf-8")
