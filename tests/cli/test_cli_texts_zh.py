"""The texts of `pmem`'s own commands in the person's language (core/messages.py, `cli.*` and
core/catalogue/commands.py): an error on stderr, a note, a command's output line and an option's `--help` are
Chinese under `LANG=zh_CN.UTF-8` and exactly today's English under `LANG=C`; exit codes, ids and
paths stay as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import Result, run_pmem

ZH = {"LANG": "zh_CN.UTF-8"}
EN = {"LANG": "C"}


def pmem(clean: Path, *args: str, env: dict[str, str], stdin: str | None = None) -> Result:
    user_dir = str(clean / "home" / ".cursor" / "profile")
    return run_pmem(*args, cwd=clean / "repo", env={"PMEM_USER_DIR": user_dir, **env}, stdin=stdin)


@pytest.mark.parametrize(
    ("args", "code", "chinese", "english"),
    [
        (
            ("confirm", "--line", "99"),
            1,
            "pmem: .cursor/profile/profile-pending.md 第 99 行不是提议",
            "pmem: .cursor/profile/profile-pending.md:99 is no proposal",
        ),
        (
            ("pending", "notes.md"),
            2,
            "pmem: notes.md：不是待确认文件（应为 profile-pending.md）",
            "pmem: notes.md: not a pending file (expected profile-pending.md)",
        ),
        (
            ("mcp", "config", "--client", "vscode", "--project", "nowhere"),
            2,
            "pmem: --project nowhere：不是文件夹",
            "pmem: --project nowhere: not a folder",
        ),
        (
            ("facts", "show", "--dir", "empty/memory"),
            1,
            "pmem: empty/memory/FACT.md：还没有 FACT.md",
            "pmem: empty/memory/FACT.md: no FACT.md yet",
        ),
    ],
)
def test_an_error_is_chinese_and_english_as_before_with_its_exit_code(
    clean, args, code, chinese, english
):
    (clean / "repo" / "empty" / "memory").mkdir(parents=True)
    said = pmem(clean, *args, env=ZH)
    assert (said.code, said.err.strip()) == (code, chinese)
    said = pmem(clean, *args, env=EN)
    assert (said.code, said.err.strip()) == (code, english)


def test_a_note_on_stderr_is_chinese_and_the_trace_still_runs(clean):
    said = pmem(clean, "trace", "PF-20260412-002", env=ZH)
    assert said.code == 0
    assert said.err.splitlines()[0] == "pmem：PF-20260412-002 按 PF-20260412-02 读取"
    english = pmem(clean, "trace", "PF-20260412-002", env=EN)
    assert english.err.splitlines()[0] == "pmem: PF-20260412-002 is read as PF-20260412-02"


def test_a_warning_is_chinese(clean, tmp_path):
    env = {"PATH": str(tmp_path)}  # no pmem on it
    said = pmem(clean, "mcp", "config", "--client", "vscode", env={**ZH, **env})
    assert said.code == 0
    assert said.err.startswith("pmem：警告：PATH 中没有 pmem：按名字启动 `pmem` 的客户端会找不到它")
    english = pmem(clean, "mcp", "config", "--client", "vscode", env={**EN, **env})
    assert english.err.startswith("pmem: warning: pmem is not on PATH: a client that starts")


def test_a_write_says_what_it_did_in_chinese_and_its_json_stays_english(clean):
    said = pmem(clean, "delete", "PF-20260412-02", "--scope", "user", env=ZH)
    assert (said.code, said.out.strip()) == (0, "已删除 PF-20260412-02")
    again = pmem(clean, "evolve", "PF-20260412-01", "--scope", "user", "偏好极简界面", env=ZH)
    assert (again.code, again.out.strip()) == (0, "已演进 PF-20260412-01"), again.err
    english = pmem(
        clean, "evolve", "PF-20260412-01", "--scope", "user", "偏好极简", "--json", env=ZH
    )
    assert json.loads(english.out)["outcome"] == "evolved PF-20260412-01"


def test_outputs_of_pending_journal_and_facts_are_chinese(clean):
    (clean / "repo" / ".cursor" / "profile" / "profile-pending.md").write_text("", "utf-8")
    said = pmem(clean, "pending", env=ZH)
    assert said.out.strip() == ".cursor/profile/profile-pending.md 中没有待确认的提议"
    english = pmem(clean, "pending", env=EN)
    assert english.out.strip() == "nothing pending in .cursor/profile/profile-pending.md"
    appended = pmem(clean, "journal", "append", "部署完成", env=ZH)
    assert appended.out.startswith("已追加到 memory/JOURNAL.jsonl，时间 "), appended.err
    updated = pmem(clean, "facts", "update", env=ZH, stdin="# 事实\n")
    assert updated.out.startswith("已更新 memory/FACT.md（sha256 "), updated.err
    assert pmem(clean, "facts", "update", env=EN, stdin="# F\n").out.startswith(
        "updated memory/FACT.md (sha256 "
    )


def test_a_fix_of_several_files_says_each_on_its_line(clean):
    for log in (
        clean / "repo" / ".cursor" / "profile" / "project-profile-log.md",
        clean / "home" / ".cursor" / "profile" / "user-profile-log.md",
    ):
        text = log.read_text(encoding="utf-8")
        log.write_text(text.replace("\n### [PF-", "\n#### [PF-", 1), "utf-8")
    said = pmem(clean, "fix", env=ZH)
    assert said.code == 0, said.err
    assert sorted(said.out.strip().split("\n")) == [
        ".cursor/profile/project-profile-log.md：1 行已改写为规范形式",
        f"{clean.as_posix()}/home/.cursor/profile/user-profile-log.md：1 行已改写为规范形式",
    ]
    assert pmem(clean, "fix", env=ZH).out.strip() == "无需修正：所有写法都已规范"
    assert pmem(clean, "fix", env=EN).out.strip() == "nothing to fix: every form is canonical"


def test_an_options_help_is_chinese(clean):
    said = pmem(clean, "trace", "--help", env=ZH)
    assert said.code == 0
    assert "完整输出每一条记录" in said.out and "一个锚点 id，PF-YYYYMMDD-NN" in said.out
    english = pmem(clean, "trace", "--help", env=EN)
    assert "print every record in full" in english.out and "完整" not in english.out
    assert "即使文本看起来像机密" in pmem(clean, "add", "--help", env=ZH).out


def test_a_bad_limit_is_refused_in_chinese(clean):
    said = pmem(clean, "search", "x", "--limit", "0", env=ZH)
    assert said.code == 2 and "须为正整数，而不是 '0'" in said.err
    english = pmem(clean, "search", "x", "--limit", "0", env=EN)
    assert "must be a positive whole number, not '0'" in english.err


@pytest.mark.parametrize(
    ("args", "code", "chinese", "english"),
    [
        (
            ("add", "--scope", "user", "--category", "技术偏好", " "),
            2,
            "pmem: 条目文本为空",
            "pmem: the entry text is empty",
        ),
        (
            ("add", "--scope", "user", "--category", "技[术", "偏好 Go"),
            2,
            "pmem: 分类 `技[术` 含有方括号，会破坏 `[KIND][CATEGORY]`",
            "pmem: the category `技[术` contains a bracket, which would break `[KIND][CATEGORY]`",
        ),
        (
            ("evolve", "PF-20260412-02", "--scope", "user", "偏好 React + Next.js 全栈开发"),
            1,
            "pmem: PF-20260412-02 已经是 `偏好 React + Next.js 全栈开发`：无需演进",
            "pmem: PF-20260412-02 already reads `偏好 React + Next.js 全栈开发`: nothing to evolve",
        ),
    ],
)
def test_a_refused_write_is_chinese_and_english_as_before(clean, args, code, chinese, english):
    said = pmem(clean, *args, env=ZH)
    assert (said.code, said.err.strip()) == (code, chinese)
    said = pmem(clean, *args, env=EN)
    assert (said.code, said.err.strip()) == (code, english)


def test_mcp_config_says_where_it_goes_and_what_it_refuses_in_chinese(clean):
    said = pmem(clean, "mcp", "config", "--client", "claude", env=ZH)
    assert said.code == 0
    project = (clean / "repo").as_posix()
    assert said.err.splitlines()[-2] == (
        f"# 写入：{project}/.mcp.json（可以提交：里面没有本机的路径）；或在项目中运行："
    )
    english = pmem(clean, "mcp", "config", "--client", "claude", env=EN)
    assert english.err.splitlines()[-2] == (
        f"# goes in: {project}/.mcp.json (commit it: it holds no path of this machine); or run, "
        "in the project:"
    )
    refused = pmem(clean, "mcp", "config", "--client", "vscode", "--user", env=ZH)
    assert (refused.code, refused.err.strip()) == (
        2,
        "pmem: --user 只写 Cursor 的 ~/.cursor/mcp.json，不写 vscode 的",
    )


def test_a_refused_memory_write_is_chinese(clean):
    empty = pmem(clean, "journal", "append", " ", env=ZH)
    assert (empty.code, empty.err.strip()) == (2, "pmem: 日记文本是空的")
    english = pmem(clean, "journal", "append", " ", env=EN)
    assert (english.code, english.err.strip()) == (2, "pmem: the journal text is empty")
    stale = pmem(clean, "facts", "update", "--if-match", "0" * 64, env=ZH, stdin="# 事实\n")
    assert stale.code == 1
    assert "memory/FACT.md 在读取之后被改动过（sha256 " in stale.err, stale.err
    assert "，应为 000000000000…）" in stale.err


def test_recall_budget_and_demo_speak_chinese(clean, tmp_path):
    budget = pmem(clean, "recall", "--budget", env=ZH)
    assert budget.out.splitlines()[-1].startswith("合计             ≈"), budget.out
    assert "预算 " in budget.out.splitlines()[-1]
    english = pmem(clean, "recall", "--budget", env=EN)
    assert english.out.splitlines()[-1].startswith("total            ≈")
    assert " of a budget of " in english.out.splitlines()[-1]
    demo = pmem(clean, "demo", str(tmp_path / "demo"), env=ZH)
    assert demo.code == 0 and demo.out.startswith("已把示例工作区写入 ")
    assert "在装有 Profile Memory 扩展的编辑器中打开它：" in demo.out


def test_trace_text_labels_are_chinese_and_english_as_before(clean):
    said = pmem(clean, "trace", "PF-20260412-02", env=ZH).out.splitlines()
    assert said[0].startswith("PF-20260412-02 · 生效中 · ") and said[0].endswith(" 文件组")
    assert said[1].startswith("条目：") and any(line.startswith("最近的记录：") for line in said)
    english = pmem(clean, "trace", "PF-20260412-02", env=EN).out.splitlines()
    assert english[0].startswith("PF-20260412-02 · live · user-profile pair in ")
    assert english[1].startswith("entry: ")
    assert any(line.startswith("latest record: ") for line in english)


def test_a_refused_secret_is_chinese_and_names_its_kind_and_place(clean):
    from secrets_support import FAKES

    args = (
        "add",
        "--scope",
        "user",
        "--category",
        "技术偏好",
        f"部署 key {FAKES['aws-access-key']}",
    )
    said = pmem(clean, *args, env=ZH)
    assert said.code == 2
    assert said.err.startswith("pmem: 文本 中有看起来像 aws-access-key 的内容，位于第 "), said.err
    assert said.err.strip().endswith(" 列；机密从不写入记忆文件")
    english = pmem(clean, *args, env=EN)
    assert " contains what looks like " in english.err
    assert english.err.strip().endswith("; secrets are never written to memory files")
    journal = pmem(clean, "journal", "append", f"x {FAKES['aws-access-key']}", env=ZH)
    assert journal.code == 2 and journal.err.startswith("pmem: 日记文本 中有看起来像 "), journal.err


def test_an_unknown_rev_and_init_git_outside_a_repository_are_chinese(clean, tmp_path):
    rev = pmem(clean, "facts", "show", "--rev", "nope", env=ZH)
    assert rev.code == 1 and "：没有保留的版本 'nope'（`pmem facts history` 会列出它们）" in rev.err
    english = pmem(clean, "facts", "show", "--rev", "nope", env=EN)
    assert ": no kept version 'nope' (`pmem facts history` lists them)" in english.err
    outside = tmp_path / "outside"
    outside.mkdir()
    said = run_pmem(
        "init", "--git", cwd=outside, env={**ZH, "GIT_CEILING_DIRECTORIES": str(tmp_path)}
    )
    assert said.code == 2
    assert (
        said.err.strip()
        == "pmem: init --git：不在 git 工作树中（请在仓库里运行 `pmem init --git`）"
    )
