"""Edit plans (docs/format.md, "Pending proposals" and "Diagnostics"): what to change in which
files, computed from texts alone.

A `Planner` applies operations to the current texts of the files in memory (so that several
operations, like confirm-all, compose without position bookkeeping), then emits one minimal edit per
changed file. The server turns a plan into a `WorkspaceEdit`; the CLI applies it to disk under the
folder lock, writing the log first, then the profile, then the pending file (docs/format.md, "Safety
rules for writes").
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePath

from profile_memory.core import anchors
from profile_memory.core.buffers import Buffers, FileEdit, ending_of
from profile_memory.core.files import (
    PENDING_NAME,
    PROJECT_PAIR,
    Role,
    log_file_name,
    pair_name,
    profile_file_name,
    role_of,
)
from profile_memory.core.index import LogFile, PairIndex, ProfileFile, State
from profile_memory.core.log import (
    DELETED_TITLE_MARKS,
    FIELD_LABELS,
    NOT_RECORDED,
    OP_WRITTEN,
    Op,
    parse_log,
)
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal, ProposalKind, Scope, parse_pending, scope_of
from profile_memory.core.profile import Entry, malformed_tokens, parse_profile, same_category
from profile_memory.core.secrets import describe as describe_secrets
from profile_memory.core.secrets import find_secrets, masked, redacted
from profile_memory.core.slips import Slip, quoted
from profile_memory.core.span import Span
from profile_memory.core.text import (
    HTML_COMMENT,
    LINE_BREAK,
    normalise,
    one_line,
    split_keep_ends,
    split_lines,
    tidied,
)
from profile_memory.core.workspace import ProfileSet, Workspace

TITLE_MARKS = {
    "zh": {
        Op.EVOLVE: "（演进）",
        Op.PIVOT: "（转向）",
        Op.DELETE: "（已删除）",
        Op.RESTORE: "（恢复）",
    },
    "en": {
        Op.EVOLVE: " (evolve)",
        Op.PIVOT: " (pivot)",
        Op.DELETE: " (deleted)",
        Op.RESTORE: " (restore)",
    },
}
WRITE_ORDER: dict[Role | None, int] = {Role.LOG: 0, Role.PROFILE: 1, Role.PENDING: 2}
SCOPE_HEADERS = {
    "zh": {Scope.USER: "**个人画像：**", Scope.PROJECT: "**项目画像：**"},
    "en": {Scope.USER: "**Personal:**", Scope.PROJECT: "**Project:**"},
}
KIND_WRITTEN = {
    "zh": {ProposalKind.ADD: "新增", ProposalKind.EVOLVE: "演进", ProposalKind.PIVOT: "转向"},
    "en": {ProposalKind.ADD: "add", ProposalKind.EVOLVE: "evolve", ProposalKind.PIVOT: "pivot"},
}


class PlanError(Exception):
    """An operation refused because of the files' state (unknown id, missing target): exit 1."""


class BadText(PlanError):
    """Text given to a write that cannot be written as it is (empty, or carrying an anchor comment):
    exit 2."""


# The bounds of what a write takes (docs/format.md, "Bounds of what is written"): characters of
# each field once on one line (a context keeps its lines).
TEXT_MAX_CHARS = 1000  # an entry's text, OLD, a source
CATEGORY_MAX_CHARS = 100
CONTEXT_MAX_CHARS = 10_000
# Bidirectional controls make a text read otherwise than it is stored (the question a person
# answers would not show what is written).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
WHITE_CONTROLS = frozenset("\t\n\r")  # white space: folded to a space on one line, a context's
# line breaks kept


def refuse_controls(value: str, what: str) -> None:
    """A control character (Unicode Cc other than tab, line feed, carriage return), a lone
    surrogate or a bidirectional control is never written: it would hide or reorder text in the
    files and in what the person is shown."""
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if (
            (category == "Cc" and char not in WHITE_CONTROLS)
            or category == "Cs"
            or (char in BIDI_CONTROLS)
        ):
            code = f"{ord(char):04X}"
            raise BadText(msg("plan.control_char", what=what, code=code, index=index + 1))


def bounded(value: str, what: str, limit: int) -> str:
    """`value` checked for control characters and at most `limit` characters (as it is written)."""
    refuse_controls(value, what)
    if len(value) > limit:
        raise BadText(msg("plan.too_long", what=what, count=len(value), limit=limit))
    return value


def given_fields(context: str | None, source: str | None) -> None:
    """The context and the source a write is given, within their bounds."""
    if context:
        bounded(field_value("context", context), msg("what.context"), CONTEXT_MAX_CHARS)
    if source:
        bounded(one_line(source), msg("what.source"), TEXT_MAX_CHARS)


