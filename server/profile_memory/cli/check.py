"""`pmem check`: the rules over the memory files, as text, JSON or GitHub annotations."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.cli.common import (
    CliError,
    add_user_dir,
    command,
)
from profile_memory.core.codes import CODES, LEVELS, Severity
from profile_memory.core.messages import msg
from profile_memory.front import (
    Context,
    files_to_check,
    language,
    load_context,
)

if TYPE_CHECKING:
    from profile_memory.core.diagnostics import Diagnostic


def _codes(value: str, flag: str) -> tuple[str, ...]:
    codes = tuple(part.strip().upper() for part in value.split(",") if part.strip())
    for code in codes:
        if not any(known.startswith(code) for known in CODES):
            raise CliError(msg("cli.unknown_code", flag=flag, code=code))
    return codes


def _severity_overrides(values: list[str]) -> dict[str, Severity | None]:
    overrides: dict[str, Severity | None] = {}
    for value in values:
        code, _, level = value.partition("=")
        code = code.strip().upper()
        if code not in CODES:
            raise CliError(
                msg("cli.unknown_code", flag=f"--severity {value}", code=code or "(none)")
            )
        if level.strip().lower() not in LEVELS:
            raise CliError(msg("cli.bad_level", value=value))
        overrides[code] = LEVELS[level.strip().lower()]
    return overrides


def _selected(diagnostic: Diagnostic, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    if select and not diagnostic.code.startswith(select):
        return False
    return not (ignore and diagnostic.code.startswith(ignore))


def run_check(
    ctx: Context,
    files: list[Path],
    output_format: str,
    select: tuple[str, ...] = (),
    ignore: tuple[str, ...] = (),
    overrides: dict[str, Severity | None] | None = None,
    extra: Sequence[Diagnostic] = (),
) -> int:
    from profile_memory.core.render import as_github, as_json, as_text, summary
    from profile_memory.core.rules import check_files

    for path in files:
        source = ctx.workspace.source(path)
        if source is not None and source.unreadable is not None:
            raise CliError(msg("cli.cannot_read", path=ctx.show(path), why=source.unreadable))
    diagnostics = [
        d
        for d in [*check_files(ctx.workspace, files, overrides), *extra]
        if _selected(d, select, ignore)
    ]
    diagnostics.sort(key=lambda d: (ctx.show(d.path), d.span, d.code))
    lang = language[0]
    if output_format == "json":
        print(as_json(diagnostics, ctx.show, lang))
    elif output_format == "github":
        for line in as_github(diagnostics, ctx.show, lang):
            print(line)
    else:
        for line in as_text(diagnostics, ctx.show, lang):
            print(line)
        print(summary(diagnostics, len(files), lang))
    return 1 if any(d.severity <= Severity.WARNING for d in diagnostics) else 0


def cmd_check(args: argparse.Namespace) -> int:
    ctx = load_context(args.user_dir)
    overrides = _severity_overrides(args.severity)
    select = _codes(args.select, "--select") if args.select else ()
    ignore = _codes(args.ignore, "--ignore") if args.ignore else ()
    # A check reads and reports: what it makes lives until it ends, and the cycle collector would
    # only walk its parse again and again (a sixth of a check at 50,000 ids).
    gc.disable()
    try:
        files = files_to_check(ctx, args.paths)
        extra = _git_setup_findings(ctx, overrides)
        return run_check(ctx, files, args.format, select, ignore, overrides, extra)
    finally:
        gc.enable()


def _git_setup_findings(
    ctx: Context, overrides: dict[str, Severity | None] | None
) -> list[Diagnostic]:
    """PM071: this clone's `.gitattributes` names pmem's merge driver, its git config lacks it."""
    from profile_memory.core.diagnostics import Finding, apply_severity
    from profile_memory.core.messages import msg
    from profile_memory.core.span import Span
    from profile_memory.store.gitsync import SETUP_COMMAND, missing_driver

    found = missing_driver(Path.cwd())
    if found is None:
        return []
    path, line = found
    message = msg("PM071", command=SETUP_COMMAND)
    severities = {**ctx.workspace.settings.severities(), **(overrides or {})}
    return apply_severity(path, [Finding("PM071", Span(line, 0, line, 0), message)], severities)


def register(commands: argparse._SubParsersAction) -> None:
    check = command(commands, "check", cmd_check)
    check.add_argument("paths", nargs="*", metavar="PATH")
    check.add_argument("--format", choices=("text", "json", "github"), default="text")
    check.add_argument("--select", metavar="CODES")
    check.add_argument("--ignore", metavar="CODES")
    check.add_argument("--severity", metavar="CODE=LEVEL", action="append", default=[])
    add_user_dir(check)
