"""Months of agent writing through the real `pmem` (tests/workspaces/months: two slips of a pair
together, Chinese, emoji, a CRLF user pair): `fix` never changes a value (#24 §2), writes refuse an
id two entries carry (§3), and what pmem writes keeps the person's text byte for byte (§8)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem

USER_LOG = Path("home/.cursor/profile/user-profile-log.md")
USER = Path("home/.cursor/profile/user-profile.md")
PROJECT = Path("repo/.cursor/profile/project-profile.md")
PROJECT_LOG = Path("repo/.cursor/profile/project-profile-log.md")

TEMPLATE_LINE = "- **操作**: 新增 / 演进（旧值 → 新值）/ 转向（旧值 → 新值）/ 删除"
TWO_OPERATIONS = "- **操作**: 新增 → 已删除（2026-05-02）"


def months(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / "months", tmp_path / "months")
    return tmp_path / "months"


def pmem(root: Path, *args: str):
    return run_pmem(
        *args, cwd=root / "repo", env={"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    )


def findings(root: Path) -> list[tuple[str, int, str]]:
    result = pmem(root, "check", "--format", "json")
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in json.loads(result.out))


def messages(root: Path, code: str) -> list[str]:
    found = json.loads(pmem(root, "check", "--format", "json").out)
    return [d["message"] for d in found if d["code"] == code]


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.md*"))}


def lines(root: Path, name: Path) -> list[str]:
    return (root / name).read_bytes().decode("utf-8").split("\r\n" if "home" in str(name) else "\n")


# -- §2: `pmem fix` never changes a value ---------------------------------------------------------


def test_an_operation_value_that_is_not_one_operation_is_reported_with_what_is_wrong(tmp_path):
    root = months(tmp_path)
    assert ("user-profile-log.md", 54, "PM013") in findings(root)  # the template's alternatives
    assert ("user-profile-log.md", 68, "PM013") in findings(root)  # 新增 → 已删除（…）
    template, two = messages(root, "PM013")
    assert "PF-20260422-01 is not one operation" in template
    assert "lists 4 operations (`新增`, `演进`, `转向`, `删除`)" in template
    assert "PF-20260413-01 is not one operation" in two and "goes from `新增` to `已删除`" in two
    assert all("`pmem fix` leaves it as written" in m for m in (template, two))


def test_fix_rewrites_only_what_it_reads_and_check_after_it_still_reports_the_rest(tmp_path):
    root = months(tmp_path)
    before = findings(root)
    result = pmem(root, "fix")
    assert result.code == 0 and "2 lines rewritten" in result.out, result.out + result.err
    log = lines(root, USER_LOG)
    assert log[53] == TEMPLATE_LINE and log[67] == TWO_OPERATIONS  # left as written
    assert log[46] == "- **操作**: 新增"  # 添加: read unambiguously
    assert log[60] == "- **操作**: 更新（偏好 React → 偏好 React + Next.js 全栈开发）"
    assert b"\r\n" in (root / USER_LOG).read_bytes() and b"\n" not in (
        root / USER_LOG
    ).read_bytes().replace(b"\r\n", b"")  # its CRLF kept
    after = findings(root)
    assert after == [f for f in before if f[2] != "PM018"]  # the unreadable two still reported
    assert ("user-profile-log.md", 54, "PM013") in after
    assert ("user-profile-log.md", 68, "PM013") in after
    kept = files(root)
    again = pmem(root, "fix")
    assert again.code == 0 and "nothing to fix" in again.out and files(root) == kept


# -- §3: writes refuse what they cannot decide ----------------------------------------------------

SHARED = "PF-20260415-01"  # re-used by an agent for an unrelated entry: two entries carry it


def refused_without_a_write(root: Path, *args: str) -> str:
    before = files(root)
    result = pmem(root, *args)
    assert result.code != 0 and "Traceback" not in result.err, result.out + result.err
    assert files(root) == before
    return result.err


@pytest.mark.parametrize(
    "args",
    [
        ("evolve", SHARED, "快捷键对齐 VS Code，关掉 Vim 模式"),
        ("pivot", SHARED, "快捷键用 JetBrains 键位"),
        ("delete", SHARED),
        ("confirm", "--all"),  # an evolve proposal for it
        ("confirm", "--line", "4"),
    ],
)
def test_a_write_to_an_id_two_entries_carry_is_refused_naming_both_lines_and_the_fix(
    tmp_path, args
):
    said = refused_without_a_write(months(tmp_path), *args)
    assert f"{SHARED} is carried by 2 entries" in said
    assert "user-profile.md:8 `快捷键对齐 VS Code，保留 Vim 模式`" in said
    assert "user-profile.md:11 `先给结论，再给细节`" in said
    assert "give one of them a new id first" in said and "nothing was written" in said


def test_once_one_entry_has_a_new_id_each_is_written_alone(tmp_path):
    root = months(tmp_path)
    profile = lines(root, USER)
    assert profile[10] == f"- 先给结论，再给细节 <!-- {SHARED} -->"
    profile[10] = "- 先给结论，再给细节 <!-- PF-20260418-01 -->"
    (root / USER).write_bytes("\r\n".join(profile).encode("utf-8"))
    result = pmem(root, "delete", SHARED)
    assert result.code == 0, result.err
    assert "快捷键对齐 VS Code，保留 Vim 模式" not in (root / USER).read_text(encoding="utf-8")
    assert "- 先给结论，再给细节 <!-- PF-20260418-01 -->" in lines(root, USER)


# -- §8: what pmem writes keeps the person's text -------------------------------------------------

API = "API 统一返回 `{code, data, message}`，错误码集中定义在 errors.ts"


def records(root: Path, name: Path) -> list[list[str]]:
    """The log's records, each as its lines (heading first)."""
    text = (root / name).read_bytes().decode("utf-8").replace("\r\n", "\n")
    return [("### " + part).rstrip("\n").split("\n") for part in text.split("\n### ")[1:]]


