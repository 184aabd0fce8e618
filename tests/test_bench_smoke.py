"""Every documented benchmark script on a tiny corpus, so that none rots (the full runs are not part
of CI: slow and noisy)."""

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[1] / "bench"


@pytest.mark.parametrize(
    "script, printed",
    [
        ("run.py", ['"hover"', '"edit_log"', "bench smoke: 1 passed, 0 failed"]),
        ("check_scaling.py", ["One id repeated on every line", "| 400 |"]),
        ("startup.py", ["| pmem check |", "first `tools/list` answer"]),
        ("tokens.py", ["(target ±15%): met"]),
    ],
)
def test_a_benchmark_runs_on_a_tiny_corpus(script, printed):
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert all(words in done.stdout for words in printed), done.stdout[-2000:]
