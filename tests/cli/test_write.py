"""The agent-side writes: propose, add, evolve, pivot, delete, confirm — locked, atomic, never corrupting."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import HANG, run_pmem

TODAY = {"PMEM_TODAY": "2026-11-30"}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    assert run_pmem("init", cwd=tmp_path, env=env(tmp_path)).code == 0
    return tmp_path


def env(root: Path) -> dict[str, str]:
    return {**TODAY, "PMEM_USER_DIR": str(root / "home")}


def pmem(root: Path, *args: str):
    return run_pmem(*args, cwd=root, env=env(root))


def test_add_evolve_pivot_delete_round_trip(project: Path):
    added = pmem(
        project,
        "add",
        "--scope",
        "user",
        "--category",
        "技术偏好",
        "偏好 React",
        "--context",
        '"用 React"',
    )
    assert added.code == 0 and added.out.strip() == "PF-20261130-01"
    assert (
        pmem(project, "evolve", "PF-20261130-01", "偏好 React + Next.js").out.strip()
        == "evolved PF-20261130-01"
    )
    pivot = pmem(project, "pivot", "PF-20261130-01", "想转 Vue", "--json")
    data = json.loads(pivot.out)
    assert data["ids"] == ["PF-20261130-02"] and data["files"] == [
        "home/user-profile-log.md",
        "home/user-profile.md",
    ]
    assert pmem(project, "delete", "PF-20261130-02").code == 0
    log = (project / "home" / "user-profile-log.md").read_text(encoding="utf-8")
    assert [line.split("] ")[0] for line in log.splitlines() if line.startswith("### [")] == [
        "### [PF-20261130-01",
        "### [PF-20261130-01",
        "### [PF-20261130-02",
        "### [PF-20261130-02",
    ]
    assert "<!--" not in (project / "home" / "user-profile.md").read_text(encoding="utf-8")
    check = pmem(project, "check")
    assert check.code == 0 and "0 errors, 0 warnings, 0 information" in check.out


def test_project_scope_and_id_resolution(project: Path):
    assert (
        pmem(
            project, "add", "--scope", "project", "--category", "项目定位", "面向开发者"
        ).out.strip()
        == "PF-20261130-01"
    )
    assert (
        pmem(project, "add", "--scope", "user", "--category", "技术偏好", "x").out.strip()
        == "PF-20261130-02"
    )
    assert "面向开发者" in (project / ".cursor" / "profile" / "project-profile.md").read_text(
        encoding="utf-8"
    )
    assert pmem(project, "evolve", "PF-20261130-01", "面向独立开发者").code == 0


@pytest.mark.parametrize(
    "args, words",
    [
        (["evolve", "PF-20990101-01", "x"], "unknown id PF-20990101-01"),
        (["delete", "PF-20991301-01"], "not a valid anchor id"),
        (["confirm", "--line", "3"], "is no proposal"),
    ],
)
def test_refused_operations_exit_1_and_write_nothing(project: Path, args, words):
    before = {p: p.read_bytes() for p in project.rglob("*.md")}
    result = pmem(project, *args)
    assert result.code == 1 and words in result.err
    assert {p: p.read_bytes() for p in project.rglob("*.md")} == before


def test_propose_then_confirm_line_by_line(project: Path):
    proposal = ["先给结论", "--context", '"先说结论"', "--source", "[周报](chat-1)"]
    propose = "propose --scope user --kind add --category 沟通偏好".split()
    assert pmem(project, *propose, *proposal).code == 0
    assert (
        pmem(
            project, "propose", "--scope", "user", "--kind", "evolve", "--category", "沟通偏好", "x"
        ).code
        == 2
    )
    pending = project / ".cursor" / "profile" / "profile-pending.md"
    text = pending.read_text(encoding="utf-8")
    assert (
        '- [新增][沟通偏好] 先给结论\n  - 原始上下文: "先说结论"\n  - 来源对话: [周报](chat-1)\n'
        in text
    )
    line = text.splitlines().index("- [新增][沟通偏好] 先给结论") + 1
    confirmed = pmem(project, "confirm", "--line", str(line))
    assert confirmed.out.strip() == "1 confirmed: PF-20261130-01"
    assert "先给结论" not in pending.read_text(encoding="utf-8")
    log = (project / "home" / "user-profile-log.md").read_text(encoding="utf-8")
    assert '- **原始上下文**: "先说结论"' in log and "- **来源对话**: [周报](chat-1)" in log


def test_eight_concurrent_adds_get_eight_ids(project: Path):
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "profile_memory",
                "add",
                "--scope",
                "user",
                "--category",
                "技术偏好",
                f"并发条目 {n}",
            ],
            cwd=project,
            env={**os.environ, **env(project)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(8)
    ]
    ids = [process.communicate(timeout=HANG)[0].strip() for process in processes]
    assert all(process.returncode == 0 for process in processes)
    assert sorted(ids) == [f"PF-20261130-0{n}" for n in range(1, 9)]
    profile = (project / "home" / "user-profile.md").read_text(encoding="utf-8")
    log = (project / "home" / "user-profile-log.md").read_text(encoding="utf-8")
    assert sum(line.startswith("- 并发条目") for line in profile.splitlines()) == 8
    assert sum(line.startswith("### [PF-20261130-") for line in log.splitlines()) == 8
    assert pmem(project, "check").code == 0


def test_a_symlinked_log_is_refused_and_its_target_untouched(project: Path, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "log.md"
    log = project / "home" / "user-profile-log.md"
    elsewhere.write_bytes(log.read_bytes())
    log.unlink()
    log.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    result = pmem(project, "add", "--scope", "user", "--category", "技术偏好", "x")
    assert result.code == 2 and "symbolic link" in result.err
    assert elsewhere.read_bytes() == before and log.is_symlink()
    assert "x <!--" not in (project / "home" / "user-profile.md").read_text(encoding="utf-8")


def test_a_killed_writer_leaves_old_or_new_files_never_a_mixture(project: Path):
    log = project / "home" / "user-profile-log.md"
    log.write_text(
        log.read_text(encoding="utf-8") + ("\n<!-- padding " + "长" * 2000 + " -->\n") * 1500,
        encoding="utf-8",
    )
    (project / "home" / "pmem.toml").write_text(
        "maxFileBytes = 100000000\n"
    )  # check all of the 9 MB log
    rng = random.Random(5)
    for attempt in range(12):
        old_log = log.read_bytes()
        writer = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "profile_memory",
                "add",
                "--scope",
                "user",
                "--category",
                "技术偏好",
                f"条目 {attempt}",
            ],
            cwd=project,
            env={**os.environ, **env(project)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.15, 0.6))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        new_log = log.read_bytes()
        assert new_log == old_log or (new_log.startswith(old_log) and new_log.endswith(b"\n"))
        check = json.loads(pmem(project, "check", "--format", "json").out)
        # a kill between the two writes may leave an orphan record (PM007, repairable), never an entry
        # without history (PM006) nor a torn record or line (PM010, PM016, PM009)
        assert {d["code"] for d in check} <= {"PM007"}, check


def test_bom_crlf_and_final_newline_are_kept(project: Path):
    log = project / ".cursor" / "profile" / "project-profile-log.md"
    log.write_bytes(b"\xef\xbb\xbf" + log.read_bytes().replace(b"\n", b"\r\n"))
    assert (
        pmem(project, "add", "--scope", "project", "--category", "项目定位", "面向开发者").code == 0
    )
    raw = log.read_bytes()
    assert (
        raw.startswith(b"\xef\xbb\xbf")
        and raw.endswith(b"\r\n")
        and b"\n" not in raw.replace(b"\r\n", b"")
    )
    assert "### [PF-20261130-01]" in raw.decode("utf-8-sig")


def test_a_pending_file_outside_the_profile_folders_is_refused(project: Path, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "profile-pending.md"
    elsewhere.write_text("**个人画像：**\n- [新增][技术偏好] x\n", encoding="utf-8")
    result = pmem(project, "confirm", str(elsewhere), "--all")
    assert result.code == 2 and "outside the profile folders" in result.err