def test_evolve_copies_old_byte_for_byte_and_cuts_the_title_between_words(tmp_path):
    root = months(tmp_path)
    new = "API 统一返回 `{code, data, message}`，错误码集中定义在 errors.ts，前端按 code 分支"
    assert pmem(root, "evolve", "PF-20260501-02", new).code == 0
    heading, *fields = records(root, PROJECT_LOG)[-1]
    assert f"- **操作**: 演进（{API} → {new}）" in fields  # the full-width `，` kept in OLD and NEW
    assert f"- **精简版**: {new}" in fields
    # cut between words, never leaving the backtick open, the text not NFKC'd
    assert heading == "### [PF-20260501-02] 2026-11-30 — API 统一返回…（演进）"
    assert findings(root) == findings(months(tmp_path / "again"))  # no PM050, no PM011 added


@pytest.mark.parametrize(
    "anchor_id, text, title",
    [
        (
            "PF-20260503-01",
            "组件文件用 PascalCase，hooks 用 useXxx 命名，工具函数用 camelCase",
            "组件文件用 PascalCase…",  # not `hooks 用 u…` or `PascalCase,`
        ),
        ("PF-20260501-01", "🚀 部署走 GitHub Actions，发布前必须跑完 e2e", "🚀 部署走 GitHub…"),
        ("PF-20260501-01", "🚀 只用 GitHub Actions", "🚀 只用 GitHub Actions"),  # short: the text
    ],
)
def test_a_title_is_the_text_or_cut_at_a_word_or_character_boundary(
    tmp_path, anchor_id, text, title
):
    root = months(tmp_path)
    assert pmem(root, "evolve", anchor_id, text).code == 0
    heading = records(root, PROJECT_LOG)[-1][0]
    assert heading.endswith(f" — {title}（演进）"), heading


def test_pivot_copies_old_as_written_and_the_new_entry_keeps_its_punctuation(tmp_path):
    root = months(tmp_path)
    result = pmem(root, "pivot", "PF-20260501-01", "🛠️ 发布改用 Argo CD，GitHub Actions 只跑 CI")
    assert result.code == 0, result.err
    heading, *fields = records(root, PROJECT_LOG)[-1]
    assert (
        "- **操作**: 转向（🚀 部署走 GitHub Actions，禁止手动发布 → "
        "🛠️ 发布改用 Argo CD，GitHub Actions 只跑 CI）" in fields
    )
    assert heading.endswith(" — 🛠️ 发布改用 Argo CD…（转向）"), heading


def test_pm050_and_pm011_notice_a_changed_punctuation(tmp_path):
    root = months(tmp_path)
    half = API.replace("，", ",")
    profile = root / PROJECT
    profile.write_text(
        profile.read_text(encoding="utf-8")
        .replace(API, half + "；前端按 code 分支")
        .replace("PascalCase，hooks", "PascalCase,hooks"),
        encoding="utf-8",
    )
    with (root / PROJECT_LOG).open("a", encoding="utf-8") as log:
        log.write(
            "\n### [PF-20260501-02] 2026-05-06 — API 返回格式（演进）\n"
            "- **分类**: 架构决策\n"
            f"- **精简版**: {half}；前端按 code 分支\n"
            '- **原始上下文**: "前端按 code 分支"\n'
            "- **来源对话**: [接口评审](chat-b2e1)\n"
            f"- **操作**: 演进（{half} → {half}；前端按 code 分支）\n"
        )
    assert ("project-profile-log.md", 33, "PM050") in findings(root)
    assert ("project-profile.md", 8, "PM011") in findings(root)
    (pm050,) = messages(root, "PM050")
    assert "`，` written `,`" in pm050, pm050
    (pm011,) = messages(root, "PM011")
    assert "`，` written `,`" in pm011, pm011


def test_journal_search_shows_an_entry_with_a_line_break_as_one_entry(tmp_path):
    root = months(tmp_path)
    for args in (("journal", "search", "GitHub"), ("search", "GitHub")):
        result = pmem(root, *args)
        assert result.code == 0, result.err
        shown = result.out.splitlines()
        first = next(i for i, line in enumerate(shown) if "发布流程改成" in line)
        assert shown[first].endswith("发布流程改成 GitHub Actions"), result.out
        assert (
            shown[first + 1] == "    手动 scp 已禁用，见 PF-20260501-01  (memory/JOURNAL.jsonl:1)"
        )
        assert all(line.startswith(("2026-", "journal", "log", "    ")) for line in shown)


def test_an_evolve_in_the_crlf_pair_keeps_the_full_width_marks_and_the_line_endings(tmp_path):
    root = months(tmp_path)
    new = "回复用中文；代码注释、提交信息用英文"
    assert pmem(root, "evolve", "PF-20260420-01", new).code == 0
    raw = (root / USER_LOG).read_bytes()
    assert b"\n" not in raw.replace(b"\r\n", b"")  # CRLF throughout, the new record too
    heading, *fields = records(root, USER_LOG)[-1]
    assert (
        heading == "### [PF-20260420-01] 2026-11-30 — 回复用中文；代码注释、提交信息用英文（演进）"
    )
    assert f"- **操作**: 演进（回复用中文；代码注释用英文 → {new}）" in fields
    assert f"- {new} <!-- PF-20260420-01 -->" in lines(root, USER)
