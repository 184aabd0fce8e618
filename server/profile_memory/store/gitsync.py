"""Memory shared through git (docs/format.md, "Sharing memory through git"): setting a repository up
(`pmem init --git`), the merge driver's file work (`pmem merge`), and whether a clone lacks the
driver its `.gitattributes` names. The merges themselves are `core.merge`.

Git calls the driver once a file. A profile's and a pending file's merge read the three versions
of the pair's log from the commits being merged (found from what git leaves in the environment and
in `.git`, and checked against the versions git gave), so each file computes the same renumbering.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.core.files import LOG_SUFFIX, Role, role_of
from profile_memory.core.messages import msg
from profile_memory.core.pending import Scope
from profile_memory.core.text import UTF8_BOM
from profile_memory.core.values import value_class
from profile_memory.store.safe import append_missing_lines, open_folder

if TYPE_CHECKING:
    import subprocess

    from profile_memory.core import merge  # imported where a merge is run: a check never loads it

DRIVER = "pmem"
ATTRIBUTES = (
    f"*profile.md merge={DRIVER}",
    f"*profile-log.md merge={DRIVER}",
    f"profile-pending.md merge={DRIVER}",
    f"JOURNAL.jsonl merge={DRIVER}",
)
ATTRIBUTES_HEADER = "# Profile Memory: memory files merge entry by entry (pmem init --git)"
DRIVER_KEY = f"merge.{DRIVER}.driver"
SETUP_COMMAND = "pmem init --git"


class GitError(Exception):
    pass


# `subprocess`, `shlex` and `hashlib` are imported where git is run: `pmem check` loads this module
# for PM071 and runs git only where a `.gitattributes` names the driver.


def _git(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    import subprocess

    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GitError(msg("git.cannot_run", error=str(error))) from None
    if check and done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed"
        raise GitError(message)
    return done


# -- set-up --------------------------------------------------------------------------------------


def pmem_command() -> str:
    """How git runs this pmem from any environment: its absolute path, or this Python with
    `-m profile_memory` when pmem runs as a module."""
    import shlex

    launched = sys.argv[0] if sys.argv else ""
    if Path(launched).name in ("pmem", "pmem.exe") and os.path.exists(launched):
        return shlex.quote(os.path.abspath(launched))
    return f"{shlex.quote(sys.executable)} -m profile_memory"


def work_tree(cwd: Path) -> Path:
    done = _git("rev-parse", "--show-toplevel", cwd=cwd, check=False)
    if done.returncode != 0:
        raise GitError(msg("git.not_work_tree"))
    return Path(done.stdout.decode().strip())


@value_class(frozen=True, slots=True)
class Setup:
    top: Path
    attributes_added: tuple[str, ...]
    driver: str
    driver_changed: bool


def install(cwd: Path) -> Setup:
    """Merge attributes in the work tree's `.gitattributes` (lines it lacks only) and the driver
    in the repository's config; a second run changes nothing."""
    top = work_tree(cwd)
    try:
        existing = (top / ".gitattributes").read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        existing = ""
    present = {line.strip() for line in existing.splitlines()}
    missing = tuple(line for line in ATTRIBUTES if line not in present)
    if missing:
        header = () if ATTRIBUTES_HEADER in present else (ATTRIBUTES_HEADER,)
        with open_folder(top) as folder:  # never through a link
            append_missing_lines(folder, ".gitattributes", (*header, *missing))
    driver = f"{pmem_command()} merge %O %A %B %P"
    current = _git("config", "--local", "--get", DRIVER_KEY, cwd=top, check=False)
    changed = current.stdout.decode().strip() != driver
    if changed:
        _git("config", "--local", f"merge.{DRIVER}.name", "Profile Memory merge", cwd=top)
        _git("config", "--local", DRIVER_KEY, driver, cwd=top)
    return Setup(top, missing, driver, changed)


def missing_driver(cwd: Path) -> tuple[Path, int] | None:
    """`.gitattributes` of the work tree around `cwd` names the driver but the repository's
    config has none: where (the file and its 0-based line). None otherwise, or outside git."""
    top = _top_of(cwd)
    if top is None:
        return None
    path = top / ".gitattributes"
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    named = next((i for i, line in enumerate(lines) if f"merge={DRIVER}" in line.split()), None)
    if named is None:
        return None
    try:
        done = _git("config", "--get", DRIVER_KEY, cwd=top, check=False)
    except GitError:
        return None
    return None if done.returncode == 0 and done.stdout.strip() else (path, named)


def _top_of(cwd: Path) -> Path | None:
    for folder in (cwd, *cwd.parents):
        if (folder / ".git").exists():
            return folder
    return None


# -- the driver ----------------------------------------------------------------------------------


