"""FACT.md versions as text (`core/facts_history.py`): rev, counts, diff, index lines; and what the
checker and the actions make of a kept version (secrets only)."""

from __future__ import annotations

from pathlib import PurePath

from helpers import memory_workspace
from profile_memory.core.actions import offers
from profile_memory.core.facts_history import (
    is_rev,
    line_counts,
    parse_index,
    rev_for,
    rev_of_name,
    secrets_gone,
    ts_of_rev,
    unified_diff,
)
from profile_memory.core.files import Role, role_of
from profile_memory.core.rules import check_path
from secrets_support import FAKES

VERSION = "/agent/memory/.fact-history/20261201T204012345Z-ab12cd34.md"


def test_rev_is_the_time_and_the_digest_and_reads_back():
    rev = rev_for("2026-12-01T20:40:12.345Z", "ab12cd34" + "0" * 56)
    assert rev == "20261201T204012345Z-ab12cd34" and is_rev(rev) and is_rev(rev + "-2")
    assert ts_of_rev(rev) == "2026-12-01T20:40:12.345Z"
    assert rev_of_name(rev + ".md") == rev
    assert [rev_of_name(n) for n in ("FACT.md", "index.jsonl", "../x.md", rev)] == [None] * 4


def test_only_a_rev_file_in_the_history_folder_of_a_memory_folder_is_a_version():
    assert role_of(PurePath(VERSION)) is Role.FACT_VERSION
    assert role_of(PurePath("/agent/memory/FACT.md")) is Role.FACT
    assert role_of(PurePath("/agent/notes/.fact-history/20261201T204012345Z-ab12cd34.md")) is None
    assert role_of(PurePath("/agent/memory/.fact-history/index.jsonl")) is None


def test_counts_a_changed_line_once_each_way_and_the_diff_marks_a_missing_line_break():
    old, new = "a\nb 中文\nc\n".encode(), "a\nB 😀\nc\nd".encode()
    assert line_counts(old, new) == (2, 1)
    assert line_counts(old, old) == (0, 0)
    diff = unified_diff(old, new, "old", "new")
    assert diff.startswith("--- old\n+++ new\n") and "-b 中文\n+B 😀\n" in diff
    assert diff.endswith("+d\n\\ No newline at end of file\n")
    assert unified_diff(old, old, "old", "new") == ""


def test_a_torn_or_foreign_index_line_is_skipped():
    good = (
        '{"rev": "20261201T204012345Z-ab12cd34", "ts": "t", "by": "cli", "added": 1, '
        '"removed": 2, "to": "x"}'
    )
    found = parse_index(good + '\n{"rev": "../x"}\n{"rev": "20261201T2040')
    assert (
        list(found) == ["20261201T204012345Z-ab12cd34"]
        and found["20261201T204012345Z-ab12cd34"].removed == 2
    )


def test_a_secret_left_out_of_the_new_text_is_gone():
    key = FAKES["github-token"]
    assert secrets_gone(f"- token {key}\n", "- token <redacted:github-token>\n") == [
        (key, "github-token")
    ]
    assert secrets_gone(f"- token {key}\n", f"- again {key}\n") == []


def test_a_version_is_checked_for_secrets_only_and_offered_the_same_fix():
    key = FAKES["openai-api-key"]
    big = f"# Facts\n\n- key {key}\n" + "- 很长的一行事实\n" * 3000  # over PM031 and PM035
    workspace = memory_workspace({VERSION: big, "/agent/memory/FACT.md": big})
    in_version = check_path(workspace, PurePath(VERSION))
    in_fact = check_path(workspace, PurePath("/agent/memory/FACT.md"))
    assert [d.code for d in in_version] == ["PM060"]
    assert {"PM031", "PM035", "PM060"} <= {d.code for d in in_fact}
    fact_secret = next(d for d in in_fact if d.code == "PM060")
    assert in_version[0].message == fact_secret.message
    source = workspace.source(PurePath(VERSION))
    found = offers(workspace, source, 2, 2, lambda: "PF-20261130-01")
    assert [(o.request.action, o.title) for o in found] == [("redact", "Redact this secret")]
