"""What `pmem recall` and `pmem check` load at start (#25): a module a command does not use is not
imported, so an agent calling recall on every prompt pays for Python and the profiles, not for a
TOML parser, a date library, HTML tables, a process runner or `dataclasses` (with `inspect`, its
import and each class it makes cost more than the rest of recall's start; check makes its values
with `core/values.py`), nor `shutil` (argparse asks it the terminal's width; with its compression
modules it costs ~2.5 ms) or `threading` (~1 ms). Run as a real process (a fresh
interpreter: this one has loaded everything)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cli_support import pmem_environment

SHOWN = (
    "tomllib",
    "datetime",
    "html",
    "subprocess",
    "hashlib",
    "shlex",
    "profile_memory.core.merge",
    "dataclasses",
    "inspect",
    "shutil",
    "threading",
)


def fresh_run(
    clean: Path, argv: list[str], names: tuple[str, ...] = SHOWN
) -> tuple[subprocess.CompletedProcess[str], dict[str, bool]]:
    """`pmem ARGV` in a fresh interpreter in the clean tree, and which of `names` it loaded."""
    code = (
        "import json, sys\nfrom profile_memory.cli import main\n"
        f"code = main({argv!r})\n"
        f"print(json.dumps({{name: name in sys.modules for name in {names!r}}}))\n"
        "sys.exit(code)"
    )
    env = pmem_environment(clean / "repo", {"PMEM_USER_DIR": str(clean / "home/.cursor/profile")})
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=clean / "repo",
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done, json.loads(done.stdout.splitlines()[-1])


def loaded_after(clean: Path, *argv: str) -> dict[str, bool]:
    return fresh_run(clean, list(argv))[1]


def test_recall_loads_no_toml_parser_date_html_process_runner_or_dataclasses(clean: Path) -> None:
    assert not any(loaded_after(clean, "recall").values())


def test_recall_still_reads_pmem_toml_when_there_is_one(clean: Path) -> None:
    (clean / "home/.cursor/profile/pmem.toml").write_text("recallTokenBudget = 5\n")
    loaded = loaded_after(clean, "recall", "--budget")
    assert loaded["tomllib"]  # read only because the file is there


def test_check_runs_no_git_where_no_gitattributes_names_the_driver(clean: Path) -> None:
    loaded = loaded_after(clean, "check")
    assert not (loaded["subprocess"] or loaded["shlex"] or loaded["tomllib"])
    assert not loaded["profile_memory.core.merge"]  # no conflict marker in the files


def test_check_of_a_pair_loads_no_dataclasses_shutil_or_threading(clean: Path) -> None:
    """Its values are made by `core/values.py`, at a part of a dataclass's cost (a journal is
    read with pydantic, which loads them: a pair is checked here)."""
    pair = [
        str(clean / "home/.cursor/profile" / name)
        for name in ("user-profile.md", "user-profile-log.md")
    ]
    loaded = loaded_after(clean, "check", *pair)
    assert not (loaded["dataclasses"] or loaded["inspect"])
    assert not (loaded["shutil"] or loaded["threading"])


def test_check_still_reports_conflict_markers(clean: Path) -> None:
    profile = clean / "home/.cursor/profile/user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n",
        encoding="utf-8",
    )
    assert loaded_after(clean, "check")["profile_memory.core.merge"]


# What only the paths of logs, profiles and writes use.
NOT_FOR_A_JOURNAL = (
    "profile_memory.core.log",
    "profile_memory.core.index",
    "profile_memory.core.plans",
    "profile_memory.core.trace",
    "profile_memory.core.pending",
    "profile_memory.core.profile",
    "hashlib",
    "difflib",
)


def test_a_journal_search_loads_no_log_parser_planner_or_tracer(clean: Path) -> None:
    """It reads a journal only: the log parser, the index, the planner, the tracer, the pending
    file's and the profile's readers, hashlib (OpenSSL) and difflib are ~9 ms of its start (#25,
    the journal search's row of bench/RESULTS.md)."""
    memory = clean / "repo/memory"
    memory.mkdir(exist_ok=True)
    (memory / "JOURNAL.jsonl").write_text(
        '{"ts": "2026-04-12T10:00:00Z", "tags": [], "text": "偏好 Go"}\n'
    )
    argv = ["journal", "search", "--json", "--dir", str(memory), "go"]
    done, loaded = fresh_run(clean, argv, NOT_FOR_A_JOURNAL)
    assert done.returncode == 0, done.stderr
    assert '"text": "偏好 Go"' in done.stdout
    assert not any(loaded.values()), loaded
