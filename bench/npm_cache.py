"""Peers installed from npm into a cache folder on first use (`~/.cache/profile-memory-bench`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "profile-memory-bench"


def install(folder: Path, packages: list[str], entry: Path) -> str | None:
    """`packages` installed into `folder` once (`entry` tells that they are); None when it worked,
    else why not."""
    if entry.exists():
        return None
    if not shutil.which("npm") or not shutil.which("node"):
        return "node and npm are needed"
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", *packages],
        capture_output=True,
        text=True,
    )
    return (
        None
        if done.returncode == 0 and entry.exists()
        else f"npm install failed: {done.stderr.strip()[-300:]}"
    )
