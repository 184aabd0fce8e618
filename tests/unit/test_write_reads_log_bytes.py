"""A write asks of a log only what its sketch answers from the file's bytes and where the file
ends, so the log's bytes are never decoded into a second copy of it (issue #25: a write's memory is
the log's size, not three times it; `bench/writes.py` measures it), and the record is appended to
the log as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from profile_memory.core.config import Settings
from profile_memory.core.log.words import Op
from profile_memory.core.pending import Scope
from profile_memory.core.places import Places
from profile_memory.core.plans import Planner
from profile_memory.core.resolve import Resolver
from profile_memory.store.apply import prepare, write_prepared

WORKSPACES = Path(__file__).parents[1] / "workspaces"


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Places:
    clean = Path(shutil.copytree(WORKSPACES / "clean", tmp_path / "clean"))
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    return Places(clean / "home" / ".cursor" / "profile", clean / "repo", ())


def operations(places: Places):
    def ref(planner: Planner):
        return Resolver(planner.workspace, [places]).pair_ref(Scope.USER)

    return {
        "add": lambda planner: planner.add(ref(planner), "技术偏好", "偏好 Zig 🦎"),
        "evolve": lambda planner: planner.reword(
            ref(planner), "PF-20260412-02", Op.EVOLVE, "偏好 React 19 + Next.js 全栈开发"
        ),
        "pivot": lambda planner: planner.reword(
            ref(planner), "PF-20260412-02", Op.PIVOT, "想转 Svelte 🧡"
        ),
        "delete": lambda planner: planner.delete(ref(planner), "PF-20260412-01"),
    }


@pytest.mark.parametrize("name", ["add", "evolve", "pivot", "delete"])
def test_a_write_appends_to_the_log_without_decoding_it(places: Places, name: str) -> None:
    log = places.user_dir / "user-profile-log.md"
    before = log.read_bytes()
    operation = operations(places)[name]
    prepared = prepare(places, Settings(), name, operation)
    assert prepared.workspace is not None
    source = prepared.workspace.source(log)
    assert source is not None and source.decoded is not None
    assert source.decoded.undecoded is not None  # the plan read its bytes, not its text
    write_prepared(places, Settings(), name, operation, prepared)
    after = log.read_bytes()
    assert after.startswith(before) and after[len(before) :].lstrip(b"\n").startswith(b"### [")