def entry_text(text: str, what: str | None = None) -> str:
    """Text for an entry or a proposal, on one line, within its bounds. An anchor comment in it
    would give the entry a second id (or forge one), and any comment syntax would change where its
    text ends, so both are refused, as is empty text."""
    what = what or msg("what.entry_text")
    refuse_controls(text, what)
    folded = bounded(one_line(text), what, TEXT_MAX_CHARS)
    if not folded:
        raise BadText(msg("plan.empty", what=what))
    for comment in HTML_COMMENT.finditer(folded):
        if anchors.TOKEN.search(comment.group(0)):
            raise BadText(msg("plan.anchor_in_text", what=what, comment=comment.group(0)))
    for mark in ("<!--", "-->"):
        if mark in folded:
            raise BadText(msg("plan.comment_mark", what=what, mark=mark))
    return folded


def category_name(text: str) -> str:
    """A category as a `## ` heading and a `[CATEGORY]` of a proposal: one line, not blank, no
    brackets, within its bounds."""
    what = msg("what.category")
    refuse_controls(text, what)
    folded = bounded(one_line(text), what, CATEGORY_MAX_CHARS)
    if not folded:
        raise BadText(msg("plan.empty", what=what))
    if "[" in folded or "]" in folded:
        raise BadText(msg("plan.category_bracket", category=folded))
    return folded


@dataclass(frozen=True, slots=True)
class Change:
    """One change of a plan in the person's terms (what a question about the plan shows): `kind`
    is add, evolve, pivot, delete, restore, discard (a proposal dropped) or resume (an earlier
    confirm finished); `profile` the pair's name; `old` the wording an evolve or pivot replaces;
    `id` the id the change writes (a pivot's new id), `replaces` the id a pivot retires; `context`
    the person's words the record keeps."""

    kind: str
    profile: str
    category: str
    text: str
    old: str | None = None
    id: str | None = None
    replaces: str | None = None
    context: str | None = None
    proposed: str | None = None  # a discard: the kind of the proposal it drops


@dataclass(slots=True)
class Plan:
    title: str
    files: list[FileEdit] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)  # the ids the plan writes records for, in order
    outcome: str = ""
    over_limit: list[OverLimit] = field(
        default_factory=list
    )  # compact profiles the plan leaves over their limit
    changes: list[Change] = field(default_factory=list)  # what it does, in the person's terms


@dataclass(frozen=True, slots=True)
class OverLimit:
    """The limit reminder (docs/format.md, "Safety rules for writes"): a write that leaves a compact
    profile over its limit says so (it is not refused)."""

    path: PurePath
    lines: int
    limit: int

    def message(self, where: str) -> str:
        """The reminder, naming the profile as `where` (a path to show, or its name)."""
        return msg("plan.over_limit", where=where, lines=self.lines, limit=self.limit)


def refuse_shared_id(pair: PairIndex, anchor_id: str) -> None:
    """Refuse a write that targets an id more than one entry carries (PM002): which entry it means
    cannot be decided, and taking either would record the other's text as OLD or leave it carrying
    a deleted id. Every write that targets an id passes here (evolve, pivot, delete, the quick
    fixes, a confirmed proposal, the editor's rename, the MCP tools before they ask anyone)."""
    entries = pair.entries_by_id.get(anchor_id, [])
    if len(entries) < 2:
        return
    name = pair.profile.path.name if pair.profile else profile_file_name(pair.name)
    where = "; ".join(f"{name}:{e.line + 1} {quoted(e.text)}" for e in entries)
    raise PlanError(msg("plan.shared_id", id=anchor_id, count=len(entries), where=where))


def as_written(text: str) -> str:
    """A 精简版 or entry text copied into a record or an entry: byte for byte as the person wrote it
    (never NFKC), only folded to one line and without an HTML comment (an entry's anchor is its
    only comment)."""
    return one_line(HTML_COMMENT.sub(" ", text)) if "<!--" in text else one_line(text)


def short_title(text: str, limit: int = 20) -> str:
    """A record title from an entry's text: the text as written (never NFKC: its `，` stays), on one
    line, cut when longer than `limit` at a word or character boundary with `…`; never ending in a
    deleted mark (which would make the record a delete), and never holding a secret or a cut-off
    piece of one."""
    title = tidied(masked(text))
    while title.endswith(DELETED_TITLE_MARKS):
        title = title[: -len(next(m for m in DELETED_TITLE_MARKS if title.endswith(m)))].rstrip()
    title = title.rstrip("。.，,；;！!") or title or "—"
    return title if len(title) <= limit else _cut(title, limit - 1) + "…"


_OPENERS = {"`": "`", "（": "）", "(": ")", "【": "】", "[": "]", "{": "}", "「": "」", "『": "』"}
_OPENERS |= {"《": "》", "“": "”", "‘": "’", '"': '"'}
_MARKER = re.compile(r"<redacted:[^<>\s]*>")
_JOINERS = ("\u200d", "\ufe0e", "\ufe0f")  # ZWJ and variation selectors: inside one emoji


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _in_word(char: str) -> bool:
    """A character of a run that reads as one word (Latin letters, digits): CJK characters and
    emoji are each a word of their own."""
    return (char.isalnum() or char in "_'’") and not _is_wide(char)


