"""Applying an edit plan to disk: planned on the files as they are, planned again and written
under the folders' locks, log first, each file replaced atomically. Shared by the CLI and the MCP
server."""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path, PurePath

from profile_memory.core.buffers import apply_edits
from profile_memory.core.config import Settings, today
from profile_memory.core.places import Places
from profile_memory.core.plans import Plan, Planner
from profile_memory.core.text import UTF8_BOM
from profile_memory.core.workspace import Workspace
from profile_memory.store.disk import DiskProvider
from profile_memory.store.safe import (
    UnsafePath,
    atomic_replace,
    ensure_folder,
    folder_lock,
    open_folder,
)
from profile_memory.store.templates import template_text

Operation = Callable[[Planner], str]  # runs on a planner; says what it did


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
                Path(change.path), source.unsafe or source.unreadable or "cannot be read"
            )
        original = source.text if source is not None else ""
        text = apply_edits(original, change.edits)
        data = (
            UTF8_BOM if source is not None and source.decoded and source.decoded.bom else b""
        ) + text.encode("utf-8")
        folder = Path(change.path).parent
        with open_folder(folder) as folder_fd:
            try:
                atomic_replace(folder_fd, change.path.name, data)
            except UnsafePath as error:
                raise UnsafePath(Path(change.path), error.reason) from None
        written.append(change.path)
    return written


def _plan_on_disk(
    places: Places,
    settings: Settings,
    title: str,
    operation: Operation,
    allow_secrets: bool = False,
) -> tuple[Plan, Workspace]:
    """What the operation would write, planned on the files as they are now, read whole (a file is
    never rewritten from a part of it); and the workspace it read them through."""
    whole = dataclasses.replace(settings, max_file_bytes=sys.maxsize)
    workspace = Workspace(DiskProvider(), whole, places.user_dir)
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
) -> tuple[Plan, list[PurePath]]:
    """Plan, then plan again and write under the folders' locks (log, profile, pending): the files
    may have changed before the locks were taken. A write that is refused or has nothing to do is
    found by the first plan, so it takes no lock and creates nothing. Returns the plan and the
    paths written."""
    plan, _ = _plan_on_disk(places, settings, title, operation, allow_secrets)
    if not plan.files:
        return plan, []
    with locked(_lock_folders(places, plan)):
        plan, workspace = _plan_on_disk(places, settings, title, operation, allow_secrets)
        return plan, write_plan(workspace, plan)
