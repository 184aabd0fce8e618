"""The benchmark on a tiny corpus, so that it never rots (the full run is not part of CI: slow and noisy)."""

import subprocess
import sys
from pathlib import Path


def test_bench_smoke_run():
    bench = Path(__file__).parents[1] / "bench" / "run.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--smoke"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("bench smoke: 1 passed, 0 failed")
    assert '"hover"' in done.stdout and '"edit_log"' in done.stdout


def test_check_scaling_smoke_run():
    script = Path(__file__).parents[1] / "bench" / "check_scaling.py"
    done = subprocess.run(
        [sys.executable, str(script), "--smoke"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "One id repeated on every line" in done.stdout and "| 400 |" in done.stdout


def test_startup_smoke_run():
    script = Path(__file__).parents[1] / "bench" / "startup.py"
    done = subprocess.run(
        [sys.executable, str(script), "--smoke"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| pmem check |" in done.stdout and "first `tools/list` answer" in done.stdout