def _boundary(text: str, at: int) -> bool:
    """Whether `text` may be cut before position `at`: not inside a word, an emoji sequence or a
    character and its marks."""
    before, after = text[at - 1], text[at]
    if after in _JOINERS or before == "\u200d" or unicodedata.combining(after):
        return False
    if "\U0001f3fb" <= after <= "\U0001f3ff":  # a skin tone belongs to the emoji before it
        return False
    return not (_in_word(before) and _in_word(after))


def _unclosed(head: str) -> int | None:
    """Where the first quote or bracket left open in `head` stands (a cut must not leave one)."""
    waiting: list[tuple[str, int]] = []
    for at, char in enumerate(head):
        if waiting and char == waiting[-1][0]:
            waiting.pop()
        elif char in _OPENERS:
            waiting.append((_OPENERS[char], at))
    return waiting[0][1] if waiting else None


def _cut(text: str, width: int) -> str:
    """The longest start of `text` of at most `width` characters ending at a word or character
    boundary, without an open quote or bracket or trailing spaces and punctuation (one word longer
    than `width` is cut at `width`)."""
    at = width
    marker = next((m for m in _MARKER.finditer(text) if m.start() < at < m.end()), None)
    if marker is not None:  # a secret's `<redacted:KIND>` is kept whole: it says what was there
        at = marker.end()
    while at > 0 and at < len(text) and not _boundary(text, at):
        at -= 1
    head = text[:at]
    unclosed = _unclosed(head)
    if unclosed is not None:
        head = head[:unclosed]
    head = head.rstrip()
    while head and unicodedata.category(head[-1]) in ("Po", "Pd", "Ps", "Pi"):
        head = head[:-1].rstrip()
    return head or text[: max(width, at)]


def field_value(key: str, value: str) -> str:
    """A field's value as a record holds it: the context keeps its lines (a person's words often
    have several), trimmed and without blank ones; every other field is one line. A value can never
    make a line of structure (a heading, another field): see `render_record`."""
    if key == "context":
        return "\n".join(line.strip() for line in LINE_BREAK.split(value) if line.strip())
    return one_line(value)


def render_record(
    anchor_id: str, day: dt.date, title: str, fields: dict[str, str | None], language: str
) -> list[str]:
    """The record's lines; a value's further lines are indented, so the log reads them back as that
    value."""
    labels = FIELD_LABELS[language]
    lines = [f"### [{anchor_id}] {day:%Y-%m-%d} — {one_line(title)}"]
    for key, value in fields.items():
        first, *more = (field_value(key, value) if value else "").split("\n")
        lines.append(f"- **{labels[key]}**: {first or NOT_RECORDED[language]}")
        lines += [f"  {line}" for line in more]
    return lines


# -- the planner ---------------------------------------------------------------------------------

Templates = Callable[[str, str], str]  # (file name, language) -> template text


@dataclass(slots=True)
class PairRef:
    folder: PurePath
    name: str


def _scope_header_line(lines: list[str], scope: Scope) -> int | None:
    for index, line in enumerate(lines):
        if scope_of(line) is scope:
            return index
    return None


def slips_of(path: PurePath, text: str) -> list[Slip]:
    """Every slip of a profile or a log, with lines counted from the file's start."""
    role = role_of(path)
    if role is Role.PROFILE:
        return [slip for entry in parse_profile(text).entries for slip in entry.slips]
    if role is Role.LOG:
        return [
            slip.moved(record.line) for record in parse_log(text).records for slip in record.slips
        ]
    return []


def _template_name(path: PurePath) -> str:
    name = path.name.lower()
    if role_of(path) is Role.PENDING:
        return PENDING_NAME
    base = PROJECT_PAIR if name.startswith(PROJECT_PAIR) else "user-profile"
    return log_file_name(base) if role_of(path) is Role.LOG else profile_file_name(base)


def _template_for(templates: Templates, language: str, path: PurePath) -> str:
    """The text a file that does not exist yet starts from."""
    return templates(_template_name(path), language)


