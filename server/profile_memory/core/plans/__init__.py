"""Edit plans (docs/format.md, "Pending proposals" and "Diagnostics"): what to change in which
files, computed from texts alone.

A `Planner` applies operations to the current texts of the files in memory (so that several
operations, like confirm-all, compose without position bookkeeping), then emits one minimal edit per
changed file. The server turns a plan into a `WorkspaceEdit`; the CLI applies it to disk under the
folder lock, writing the log first, then the profile, then the pending file (docs/format.md, "Safety
rules for writes").

The rooms: `bounds` (what a write takes, and the errors), `records` (how entries, titles and
records are written), `model` (`Change`, `Plan`, `PairRef`), `flow` (the write flow: add,
delete, evolve, pivot, restore), `proposals` (pending proposals and decisions on them) and
`quickfixes` (the diagnostics' fixes and the category refactors). `Planner` is all of them; the
server's actions reach it through `core/actions.ACTIONS`.
"""

from __future__ import annotations

from profile_memory.core.plans.bounds import (
    BIDI_CONTROLS,
    CATEGORY_MAX_CHARS,
    CONTEXT_MAX_CHARS,
    TEXT_MAX_CHARS,
    WHITE_CONTROLS,
    BadText,
    PlanError,
    bounded,
    category_name,
    entry_text,
    given_fields,
    refuse_controls,
)
from profile_memory.core.plans.flow import WriteFlow
from profile_memory.core.plans.model import (
    KIND_WRITTEN,
    SCOPE_HEADERS,
    TITLE_MARKS,
    WRITE_ORDER,
    Change,
    ChangeKind,
    Decision,
    OverLimit,
    PairRef,
    Plan,
    Templates,
    refuse_shared_id,
)
from profile_memory.core.plans.proposals import Proposals
from profile_memory.core.plans.quickfixes import QuickFixes, slips_of
from profile_memory.core.plans.records import as_written, field_value, render_record, short_title


class Planner(Proposals, QuickFixes):
    """Operations of the skill's write flow, the pending proposals and the quick fixes, composed
    in memory over the files' working copies (`Buffers`), emitted as a `Plan`."""


__all__ = [
    "BIDI_CONTROLS",
    "CATEGORY_MAX_CHARS",
    "CONTEXT_MAX_CHARS",
    "KIND_WRITTEN",
    "SCOPE_HEADERS",
    "TEXT_MAX_CHARS",
    "TITLE_MARKS",
    "WHITE_CONTROLS",
    "WRITE_ORDER",
    "BadText",
    "Change",
    "ChangeKind",
    "Decision",
    "OverLimit",
    "PairRef",
    "Plan",
    "PlanError",
    "Planner",
    "Templates",
    "WriteFlow",
    "as_written",
    "bounded",
    "category_name",
    "entry_text",
    "field_value",
    "given_fields",
    "refuse_controls",
    "refuse_shared_id",
    "render_record",
    "short_title",
    "slips_of",
]
