"""`pmem` in the person's language (core/messages.py): the first of LC_ALL, LC_MESSAGES, LANG
that is set chooses it (`zh_*` → Chinese), `pmem.toml`'s `messageLanguage` wins over the
environment; check's text, JSON and GitHub output, the summary line, errors, warnings, `--help` and
argparse's own texts. Ids, codes, file names, JSON keys and exit codes stay as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_pmem, run_pmem_process

ZH = {"LANG": "zh_CN.UTF-8"}
UNCONFIRMED_ZH = "未确认的条目（没有锚点）：新条目"
UNCONFIRMED_EN = "unconfirmed entry (no anchor): 新条目"


@pytest.fixture
def repo(clean: Path) -> Path:
    profile = clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 新条目\n", encoding="utf-8")
    return clean / "repo"


def pmem(repo: Path, *args: str, env: dict[str, str] | None = None, process: bool = False):
    user_dir = str(repo.parent / "home" / ".cursor" / "profile")
    run = run_pmem_process if process else run_pmem
    return run(*args, cwd=repo, env={"PMEM_USER_DIR": user_dir, **(env or {})})


def test_lang_zh_cn_speaks_chinese_in_check_text_and_its_summary(repo):
    result = pmem(repo, "check", env=ZH, process=True)
    assert result.code == 0, result.err
    line, summary = result.out.strip().split("\n")
    assert line == f".cursor/profile/project-profile.md:8:1: PM005 information: {UNCONFIRMED_ZH}"
    assert summary == "7 个文件中：0 个错误、0 个警告、1 条信息"


def test_lang_c_and_no_locale_speak_english(repo):
    for env in ({"LANG": "C"}, {}):
        result = pmem(repo, "check", env=env)
        line, summary = result.out.strip().split("\n")
        assert line.endswith(f"PM005 information: {UNCONFIRMED_EN}")
        assert summary == "0 errors, 0 warnings, 1 information in 7 files"


def test_json_and_github_messages_are_chinese_and_keys_stay(repo):
    (item,) = json.loads(pmem(repo, "check", "--format", "json", env=ZH).out)
    assert item["message"] == UNCONFIRMED_ZH and item["code"] == "PM005"
    assert item["name"] == "unconfirmed-entry" and item["severity"] == "information"
    github = pmem(repo, "check", "--format", "github", env=ZH).out.strip()
    assert github.startswith("::notice file=.cursor/profile/project-profile.md,line=8,")
    assert github.endswith(f"title=PM005 unconfirmed-entry::{UNCONFIRMED_ZH}")


@pytest.mark.parametrize(
    ("env", "chinese"),
    [
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, False),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, True),
        ({"LC_ALL": "zh_SG.UTF-8"}, True),
        ({"LANGUAGE": "zh_CN", "LANG": "C"}, False),
    ],
)
def test_the_first_set_of_lc_all_lc_messages_lang_decides(repo, env, chinese):
    out = pmem(repo, "check", env=env).out
    assert (UNCONFIRMED_ZH in out) is chinese and (UNCONFIRMED_EN in out) is not chinese


def test_pmem_toml_message_language_wins_over_the_environment(repo):
    (repo / ".cursor/profile/pmem.toml").write_text('messageLanguage = "zh"\n', encoding="utf-8")
    assert UNCONFIRMED_ZH in pmem(repo, "check", env={"LANG": "C"}).out
    (repo / ".cursor/profile/pmem.toml").write_text('messageLanguage = "en"\n', encoding="utf-8")
    assert UNCONFIRMED_EN in pmem(repo, "check", env=ZH).out


def test_a_bad_message_language_is_a_warning_and_the_environment_decides(repo):
    (repo / ".cursor/profile/pmem.toml").write_text('messageLanguage = "fr"\n', encoding="utf-8")
    result = pmem(repo, "check", env=ZH)
    assert UNCONFIRMED_ZH in result.out
    assert "pmem：警告：" in result.err and "设置 `messageLanguage`：'fr' 无效" in result.err
    english = pmem(repo, "check", env={"LANG": "C"})
    assert "pmem: warning: " in english.err and "setting `messageLanguage`: 'fr' is invalid" in (
        english.err
    )


def test_an_error_on_stderr_is_chinese_and_keeps_its_exit_code(repo):
    result = pmem(repo, "check", "nowhere.md", env=ZH)
    assert (result.code, result.err.strip()) == (2, "pmem: nowhere.md：没有这个文件或文件夹")
    english = pmem(repo, "check", "nowhere.md", env={"LANG": "C"})
    assert (english.code, english.err.strip()) == (2, "pmem: nowhere.md: no such file or folder")
    trace = pmem(repo, "trace", "PF-20261399-01", env=ZH)
    assert trace.code == 1 and "PF-20261399-01 不是有效的锚点 id：不存在 13 月" in trace.err


def test_help_and_argparse_errors_are_chinese(repo):
    helped = pmem(repo, "--help", env=ZH)
    assert helped.code == 0 and helped.out.startswith("用法：pmem")
    assert "报告画像、日志、待确认提议和智能体记忆中的问题" in helped.out
    assert "显示此帮助信息并退出" in helped.out
    wrong = pmem(repo, "check", "--format", "nope", env=ZH)
    assert wrong.code == 2 and "用法：pmem check" in wrong.err
    assert "pmem check：错误：参数 --format：无效的选择：'nope'" in wrong.err
    english = pmem(repo, "check", "--format", "nope", env={"LANG": "C"})
    assert "usage: pmem check" in english.err and "error: argument --format: invalid choice" in (
        english.err
    )
    assert "用法" not in pmem(repo, "--help", env={"LANG": "C"}).out
