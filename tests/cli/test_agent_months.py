"""Months of agent writing through the real `pmem` (#24 §1, §4, §5): the skill's own confirmation
message as the pending file (indented, quoted, numbered, with its lead, ⚠️ and closing sentences),
format examples in fenced code and multi-line comments in the logs and the pending file, and
emoji-decorated headings named plainly by the log, the proposals and the write commands. The
workspace `agent-months` holds all of these at once, with two real slips outside the examples."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem

USER_LOG = "user-profile-log.md"
# the only slips of the workspace: both outside every example (line numbers 1-based)
REAL_SLIPS = [(USER_LOG, 32, "PM016"), (USER_LOG, 48, "PM018")]
EXAMPLE_IDS = ["PF-20260101-01", "PF-20260102-01", "PF-20260103-01", "PF-20260104-01"]


@pytest.fixture
def months(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / "agent-months", tmp_path / "agent-months")
    return tmp_path / "agent-months"


def pmem(root: Path, *args: str):
    return run_pmem(
        *args, cwd=root / "repo", env={"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    )


def findings(root: Path) -> list[tuple[str, int, str]]:
    result = pmem(root, "check", "--format", "json")
    assert "Traceback" not in result.err
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in json.loads(result.out))


def user_file(root: Path, name: str) -> Path:
    return root / "home" / ".cursor" / "profile" / name


def project_file(root: Path, name: str) -> Path:
    return root / "repo" / ".cursor" / "profile" / name


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def fenced_blocks(text: str) -> list[str]:
    """The lines from each fence's opening to its closing, as written."""
    lines, blocks, start = text.split("\n"), [], None
    for index, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            if start is None:
                start = index
            elif line.strip()[:3] == lines[start].strip()[:3]:
                blocks.append("\n".join(lines[start : index + 1]))
                start = None
    return blocks


# -- §4 examples are not records; §5 decorated headings; §1 the seed's message ------------------------
def test_check_reports_the_real_slips_only_none_in_examples_none_on_the_message(months):
    # no PM007/PM014/PM016/PM018 inside the fences or the comment, no PM040 on the skill's message,
    # no PM014/PM019 between `🛠️ 技术偏好` and the log's `技术偏好` (or the log's `💬 沟通偏好`)
    assert findings(months) == REAL_SLIPS


def test_fix_rewrites_the_slips_and_never_a_line_of_an_example(months):
    log = user_file(months, USER_LOG)
    before = read(log)
    result = pmem(months, "fix")
    assert result.code == 0 and "2 lines rewritten" in result.out, result.out + result.err
    after = read(log)
    assert fenced_blocks(after) == fenced_blocks(before) and len(fenced_blocks(before)) == 2
    assert "### PF-20260102-01 2026/1/2 : 旧标题\n- 分类: 工具\n- 操作: 添加\n-->" in after
    assert "### [PF-20260302-03] 2026-03-02 — Vue 技术栈" in after
    assert findings(months) == []


@pytest.mark.parametrize("anchor_id", EXAMPLE_IDS)
def test_trace_does_not_know_an_examples_id(months, anchor_id):
    result = pmem(months, "trace", anchor_id)
    assert result.code == 1 and "is not in any profile or log" in result.err


def test_trace_reads_a_record_whose_context_holds_an_indented_fence(months):
    (match,) = json.loads(pmem(months, "trace", "--json", "PF-20260302-03").out)["matches"]
    assert [r["operation"] for r in match["records"]] == ["add"]  # not the fenced `删除`
    assert match["state"] == "live"


def test_pending_lists_every_proposal_of_the_skills_message_and_none_of_its_example(months):
    listing = json.loads(pmem(months, "pending", "--json").out)
    assert [(p["line"], p["scope"], p["kind"], p["category"], p["text"]) for p in listing] == [
        (4, "user", "add", "技术偏好", "用 uv 管理 Python 依赖"),
        (7, "user", "evolve", "沟通偏好", "回答简洁，先给结论"),
        (10, "user", "pivot", "做事风格", "先写测试再写代码"),
        (13, "project", "add", "技术栈与架构", "CLI 和 MCP 共用一个引擎"),
        (14, "project", "add", "设计约定", "所有时间存 UTC"),
    ]


