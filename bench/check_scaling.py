"""How the cost of checking grows: a profile pair by log size (1,000, 10,000 and 50,000 records),
and a profile whose one id is repeated on 1,000, 5,000 and 20,000 lines (PM002 on every line: it
once took minutes and gigabytes at 1,000).

Run: `python bench/check_scaling.py` (`--smoke`: tiny sizes, for the tests). Prints seconds per
size and the growth ratio per record or line against the smallest size, measured in the same run (a
ratio near 1 means linear cost).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import PurePath

from profile_memory.core.config import Settings
from profile_memory.core.rules import check_path
from profile_memory.core.workspace import MemoryProvider, Workspace

FOLDER = "/bench/.cursor/profile"
SIZES = (1_000, 10_000, 50_000)
REPEATS = (1_000, 5_000, 20_000)


def corpus(records: int, seed: int = 7) -> dict[str, str]:
    rng = random.Random(seed)
    log = ["# Project Profile Log", "", "## 记录", ""]
    live = []
    for n in range(records):
        anchor = f"PF-2026{1 + n // 2800 % 12:02d}{1 + n // 100 % 28:02d}-{n % 100 + 1:02d}"
        day = f"2026-{1 + n // 2800 % 12:02d}-{1 + n // 100 % 28:02d}"
        summary = f"条目 {n} 偏好 {rng.choice(['React', 'Vue', 'Svelte', '极简界面', 'pytest'])}"
        op = "删除" if rng.random() < 0.9 else "新增"
        log += [
            f"### [{anchor}] {day} — 标题 {n}",
            "- **分类**: 技术栈与架构",
            f"- **精简版**: {summary}",
            '- **原始上下文**: "原话"',
            "- **来源对话**: [对话](chat-1)",
            "- **操作**: 新增",
            "",
        ]
        if op == "删除":
            log += [
                f"### [{anchor}] {day} — 标题 {n}（已删除）",
                "- **分类**: 技术栈与架构",
                f"- **精简版**: {summary}",
                '- **原始上下文**: "删"',
                "- **来源对话**: [对话](chat-2)",
                "- **操作**: 删除",
                "",
            ]
        else:
            live.append((anchor, summary))
    profile = ["# Project Profile", "", "## 技术栈与架构"] + [
        f"- {s} <!-- {a} -->" for a, s in live[:27]
    ]
    return {
        f"{FOLDER}/project-profile.md": "\n".join(profile) + "\n",
        f"{FOLDER}/project-profile-log.md": "\n".join(log) + "\n",
    }


def repeated(lines: int) -> dict[str, str]:
    """A compact profile whose every entry carries the same id, and a log that has it."""
    profile = ["# Project Profile", "", "## 技术栈与架构"] + [
        f"- 条目 {n} 🧠 <!-- PF-20260412-01 -->" for n in range(lines)
    ]
    log = [
        "# Project Profile Log",
        "",
        "## 记录",
        "",
        "### [PF-20260412-01] 2026-04-12 — 标题",
        "- **分类**: 技术栈与架构",
        "- **精简版**: 条目 0 🧠",
        '- **原始上下文**: "原话"',
        "- **来源对话**: [对话](chat-1)",
        "- **操作**: 新增",
    ]
    return {
        f"{FOLDER}/project-profile.md": "\n".join(profile) + "\n",
        f"{FOLDER}/project-profile-log.md": "\n".join(log) + "\n",
    }


def measure(files: dict[str, str]) -> float:
    best = float("inf")
    for _ in range(3):
        workspace = Workspace(MemoryProvider(files), Settings(max_file_bytes=1 << 30))
        start = time.perf_counter()
        for path in files:
            check_path(workspace, PurePath(path))
        best = min(best, time.perf_counter() - start)
    return best


def table(title: str, unit: str, results: dict[int, float]) -> None:
    first = next(iter(results))
    base = results[first] / first
    print(f"\n{title}\n")
    print(f"| {unit} | seconds | cost per {unit[:-1]} vs {first:,} |")
    print("|---:|---:|---:|")
    for size, seconds in results.items():
        print(f"| {size:,} | {seconds:.3f} | {seconds / size / base:.2f} |")


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    sizes, repeats = ((200, 400), (100, 400)) if smoke else (SIZES, REPEATS)
    table("A profile pair, by log size", "records", {size: measure(corpus(size)) for size in sizes})
    table(
        "One id repeated on every line of a profile (PM002)",
        "lines",
        {n: measure(repeated(n)) for n in repeats},
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
