"""Memory shared through git (docs/format.md, "Sharing memory through git"): two real clones write
with pmem, merge with `git pull`, and the merge loses nothing, renumbers colliding ids on every
file of the pair alike, and leaves nothing new for `pmem check`."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from git_support import (
    JOURNAL,
    LOG,
    PENDING,
    PROFILE,
    Clone,
    entries,
    journal_lines,
    origin_and_clones,
    records,
    without_ids,
)

# Codes a merge must not add (issue property 4), and the id/history ones.
NEW_TO_FIX = ("PM002", "PM003", "PM006", "PM007", "PM008", "PM011", "PM050", "PM052")


def _base(a: Clone) -> None:
    """The shared start: three entries, two proposals, one journal line."""
    a.pmem("add", "--scope", "project", "--category", "技术栈与架构", "用 Python 写服务")  # 01
    a.pmem("add", "--scope", "project", "--category", "设计约定", "小函数")  # 02
    a.pmem("add", "--scope", "project", "--category", "设计约定", "测试用 pytest")  # 03
    a.pmem("propose", "--scope", "project", "--kind", "add", "--category", "部署", "用 Actions")
    a.pmem("propose", "--scope", "project", "--kind", "add", "--category", "部署", "用 Docker")
    a.pmem("journal", "append", "基线")
    a.commit("base")
    a.git("push", "-q", "origin", "main")


def _proposal_line(clone: Clone, text: str) -> str:
    lines = clone.read(PENDING).splitlines()
    return str(next(i for i, line in enumerate(lines, 1) if text in line and "[" in line))


def _write_on_a(a: Clone) -> None:
    a.pmem("add", "--scope", "project", "--category", "设计约定", "A 的新约定")  # 04 on A
    a.pmem("evolve", "PF-20261130-01", "用 Python 3.12 写服务")
    a.pmem("delete", "PF-20261130-03")
    a.pmem("confirm", "--line", _proposal_line(a, "用 Actions"))  # 05 on A: 部署 用 Actions
    a.pmem("journal", "append", "A 记了一笔")
    a.commit("a")


def _write_on_b(b: Clone) -> None:
    b.pmem("add", "--scope", "project", "--category", "产品方向", "B 的方向")  # 04 on B
    b.pmem("add", "--scope", "project", "--category", "产品方向", "B 的第二个方向")  # 05 on B
    b.pmem("pivot", "PF-20261130-02", "函数可以长")  # 06 on B
    # 07 on B, deleted: the log holds the day's largest number, the profile does not
    b.pmem("add", "--scope", "project", "--category", "产品方向", "B 试了又删")
    b.pmem("delete", "PF-20261130-07")
    b.pmem("propose", "--scope", "project", "--kind", "add", "--category", "部署", "用 k8s")
    b.pmem("confirm", "--discard", "--line", _proposal_line(b, "用 Docker"))
    b.pmem("journal", "append", "B 记了一笔")
    b.commit("b")


def _diverged(tmp_path: Path) -> tuple[Clone, Clone]:
    """Two clones of one memory, each with its own unpushed writes on top of A's pushed ones."""
    a, b = origin_and_clones(tmp_path)
    _base(a)
    b.git("pull", "-q", "origin", "main")
    _write_on_a(a)
    a.git("push", "-q", "origin", "main")
    _write_on_b(b)
    return a, b


def _texts(clone: Clone) -> set[str]:
    return set(entries(clone.read(PROFILE)).values())


