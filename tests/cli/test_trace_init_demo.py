"""`pmem trace`, `pmem init`, `pmem demo`, and help on every command."""

from __future__ import annotations

import json
import stat

import pytest
from cli_support import run_pmem


def test_trace_prints_entry_latest_record_in_full_and_earlier_ones(pmem_in_repo):
    result = pmem_in_repo("trace", "PF-20260412-02")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("PF-20260412-02 · live · user-profile pair in ")
    assert lines[1].endswith(
        "home/.cursor/profile/user-profile.md:7: 偏好 React + Next.js 全栈开发"
    )
    assert lines[2].endswith("user-profile-log.md:21")
    assert lines[3] == "  21 | ### [PF-20260412-02] 2026-05-01 — 前端技术栈偏好（演进）"
    assert "  25 |   （在讨论 SSR 方案时）" in lines
    assert lines[-3] == "earlier records (1):"
    assert lines[-2].endswith(
        "user-profile-log.md:14  2026-04-12  新增  前端技术栈偏好"
    )  # the log's own word


def test_trace_all_prints_every_record(pmem_in_repo):
    result = pmem_in_repo("trace", "--all", "PF-20260412-02")
    assert (
        result.out.count("record: ") == 2
        and "  14 | ### [PF-20260412-02] 2026-04-12 — 前端技术栈偏好" in result.out
    )


def test_trace_finds_the_id_in_every_pair_that_has_it(pmem_in_repo):
    result = pmem_in_repo("trace", "--json", "PF-20260412-01")
    data = json.loads(result.out)
    assert data["id"] == "PF-20260412-01"
    assert [m["pair"] for m in data["matches"]] == ["user-profile", "project-profile"]
    project = data["matches"][1]
    assert project["entries"] == [
        {"path": ".cursor/profile/project-profile.md", "line": 4, "text": "面向独立开发者的知识库"}
    ]
    assert (
        project["records"][0]["fields"]["summary"] == "面向独立开发者的知识库"
        and project["state"] == "live"
    )


def test_trace_of_a_deleted_id_says_so(pmem_in_repo):
    result = pmem_in_repo("trace", "PF-20260413-01")
    assert "· deleted ·" in result.out and "entry: none in" in result.out


@pytest.mark.parametrize(
    "anchor, words",
    [
        ("PF-20990101-01", "PF-20990101-01 is not in any profile or log of"),
        ("PF-20261301-01", "not a valid anchor id: month 13 does not exist"),
    ],
)
def test_trace_unknown_or_malformed_exits_1(pmem_in_repo, anchor, words):
    result = pmem_in_repo("trace", anchor)
    assert result.code == 1 and words in result.err


def test_init_creates_both_scopes_then_keeps_everything(tmp_path):
    (tmp_path / ".git").mkdir()
    env = {"PMEM_USER_DIR": str(tmp_path / "home")}
    first = run_pmem("init", cwd=tmp_path, env=env)
    assert first.code == 0
    assert first.out.splitlines() == [
        "created home/user-profile.md",
        "created home/user-profile-log.md",
        "created .cursor/profile/project-profile.md",
        "created .cursor/profile/project-profile-log.md",
    ]
    assert (
        (tmp_path / ".cursor/profile/project-profile.md")
        .read_text(encoding="utf-8")
        .startswith("# Project Profile\n\n## 项目定位")
    )
    assert "详细记录每次项目画像更新" in (
        tmp_path / ".cursor/profile/project-profile-log.md"
    ).read_text(encoding="utf-8")
    assert ".pmem.lock" in (tmp_path / ".cursor/profile/.gitignore").read_text()
    second = run_pmem("init", cwd=tmp_path, env=env)
    assert second.code == 0 and all(line.startswith("kept") for line in second.out.splitlines())
    assert run_pmem("check", cwd=tmp_path, env=env).code == 0


def test_init_never_overwrites_an_empty_file_and_speaks_english(tmp_path):
    profile_dir = tmp_path / ".cursor" / "profile"
    profile_dir.mkdir(parents=True)
    (profile_dir / "Project-Profile.md").write_text("")
    result = run_pmem("init", "--project", "--lang", "en", cwd=tmp_path)
    assert result.out.splitlines() == [
        "kept    .cursor/profile/Project-Profile.md",
        "created .cursor/profile/project-profile-log.md",
    ]
    assert (profile_dir / "Project-Profile.md").read_text() == ""
    assert "## Records" in (profile_dir / "project-profile-log.md").read_text()


def test_init_memory_creates_private_files(tmp_path):
    result = run_pmem("init", "--memory", "agent", cwd=tmp_path)
    assert result.code == 0 and "created agent/memory/FACT.md" in result.out
    fact = tmp_path / "agent" / "memory" / "FACT.md"
    assert stat.S_IMODE(fact.stat().st_mode) == 0o600 and fact.read_text().startswith(
        "# Long-term knowledge"
    )
    assert (tmp_path / "agent" / "memory" / "JOURNAL.jsonl").read_bytes() == b""


def test_init_refuses_a_linked_profile_folder(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / ".cursor").mkdir()
    (tmp_path / ".cursor" / "profile").symlink_to(tmp_path / "real")
    result = run_pmem("init", "--project", cwd=tmp_path)
    assert (
        result.code == 2
        and "symbolic link" in result.err
        and not any((tmp_path / "real").iterdir())
    )


def test_demo_shows_the_deliberate_problems_and_exits_0(tmp_path):
    result = run_pmem("demo", str(tmp_path / "demo"), cwd=tmp_path)
    assert result.code == 0, result.err
    for code in ("PM001", "PM002", "PM005", "PM006", "PM007", "PM020"):
        assert code in result.out, code
    assert "$ pmem trace" in result.out and "latest record:" in result.out and "code " in result.out
    assert (tmp_path / "demo" / "project" / "memory" / "JOURNAL.jsonl").is_file()
    again = run_pmem("demo", str(tmp_path / "demo"), cwd=tmp_path)
    assert again.code == 2 and "not an empty folder" in again.err


def test_demo_without_dir_uses_a_new_temporary_folder(tmp_path):
    result = run_pmem("demo", cwd=tmp_path, env={"TMPDIR": str(tmp_path)})
    assert result.code == 0 and "Wrote an example workspace to" in result.out
    assert any(p.name.startswith("pmem-demo-") for p in tmp_path.iterdir())


@pytest.mark.parametrize("command", ["check", "trace", "init", "demo"])
def test_help_on_every_command(command, tmp_path):
    for flag in ("-h", "--help"):
        result = run_pmem(command, flag, cwd=tmp_path)
        assert result.code == 0 and "usage: pmem " + command in result.out


def test_trace_lists_pending_proposals_that_target_the_id(pmem_in_repo):
    result = pmem_in_repo("trace", "PF-20260412-02")
    assert result.out.splitlines()[-1] == (
        "pending: .cursor/profile/profile-pending.md:4: [evolve][技术偏好] 偏好 React + Next.js 全栈开发 → 偏好 React + Next.js，SSR 优先"
    )
    data = json.loads(pmem_in_repo("trace", "--json", "PF-20260412-02").out)
    assert data["pending"][0]["line"] == 4
