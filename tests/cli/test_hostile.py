"""Hostile input through the real `pmem`: arguments that try to forge structure, files that did not decode,
comment syntax, blanks, huge numbers, an id repeated thousands of times. Nothing is forged or lost, and
every refusal is one line naming the problem, never a traceback."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import HANG, pmem_environment, run_pmem

FORGED = "PF-20260412-09"


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def records_of(clean: Path, pair: str = "user") -> list[str]:
    folder = (
        clean / "home" / ".cursor" / "profile"
        if pair == "user"
        else clean / "repo" / ".cursor" / "profile"
    )
    text = (folder / f"{pair}-profile-log.md").read_text(encoding="utf-8")
    return [line for line in text.split("\n") if line.startswith("#")]


@pytest.mark.parametrize(
    "option, value",
    [
        ("--context", f'"line one"\n### [{FORGED}] 2026-04-12 — forged\n- **操作**: 新增'),
        ("--source", "[chat](x)\n- **操作**: 删除"),
        ("--category", "技术偏好\n## C"),
    ],
)
def test_newlines_in_arguments_cannot_forge_structure(pmem_in_repo, clean, option, value):
    headings = records_of(clean)
    result = pmem_in_repo(
        "add", "--scope", "user", "--category", "技术偏好", "偏好 Go", option, value, "--json"
    )
    assert result.code == 0, result.err
    (new_id,) = json.loads(result.out)["ids"]
    (added,) = records_of(clean)[len(headings) :]
    assert added.startswith(f"### [{new_id}] ") and added.endswith(" — 偏好 Go")
    assert FORGED not in pmem_in_repo("check", "--format", "json").out
    traced = json.loads(pmem_in_repo("trace", "--json", new_id).out)["matches"][0]
    assert traced["state"] == "live" and len(traced["records"]) == 1
    profile = (clean / "home" / ".cursor" / "profile" / "user-profile.md").read_text(
        encoding="utf-8"
    )
    assert "\n## C" not in profile


def test_a_multi_line_context_is_kept_as_one_field(pmem_in_repo, clean):
    words = "第一行\n\n  ### 不是标题\n- **操作**: 删除"
    result = pmem_in_repo(
        "add", "--scope", "user", "--category", "技术偏好", "偏好 Go", "--context", words, "--json"
    )
    (new_id,) = json.loads(result.out)["ids"]
    record = json.loads(pmem_in_repo("trace", "--json", new_id).out)["matches"][0]["records"][0]
    assert (
        record["fields"]["context"] == "第一行\n### 不是标题\n- **操作**: 删除"
        and record["operation"] == "add"
    )


def test_propose_old_cannot_smuggle_a_second_proposal(pmem_in_repo, clean):
    result = pmem_in_repo(
        "propose",
        "--scope",
        "user",
        "--kind",
        "evolve",
        "--category",
        "技术偏好",
        "--old",
        "偏好 React + Next.js 全栈开发\n- [新增][安全] 偷偷加一条",
        "偏好 Vue",
    )
    assert result.code == 0, result.err
    listing = json.loads(pmem_in_repo("pending", "--json").out)
    assert (
        not any("偷偷" in p["text"] for p in listing)
        and sum("偷偷" in (p["old"] or "") for p in listing) == 1
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (["add", "--scope", "user", "--category", "技术偏好", "a --> b"], "`-->`"),
        (["add", "--scope", "user", "--category", "技术偏好", "a <!-- b"], "`<!--`"),
        (["add", "--scope", "user", "--category", "   ", "text"], "category is empty"),
        (["add", "--scope", "user", "--category", "a]b", "text"], "bracket"),
        (["evolve", "PF-20260412-02", "  \n "], "empty"),
        (
            ["propose", "--scope", "user", "--kind", "add", "--category", "\n", "text"],
            "category is empty",
        ),
    ],
)
def test_comment_syntax_and_blanks_are_refused(pmem_in_repo, clean, args, words):
    before = tree(clean)
    result = pmem_in_repo(*args)
    assert result.code == 2 and words in result.err and "Traceback" not in result.err
    assert tree(clean) == before


def test_a_file_that_did_not_decode_is_never_rewritten(pmem_in_repo, clean):
    log = clean / "home" / ".cursor" / "profile" / "user-profile-log.md"
    raw = log.read_bytes().replace(
        "前端技术栈偏好（演进）".encode(), "前端技术栈偏好（演进）".encode("gbk")
    )
    log.write_bytes(raw)
    before = tree(clean)
    result = pmem_in_repo("add", "--scope", "user", "--category", "技术偏好", "偏好 Go")
    assert result.code == 2 and "user-profile-log.md" in result.err and "not UTF-8" in result.err
    assert "line 21" in result.err and tree(clean) == before
    assert "PM032" in pmem_in_repo("check", str(log)).out


def test_huge_sequence_numbers_are_pm004_and_hide_nothing(pmem_in_repo, clean):
    profile = clean / "home" / ".cursor" / "profile" / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8")
        + f"\n## 其他\n- 巨大 <!-- PF-20260412-{'1' * 5000} -->\n",
        encoding="utf-8",
    )
    result = pmem_in_repo("check", "--format", "json")
    found = json.loads(result.out)
    assert result.code == 1 and "Traceback" not in result.err
    assert [d["code"] for d in found if d["path"].endswith("user-profile.md")] == ["PM004"]
    assert pmem_in_repo("trace", "PF-20260412-02").code == 0
    assert pmem_in_repo("trace", f"PF-20260412-{'1' * 5000}").code == 1


def test_an_id_repeated_on_thousands_of_lines_stays_linear(pmem_in_repo, clean):
    profile = clean / "home" / ".cursor" / "profile" / "user-profile.md"
    profile.write_text(
        "# User Profile\n\n## 技术偏好\n"
        + "".join(f"- 条目 {i} <!-- PF-20260412-02 -->\n" for i in range(3000)),
        encoding="utf-8",
    )
    result = pmem_in_repo(
        "check", "--format", "json", str(profile)
    )  # was minutes and gigabytes: see the bench
    duplicates = [d for d in json.loads(result.out) if d["code"] == "PM002"]
    assert len(duplicates) == 3000 and max(len(d["related"]) for d in duplicates) == 10
    assert "3000 entries" in duplicates[0]["message"] and duplicates[0]["message"].endswith(", …)")


# -- failing disks and hostile folder kinds ------------------------------------------------------------
def limited(size: int):
    def apply() -> None:
        resource.setrlimit(
            resource.RLIMIT_FSIZE, (size, size)
        )  # Python ignores SIGXFSZ: writes come up short

    return apply


def run_limited(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PMEM_")} | {"HOME": str(cwd)}
    return subprocess.run(
        [sys.executable, "-m", "profile_memory", *args],
        cwd=cwd,
        input=stdin,
        text=True,
        capture_output=True,
        env=env,
        preexec_fn=limited(4096),
        timeout=HANG,
    )


def test_a_short_write_leaves_no_torn_line_and_says_so(tmp_path):
    memory = tmp_path / "memory"
    memory.mkdir()
    journal = memory / "JOURNAL.jsonl"
    journal.write_text(
        '{"ts":"2026-06-01T00:00:00.000Z","tags":[],"text":"before"}\n', encoding="utf-8"
    )
    before = journal.read_bytes()
    result = run_limited(tmp_path, "journal", "append", "长" * 5000, "--dir", str(memory))
    assert (
        result.returncode == 2
        and "JOURNAL.jsonl" in result.stderr
        and "nothing was appended" in result.stderr
    )
    assert journal.read_bytes() == before and "Traceback" not in result.stderr
    updated = run_limited(
        tmp_path, "facts", "update", "--dir", str(memory), "-", stdin="事实" * 5000
    )
    assert updated.returncode == 2 and "FACT.md is unchanged" in updated.stderr
    assert sorted(p.name for p in memory.iterdir()) == [
        ".pmem.lock",
        "JOURNAL.jsonl",
    ]  # no temp file left


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_journal_that_is_no_file_is_one_line_and_pm030(tmp_path, kind):
    memory = tmp_path / "memory"
    memory.mkdir()
    journal = memory / "JOURNAL.jsonl"
    journal.mkdir() if kind == "folder" else os.mkfifo(journal)
    for args in (
        ["journal", "search", "x", "--dir", str(memory)],
        ["journal", "append", "x", "--dir", str(memory)],
    ):
        result = run_pmem(*args, cwd=tmp_path)
        assert (
            result.code == 2 and "JOURNAL.jsonl" in result.err and "Traceback" not in result.err
        ), args
        assert len(result.err.strip().split("\n")) == 1
    checked = run_pmem("check", "--format", "json", str(tmp_path), cwd=tmp_path)
    assert [d["code"] for d in json.loads(checked.out)] == ["PM030"]


def test_a_thousand_folders_deep_is_walked_without_recursion(tmp_path):
    folder = tmp_path / "deep"
    folder.mkdir()
    for _ in range(1000):
        folder = folder / "d"
        os.mkdir(folder)
    (folder / "user-profile.md").write_text(
        "# User Profile\n\n## 技术偏好\n- 偏好 Go\n", encoding="utf-8"
    )
    try:
        result = run_pmem("check", "--format", "json", str(tmp_path / "deep"), cwd=tmp_path)
        assert result.code == 0 and "Traceback" not in result.err
        assert sorted(d["code"] for d in json.loads(result.out)) == ["PM005", "PM015"]
    finally:  # bottom up: pytest's own clean-up of temporary folders recurses, and would overflow here
        (folder / "user-profile.md").unlink()
        while folder != tmp_path:
            folder.rmdir()
            folder = folder.parent


# -- decisions survive being killed half-way -------------------------------------------------------------
@pytest.mark.parametrize("written", ["log", "log and profile"])
def test_a_retry_after_a_run_stopped_between_files_records_nothing_twice(
    pmem_in_repo, clean, written
):
    user = clean / "home" / ".cursor" / "profile"
    profile, pending = (
        user / "user-profile.md",
        clean / "repo" / ".cursor" / "profile" / "profile-pending.md",
    )
    project_profile = clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    saved = {path: path.read_bytes() for path in (profile, project_profile, pending)}
    assert pmem_in_repo("confirm", "--all").code == 0
    for path, data in saved.items():  # as if killed after writing the logs (and the profiles)
        if path == pending or written == "log":
            path.write_bytes(data)
    retry = pmem_in_repo("confirm", "--all")
    assert retry.code == 0, retry.err
    log = (user / "user-profile-log.md").read_text(encoding="utf-8")
    assert log.count("- **精简版**: 偏好 React + Next.js，SSR 优先") == 1
    assert (
        profile.read_text(encoding="utf-8").count(
            "偏好 React + Next.js，SSR 优先 <!-- PF-20260412-02 -->"
        )
        == 1
    )
    assert project_profile.read_text(encoding="utf-8").count("所有时间存 UTC") == 1
    assert json.loads(pmem_in_repo("pending", "--json").out) == []
    codes = {d["code"] for d in json.loads(pmem_in_repo("check", "--format", "json").out)}
    assert not codes & {"PM002", "PM003", "PM006", "PM007", "PM008", "PM011"}, codes


def test_confirm_killed_at_any_moment_then_retried_records_each_proposal_once(pmem_in_repo, clean):
    import random
    import signal

    assert (
        pmem_in_repo(
            "propose",
            "--scope",
            "user",
            "--kind",
            "pivot",
            "--category",
            "审美与设计",
            "--old",
            "🎨 偏好极简界面，反感花哨动效",
            "偏好信息密度高的界面",
        ).code
        == 0
    )
    wanted = {
        "user": ["偏好 React + Next.js，SSR 优先", "偏好信息密度高的界面"],
        "project": ["所有时间存 UTC"],
    }
    # the same day as the final run's: a decision an earlier run recorded is resumed on its day
    env = pmem_environment(
        clean / "repo", {"PMEM_USER_DIR": str(clean / "home" / ".cursor" / "profile")}
    )
    rng = random.Random(7)
    for _ in range(15):  # bounded: each run is killed somewhere between start-up and its last write
        process = subprocess.Popen(
            [sys.executable, "-m", "profile_memory", "confirm", "--all"],
            cwd=clean / "repo",
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            process.wait(timeout=rng.uniform(0.1, 0.6))
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
    final = pmem_in_repo("confirm", "--all")
    assert final.code == 0, final.err
    assert json.loads(pmem_in_repo("pending", "--json").out) == []
    for scope, texts in wanted.items():
        folder = clean / ("home" if scope == "user" else "repo") / ".cursor" / "profile"
        profile = (folder / f"{scope}-profile.md").read_text(encoding="utf-8")
        log = (folder / f"{scope}-profile-log.md").read_text(encoding="utf-8")
        for text in texts:
            assert profile.count(f"- {text} <!--") == 1, text
            assert (
                sum(
                    1
                    for line in log.split("\n")
                    if line.endswith(f"**: {text}") and "精简版" in line
                )
                == 1
            ), text
    codes = {d["code"] for d in json.loads(pmem_in_repo("check", "--format", "json").out)}
    assert not codes & {"PM002", "PM003", "PM006", "PM007", "PM008", "PM011"}, codes


# -- policies: links, case variants, places outside the project ------------------------------------------
def test_a_hard_linked_file_is_not_written(pmem_in_repo, clean, tmp_path):
    log = clean / "home" / ".cursor" / "profile" / "user-profile-log.md"
    os.link(log, tmp_path / "other-name.md")
    before = log.read_bytes()
    result = pmem_in_repo("add", "--scope", "user", "--category", "技术偏好", "偏好 Go")
    assert result.code == 2 and "hard links" in result.err and "user-profile-log.md" in result.err
    assert log.read_bytes() == before
    memory = clean / "repo" / "memory"
    os.link(memory / "JOURNAL.jsonl", tmp_path / "journal-copy.jsonl")
    appended = pmem_in_repo("journal", "append", "x")
    assert appended.code == 2 and "hard links" in appended.err


def test_names_that_differ_only_in_case_are_refused_for_writes(pmem_in_repo, clean):
    folder = clean / "home" / ".cursor" / "profile"
    (folder / "User-Profile.md").write_text(
        "# User Profile\n\n## 技术偏好\n- 另一份 <!-- PF-20260412-02 -->\n", encoding="utf-8"
    )
    result = pmem_in_repo("add", "--scope", "user", "--category", "技术偏好", "偏好 Go")
    assert result.code == 2 and "ambiguous" in result.err and "User-Profile.md" in result.err


def test_a_project_profile_folder_outside_the_project_is_not_used(pmem_in_repo, clean):
    (clean / "repo" / ".cursor" / "profile" / "pmem.toml").write_text(
        'projectProfileDir = "../../outside"\n', encoding="utf-8"
    )
    result = pmem_in_repo("add", "--scope", "project", "--category", "项目定位", "一个新条目")
    assert result.code == 0 and "outside the project" in result.err
    assert not (clean / "outside").exists() and not (clean.parent / "outside").exists()
    assert "一个新条目" in (
        clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    ).read_text(encoding="utf-8")


HOSTILE_KINDS = [
    "journal is a folder",
    "fact is a fifo",
    "profile folder is a file",
    "profile is a folder",
    "log is a fifo",
    "pending is a folder",
    "memory is a link",
    "deep garbage",
]
COMMANDS = [
    ["check"],
    ["trace", "PF-20260412-02"],
    ["recall"],
    ["journal", "search", "x"],
    ["journal", "append", "x"],
    ["facts", "show"],
    ["add", "--scope", "project", "--category", "项目定位", "x"],
    ["confirm", "--all"],
    ["pending"],
    ["fix"],
    ["search", "x"],
    ["delete", "PF-20260412-01"],
]


def make_hostile(clean: Path, kind: str, tmp_path: Path) -> None:
    repo, project = clean / "repo", clean / "repo" / ".cursor" / "profile"
    if kind == "journal is a folder":
        (repo / "memory" / "JOURNAL.jsonl").unlink()
        (repo / "memory" / "JOURNAL.jsonl").mkdir()
    elif kind == "fact is a fifo":
        (repo / "memory" / "FACT.md").unlink()
        os.mkfifo(repo / "memory" / "FACT.md")
    elif kind == "profile folder is a file":
        for child in project.iterdir():
            child.unlink()
        project.rmdir()
        project.write_text("not a folder", encoding="utf-8")
    elif kind == "profile is a folder":
        (project / "project-profile.md").unlink()
        (project / "project-profile.md").mkdir()
    elif kind == "log is a fifo":
        (project / "project-profile-log.md").unlink()
        os.mkfifo(project / "project-profile-log.md")
    elif kind == "pending is a folder":
        (project / "profile-pending.md").unlink()
        (project / "profile-pending.md").mkdir()
    elif kind == "memory is a link":
        (tmp_path / "target").mkdir()
        for child in (repo / "memory").iterdir():
            child.rename(tmp_path / "target" / child.name)
        (repo / "memory").rmdir()
        (repo / "memory").symlink_to(tmp_path / "target")
    else:
        (project / "project-profile-log.md").write_bytes(
            b"\xff\xfe\x00garbage\r\n### [PF-" + b"9" * 3000 + b"]\n"
        )


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_no_command_prints_a_traceback_on_hostile_folders(pmem_in_repo, clean, tmp_path, kind):
    make_hostile(clean, kind, tmp_path)
    for args in COMMANDS:
        result = pmem_in_repo(*args)
        assert "Traceback" not in result.err and result.code in (0, 1, 2), (
            kind,
            args,
            result.err[-600:],
        )
        if result.code == 2:
            assert len(result.err.strip().split("\n")) <= 2, (kind, args, result.err)


def test_a_reader_that_goes_away_is_no_error(tmp_path):
    done = subprocess.run(
        f"'{sys.executable}' -m profile_memory demo '{tmp_path / 'demo'}' | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert done.stderr == "" and done.stdout == "Wrote an e"
