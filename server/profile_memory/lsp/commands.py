"""Server commands (`workspace/executeCommand`) over agent memory: search, append, update, recall,
init, a new id, trace. Bad arguments get a JSON-RPC error with a clear message; the server keeps
running.

Disk writes run in a worker thread under the folder lock, so the event loop never waits on a lock. A
file open in the editor is never written behind its buffer: it is changed with
`workspace/applyEdit`.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import os
from collections.abc import Awaitable, Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from profile_memory import front
from profile_memory.core import anchors, recall
from profile_memory.core.facts_history import BY_EDITOR
from profile_memory.core.files import FACT_NAME, JOURNAL_NAME
from profile_memory.core.messages import msg, said
from profile_memory.core.search import (
    DEFAULT_LIMIT,
    KINDS,
    check_limit,
    hit_fields,
    newest_first,
)
from profile_memory.core.span import Span
from profile_memory.core.trace import render_json, trace
from profile_memory.lsp import diagnostics, fact_versions, names
from profile_memory.lsp.provider import uri
from profile_memory.lsp.safety import invalid, refuse
from profile_memory.store.disk import iter_lines_newest_first
from profile_memory.store.fact_history import UnknownRev, read_version
from profile_memory.store.memory import (
    BadInput,
    FactWritten,
    Refused,
    fact_size_note,
    facts_restore,
    journal_append,
    journal_entry,
    memory_folder,
    refuse_secret,
    replace_fact,
)
from profile_memory.store.safe import UnsafePath
from profile_memory.store.templates import provision, provisioning

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def _object(arguments: tuple, command: str) -> dict[str, Any]:
    """The command's one object argument (clients send `arguments: [{…}]`), or {} when none is
    sent."""
    if not arguments:
        return {}
    if len(arguments) != 1 or not isinstance(arguments[0], dict):
        raise invalid(msg("lsp.one_object", command=command))
    return arguments[0]


def _string(
    args: dict, key: str, command: str, required: bool = False, path: bool = False
) -> str | None:
    """A string argument: text that can be written as UTF-8 (no lone surrogate), and for a path no
    NUL byte."""
    value = args.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise invalid(msg("lsp.non_empty", command=command, key=key))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise invalid(msg("lsp.surrogate", command=command, key=key)) from None
    if path and "\x00" in value:
        raise invalid(msg("lsp.nul", command=command, key=key))
    return value


def _required(args: dict, key: str, command: str) -> str:
    value = _string(args, key, command, required=True)
    assert value is not None  # a required value that is missing is refused by `_string`
    return value


def _memory_dir(ls: ProfileMemoryServer, given: str | None, command: str) -> Path:
    """A known memory folder: the one named (which must be one of them) or the first."""
    known = [Path(os.path.realpath(d)) for places in ls.places for d in places.memory_dirs]
    if given is None:
        return Path(ls.places[0].memory_dirs[0])
    resolved = Path(os.path.realpath(given))
    if resolved not in known:
        raise refuse(
            msg("lsp.not_memory_dir", command=command, given=given, known=[str(k) for k in known])
        )
    return Path(os.path.abspath(given))


def _journal_lines(ls: ProfileMemoryServer, path: PurePath):
    document = ls.provider.open.get(path)
    if document is not None:
        return newest_first([line.encode("utf-8") for line in document.lines])
    return iter_lines_newest_first(path)


def _line_start(line: int) -> types.Range:
    """Where a hit's line starts: column 0 in every encoding, so a journal is never read whole to
    say so."""
    start = types.Position(line, 0)
    return types.Range(start, start)


def _search_sync(
    ls: ProfileMemoryServer, query: str | None, tag: str | None, limit: int, kinds: list[str]
) -> list[dict]:
    read = functools.partial(_journal_lines, ls)  # an open journal as the editor has it
    found = front.search(ls.resolver, query, tag, limit, kinds, read=read)
    return [
        {**hit_fields(hit), "uri": uri(hit.path), "range": _line_start(hit.line)}
        for hit in found.hits
    ]


async def search(ls: ProfileMemoryServer, *arguments: Any) -> list[dict]:
    args = _object(arguments, "profileMemory.search")
    query, tag = (
        _string(args, "query", "profileMemory.search"),
        _string(args, "tag", "profileMemory.search"),
    )
    try:
        limit = check_limit(args.get("limit", DEFAULT_LIMIT))
    except ValueError as error:
        raise invalid(
            msg("lsp.failed", command="profileMemory.search", error=said(error))
        ) from None
    kinds = args.get("kinds", list(KINDS))
    if not isinstance(kinds, list) or any(k not in KINDS for k in kinds):
        raise invalid(msg("lsp.kinds", command="profileMemory.search", kinds=list(KINDS)))
    return await asyncio.to_thread(_search_sync, ls, query, tag, limit, kinds)


async def _append_in_editor(ls: ProfileMemoryServer, path: PurePath, line: str) -> None:
    document = ls.provider.open[path]
    last = len(document.lines) - 1
    prefix = "" if document.lines[last] == "" else "\n"
    end = ls.range(path, Span(last, len(document.lines[last]), last, len(document.lines[last]))).end
    edit = types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                types.OptionalVersionedTextDocumentIdentifier(document.uri, document.version),
                [types.TextEdit(types.Range(end, end), prefix + line + "\n")],
            )
        ]
    )
    result = await ls.workspace_apply_edit_async(
        types.ApplyWorkspaceEditParams(edit=edit, label=ls.text(msg("lsp.label.journal")))
    )
    if not result.applied:
        raise refuse(
            msg("lsp.not_applied_because", reason=result.failure_reason or msg("lsp.refused"))
        )


def _refused(command: str, error: Exception) -> Exception:
    """A refused write, in the words the CLI and the MCP server use (`front.explained`), in the
    server's language."""
    return refuse(msg("lsp.failed", command=command, error=front.explained(error).message))


