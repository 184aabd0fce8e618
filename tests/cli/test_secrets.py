"""No write path stores a secret: the CLI's writes and agent memory refuse one (exit 2, naming its
kind and place, never its value) unless --allow-secret; `pmem check` fails on one already there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_pmem
from hypothesis import given, settings
from hypothesis import strategies as st
from profile_memory.core.secrets import find_secrets
from secrets_support import FAKES

FAKE = FAKES["aws-access-key"]


def pmem(clean: Path, *args: str, stdin: str | None = None):
    env = {"PMEM_USER_DIR": str(clean / "home" / ".cursor" / "profile")}
    return run_pmem(*args, cwd=clean / "repo", env=env, stdin=stdin)


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".pmem.lock"
    }


WRITES = [
    ["add", "--scope", "user", "--category", "技术偏好", f"部署 key {FAKE}"],
    ["add", "--scope", "user", "--category", "技术偏好", "偏好 Go", "--context", f"key={FAKE}"],
    ["evolve", "PF-20260412-02", f"偏好 React {FAKE}"],
    ["pivot", "PF-20260412-02", f"偏好 {FAKE}"],
    ["delete", "PF-20260412-02", "--source", f"见 {FAKE}"],
    ["propose", "--scope", "user", "--kind", "add", "--category", "技术偏好", f"用 {FAKE}"],
    ["journal", "append", f"deployed with {FAKE}"],
    ["journal", "append", "deployed", "--tag", FAKE],
]


@pytest.mark.parametrize("args", WRITES, ids=lambda args: " ".join(args[:2]))
def test_every_write_refuses_a_secret_and_never_echoes_it(clean, args):
    before = tree(clean)
    result = pmem(clean, *args)
    assert result.code == 2 and "aws-access-key" in result.err, result.err
    assert FAKE not in result.err + result.out
    assert tree(clean) == before


def test_facts_update_refuses_a_secret_by_line_and_column(clean):
    result = pmem(clean, "facts", "update", stdin=f"# Facts\n\n- 部署用 {FAKE}\n")
    assert result.code == 2 and "line 3, column 7" in result.err and FAKE not in result.err


def test_allow_secret_writes_it_and_check_then_fails_without_echo(clean):
    add = ["add", "--scope", "user", "--category", "技术偏好", f"部署 key {FAKE}"]
    added = pmem(clean, *add, "--allow-secret", "--json")
    assert added.code == 0
    anchor = json.loads(added.out)["ids"][0]
    assert pmem(clean, "journal", "append", f"deployed {FAKE}", "--allow-secret").code == 0
    views = (
        ["trace", anchor, "--all"],
        ["trace", anchor, "--json"],
        ["recall"],
        ["recall", "--format", "json"],
        ["search", "部署"],
        ["journal", "search", "deployed"],
        ["journal", "search", "deployed", "--json"],
    )
    for args in views:  # every view of a memory file masks it
        shown = pmem(clean, *args)
        assert shown.code == 0 and FAKE not in shown.out + shown.err, args
        assert "<redacted:" in shown.out, args
    text = pmem(clean, "check")
    assert text.code == 1 and "PM060" in text.out and FAKE not in text.out + text.err
    found = json.loads(pmem(clean, "check", "--format", "json").out)
    assert {d["code"] for d in found} == {"PM060"} and FAKE not in json.dumps(found)


IDS = st.from_regex(r"PF-20\d\d(0[1-9]|1[0-2])(0[1-9]|1\d|2[0-8])-\d\d", fullmatch=True)
OURS = st.one_of(
    IDS,
    st.from_regex(r"20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", fullmatch=True),
    st.from_regex(r"[0-9a-f]{64}", fullmatch=True),
    st.from_regex(r"\.FACT\.md\.[0-9a-f]{8}\.tmp", fullmatch=True),
    st.from_regex(r"\[[^\]\[]{1,8}\]\(chat-[0-9a-f]{4,12}\)", fullmatch=True),
    st.text(
        alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=1, max_size=80
    ),
)


@settings(max_examples=300)
@given(
    st.lists(OURS, min_size=1, max_size=8).map(" ".join), st.sampled_from(["", "token: ", "密码："])
)
def test_what_our_files_are_full_of_is_never_a_secret(text, keyword):
    assert find_secrets(keyword + text) == []


def test_recall_budget_prints_each_block_and_fails_over_the_budget(clean):
    shown = pmem(clean, "recall", "--budget")
    assert shown.code == 0 and shown.out.splitlines()[0].startswith("user-profile     ≈")
    assert "of a budget of 4,000" in shown.out
    toml = clean / "repo" / ".cursor" / "profile" / "pmem.toml"
    toml.write_text("recallTokenBudget = 100\n", encoding="utf-8")
    over = pmem(clean, "recall", "--budget")
    assert over.code == 1 and "over the budget" in over.out
