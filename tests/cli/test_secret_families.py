"""The secret guard end to end (#22): what it missed is reported by `pmem check` as PM060 at its
line and column and refused by a write; what it cried wolf on is written; a huge line is checked
quickly (under a CPU cap, not a clock)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import TODAY, run_pmem
from secrets_support import FAKES, FAMILIES_22, HEX_DIGITS, MIXED, _chars

GITHUB, OPENAI = FAKES["github-token"], FAKES["openai-api-key"]
SPLIT = GITHUB[:7] + "\u200b" + GITHUB[7:]
URL_PASSWORD = "Pw/" + _chars(MIXED, 12)
ENV_KEY = _chars(HEX_DIGITS, 32)

# (line written into FACT.md, the secret in it, its kind)
MISSED = [
    (f"- 🙂我的key是{OPENAI}", OPENAI, "openai-api-key"),
    (f"- 令牌{GITHUB}", GITHUB, "github-token"),
    (f"- 备用令牌 {SPLIT}", SPLIT, "github-token"),
    (f"- 部署 https://deploy:{URL_PASSWORD}@git.internal", URL_PASSWORD, "url-password"),
    (f"- 支付 {FAMILIES_22['stripe-key']}", FAMILIES_22["stripe-key"], "stripe-key"),
    (
        f"- 模型 {FAMILIES_22['huggingface-token']}",
        FAMILIES_22["huggingface-token"],
        "huggingface-token",
    ),
    (
        f"- tls.key: {FAMILIES_22['encoded-private-key']}",
        FAMILIES_22["encoded-private-key"],
        "encoded-private-key",
    ),
    (f"- DATADOG_API_KEY={ENV_KEY}", ENV_KEY, "assigned-secret"),
]
FALSE_ALARMS = [
    "tokenizer: cl100k_base",
    "tokens: gpt4o_mini2",
    "密码学课程：Crypto101A",
    "session token: 123e4567-e89b-42d3-a456-426614174000",
]


def pmem(clean: Path, *args: str):
    return run_pmem(*args, cwd=clean / "repo", env={"PMEM_USER_DIR": str(user_dir(clean))})


def user_dir(clean: Path) -> Path:
    return clean / "home" / ".cursor" / "profile"


def test_check_reports_each_missed_secret_at_its_line_and_column(clean):
    facts = clean / "repo" / "memory" / "FACT.md"
    lines = ["# Facts", "", *(line for line, _, _ in MISSED), *(f"- {t}" for t in FALSE_ALARMS)]
    facts.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = pmem(clean, "check", "--format", "json")
    assert result.code == 1, result.err
    found = [d for d in json.loads(result.out) if d["code"] == "PM060"]
    expected = []
    for number, (line, secret, kind) in enumerate(MISSED, start=3):
        column = line.index(secret) + 1  # 1-based code points
        expected.append((number, column, number, column + len(secret), kind))
    assert [
        (d["line"], d["column"], d["end_line"], d["end_column"], d["message"].split()[1])
        for d in found
    ] == expected
    for _, secret, _ in MISSED:
        assert secret not in result.out + result.err


@pytest.mark.parametrize(("line", "secret", "kind"), MISSED, ids=lambda v: str(v)[:16])
def test_a_write_refuses_each_missed_secret(clean, line, secret, kind):
    result = pmem(clean, "add", "--scope", "user", "--category", "技术偏好", line[2:])
    assert result.code == 2 and kind in result.err, result.err
    assert secret not in result.out + result.err


def test_a_write_takes_what_was_a_false_alarm(clean):
    for text in FALSE_ALARMS:
        result = pmem(clean, "add", "--scope", "user", "--category", "技术偏好", f"用 {text}")
        assert result.code == 0, (text, result.err)
    assert pmem(clean, "check").code == 0


def _capped(seconds: int):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))

    return limit


def test_check_on_a_journal_line_holding_a_blob_is_quick(clean):
    """A journal line holding a 60 KB blob with `token` on it took `pmem check` 64 s; a megabyte
    now takes a fraction of a second: `pmem check` is capped at 20 s of CPU."""
    journal = clean / "repo" / "memory" / "JOURNAL.jsonl"
    blob = {"ts": f"{TODAY}T00:00:00Z", "tags": ["a" * 100_000], "text": "token " + "Ab" * 500_000}
    with journal.open("a", encoding="utf-8") as file:
        file.write(json.dumps(blob) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "profile_memory", "check"],
        cwd=clean / "repo",
        env={"HOME": str(clean), "PMEM_USER_DIR": str(user_dir(clean)), "PMEM_TODAY": TODAY},
        capture_output=True,
        text=True,
        preexec_fn=_capped(20),
    )
    assert done.returncode in (0, 1), (done.returncode, done.stderr)
    assert "PM060" not in done.stdout
