"""How the cost of checking a profile pair grows with the log: 1,000, 10,000 and 50,000 records.

Run: `python bench/check_scaling.py`. Prints seconds per size and the growth ratio per record
against the smallest size, measured in the same run (a ratio near 1 means linear cost).
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


def corpus(records: int, seed: int = 7) -> dict[str, str]:
    rng = random.Random(seed)
    log = ["# Project Profile Log", "", "## 记录", ""]
    live = []
    for n in range(records):
        anchor = f"PF-2026{1 + n // 2800 % 12:02d}{1 + n // 100 % 28:02d}-{n % 100 + 1:02d}"
        day = f"2026-{1 + n // 2800 % 12:02d}-{1 + n // 100 % 28:02d}"
        summary = f"条目 {n} 偏好 {rng.choice(['React', 'Vue', 'Svelte', '极简界面', 'pytest'])}"
        op = "删除" if rng.random() < 0.9 else "新增"
        log += [f"### [{anchor}] {day} — 标题 {n}", "- **分类**: 技术栈与架构", f"- **精简版**: {summary}",
                '- **原始上下文**: "原话"', "- **来源对话**: [对话](chat-1)", "- **操作**: 新增", ""]
        if op == "删除":
            log += [f"### [{anchor}] {day} — 标题 {n}（已删除）", "- **分类**: 技术栈与架构", f"- **精简版**: {summary}",
                    '- **原始上下文**: "删"', "- **来源对话**: [对话](chat-2)", "- **操作**: 删除", ""]
        else:
            live.append((anchor, summary))
    profile = ["# Project Profile", "", "## 技术栈与架构"] + [f"- {s} <!-- {a} -->" for a, s in live[:27]]
    return {f"{FOLDER}/project-profile.md": "\n".join(profile) + "\n", f"{FOLDER}/project-profile-log.md": "\n".join(log) + "\n"}


def measure(records: int) -> float:
    files = corpus(records)
    best = float("inf")
    for _ in range(3):
        workspace = Workspace(MemoryProvider(files), Settings(maxFileBytes=1 << 30))
        start = time.perf_counter()
        for path in files:
            check_path(workspace, PurePath(path))
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    results = {size: measure(size) for size in SIZES}
    base = results[SIZES[0]] / SIZES[0]
    print("| records | seconds | cost per record vs 1,000 |")
    print("|---:|---:|---:|")
    for size, seconds in results.items():
        print(f"| {size:,} | {seconds:.3f} | {seconds / size / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
