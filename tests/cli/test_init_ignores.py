"""What `pmem init` tells git to ignore: the lock and temp files everywhere, and in a memory folder
the kept FACT.md versions (private local history that may still hold a secret redacted later)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli_support import run_pmem


def test_a_memory_folder_ignores_its_fact_history_and_a_profile_folder_does_not(tmp_path: Path):
    (tmp_path / ".git").mkdir()
    env = {"PMEM_USER_DIR": str(tmp_path / "home")}
    assert run_pmem("init", "--memory", ".", cwd=tmp_path, env=env).code == 0
    ignored = (tmp_path / "memory" / ".gitignore").read_text().splitlines()
    assert ".fact-history/" in ignored and ".pmem.lock" in ignored
    assert run_pmem("init", "--user", cwd=tmp_path, env=env).code == 0
    assert ".fact-history/" not in (tmp_path / "home" / ".gitignore").read_text()


def test_an_older_memory_gitignore_gets_the_line_once_and_git_ignores_the_versions(tmp_path: Path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / ".gitignore").write_text(".pmem.lock\n.*.tmp\n")
    for _ in range(2):
        assert run_pmem("init", "--memory", ".", cwd=tmp_path).code == 0
    assert (memory / ".gitignore").read_text().count(".fact-history/") == 1
    (memory / ".fact-history").mkdir()
    (memory / ".fact-history" / "FACT.20261201T000000Z-abc.md").write_text("old\n")
    check = subprocess.run(
        ["git", "check-ignore", "-q", "memory/.fact-history/FACT.20261201T000000Z-abc.md"],
        cwd=tmp_path,
    )
    assert check.returncode == 0
