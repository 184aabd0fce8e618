"""Applying an edit plan to disk: under the folders' locks, log first, each file replaced
atomically."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path, PurePath

from profile_memory.core.buffers import apply_edits
from profile_memory.core.plans import Plan
from profile_memory.core.text import UTF8_BOM
from profile_memory.core.workspace import Workspace
from profile_memory.store.safe import (
    UnsafePath,
    atomic_replace,
    ensure_folder,
    folder_lock,
    open_folder,
)


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
    """Write each changed file of the plan, in the plan's order (log, profile, pending). Returns the
    paths."""
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
