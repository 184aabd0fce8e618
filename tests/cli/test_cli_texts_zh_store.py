"""The store's refusals (store/safe.py, store/folder.py, store/fact_history.py) and an environment
mistake (a bad `PMEM_TODAY`, core/config.py) in the person's language: Chinese under
`LANG=zh_CN.UTF-8`, exactly today's English under `LANG=C`; paths and exit codes stay as they are."""

from __future__ import annotations

import os
from pathlib import Path

from cli_support import Result, run_pmem

ZH = {"LANG": "zh_CN.UTF-8"}
EN = {"LANG": "C"}
ADD = ("add", "--scope", "user", "--category", "技术偏好", "偏好 Go")


def pmem(clean: Path, *args: str, env: dict[str, str]) -> Result:
    user_dir = str(clean / "home" / ".cursor" / "profile")
    return run_pmem(*args, cwd=clean / "repo", env={"PMEM_USER_DIR": user_dir, **env})


def test_a_lock_file_that_is_a_symbolic_link_is_refused_in_either_language(clean, tmp_path):
    folder = clean / "home" / ".cursor" / "profile"
    (folder / ".pmem.lock").symlink_to(tmp_path / "elsewhere")
    log = folder / "user-profile-log.md"
    before = log.read_bytes()
    said = pmem(clean, *ADD, env=ZH)
    assert said.code == 2 and said.err.rstrip().endswith("：锁文件是符号链接"), said.err
    said = pmem(clean, *ADD, env=EN)
    assert said.code == 2 and said.err.rstrip().endswith(": the lock file is a symbolic link")
    assert log.read_bytes() == before


def test_a_hard_linked_log_is_refused_in_either_language(clean, tmp_path):
    log = clean / "home" / ".cursor" / "profile" / "user-profile-log.md"
    os.link(log, tmp_path / "other-name.md")
    said = pmem(clean, *ADD, env=ZH)
    assert said.code == 2 and "user-profile-log.md：有 2 个硬链接；拒绝写入" in said.err, said.err
    said = pmem(clean, *ADD, env=EN)
    assert said.code == 2 and (
        "user-profile-log.md: has 2 hard links; writes are refused so that its other names do not "
        "silently diverge or change" in said.err
    )


def test_a_bad_pmem_today_is_said_in_either_language(clean):
    said = pmem(clean, *ADD, env={**ZH, "PMEM_TODAY": "2026-13-01"})
    assert (said.code, said.err.strip()) == (
        2,
        "pmem: PMEM_TODAY='2026-13-01' 不是 YYYY-MM-DD 格式的日期",
    )
    said = pmem(clean, *ADD, env={**EN, "PMEM_TODAY": "2026-13-01"})
    assert (said.code, said.err.strip()) == (
        2,
        "pmem: PMEM_TODAY='2026-13-01' is not a date YYYY-MM-DD",
    )


def test_a_merge_that_cannot_read_its_versions_is_said_in_either_language(clean, tmp_path):
    base, ours, theirs = (str(tmp_path / name) for name in ("base", "ours", "theirs"))
    args = ("merge", base, ours, theirs, "user-profile.md")
    said = pmem(clean, *args, env=ZH)
    assert said.code == 2 and said.err.startswith(f"pmem: 合并 user-profile.md 失败：{base}：")
    said = pmem(clean, *args, env=EN)
    assert said.code == 2 and said.err.startswith(f"pmem: merge user-profile.md: {base}: ")


def test_a_journal_that_is_a_symbolic_link_is_not_searched_in_either_language(clean, tmp_path):
    journal = clean / "repo" / "memory" / "JOURNAL.jsonl"
    journal.rename(tmp_path / "JOURNAL.jsonl")
    journal.symlink_to(tmp_path / "JOURNAL.jsonl")
    said = pmem(clean, "journal", "search", "x", env=ZH)
    assert said.code == 2 and said.err.rstrip().endswith("JOURNAL.jsonl：是符号链接；不读取它")
    said = pmem(clean, "journal", "search", "x", env=EN)
    assert said.code == 2 and said.err.rstrip().endswith(
        "JOURNAL.jsonl: is a symbolic link; it is not read"
    )
