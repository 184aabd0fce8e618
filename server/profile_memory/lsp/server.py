"""The server object: editor documents, the core workspace, settings and places; the factory that
assembles features.

Features live in their own modules, each with a `register(server)` function; handlers are named
after their LSP method and take `ls` first.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import PurePath
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from profile_memory import __version__
from profile_memory.core.config import ConfigProblem, Settings, today
from profile_memory.core.files import role_of
from profile_memory.core.messages import Lang, choose_language, language_of_locale, msg, render
from profile_memory.core.places import Places, locate
from profile_memory.core.profile import Token
from profile_memory.core.resolve import Resolver, token_at
from profile_memory.core.span import Span
from profile_memory.core.values import value_class
from profile_memory.core.workspace import Source, Workspace
from profile_memory.lsp.documents import Document
from profile_memory.lsp.positions import UTF16, column_of, range_of
from profile_memory.lsp.provider import EditorProvider, path_of, uri
from profile_memory.lsp.safety import guarded

logger = logging.getLogger("profile_memory")


@value_class(frozen=True, slots=True)
class InvalidRequest:
    """A request whose params did not validate: it still gets an answer (pygls 2.1 answers none, and
    the client would wait for ever)."""

    id: int | str
    method: str


class ProfileMemoryProtocol(LanguageServerProtocol):
    """pygls's protocol without its own text store (documents are kept by `ProfileMemoryServer`, see
    `documents.py`), and which answers every request, even one whose params do not validate (pygls
    2.1.1)."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException:
            request_id = data.get("id") if isinstance(data, dict) else None
            if (
                isinstance(request_id, (int, str))
                and not isinstance(request_id, bool)
                and "method" in data
            ):
                return InvalidRequest(request_id, str(data["method"]))
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, InvalidRequest):
            error = JsonRpcInvalidParams(
                f"{message.method}: the params do not have the shape the protocol requires"
            )
            self._send_response(message.id, error=error.to_response_error())
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None


class ProfileMemoryServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "profile-memory",
            __version__,
            protocol_cls=ProfileMemoryProtocol,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
        )
        self.provider = EditorProvider()
        self.encoding: str = UTF16
        self.folders: list[PurePath] = []
        self.init_options: dict[str, Any] = {}
        self.locale: str | None = None  # the client's, from `initialize`
        self.editor_settings: dict[str, Any] = {}
        self.places: list[Places] = []
        self.memory = self._workspace(Settings(), None)
        self._reported: set[str] = set()
        self.file_listeners: list[Callable[[PurePath], None]] = []
        self._debounced: dict[str, asyncio.Task] = {}
        self.fact_seen: dict[PurePath, bytes] = {}  # each FACT.md as last seen (fact_versions.py)
        self.fact_keeping = asyncio.Lock()  # one comparison with what was seen at a time
        # what was pushed for memory files not open (see `diagnostics.publish_closed`)
        self.closed_published: dict[PurePath, list[types.Diagnostic]] = {}
        # a closed journal's diagnostics by the version they were found in (`diagnostics`)
        self.closed_checked: dict[PurePath, tuple[Workspace, Any, list[types.Diagnostic]]] = {}
        self.watching: asyncio.Future | None = None  # the server's own polling (lsp/watch.py)

    # -- registration ----------------------------------------------------------------------------
    def handle(self, method: str, handler: Callable[..., Any], options: Any = None) -> None:
        """Register `handler` for an LSP method with its failures contained: a request answers an
        error, a notification (a method without a response) only logs (see `safety.guarded`)."""
        notification = types.METHOD_TO_TYPES[method][1] is None
        self.feature(method, options)(guarded(handler, notification=notification))

    def handle_custom(self, method: str, handler: Callable[..., Any]) -> None:
        """Register a request of our own (`profileMemory/…`), guarded; its params reach it as sent
        (a dict, or None)."""
        self.feature(method)(guarded(handler))

    def handle_command(self, name: str, handler: Callable[..., Any]) -> None:
        """Register a `workspace/executeCommand` handler `(ls, *arguments)`, guarded. Its arguments
        reach it as sent, and it checks them itself: pygls would convert them by the handler's
        annotations, resolved at run time, where the server class is a name for the type checker
        only."""
        command = guarded(handler)
        command.__annotations__ = {}
        self.command(name)(command)

    def debounce(
        self,
        key: str,
        delay: float,
        action: Callable[[], None],
        still_valid: Callable[[], bool] = lambda: True,
    ) -> None:
        """Run `action` after `delay` seconds unless another call with the same key comes first,
        and only if `still_valid()` then (the state is re-checked after the delay)."""
        previous = self._debounced.pop(key, None)
        if previous is not None:
            previous.cancel()

        async def later() -> None:
            await asyncio.sleep(delay)
            if self._debounced.get(key) is task:
                del self._debounced[key]
            if still_valid():
                guarded(action, notification=True)()

        task = asyncio.ensure_future(later())
        self._debounced[key] = task

    # -- settings and places -------------------------------------------------------------------
    def reload(self) -> list[ConfigProblem]:
        """Settings (editor > project pmem.toml > user pmem.toml > defaults) and places of every
        folder."""
        overrides = {**self.init_options, **self.editor_settings}
        home = os.path.expanduser("~")
        problems: list[ConfigProblem] = []
        self.places = []
        settings = Settings()
        for folder in self.folders or [PurePath(os.getcwd())]:
            places, folder_settings, found = locate(
                folder, self.provider, os.environ, home, overrides=overrides
            )
            if not self.places:
                settings = folder_settings
            self.places.append(places)
            problems += found
        user_dir = self.places[0].user_dir
        if (settings, user_dir) != (
            self.memory.settings,
            self.memory.user_dir,
        ):  # else keep what is parsed already
            self.memory = self._workspace(settings, user_dir)
        return problems

    def _workspace(self, settings: Settings, user_dir: PurePath | None) -> Workspace:
        """The files as the editor's features read them: a journal not open is read again at each
        request, not kept (its findings are kept by version: `diagnostics`)."""
        return Workspace(
            self.provider, settings, user_dir, on_change=self._file_changed, keeps_journals=False
        )

    def _file_changed(self, path: PurePath) -> None:
        """A file changed underneath (an agent wrote it, seen by its modification time): tell the
        listeners."""
        if path not in self.provider.open:
            for listener in self.file_listeners:
                listener(path)

    def report_problems(self, problems: list[ConfigProblem]) -> None:
        """Each bad setting once, naming the key; its default is used."""
        for problem in problems:
            text = self.text(problem.text())
            if text not in self._reported:
                self._reported.add(text)
                self.window_show_message(
                    types.ShowMessageParams(
                        types.MessageType.Warning, self.text(msg("lsp.said", text=text))
                    )
                )

    @property
    def settings(self) -> Settings:
        return self.memory.settings

    @property
    def lang(self) -> Lang:
        """The interface's language: `messageLanguage`, else the client's locale
        (core/messages.py)."""
        return choose_language(self.settings.message_language, language_of_locale(self.locale))

    def text(self, message: str) -> str:
        """A message (a catalogue `Text` or any string) in the interface's language."""
        return render(message, self.lang)

    # -- documents -----------------------------------------------------------------------------
    def served_path(self, uri: str) -> PurePath | None:
        """The path of a memory file of docs/format.md, "Files"; None for any other document."""
        path = path_of(uri)
        return path if path is not None and role_of(path) is not None else None

    def served_source(self, uri: str) -> tuple[PurePath, Source] | None:
        """A served document's path and readable content; None for other or unreadable documents."""
        path = self.served_path(uri)
        source = self.memory.source(path) if path is not None else None
        if path is None or source is None or source.decoded is None:
            return None
        return path, source

    def lines(self, path: PurePath) -> list[str]:
        document = self.provider.open.get(path)
        if document is not None:
            return document.lines
        source = self.memory.source(path)
        return self.memory.lines(source) if source is not None else []

    def range(self, path: PurePath, span: Span) -> types.Range:
        return self.ranger(path)(span)

    def ranger(
        self, path: PurePath, lines: list[str] | None = None
    ) -> Callable[[Span], types.Range]:
        """The spans of one file (whose `lines` the caller may hold) as client ranges, its lines
        read once: a journal's are not kept between requests, and reading them for each span made
        a list of spans cost its square."""
        lines, encoding = self.lines(path) if lines is None else lines, self.encoding
        return lambda span: range_of(span, lines, encoding)

    def location(self, path: PurePath, span: Span) -> types.Location:
        return types.Location(uri(path), self.range(path, span))

    def ranges(
        self, spans: Iterable[tuple[PurePath, Span]]
    ) -> Iterator[tuple[PurePath, types.Range]]:
        """Each (file, span) with its client range, each file's lines read once (`ranger`)."""
        rangers: dict[PurePath, Callable[[Span], types.Range]] = {}
        for path, span in spans:
            ranger = rangers.get(path)
            if ranger is None:
                ranger = rangers[path] = self.ranger(path)
            yield path, ranger(span)

    def open_served(self) -> Iterator[tuple[PurePath, Document]]:
        yield from list(self.provider.open.items())

    # -- ids -----------------------------------------------------------------------------------
    @property
    def resolver(self) -> Resolver:
        """Pairs, ids and memory files over every workspace folder (`core/resolve.py`)."""
        return Resolver(self.memory, self.places)

    def token_at(self, path: PurePath, position: types.Position) -> Token | None:
        lines = self.lines(path)
        if position.line >= len(lines):
            return None
        column = column_of(position, lines, self.encoding)
        source = self.memory.source(path)
        hidden = partial(self.memory.code_lines, source) if source is not None else None
        return token_at(lines, position.line, column, hidden)

    def next_id(self) -> str:
        return self.resolver.next_id(today(os.environ))


def keep_large_buffers_out_of_the_heap() -> None:
    """On glibc, fix the size from which blocks are mapped separately (and unmapped when freed).

    Every `didOpen` of a large log brings its whole text, several megabytes, through JSON. glibc
    raises its mmap threshold to the size of each such block freed, so later blocks of that size
    come from the heap, and the heap, fragmented by millions of small parsed objects, is not given
    back: the server would grow by the size of each document opened. A fixed threshold keeps those
    buffers mapped."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, 256 * 1024)
    except (OSError, AttributeError):  # not glibc: its allocator has its own policy
        logger.debug("mallopt is not available")


_M_MMAP_THRESHOLD = -3
MAX_MESSAGE_BYTES = (
    256 * 1024 * 1024
)  # larger than any memory file the server reads whole (maxFileBytes)
DISCARDED = (
    b'{"jsonrpc": "2.0", "method": "$/profileMemory/discarded"}'  # `$/` notifications are ignored
)


class BoundedInput:
    """The transport's input, refusing a message that claims an absurd length: pygls would allocate
    all of it at once (a `Content-Length` of 10^12 ends the server with MemoryError). The claimed
    body is not read; what follows is read as header lines until the next `Content-Length` (pygls
    2.1.1)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def readline(self) -> bytes:
        return self.stream.readline()

    def read(self, size: int) -> bytes:
        if size > MAX_MESSAGE_BYTES:
            logger.error("a message of %d bytes was refused (at most %d)", size, MAX_MESSAGE_BYTES)
            return DISCARDED
        return self.stream.read(size)
