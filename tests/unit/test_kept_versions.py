"""The store's keeping of FACT.md versions seen replaced by another writer (store/fact_history.py,
docs/format.md "FACT.md versions"), on real folders."""

from __future__ import annotations

from pathlib import Path

from profile_memory.store.fact_history import versions
from profile_memory.store.memory import record_outside
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
