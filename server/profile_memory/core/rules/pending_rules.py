"""Checks on the pending proposals file: PM004, PM014, PM040–PM042."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import PairIndex, ProfileFile
from profile_memory.core.messages import msg
from profile_memory.core.pending import PendingDoc, Proposal, ProposalKind
from profile_memory.core.profile import same_category
from profile_memory.core.rules.common import malformed_anchors, secret_findings
from profile_memory.core.span import Span
from profile_memory.core.text import normalise, similarity
from profile_memory.core.workspace import Source, Workspace

SIMILARITY_THRESHOLD = 0.6


def _similar(proposal: Proposal, profile: ProfileFile, line: Span) -> list[Finding]:
    best = max(
        ((similarity(proposal.text, e.text), e) for e in profile.doc.entries_in(proposal.category)),
        key=lambda scored: scored[0],
        default=None,
    )
    if best is None or best[0] < SIMILARITY_THRESHOLD:
        return []
    score, entry = best
    place = f"{profile.path.name}:{entry.line + 1}"
    related = (
        Related(
            profile.path,
            entry.text_span,
            msg("PM041.related", id=entry.id or msg("unconfirmed.paren")),
        ),
    )
    return [
        Finding(
            "PM041",
            line,
            msg(
                "PM041",
                place=place,
                id=entry.id or msg("unconfirmed"),
                score=score,
                text=entry.text,
            ),
            related,
        )
    ]


def _target_missing(
    proposal: Proposal, pair: PairIndex, profile: ProfileFile, line: Span
) -> list[Finding]:
    profile_name = profile.path.name
    if proposal.target is not None:
        if proposal.target.text in pair.entries_by_id:
            return []
        return [
            Finding(
                "PM042",
                line,
                msg("PM042.target", target=proposal.target.text, profile=profile_name),
            )
        ]
    old = normalise(proposal.old or "")
    if any(normalise(e.text) == old for e in profile.doc.entries_in(proposal.category)):
        return []
    return [
        Finding(
            "PM042",
            line,
            msg("PM042.old", category=proposal.category, profile=profile_name, old=old),
        )
    ]


def _proposal_findings(workspace: Workspace, source: Source, doc: PendingDoc) -> list[Finding]:
    suggested = {s.name for s in doc.suggestions}
    found = []
    pairs = {}  # by scope: each pair looked up once, not once per proposal
    for proposal in doc.proposals:
        if proposal.scope not in pairs:
            pairs[proposal.scope] = workspace.scope_pair(source.path, proposal.scope)
        pair = pairs[proposal.scope]
        profile = pair.profile if pair is not None else None
        if pair is None or profile is None:
            continue  # the scope's profile does not exist yet: nothing to compare against
        line = Span.of_line(proposal.line, doc.lines[proposal.line])
        if not profile.doc.has_category(proposal.category) and not any(
            same_category(proposal.category, name) for name in suggested
        ):
            found.append(
                Finding(
                    "PM014",
                    line,
                    msg("PM014.pending", category=proposal.category, profile=profile.path.name),
                )
            )
        if proposal.kind is ProposalKind.ADD:
            found += _similar(proposal, profile, line)
        else:
            found += _target_missing(proposal, pair, profile, line)
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    doc = workspace.pending(source)
    found = malformed_anchors(doc.bad_tokens)
    found += [
        Finding("PM040", Span.of_line(m.line, doc.lines[m.line]), m.reason) for m in doc.malformed
    ]
    found += _proposal_findings(workspace, source, doc)
    found += _repeated(source, doc)
    found += secret_findings(doc.lines)
    return found


def _repeated(source: Source, doc: PendingDoc) -> list[Finding]:
    """PM043: a proposal the file already has (same kind, scope, category and text)."""
    first: dict[tuple[object, ...], Proposal] = {}
    found = []
    for proposal in doc.proposals:
        key = (
            proposal.kind,
            proposal.scope,
            proposal.category,
            normalise(proposal.text),
            normalise(proposal.old or ""),
        )
        earlier = first.setdefault(key, proposal)
        if earlier is not proposal:
            found.append(
                Finding(
                    "PM043",
                    Span.of_line(proposal.line, doc.lines[proposal.line]),
                    msg("PM043", line=earlier.line + 1),
                    (
                        Related(
                            source.path,
                            Span.of_line(earlier.line, doc.lines[earlier.line]),
                            msg("PM043.related"),
                        ),
                    ),
                )
            )
    return found
