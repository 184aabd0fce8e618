"""Agent memory on disk: appends, FACT.md updates, search, recall — and what hostile links and crashes cannot do."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import HANG, run_pmem


@pytest.fixture
def agent(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    assert run_pmem("init", "--memory", ".", cwd=tmp_path).code == 0
    return tmp_path


def pmem(root: Path, *args: str, stdin: str | None = None):
    return run_pmem(*args, cwd=root, env={"PMEM_USER_DIR": str(root / "home")}, stdin=stdin)


def test_append_writes_cherry_lines_private_and_fsynced(agent: Path):
    assert (
        pmem(
            agent,
            "journal",
            "append",
            '选定 FastAPI "真的"',
            "--tag",
            "backend",
            "--tag",
            " backend ",
            "--tag",
            "决策",
        ).code
        == 0
    )
    journal = agent / "memory" / "JOURNAL.jsonl"
    entry = json.loads(journal.read_text(encoding="utf-8"))
    assert list(entry) == ["ts", "tags", "text"] and entry["tags"] == ["backend", "决策"]
    assert journal.read_bytes().endswith(b"}\n") and "决策" in journal.read_text(encoding="utf-8")
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600


def test_a_torn_line_is_skipped_by_search_and_closed_by_the_next_append(agent: Path):
    journal = agent / "memory" / "JOURNAL.jsonl"
    journal.write_bytes(
        b'{"ts":"2026-06-01T00:00:00.000Z","tags":[],"text":"ok"}\n{"ts":"2026-06-0'
    )
    assert pmem(agent, "journal", "append", "after the crash").code == 0
    lines = journal.read_text().split("\n")
    assert lines[1] == '{"ts":"2026-06-0' and json.loads(lines[2])["text"] == "after the crash"
    result = pmem(agent, "journal", "search", "--json")
    assert [h["text"] for h in json.loads(result.out)] == ["after the crash", "ok"]
    assert "1 malformed journal line skipped" in result.err


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["journal", "append", "  "], 2, "empty"),
        (["journal", "search", "--limit", "0"], 2, "positive whole number"),
        (["journal", "search", "--limit", "x"], 2, "positive whole number"),
        (["journal", "append", "x", "--dir", "../.."], 2, "not an agent memory folder"),
        (["journal", "append", "x", "--dir", "nowhere/memory"], 2, "pmem init --memory"),
    ],
)
def test_bad_input_is_refused_and_nothing_written(agent: Path, args, code, words):
    journal = agent / "memory" / "JOURNAL.jsonl"
    before = journal.read_bytes()
    result = pmem(agent, *args)
    assert result.code == code and words in result.err and "Traceback" not in result.err
    assert journal.read_bytes() == before


def test_facts_update_is_verbatim_keeps_the_mode_and_honours_if_match(agent: Path):
    fact = agent / "memory" / "FACT.md"
    fact.chmod(0o640)
    assert pmem(agent, "facts", "update", stdin="# Facts\n\n- 用 zsh\n").code == 0
    assert (
        fact.read_text(encoding="utf-8") == "# Facts\n\n- 用 zsh\n"
        and stat.S_IMODE(fact.stat().st_mode) == 0o640
    )
    shown = json.loads(pmem(agent, "facts", "show", "--json").out)
    assert shown["content"] == "# Facts\n\n- 用 zsh\n"
    stale = pmem(agent, "facts", "update", "--if-match", "0" * 64, stdin="lost update\n")
    assert (
        stale.code == 1
        and "changed since" in stale.err
        and fact.read_text(encoding="utf-8").startswith("# Facts")
    )
    fresh = pmem(agent, "facts", "update", "--if-match", shown["sha256"], stdin="# Facts v2\n")
    assert fresh.code == 0 and fact.read_text() == "# Facts v2\n"
    assert pmem(agent, "facts", "update", stdin="").code == 2


def test_stale_temp_files_of_a_killed_writer_are_removed(agent: Path):
    stale = agent / "memory" / ".FACT.md.dead.tmp"
    stale.write_text("half")
    os.utime(stale, (time.time() - 7200, time.time() - 7200))
    recent = agent / "memory" / ".FACT.md.alive.tmp"
    recent.write_text("in progress")
    assert pmem(agent, "facts", "update", stdin="x\n").code == 0
    assert not stale.exists() and recent.exists()


def test_links_are_refused_everywhere_and_targets_untouched(agent: Path, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    target = outside / "secret.md"
    target.write_text("secret\n")
    memory = agent / "memory"
    cases = []
    # FACT.md -> a file outside
    (memory / "FACT.md").unlink()
    (memory / "FACT.md").symlink_to(target)
    cases.append(("facts", "update"))
    result = pmem(agent, "facts", "update", stdin="overwrite\n")
    assert result.code == 2 and "symbolic link" in result.err
    (memory / "FACT.md").unlink()
    # fact.md (another case) as a link beside no FACT.md
    (memory / "fact.md").symlink_to(target)
    result = pmem(agent, "facts", "update", stdin="overwrite\n")
    assert result.code == 2 and "fact.md" in result.err
    (memory / "fact.md").unlink()
    # JOURNAL.jsonl as a link
    (memory / "JOURNAL.jsonl").unlink()
    (memory / "JOURNAL.jsonl").symlink_to(target)
    assert pmem(agent, "journal", "append", "leak").code == 2
    (memory / "JOURNAL.jsonl").unlink()
    # the lock file as a link
    (memory / ".pmem.lock").unlink(missing_ok=True)
    (memory / ".pmem.lock").symlink_to(target)
    result = pmem(agent, "journal", "append", "leak")
    assert result.code == 2 and "lock file" in result.err
    (memory / ".pmem.lock").unlink()
    assert target.read_text() == "secret\n"
    # memory/ itself -> a folder outside
    real = outside / "memory"
    real.mkdir()
    for child in memory.iterdir():
        child.rename(real / child.name)
    memory.rmdir()
    memory.symlink_to(real)
    result = pmem(agent, "journal", "append", "leak")
    assert result.code == 2 and "memory folder is a symbolic link" in result.err
    assert (
        not (real / "JOURNAL.jsonl").exists()
        or b"leak" not in (real / "JOURNAL.jsonl").read_bytes()
    )


def test_provisioning_over_existing_and_empty_files_changes_nothing(agent: Path):
    (agent / "memory" / "FACT.md").write_text("")
    (agent / "memory" / "JOURNAL.jsonl").write_text(
        '{"ts":"2026-06-01T00:00:00.000Z","tags":[],"text":"x"}\n'
    )
    before = {p.name: p.read_bytes() for p in (agent / "memory").iterdir() if p.is_file()}
    result = pmem(agent, "init", "--memory", ".")
    assert result.out.split() == ["kept", "memory/FACT.md", "kept", "memory/JOURNAL.jsonl"]
    assert {p.name: p.read_bytes() for p in (agent / "memory").iterdir() if p.is_file()} == before


APPENDER = """
import sys
from pathlib import Path
from profile_memory.cli import main
from profile_memory.store.memory import journal_append
folder, worker, count, via_cli = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "cli"
for n in range(count):
    text = f"worker {worker} entry {n} " + "长" * (n % 50)
    if via_cli:
        assert main(["journal", "append", text, "--tag", worker, "--dir", str(folder)]) == 0
    else:
        journal_append(folder, text, [worker])
