"""`pmem check` says the reasons parsers and settings give in the person's language
(core/messages.py): an unsafe file's PM030, a malformed heading's PM016, a bad `pmem.toml` value;
and a message cached in one run (an anchor's problem, a parsed heading) reads in the language of
the next run in the same process."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_support import run_pmem, unsafe_memory

ZH = {"LANG": "zh_CN.UTF-8"}
EN = {"LANG": "C"}


def pmem(repo: Path, *args: str, env: dict[str, str]):
    user_dir = str(repo.parent / "home" / ".cursor" / "profile")
    return run_pmem(*args, cwd=repo, env={"PMEM_USER_DIR": user_dir, **env})


def messages(repo: Path, code: str, env: dict[str, str]) -> list[str]:
    out = pmem(repo, "check", "--format", "json", env=env).out
    return sorted(d["message"] for d in json.loads(out) if d["code"] == code)


def test_unsafe_files_are_pm030_in_both_languages(clean, tmp_path):
    unsafe_memory(clean / "repo" / "memory", tmp_path / "elsewhere.md")
    assert messages(clean / "repo", "PM030", ZH) == [
        "FACT.md 被拒绝：FACT.md 是符号链接；写入从不跟随链接",
        "JOURNAL.jsonl 被拒绝：JOURNAL.jsonl 不是普通文件；写入从不跟随链接",
    ]
    assert messages(clean / "repo", "PM030", EN) == [
        "FACT.md is refused: FACT.md is a symbolic link; writes never follow links",
        "JOURNAL.jsonl is refused: JOURNAL.jsonl is not a regular file; writes never follow links",
    ]


def test_a_linked_memory_folder_is_pm030_in_both_languages(clean, tmp_path):
    real = tmp_path / "real-memory"
    (clean / "repo" / "memory").rename(real)
    os.symlink(real, clean / "repo" / "memory")
    assert "它所在的文件夹 memory/ 是符号链接" in messages(clean / "repo", "PM030", ZH)[0]
    assert "its folder memory/ is a symbolic link" in messages(clean / "repo", "PM030", EN)[0]


@pytest.mark.parametrize(
    ("setting", "chinese", "english"),
    [
        ("debounceMs = -1", "应为不小于 0 的整数", "expected a whole number of at least 0"),
        (
            "entryInfo = 'x'",
            "应为 'inlay'、'codeLens' 或 'off'",
            "expected 'inlay', 'codeLens' or 'off'",
        ),
        ("memoryDirs = 3", "应为字符串列表", "expected a list of strings"),
        (
            "[severity]\nPM999 = 'error'",
            "未知的诊断代码，已忽略",
            "unknown diagnostic code, ignored",
        ),
        (
            "[severity]\nPM005 = 'loud'",
            "'loud' 不是 error、warning、information、hint、off 之一",
            None,
        ),
        ("[limits]\nuser = 0", "0 不是正整数", "0 is not a positive whole number"),
        ("severity = 1", "必须是 CODE = LEVEL 形式的表", "must be a table of CODE = LEVEL"),
    ],
)
def test_a_bad_setting_warns_in_both_languages(clean, setting, chinese, english):
    repo = clean / "repo"
    (repo / ".cursor/profile/pmem.toml").write_text(setting + "\n", encoding="utf-8")
    chinese_err = pmem(repo, "check", env=ZH).err
    assert "pmem：警告：" in chinese_err and chinese in chinese_err, chinese_err
    english = english or "'loud' is not one of error, warning, information, hint, off"
    english_err = pmem(repo, "check", env=EN).err
    assert "pmem: warning: " in english_err and english in english_err, english_err


def test_a_project_folder_outside_the_project_warns_in_both_languages(clean, tmp_path):
    repo = clean / "repo"
    (repo / ".cursor/profile/pmem.toml").write_text(
        f"projectProfileDir = '{tmp_path}'\n", encoding="utf-8"
    )
    assert f"{tmp_path} 位于项目 {repo} 之外；已使用默认值" in pmem(repo, "check", env=ZH).err
    english = pmem(repo, "check", env=EN).err
    assert f"{tmp_path} lies outside the project {repo}; the default is used" in english


def test_what_one_run_cached_reads_in_the_language_of_the_next(clean):
    repo = clean / "repo"
    log = repo / ".cursor/profile/project-profile-log.md"
    bad = "\n### [PF-20260230-07] 2026/4/12 — 标题\n- **操作**: 新增\n"
    log.write_text(log.read_text(encoding="utf-8") + bad, encoding="utf-8")
    for _ in range(2):  # each language after the other, in one process: nothing cached leaks
        english = messages(repo, "PM004", EN) + messages(repo, "PM016", EN)
        chinese = messages(repo, "PM004", ZH) + messages(repo, "PM016", ZH)
        assert "malformed anchor PF-20260230-07: 2026-02-30 is not a real date" in english
        assert "锚点 PF-20260230-07 格式有误：2026-02-30 不是真实存在的日期" in chinese
        assert any("日期写成了 `2026/4/12`（应写 2026-04-12）" in m for m in chinese), chinese
        assert not any("written" in m for m in chinese)
