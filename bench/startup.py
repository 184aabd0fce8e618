"""Start-up cost of `pmem`: does `pmem mcp` (and its SDK) make any other command slower?

Each command is run as a fresh process, several times, alternating two setups in the same run:
the project as installed, and the same with the MCP SDK made unimportable. Prints the median wall
time of each and their ratio (near 1: the SDK costs the other commands nothing), and the time
`pmem mcp` takes from spawn to its first answer (a `tools/list`).

Run: `python bench/startup.py` (`--smoke`: a few runs, for the tests).
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORKSPACE = Path(__file__).parents[1] / "tests" / "workspaces" / "clean"
BLOCK_SDK = "import sys; sys.modules['mcp'] = None; "
COMMANDS = {
    "pmem --version": ["--version"],
    "pmem check": ["check"],
    "pmem trace": ["trace", "PF-20260412-02"],
}


def run(argv: list[str], cwd: Path, blocked: bool) -> float:
    code = (BLOCK_SDK if blocked else "import sys; ") + (
        "from profile_memory.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *argv], cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - start


def mcp_first_answer(cwd: Path, user_dir: Path) -> float:
    """Spawn `pmem mcp`, initialize, list the tools: seconds to the answer."""
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "profile_memory", "mcp", "--user-dir", str(user_dir)],
        cwd=cwd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdin is not None and process.stdout is not None
    for message in messages:
        process.stdin.write((json.dumps(message) + "\n").encode())
    process.stdin.flush()
    while True:
        line = process.stdout.readline()
        if not line or json.loads(line).get("id") == 2:
            break
    elapsed = time.perf_counter() - start
    process.kill()
    process.wait()
    return elapsed


def main() -> None:
    runs = 3 if "--smoke" in sys.argv else 15
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary) / "clean"
        shutil.copytree(WORKSPACE, root)
        repo, user_dir = root / "repo", root / "home" / ".cursor" / "profile"
        print("| command | as installed (ms) | MCP SDK unimportable (ms) | ratio |")
        print("|---|---|---|---|")
        for name, argv in COMMANDS.items():
            argv = [*argv, "--user-dir", str(user_dir)] if name != "pmem --version" else argv
            installed, blocked = [], []
            for _ in range(runs):  # alternated: the machine's noise falls on both alike
                installed.append(run(argv, repo, blocked=False))
                blocked.append(run(argv, repo, blocked=True))
            a, b = statistics.median(installed), statistics.median(blocked)
            print(f"| {name} | {a * 1000:.0f} | {b * 1000:.0f} | {a / b:.2f} |")
        first = statistics.median(mcp_first_answer(repo, user_dir) for _ in range(runs))
        print(f"\n`pmem mcp` spawn → first `tools/list` answer: {first * 1000:.0f} ms (median)")


if __name__ == "__main__":
    main()