def _blob_id(data: bytes) -> str:
    import hashlib

    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 (git's ids)


def _candidates(top: Path) -> list[tuple[str, str]]:
    """(theirs, base) commits that may be the ones being merged: `git merge` names the commit it
    merges in the environment (GITHEAD_<id>); a rebase or cherry-pick picks one commit onto
    HEAD, its parent being the base."""
    found: list[tuple[str, str]] = []
    heads = [name[len("GITHEAD_") :] for name in os.environ if name.startswith("GITHEAD_")]
    if len(heads) == 1:
        bases = _git("merge-base", "--all", "HEAD", heads[0], cwd=top, check=False)
        listed = bases.stdout.decode().split()
        if bases.returncode == 0 and len(listed) == 1:
            found.append((heads[0], listed[0]))
    git_dir = _git("rev-parse", "--git-dir", cwd=top, check=False).stdout.decode().strip()
    for name in ("rebase-merge/done", "CHERRY_PICK_HEAD", "sequencer/todo"):
        picked = _picked(top / git_dir / name)
        if picked:
            found.append((picked, f"{picked}^"))
    return found


def _picked(path: Path) -> str | None:
    try:
        lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    except OSError:
        return None
    lines = [line for line in lines if not line[0].startswith("#")]
    if not lines:
        return None
    last = lines[-1] if path.name == "done" else lines[0]
    return last[1] if len(last) > 1 and last[0] in ("pick", "p") else last[0]


def _blob_at(top: Path, commit: str, path: str) -> str | None:
    done = _git("rev-parse", "--verify", "-q", f"{commit}:{path}", cwd=top, check=False)
    return done.stdout.decode().strip() if done.returncode == 0 else None


def _matches(top: Path, commit: str, path: str, data: bytes) -> bool:
    """The commit's version of `path` is `data` (git gives a file a side lacks as empty)."""
    found = _blob_at(top, commit, path)
    return found == _blob_id(data) or (not data and found is None)


def _show(top: Path, commit: str, path: str) -> str:
    done = _git("show", f"{commit}:{path}", cwd=top, check=False)
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else ""


def _sibling_versions(
    top: Path, path: str, given: tuple[bytes, bytes, bytes], sibling: str
) -> tuple[str, str, str] | None:
    """The base, ours and theirs versions of `sibling` (a path beside `path`) in the commits
    whose versions of `path` are the ones git gave; None when they cannot be found."""
    base, ours, theirs = given
    try:
        if not _matches(top, "HEAD", path, ours):
            return None
        for their_commit, base_commit in _candidates(top):
            if _matches(top, their_commit, path, theirs) and _matches(top, base_commit, path, base):
                return (
                    _show(top, base_commit, sibling),
                    _show(top, "HEAD", sibling),
                    _show(top, their_commit, sibling),
                )
    except GitError:
        return None
    return None


def _decoded(data: bytes) -> str:
    return data.decode("utf-8")


def _beside(path: str, name: str) -> str:
    folder = path.rpartition("/")[0]
    return f"{folder}/{name}" if folder else name


def _log_plan(
    top: Path, path: str, given: tuple[bytes, bytes, bytes], log: str
) -> merge.Renumbering | None:
    from profile_memory.core import merge

    versions = _sibling_versions(top, path, given, _beside(path, log))
    return merge.renumbering(*versions) if versions is not None else None


@value_class(frozen=True, slots=True)
class DriverResult:
    conflicts: int
    notes: tuple[str, ...]


_PENDING_LOGS = {Scope.USER: "user-profile-log.md", Scope.PROJECT: "project-profile-log.md"}


def merge_texts(
    top: Path, path: str, raw: tuple[bytes, bytes, bytes]
) -> tuple[merge.Merged, list[str]]:
    """The merge of one memory file (`path`, relative to the work tree `top`), from the bytes of
    its three versions; UnicodeDecodeError when one is not UTF-8."""
    from profile_memory.core import merge

    base, ours, theirs = (_decoded(data) for data in raw)
    role = role_of(Path(path))
    notes: list[str] = []
    if role is Role.LOG:
        return merge.merge_log(base, ours, theirs, merge.renumbering(base, ours, theirs)), notes
    if role is Role.PROFILE:
        plan = _log_plan(top, path, raw, Path(path).name[:-3] + LOG_SUFFIX)
        if plan is None:
            plan = merge.renumbering_from_profiles(base, ours, theirs)
            if plan:
                notes.append(msg("merge.log_not_found"))
        return merge.merge_profile(base, ours, theirs, plan), notes
    if role is Role.PENDING:
        plans = {}
        for scope, log in _PENDING_LOGS.items():
            found = _log_plan(top, path, raw, log)
            if found:
                plans[scope] = found
        return merge.merge_pending(base, ours, theirs, plans), notes
    if role is Role.JOURNAL:
        return merge.merge_journal(base, ours, theirs), notes
    raise ValueError(msg("merge.not_memory_file", path=str(path)))


def run_driver(base_file: Path, ours_file: Path, theirs_file: Path, path: str) -> DriverResult:
    """`pmem merge`: the merge written into `ours_file`. A file that is no memory file pmem
    merges, or is not UTF-8, gets git's own line merge."""
    raw = tuple(f.read_bytes() for f in (base_file, ours_file, theirs_file))
    assert len(raw) == 3
    top = Path.cwd()
    boms = [data.startswith(UTF8_BOM) for data in raw]
    try:
        merged, notes = merge_texts(top, path, (raw[0], raw[1], raw[2]))
    except (UnicodeDecodeError, ValueError):
        return _line_merge(base_file, ours_file, theirs_file)
    except Exception as error:  # noqa: BLE001 - git must still get a merge, never a traceback
        fallback = _line_merge(base_file, ours_file, theirs_file)
        return DriverResult(
            fallback.conflicts, (msg("merge.could_not", error=repr(error)), *fallback.notes)
        )
    data = merged.text.encode("utf-8")
    if boms[1] and not data.startswith(UTF8_BOM):
        data = UTF8_BOM + data
    ours_file.write_bytes(data)
    for side, old, new in merged.renumbered:
        notes.append(msg(f"merge.renumbered.{side}", old=old, new=new))
    return DriverResult(merged.conflicts, tuple(notes))


def _line_merge(base_file: Path, ours_file: Path, theirs_file: Path) -> DriverResult:
    import subprocess

    done = subprocess.run(
        [
            "git",
            "merge-file",
            "-L",
            "ours",
            "-L",
            "base",
            "-L",
            "theirs",
            str(ours_file),
            str(base_file),
            str(theirs_file),
        ],
        capture_output=True,
    )
    return DriverResult(
        max(done.returncode, 0), ("merged line by line: not a memory file pmem reads",)
    )
