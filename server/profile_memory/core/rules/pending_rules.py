"""Checks on the pending proposals file: PM004, PM014, PM040–PM042."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import PairIndex
from profile_memory.core.pending import Kind, PendingDoc, Proposal
from profile_memory.core.rules.common import malformed_anchors
from profile_memory.core.span import Span
from profile_memory.core.text import normalise, similarity
from profile_memory.core.workspace import Source, Workspace

SIMILARITY_THRESHOLD = 0.6


def _similar(proposal: Proposal, pair: PairIndex, where: str, line: Span) -> list[Finding]:
    best = max(((similarity(proposal.text, e.text), e) for e in pair.profile.entries_in(proposal.category)),  # type: ignore[union-attr]
               key=lambda scored: scored[0], default=None)
    if best is None or best[0] < SIMILARITY_THRESHOLD:
        return []
    score, entry = best
    place = f"{pair.profile_path.name}:{entry.line + 1}"  # type: ignore[union-attr]
    related = (Related(pair.profile_path, entry.text_span, f"similar entry {entry.id or '(unconfirmed)'}"),)  # type: ignore[arg-type]
    return [Finding("PM041", line, f"{where}: this add reads much like {place} ({entry.id or 'unconfirmed'}, "
                                   f"similarity {score:.2f}): {entry.text}", related)]


def _target_missing(proposal: Proposal, pair: PairIndex, where: str, line: Span) -> list[Finding]:
    profile_name = pair.profile_path.name  # type: ignore[union-attr]
    if proposal.target is not None:
        if proposal.target.text in pair.entries_by_id:
            return []
        return [Finding("PM042", line, f"{where}: target {proposal.target.text} is no entry of {profile_name}")]
    old = normalise(proposal.old or "")
    if any(normalise(e.text) == old for e in pair.profile.entries_in(proposal.category)):  # type: ignore[union-attr]
        return []
    return [Finding("PM042", line, f"{where}: no entry of `{proposal.category}` in {profile_name} reads `{old}`")]


def _proposal_findings(workspace: Workspace, source: Source, doc: PendingDoc) -> list[Finding]:
    suggested = {s.name for s in doc.suggestions}
    found = []
    for proposal in doc.proposals:
        pair = workspace.scope_pair(source.path, proposal.scope)
        if pair is None or pair.profile is None:
            continue  # the scope's profile does not exist yet: nothing to compare against
        where = f"{source.path.name}:{proposal.line + 1}"
        line = Span.of_line(proposal.line, doc.lines[proposal.line])
        if proposal.category not in pair.profile.category_names() and proposal.category not in suggested:
            found.append(Finding("PM014", line, f"{where}: category `{proposal.category}` is no heading of "
                                                f"{pair.profile_path.name} and is not suggested"))  # type: ignore[union-attr]
        if proposal.kind is Kind.ADD:
            found += _similar(proposal, pair, where, line)
        else:
            found += _target_missing(proposal, pair, where, line)
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    doc = workspace.pending(source)
    name = source.path.name
    found = malformed_anchors(doc.bad_tokens, name)
    found += [Finding("PM040", Span.of_line(m.line, doc.lines[m.line]), f"{name}:{m.line + 1}: {m.reason}")
              for m in doc.malformed]
    found += _proposal_findings(workspace, source, doc)
    return found