"""


def test_eight_writers_append_2000_lines_none_torn_lost_or_interleaved(agent: Path):
    folder = agent / "memory"
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                APPENDER,
                str(folder),
                f"w{n}",
                "250",
                "cli" if n % 2 else "lib",
            ],
            cwd=agent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for n in range(8)
    ]
    for writer in writers:
        assert writer.wait(timeout=HANG) == 0, writer.stderr.read()
    lines = (folder / "JOURNAL.jsonl").read_text(encoding="utf-8").split("\n")
    assert lines[-1] == "" and len(lines) - 1 == 2000
    entries = [json.loads(line) for line in lines[:-1]]
    for n in range(8):
        mine = [int(e["text"].split()[3]) for e in entries if e["tags"] == [f"w{n}"]]
        assert mine == list(range(250))  # each writer's entries complete and in order


FACT_WRITER = """
import sys
from pathlib import Path
from profile_memory.store.memory import replace_fact
folder = Path(sys.argv[1])
n = 0
while True:
    n += 1
    replace_fact(folder, f"version {n}\\n" + ("事实" * 100_000) + f"\\nend {n}\\n")
"""


def test_a_fact_writer_killed_at_random_moments_never_leaves_a_partial_file(agent: Path):
    folder = agent / "memory"
    fact = folder / "FACT.md"
    fact.write_text("version 0\nend 0\n", encoding="utf-8")
    rng = random.Random(11)
    for _ in range(50):
        writer = subprocess.Popen(
            [sys.executable, "-c", FACT_WRITER, str(folder)],
            cwd=agent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.05, 0.3))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        text = fact.read_text(encoding="utf-8")
        first, last = text.split("\n", 1)[0], text.rstrip("\n").rsplit("\n", 1)[-1]
        assert first.startswith("version ") and last == "end " + first.split()[1]
        assert text in ("version 0\nend 0\n", f"{first}\n" + "事实" * 100_000 + f"\n{last}\n")


def test_memory_search_covers_journals_and_logs(agent: Path):
    pmem(agent, "journal", "append", "选定 FastAPI", "--tag", "backend")
    pmem(agent, "add", "--scope", "user", "--category", "技术偏好", "偏好 FastAPI")
    hits = json.loads(pmem(agent, "search", "fastapi", "--json").out)
    assert [(h["kind"], h["text"]) for h in hits] == [
        ("journal", "选定 FastAPI"),
        ("log", "偏好 FastAPI"),
    ]
    assert hits[1]["id"].startswith("PF-") and hits[0]["line"] == 1


def test_recall_prints_the_context_block_in_three_formats(agent: Path):
    pmem(agent, "add", "--scope", "project", "--category", "项目定位", "面向开发者")
    (agent / "memory" / "FACT.md").write_text(
        "# Long-term knowledge\n\n- 用 zsh\n", encoding="utf-8"
    )
    (agent / "SOUL.md").write_text("")
    text = pmem(agent, "recall").out
    assert text.startswith(
        '<project-profile path=".cursor/profile/project-profile.md" log=".cursor/profile/project-profile-log.md">'
    )
    assert '<facts path="memory/FACT.md">\n# Long-term knowledge\n\n- 用 zsh\n</facts>' in text
    assert (
        "<soul" not in text and "<user-profile" not in text
    )  # empty and missing files are omitted
    markdown = pmem(agent, "recall", "--format", "markdown").out
    assert "## Agent Knowledge" in markdown and "Trust them as ground truth" in markdown
    sections = json.loads(pmem(agent, "recall", "--format", "json").out)
    assert [s["name"] for s in sections] == ["project-profile", "facts"]


def test_recall_reads_facts_under_the_same_link_rules_as_the_writers(agent: Path, tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "FACT.md").write_text("# Facts from elsewhere\n", encoding="utf-8")
    shutil.rmtree(agent / "memory")
    (agent / "memory").symlink_to(elsewhere)
    assert pmem(agent, "facts", "show").code == 2
    assert "elsewhere" not in pmem(agent, "recall").out
