"""The whole memory for an editor's views (README, "Custom requests"): `profileMemory/outline`
(pairs, categories, entries with their state; pending proposals; memory folders, each FACT.md with
its last change),
`profileMemory/history` (every record, newest first), `profileMemory/timeline` (an id's records
through pivots, and as Markdown), and the `profileMemory/didChange` notification sent when what
they show may have changed (an edit, or a file written by another program).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from profile_memory.core import anchors
from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import Lang, msg, render
from profile_memory.core.outline import (
    EntryView,
    PairView,
    RecordView,
    history,
    outline,
    pending,
    timeline,
)
from profile_memory.core.pending import Proposal, proposal_fields
from profile_memory.core.secrets import masked
from profile_memory.lsp.names import DID_CHANGE, HISTORY, OUTLINE, TIMELINE
from profile_memory.lsp.provider import uri
from profile_memory.lsp.safety import invalid
from profile_memory.store.fact_history import newest as newest_version
from profile_memory.store.fact_history import version_path
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer

HISTORY_LIMIT = 200


def _uri(path: PurePath | None) -> str | None:
    return uri(path) if path is not None else None


def _record(view: RecordView) -> dict[str, Any]:
    found: dict[str, Any] = {
        "id": view.id,
        "date": view.date,
        "operation": view.operation,
        "title": view.title,
        "uri": uri(view.path),
        "line": view.line,
        "pair": view.pair,
    }
    if view.fields:
        found["fields"] = view.fields
        found["labels"] = {key: view.labels.get(key, key) for key in view.fields}
    return found


def _entry(view: EntryView) -> dict[str, Any]:
    return {
        "id": view.id,
        "text": view.text,
        "line": view.line,
        "state": view.state.value,
        "records": view.records,
        "last": _record(view.last) if view.last else None,
    }


def _pair(view: PairView) -> dict[str, Any]:
    return {
        "name": view.name,
        "folder": uri(view.folder),
        "profile": _uri(view.profile),
        "log": _uri(view.log),
        "lines": view.lines,
        "limit": view.limit,
        "tokens": view.tokens,
        "tokenBudget": view.token_budget,
        "findings": view.findings,
        "categories": [
            {"name": c.name, "line": c.line, "entries": [_entry(e) for e in c.entries]}
            for c in view.categories
        ],
    }


def _last_change(folder: PurePath) -> dict[str, Any] | None:
    """The last replacement of a FACT.md: the version it replaced (rev, ts, by, added, removed,
    and the kept file's uri for a diff); None when no version is kept or it cannot be read."""
    try:
        version = newest_version(Path(folder))
    except (UnsafePath, OSError):
        return None
    if version is None:
        return None
    fields = version.fields()
    return {
        **{key: fields[key] for key in ("rev", "ts", "by", "added", "removed")},
        "uri": uri(version_path(Path(folder), version.rev)),
    }


def _memory(ls: ProfileMemoryServer) -> list[dict[str, Any]]:
    """Each memory folder's FACT.md (with its size against the bound) and journal."""
    folders: dict[PurePath, dict[str, Any]] = {}
    limit = ls.settings.fact_file_max_bytes
    for path in ls.resolver.memory_files():
        folder = folders.setdefault(
            path.parent, {"folder": uri(path.parent), "fact": None, "journal": None}
        )
        if role_of(path) is Role.FACT:
            source = ls.memory.source(path)
            size = source.decoded.size if source and source.decoded else 0
            folder["fact"] = {
                "uri": uri(path),
                "bytes": size,
                "limit": limit,
                "lastChange": _last_change(path.parent),
            }
        else:
            folder["journal"] = {"uri": uri(path)}
    return list(folders.values())


_KIND_WORD = re.compile(r"\[([^\]]+)\]")


def _proposal(ls: ProfileMemoryServer, path: PurePath, proposal: Proposal) -> dict[str, Any]:
    """A proposal as the Pending view shows it: what the CLI's JSON says, with its line, the kind
    in the file's own word (`演进`), its context and source lines, and whether it is marked ⚠️."""
    lines = ls.lines(path)
    line = lines[proposal.line] if proposal.line < len(lines) else ""
    word = _KIND_WORD.search(line)
    return {
        "line": proposal.line,
        **proposal_fields(proposal),
        "word": word.group(1) if word else proposal.kind.value,
        "context": masked(proposal.context) if proposal.context else None,
        "source": masked(proposal.source) if proposal.source else None,
        "warning": "⚠️" in line or "⚠" in line,
    }


def profile_memory_outline(ls: ProfileMemoryServer, params: Any = None) -> dict[str, Any]:
    resolver = ls.resolver
    return {
        "pairs": [_pair(view) for view in outline(resolver)],
        "pending": [
            {
                "uri": uri(found.path),
                "proposals": [_proposal(ls, found.path, p) for p in found.proposals],
            }
            for found in pending(resolver)
        ],
        "memory": _memory(ls),
    }


def _argument(params: Any, key: str, kind: type, default: Any = None) -> Any:
    """A param of our own requests (pygls hands them over as a named tuple, or a dict)."""
    fields = params._asdict() if hasattr(params, "_asdict") else params
    value = fields.get(key, default) if isinstance(fields, dict) else default
    if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
        raise invalid(msg("lsp.argument_type", key=key, kind=kind.__name__))
    return value


def profile_memory_history(ls: ProfileMemoryServer, params: Any = None) -> list[dict[str, Any]]:
    query = _argument(params, "query", str, "")
    limit = _argument(params, "limit", int, HISTORY_LIMIT)
    if limit < 1:
        raise invalid(msg("lsp.limit"))
    return [_record(view) for view in history(ls.resolver, query, limit)]


def markdown(anchor_id: str, records: list[RecordView], lang: Lang = "en") -> str:
    """The timeline as a document to read, in `lang`: each record with its fields and a link to its
    line."""
    lines = [f"# {anchor_id}", ""]
    if not records:
        return "\n".join([*lines, render(msg("view.no_record"), lang)])
    for record in records:
        link = f"{uri(record.path)}#L{record.line + 1}"
        heading = msg("view.record", date=record.date, op=record.operation, id=record.id)
        lines += [render(heading, lang), "", record.title, ""]
        lines += [f"- **{record.labels.get(key, key)}**: {v}" for key, v in record.fields.items()]
        lines += ["", f"[{record.path.name}:{record.line + 1}]({link})", ""]
    return "\n".join(lines)


def profile_memory_timeline(ls: ProfileMemoryServer, params: Any = None) -> dict[str, Any]:
    anchor_id = _argument(params, "id", str)
    problem = anchors.problem(anchor_id) if anchor_id else msg("lsp.no_id")
    if problem is not None:
        raise invalid(msg("lsp.id_needed", command=TIMELINE, problem=problem))
    records = timeline(ls.resolver, anchor_id)
    return {
        "id": anchor_id,
        "records": [_record(view) for view in records],
        "markdown": markdown(anchor_id, records, ls.lang),
    }


def changed(ls: ProfileMemoryServer) -> None:
    """Tell the client its views may be stale (debounced: one notification for a burst)."""
    delay = ls.settings.debounce_ms / 1000
    ls.debounce(DID_CHANGE, delay, lambda: ls.protocol.notify(DID_CHANGE, {}))


def register(server: ProfileMemoryServer) -> None:
    server.handle_custom(OUTLINE, profile_memory_outline)
    server.handle_custom(HISTORY, profile_memory_history)
    server.handle_custom(TIMELINE, profile_memory_timeline)
    server.file_listeners.append(lambda _path: changed(server))
