"""A write appends the log's new record to the log (the log is not rewritten), and an append after a
torn tail — a last line without its line break, a half-written record — closes the torn line first:
the new record starts on a line of its own after a blank line, and the log stays well-formed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_pmem


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    assert run_pmem("init", cwd=tmp_path, env=env(tmp_path)).code == 0
    assert (
        pmem(tmp_path, "add", "--scope", "user", "--category", "技术偏好", "偏好 React").code == 0
    )
    return tmp_path


def env(root: Path) -> dict[str, str]:
    return {"PMEM_USER_DIR": str(root / "home")}


def pmem(root: Path, *args: str):
    return run_pmem(*args, cwd=root, env=env(root))


def records(root: Path, anchor: str) -> list[dict]:
    traced = json.loads(pmem(root, "trace", anchor, "--json").out)
    return [record for match in traced["matches"] for record in match["records"]]


TORN_TAILS = {
    "no final line break": "",
    "a half-written header": "### [PF-20261130-07] 2026-11-30 — 半",
    "a half-written field": "\n### [PF-20261130-07] 2026-11-30 — 半\n- **分类**: 技术",
}


@pytest.mark.parametrize("tail", TORN_TAILS.values(), ids=TORN_TAILS.keys())
def test_an_append_after_a_torn_tail_leaves_a_well_formed_log(project: Path, tail: str):
    log = project / "home" / "user-profile-log.md"
    torn = log.read_bytes().rstrip(b"\n") + ("\n" + tail if tail else "").encode("utf-8")
    log.write_bytes(torn)
    inode = log.stat().st_ino
    added = pmem(project, "add", "--scope", "user", "--category", "技术偏好", "偏好 Vue 😀")
    assert added.code == 0, added.err
    anchor = added.out.strip()
    raw = log.read_bytes()
    # appended to the same file: the torn bytes kept as they were, closed, a blank line, the record
    assert log.stat().st_ino == inode
    assert raw.startswith(torn + b"\n\n### [" + anchor.encode() + b"] ")
    assert raw.endswith(b"\n") and b"\n\n\n" not in raw
    [record] = records(project, anchor)
    assert record["fields"]["summary"] == "偏好 Vue 😀"
    assert record["fields"]["operation"] == "新增"
    # the torn record is reported where it is; nothing is reported on the new record
    lines = raw.decode("utf-8").splitlines()
    new_line = lines.index(next(line for line in lines if anchor in line)) + 1
    check = json.loads(pmem(project, "check", "--format", "json").out)
    assert all(d["line"] < new_line for d in check), check


def test_each_write_appends_its_record_and_keeps_the_log_before_it(project: Path):
    log = project / "home" / "user-profile-log.md"
    steps = [
        ("evolve", "PF-20261130-01", "偏好 React 19"),
        ("pivot", "PF-20261130-01", "想转 Vue"),
        ("delete", "PF-20261130-02"),
    ]
    for step in steps:
        before, inode = log.read_bytes(), log.stat().st_ino
        result = pmem(project, *step)
        assert result.code == 0, result.err
        after = log.read_bytes()
        assert log.stat().st_ino == inode and after.startswith(before + b"\n### [")
    check = pmem(project, "check")
    assert check.code == 0 and "0 errors, 0 warnings, 0 information" in check.out, check.out