def test_a_pull_merges_both_sides_without_conflict_or_lost_records(tmp_path: Path):
    a, b = _diverged(tmp_path)
    before = {side: (side.read(PROFILE), side.read(LOG), side.read(JOURNAL)) for side in (a, b)}
    codes_before = a.check_codes() + b.check_codes()

    pulled = b.git("pull", "origin", "main", check=False)

    # 1. no conflict: git made the merge commit, the work tree is clean
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert b.git("status", "--porcelain").stdout == ""
    assert "renumbered" not in pulled.stdout  # pmem speaks on stderr
    assert "is now PF-20261130-08" in pulled.stderr
    profile, log, journal = b.read(PROFILE), b.read(LOG), b.read(JOURNAL)
    assert "<<<<<<<" not in profile + log + b.read(PENDING) + journal
    # 2. nothing lost: every record of both sides once (a renumbered one under its new id)
    merged = Counter(without_ids(r) for r in records(log))
    for side in (a, b):
        for record in records(before[side][1]):
            assert merged[without_ids(record)] == 1, record
    assert len(records(log)) == len(set(records(before[a][1])) | set(records(before[b][1])))
    # 3. unique ids, whole histories: both 04s kept, one renumbered in profile and log alike
    found = entries(profile)
    assert set(found.values()) == {
        "用 Python 3.12 写服务",
        "函数可以长",
        "A 的新约定",
        "用 Actions",
        "B 的方向",
        "B 的第二个方向",
    }
    pair = {i for i, text in found.items() if text in ("A 的新约定", "B 的方向")}
    assert pair == {"PF-20261130-04", "PF-20261130-08"}  # 08: the first number no log used
    renumbered = "PF-20261130-08"
    assert f"改为 {renumbered}" in log  # the note, where the person reads the record
    heading_ids = [r.split("]")[0] for r in records(log)]
    assert sum("PF-20261130-08" in h for h in heading_ids) == 1
    # 4. nothing new to fix
    after = b.check_codes()
    for code in NEW_TO_FIX:
        assert after[code] <= codes_before[code], (code, after)
    assert after["PM070"] == 0
    # 5. journals: the union, each line once, by ts
    lines = journal_lines(journal)
    assert [line["text"] for line in lines].count("基线") == 1
    assert {line["text"] for line in lines} == {"基线", "A 记了一笔", "B 记了一笔"}
    assert [line["ts"] for line in lines] == sorted(line["ts"] for line in lines)
    # 6. decisions stay decided: A's confirmed and B's discarded proposals are gone, B's new kept
    pending = b.read(PENDING)
    assert "用 Actions" not in pending and "用 Docker" not in pending and "用 k8s" in pending


def test_both_clones_merging_each_other_agree_and_their_merges_merge_cleanly(tmp_path: Path):
    """The renumbering does not depend on who merges: A merging B and B merging A give the same
    ids to the same entries, so the two merges (a criss-cross) merge again without conflict."""
    a, b = origin_and_clones(tmp_path)
    _base(a)
    b.git("pull", "-q", "origin", "main")
    _write_on_a(a)
    _write_on_b(b)
    b.git("push", "-q", "origin", "main:b-work")
    a.git("push", "-q", "origin", "main")
    assert a.git("pull", "origin", "b-work", check=False).returncode == 0
    assert b.git("pull", "origin", "main", check=False).returncode == 0
    assert entries(a.read(PROFILE)) == entries(b.read(PROFILE))
    assert sorted(records(a.read(LOG))) == sorted(records(b.read(LOG)))
    a.git("push", "-q", "origin", "main:a-merge")
    again = b.git("pull", "origin", "a-merge", check=False)
    assert again.returncode == 0, again.stdout + again.stderr
    assert entries(b.read(PROFILE)) == entries(a.read(PROFILE))
    assert sorted(records(b.read(LOG))) == sorted(records(a.read(LOG)))
    assert sum(b.check_codes()[code] for code in NEW_TO_FIX) == 0


def test_a_pull_with_rebase_renumbers_alike(tmp_path: Path):
    a, b = _diverged(tmp_path)
    pulled = b.git("pull", "--rebase", "origin", "main", check=False)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    found = entries(b.read(PROFILE))
    assert {"A 的新约定", "B 的方向"} <= set(found.values())
    assert sum(b.check_codes()[code] for code in NEW_TO_FIX) == 0


