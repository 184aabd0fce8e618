"""Resolution over the places a front end serves (one project for the CLI, every workspace folder
for the server): the profile sets and pairs in reach, the pairs an id means from a given place
(docs/format.md, "Anchors": ids are pair-scoped), every place an id is written, the memory files,
and the id the next allocation gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from functools import partial
from pathlib import PurePath
from typing import TYPE_CHECKING

from profile_memory.core import anchors
from profile_memory.core.blocks import code_lines
from profile_memory.core.files import JOURNAL_NAME, PROJECT_PAIR, USER_PAIR, Role, role_of
from profile_memory.core.messages import msg
from profile_memory.core.places import Places
from profile_memory.core.values import value_class
from profile_memory.core.workspace import FileKind, ProfileSet, Workspace, allocator_for

if TYPE_CHECKING:  # the planner, the tracer, the pending file's and the profile's readers are
    # imported where used: a journal search needs none of them, nor the index (~6 ms of its start)
    import datetime as dt

    from profile_memory.core.index import PairIndex
    from profile_memory.core.pending import Scope
    from profile_memory.core.plans import PairRef
    from profile_memory.core.profile import Token
    from profile_memory.core.span import Span
    from profile_memory.core.trace import Mention


@value_class(frozen=True, slots=True)
class Resolver:
    workspace: Workspace
    places: Sequence[Places]

    def pair_ref(self, scope: Scope) -> PairRef:
        """The user pair, or the project pair of the first project in reach."""
        from profile_memory.core.pending import Scope
        from profile_memory.core.plans import PairRef

        places = self.places[0]
        if scope is Scope.USER:
            return PairRef(places.user_dir, USER_PAIR)
        return PairRef(places.project_dir, PROJECT_PAIR)

    def pair_carrying(self, anchor_id: str, scope: Scope | None = None) -> PairRef:
        """The pair whose profile carries the id: the one asked for, or the only one that has it
        (refused when it is malformed, in neither, or in both)."""
        from profile_memory.core.pending import Scope
        from profile_memory.core.plans import PlanError

        problem = anchors.problem(anchor_id)
        if problem is not None:
            raise PlanError(msg("cli.invalid_id", id=anchor_id, problem=problem))
        if scope is not None:
            return self.pair_ref(scope)
        found = [
            ref
            for ref in (self.pair_ref(Scope.USER), self.pair_ref(Scope.PROJECT))
            if anchor_id in self.workspace.pair(ref.folder, ref.name).entries_by_id
        ]
        if not found:
            raise PlanError(msg("plan.unknown_id", id=anchor_id))
        if len(found) > 1:
            raise PlanError(msg("plan.both_scopes", id=anchor_id))
        return found[0]

    def lines(self, path: PurePath) -> list[str]:
        source = self.workspace.source(path)
        return self.workspace.lines(source) if source is not None else []

    def profile_sets(self) -> list[ProfileSet]:
        return [self.workspace.profile_set(places.project_dir) for places in self.places]

    def next_id(self, day: dt.date) -> str:
        """The id the next allocation on `day` gives, across every profile set in reach."""
        return allocator_for(self.profile_sets()).next(day)

    def pairs(self) -> list[PairIndex]:
        folders = [folder for places in self.places for folder in places.profile_folders()]
        return self.workspace.pairs_in(folders)

    def pairs_for(self, path: PurePath, line: int, anchor_id: str) -> list[PairIndex]:
        """The pairs the id on `line` of `path` means: in a profile or log, its own pair; in a
        proposal, the pair of the proposal's scope; anywhere else (a journal, FACT.md), every pair
        that uses it."""
        role = role_of(path)
        if role in (Role.PROFILE, Role.LOG):
            return [self.workspace.pair_with(path)]
        if role is Role.PENDING:
            return self._proposal_pairs(path, line)
        return [pair for pair in self.pairs() if anchor_id in pair.used_ids()]

    def _proposal_pairs(self, path: PurePath, line: int) -> list[PairIndex]:
        source = self.workspace.source(path)
        if source is None or source.decoded is None:
            return []
        for proposal in self.workspace.pending(source).proposals:
            if proposal.line <= line < proposal.end_line:
                pair = self.workspace.scope_pair(path, proposal.scope)
                return [pair] if pair is not None else []
        return []

    def occurrences(self, anchor_id: str, pairs: list[PairIndex]) -> list[tuple[PurePath, Span]]:
        """Every place the id is written, for these pairs: their profiles and logs, the proposals
        of the same scope in the pending files, the journals and FACT.md files."""
        from profile_memory.core.profile import tokens_on_line

        wanted = {(pair.folder, pair.name) for pair in pairs}
        files = [file.path for pair in pairs for file in (pair.profile, pair.log) if file]
        pending = [s.pending_path for s in self.profile_sets() if s.pending_path is not None]
        found: list[tuple[PurePath, Span]] = []
        for path in dict.fromkeys([*files, *pending, *self.memory_files()]):
            lines = self.lines(path)
            hidden = code_lines(lines)  # an example's id is no occurrence (nor renamed)
            for index, line in enumerate(lines):
                if anchor_id not in line or index in hidden:
                    continue
                for token in tokens_on_line(index, line):
                    if token.text == anchor_id and (
                        path not in pending or self._same_pair(path, index, anchor_id, wanted)
                    ):
                        found.append((path, token.span))
        return found

    def _same_pair(
        self, path: PurePath, line: int, anchor_id: str, wanted: set[tuple[PurePath, str]]
    ) -> bool:
        return bool({(p.folder, p.name) for p in self.pairs_for(path, line, anchor_id)} & wanted)

    def mentions(self, anchor_id: str) -> list[Mention]:
        """The pending proposals, in every profile set in reach, that name the id as their
        target."""
        from profile_memory.core.trace import Mention

        return [
            Mention(profile_set.pending_path, proposal)
            for profile_set in self.profile_sets()
            if profile_set.pending_path is not None
            for proposal in profile_set.pending_mentions(anchor_id)
        ]

    def memory_files(self) -> list[PurePath]:
        """The journals and FACT.md files of the memory folders in reach."""
        found = [
            path
            for places in self.places
            for folder in places.memory_dirs
            for path in self.workspace.discover(folder)
            if role_of(path) in (Role.JOURNAL, Role.FACT)
        ]
        return list(dict.fromkeys(found))

    def journals(self) -> list[PurePath]:
        """The journal of each memory folder in reach (the file itself, whatever it is: reading
        refuses a link)."""
        found = []
        for places in self.places:
            for folder in places.memory_dirs:
                if self.workspace.provider.kind(folder) is FileKind.DIR:
                    found.append(self.workspace.find_name(folder, JOURNAL_NAME))
        return [path for path in dict.fromkeys(found) if path is not None]


def token_at(
    lines: list[str], line: int, column: int, hidden: Callable[[], Set[int]] | None = None
) -> Token | None:
    """The id-like token under a position (column in code points), touching either end; none in a
    code block or a comment of several lines (`hidden`: their lines, when the caller keeps them)."""
    from profile_memory.core.profile import tokens_on_line

    if line >= len(lines):
        return None
    for token in tokens_on_line(line, lines[line]):
        if token.span.start_col <= column <= token.span.end_col:
            # an example's id names nothing
            return None if line in (hidden or partial(code_lines, lines))() else token
    return None
