"""FACT.md's kept versions through the real `pmem`: history, diff, show --rev, restore; modes, the
bound, links, recall, secrets (docs/format.md, "FACT.md versions")."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

import pytest
from cli_support import run_pmem
from secrets_support import FAKES

FIRST = "# Facts\n\n- 用 zsh\n- 旧的事实 😀\n"
SECOND = "# Facts\n\n- 用 zsh\n- 新的事实\n"
THIRD = "# Facts\n\n- 用 fish\n- 新的事实\n- 第三条\n"
FOURTH = "# Facts\n\n- only this"  # no final line break


@pytest.fixture
def agent(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "FACT.md").write_text(FIRST, encoding="utf-8")
    return tmp_path


def pmem(root: Path, *args: str):
    return run_pmem(*args, cwd=root, env={"PMEM_USER_DIR": str(root / "home")})


def update(root: Path, content: str, *flags: str):
    given = root / "new-fact.txt"
    given.write_text(content, encoding="utf-8")
    return pmem(root, "facts", "update", str(given), *flags)


def history(root: Path) -> list[dict]:
    done = pmem(root, "facts", "history", "--json")
    assert done.code == 0, done.err
    return json.loads(done.out)


def settings(root: Path, toml: str) -> None:
    folder = root / ".cursor" / "profile"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pmem.toml").write_text(toml, encoding="utf-8")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def kept_files(root: Path) -> list[Path]:
    return sorted((root / "memory" / ".fact-history").glob("*.md"))


def test_three_updates_keep_three_versions_with_digests_and_counts(agent: Path):
    for content in (SECOND, THIRD, FOURTH):
        assert update(agent, content).code == 0
    versions = history(agent)
    assert [v["sha256"] for v in versions] == [sha(THIRD), sha(SECOND), sha(FIRST)]
    assert [v["bytes"] for v in versions] == [len(t.encode()) for t in (THIRD, SECOND, FIRST)]
    # SECOND changed one line of FIRST; THIRD changed one and added one; FOURTH kept only "# Facts"
    # and the blank line
    assert [(v["added"], v["removed"]) for v in versions] == [(1, 3), (2, 1), (1, 1)]
    assert {v["by"] for v in versions} == {"cli"}
    assert set(versions[0]) == {"rev", "ts", "sha256", "bytes", "added", "removed", "by"}
    assert versions[0]["ts"] > versions[1]["ts"] > versions[2]["ts"]
    text = pmem(agent, "facts", "history")
    assert text.code == 0 and versions[0]["rev"] in text.out.splitlines()[0]


def test_an_update_that_changes_nothing_keeps_no_version(agent: Path):
    assert update(agent, FIRST).code == 0
    assert history(agent) == []
    assert update(agent, SECOND).code == 0 and update(agent, SECOND).code == 0
    assert len(history(agent)) == 1


def test_diff_show_rev_and_restore(agent: Path):
    fact = agent / "memory" / "FACT.md"
    update(agent, SECOND)
    update(agent, FOURTH)
    newest, oldest = (v["rev"] for v in history(agent))
    diff = pmem(agent, "facts", "diff")
    assert diff.code == 0
    assert "-- 新的事实\n" in diff.out and "+- only this\n\\ No newline" in diff.out
    assert diff.out.startswith(f"--- memory/.fact-history/{newest}.md\n+++ memory/FACT.md\n")
    assert "-- 旧的事实 😀\n" in pmem(agent, "facts", "diff", oldest).out
    shown = run_pmem("facts", "show", "--rev", oldest, cwd=agent)
    assert shown.code == 0 and shown.out == FIRST
    as_json = json.loads(pmem(agent, "facts", "show", "--rev", oldest, "--json").out)
    assert as_json["content"] == FIRST and as_json["sha256"] == sha(FIRST)

    stale = pmem(agent, "facts", "restore", oldest, "--if-match", "0" * 64)
    assert stale.code == 1 and fact.read_text(encoding="utf-8") == FOURTH
    restored = pmem(agent, "facts", "restore", oldest, "--if-match", sha(FOURTH))
    assert restored.code == 0, restored.err
    assert fact.read_bytes() == FIRST.encode("utf-8")
    after = history(agent)
    assert len(after) == 3 and after[0]["sha256"] == sha(FOURTH) and after[0]["removed"] == 1


@pytest.mark.parametrize(
    "args",
    [
        ("facts", "show", "--rev", "20990101T000000000Z-deadbeef"),
        ("facts", "diff", "20990101T000000000Z-deadbeef"),
        ("facts", "restore", "20990101T000000000Z-deadbeef"),
        ("facts", "restore", "../FACT"),
    ],
)
def test_an_unknown_rev_is_refused_and_changes_nothing(agent: Path, args):
    update(agent, SECOND)
    before = {p: p.read_bytes() for p in (agent / "memory").rglob("*") if p.is_file()}
    done = pmem(agent, *args)
    assert done.code == 1 and "no kept version" in done.err and done.out == ""
    assert {p: p.read_bytes() for p in (agent / "memory").rglob("*") if p.is_file()} == before


def test_versions_are_private_and_never_named_like_cherry_files(agent: Path):
    os.umask(0o022)
    update(agent, SECOND)
    update(agent, THIRD)
    folder = agent / "memory" / ".fact-history"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert path.name.lower() not in ("fact.md", "journal.jsonl")
    assert sorted(p.name for p in (agent / "memory").iterdir() if p.is_file()) == [
        ".pmem.lock",
        "FACT.md",
    ]
    grep = [p for p in kept_files(agent) if "旧的事实" in p.read_text(encoding="utf-8")]
    assert len(grep) == 1  # plain files: what a version says is found with grep


def test_the_bound_deletes_the_oldest_from_disk(agent: Path):
    settings(agent, "factHistoryMax = 2\n")
    for index in range(4):
        assert update(agent, f"# Facts\n\n- version {index}\n").code == 0
    versions = history(agent)
    assert [v["sha256"] for v in versions] == [
        sha("# Facts\n\n- version 2\n"),
        sha("# Facts\n\n- version 1\n"),
    ]
    assert len(kept_files(agent)) == 2
    index_lines = (agent / "memory" / ".fact-history" / "index.jsonl").read_text().splitlines()
    assert len(index_lines) == 2


def test_a_linked_history_folder_is_refused_and_fact_md_not_replaced(agent: Path, tmp_path_factory):
    target = tmp_path_factory.mktemp("elsewhere")
    (agent / "memory" / ".fact-history").symlink_to(target, target_is_directory=True)
    done = update(agent, SECOND)
    assert done.code == 2 and ".fact-history" in done.err and "link" in done.err
    assert (agent / "memory" / "FACT.md").read_text(encoding="utf-8") == FIRST
    assert list(target.iterdir()) == []
    assert pmem(agent, "facts", "history").code == 2


def test_recall_and_search_never_show_an_old_version(agent: Path):
    update(agent, SECOND)
    recall = pmem(agent, "recall")
    assert recall.code == 0 and "新的事实" in recall.out and "旧的事实" not in recall.out
    assert "旧的事实" not in pmem(agent, "search", "旧的事实").out


def test_check_reads_versions_for_secrets_only(agent: Path):
    key = FAKES["github-token"]
    settings(agent, "factFileMaxBytes = 10\n")
    (agent / "memory" / "FACT.md").write_text(f"# Facts\n\n- token {key}\n", encoding="utf-8")
    assert update(agent, f"# Facts\n\n- token {key}\n- more\n", "--allow-secret").code == 0
    done = pmem(agent, "check", "--format", "json", "memory")
    found = json.loads(done.out)
    in_versions = [d for d in found if ".fact-history" in d["path"]]
    assert [d["code"] for d in in_versions] == ["PM060"]  # not PM031 (too big) as a FACT.md is
    in_fact = [d for d in found if d["path"].endswith("FACT.md") and d["code"] == "PM060"]
    assert in_versions[0]["message"] == in_fact[0]["message"]
    assert key not in done.out


def test_redacting_a_secret_in_fact_md_redacts_it_in_the_versions(agent: Path):
    key = FAKES["openai-api-key"]
    (agent / "memory" / "FACT.md").write_text(f"# Facts\n\n- key {key}\n", encoding="utf-8")
    assert update(agent, f"# Facts\n\n- key {key}\n- 第二条\n", "--allow-secret").code == 0
    assert any(key in p.read_text(encoding="utf-8") for p in kept_files(agent))
    assert update(agent, "# Facts\n\n- key <redacted:openai-api-key>\n- 第二条\n").code == 0
    assert len(kept_files(agent)) == 2
    for path in kept_files(agent):
        text = path.read_text(encoding="utf-8")
        assert key not in text and "<redacted:openai-api-key>" in text
    assert "PM060" not in pmem(agent, "check", "memory").out
