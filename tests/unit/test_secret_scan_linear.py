"""No input makes the secret scan slow (docs/format.md, "Secrets"): each adversarial shape of a
megabyte is scanned — pre-scan, `find_secrets`, `masked`, `secrets_in_lines` — in a child process
whose CPU time is capped. Before #22 the first shapes took minutes (50,000 letters with `token` on
the line took over 20 s); now each takes a fraction of a second, so a cap of several seconds of CPU
(not wall time: a loaded machine does not make it fail) leaves a wide margin."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

CPU_SECONDS = 8  # the child's whole CPU time: start-up, import, building the input and the scan
MEGABYTE = 1_000_000

SHAPES = {
    "letters with token": "'token ' + 'Ab' * (N // 2)",
    "one letter": "'token ' + 'a' * N",
    "a colon after each letter": "'token ' + 'a:' * (N // 2)",
    "scheme separators": "'://' * (N // 3) + '@'",
    "keyword assignments": "'token=' * (N // 6)",
    "short assignments": "'Key=aaaaaaaa ' * (N // 13)",
    "hex": "'token ' + '0123456789abcdef' * (N // 16)",
    "a 100 KB JSON tag": (
        "json.dumps({'ts': '2026-11-30T00:00:00Z', 'tags': ['x' * 100_000], 'text': 'token'})"
    ),
    "URL user names": "('://u:' + 'p' * 1000 + '@') * (N // 1006)",
    "at signs before colons": "'@' + 'a:' * (N // 2) + '://'",
    "JWT starts": "'eyJaaaaaaaaa.' * (N // 13)",
    "PEM headers": "'-----BEGIN ' * (N // 11)",
    "encoded PEM starts": "'LS0tLS1CRUdJTi' * (N // 14)",
    "invisible characters": "'a\\u200b' * (N // 2) + 'token=' + 'Qm3xZ9' * 4",
    "Chinese keywords": "'密码：' * (N // 3)",
    "JSON escapes": "'\\\\u662f\\\\n' * (N // 8) + ' ghp_' + 'Qm3xZ9' * 7",
    "escaped invisible characters": "'a\\\\u200b' * (N // 7) + ' sk-' + 'Qm3xZ9' * 8",
    "key prefixes": "'sk-' * (N // 3) + 'AKIA' * (N // 4)",
}


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_a_megabyte_of_any_shape_is_scanned_in_a_fraction_of_a_second(shape):
    script = textwrap.dedent(
        f"""
        import json, resource
        resource.setrlimit(resource.RLIMIT_CPU, ({CPU_SECONDS}, {CPU_SECONDS}))
        from profile_memory.core.secrets import (
            find_secrets, masked, may_hold_secret, secrets_in_lines, suspect_lines,
        )
        N = {MEGABYTE}
        text = {shape}
        lines = [text, text[: N // 2]]
        assert may_hold_secret(text) in (True, False)
        find_secrets(text)
        masked(text)
        suspect_lines(lines)
        secrets_in_lines(lines)
        print("scanned")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "scanned", (done.returncode, done.stderr)


def test_the_shapes_are_what_they_say():
    """Each shape is about a megabyte (a shape that built a short text would prove nothing)."""
    for shape in SHAPES.values():
        text = eval(shape, {"N": MEGABYTE, "json": json})  # noqa: S307 (our own literals)
        assert len(text) >= 100_000 and (len(text) >= 990_000 or "tags" in text)
