"""The peer a user would otherwise run in pre-commit: markdownlint-cli2, on the same two files as
`pmem check` (a compact profile and its log). Installed from npm into a cache folder on first
use. On a 150,000-line log it takes minutes: it is run once, and given up after `LIMIT` seconds."""

from __future__ import annotations

import statistics
import subprocess
import time
from pathlib import Path

import npm_cache

CACHE = npm_cache.CACHE / "markdownlint"
PACKAGES = ["markdownlint-cli2@0.24.1"]
BIN = CACHE / "node_modules" / ".bin" / "markdownlint-cli2"
LIMIT = 1200


def seconds(files: list[Path], runs: int = 1) -> dict:
    """The median wall time of `markdownlint-cli2 FILE…` (it exits 1 when it finds something: the
    time is measured all the same), or why it was not measured."""
    problem = npm_cache.install(CACHE, PACKAGES, BIN)
    if problem is not None:
        return {"skipped": problem}
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [str(BIN), *(f.name for f in files)],
                cwd=files[0].parent,
                capture_output=True,
                timeout=LIMIT,
            )
        except subprocess.TimeoutExpired:
            return {"skipped": f"markdownlint-cli2 took more than {LIMIT} s"}
        samples.append(time.perf_counter() - start)
        if done.returncode not in (0, 1):
            return {"skipped": f"markdownlint-cli2 failed: {done.stderr.decode()[-300:]}"}
    return {"seconds": round(statistics.median(samples), 3), "version": PACKAGES[0]}