class Planner:
    """Operations of the skill's write flow and the quick fixes, composed in memory over the
    files' working copies (`Buffers`), emitted as a `Plan`."""

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
            if pair.profile is not None and pair.log is not None:
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
            doc = (
                self.workspace.log(source)
                if source is not None and source.decoded
                else parse_log(self.text(log_path))
            )
            self._languages[log_path] = doc.language or self.language
        return self._languages[log_path]

    def finish(self, title: str, outcome: str = "") -> Plan:
        """The plan: one edit per changed file, in the order they are written (log, profile,
        pending)."""
        files = sorted(self.buffers.changes(), key=lambda f: WRITE_ORDER.get(role_of(f.path), 3))
        over_limit = self._over_limit(files)
        return Plan(
            title,
            files,
            list(self.ids),
            outcome or "; ".join(self.notes),
            over_limit,
            list(self.changes),
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

    def _record(
        self,
        ref: PairRef,
        anchor_id: str,
        title: str,
        op: Op,
        category: str,
        summary: str,
        context: str | None,
        source: str | None,
        old: str | None = None,
        supersedes: str | None = None,
    ) -> None:
        """Append the log record of one change to the pair's log, in the log's own language, and
        note the id as written by this plan. `old` makes the operation `WORD（OLD → NEW）`."""
        self._refuse_secrets(
            (msg("what.text"), summary),
            (msg("what.context"), context),
            (msg("what.source"), source),
            (msg("what.category"), category),
        )
        language = self.language_of(ref)
        word = OP_WRITTEN[language][op]
        operation = (
            f"{word}（{old} → {summary}）"
            if old is not None and language == "zh"
            else (f"{word} ({old} -> {summary})" if old is not None else word)
        )
        fields: dict[str, str | None] = {
            "category": category,
            "summary": summary,
            "context": context,
            "source": source,
            "operation": operation,
        }
        if supersedes:
            fields["supersedes"] = supersedes
        full_title = title + TITLE_MARKS[language].get(op, "")
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
        self._record(ref, anchor_id, short_title(text), Op.ADD, category, text, context, source)
        self.changes.append(Change("add", ref.name, category, text, id=anchor_id, context=context))
        return anchor_id

    def _record_entry(
        self,
        ref: PairRef,
        anchor_id: str,
        entry: Entry,
        op: Op,
        context: str | None = None,
        source: str | None = None,
        old: str | None = None,
        supersedes: str | None = None,
    ) -> None:
        """The record of an entry's current text under its category (its title made from the
        text)."""
        summary, category = entry.text, entry.category or ""
        self._record(
            ref,
            anchor_id,
            short_title(summary),
            op,
            category,
            summary,
            context,
            source,
            old,
            supersedes,
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
        self._record_entry(ref, anchor_id, entry, Op.ADD, context=context, source=source)
        return anchor_id

    def delete(
        self, ref: PairRef, anchor_id: str, context: str | None = None, source: str | None = None
    ) -> None:
        """Remove the entry and append a delete record (精简版 = the removed text)."""
        given_fields(context, source)
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self.buffers.remove_lines(self.profile_path(ref), entry.line, entry.line + 1)
        self._record_entry(ref, anchor_id, entry, Op.DELETE, context=context, source=source)
        self.changes.append(
            Change(
                "delete", ref.name, entry.category or "", entry.text, id=anchor_id, context=context
            )
        )

    def evolve(
        self,
        ref: PairRef,
        anchor_id: str,
        new_text: str,
        context: str | None = None,
        source: str | None = None,
    ) -> None:
        """New wording, same id: `演进（OLD → NEW）`."""
        entry = self._live_entry(ref, anchor_id)
        new_text = entry_text(new_text)
        given_fields(context, source)
        old = self._current_wording(ref, anchor_id, entry)
        if tidied(new_text) == tidied(old) and tidied(new_text) == tidied(entry.text):
            raise PlanError(msg("plan.same_text", id=anchor_id, text=new_text))
        self._touched(anchor_id)
        self.buffers.set_line(
            self.profile_path(ref), entry.line, f"- {new_text} <!-- {anchor_id} -->"
        )
        self._record(
            ref,
            anchor_id,
            short_title(new_text),
            Op.EVOLVE,
            entry.category or "",
            new_text,
            context,
            source,
            old=old,
        )
        self.changes.append(
            Change(
                "evolve",
                ref.name,
                entry.category or "",
                new_text,
                old,
                anchor_id,
                context=context,
            )
        )

    def pivot(
        self,
        ref: PairRef,
        anchor_id: str,
        new_text: str,
        context: str | None = None,
        source: str | None = None,
    ) -> str:
        """NEW replaces the entry under a new id; the pivot record supersedes the old id."""
        entry = self._live_entry(ref, anchor_id)
        new_text = entry_text(new_text)
        given_fields(context, source)
        old = self._current_wording(ref, anchor_id, entry)
        new_id = self._new_id()
        self.buffers.set_line(self.profile_path(ref), entry.line, f"- {new_text} <!-- {new_id} -->")
        self._record(
            ref,
            new_id,
            short_title(new_text),
            Op.PIVOT,
            entry.category or "",
            new_text,
            context,
            source,
            old=old,
            supersedes=anchor_id,
        )
        self.changes.append(
            Change(
                "pivot",
                ref.name,
                entry.category or "",
                new_text,
                old,
                new_id,
                anchor_id,
                context,
            )
        )
        return new_id

    def _current_wording(self, ref: PairRef, anchor_id: str, entry: Entry) -> str:
        """OLD of an evolve or pivot: the id's latest 精简版 in the log (what the history says it
        read), else the entry's text; as written (a copy keeps the person's `，`)."""
        history = self.pair(ref).history(anchor_id)
        return as_written(
            history.latest_summary if history and history.latest_summary else entry.text
        )

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
        self._record(
            ref,
            anchor_id,
            short_title(summary),
            Op.RESTORE,
            category,
            as_written(summary),
            None,
            None,
        )
        self.changes.append(
            Change("restore", ref.name, category, as_written(summary), id=anchor_id)
        )

    # pending ----------------------------------------------------------------------------------
    def proposal_ref(self, pending: PurePath, proposal: Proposal) -> PairRef:
        if proposal.scope is Scope.USER:
            if self.workspace.user_dir is None:
                raise PlanError(msg("plan.no_user_folder"))
            return PairRef(self.workspace.user_dir, "user-profile")
        return PairRef(pending.parent, PROJECT_PAIR)

    def _target(self, ref: PairRef, proposal: Proposal) -> str:
        pair = self.pair(ref)
        if proposal.target is not None:
            if proposal.target.text not in pair.entries_by_id:
                name = self.profile_path(ref).name
                raise PlanError(msg("plan.no_target", target=proposal.target.text, name=name))
            return proposal.target.text
        old = normalise(proposal.old or "")
        for entry in pair.profile.doc.entries_in(proposal.category) if pair.profile else []:
            if normalise(entry.text) == old and entry.id:
                return entry.id
        raise PlanError(msg("plan.no_old", category=proposal.category, old=old))

    def decide(
        self, pending: PurePath, proposal: Proposal, decision: str, keep_lines: bool = False
    ) -> str | None:
        """Apply one decision (`confirm`, `keep-both`, `discard`) and take the proposal out of the
        pending file. With `keep_lines`, its lines are left blank, so the lines of the other
        proposals keep their numbers (the CLI's `--line N`); refusals name the proposal's line."""
        anchor_id = None
        try:
            if decision == "discard":
                self.changes.append(self._discarded(proposal))
            else:
                ref = self.proposal_ref(pending, proposal)
                anchor_id = self._resume(ref, proposal) or self._record_decision(
                    ref, proposal, decision
                )
        except PlanError as error:
            raise type(error)(f"{pending.name}:{proposal.line + 1}: {error}") from None
        self._drop_proposal(pending, proposal, keep_lines)
        return anchor_id

    @staticmethod
    def _discarded(proposal: Proposal) -> Change:
        """A discard in the person's terms: the proposal, its kind, the profile it was for."""
        profile = f"{proposal.scope.value}-profile" if proposal.scope else "?"
        return Change(
            "discard",
            profile,
            proposal.category,
            proposal.text,
            proposal.old,
            proposed=proposal.kind.value,
        )

    def decide_each(
        self,
        pending: PurePath,
        proposals: list[Proposal],
        decision: str,
        keep_lines: bool = False,
    ) -> str:
        """Apply one decision to each proposal (see `decide`); what it did, as the CLI and the
        editor say it."""
        ids = [i for p in proposals if (i := self.decide(pending, p, decision, keep_lines))]
        if decision == "discard":
            return msg("plan.discarded", count=len(proposals))
        return msg("plan.confirmed", count=len(ids), ids=ids) if ids else msg("plan.no_confirm")

    def _record_decision(self, ref: PairRef, proposal: Proposal, decision: str) -> str:
        if proposal.kind is ProposalKind.ADD or decision == "keep-both":
            return self.add(
                ref, proposal.category, proposal.text, proposal.context, proposal.source
            )
        target = self._target(ref, proposal)
        if proposal.kind is ProposalKind.EVOLVE:
            self.evolve(ref, target, proposal.text, proposal.context, proposal.source)
            return target
        return self.pivot(ref, target, proposal.text, proposal.context, proposal.source)

    def _resume(self, ref: PairRef, proposal: Proposal) -> str | None:
        """A decision an earlier run recorded but did not finish (it stopped between the log, the
        profile and the pending file): the log has NEW as today's latest 精简版 of a live id of the
        category. The profile is brought in line with that record and no second record is written.
        Returns that id, or None."""
        pair, new = self.pair(ref), normalise(proposal.text)
        for anchor_id, history in pair.log_index.live().items():
            latest = history.latest
            if (
                latest.date != self.today
                or latest.value("category") != proposal.category
                or normalise(history.latest_summary or "") != new
            ):
                continue
            self._touched(anchor_id)
            line = f"- {proposal.text} <!-- {anchor_id} -->"
            carrying = pair.entries_by_id.get(anchor_id) or pair.entries_by_id.get(
                latest.supersedes or ""
            )
            if not carrying:
                self._insert_entry(ref, proposal.category, line)
            elif carrying[0].id != anchor_id or normalise(carrying[0].text) != new:
                self.buffers.set_line(self.profile_path(ref), carrying[0].line, line)
            self.changes.append(
                Change("resume", ref.name, proposal.category, proposal.text, id=anchor_id)
            )
            return anchor_id
        return None

    def _new_category(self, pending: PurePath, scope: Scope, category: str) -> bool:
        """Whether a proposal's category is no heading of its profile and not suggested yet (a
        suggestion is due)."""
        ref = self.proposal_ref(pending, Proposal(0, 0, scope, ProposalKind.ADD, category, ""))
        profile = self.pair(ref).profile
        suggested = [s.name for s in parse_pending(self.text(pending)).suggestions]
        return not any(same_category(category, name) for name in suggested) and (
            profile is None or not profile.doc.has_category(category)
        )

    def _drop_proposal(self, pending: PurePath, proposal: Proposal, keep_lines: bool) -> None:
        doc = parse_pending(self.text(pending))
        same = [
            p
            for p in doc.proposals
            if (p.kind, p.scope, p.category, p.text, p.old)
            == (proposal.kind, proposal.scope, proposal.category, proposal.text, proposal.old)
        ]
        current = next((p for p in same if p.line == proposal.line), same[0] if same else None)
        if current is None:
            return
        if not keep_lines:
            self.buffers.remove_lines(pending, current.line, current.end_line)
            return
        lines, _ = self.buffers.lines(pending)
        for index in range(current.line, current.end_line):
            lines[index] = ending_of(lines[index])
        if not [
            p for p in doc.proposals if p is not current
        ]:  # the last one: no blank lines are left behind
            while len(lines) > 1 and not lines[-2].strip() and not lines[-1].strip():
                lines.pop()
            lines[-1] = ""
        self.buffers.set(pending, "".join(lines))

    def propose(
        self,
        pending: PurePath,
        scope: Scope,
        kind: ProposalKind,
        category: str,
        text: str,
        old: str | None = None,
        context: str | None = None,
        source: str | None = None,
    ) -> None:
        """Append a proposal in the skill's format under its scope header (added if missing)."""
        entry_text(text, msg("what.proposal_text")), category_name(category)
        if kind is not ProposalKind.ADD or old:
            entry_text(old or "", msg("what.old"))
        given_fields(context, source)
        self._refuse_secrets(
            (msg("what.proposal_text"), text),
            (msg("what.old"), old),
            (msg("what.context"), context),
            (msg("what.source"), source),
            (msg("what.category"), category),
        )
        language = self.language
        text, category = entry_text(text, msg("what.proposal_text")), category_name(category)
        context, source = (one_line(value) if value else None for value in (context, source))
        if kind is not ProposalKind.ADD:
            old = entry_text(old or "", msg("what.old"))
        word = KIND_WRITTEN[language][kind]
        if kind is ProposalKind.ADD:
            body = text
        else:
            body = f"旧：{old} → 新：{text}" if language == "zh" else f"old: {old} → new: {text}"
            body += " ⚠️" if kind is ProposalKind.PIVOT else ""
        lines = [f"- [{word}][{category}] {body}"]
        keys = ("原始上下文", "来源对话") if language == "zh" else ("Context", "Source")
        lines += [
            f"  - {key}: {value}"
            for key, value in zip(keys, (context, source), strict=False)
            if value
        ]
        if self._new_category(pending, scope, category):
            label = "建议新增分类" if language == "zh" else "Suggested category"
            lines.append(f"{label}: [{category}]")
        doc = parse_pending(self.text(pending))
        in_scope = [p for p in doc.proposals if p.scope is scope]
        header_line = _scope_header_line(doc.lines, scope)
        if in_scope:
            insert_at = in_scope[-1].end_line
        elif header_line is not None:
            insert_at = header_line + 1
        else:
            body_lines, eol = self.buffers.lines(pending)
            existing = "".join(body_lines).rstrip("\r\n")
            header = SCOPE_HEADERS[language][scope]
            self.buffers.set(
                pending,
                (existing + eol + eol if existing else "") + eol.join([header, *lines]) + eol,
            )
            return
        for offset, line in enumerate(lines):
            self.buffers.insert_line(pending, insert_at + offset, line)

    # -- the quick fixes (docs/format.md, "Diagnostics") and the category operations ------------
    def normalise(self, path: PurePath, only_line: int | None = None) -> int:
        """Rewrite the lines with slips in their canonical form (every such line, or the one asked
        for); a line's text is kept, only its form changes. Returns how many lines were
        rewritten."""
        rewrites = {
            slip.line: slip.canonical
            for slip in slips_of(path, self.text(path))
            if slip.canonical is not None and only_line in (None, slip.line)
        }
        if only_line is not None and not rewrites:
            raise PlanError(msg("plan.no_rewrite", name=path.name, line=only_line + 1))
        lines, _ = self.buffers.lines(path)
        for index, canonical in rewrites.items():
            lines[index] = canonical + ending_of(lines[index])
        self.buffers.set(path, "".join(lines))
        return len(rewrites)

    def fix_forms(self, path: PurePath) -> int:
        """`pmem fix`: every slip's line in canonical form, then every token that plainly means an
        id written as that id. Returns how many lines changed."""
        before = split_keep_ends(self.text(path))
        self.normalise(path)
        for token in malformed_tokens(split_lines(self.text(path))):
            if anchors.repaired(token.text) is not None:
                self.repair_token(path, token.span)
        after = split_keep_ends(self.text(path))
        return sum(1 for old, new in zip(before, after, strict=False) if old != new)

    def repair_token(self, path: PurePath, span: Span) -> str:
        """PM004 on a token that plainly means an id (`PF-20260302-1`): write that id, keeping the
        history."""
        lines, _ = self.buffers.lines(path)
        meant = anchors.repaired(lines[span.start_line][span.start_col : span.end_col])
        if meant is None:
            raise PlanError(msg("plan.token_unclear"))
        self.buffers.replace(path, span, meant)
        return meant

    def redact(self, path: PurePath, span: Span) -> str:
        """PM060: the secret replaced by `<redacted:KIND>` — in a log, the one edit of an old record
        that is sanctioned (docs/format.md, "Secrets")."""
        lines, _ = self.buffers.lines(path)
        line = lines[span.start_line] if span.start_line < len(lines) else ""
        found = find_secrets(line[span.start_col : span.end_col])
        if span.start_line != span.end_line or not found:
            raise PlanError(msg("plan.no_secret", name=path.name, line=span.start_line + 1))
        self.buffers.replace(path, span, redacted(found[0].kind))
        return found[0].kind

    def _entry_at(self, ref: PairRef, line: int) -> Entry:
        doc = parse_profile(self.text(self.profile_path(ref)))
        entry = next((e for e in doc.entries if e.line == line), None)
        if entry is None:
            raise PlanError(
                msg("plan.not_entry_line", name=self.profile_path(ref).name, line=line + 1)
            )
        return entry

    def new_id_for_entry(self, ref: PairRef, line: int, span: Span) -> str:
        """PM002 / PM004 on an entry: a fresh id in place of the token, and an add record for it."""
        entry = self._entry_at(ref, line)
        anchor_id = self._new_id()
        self.buffers.replace(self.profile_path(ref), span, anchor_id)
        self._record_entry(ref, anchor_id, entry, Op.ADD)
        return anchor_id

    def replace_token(self, path: PurePath, span: Span, day: dt.date | None = None) -> str:
        """PM004 outside an entry (a log heading, the pending file): a fresh id in place of the
        token."""
        anchor_id = self.allocator.next(day or self.today)
        self._touched(anchor_id)
        self.buffers.replace(path, span, anchor_id)
        return anchor_id

    def create_record(self, ref: PairRef, anchor_id: str) -> None:
        """PM006: the missing add record of an entry."""
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self._record_entry(ref, anchor_id, entry, Op.ADD)

    def record_current_text(self, ref: PairRef, anchor_id: str, as_pivot: bool) -> str:
        """PM011: record the entry's edited text as an evolve of its id, or as a pivot to a new
        id."""
        entry = self._live_entry(ref, anchor_id)
        history = self.pair(ref).history(anchor_id)
        old = as_written(history.latest_summary if history and history.latest_summary else "")
        if not as_pivot:
            self._touched(anchor_id)
            self._record_entry(ref, anchor_id, entry, Op.EVOLVE, old=old)
            return anchor_id
        new_id = self._new_id()
        self.buffers.replace(self.profile_path(ref), entry.anchors[0].span, new_id)
        self._record_entry(ref, new_id, entry, Op.PIVOT, old=old, supersedes=anchor_id)
        return new_id

    def _orphan(self, ref: PairRef, anchor_id: str) -> tuple[str, str]:
        """PM007: the category and latest 精简版 of a live id no entry carries (the id is now
        touched)."""
        history = self.pair(ref).history(anchor_id)
        if history is None:
            raise PlanError(msg("plan.no_record", id=anchor_id))
        self._touched(anchor_id)
        return history.latest_value("category") or "", as_written(history.latest_summary or "")

    def mark_deleted(self, ref: PairRef, anchor_id: str) -> None:
        """PM007: the log says the entry is gone (a delete record)."""
        category, summary = self._orphan(ref, anchor_id)
        self._record(ref, anchor_id, short_title(summary), Op.DELETE, category, summary, None, None)

    def restore_entry(self, ref: PairRef, anchor_id: str) -> None:
        """PM007: put the live id's latest wording back into the profile, in its category."""
        category, summary = self._orphan(ref, anchor_id)
        self._insert_entry(ref, category, f"- {summary} <!-- {anchor_id} -->")

    def move_entry(self, ref: PairRef, line: int, category: str) -> None:
        """PM019: the entry to the end of the category its log names (the line is moved as it
        is)."""
        entry = self._entry_at(ref, line)
        path = self.profile_path(ref)
        text = parse_profile(self.text(path)).lines[line]
        self.buffers.remove_lines(path, line, line + 1)
        self._insert_entry(ref, category, text)
        if entry.id:
            self._touched(entry.id)

    def record_category(self, ref: PairRef, anchor_id: str) -> None:
        """PM019: record that the entry now belongs to the category it stands under (an evolve of
        its category)."""
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self._record_entry(ref, anchor_id, entry, Op.EVOLVE)

    def remove_entry(self, ref: PairRef, line: int) -> None:
        """PM008: drop an entry whose id the log has deleted or retired (no new record)."""
        entry = self._entry_at(ref, line)
        if entry.id:
            self._touched(entry.id)
        self.buffers.remove_lines(self.profile_path(ref), line, line + 1)

    def renumber_record(self, ref: PairRef, record_line: int) -> str:
        """PM003: a new id for a duplicate add record, allocated on the record's own date."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        records = parse_log(self.text(log_path)).records
        record = next((r for r in records if r.line == record_line and r.id_span), None)
        if record is None or record.id_span is None:
            raise PlanError(msg("plan.not_record_line", name=log_path.name, line=record_line + 1))
        return self.replace_token(log_path, record.id_span, record.date)

    def make_restore(self, ref: PairRef, record_line: int) -> None:
        """PM003: turn a duplicate add into a restore (its 操作 value becomes 恢复 / restore)."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        doc = parse_log(self.text(log_path))
        record = next(r for r in doc.records if r.line == record_line)
        field = record.fields.get("operation")
        if field is None or record.operation is None:
            raise PlanError(msg("plan.no_operation", line=record_line + 1))
        word = OP_WRITTEN["en" if field.english else "zh"][Op.RESTORE]
        span = field.value_span
        self.buffers.replace(
            log_path,
            Span(
                span.start_line,
                span.start_col,
                span.start_line,
                span.start_col + len(record.operation.word),
            ),
            word,
        )

    def add_missing_fields(self, ref: PairRef, record_line: int) -> None:
        """PM010: the missing required fields, after the record's last field, as (not recorded)."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        doc = parse_log(self.text(log_path))
        record = next(r for r in doc.records if r.line == record_line)
        language = "en" if record.english else (doc.language or self.language)
        labels = FIELD_LABELS[language]
        after = max([f.value_span.end_line for f in record.fields.values()] + [record.line])
        missing = record.missing_fields
        for offset, key in enumerate(missing):
            self.buffers.insert_line(
                log_path, after + 1 + offset, f"- **{labels[key]}**: {NOT_RECORDED[language]}"
            )

    def create_log(self, ref: PairRef) -> None:
        """PM015: the log from its template."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        self.buffers.set(log_path, self.text(log_path))

    def add_to_evolve(self, pending: PurePath, proposal: Proposal, target: Entry) -> None:
        """PM041: rewrite a pending add as an evolve of the similar entry."""
        language = "zh" if any("\u4e00" <= c <= "\u9fff" for c in self.text(pending)) else "en"
        word = KIND_WRITTEN[language][ProposalKind.EVOLVE]
        body = (
            f"旧：{target.text} → 新：{proposal.text}"
            if language == "zh"
            else f"old: {target.text} → new: {proposal.text}"
        )
        anchor = f" <!-- {target.id} -->" if target.id else ""
        self.buffers.set_line(
            pending, proposal.line, f"{proposal.prefix}[{word}][{proposal.category}] {body}{anchor}"
        )

    def rename_category(self, ref: PairRef, old: str, new: str) -> None:
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        heading = doc.heading_named(old)
        if heading is None:
            raise PlanError(msg("plan.no_category", old=old, name=path.name))
        new = category_name(new)
        named = doc.heading_named(new)
        if named is not None and named is not heading:
            raise PlanError(msg("plan.category_exists", new=new))
        self.buffers.set_line(path, heading.line, f"## {new}")

    def merge_category(self, ref: PairRef, source: str, target: str) -> None:
        """Move every entry of `source` to the end of `target` and drop the `source` heading."""
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        heading, into = doc.heading_named(source), doc.heading_named(target)
        if heading is None or into is None or heading is into:
            raise PlanError(msg("plan.cannot_merge", source=source, target=target))
        moved = [doc.lines[e.line] for e in doc.entries if e.category == heading.name]
        following = [c.line for c in doc.categories if c.line > heading.line]
        stop = following[0] if following else doc.line_count
        self.buffers.remove_lines(path, heading.line, stop)
        for line in moved:
            self._insert_entry(ref, target, line)