def test_confirm_all_decides_the_message_under_the_decorated_headings(months):
    result = pmem(months, "confirm", "--all")
    assert result.code == 0 and "5 confirmed" in result.out, result.out + result.err
    profile = read(user_file(months, "user-profile.md"))
    assert profile.count("技术偏好") == 1  # no second, plain `## 技术偏好`
    assert (
        "## 🛠️ 技术偏好\n- 偏好 Vue 3 + Vite <!-- PF-20260302-03 -->\n- 用 uv 管理 Python 依赖"
        in (profile)
    )
    assert "- 回答简洁，先给结论 <!-- PF-20260305-02 -->" in profile
    assert "## 🧭 做事风格\n- 先写测试再写代码 <!-- PF-" in profile
    project = read(project_file(months, "project-profile.md"))
    assert "- CLI 和 MCP 共用一个引擎 <!-- PF-" in project
    assert "## ✨ 设计约定\n- 所有时间存 UTC <!-- PF-" in project
    assert project.count("设计约定") == 1
    pending = read(project_file(months, "profile-pending.md"))
    assert "[新增][技术偏好]" not in pending and "- [新增][分类] 条目内容" in pending  # the example
    assert "nothing pending" in pmem(months, "pending").out
    assert findings(months) == REAL_SLIPS  # the new records are clean


def test_confirm_one_indented_proposal_by_its_line(months):
    result = pmem(months, "confirm", "--line", "13")
    assert result.code == 0, result.err
    assert "CLI 和 MCP 共用一个引擎" in read(project_file(months, "project-profile.md"))
    left = [p["line"] for p in json.loads(pmem(months, "pending", "--json").out)]
    assert left == [4, 7, 10, 14]


# -- §5 writes name a decorated heading plainly ---------------------------------------------------------
def test_add_under_a_decorated_heading_named_plainly_and_a_new_heading_written_plain(months):
    for category in ("技术偏好", "技术 偏好", "🛠 技术偏好"):
        result = pmem(
            months, "add", "--scope", "user", "--category", category, f"偏好 Ruff（{category}）"
        )
        assert result.code == 0, result.err
    result = pmem(months, "add", "--scope", "user", "--category", "工具链", "用 just 跑任务")
    assert result.code == 0, result.err
    profile = read(user_file(months, "user-profile.md"))
    assert [line for line in profile.split("\n") if line.startswith("## ")] == [
        "## 🎨 审美与设计",
        "## 🛠️ 技术偏好",
        "## 🧭 做事风格",
        "## 💬 沟通偏好",
        "## 产品理解",
        "## 工具链",
    ]
    section = profile.split("## 🛠️ 技术偏好\n")[1].split("\n\n")[0]
    assert section.count("偏好 Ruff") == 3
    assert findings(months) == REAL_SLIPS


def test_propose_does_not_suggest_a_category_a_decorated_heading_has(months):
    args = ("propose", "--scope", "user", "--kind", "add", "--category", "技术偏好", "偏好 pytest")
    assert pmem(months, *args).code == 0
    pending = read(project_file(months, "profile-pending.md"))
    assert "[新增][技术偏好] 偏好 pytest" in pending and "建议新增分类" not in pending
    assert findings(months) == REAL_SLIPS


def test_pm014_and_pm019_agree_on_what_a_decorated_heading_means(months):
    log = user_file(months, USER_LOG)
    text = read(log)
    text = text.replace("- **分类**: 技术偏好\n", "- **分类**: 做事风格\n", 1)  # the Vue record
    text = text.replace("- **分类**: 审美与设计\n", "- **分类**: 工具链\n", 1)  # no such heading
    log.write_text(text, encoding="utf-8")
    found = findings(months)
    # under 🛠️ 技术偏好, 分类 the 🧭 heading's; and 工具链, no heading, is said at the entry too
    # (PM019, where the person can act: the log's PM014 then adds nothing)
    assert [f for f in found if f[2] in ("PM014", "PM019")] == [
        ("user-profile.md", 4, "PM019"),
        ("user-profile.md", 7, "PM019"),
    ]
