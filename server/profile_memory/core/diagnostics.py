"""What the checker reports: findings from the rules, and diagnostics once severities are
applied."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import PurePath

from profile_memory.core.codes import CODES, Severity
from profile_memory.core.messages import Text
from profile_memory.core.secrets import masked
from profile_memory.core.span import Span
from profile_memory.core.values import replace, value_class


@value_class(frozen=True, slots=True)
class Related:
    path: PurePath
    span: Span
    message: str


@value_class(frozen=True, slots=True)
class Finding:
    """A rule's observation, before configuration decides its severity."""

    code: str
    span: Span
    message: str
    related: tuple[Related, ...] = ()
    default: Severity | None = None  # where a code's default depends on the place (PM014)


@value_class(frozen=True, slots=True)
class Diagnostic:
    path: PurePath
    span: Span
    code: str
    severity: Severity
    message: str
    related: tuple[Related, ...] = ()

    @property
    def name(self) -> str:
        return CODES[self.code].name

    def sort_key(self) -> tuple[str, Span, str]:
        return (str(self.path), self.span, self.code)


def masked_message(message: str) -> str:
    """`masked`, keeping a catalogue message a `Text` (its arguments masked) so that a front end
    can still show it in another language."""
    shown = masked(message)
    if shown is message or not isinstance(message, Text):
        return shown
    return message.map_args(masked)


SeverityOverrides = Mapping[str, "Severity | None"]


def apply_severity(
    path: PurePath, findings: Iterable[Finding], overrides: SeverityOverrides
) -> list[Diagnostic]:
    """Give each finding its configured severity; codes switched off are dropped. A message that
    quotes a file's text never shows a secret of it (`masked`): every front end shows these."""
    result = []
    for finding in findings:
        if finding.code in overrides:
            severity = overrides[finding.code]
        else:
            severity = finding.default or CODES[finding.code].default
        if severity is not None:
            result.append(
                Diagnostic(
                    path,
                    finding.span,
                    finding.code,
                    severity,
                    masked_message(finding.message),
                    tuple(replace(r, message=masked_message(r.message)) for r in finding.related),
                )
            )
    return result