def test_the_same_entry_changed_on_both_sides_is_the_only_conflict(tmp_path: Path):
    a, b = origin_and_clones(tmp_path)
    _base(a)
    b.git("pull", "-q", "origin", "main")
    a.pmem("evolve", "PF-20261130-01", "用 Python 3.12 写服务")
    a.pmem("add", "--scope", "project", "--category", "设计约定", "A 的新约定")
    a.commit("a")
    a.git("push", "-q", "origin", "main")
    b.pmem("evolve", "PF-20261130-01", "用 Go 写服务")
    b.pmem("delete", "PF-20261130-03")
    b.commit("b")

    pulled = b.git("pull", "origin", "main", check=False)

    assert pulled.returncode != 0
    profile = b.read(PROFILE)
    block = profile.split("<<<<<<< ours\n", 1)[1].split(">>>>>>> theirs\n", 1)[0]
    assert (
        block
        == "- 用 Go 写服务 <!-- PF-20261130-01 -->\n=======\n- 用 Python 3.12 写服务 <!-- PF-20261130-01 -->\n"
    )
    assert profile.count("<<<<<<<") == 1
    assert "A 的新约定" in profile and "测试用 pytest" not in profile  # the rest merged
    log = b.read(LOG)
    for hunk in log.split("<<<<<<< ours\n")[1:]:
        inside = hunk.split(">>>>>>> theirs")[0]
        assert set(re.findall(r"### \[(PF-[\d-]+)\]", inside)) == {"PF-20261130-01"}
    codes = b.check_codes()
    assert codes["PM070"] >= 1
    assert codes["PM009"] == 0  # the markers are reported once, as markers
    unmerged = b.git("diff", "--name-only", "--diff-filter=U").stdout.split()
    assert PROFILE in unmerged and JOURNAL not in unmerged
    # resolved as the README says (keep our line and the records that lead to it): clean
    for name in (PROFILE, LOG):
        (b.path / name).write_text(_keep_ours(b.read(name)), encoding="utf-8")
    codes = b.check_codes()
    assert sum(codes[code] for code in (*NEW_TO_FIX, "PM070")) == 0, codes
    b.commit("resolved")


def _keep_ours(text: str) -> str:
    kept, side = [], None
    for line in text.splitlines(keepends=True):
        if line.startswith("<<<<<<< "):
            side = "ours"
        elif line.rstrip("\n") == "=======" and side == "ours":
            side = "theirs"
        elif line.startswith(">>>>>>> ") and side == "theirs":
            side = None
        elif side != "theirs":
            kept.append(line)
    return "".join(kept)


def test_init_git_twice_changes_nothing_and_names_this_pmem(tmp_path: Path):
    (a,) = origin_and_clones(tmp_path, ("a",))
    attributes = a.read(".gitattributes")
    assert "*profile-log.md merge=pmem" in attributes and "JOURNAL.jsonl merge=pmem" in attributes
    driver = a.git("config", "--get", "merge.pmem.driver").stdout.strip()
    assert driver.endswith(" merge %O %A %B %P") and driver.split()[0].startswith("/")
    again = a.pmem("init", "--git")
    assert a.read(".gitattributes") == attributes
    assert "kept    .gitattributes" in again.out and "kept    git config" in again.out
    assert a.git("config", "--get-all", "merge.pmem.driver").stdout.strip() == driver


def test_a_clone_without_the_driver_is_told_the_command(tmp_path: Path):
    a, b = origin_and_clones(tmp_path)
    b.git("pull", "-q", "origin", "main")
    b.git("config", "--unset", "merge.pmem.driver")
    result = b.pmem("check", ok=False)
    assert result.code == 0
    assert "PM071" in result.out and "pmem init --git" in result.out
    assert ".gitattributes" in result.out
    assert "PM071" not in a.pmem("check").out


def test_outside_git_init_git_is_refused_plainly(tmp_path: Path):
    outside = Clone(tmp_path / "plain", {})
    outside.path.mkdir()
    result = outside.pmem("init", "--git", ok=False)
    assert result.code == 2 and "not inside a git work tree" in result.err
    assert "Traceback" not in result.err
