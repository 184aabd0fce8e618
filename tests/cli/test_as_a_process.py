"""The real `pmem` process says what the in-process runs of the other CLI tests say: for each
command family, the same command run as a subprocess and in this process gives the same exit code,
output and files (the process alone ends a check with `os._exit`, after flushing its output)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem, run_pmem_process


def tree(tmp_path: Path, name: str, fixture: str) -> Path:
    shutil.copytree(WORKSPACES / fixture, tmp_path / name)
    return tmp_path / name


def files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): TIMES.sub(b"TIME", path.read_bytes())
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.name != ".pmem.lock"
    }


FAMILIES = {  # each on a copy of a fixture tree
    "check": ("sloppy", [("check", "--format", "json"), ("check",), ("check", "--select", "X")]),
    "trace": ("sloppy", [("trace", "--json", "PF-20260412-01"), ("trace", "PF-20990101-01")]),
    "usage": ("clean", [("--version",), ("add", "--scope", "nowhere"), ("no-such-command",)]),
    "writes": (
        "clean",
        [
            ("add", "--scope", "user", "--category", "技术偏好", "偏好 Rust 🦀", "--json"),
            (*"propose --scope project --kind add --category 约定".split(), "所有日志用 UTC"),
            ("confirm", "--all"),
            ("delete", "PF-20260412-01"),
            ("fix",),
        ],
    ),
    "memory": (
        "clean",
        [
            ("journal", "append", "选定 FastAPI 😀", "--tag", "backend"),
            ("journal", "search", "fastapi", "--json"),
            ("search", "React"),
            ("facts", "show"),
            ("recall",),
        ],
    ),
}
TIMES = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z")  # a journal entry's time


def same(text: str, root: Path) -> str:
    """As written in either run: its own folder's name and journal times replaced."""
    return TIMES.sub(b"TIME", text.replace(str(root), "ROOT").encode()).decode()


@pytest.mark.parametrize("family", FAMILIES)
def test_a_process_and_an_in_process_run_say_the_same(tmp_path: Path, family: str):
    fixture, commands = FAMILIES[family]
    roots = {how: tree(tmp_path, how, fixture) for how in ("process", "in-process")}
    for args in commands:
        results = {
            how: run(
                *args,
                cwd=roots[how] / "repo",
                env={"PMEM_USER_DIR": str(roots[how] / "home" / ".cursor" / "profile")},
            )
            for how, run in (("process", run_pmem_process), ("in-process", run_pmem))
        }
        shown = {how: same(result.out, roots[how]) for how, result in results.items()}
        said = {how: same(result.err, roots[how]) for how, result in results.items()}
        assert results["process"].code == results["in-process"].code, args
        assert shown["process"] == shown["in-process"] and said["process"] == said["in-process"]
        assert "Traceback" not in said["process"] and (shown["process"] or said["process"]), args
    assert files(roots["process"]) == files(roots["in-process"])


def test_a_large_check_report_arrives_whole_through_a_pipe(tmp_path: Path):
    """`pmem check` ends with `os._exit`: what it printed is flushed first."""
    root = tree(tmp_path, "big", "sloppy")
    log = root / "home" / ".cursor" / "profile" / "user-profile-log.md"
    log.write_text(
        log.read_text(encoding="utf-8") + "".join(f"\n坏的 PF-2026{n:04d}\n" for n in range(3000)),
        encoding="utf-8",
    )
    env = {"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    process = run_pmem_process("check", "--format", "json", cwd=root / "repo", env=env)
    in_process = run_pmem("check", "--format", "json", cwd=root / "repo", env=env)
    assert process.code == in_process.code == 1
    assert len(process.out) > 100_000 and process.out == in_process.out
