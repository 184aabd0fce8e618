"""What a plan is: its changes in the person's terms (`Change`), its edits (`Plan`), the limit
reminder (`OverLimit`), a pair named by folder and name (`PairRef`), and the words a write puts in
each language."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import PurePath

from profile_memory.core.buffers import FileEdit
from profile_memory.core.files import (
    Role,
    profile_file_name,
)
from profile_memory.core.index import PairIndex
from profile_memory.core.log import (
    Op,
)
from profile_memory.core.messages import msg
from profile_memory.core.pending import ProposalKind, Scope
from profile_memory.core.plans.bounds import PlanError
from profile_memory.core.profile import Entry
from profile_memory.core.slips import quoted
from profile_memory.core.values import field, value_class

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


class ChangeKind(StrEnum):
    """What one change of a plan does, in the person's terms (the keys of `question.*`)."""

    ADD = "add"
    EVOLVE = "evolve"
    PIVOT = "pivot"
    DELETE = "delete"
    RESTORE = "restore"
    DISCARD = "discard"  # a proposal dropped
    RESUME = "resume"  # an earlier confirm finished


class Decision(StrEnum):
    """A decision on a pending proposal (docs/format.md, "Pending proposals")."""

    CONFIRM = "confirm"
    KEEP_BOTH = "keep-both"  # an evolve or pivot proposal written as an add beside its target
    DISCARD = "discard"


@value_class(frozen=True, slots=True, kw_only=True)
class Change:
    """One change of a plan in the person's terms (what a question about the plan shows): `kind`
    is add, evolve, pivot, delete, restore, discard (a proposal dropped) or resume (an earlier
    confirm finished); `profile` the pair's name; `old` the wording an evolve or pivot replaces;
    `id` the id the change writes (a pivot's new id), `replaces` the id a pivot retires; `context`
    the person's words the record keeps."""

    kind: ChangeKind
    profile: str
    category: str
    text: str
    old: str | None = None
    id: str | None = None
    replaces: str | None = None
    context: str | None = None
    proposed: str | None = None  # a discard: the kind of the proposal it drops


@value_class(frozen=True, slots=True, kw_only=True)
class Said:
    """What one log record of a change says (docs/format.md, "Profile log"): its operation, category
    and 精简版, the person's words and where they were said; `old` makes the operation `WORD（OLD →
    NEW）`, `supersedes` names the id a pivot retires. The title is made from the 精简版 unless
    given."""

    op: Op
    category: str
    summary: str
    title: str | None = None
    context: str | None = None
    source: str | None = None
    old: str | None = None
    supersedes: str | None = None

    @classmethod
    def of_entry(cls, entry: Entry, op: Op, **fields: str | None) -> Said:
        """The record of an entry's current text under its category."""
        return cls(op=op, category=entry.category or "", summary=entry.text, **fields)


@value_class(slots=True, kw_only=True)
class Plan:
    title: str
    files: list[FileEdit] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)  # the ids the plan writes records for, in order
    outcome: str = ""
    over_limit: list[OverLimit] = field(
        default_factory=list
    )  # compact profiles the plan leaves over their limit
    changes: list[Change] = field(default_factory=list)  # what it does, in the person's terms


@value_class(frozen=True, slots=True)
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


Templates = Callable[[str, str], str]  # (file name, language) -> template text


@value_class(slots=True)
class PairRef:
    folder: PurePath
    name: str
