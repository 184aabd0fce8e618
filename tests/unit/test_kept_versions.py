"""The store's keeping of FACT.md versions seen replaced by another writer (store/fact_history.py,
docs/format.md "FACT.md versions"), on real folders."""

from __future__ import annotations

from pathlib import Path

import pytest
from profile_memory.store.fact_history import versions
from profile_memory.store.memory import record_outside
from profile_memory.store.safe import UnsafePath
from secrets_support import FAKES

KEY = FAKES["github-token"]
WITH_SECRET = f"# Facts\n\n- token {KEY}\n- 事实 😀\n".encode()
REDACTED = "# Facts\n\n- token <redacted:github-token>\n- 事实 😀\n".encode()


def memory(tmp_path: Path) -> Path:
    folder = tmp_path / "memory"
    folder.mkdir()
    (folder / "FACT.md").write_bytes(REDACTED)
    return folder


def kept_files(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in sorted((folder / ".fact-history").glob("*.md"))]


def test_a_redacting_replacement_seen_twice_is_kept_once_and_redacted(tmp_path: Path):
    # a save and the watcher's event for the same write both report it
    folder = memory(tmp_path)
    first = record_outside(folder, WITH_SECRET, REDACTED, "editor", 20)
    again = record_outside(folder, WITH_SECRET, REDACTED, "outside", 20)
    assert first is not None and again is None
    assert [v.by for v in versions(folder)] == ["editor"]
    assert kept_files(folder) == [REDACTED]


def test_a_secret_the_new_text_still_holds_is_kept_as_it_was(tmp_path: Path):
    folder = memory(tmp_path)
    newer = WITH_SECRET + "- 还有一条\n".encode()
    record_outside(folder, WITH_SECRET, newer, "outside", 20)
    assert kept_files(folder) == [WITH_SECRET]


def test_a_version_is_never_on_disk_without_its_record(tmp_path: Path):
    # the versions are read without a lock: a reader that finds a version file must find who kept
    # it, so the record is written first; here the index is refused (a hard link) and so nothing
    # is kept at all, never a version listed as "unknown"
    folder = memory(tmp_path)
    history = folder / ".fact-history"
    history.mkdir(mode=0o700)
    (history / "index.jsonl").write_bytes(b"")
    (tmp_path / "elsewhere.jsonl").hardlink_to(history / "index.jsonl")
    newer = REDACTED + "- 新的一条 🍒\n".encode()
    with pytest.raises(UnsafePath):
        record_outside(folder, REDACTED, newer, "outside", 20)
    assert versions(folder) == [] and kept_files(folder) == []
