"""The core's text provider inside the server: open editor buffers over the disk.

Unopened files are read from disk and re-read when their modification time changes, so a file an
agent rewrites from a shell is seen at the next request even without file-watching support.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import PurePath
from typing import Any

from pygls.uris import from_fs_path, to_fs_path

from profile_memory.core.text import LazyText
from profile_memory.core.workspace import FileData, FileKind
from profile_memory.lsp.documents import Document
from profile_memory.store.disk import DiskProvider


# Both are pure and asked at every request (a hover converts its document's URI and each link's
# path): the few a session names are kept converted.
@lru_cache(maxsize=1024)
def path_of(uri: str) -> PurePath | None:
    path = to_fs_path(uri) if uri.startswith("file:") else None
    return PurePath(path) if path else None


class EditorProvider:
    def __init__(self) -> None:
        self.disk = DiskProvider()
        self.open: dict[PurePath, Document] = {}
        self._opened = (
            0  # a new serial per didOpen: a re-opened document never matches an old cache entry
        )

    def opened(self, path: PurePath, document: Document) -> None:
        self._opened += 1
        document.serial = self._opened
        self.open[path] = document

    def closed(self, path: PurePath) -> None:
        self.open.pop(path, None)

    def kind(self, path: PurePath) -> FileKind:
        return FileKind.FILE if path in self.open else self.disk.kind(path)

    def version(self, path: PurePath) -> Any:
        document = self.open.get(path)
        return ("editor", *document.state) if document else self.disk.version(path)

    def read(self, path: PurePath) -> FileData:
        document = self.open.get(path)
        if document is not None:
            return FileData(
                LazyText(document.text_later(), document.length),
                ("editor", *document.state),
                document.lines,
                document.kept_since,
            )
        return self.disk.read(path)

    def list_dir(self, folder: PurePath) -> list[str]:
        names = set(self.disk.list_dir(folder))
        names.update(path.name for path in self.open if path.parent == folder)
        return sorted(names)


def uri(path: PurePath) -> str:
    return _uri_of(str(path))


@lru_cache(maxsize=1024)
def _uri_of(path: str) -> str:  # by its string: Windows paths that differ in case are equal
    return from_fs_path(path) or f"file://{path}"
