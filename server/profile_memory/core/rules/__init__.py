"""The checker: every diagnostic code (docs/format.md, "Diagnostics"), one module per kind of file,
assembled here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import PurePath

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Diagnostic, Finding, apply_severity
from profile_memory.core.files import Role, role_of
from profile_memory.core.pending import Scope
from profile_memory.core.rules import common, log_rules, pending_rules, profile_rules
from profile_memory.core.workspace import CHECKED, Source, Workspace

Rule = Callable[[Workspace, Source], list[Finding]]


def _memory_rule(name: str) -> Rule:
    """A rule of `memory_rules`, imported when a memory folder's file is first checked: a check of
    a pair never loads it, nor the journal reader and the recall it uses (~1.4 ms of its start)."""

    def check(workspace: Workspace, source: Source) -> list[Finding]:
        from profile_memory.core.rules import memory_rules

        rule: Rule = getattr(memory_rules, name)
        return rule(workspace, source)

    return check


_BY_ROLE: dict[Role, Rule] = {
    Role.PROFILE: profile_rules.check,
    Role.LOG: log_rules.check,
    Role.PENDING: pending_rules.check,
    Role.JOURNAL: _memory_rule("check_journal"),
    Role.FACT: _memory_rule("check_fact"),
    Role.FACT_VERSION: _memory_rule("check_fact_version"),
}


def findings_for(workspace: Workspace, source: Source) -> list[Finding]:
    found = common.check(workspace, source)
    if source.decoded is not None:
        found += _BY_ROLE[source.role](workspace, source)
        if workspace.may_have_conflicts(source):
            found = common.with_conflicts(source.text, found)
    return found


def check_source(
    workspace: Workspace, source: Source, overrides: dict[str, Severity | None] | None = None
) -> list[Diagnostic]:
    """The diagnostics of one loaded file, with its pair and scopes taken from the workspace. They
    are kept with what they were found from (`_inputs`): the editor's views and its pushes ask
    again for the same version, and a log's edit leaves a pending file's findings as they were."""
    inputs = _inputs(workspace, source) if overrides is None else None
    kept = workspace.derived(source.path) if inputs is not None else None
    if kept is not None and inputs is not None:
        last = kept.get(CHECKED)
        if last is not None and len(last[0]) == len(inputs):
            if all(a is b for a, b in zip(last[0], inputs, strict=True)):
                return list(last[1])
    severities = {**workspace.settings.severities(), **(overrides or {})}
    diagnostics = apply_severity(source.path, findings_for(workspace, source), severities)
    found = sorted(diagnostics, key=Diagnostic.sort_key)
    if kept is not None:
        kept[CHECKED] = (inputs, found)
    return list(found)


def _inputs(workspace: Workspace, source: Source) -> tuple[object, ...] | None:
    """Everything a check of `source` reads, as objects that are new whenever what they hold
    changes (a source per version, a pair per versions of its two files, a parse per version):
    the same objects, the same diagnostics. None for a file whose check reads more (a profile
    without a log looks for the log's file; journals and FACT.md are not kept here)."""
    if source.decoded is None or source.version is None:
        return None
    if source.role is Role.LOG or source.role is Role.PROFILE:
        pair = workspace.pair_with(source.path)
        if pair.log is None or pair.profile is None:
            return None
        return (workspace.settings, source, pair)
    if source.role is Role.PENDING:
        pairs = [workspace.scope_pair(source.path, scope) for scope in (Scope.USER, Scope.PROJECT)]
        profiles = [pair.profile.doc if pair and pair.profile else None for pair in pairs]
        return (workspace.settings, source, *profiles)
    return None


def check_source_alone(
    workspace: Workspace, source: Source, overrides: dict[str, Severity | None] | None = None
) -> list[Diagnostic] | None:
    """The diagnostics a compact profile has without its log (a first answer while the log is
    read); None for any other file."""
    if source.role is not Role.PROFILE or source.decoded is None:
        return None
    severities = {**workspace.settings.severities(), **(overrides or {})}
    found = common.check(workspace, source) + profile_rules.check_alone(workspace, source)
    return sorted(apply_severity(source.path, found, severities), key=Diagnostic.sort_key)


def check_path(
    workspace: Workspace, path: PurePath, overrides: dict[str, Severity | None] | None = None
) -> list[Diagnostic]:
    source = workspace.source(path)
    return check_source(workspace, source, overrides) if source is not None else []


# What a file causes in the other file of its pair: a log edit can leave a profile's anchor dangling
# (PM006), deleted (PM008), mismatched (PM011) or in another category (PM019); a profile edit can
# orphan a record (PM007).
CAUSED_IN_PARTNER = {
    Role.LOG: ("PM006", "PM008", "PM011", "PM019"),
    Role.PROFILE: ("PM007", "PM014"),
}


def partner_findings(
    workspace: Workspace, path: PurePath, overrides: dict[str, Severity | None] | None = None
) -> list[Diagnostic]:
    """The diagnostics that `path` causes in its partner file, located there (for `pmem check
    FILE`)."""
    role = role_of(path)
    codes = CAUSED_IN_PARTNER.get(role) if role is not None else None
    pair = workspace.pair_of(path)
    if codes is None or pair is None:
        return []
    partner = pair.log if role is Role.PROFILE else pair.profile
    return [
        d
        for d in (check_path(workspace, partner.path, overrides) if partner else [])
        if d.code in codes
    ]


def check_files(
    workspace: Workspace,
    paths: Sequence[PurePath],
    overrides: dict[str, Severity | None] | None = None,
) -> list[Diagnostic]:
    """Every finding of these files, and what each causes in its partner file when that file is
    not among them (a commit that breaks a log fails a check of the log alone)."""
    found = [d for path in paths for d in check_path(workspace, path, overrides)]
    checked = set(paths)
    for path in paths:
        found += [d for d in partner_findings(workspace, path, overrides) if d.path not in checked]
    return found
