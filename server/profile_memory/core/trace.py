"""Trace-up (the skill's 逐级上溯, docs/format.md, "CLI conventions"): from an id to its compact
entry and its log records."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from profile_memory.core.index import History, LogFile, PairIndex, ProfileFile
from profile_memory.core.log import Record, op_word
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal
from profile_memory.core.profile import Entry
from profile_memory.core.render import ShowPath
from profile_memory.core.secrets import masked
from profile_memory.core.values import value_class


@value_class(frozen=True, slots=True)
class PairTrace:
    pair: PairIndex
    entries: list[Entry]
    history: History | None

    @property
    def state(self) -> str:
        return self.history.state.value if self.history else "unrecorded"


def trace(pairs: list[PairIndex], anchor_id: str) -> list[PairTrace]:
    """Every pair that knows the id (ids are scoped to a pair, so there may be several)."""
    found = []
    for pair in pairs:
        entries = pair.entries_by_id.get(anchor_id, [])
        history = pair.history(anchor_id)
        if entries or history:
            found.append(PairTrace(pair, entries, history))
    return found


def record_lines(pair: PairIndex, record: Record) -> list[tuple[int, str]]:
    """The record's lines with 1-based numbers, trailing blank lines dropped."""
    lines = pair.read_log().doc.lines[record.line : record.end_line]
    while len(lines) > 1 and not lines[-1].strip():
        lines = lines[:-1]
    return [(record.line + 1 + offset, masked(text)) for offset, text in enumerate(lines)]


def _record_summary(pair: PairIndex, record: Record) -> str:
    return masked(f"{record.date}  {op_word(record, pair.language)}  {record.title}")


def _full(pair: PairIndex, record: Record, show: ShowPath) -> list[str]:
    width = len(str(record.end_line))
    return [f"  {number:>{width}} | {text}" for number, text in record_lines(pair, record)]


@value_class(frozen=True, slots=True)
class Mention:
    """A pending proposal that names the id as its target."""

    path: PurePath
    proposal: Proposal

    def change(self) -> str:
        """The proposed change, as the pending line says it."""
        p = self.proposal
        return masked(f"[{p.kind.value}][{p.category}] {p.old} → {p.text}")


def render_text(
    anchor_id: str,
    traces: list[PairTrace],
    show: ShowPath,
    everything: bool,
    mentions: Sequence[Mention] = (),
) -> list[str]:
    out: list[str] = []
    for found in traces:
        pair = found.pair
        if out:
            out.append("")
        state = msg(f"trace.state.{found.state}")
        out.append(
            msg("trace.head", id=anchor_id, state=state, pair=pair.name, folder=show(pair.folder))
        )
        for entry in found.entries:
            where = f"{show(pair.read_profile().path)}:{entry.line + 1}"
            out.append(msg("trace.entry", where=where, text=masked(entry.text)))
        if not found.entries:
            out.append(msg("trace.no_entry", where=_shown(pair.profile, pair.profile_name, show)))
        if found.history is None:
            out.append(msg("trace.no_records", where=_shown(pair.log, pair.log_name, show)))
            continue
        records = found.history.records
        log_path = show(pair.read_log().path)
        if not everything:
            out.append(msg("trace.latest", where=f"{log_path}:{records[-1].line + 1}"))
            out += _full(pair, records[-1], show)
            if len(records) > 1:
                out.append(msg("trace.earlier", count=len(records) - 1))
                out += [
                    f"  {log_path}:{r.line + 1}  {_record_summary(pair, r)}" for r in records[:-1]
                ]
        else:
            for record in records:
                out.append(msg("trace.record", where=f"{log_path}:{record.line + 1}"))
                out += _full(pair, record, show)
        if found.history.retired_by is not None and found.state == "retired":
            by = found.history.retired_by
            out.append(msg("trace.retired_by", id=by.id, where=f"{log_path}:{by.line + 1}"))
    out += [
        msg("trace.pending", where=f"{show(m.path)}:{m.proposal.line + 1}", change=m.change())
        for m in mentions
    ]
    return out


def _shown(file: ProfileFile | LogFile | None, name: str, show: ShowPath) -> str:
    return show(file.path) if file is not None else msg("trace.missing", name=name)


def _record_json(pair: PairIndex, record: Record, show: ShowPath) -> dict[str, object]:
    return {
        "path": show(pair.read_log().path),
        "line": record.line + 1,
        "end_line": record_lines(pair, record)[-1][0],
        "date": str(record.date),
        "title": masked(record.title),
        "operation": record.op.value if record.op else None,
        "fields": {key: masked(found.value) for key, found in record.fields.items()},
        "text": "\n".join(text for _, text in record_lines(pair, record)),
    }


def render_json(
    anchor_id: str, traces: list[PairTrace], show: ShowPath, mentions: Sequence[Mention] = ()
) -> dict[str, object]:
    def path_or_none(file: ProfileFile | LogFile | None) -> str | None:
        return show(file.path) if file is not None else None

    return {
        "id": anchor_id,
        "matches": [
            {
                "pair": found.pair.name,
                "folder": show(found.pair.folder),
                "profile": path_or_none(found.pair.profile),
                "log": path_or_none(found.pair.log),
                "state": found.state,
                "entries": [
                    {
                        "path": show(found.pair.read_profile().path),
                        "line": e.line + 1,
                        "text": masked(e.text),
                    }
                    for e in found.entries
                ],
                "records": [
                    _record_json(found.pair, r, show)
                    for r in (found.history.records if found.history else [])
                ],
                "retired_by": found.history.retired_by.id
                if found.history and found.history.retired_by and found.state == "retired"
                else None,
            }
            for found in traces
        ],
        "pending": [
            {"path": show(m.path), "line": m.proposal.line + 1, "text": m.change()}
            for m in mentions
        ],
    }
