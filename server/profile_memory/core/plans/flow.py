"""The skill's write flow over the files' working copies: add, confirm, delete, evolve, pivot,
restore, and the pieces every operation shares (the pair as the plan left it, records, ids,
the plan emitted)."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import PurePath
from typing import Literal

from profile_memory.core import anchors
from profile_memory.core.buffers import Buffers, FileEdit
from profile_memory.core.files import (
    PENDING_NAME,
    PROJECT_PAIR,
    Role,
    log_file_name,
    pair_name,
    profile_file_name,
    role_of,
)
from profile_memory.core.index import LogFile, PairIndex, ProfileFile, State, latest_value
from profile_memory.core.log import (
    OP_WRITTEN,
    Op,
    parse_log,
)
from profile_memory.core.messages import msg
from profile_memory.core.plans.bounds import (
    BadText,
    PlanError,
    category_name,
    entry_text,
    given_fields,
)
from profile_memory.core.plans.model import (
    TITLE_MARKS,
    WRITE_ORDER,
    Change,
    ChangeKind,
    OverLimit,
    PairRef,
    Plan,
    Said,
    Templates,
    refuse_shared_id,
)
from profile_memory.core.plans.records import as_written, render_record, short_title
from profile_memory.core.profile import Entry, parse_profile
from profile_memory.core.secrets import describe as describe_secrets
from profile_memory.core.text import (
    tidied,
)
from profile_memory.core.workspace import ProfileSet, Workspace


def _template_name(path: PurePath) -> str:
    name = path.name.lower()
    if role_of(path) is Role.PENDING:
        return PENDING_NAME
    base = PROJECT_PAIR if name.startswith(PROJECT_PAIR) else "user-profile"
    return log_file_name(base) if role_of(path) is Role.LOG else profile_file_name(base)


def _template_for(templates: Templates, language: str, path: PurePath) -> str:
    """The text a file that does not exist yet starts from."""
    return templates(_template_name(path), language)


class WriteFlow:
    """The write flow's operations, composed in memory over the files' working copies
    (`Buffers`), emitted as a `Plan`; `Planner` adds proposals and quick fixes."""

    def __init__(
        self,
        workspace: Workspace,
        profile_set: ProfileSet,
        today: dt.date,
        templates: Templates,
        language: str = "zh",
        allow_secrets: bool = False,
    ) -> None:
        self.workspace = workspace
        self.allow_secrets = allow_secrets
        self.profile_set = profile_set
        self.today = today
        self.templates = templates
        self.language = language
        # not a bound method: a planner and its buffers must not form a cycle (each resolve's
        # texts would wait for the cycle collector, hundreds of MB on a large log)
        self.buffers = Buffers(workspace, functools.partial(_template_for, templates, language))
        self._languages: dict[PurePath, str] = {}
        self.ids: list[str] = []
        self.notes: list[str] = []
        self.changes: list[Change] = []

    @functools.cached_property
    def allocator(self) -> anchors.Allocator:
        """Made when an id is first needed: it reads every id of the set (a delete needs none)."""
        return self.profile_set.allocator()

    # files ------------------------------------------------------------------------------------
    def _refuse_secrets(self, *values: tuple[str, str | None]) -> None:
        """A secret is never written (docs/format.md, "Secrets"), unless allowed for this plan."""
        if self.allow_secrets:
            return
        for what, value in values:
            problem = describe_secrets(value or "", what)
            if problem is not None:
                raise BadText(problem)

    def text(self, path: PurePath) -> str:
        """The file's text as the operations so far left it."""
        return self.buffers.text(path)

    def pair(self, ref: PairRef) -> PairIndex:
        """The pair as it stands after the operations so far."""
        profile_path = self.buffers.find(ref.folder, profile_file_name(ref.name))
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        if not self.buffers.holds(profile_path) and not self.buffers.holds(log_path):
            pair = self.workspace.pair(ref.folder, ref.name)
            if pair.profile is not None and pair.has_log:
                return pair
        return PairIndex.build(
            ref.folder,
            ref.name,
            ProfileFile(profile_path, parse_profile(self.text(profile_path))),
            LogFile(log_path, parse_log(self.text(log_path))),
        )

    def language_of(self, ref: PairRef) -> str:
        """The language records are written in: the log's own (found once per plan), else the
        setting."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        if log_path not in self._languages:
            source = self.workspace.source(log_path) if not self.buffers.holds(log_path) else None
            language = (
                self.workspace.log_language(source)
                if source is not None and source.decoded
                else parse_log(self.text(log_path)).language
            )
            self._languages[log_path] = language or self.language
        return self._languages[log_path]

    def finish(self, title: str, outcome: str = "") -> Plan:
        """The plan: one edit per changed file, in the order they are written (log, profile,
        pending)."""
        files = sorted(self.buffers.changes(), key=lambda f: WRITE_ORDER.get(role_of(f.path), 3))
        over_limit = self._over_limit(files)
        return Plan(
            title=title,
            files=files,
            ids=list(self.ids),
            outcome=outcome or "; ".join(self.notes),
            over_limit=over_limit,
            changes=list(self.changes),
        )

    def _over_limit(self, files: list[FileEdit]) -> list[OverLimit]:
        found = []
        for change in files:
            name = pair_name(change.path)
            if role_of(change.path) is Role.PROFILE and name is not None:
                lines, limit = (
                    parse_profile(self.text(change.path)).counted_lines,
                    self.workspace.settings.limit_for(name),
                )
                if lines > limit:
                    found.append(OverLimit(change.path, lines, limit))
        return found

    def _append_record(self, ref: PairRef, record: list[str]) -> None:
        self.buffers.append_block(self.buffers.find(ref.folder, log_file_name(ref.name)), record)

    def _record(self, ref: PairRef, anchor_id: str, said: Said) -> None:
        """Append the log record of one change to the pair's log, in the log's own language, and
        note the id as written by this plan."""
        self._refuse_secrets(
            (msg("what.text"), said.summary),
            (msg("what.context"), said.context),
            (msg("what.source"), said.source),
            (msg("what.category"), said.category),
        )
        language = self.language_of(ref)
        word, old, summary = OP_WRITTEN[language][said.op], said.old, said.summary
        operation = (
            f"{word}（{old} → {summary}）"
            if old is not None and language == "zh"
            else (f"{word} ({old} -> {summary})" if old is not None else word)
        )
        fields: dict[str, str | None] = {
            "category": said.category,
            "summary": summary,
            "context": said.context,
            "source": said.source,
            "operation": operation,
        }
        if said.supersedes:
            fields["supersedes"] = said.supersedes
        title = short_title(summary) if said.title is None else said.title
        full_title = title + TITLE_MARKS[language].get(said.op, "")
        self._append_record(ref, render_record(anchor_id, self.today, full_title, fields, language))

    def _new_id(self) -> str:
        anchor_id = self.allocator.next(self.today)
        self._touched(anchor_id)
        return anchor_id

    def _touched(self, anchor_id: str) -> None:
        if anchor_id not in self.ids:
            self.ids.append(anchor_id)

    def profile_path(self, ref: PairRef) -> PurePath:
        return self.buffers.find(ref.folder, profile_file_name(ref.name))

    def _live_entry(self, ref: PairRef, anchor_id: str) -> Entry:
        pair = self.pair(ref)
        entries = pair.entries_by_id.get(anchor_id)
        if not entries:
            raise PlanError(msg("plan.no_entry", id=anchor_id, name=self.profile_path(ref).name))
        refuse_shared_id(pair, anchor_id)
        return entries[0]

    # operations -------------------------------------------------------------------------------
    def add(
        self,
        ref: PairRef,
        category: str,
        text: str,
        context: str | None = None,
        source: str | None = None,
    ) -> str:
        """A new entry at the end of its category (the heading created if new) and its add
        record."""
        text, category = entry_text(text), category_name(category)
        given_fields(context, source)
        anchor_id = self._new_id()
        self._insert_entry(ref, category, f"- {text} <!-- {anchor_id} -->")
        said = Said(op=Op.ADD, category=category, summary=text, context=context, source=source)
        self._recorded(ref, anchor_id, said)
        return anchor_id

    def _recorded(self, ref: PairRef, anchor_id: str, said: Said) -> None:
        """The record of a change the person asked for, and the change in their terms (its kind
        is the operation's)."""
        self._record(ref, anchor_id, said)
        self.changes.append(
            Change(
                kind=ChangeKind(said.op.value),
                profile=ref.name,
                category=said.category,
                text=said.summary,
                old=said.old,
                id=anchor_id,
                replaces=said.supersedes,
                context=said.context,
            )
        )

    def _insert_entry(self, ref: PairRef, category: str, line: str) -> None:
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        heading = doc.heading_named(category)
        if heading is None:  # a new heading is written plain, as the name was given
            lines, eol = self.buffers.lines(path)
            body = "".join(lines).rstrip("\r\n")
            self.buffers.set(
                path,
                f"{body}{eol}{eol}## {category}{eol}{line}{eol}"
                if body
                else f"## {category}{eol}{line}{eol}",
            )
            return
        after = heading.line
        for entry in doc.entries:
            if entry.category == heading.name and entry.line > after:
                after = entry.line
        self.buffers.insert_line(path, after + 1, line)

    def confirm_entry(
        self, ref: PairRef, line: int, context: str | None = None, source: str | None = None
    ) -> str:
        """Give an unconfirmed entry (PM005) an id and an add record."""
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        entry = next((e for e in doc.entries if e.line == line), None)
        if entry is None or entry.anchors or line in doc.has_malformed_anchor:
            raise PlanError(msg("plan.already_has_id", name=path.name, line=line + 1))
        anchor_id = self._new_id()
        raw = doc.lines[line].rstrip()
        self.buffers.set_line(path, line, f"{raw} <!-- {anchor_id} -->")
        self._record(ref, anchor_id, Said.of_entry(entry, Op.ADD, context=context, source=source))
        return anchor_id

    def delete(
        self, ref: PairRef, anchor_id: str, context: str | None = None, source: str | None = None
    ) -> None:
        """Remove the entry and append a delete record (精简版 = the removed text)."""
        given_fields(context, source)
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self.buffers.remove_lines(self.profile_path(ref), entry.line, entry.line + 1)
        said = Said.of_entry(entry, Op.DELETE, context=context, source=source)
        self._recorded(ref, anchor_id, said)

    def reword(
        self,
        ref: PairRef,
        anchor_id: str,
        op: Literal[Op.EVOLVE, Op.PIVOT],
        new_text: str,
        context: str | None = None,
        source: str | None = None,
    ) -> str:
        """New wording for the entry: an evolve keeps its id (`演进（OLD → NEW）`); a pivot puts NEW
        under a new id whose record supersedes the old one. The id written."""
        entry = self._live_entry(ref, anchor_id)
        new_text = entry_text(new_text)
        given_fields(context, source)
        old = self._current_wording(ref, anchor_id, entry)
        pivot = op is Op.PIVOT
        if not pivot and tidied(new_text) == tidied(old) and tidied(new_text) == tidied(entry.text):
            raise PlanError(msg("plan.same_text", id=anchor_id, text=new_text))
        written = self._new_id() if pivot else anchor_id
        self._touched(written)
        line = f"- {new_text} <!-- {written} -->"
        self.buffers.set_line(self.profile_path(ref), entry.line, line)
        said = Said(
            op=op,
            category=entry.category or "",
            summary=new_text,
            context=context,
            source=source,
            old=old,
            supersedes=anchor_id if pivot else None,
        )
        self._recorded(ref, written, said)
        return written

    def _current_wording(self, ref: PairRef, anchor_id: str, entry: Entry) -> str:
        """OLD of an evolve or pivot: the id's latest 精简版 in the log (what the history says it
        read), else the entry's text; as written (a copy keeps the person's `，`)."""
        summary = latest_value(self.pair(ref).records_of(anchor_id), "summary")
        return as_written(summary if summary else entry.text)

    def restore(self, ref: PairRef, anchor_id: str) -> None:
        """Bring a deleted or retired id back: the entry at the end of its category and a restore
        record."""
        history = self.pair(ref).history(anchor_id)
        if history is None or history.state is State.LIVE:
            raise PlanError(msg("plan.not_deleted", id=anchor_id))
        summary = history.latest_summary or ""
        category = history.latest_value("category") or ""
        if anchor_id not in self.pair(ref).entries_by_id:
            self._insert_entry(ref, category, f"- {as_written(summary)} <!-- {anchor_id} -->")
        text, title = as_written(summary), short_title(summary)
        said = Said(op=Op.RESTORE, category=category, summary=text, title=title)
        self._recorded(ref, anchor_id, said)
