"""Random interleavings of writes on two copies of one memory (seeded, bounded): the real pmem
writes (in this process), core.merge merges as the driver does, and every merge loses no entry,
record or journal line, gives no id twice and forks no history — over two rounds, the second
starting from the first's merge."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from git_support import JOURNAL, LOG, PENDING, PROFILE, entries, journal_lines, records, without_ids
from profile_memory.cli import main
from profile_memory.core import merge
from profile_memory.core.pending import parse_pending

CATEGORIES = ("项目定位", "技术栈与架构", "设计约定", "产品方向")
FILES = (PROFILE, LOG, PENDING, JOURNAL)
FORBIDDEN = ("PM002", "PM003", "PM006", "PM007", "PM008", "PM011", "PM050", "PM052", "PM070")
SEEDS = range(10)


class Memory:
    """One copy of a project's memory, written with pmem."""

    def __init__(self, folder: Path, owner: str, rng: random.Random) -> None:
        self.folder, self.owner, self.rng = folder, owner, rng
        self.count = 0

    def pmem(self, *args: str) -> str:
        here = os.getcwd()
        out = io.StringIO()
        try:
            os.chdir(self.folder)
            with redirect_stdout(out):
                code = main(list(args))
        finally:
            os.chdir(here)
        assert code in (0, 1) if args[0] == "check" else code == 0, (args, out.getvalue())
        return out.getvalue()

    def read(self, name: str) -> str:
        path = self.folder / name
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def text(self, what: str) -> str:
        self.count += 1
        return f"{self.owner} {what} {self.folder.name} {self.count}"

    def mine(self) -> list[str]:
        return [i for i, text in entries(self.read(PROFILE)).items() if text[0] == self.owner]

    def my_proposals(self) -> list[int]:
        doc = parse_pending(self.read(PENDING))
        return [p.line + 1 for p in doc.proposals if p.text[0] == self.owner]

    def step(self) -> None:
        """One write, chosen at random among those this copy may do to what it owns."""
        rng, mine, proposals = self.rng, self.mine(), self.my_proposals()
        choices = ["add", "add", "propose", "journal"]
        if mine:
            choices += ["evolve", "pivot", "delete"]
        if proposals:
            choices += ["confirm", "discard"]
        op = rng.choice(choices)
        category = rng.choice(CATEGORIES)
        if op == "add":
            self.pmem("add", "--scope", "project", "--category", category, self.text("新增"))
        elif op == "evolve":
            self.pmem("evolve", rng.choice(mine), self.text("演进"))
        elif op == "pivot":
            self.pmem("pivot", rng.choice(mine), self.text("转向"))
        elif op == "delete":
            self.pmem("delete", rng.choice(mine))
        elif op == "propose":
            kind = ("--kind", "add", "--category", category)
            self.pmem("propose", "--scope", "project", *kind, self.text("提议"))
        elif op == "journal":
            self.pmem("journal", "append", self.text("日志"))
        else:
            extra = ("--discard",) if op == "discard" else ()
            self.pmem("confirm", *extra, "--line", str(rng.choice(proposals)))


def _merged(base: Memory, ours: Memory, theirs: Memory) -> dict[str, merge.Merged]:
    b, o, t = ({name: side.read(name) for name in FILES} for side in (base, ours, theirs))
    plan = merge.renumbering(b[LOG], o[LOG], t[LOG])
    return {
        PROFILE: merge.merge_profile(b[PROFILE], o[PROFILE], t[PROFILE], plan),
        LOG: merge.merge_log(b[LOG], o[LOG], t[LOG], plan),
        PENDING: merge.merge_pending(
            b[PENDING], o[PENDING], t[PENDING], {merge.Scope.PROJECT: plan}
        ),
        JOURNAL: merge.merge_journal(b[JOURNAL], o[JOURNAL], t[JOURNAL]),
    }


def _assert_nothing_lost(base: Memory, ours: Memory, theirs: Memory, result: Memory) -> None:
    # log records: each of both sides once (a renumbered one under its new id)
    merged = Counter(without_ids(r) for r in records(result.read(LOG)))
    sides = {r for side in (ours, theirs) for r in records(side.read(LOG))}
    assert all(merged[without_ids(r)] == 1 for r in sides), "a record lost or doubled"
    assert sum(merged.values()) == len({without_ids(r) for r in sides})
    # entries: both sides' but those the other side changed or deleted from the base
    before = set(entries(base.read(PROFILE)).values())
    o, t = set(entries(ours.read(PROFILE)).values()), set(entries(theirs.read(PROFILE)).values())
    expected = (o | t) - {text for text in before if text not in o or text not in t}
    assert sorted(entries(result.read(PROFILE)).values()) == sorted(expected)  # ids unique too
    # journal lines: the union, by ts
    lines = journal_lines(result.read(JOURNAL))
    union = {
        json.dumps(x, sort_keys=True)
        for s in (ours, theirs)
        for x in journal_lines(s.read(JOURNAL))
    }
    assert len(lines) == len(union) == len({json.dumps(x, sort_keys=True) for x in lines})
    assert [x["ts"] for x in lines] == sorted(x["ts"] for x in lines)

    # pending: what a side decided is gone, what either added is there
    def proposals(side: Memory) -> set[str]:
        return {p.text for p in parse_pending(side.read(PENDING)).proposals}

    kept = proposals(result)
    was = proposals(base)
    assert kept == (proposals(ours) | proposals(theirs)) - {
        p for p in was if p not in proposals(ours) or p not in proposals(theirs)
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_random_interleavings_lose_nothing_and_fork_no_history(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    rng = random.Random(seed)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PMEM_USER_DIR", str(tmp_path / "home" / ".cursor" / "profile"))
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    (tmp_path / "base").mkdir()
    base = Memory(tmp_path / "base", "A", rng)
    base.pmem("init", "--project")
    base.pmem("init", "--memory", ".")
    for owner in "AB" * 2:
        base.owner = owner
        base.pmem(
            "add", "--scope", "project", "--category", rng.choice(CATEGORIES), base.text("基线")
        )
    for round_ in range(2):
        sides = []
        for owner in "AB":
            folder = tmp_path / f"{owner}{round_}"
            shutil.copytree(base.folder, folder)
            side = Memory(folder, owner, rng)
            for _ in range(rng.randint(2, 6)):
                side.step()
            sides.append(side)
        ours, theirs = sides
        merged = _merged(base, ours, theirs)
        assert all(m.conflicts == 0 for m in merged.values()), seed
        result = Memory(tmp_path / f"merged{round_}", "A", rng)
        shutil.copytree(base.folder, result.folder)
        for name, done in merged.items():
            (result.folder / name).write_text(done.text, encoding="utf-8")
        _assert_nothing_lost(base, ours, theirs, result)
        codes = Counter(d["code"] for d in json.loads(result.pmem("check", "--format", "json")))
        assert not {code: codes[code] for code in FORBIDDEN if codes[code]}, (seed, round_)
        base = result
