"""Applying an edit plan to disk: planned on the files as they are, planned again and written
under the folders' locks, log first, each file replaced atomically. Shared by the CLI and the MCP
server.

A plan shown to a person (or decided on, as `pmem confirm`) is bound to the files it was made
from: `prepare` keeps each file's bytes as it read them, and `write_prepared` writes only when,
under the locks, the same files hold the same bytes (README, "Safety"); else nothing is written
and `Changed` names what changed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path, PurePath
from typing import Any

from profile_memory.core import values
from profile_memory.core.buffers import Edit, apply_edits
from profile_memory.core.config import Settings, today
from profile_memory.core.files import role_of
from profile_memory.core.messages import msg
from profile_memory.core.places import Places
from profile_memory.core.plans import Plan, PlanError, Planner
from profile_memory.core.text import UTF8_BOM
from profile_memory.core.workspace import FileData, FileKind, Source, Workspace
from profile_memory.store.disk import DiskProvider, reads_as
from profile_memory.store.safe import (
    UnsafePath,
    append_to,
    atomic_replace,
    ensure_folder,
    folder_lock,
    open_folder,
)
from profile_memory.store.templates import template_text

Operation = Callable[[Planner], str]  # runs on a planner; says what it did


class Changed(PlanError):
    """A prepared plan not written: the files it was made from changed before it could be (another
    session wrote them, or the day turned). `paths` are the files that changed."""

    def __init__(self, paths: list[PurePath], reason: str = "") -> None:
        self.paths = paths
        names = [path.name for path in paths] or msg("store.the_plan")
        if reason:
            super().__init__(msg("store.changed_why", names=names, reason=reason))
        else:
            super().__init__(msg("store.changed", names=names))


# How a file read by a plan reads: its bytes; None (missing); or, as a string, a folder's memory
# file names, a link or folder where a file was, a file that could not be read or that holds
# other bytes than the plan read.
Reading = bytes | str | None
_OTHER_BYTES = "other bytes"


class _Reading(DiskProvider):
    """The disk as one plan reads it: each file read once and kept, so a plan is made from one
    reading of each file (a file another writer replaced half-way through planning is not read
    again, its new id unseen by the allocator made from the first reading); and what it read:
    each file's bytes (None: missing), each folder's memory file names (a new profile or pending
    file changes what a plan finds)."""

    def __init__(self) -> None:
        self.read_as: dict[PurePath, Reading] = {}
        self._kinds: dict[PurePath, FileKind] = {}
        self._kept: dict[PurePath, FileData] = {}
        self._listed: dict[PurePath, list[str]] = {}

    def kind(self, path: PurePath) -> FileKind:
        if path not in self._kinds:
            self._kinds[path] = found = super().kind(path)
            if found is FileKind.MISSING:
                self.read_as.setdefault(path, None)
            elif found is not FileKind.FILE:  # a link or a folder the plan did not read through
                self.read_as.setdefault(path, f"kind: {found.name}")
        return self._kinds[path]

    def version(self, path: PurePath) -> Any:
        kept = self._kept.get(path)
        return kept.version if kept is not None else super().version(path)

    def read(self, path: PurePath) -> FileData:
        if path in self._kept:
            return self._kept[path]
        try:
            data = super().read(path)
        except OSError as error:
            self.read_as.setdefault(path, _unreadable(error))
            raise
        self.read_as.setdefault(path, data.raw if isinstance(data.raw, bytes) else b"")
        self._kept[path] = data
        return data

    def list_dir(self, folder: PurePath) -> list[str]:
        if folder not in self._listed:
            names = self._listed[folder] = super().list_dir(folder)
            memory = sorted(name for name in names if role_of(PurePath(folder, name)) is not None)
            self.read_as[PurePath(folder)] = "folder: " + "/".join(memory)
        return list(self._listed[folder])


def _unreadable(error: OSError) -> str:
    """How a file that could not be read is noted (its reading differs from any content's)."""
    return f"unreadable: {error.strerror or error}"


def read_again(read_as: dict[PurePath, Reading]) -> dict[PurePath, Reading]:
    """What the paths a plan read read as now, noted as `_Reading` noted them (to tell, under the
    locks, whether a plan made before them is still the plan: the same files, the same bytes). A
    file is compared with the bytes the plan read a block at a time, not read whole again: a
    digest of each would cost more than the rest of a write to a large log (issue #25)."""
    reading = _Reading()
    for path, was in read_as.items():
        if isinstance(was, str) and was.startswith("folder: "):
            reading.list_dir(path)
        elif reading.kind(path) is FileKind.FILE:
            try:
                same = isinstance(was, bytes) and reads_as(path, was)
                reading.read_as.setdefault(path, was if same else _OTHER_BYTES)
            except OSError as error:
                reading.read_as.setdefault(path, _unreadable(error))
    return reading.read_as


@values.value_class(frozen=True, slots=True)
class Prepared:
    """A plan and what it was made from: each file's bytes as the plan read it (None: missing),
    each folder's memory file names; the day it was planned on and the workspace it read the
    files through (to write it without planning it again when nothing changed)."""

    plan: Plan
    read_as: dict[PurePath, Reading]
    day: object = None
    workspace: Workspace | None = values.field(default=None, compare=False, repr=False)


@contextmanager
def locked(folders: list[PurePath]) -> Iterator[None]:
    """Hold every folder's lock (in a fixed order, so two writers never deadlock) for a
    read-modify-write."""
    with ExitStack() as stack:
        for folder in sorted(set(map(Path, folders))):
            ensure_folder(folder)
            stack.enter_context(folder_lock(folder))
        yield


def write_plan(workspace: Workspace, plan: Plan) -> list[PurePath]:
    """Write each changed file of the plan, in the plan's order (log, profile, pending), onto the
    text the plan was made on (read through `workspace`). Returns the paths."""
    written = []
    for change in plan.files:
        source = None if change.create else workspace.source(change.path)
        if source is not None and (source.unsafe or source.decoded is None):
            raise UnsafePath(
                Path(change.path), source.unsafe or source.unreadable or msg("store.unreadable")
            )
        added = _appended(source, change.edits) if source is not None else None
        folder = Path(change.path).parent
        with open_folder(folder) as folder_fd:
            try:
                if added is not None and source is not None:
                    append_to(folder_fd, change.path.name, added.encode("utf-8"), source.version[2])
                else:
                    original = source.text if source is not None else ""
                    text = apply_edits(original, change.edits)
                    data = (
                        UTF8_BOM
                        if source is not None and source.decoded and source.decoded.bom
                        else b""
                    ) + text.encode("utf-8")
                    atomic_replace(folder_fd, change.path.name, data)
            except UnsafePath as error:
                raise UnsafePath(Path(change.path), error.reason) from None
        written.append(change.path)
    return written


def _appended(source: Source, edits: list[Edit]) -> str | None:
    """The text the edits add at the end of the file, when that is all they do (a log's new
    record: appended, not the log rewritten); else None. The text a plan appends closes a last
    line left without its line break first (a torn tail)."""
    if len(edits) != 1 or not isinstance(source.version, tuple) or len(source.version) != 3:
        return None
    span = edits[0].span
    if (span.start_line, span.start_col) != (span.end_line, span.end_col):
        return None
    if source.decoded is None or (span.start_line, span.start_col) != source.decoded.end():
        return None
    return edits[0].text


def _plan_on_disk(
    places: Places,
    settings: Settings,
    title: str,
    operation: Operation,
    allow_secrets: bool = False,
    provider: DiskProvider | None = None,
) -> tuple[Plan, Workspace]:
    """What the operation would write, planned on the files as they are now, read whole (a file is
    never rewritten from a part of it); and the workspace it read them through."""
    whole = settings._replace(max_file_bytes=sys.maxsize)
    workspace = Workspace(provider or DiskProvider(), whole, places.user_dir)
    planner = Planner(
        workspace,
        workspace.profile_set(places.project_dir),
        today(os.environ),
        template_text,
        settings.language,
        allow_secrets,
    )
    return planner.finish(title, operation(planner)), workspace


def preview(places: Places, settings: Settings, title: str, operation: Operation) -> Plan:
    """What the operation would write now, without writing (to ask a person about it)."""
    return _plan_on_disk(places, settings, title, operation)[0]


def prepare(
    places: Places,
    settings: Settings,
    title: str,
    operation: Operation,
    allow_secrets: bool = False,
) -> Prepared:
    """What the operation would write now, and the files it was planned from (to show it to a
    person, then write exactly that with `write_prepared`)."""
    reading = _Reading()
    day = today(os.environ)
    plan, workspace = _plan_on_disk(places, settings, title, operation, allow_secrets, reading)
    return Prepared(plan, dict(reading.read_as), day, workspace)


def _still(prepared: Prepared) -> bool:
    """Whether the prepared plan is what planning again now would make: every file it read holds
    the same bytes, every folder lists the same memory files, and it is the same day (the plan
    is made from these alone)."""
    return (
        prepared.workspace is not None
        and prepared.day == today(os.environ)
        and not _changed(prepared.read_as, read_again(prepared.read_as))
    )


def _changed(before: dict[PurePath, Reading], now: dict[PurePath, Reading]) -> list[PurePath]:
    """The files (and folders) that read differently, or that only one of two plans read."""
    missing = "not read"
    return sorted(
        path
        for path in before.keys() | now.keys()
        if before.get(path, missing) != now.get(path, missing)
    )


def write_prepared(
    places: Places,
    settings: Settings,
    title: str,
    operation: Operation,
    prepared: Prepared,
    allow_secrets: bool = False,
) -> tuple[Plan, list[PurePath]]:
    """Write exactly the prepared plan: under the folders' locks the operation is planned again,
    and the plan is written only if every file it reads is as the prepared plan read it (the same
    bytes, still missing) and the plan is the same; else `Changed`, and nothing is written."""
    if not prepared.plan.files:
        return prepared.plan, []
    with locked(_lock_folders(places, prepared.plan)):
        if _still(prepared) and prepared.workspace is not None:
            return prepared.plan, write_plan(prepared.workspace, prepared.plan)
        reading = _Reading()
        try:
            plan, workspace = _plan_on_disk(
                places, settings, title, operation, allow_secrets, reading
            )
        except PlanError as error:  # what it planned from cannot be as it was
            raise Changed(_changed(prepared.read_as, reading.read_as), str(error)) from None
        changed = _changed(prepared.read_as, reading.read_as)
        if changed or (plan.files, plan.changes) != (prepared.plan.files, prepared.plan.changes):
            raise Changed(changed)
        return plan, write_plan(workspace, plan)


def _lock_folders(places: Places, plan: Plan) -> list[PurePath]:
    """The profile folders that exist, and those the plan writes in (created then)."""
    existing = [f for f in places.profile_folders() if os.path.isdir(f)]
    return list(dict.fromkeys([*existing, *(change.path.parent for change in plan.files)]))


def plan_and_write(
    places: Places,
    settings: Settings,
    title: str,
    operation: Operation,
    allow_secrets: bool = False,
    bound: bool = False,
) -> tuple[Plan, list[PurePath]]:
    """Plan, then write under the folders' locks (log, profile, pending): the files may have
    changed before the locks were taken, so under them the plan is written as it is only when
    every file it read holds the same bytes on the same day, else planned again. A write that is
    refused or has nothing to do is found by the first plan, so it takes no lock and creates
    nothing. `bound`: the write must be the first plan, or nothing (`Changed`; see
    `write_prepared`). Returns the plan and the paths written."""
    prepared = prepare(places, settings, title, operation, allow_secrets)
    if bound:
        return write_prepared(places, settings, title, operation, prepared, allow_secrets)
    plan = prepared.plan
    if not plan.files:
        return plan, []
    with locked(_lock_folders(places, plan)):
        if _still(prepared) and prepared.workspace is not None:  # planned on what is there now
            return plan, write_plan(prepared.workspace, plan)
        plan, workspace = _plan_on_disk(places, settings, title, operation, allow_secrets)
        return plan, write_plan(workspace, plan)
