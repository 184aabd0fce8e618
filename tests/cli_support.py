"""Running the real `pmem` as a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

WORKSPACES = Path(__file__).parent / "workspaces"


@dataclass
class Result:
    code: int
    out: str
    err: str


TODAY = "2026-11-30"


def run_pmem(*args: str, cwd: Path, env: dict[str, str] | None = None) -> Result:
    environment = {  # output to a pipe is block-buffered, as from a shell: it must all arrive
        k: v for k, v in os.environ.items() if not k.startswith("PMEM_") and k != "PYTHONUNBUFFERED"
    }
    environment["HOME"] = str(cwd)  # never read the real ~/.cursor/profile
    environment["PMEM_TODAY"] = TODAY  # ids a test expects must not depend on the day it runs
    environment.update(env or {})
    done = subprocess.run(
        [sys.executable, "-m", "profile_memory", *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    return Result(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    """A copy of tests/workspaces/clean: `home/.cursor/profile` (user) and `repo/` (project)."""
    shutil.copytree(WORKSPACES / "clean", tmp_path / "clean")
    return tmp_path / "clean"


@pytest.fixture
def pmem_in_repo(clean: Path):
    user_dir = str(clean / "home" / ".cursor" / "profile")

    def run(*args: str, cwd: Path | None = None) -> Result:
        return run_pmem(*args, cwd=cwd or clean / "repo", env={"PMEM_USER_DIR": user_dir})

    return run
