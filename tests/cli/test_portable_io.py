"""The store without descriptors of folders (Windows: no `dir_fd`, no `O_NOFOLLOW`): the key store
tests run again with those features hidden, and the checks that replace them refuse what the
descriptors refused, with the same words (docs/format.md, "Without descriptors of folders")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import HANG, run_pmem
from profile_memory.store import folder as folder_module
from profile_memory.store.memory import read_fact, replace_fact
from profile_memory.store.safe import UnsafePath, atomic_replace, open_folder

ROOT = Path(__file__).parents[2]

# safe paths, symlink and hard-link refusal, atomic replace, append, FACT.md update, fact history
KEY_TESTS = [
    "tests/cli/test_memory.py::test_append_writes_cherry_lines_private_and_fsynced",
    "tests/cli/test_memory.py::test_a_torn_line_is_skipped_by_search_and_closed_by_the_next_append",
    "tests/cli/test_memory.py::test_facts_update_is_verbatim_keeps_the_mode_and_honours_if_match",
    "tests/cli/test_memory.py::test_stale_temp_files_of_a_killed_writer_are_removed",
    "tests/cli/test_memory.py::test_links_are_refused_everywhere_and_targets_untouched",
    "tests/cli/test_memory.py::test_provisioning_over_existing_and_empty_files_changes_nothing",
    "tests/cli/test_memory.py::test_recall_reads_facts_under_the_same_link_rules_as_the_writers",
    "tests/cli/test_fact_history.py",
    "tests/cli/test_write.py::test_add_evolve_pivot_delete_round_trip",
    "tests/cli/test_write.py::test_a_symlinked_log_is_refused_and_its_target_untouched",
    "tests/cli/test_write.py::test_bom_crlf_and_final_newline_are_kept",
    "tests/cli/test_hostile.py::test_a_hard_linked_file_is_not_written",
    "tests/cli/test_hostile.py::test_names_that_differ_only_in_case_are_refused_for_writes",
    "tests/unit/test_kept_versions.py",
]


def test_the_key_store_tests_pass_with_dir_fd_and_o_nofollow_hidden():
    environment = {**os.environ, "PMEM_PORTABLE_IO": "1"}  # and for the `pmem` processes they run
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n0"]
        + ["-p", "portable_io_plugin", *KEY_TESTS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout


@pytest.fixture
def portable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folder_module, "FORCED", True)


@pytest.fixture
def agent(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "FACT.md").write_text("# Facts\n- 喜欢 Go 🐹\n", encoding="utf-8")
    (tmp_path / "memory" / "JOURNAL.jsonl").write_text("", encoding="utf-8")
    return tmp_path


def _refusals(agent: Path, outside: Path) -> list[tuple[int, str]]:
    """What `pmem` answers to each hostile file, with the files put back between."""
    memory, target = agent / "memory", outside / "target.md"
    target.write_text("secret\n")
    answers = []
    env = {"PMEM_USER_DIR": str(agent / "home")}
    for name, args in (("FACT.md", ("facts", "update")), ("JOURNAL.jsonl", ("journal", "append"))):
        kept = (memory / name).read_bytes()
        (memory / name).unlink()
        (memory / name).symlink_to(target)
        result = run_pmem(
            *args,
            *(["x"] if name == "JOURNAL.jsonl" else []),
            cwd=agent,
            env=env,
            stdin="overwrite\n",
        )
        answers.append((result.code, result.err))
        (memory / name).unlink()
        (memory / name).write_bytes(kept)
        os.link(memory / name, outside / f"second-{name}")
        result = run_pmem(
            *args,
            *(["x"] if name == "JOURNAL.jsonl" else []),
            cwd=agent,
            env=env,
            stdin="overwrite\n",
        )
        answers.append((result.code, result.err))
        (outside / f"second-{name}").unlink()
    history = memory / ".fact-history"
    shutil.rmtree(history, ignore_errors=True)  # kept by the updates above
    history.symlink_to(outside, target_is_directory=True)
    result = run_pmem("facts", "update", cwd=agent, env=env, stdin="changed\n")
    answers.append((result.code, result.err))
    history.unlink()
    assert target.read_text() == "secret\n"
    return answers


def test_the_refusals_and_their_words_are_the_same_without_descriptors(
    agent: Path, tmp_path_factory, monkeypatch: pytest.MonkeyPatch
):
    native = _refusals(agent, tmp_path_factory.mktemp("outside"))
    monkeypatch.setattr(folder_module, "FORCED", True)
    assert _refusals(agent, tmp_path_factory.mktemp("outside")) == native
    assert all(code == 2 for code, _ in native)
    assert all("symbolic link" in err or "hard links" in err for _, err in native)


def test_a_file_swapped_for_a_link_between_the_check_and_the_open_is_not_used(
    agent: Path, tmp_path: Path, portable: None, monkeypatch: pytest.MonkeyPatch
):
    """The race the descriptors close: FACT.md is checked, then replaced by a link to a file
    elsewhere before it is opened. The opened file is not the checked one: refused, untouched."""
    fact, target = agent / "memory" / "FACT.md", tmp_path / "elsewhere.md"
    target.write_text("not yours\n")
    real_open = os.open

    def swapping_open(path, flags, *args, **kwargs):
        if Path(path) == fact and fact.exists() and not fact.is_symlink():
            fact.unlink()
            fact.symlink_to(target)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", swapping_open)
    with pytest.raises(OSError, match="became a symbolic link while it was opened"):
        read_fact(agent / "memory")
    monkeypatch.setattr(os, "open", real_open)
    with pytest.raises(UnsafePath, match="symbolic link"):
        replace_fact(agent / "memory", "overwrite\n")
    assert target.read_text() == "not yours\n"


def test_a_folder_swapped_for_a_link_while_it_is_used_is_not_written_through(
    tmp_path: Path, portable: None
):
    """Without a descriptor the folder is reached by name: each call first checks it is still the
    folder that was opened."""
    real, elsewhere = tmp_path / "notes", tmp_path / "elsewhere"
    real.mkdir()
    elsewhere.mkdir()
    with open_folder(real) as opened:
        real.rename(tmp_path / "moved")
        real.symlink_to(elsewhere, target_is_directory=True)
        with pytest.raises(OSError, match="the folder was replaced"):
            atomic_replace(opened, "profile.md", b"text\n")
    assert list(elsewhere.iterdir()) == []
