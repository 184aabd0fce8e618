"""Rendering diagnostics and traces for people and machines (docs/format.md, "CLI conventions"):
text, JSON and GitHub annotations.

Positions become 1-based; columns count code points and `end_column` is exclusive.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.messages import Lang, msg, render

ShowPath = Callable[[PurePath], str]


def _plural(count: int, word: str) -> str:
    return msg(
        f"count.{word}" if count == 1 or word == "information" else f"count.{word}s", n=count
    )


def summary(diagnostics: list[Diagnostic], files: int, lang: Lang = "en") -> str:
    counts = {severity: 0 for severity in Severity}
    for diagnostic in diagnostics:
        counts[diagnostic.severity] += 1
    parts = [
        _plural(counts[Severity.ERROR], "error"),
        _plural(counts[Severity.WARNING], "warning"),
        _plural(counts[Severity.INFORMATION], "information"),
    ]
    if counts[Severity.HINT]:
        parts.append(_plural(counts[Severity.HINT], "hint"))
    return render(msg("check.summary", counts=parts, files=_plural(files, "file")), lang)


def as_text(diagnostics: list[Diagnostic], show: ShowPath, lang: Lang = "en") -> list[str]:
    """One line per diagnostic; the severity word stays English (what tools match on)."""
    return [
        f"{show(d.path)}:{d.span.start_line + 1}:{d.span.start_col + 1}: {d.code} "
        f"{d.severity.label}: {render(d.message, lang)}"
        for d in diagnostics
    ]


def as_json_objects(
    diagnostics: list[Diagnostic], show: ShowPath, lang: Lang = "en"
) -> list[dict[str, object]]:
    return [
        {
            "path": show(d.path),
            "line": d.span.start_line + 1,
            "column": d.span.start_col + 1,
            "end_line": d.span.end_line + 1,
            "end_column": d.span.end_col + 1,
            "code": d.code,
            "name": d.name,
            "severity": d.severity.label,
            "message": render(d.message, lang),
            "related": [
                {
                    "path": show(r.path),
                    "line": r.span.start_line + 1,
                    "column": r.span.start_col + 1,
                    "message": render(r.message, lang),
                }
                for r in d.related
            ],
        }
        for d in diagnostics
    ]


def as_json(diagnostics: list[Diagnostic], show: ShowPath, lang: Lang = "en") -> str:
    import json  # here: a check that prints text never loads it (~1 ms of its start)

    return json.dumps(as_json_objects(diagnostics, show, lang), ensure_ascii=False, indent=2)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFORMATION: "notice",
    Severity.HINT: "notice",
}


def as_github(diagnostics: list[Diagnostic], show: ShowPath, lang: Lang = "en") -> list[str]:
    lines = []
    for d in diagnostics:
        properties = ",".join(
            [
                f"file={_escape_property(show(d.path))}",
                f"line={d.span.start_line + 1}",
                f"col={d.span.start_col + 1}",
                f"endLine={d.span.end_line + 1}",
                f"endColumn={d.span.end_col + 1}",
                f"title={_escape_property(f'{d.code} {d.name}')}",
            ]
        )
        lines.append(
            f"::{_GITHUB_LEVEL[d.severity]} {properties}::{_escape_data(render(d.message, lang))}"
        )
    return lines
