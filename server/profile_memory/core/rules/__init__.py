"""The checker: every code of SPEC §9, one module per kind of file, assembled here."""

from __future__ import annotations

from pathlib import PurePath

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Diagnostic, Finding, apply_severity
from profile_memory.core.files import Role
from profile_memory.core.rules import common, log_rules, memory_rules, pending_rules, profile_rules
from profile_memory.core.workspace import Source, Workspace

_BY_ROLE = {
    Role.PROFILE: profile_rules.check,
    Role.LOG: log_rules.check,
    Role.PENDING: pending_rules.check,
    Role.JOURNAL: memory_rules.check_journal,
    Role.FACT: memory_rules.check_fact,
}


def findings_for(workspace: Workspace, source: Source) -> list[Finding]:
    found = common.check(workspace, source)
    if source.decoded is not None:
        found += _BY_ROLE[source.role](workspace, source)
    return found


def check_source(workspace: Workspace, source: Source, overrides: dict[str, Severity | None] | None = None) -> list[Diagnostic]:
    """The diagnostics of one loaded file, with its pair and scopes taken from the workspace."""
    severities = {**workspace.settings.severities(), **(overrides or {})}
    diagnostics = apply_severity(source.path, findings_for(workspace, source), severities)
    return sorted(diagnostics, key=Diagnostic.sort_key)


def check_path(workspace: Workspace, path: PurePath, overrides: dict[str, Severity | None] | None = None) -> list[Diagnostic]:
    source = workspace.source(path)
    return check_source(workspace, source, overrides) if source is not None else []
