"""`pmem`'s writes are bounded as `pmem mcp`'s ([trust] §6): FACT.md within `maxFileBytes` (a
warning over `factFileMaxBytes`), no control characters, one-line fields within their caps."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_facts_update_is_bounded(clean: Path, pmem_in_repo):
    (clean / "repo/.cursor/profile/pmem.toml").write_text(
        "maxFileBytes = 40000\n", encoding="utf-8"
    )
    fact = clean / "repo/memory/FACT.md"
    before = fact.read_bytes()
    big, over = clean / "big.md", clean / "over.md"
    big.write_text("事" * 20_000, encoding="utf-8")
    over.write_text("x" * 20_000, encoding="utf-8")
    refused = pmem_in_repo("facts", "update", str(big))
    assert refused.code == 2 and fact.read_bytes() == before
    assert "the new FACT.md is 60,000 bytes, over maxFileBytes (40,000)" in refused.err
    noted = pmem_in_repo("facts", "update", str(over))
    assert noted.code == 0 and fact.read_text(encoding="utf-8") == "x" * 20_000
    assert "pmem: warning: FACT.md is now 20,000 bytes, over factFileMaxBytes (16,384)" in noted.err


@pytest.mark.parametrize(
    "args, said",
    [
        (
            ["propose", "--scope", "user", "--kind", "add", "--category", "技术偏好", "偏好\x1bGo"],
            "the proposal's text contains the control character U+001B at character 3",
        ),
        (
            ["add", "--scope", "user", "--category", "技术偏好", "长" * 1001],
            "the entry text is 1,001 characters, over the limit of 1,000",
        ),
        (
            ["add", "--scope", "user", "--category", "技术偏好", "--source", "\u202e", "偏好 Go"],
            "the source contains the control character U+202E",
        ),
        (
            ["evolve", "PF-20260412-02", "--context", "\x07", "偏好 Vue"],
            "the context contains the control character U+0007",
        ),
    ],
)
def test_control_characters_and_long_fields_are_refused(clean: Path, pmem_in_repo, args, said):
    before = {p: p.read_bytes() for p in clean.rglob("*.md")}
    done = pmem_in_repo(*args)
    assert done.code == 2 and said in done.err and "Traceback" not in done.err, done.err
    assert {p: p.read_bytes() for p in clean.rglob("*.md")} == before
