"""Pending proposals (docs/format.md, "Pending proposals"): decisions on them (confirm,
keep-both, discard), an earlier decision resumed, and a proposal appended."""

from __future__ import annotations

from pathlib import PurePath
from typing import Literal

from profile_memory.core.buffers import ending_of
from profile_memory.core.files import (
    PROJECT_PAIR,
)
from profile_memory.core.index import latest_value
from profile_memory.core.log import Op, Record
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal, ProposalKind, Scope, parse_pending, scope_of
from profile_memory.core.plans.bounds import PlanError, category_name, entry_text, given_fields
from profile_memory.core.plans.flow import WriteFlow
from profile_memory.core.plans.model import (
    KIND_WRITTEN,
    SCOPE_HEADERS,
    Change,
    ChangeKind,
    Decision,
    PairRef,
)
from profile_memory.core.profile import same_category
from profile_memory.core.text import (
    normalise,
    one_line,
)


def _scope_header_line(lines: list[str], scope: Scope) -> int | None:
    for index, line in enumerate(lines):
        if scope_of(line) is scope:
            return index
    return None


class Proposals(WriteFlow):
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
        self,
        pending: PurePath,
        proposal: Proposal,
        decision: Decision | str,
        keep_lines: bool = False,
    ) -> str | None:
        """Apply one decision (`confirm`, `keep-both`, `discard`; a front end may give its word)
        and take the proposal out of the pending file. With `keep_lines`, its lines are left blank,
        so the lines of the other proposals keep their numbers (the CLI's `--line N`); refusals
        name the proposal's line."""
        chosen, anchor_id = Decision(decision), None
        try:
            if chosen is Decision.DISCARD:
                self.changes.append(self._discarded(proposal))
            else:
                ref = self.proposal_ref(pending, proposal)
                anchor_id = self._resume(ref, proposal) or self._record_decision(
                    ref, proposal, chosen
                )
        except PlanError as error:
            where = f"{pending.name}:{proposal.line + 1}"
            why = error.args[0] if error.args else ""
            raise type(error)(msg("plan.at", where=where, why=why)) from None
        self._drop_proposal(pending, proposal, keep_lines)
        return anchor_id

    @staticmethod
    def _discarded(proposal: Proposal) -> Change:
        """A discard in the person's terms: the proposal, its kind, the profile it was for."""
        profile = f"{proposal.scope.value}-profile" if proposal.scope else "?"
        return Change(
            kind=ChangeKind.DISCARD,
            profile=profile,
            category=proposal.category,
            text=proposal.text,
            old=proposal.old,
            proposed=proposal.kind.value,
        )

    def decide_each(
        self,
        pending: PurePath,
        proposals: list[Proposal],
        decision: Decision | str,
        keep_lines: bool = False,
    ) -> str:
        """Apply one decision to each proposal (see `decide`); what it did, as the CLI and the
        editor say it."""
        ids = [i for p in proposals if (i := self.decide(pending, p, decision, keep_lines))]
        if Decision(decision) is Decision.DISCARD:
            return msg("plan.discarded", count=len(proposals))
        return msg("plan.confirmed", count=len(ids), ids=ids) if ids else msg("plan.no_confirm")

    def _record_decision(self, ref: PairRef, proposal: Proposal, decision: Decision) -> str:
        if proposal.kind is ProposalKind.ADD or decision is Decision.KEEP_BOTH:
            return self.add(
                ref, proposal.category, proposal.text, proposal.context, proposal.source
            )
        target = self._target(ref, proposal)
        op: Literal[Op.EVOLVE, Op.PIVOT] = (
            Op.EVOLVE if proposal.kind is ProposalKind.EVOLVE else Op.PIVOT
        )
        return self.reword(ref, target, op, proposal.text, proposal.context, proposal.source)

    def _resume(self, ref: PairRef, proposal: Proposal) -> str | None:
        """A decision an earlier run recorded but did not finish (it stopped between the log, the
        profile and the pending file): the log has NEW as today's latest 精简版 of a live id of the
        category. The profile is brought in line with that record and no second record is written.
        Returns that id, or None."""
        pair, new = self.pair(ref), normalise(proposal.text)

        def wanted(records: list[Record]) -> bool:
            return records[-1].value("category") == proposal.category and (
                normalise(latest_value(records, "summary") or "") == new
            )

        for anchor_id, history in pair.live_where(self.today, wanted):
            latest = history.latest
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
                Change(
                    kind=ChangeKind.RESUME,
                    profile=ref.name,
                    category=proposal.category,
                    text=proposal.text,
                    id=anchor_id,
                )
            )
            return anchor_id
        return None

    def _new_category(self, pending: PurePath, scope: Scope, category: str) -> bool:
        """Whether a proposal's category is no heading of its profile and not suggested yet (a
        suggestion is due)."""
        scoped = Proposal(
            line=0, end_line=0, scope=scope, kind=ProposalKind.ADD, category=category, text=""
        )
        ref = self.proposal_ref(pending, scoped)
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
