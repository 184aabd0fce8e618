"""Real agent output through the real `pmem`: sloppy files read as their canonical twins, one finding per
slip, `pmem fix` writes the twins; writes that would fork a history are refused; refusals write nothing."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem

IDS = [
    "PF-20260302-01",
    "PF-20260302-02",
    "PF-20260302-03",
    "PF-20260302-04",
    "PF-20260302-05",
    "PF-20260303-01",
    "PF-20260305-01",
    "PF-20260305-02",
    "PF-20260312-01",
    "PF-20260301-01",
    "PF-20260301-02",
    "PF-20260301-03",
    "PF-20260301-04",
    "PF-20260308-01",
]

# (file, line, code): one finding per slip, and nothing else (no PM005/PM006/PM007/PM010/PM013 cascade)
SLIPS = [
    ("project-profile-log.md", 19, "PM018"),  # `added`
    ("project-profile-log.md", 21, "PM016"),  # no brackets
    ("project-profile-log.md", 22, "PM018"),  # `Category:` without bold
    ("project-profile-log.md", 35, "PM016"),  # `:` separator
    ("project-profile-log.md", 40, "PM018"),  # `old:`/`new:` labels and `=>`
    ("project-profile.md", 7, "PM018"),  # `<!--PF-…-->`
    ("project-profile.md", 8, "PM018"),  # anchor before the text
    ("project-profile.md", 11, "PM018"),  # `(PF-…)` without a comment
    ("user-profile-log.md", 14, "PM016"),  # `##` and `——`
    *[("user-profile-log.md", line, "PM018") for line in range(15, 20)],  # five fields without bold
    ("user-profile-log.md", 49, "PM016"),  # `####` and `：`
    ("user-profile-log.md", 61, "PM018"),  # 添加
    ("user-profile-log.md", 68, "PM018"),  # 更新：OLD → NEW
    ("user-profile-log.md", 75, "PM018"),  # 旧：/新： labels
    ("user-profile-log.md", 82, "PM018"),  # 已删除
    ("user-profile.md", 4, "PM018"),
    ("user-profile.md", 5, "PM018"),
    ("user-profile.md", 8, "PM018"),
    ("user-profile.md", 9, "PM018"),
]


def copy(name: str, tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / name, tmp_path / name)
    return tmp_path / name


def pmem(root: Path, *args: str):
    return run_pmem(
        *args, cwd=root / "repo", env={"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    )


def findings(root: Path) -> list[tuple[str, int, str]]:
    result = pmem(root, "check", "--format", "json")
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in json.loads(result.out))


def understood(root: Path, anchor_id: str) -> list:
    (match, *_) = json.loads(pmem(root, "trace", "--json", anchor_id).out)["matches"]
    return [
        match["state"],
        [e["text"] for e in match["entries"]],
        [(r["date"], r["operation"], r["fields"].get("summary")) for r in match["records"]],
        match.get("retired_by"),
    ]


def tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.md"))
    }


def test_sloppy_agent_output_reads_as_its_canonical_twin_with_one_finding_per_slip(tmp_path):
    sloppy, fixed = copy("sloppy", tmp_path), copy("sloppy-fixed", tmp_path)
    assert findings(sloppy) == sorted(SLIPS)
    assert findings(fixed) == []
    for anchor_id in IDS:
        assert understood(sloppy, anchor_id) == understood(fixed, anchor_id), anchor_id
    assert (
        understood(sloppy, "PF-20260302-05")[0] == "retired"
    )  # the pivot with `旧：`/`新：` retired it
    assert understood(sloppy, "PF-20260301-04")[0] == "retired"  # and the English one with `=>`


def test_pmem_fix_writes_the_canonical_twin_and_a_second_run_has_nothing_to_do(tmp_path):
    sloppy = copy("sloppy", tmp_path)
    result = pmem(sloppy, "fix")
    assert result.code == 0 and "11 lines rewritten" in result.out and "Traceback" not in result.err
    assert tree(sloppy) == tree(WORKSPACES / "sloppy-fixed")
    assert findings(sloppy) == []
    again = pmem(sloppy, "fix")
    assert (
        again.code == 0
        and "nothing to fix" in again.out
        and tree(sloppy) == tree(WORKSPACES / "sloppy-fixed")
    )


def test_pmem_fix_refuses_files_outside_the_profile_folders(tmp_path):
    sloppy = copy("sloppy", tmp_path)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(sloppy / "repo" / ".cursor" / "profile", elsewhere)
    before = tree(elsewhere)
    result = pmem(sloppy, "fix", str(elsewhere))
    assert (
        result.code == 2
        and "outside the profile folders" in result.err
        and tree(elsewhere) == before
    )


# -- writes never fork a history ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["add", "--scope", "user", "--category", "技术偏好", "偏好 Go <!-- PF-20260101-01 -->"],
        ["add", "--scope", "user", "--category", "技术偏好", "偏好 Go <!--PF-20260101-01-->"],
        ["evolve", "PF-20260412-02", "偏好 Go <!-- PF-20260412-02 -->"],
        [
            *"propose --scope user --kind add --category 技术偏好".split(),
            "偏好 Go <!-- PF-20260101-01 -->",
        ],
    ],
)
def test_text_carrying_an_anchor_comment_is_refused(pmem_in_repo, clean, args):
    before = tree(clean)
    result = pmem_in_repo(*args)
    assert result.code == 2 and "anchor comment" in result.err and tree(clean) == before


def test_an_evolve_to_the_current_text_is_a_refused_no_op(pmem_in_repo, clean):
    before = tree(clean)
    result = pmem_in_repo("evolve", "PF-20260412-02", "偏好 React +  Next.js 全栈开发")
    assert result.code == 1 and "nothing to evolve" in result.err and tree(clean) == before


@pytest.mark.parametrize(
    "args, line, expected",
    [
        (
            ["pivot", "PF-20260301-02", "Backend: Go + PostgreSQL"],
            6,
            "- Backend: Go + PostgreSQL <!-- PF-20261130-01 -->",
        ),
        (
            ["evolve", "PF-20260301-03", "API errors use problem details"],
            10,
            "- API errors use problem details <!-- PF-20260301-03 -->",
        ),
        (["delete", "PF-20260301-03"], 10, ""),
    ],
)
def test_writes_on_each_sloppy_anchor_form_never_fork(tmp_path, args, line, expected):
    sloppy = copy("sloppy", tmp_path)
    before = set(SLIPS)
    result = pmem(sloppy, *args)
    assert result.code == 0, result.err
    profile = (
        (sloppy / "repo" / ".cursor" / "profile" / "project-profile.md")
        .read_text(encoding="utf-8")
        .split("\n")
    )
    assert profile[line] == expected and all(text.count("PF-") <= 1 for text in profile)
    new = [f for f in findings(sloppy) if f not in before and f[0].startswith("project")]
    assert new == [], new  # the write added no problem; the rewritten line lost its slip


def test_writes_on_sloppy_files_keep_the_ids_the_agent_wrote(tmp_path):
    sloppy = copy("sloppy", tmp_path)
    result = pmem(sloppy, "evolve", "PF-20260308-01", "Deploy on Fly.io (two regions)", "--json")
    assert result.code == 0, result.err
    profile = (sloppy / "repo" / ".cursor" / "profile" / "project-profile.md").read_text()
    assert (
        profile.count("PF-20260308-01") == 1
        and "Deploy on Fly.io (two regions) <!-- PF-20260308-01 -->" in profile
    )
    log = (sloppy / "repo" / ".cursor" / "profile" / "project-profile-log.md").read_text()
    assert log.rstrip().endswith(
        "- **Operation**: evolve (Deploy on Fly.io -> Deploy on Fly.io (two regions))"
    )


# -- the limit reminder (the skill's step 6) -----------------------------------------------------------
def test_a_write_that_leaves_the_profile_over_its_limit_says_so(pmem_in_repo, clean):
    profile = clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    lines = profile.read_text(encoding="utf-8").rstrip("\n").split("\n")
    profile.write_text(
        "\n".join(lines + [f"- filler {i}" for i in range(30 - len(lines))]) + "\n\n\n",
        encoding="utf-8",
    )
    quiet = pmem_in_repo("check", str(profile))
    assert "PM001" not in quiet.out  # 30 lines: trailing blank lines do not count
    result = pmem_in_repo(
        "add", "--scope", "project", "--category", "项目定位", "一个新条目", "--json"
    )
    assert result.code == 0, result.err
    assert "project-profile.md now has 31 lines, over its limit of 30" in result.err
    over = json.loads(result.out)["over_limit"]
    assert over == [{"path": ".cursor/profile/project-profile.md", "lines": 31, "limit": 30}]
    assert (
        json.loads(
            pmem_in_repo(
                "add", "--scope", "user", "--category", "技术偏好", "偏好 Go", "--json"
            ).out
        )["over_limit"]
        == []
    )


# -- no side effects, and the right project ----------------------------------------------------------
def test_refusals_and_no_ops_create_nothing(tmp_path):
    home, repo = tmp_path / "home", tmp_path / "repo"
    (home / ".cursor" / "profile").mkdir(parents=True)
    repo.mkdir()
    env = {"PMEM_USER_DIR": str(home / ".cursor" / "profile")}
    nothing = run_pmem("confirm", "--all", cwd=repo, env=env)
    assert nothing.code == 0 and "nothing to confirm" in nothing.out
    unknown = run_pmem("delete", "PF-20260412-01", cwd=repo, env=env)
    assert unknown.code == 1
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "home",
        "home/.cursor",
        "home/.cursor/profile",
        "repo",
    ]


def test_the_home_folder_is_no_project(tmp_path):
    home = tmp_path / "home"
    shutil.copytree(WORKSPACES / "clean" / "home", home)
    work = home / "code" / "tool"
    work.mkdir(parents=True)
    (work / ".git").mkdir()
    result = run_pmem(
        "add",
        "--scope",
        "project",
        "--category",
        "项目定位",
        "一个工具",
        cwd=work,
        env={"HOME": str(home)},
    )
    assert result.code == 0, result.err
    assert (work / ".cursor" / "profile" / "project-profile.md").exists()
    assert not (home / ".cursor" / "profile" / "project-profile.md").exists()


def test_check_of_one_file_reports_what_it_breaks_in_its_partner(pmem_in_repo, clean):
    log = clean / "home" / ".cursor" / "profile" / "user-profile-log.md"
    text = log.read_text(encoding="utf-8")
    log.write_text(
        text.replace("偏好 React + Next.js 全栈开发\n", "偏好 Svelte\n", 1), encoding="utf-8"
    )
    result = pmem_in_repo("check", "--format", "json", str(log))
    found = [(Path(d["path"]).name, d["code"]) for d in json.loads(result.out)]
    assert (
        "user-profile.md",
        "PM011",
    ) in found and result.code == 0  # information: the hook still passes
    log.write_text(
        text.replace("### [PF-20260412-02] 2026-05-01", "### [PF-20260412-09] 2026-05-01"),
        encoding="utf-8",
    )
    broken = pmem_in_repo("check", "--format", "json", str(log))
    assert broken.code == 1 and ("user-profile.md", "PM011") not in [
        (Path(d["path"]).name, d["code"]) for d in json.loads(broken.out)
    ]
    assert any(d["code"] == "PM007" for d in json.loads(broken.out))


# -- Cherry compatibility -------------------------------------------------------------------------------
def test_journal_search_returns_every_object_with_a_string_text_as_cherry_does(tmp_path):
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "JOURNAL.jsonl").write_text(
        "\n".join(
            [
                '{"ts":"2026-06-01T00:00:00.000Z","tags":["a"],"text":"valid 部署"}',
                '{"ts":"2026-06-01T00:00:00Z","tags":["a"],"text":"no millis 部署"}',
                '{"ts":"2026-06-01T08:00:00.000+08:00","text":"offset and no tags 部署"}',
                '{"ts":"2026-06-01T00:00:00.000Z","tags":["部署"],"text":42}',
                "not json 部署",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    result = run_pmem("journal", "search", "部署", "--json", "--dir", str(memory), cwd=tmp_path)
    assert [hit["text"] for hit in json.loads(result.out)] == [
        "offset and no tags 部署",
        "no millis 部署",
        "valid 部署",
    ]
    assert "2 malformed journal lines skipped" in result.err
    checked = run_pmem("check", "--format", "json", str(memory), cwd=tmp_path)
    assert sorted(d["code"] for d in json.loads(checked.out)) == [
        "PM020",
        "PM021",
        "PM021",
        "PM021",
    ]


def test_journal_append_and_facts_update_create_the_memory_folder_like_cherry(tmp_path):
    agent = tmp_path / "agent"
    agent.mkdir()
    assert (
        run_pmem("journal", "append", "first", "--dir", str(agent / "memory"), cwd=tmp_path).code
        == 0
    )
    assert (os.stat(agent / "memory").st_mode & 0o777) == 0o700
    other = tmp_path / "other"
    other.mkdir()
    facts = run_pmem("facts", "update", "--dir", str(other / "memory"), "-", cwd=tmp_path)
    assert facts.code == 2  # empty standard input: nothing to write, and no folder made for it
    linked = tmp_path / "linked"
    linked.symlink_to(agent)
    assert (
        run_pmem(
            "journal", "append", "x", "--dir", str(tmp_path / "nowhere" / "memory"), cwd=tmp_path
        ).code
        == 2
    )
    (tmp_path / "target").mkdir()
    (tmp_path / "agent2").mkdir()
    (tmp_path / "agent2" / "memory").symlink_to(tmp_path / "target")
    refused = run_pmem(
        "journal", "append", "x", "--dir", str(tmp_path / "agent2" / "memory"), cwd=tmp_path
    )
    assert (
        refused.code == 2
        and "symbolic link" in refused.err
        and not list((tmp_path / "target").iterdir())
    )


# -- the pending file --------------------------------------------------------------------------------
def test_pending_lists_numbers_that_stay_valid_while_deciding(pmem_in_repo, clean):
    assert (
        pmem_in_repo(
            *"propose --scope project --kind add --category 技术栈与架构".split(), "用 uv 管理依赖"
        ).code
        == 0
    )
    listing = json.loads(pmem_in_repo("pending", "--json").out)
    assert [(p["line"], p["kind"], p["text"]) for p in listing] == [
        (4, "evolve", "偏好 React + Next.js，SSR 优先"),
        (8, "add", "所有时间存 UTC"),
        (9, "add", "用 uv 管理依赖"),
    ]
    assert pmem_in_repo("confirm", "--line", "4").code == 0
    assert pmem_in_repo("confirm", "--line", "9", "--discard").code == 0  # still the uv proposal
    (left,) = json.loads(pmem_in_repo("pending", "--json").out)
    assert (left["line"], left["text"]) == (8, "所有时间存 UTC")
    assert "用 uv" not in (clean / "repo" / ".cursor" / "profile" / "project-profile.md").read_text(
        encoding="utf-8"
    )
    assert pmem_in_repo("confirm", "--line", "8").code == 0
    assert "nothing pending" in pmem_in_repo("pending").out


def test_propose_suggests_a_new_category_so_its_own_output_checks_clean(pmem_in_repo, clean):
    assert (
        pmem_in_repo(
            "propose",
            "--scope",
            "project",
            "--kind",
            "add",
            "--category",
            "部署",
            "用 Actions 发布",
        ).code
        == 0
    )
    assert (
        pmem_in_repo(
            "propose",
            "--scope",
            "project",
            "--kind",
            "add",
            "--category",
            "部署",
            "用 Actions 回滚",
        ).code
        == 0
    )
    pending = clean / "repo" / ".cursor" / "profile" / "profile-pending.md"
    assert pending.read_text(encoding="utf-8").count("建议新增分类: [部署]") == 1
    assert (
        pmem_in_repo("check", str(pending)).code == 0
        and "PM014" not in pmem_in_repo("check", str(pending)).out
    )


def test_confirm_errors_name_the_pending_line(pmem_in_repo, clean):
    pending = clean / "repo" / ".cursor" / "profile" / "profile-pending.md"
    pending.write_text(
        "**项目画像：**\n\n- [演进][项目定位] 旧：不存在的条目 → 新：别的\n", encoding="utf-8"
    )
    result = pmem_in_repo("confirm", "--all")
    assert result.code == 1 and "profile-pending.md:3: no confirmed entry" in result.err
