"""`store.safe.wait_for_writes`: a process that ends early waits for the folder locks it holds, and
only for those, whichever thread took or let go of them."""

from __future__ import annotations

import threading
from pathlib import Path

from profile_memory.store.safe import folder_lock, wait_for_writes

HANG = 60  # seconds before a wait that should end is taken for a hang


def _hold(folder: Path, taken: threading.Event, release: threading.Event) -> threading.Thread:
    def holder() -> None:
        with folder_lock(folder):
            taken.set()
            release.wait(HANG)

    thread = threading.Thread(target=holder, daemon=True)
    thread.start()
    assert taken.wait(HANG)
    return thread


def test_no_write_under_way_does_not_wait() -> None:
    wait_for_writes()  # returns at once (a hang fails the suite's run)


def test_the_wait_ends_when_the_last_of_two_writes_ends(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    releases = [threading.Event(), threading.Event()]
    holders = [
        _hold(folder, threading.Event(), release)
        for folder, release in zip((first, second), releases, strict=True)
    ]
    waited = threading.Event()
    waiter = threading.Thread(target=lambda: (wait_for_writes(), waited.set()), daemon=True)
    waiter.start()
    releases[0].set()
    holders[0].join(HANG)
    assert not waited.is_set()  # the second write is still under way
    assert waiter.is_alive()
    releases[1].set()
    holders[1].join(HANG)
    assert waited.wait(HANG)
    with folder_lock(first):  # and the count is back to none: a new write starts and ends
        pass
    wait_for_writes()
