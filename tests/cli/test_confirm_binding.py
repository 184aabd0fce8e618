"""`pmem confirm` writes the decision it planned or nothing ([trust] §1): a proposal that lands
between its plan and its locks is not decided behind the person's back."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from cli_support import TODAY
from filelock import FileLock
from profile_memory.store.safe import LOCK_NAME

PROPOSAL = "- [新增][技术栈与架构] 用 uv 管理依赖\n"


def test_a_proposal_added_before_confirm_takes_its_locks_is_not_decided(clean: Path):
    user_dir, project_dir = clean / "home/.cursor/profile", clean / "repo/.cursor/profile"
    first_lock = user_dir / LOCK_NAME  # the locks are taken in order: the user folder's first
    assert not first_lock.exists() and str(user_dir) < str(project_dir)
    pending = project_dir / "profile-pending.md"
    before = {
        p: p.read_bytes()
        for p in (user_dir / "user-profile.md", project_dir / "project-profile.md")
    }
    env = {**os.environ, "PMEM_USER_DIR": str(user_dir), "PMEM_TODAY": TODAY, "HOME": str(clean)}
    with FileLock(str(project_dir / LOCK_NAME)):  # another writer holds the project folder
        confirm = subprocess.Popen(
            [sys.executable, "-m", "profile_memory", "confirm", "--all"],
            cwd=clean / "repo",
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        while not first_lock.exists():  # it planned, and now takes its locks
            assert confirm.poll() is None, confirm.communicate()
            time.sleep(0.01)
        with pending.open("a", encoding="utf-8") as handle:  # the other writer adds a proposal
            handle.write(PROPOSAL)
    out, err = confirm.communicate(timeout=60)
    assert confirm.returncode == 1, (out, err)
    assert "profile-pending.md changed since the change was planned" in err
    assert "nothing was written" in err and "Traceback" not in err
    assert pending.read_text(encoding="utf-8").endswith(PROPOSAL)
    assert "所有时间存 UTC" in pending.read_text(encoding="utf-8")
    assert all(path.read_bytes() == data for path, data in before.items())
