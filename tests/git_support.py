"""Real git repositories in a temporary folder: a bare origin and clones that write memory with
the real `pmem`. Git never reads the real ~/.gitconfig (HOME and GIT_CONFIG_GLOBAL point into
the temporary folder)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cli_support import TODAY, Result, run_pmem
from profile_memory.core.log import parse_log
from profile_memory.core.merge import NOTE_PREFIX
from profile_memory.core.profile import parse_profile

PROFILE = ".cursor/profile/project-profile.md"
LOG = ".cursor/profile/project-profile-log.md"
PENDING = ".cursor/profile/profile-pending.md"
JOURNAL = "memory/JOURNAL.jsonl"
ID = re.compile(r"PF-\d{8}-\d+")


def git_env(root: Path) -> dict[str, str]:
    home = root / "home"
    home.mkdir(exist_ok=True)
    config = root / "gitconfig"
    config.touch()
    return {
        "HOME": str(home),
        "GIT_CONFIG_GLOBAL": str(config),
        "GIT_CONFIG_NOSYSTEM": "1",
        "PMEM_TODAY": TODAY,
        "PMEM_USER_DIR": str(home / ".cursor" / "profile"),
        "PATH": os.environ.get("PATH", ""),
    }


def git(
    cwd: Path, env: dict[str, str], *args: str, check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "init.defaultBranch=main",
            "-c",
            "pull.rebase=false",
            *args,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    if check and done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)}: {done.returncode}\n{done.stdout}{done.stderr}")
    return done


@dataclass(eq=False)
class Clone:
    path: Path
    env: dict[str, str]

    def pmem(self, *args: str, ok: bool = True) -> Result:
        env = {k: v for k, v in self.env.items() if k != "PATH"}
        result = run_pmem(*args, cwd=self.path, env=env)
        if ok:
            assert result.code == 0, (args, result)
        return result

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return git(self.path, self.env, *args, check=check)

    def read(self, name: str) -> str:
        file = self.path / name
        return file.read_text(encoding="utf-8") if file.exists() else ""

    def commit(self, message: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def check_codes(self) -> Counter[str]:
        """The codes `pmem check` reports, with their counts."""
        result = self.pmem("check", "--format", "json", ok=False)
        return Counter(d["code"] for d in json.loads(result.out))


def origin_and_clones(root: Path, names: tuple[str, ...] = ("a", "b")) -> list[Clone]:
    """A bare origin whose first commit (made in the first clone) has a project pair, a pending
    file and a journal, and clones of it, each set up with `pmem init --git`."""
    env = git_env(root)
    git(root, env, "init", "-q", "--bare", "origin.git")
    clones = []
    first = Clone(root / names[0], env)
    git(root, env, "clone", "-q", "origin.git", names[0])
    first.pmem("init", "--project")
    first.pmem("init", "--memory", ".")
    first.pmem("init", "--git")
    first.commit("memory")
    first.git("push", "-q", "origin", "main")
    clones.append(first)
    for name in names[1:]:
        git(root, env, "clone", "-q", "origin.git", name)
        clone = Clone(root / name, env)
        clone.pmem("init", "--git")
        clones.append(clone)
    return clones


def without_ids(text: str) -> str:
    return ID.sub("ID", text)


def records(log: str) -> list[str]:
    """Each record's text with trailing blank lines and merge notes dropped."""
    doc = parse_log(log)
    found = []
    for record in doc.records:
        lines = doc.lines[record.line : record.end_line]
        kept = [line.rstrip() for line in lines if not line.startswith(NOTE_PREFIX)]
        found.append("\n".join(kept).strip())
    return found


def entries(profile: str) -> dict[str, str]:
    """id -> text; duplicate ids fail."""
    found: dict[str, str] = {}
    for entry in parse_profile(profile).entries:
        assert entry.id is not None
        assert entry.id not in found, f"duplicate id {entry.id}"
        found[entry.id] = entry.text
    return found


def journal_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]
