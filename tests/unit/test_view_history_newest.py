"""History (`core/outline.history`) picks the newest records without sorting views of every
record: its answer equals the plain definition — every record with an id, the later in the logs
first among records of a date, sorted newest first, the first `limit` — on logs whose dates go
back and forth, repeat, or are missing."""

from __future__ import annotations

import random

import pytest
from features_support import Served, serve
from helpers import record
from lsprotocol import types
from profile_memory.core.outline import history


@pytest.fixture
def served(tmp_path, monkeypatch) -> Served:
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    return serve(tmp_path)


def plain(served: Served, query: str = "") -> list[tuple[str, str, int]]:
    found = [
        (record.id, str(record.date or ""), record.line, pair.name)
        for pair in served.ls.resolver.pairs()
        for record in (pair.log.doc.records if pair.log else [])
        if record.id and query.casefold() in f"{record.id} {record.title}".casefold()
    ]
    found.reverse()
    found.sort(key=lambda found: found[1], reverse=True)
    return found


@pytest.mark.parametrize("limit", [1, 7, 200])
def test_history_equals_the_plain_definition(served: Served, limit: int):
    rng = random.Random(limit)
    log = served.user_dir / "user-profile-log.md"
    days = ["2026-04-12", "2026-04-11", "2026-04-14", "2026-13-01", "2025-12-31"]
    records = "".join(
        record(f"PF-2026041{rng.randint(1, 4)}-{n:02d}", rng.choice(days), "新增", f"偏好 {n} 🎉")
        for n in range(1, 60)
    )
    log.write_text(log.read_text(encoding="utf-8") + records, encoding="utf-8")
    for query in ("", "偏好 1", "pf-20260412"):
        got = [(r.id, r.date, r.line, r.pair) for r in history(served.ls.resolver, query, limit)]
        assert got == plain(served, query)[:limit]


def test_history_after_edits_equals_the_plain_definition(served: Served):
    """The order kept by the log's index (`LogIndex.newest`) is carried through an update (typing
    in a title keeps every date) and made again when a date changes."""
    rng = random.Random(7)
    log = served.user_dir / "user-profile-log.md"
    days = ["2026-04-12", "2026-04-11", "2026-04-14", "2025-12-31"]
    records = "".join(
        record(f"PF-2026041{rng.randint(1, 4)}-{n:02d}", rng.choice(days), "新增", f"偏好 {n}")
        for n in range(1, 40)
    )
    text = log.read_text(encoding="utf-8") + records
    served.open(log, text)
    uri = log.as_uri()
    for n, (old, new) in enumerate(
        [("标题", "标题 x"), ("标题 x", "题"), ("2026-04-11", "2026-04-15"), ("偏好 3", "偏好 三")]
    ):
        got = [(r.id, r.date, r.line, r.pair) for r in history(served.ls.resolver, "", 25)]
        assert got == plain(served)[:25]
        text = text.replace(old, new, 1)
        change = types.TextDocumentContentChangeWholeDocument(text=text)
        served.ls.provider.open[log].apply(change, "utf-16")
        assert served.ls.provider.open[log].uri == uri, n
    got = [(r.id, r.date, r.line, r.pair) for r in history(served.ls.resolver, "题", 25)]
    assert got == plain(served, "题")[:25]
