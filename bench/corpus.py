"""Deterministic benchmark workspaces (fixed seed): profiles at their limits, large logs, large
journals.

Ids that the compact profiles do not carry are deleted in the logs, so `pmem check` finds nothing at
warning or error: the cost measured is a realistic one.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

FIRST_DAY = dt.date(2020, 1, 1)
LAST_DAY = "2026-11-01"
USER_CATEGORIES = ["审美与设计", "技术偏好", "做事风格", "沟通偏好", "产品理解"]
PROJECT_CATEGORIES = ["项目定位", "技术栈与架构", "设计约定", "产品方向"]
WORDS_ZH = [
    "偏好",
    "极简",
    "界面",
    "全栈",
    "测试",
    "先讨论",
    "再动手",
    "简短",
    "结论",
    "性能",
    "首屏",
    "部署",
    "类型",
    "安全",
]
WORDS_EN = [
    "prefers",
    "minimal",
    "UI",
    "tests",
    "typed",
    "fast",
    "review",
    "short",
    "answers",
    "deploys",
    "quiet",
    "logs",
]


def _text(rng: random.Random, n: int) -> str:
    if rng.random() < 0.5:
        return " ".join(rng.choice(WORDS_EN) for _ in range(4)) + f" #{n}"
    return "".join(rng.choice(WORDS_ZH) for _ in range(4)) + f" {n}"


def _record(anchor: str, day: str, category: str, summary: str, op: str) -> list[str]:
    title = summary[:16] + ("（已删除）" if op == "删除" else "")
    return [
        f"### [{anchor}] {day} — {title}",
        f"- **分类**: {category}",
        f"- **精简版**: {summary}",
        f'- **原始上下文**: "{summary}"',
        "- **来源对话**: [对话](chat-1)",
        f"- **操作**: {op}",
        "",
    ]


def profile_pair(
    folder: Path, name: str, categories: list[str], limit: int, records: int, seed: int
) -> list[str]:
    """A pair whose log has `records` ids (about 15% with a second record) and whose profile fills
    its limit."""
    rng = random.Random(seed)
    log = [
        f"# {name.title()} Log",
        "",
        "详细记录每次画像更新的完整上下文，按时间正序追加。",
        "",
        "## 记录",
        "",
    ]
    ids = []
    for n in range(records):
        day = (
            FIRST_DAY + dt.timedelta(days=n // 99)
        ).isoformat()  # at most 99 ids a day: all distinct
        anchor = f"PF-{day.replace('-', '')}-{n % 99 + 1:02d}"
        category = rng.choice(categories)
        summary = _text(rng, n)
        log += _record(anchor, day, category, summary, "新增")
        if rng.random() < 0.15:
            newer = summary + " +"
            log += _record(anchor, day, category, newer, f"演进（{summary} → {newer}）")
            summary = newer
        ids.append((anchor, category, summary))
    entries_room = limit - 2 - 2 * len(categories)
    kept = ids[-entries_room:]
    for anchor, category, summary in ids[:-entries_room]:
        log += _record(anchor, LAST_DAY, category, summary, "删除")
    profile = [f"# {name.title()}", ""]
    for category in categories:
        profile += (
            [f"## {category}"] + [f"- {s} <!-- {a} -->" for a, c, s in kept if c == category] + [""]
        )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.md").write_text("\n".join(profile[:limit]) + "\n", encoding="utf-8")
    (folder / f"{name}-log.md").write_text("\n".join(log), encoding="utf-8")
    return [a for a, _, _ in kept]


def journal(path: Path, lines: int, seed: int = 3) -> None:
    """A journal with tags, non-ASCII text, quotes and escapes, and a few broken lines."""
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for n in range(lines):
            if n % 50_000 == 49_999:
                out.write('{"ts":"2026-01-01T00:00:00.000Z","tags":["broken"\n')
                continue
            text = _text(rng, n) + rng.choice(["", ' "quoted"', " back\\slash", " é"])
            entry = {
                "ts": f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}T{n % 24:02d}:00:00.000Z",
                "tags": rng.sample(
                    ["frontend", "backend", "bug", "决策", "setup"], k=rng.randint(0, 2)
                ),
                "text": text,
            }
            out.write(json.dumps(entry, ensure_ascii=rng.random() < 0.1) + "\n")


def pending(path: Path, proposals: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    lines = ["**个人画像：**"]
    for n in range(proposals):
        lines.append(f"- [新增][{rng.choice(USER_CATEGORIES)}] {_text(rng, n)}")
        lines.append('  - 原始上下文: "原话"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def workspace(root: Path, records: int, journal_lines: int = 0) -> dict[str, Path]:
    """`root/home/.cursor/profile` (user pair) and `root/repo` (project pair, pending file,
    memory)."""
    user_dir = root / "home" / ".cursor" / "profile"
    project_dir = root / "repo" / ".cursor" / "profile"
    (root / "repo" / ".git").mkdir(parents=True, exist_ok=True)
    profile_pair(user_dir, "user-profile", USER_CATEGORIES, 50, records, seed=1)
    profile_pair(
        project_dir, "project-profile", PROJECT_CATEGORIES, 30, max(records // 10, 10), seed=2
    )
    pending(project_dir / "profile-pending.md", 50)
    if journal_lines:
        journal(root / "repo" / "memory" / "JOURNAL.jsonl", journal_lines)
    return {
        "user_dir": user_dir,
        "project_dir": project_dir,
        "repo": root / "repo",
        "profile": user_dir / "user-profile.md",
        "log": user_dir / "user-profile-log.md",
        "journal": root / "repo" / "memory" / "JOURNAL.jsonl",
    }