async def journal_append_command(ls: ProfileMemoryServer, *arguments: Any) -> dict:
    command = "profileMemory.journalAppend"
    args = _object(arguments, command)
    text = _required(args, "text", command)
    tags = args.get("tags", [])
    folder = _memory_dir(ls, _string(args, "dir", command, path=True), command)
    open_journal = next(
        (p for p in ls.provider.open if p.parent == folder and p.name.lower() == JOURNAL_NAME), None
    )
    try:
        if open_journal is not None:
            memory_folder(folder)
            entry = journal_entry(text, tags)
            await _append_in_editor(ls, open_journal, entry.to_line())
            path = open_journal
        else:
            appended = await asyncio.to_thread(journal_append, folder, text, tags)
            entry, path = appended.entry, appended.path
    except (UnsafePath, BadInput) as error:
        raise _refused(command, error) from None
    diagnostics.refresh_all(ls)
    return {"uri": uri(path), "ts": entry.ts, "tags": entry.tags, "text": entry.text}


async def _replace_in_editor(
    ls: ProfileMemoryServer, command: str, path: PurePath, content: str, expected: str | None
) -> str:
    """FACT.md open in the editor is changed through it (the version is kept when it is saved)."""
    document = ls.provider.open[path]
    current = hashlib.sha256(document.text.encode("utf-8")).hexdigest()
    if expected is not None and expected.lower() != current:
        raise Refused(msg("lsp.changed_since", path=str(path)))
    last = len(document.lines) - 1
    whole = ls.range(path, Span(0, 0, last, len(document.lines[last])))
    edit = types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                types.OptionalVersionedTextDocumentIdentifier(document.uri, document.version),
                [types.TextEdit(whole, content)],
            )
        ]
    )
    result = await ls.workspace_apply_edit_async(
        types.ApplyWorkspaceEditParams(edit=edit, label=ls.text(msg("lsp.label.fact")))
    )
    if not result.applied:
        raise refuse(msg("lsp.command_not_applied", command=command))
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def _open_fact(ls: ProfileMemoryServer, folder: Path) -> PurePath | None:
    return next(
        (p for p in ls.provider.open if p.parent == folder and p.name.lower() == FACT_NAME), None
    )


async def facts_update_command(ls: ProfileMemoryServer, *arguments: Any) -> dict:
    command = "profileMemory.factsUpdate"
    args = _object(arguments, command)
    content = _required(args, "content", command)
    expected = _string(args, "expectedSha256", command)
    folder = _memory_dir(ls, _string(args, "dir", command, path=True), command)
    try:
        settings = ls.settings  # the CLI's and the MCP tool's bounds, checked before anything else
        note = fact_size_note(content, settings.max_file_bytes, settings.fact_file_max_bytes)
        history_max = settings.fact_history_max

        async def in_editor() -> str:
            return content

        async def on_disk() -> tuple[FactWritten, bytes]:
            written = await asyncio.to_thread(
                replace_fact, folder, content, expected, by=BY_EDITOR, history_max=history_max
            )
            return written, content.encode("utf-8")

        path, digest = await _fact_replaced(ls, command, folder, expected, in_editor, on_disk)
    except (UnsafePath, BadInput, Refused) as error:
        raise _refused(command, error) from None
    diagnostics.refresh_all(ls)
    return {"uri": uri(path), "sha256": digest, **({"note": note} if note else {})}


