"""The agents' writes at 300 and at 10,000 ids (issue #25, target 4): `pmem add`, `evolve`, `pivot`,
`delete`, `propose`, `confirm` run as processes, side by side on the two corpora, each timed in CPU
seconds of the process (user + system, from `wait4`) with its peak resident memory.

A write should cost what it changes: at 10,000 ids at most 1.5x its time at 300 ids, and what the
larger log adds to the peak memory at most twice the size it adds to the log (an interpreter's own
memory is the same at both sizes).

    python bench/writes.py          # the figures as JSON and the targets
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

SIZES = (300, 10_000)
OPERATIONS = ("add", "evolve", "pivot", "delete", "propose", "confirm")


# `pmem` run so that it reports its own peak resident memory (VmHWM, Linux) as it exits: the
# `ru_maxrss` of a child starts from this process's resident size at the fork (Linux keeps the
# high-water mark across exec), so every run would read at least this process's size, which
# grows with the corpora it made (a small log's runs read as large).
PEAK = """import atexit, runpy, sys
def peak():
    try:
        status = open("/proc/self/status").read()
    except OSError:
        return
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            sys.stderr.write("\\nMARK " + str(int(line.split()[1]) * 1024) + "\\n")
atexit.register(peak)
sys.argv = ["pmem", *sys.argv[1:]]
runpy.run_module("profile_memory", run_name="__main__", alter_sys=True)
"""
MARK = "PMEM_BENCH_PEAK"


def run(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    """CPU seconds and peak resident bytes of `pmem ARGS` (it must succeed)."""
    process = subprocess.Popen(
        [sys.executable, "-c", PEAK.replace("MARK", MARK), *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode() if process.stderr else ""
    if process.stderr:
        process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"pmem {' '.join(args)}: {error}")
    reported = [line.split()[1] for line in error.splitlines() if line.startswith(MARK)]
    peak = int(reported[-1]) if reported else usage.ru_maxrss * 1024
    return usage.ru_utime + usage.ru_stime, peak


def steps(kept: list[str], n: int) -> dict[str, list[str]]:
    """The n-th run of each operation (each acts on ids of its own)."""
    return {
        "add": ["add", "--scope", "user", "--category", "技术偏好", f"bench add {n}"],
        "evolve": ["evolve", kept[n], f"bench evolve {n}"],
        "pivot": ["pivot", kept[10 + n], f"bench pivot {n}"],
        "delete": ["delete", kept[20 + n]],
        "propose": [
            *"propose --scope user --kind add --category 技术偏好".split(),
            f"bench proposal {n}",
        ],
        "confirm": ["confirm", "--line", "FIRST"],  # the pending file's first proposal
    }


def first_proposal(cwd: Path, env: dict[str, str]) -> str:
    """The line of the pending file's first proposal (a decided one leaves blank lines)."""
    listed = subprocess.run(
        [sys.executable, "-m", "profile_memory", "pending"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return listed.stdout.split()[0]


def figures(root: Path, runs: int = 5) -> dict:
    """Per operation and size: CPU seconds (median) and peak memory (largest); the log's size."""
    places = {}
    for size in SIZES:
        paths = corpus.workspace(root / f"writes-{size}", size)
        (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
        text = paths["profile"].read_text(encoding="utf-8")
        kept = [
            line.split("<!-- ")[1].split(" ")[0] for line in text.splitlines() if "<!--" in line
        ]
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("PMEM_")},
            "PMEM_USER_DIR": str(paths["user_dir"]),
            "HOME": str(root),
        }
        places[size] = (paths, kept, env)
    cpu: dict[str, dict[int, list[float]]] = {op: {s: [] for s in SIZES} for op in OPERATIONS}
    peak: dict[str, dict[int, int]] = {op: dict.fromkeys(SIZES, 0) for op in OPERATIONS}
    for n in range(runs):
        for op in OPERATIONS:
            for size in SIZES:  # side by side: the two sizes see the same load
                paths, kept, env = places[size]
                args = steps(kept, n)[op]
                if "FIRST" in args:
                    args[args.index("FIRST")] = first_proposal(paths["repo"], env)
                seconds, resident = run(args, paths["repo"], env)
                cpu[op][size].append(seconds)
                peak[op][size] = max(peak[op][size], resident)
    logs = {size: places[size][0]["log"].stat().st_size for size in SIZES}
    out: dict = {"log_bytes": logs, "operations": {}}
    small, large = SIZES
    for op in OPERATIONS:
        medians = {size: statistics.median(cpu[op][size]) for size in SIZES}
        out["operations"][op] = {
            "cpu_s": medians,
            "peak_bytes": peak[op],
            "ratio": medians[large] / medians[small],
            "memory_ratio": (peak[op][large] - peak[op][small]) / (logs[large] - logs[small]),
        }
    return out


def rows(found: dict) -> list[tuple[str, str, bool]]:
    """(target, value, met) for each operation: time and memory."""
    small, large = SIZES
    out = []
    for op, got in found["operations"].items():
        out.append(
            (
                f"pmem {op} CPU at {large:,} ids <= 1.5x at {small} ids",
                f"{got['cpu_s'][large] * 1000:.0f} ms vs {got['cpu_s'][small] * 1000:.0f} ms "
                f"({got['ratio']:.2f}x)",
                got["ratio"] <= 1.5,
            )
        )
        out.append(
            (
                f"pmem {op} peak memory added by the larger log <= 2x its size",
                f"{(got['peak_bytes'][large] - got['peak_bytes'][small]) / 2**20:.1f} MiB for "
                f"{(found['log_bytes'][large] - found['log_bytes'][small]) / 2**20:.1f} MiB of log "
                f"({got['memory_ratio']:.2f}x)",
                got["memory_ratio"] <= 2,
            )
        )
    return out


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="pmem-writes-") as folder:
        found = figures(Path(folder))
    print(json.dumps(found, indent=2))
    for name, value, met in rows(found):
        print(f"{'PASS' if met else 'MISS'}  {name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