async def _fact_replaced(
    ls: ProfileMemoryServer,
    command: str,
    folder: Path,
    expected: str | None,
    in_editor: Callable[[], Awaitable[str]],
    on_disk: Callable[[], Awaitable[tuple[FactWritten, bytes]]],
) -> tuple[PurePath, str]:
    """FACT.md replaced through the editor when it is open there (`in_editor` gives the content),
    else on disk under the lock (`on_disk` writes it and gives what it wrote, remembered as the
    server's own write); its path and new sha256."""
    open_fact = _open_fact(ls, folder)
    if open_fact is not None:
        content = await in_editor()
        return open_fact, await _replace_in_editor(ls, command, open_fact, content, expected)
    written, data = await on_disk()
    fact_versions.saw(ls, written.path, data)
    return written.path, written.sha256


async def facts_restore_command(ls: ProfileMemoryServer, *arguments: Any) -> dict:
    """FACT.md replaced by a kept version (`rev`), keeping the one it replaces: through the editor
    when FACT.md is open there, else on disk under the lock."""
    command = "profileMemory.factsRestore"
    args = _object(arguments, command)
    rev = _required(args, "rev", command)
    expected = _string(args, "expectedSha256", command)
    folder = _memory_dir(ls, _string(args, "dir", command, path=True), command)
    history_max = ls.settings.fact_history_max

    async def in_editor() -> str:
        data = await asyncio.to_thread(read_version, memory_folder(folder), rev)
        content = data.decode("utf-8", errors="replace")
        refuse_secret(content, msg("what.version", rev=rev))
        return content

    async def on_disk() -> tuple[FactWritten, bytes]:
        written = await asyncio.to_thread(
            facts_restore, folder, rev, expected, by=BY_EDITOR, history_max=history_max
        )
        return written, await asyncio.to_thread(read_version, folder, rev)

    try:
        path, digest = await _fact_replaced(ls, command, folder, expected, in_editor, on_disk)
    except (UnsafePath, BadInput, Refused, UnknownRev) as error:
        raise _refused(command, error) from None
    diagnostics.refresh_all(ls)
    return {"uri": uri(path), "sha256": digest}


def recall_command(ls: ProfileMemoryServer, *arguments: Any) -> str:
    args = _object(arguments, "profileMemory.recall")
    chosen = args.get("format", "text")
    if not isinstance(chosen, str) or chosen not in recall.RENDERERS:
        raise invalid(msg("lsp.recall_format", command="profileMemory.recall"))
    render = recall.RENDERERS[chosen]
    return render(recall.collect(ls.memory, ls.places[0], lambda p: str(p)))


async def init_command(ls: ProfileMemoryServer, *arguments: Any) -> list[dict]:
    command = "profileMemory.init"
    args = _object(arguments, command)
    scope = args.get("scope", "project")
    language = args.get("lang") or ls.settings.language
    if scope not in ("user", "project", "memory") or language not in ("zh", "en"):
        raise invalid(msg("lsp.init_arguments", command=command))
    places = ls.places[0]
    folder, names, mode = provisioning(
        scope,
        Path(
            {
                "memory": places.memory_dirs[0],
                "user": places.user_dir,
                "project": places.project_dir,
            }[scope]
        ),
    )
    try:
        results = await asyncio.to_thread(provision, folder, names, language, mode)
    except (UnsafePath, OSError) as error:
        raise _refused(command, error) from None
    diagnostics.refresh_all(ls)
    return [{"uri": uri(r.path), "created": r.created} for r in results]


def new_id(ls: ProfileMemoryServer, *arguments: Any) -> str:
    return ls.next_id()


def trace_command(ls: ProfileMemoryServer, *arguments: Any) -> dict:
    args = _object(arguments, "profileMemory.trace")
    anchor_id = anchors.given_id(_required(args, "id", "profileMemory.trace"))
    problem = anchors.problem(anchor_id)
    if problem is not None:
        raise invalid(
            msg("lsp.invalid_id", command="profileMemory.trace", id=anchor_id, problem=problem)
        )
    resolver = ls.resolver
    traces, mentions = trace(resolver.pairs(), anchor_id), resolver.mentions(anchor_id)
    return render_json(anchor_id, traces, uri, mentions)


COMMANDS = {
    names.SEARCH: search,
    names.JOURNAL_APPEND: journal_append_command,
    names.FACTS_UPDATE: facts_update_command,
    names.FACTS_RESTORE: facts_restore_command,
    names.RECALL: recall_command,
    names.INIT: init_command,
    names.NEW_ID: new_id,
    names.TRACE: trace_command,
}


def register(server: ProfileMemoryServer) -> None:
    for name, handler in COMMANDS.items():
        server.handle_command(name, handler)
