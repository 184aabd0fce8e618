"""`pmem`: the command line for people, agents and CI. The same core engine as the language
server."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, NoReturn

from profile_memory import __version__
from profile_memory.core import recall
from profile_memory.core.codes import CODES, LEVELS, Severity
from profile_memory.core.files import (
    PENDING_NAME,
    Role,
    role_of,
)
from profile_memory.core.messages import (
    language_of_environment,
    localized_parser,
    msg,
)
from profile_memory.core.secrets import masked
from profile_memory.front import (
    Context,
    FrontError,
    explained,
    failures,
    files_to_check,
    hit_json,
    language,
    load_context,
    os_error,
    say,
    search,
    warn,
)
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    import logging

    from profile_memory.core.diagnostics import Diagnostic
    from profile_memory.core.pending import Scope
    from profile_memory.core.plans import Planner
    from profile_memory.core.search import JournalHit

# What only some commands use is imported by them: `pmem recall` never loads the rules, the log
# parser, the planner or the search; a check or a search never waits for the planner, the
# templates or `importlib.resources` to load.


CliError = FrontError  # the name the CLI's commands and their callers have used


def _warn(message: str) -> None:
    warn(message)


# -- check ---------------------------------------------------------------------------------------


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


# -- trace ---------------------------------------------------------------------------------------


def _anchor_argument(text: str) -> str:
    """An ID argument: an id written as the files may write it (`PF-20260412-002`) is taken for
    the id it plainly means, and the command says so on stderr."""
    from profile_memory.core import anchors

    meant = anchors.given_id(text)
    if meant != text:
        print(f"pmem: {text} is read as {meant}", file=sys.stderr)
    return meant


def run_trace(
    ctx: Context, anchor_id: str, everything: bool = False, as_json_output: bool = False
) -> int:
    from profile_memory.core import anchors
    from profile_memory.core.trace import render_json, render_text, trace

    problem = anchors.problem(anchor_id)
    if problem is not None:
        raise CliError(msg("cli.invalid_id", id=anchor_id, problem=problem), code=1)
    traces = trace(ctx.resolver.pairs(), anchor_id)
    mentions = ctx.resolver.mentions(anchor_id)
    if not traces:
        places = ", ".join(ctx.show(p) for p in ctx.places.profile_folders())
        raise CliError(msg("cli.unknown_id", id=anchor_id, places=places), code=1)
    if as_json_output:
        print(
            json.dumps(
                render_json(anchor_id, traces, ctx.show, mentions), ensure_ascii=False, indent=2
            )
        )
    else:
        print("\n".join(render_text(anchor_id, traces, ctx.show, everything, mentions)))
    return 0


def cmd_trace(args: argparse.Namespace) -> int:
    return run_trace(load_context(args.user_dir), args.id, args.all, args.json)


# -- init ----------------------------------------------------------------------------------------


def cmd_init(args: argparse.Namespace) -> int:
    from profile_memory.store.templates import provision, provisioning

    if args.git:
        _init_git()
        if not (args.user or args.project or args.memory):
            return 0
    ctx = load_context(args.user_dir)
    language = args.lang or ctx.settings.language
    both = not (args.user or args.project or args.memory)
    plans: list[tuple[Path, list[str], int]] = []
    if args.user or both:
        plans.append(provisioning("user", Path(ctx.places.user_dir)))
    if args.project or both:
        plans.append(provisioning("project", Path(ctx.places.project_dir)))
    if args.memory:
        plans.append(provisioning("memory", Path(os.path.abspath(args.memory)) / "memory"))
    for folder, names, mode in plans:
        try:
            results = provision(folder, names, language, mode)
        except UnsafePath as error:
            raise CliError(f"{ctx.show(error.path)}: {error.reason}") from None
        except OSError as error:
            raise CliError(f"{ctx.show(folder)}: {error.strerror or error}") from None
        for result in results:
            print(f"{'created' if result.created else 'kept   '} {ctx.show(result.path)}")
    return 0


def _init_git() -> None:
    from profile_memory.store.gitsync import GitError, install

    try:
        setup = install(Path.cwd())
    except (GitError, OSError) as error:
        raise CliError(f"init --git: {error}") from None
    for line in setup.attributes_added:
        print(f"added   .gitattributes: {line}")
    if not setup.attributes_added:
        print("kept    .gitattributes")
    print(f"{'set    ' if setup.driver_changed else 'kept   '} git config merge.pmem.driver")


# -- merge (git's merge driver) ------------------------------------------------------------------


def cmd_merge(args: argparse.Namespace) -> int:
    from profile_memory.store.gitsync import run_driver

    try:
        result = run_driver(Path(args.base), Path(args.ours), Path(args.theirs), args.path)
    except OSError as error:
        raise CliError(f"merge {args.path}: {os_error(error)}") from None
    for note in result.notes:
        print(f"pmem merge: {args.path}: {note}", file=sys.stderr)
    if result.conflicts:
        print(
            f"pmem merge: {args.path}: {result.conflicts} conflict(s) left in markers; "
            "`pmem check` lists them",
            file=sys.stderr,
        )
        return 1
    return 0


# -- demo ----------------------------------------------------------------------------------------

DEMO_TRACE_ID = "PF-20260412-02"


def _copy_demo(target: Path) -> None:
    import shutil
    from importlib import resources

    bundled = Path(str(resources.files("profile_memory") / "demo"))
    shutil.copytree(
        bundled, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__")
    )


def cmd_demo(args: argparse.Namespace) -> int:
    import tempfile

    if args.dir:
        target = Path(os.path.abspath(args.dir))
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise CliError(
                f"{args.dir}: already exists and is not an empty folder; name a new folder"
            )
    else:
        target = Path(tempfile.mkdtemp(prefix="pmem-demo-"))
    _copy_demo(target)
    project = target / "project"
    user_dir = target / "home" / ".cursor" / "profile"
    ctx = load_context(str(user_dir), cwd=project)
    ctx = dataclasses.replace(ctx, cwd=Path(os.getcwd()), _shown={})
    show = ctx.show
    print(f"Wrote an example workspace to {show(target)}:")
    print(f"  user profile set:    {show(user_dir)}  (user-profile.md + user-profile-log.md)")
    print(
        f"  project profile set: {show(ctx.places.project_dir)}  (project-profile.md, its log, "
        "profile-pending.md)"
    )
    print(f"  agent memory:        {show(project / 'memory')}  (FACT.md, JOURNAL.jsonl)")
    print()
    print(f"$ pmem check --user-dir {show(user_dir)} {show(target)}")
    run_check(ctx, files_to_check(ctx, [str(target)]), "text")
    print()
    print(f"$ pmem trace --user-dir {show(user_dir)} {DEMO_TRACE_ID}")
    run_trace(ctx, DEMO_TRACE_ID)
    print()
    print("Open it in an editor with the Profile Memory extension installed:")
    print(f"  code {show(project)}      (or: cursor {show(project)})")
    print(
        f'and set "profileMemory.userProfileDir": "{user_dir.as_posix()}" in the workspace '
        "settings."
    )
    return 0


# -- writes (propose, add, evolve, pivot, delete, confirm) ---------------------------------------

WriteOperation = Callable[["Planner", "Context"], str]


def _scope(args: argparse.Namespace) -> Scope | None:
    from profile_memory.core.pending import Scope

    return Scope(args.scope) if args.scope else None


def run_write(
    args: argparse.Namespace, title: str, operation: WriteOperation, bound: bool = False
) -> int:
    """Plan, then plan again and write under the folders' locks (log, profile, pending). A write
    that is refused or has nothing to do is found by the first plan, so it takes no lock and creates
    nothing. `bound` (a decision on what the pending file holds): the first plan or nothing, if its
    files changed before the locks were taken (exit 1)."""
    from profile_memory.store.apply import Changed, plan_and_write

    ctx = load_context(args.user_dir)

    def planned(planner: Planner) -> str:
        ctx.workspace = planner.workspace  # the files as this plan reads them
        return operation(planner, ctx)

    try:
        plan, written = plan_and_write(
            ctx.places,
            ctx.settings,
            title,
            planned,
            allow_secrets=getattr(args, "allow_secret", False),
            bound=bound,
        )
    except Changed as error:
        raise CliError(f"{error}; run it again", code=1) from None
    except failures() as error:
        raise explained(error, ctx.show) from None
    for over in plan.over_limit:
        _warn(over.message(ctx.show(over.path)))
    if getattr(args, "json", False):
        print(
            json.dumps(
                {
                    "ids": plan.ids,
                    "files": [ctx.show(p) for p in written],
                    "outcome": plan.outcome,
                    "over_limit": [
                        {"path": ctx.show(o.path), "lines": o.lines, "limit": o.limit}
                        for o in plan.over_limit
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        print(say(plan.outcome))
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import Scope

    def operation(planner: Planner, ctx: Context) -> str:
        return planner.add(
            ctx.resolver.pair_ref(Scope(args.scope)),
            args.category,
            args.text,
            args.context,
            args.source,
        )

    return run_write(args, "add", operation)


def cmd_evolve(args: argparse.Namespace) -> int:
    def operation(planner: Planner, ctx: Context) -> str:
        planner.evolve(
            ctx.resolver.pair_carrying(args.id, _scope(args)),
            args.id,
            args.text,
            args.context,
            args.source,
        )
        return f"evolved {args.id}"

    return run_write(args, "evolve", operation)


def cmd_pivot(args: argparse.Namespace) -> int:
    def operation(planner: Planner, ctx: Context) -> str:
        new_id = planner.pivot(
            ctx.resolver.pair_carrying(args.id, _scope(args)),
            args.id,
            args.text,
            args.context,
            args.source,
        )
        return f"{new_id} replaces {args.id}"

    return run_write(args, "pivot", operation)


def cmd_delete(args: argparse.Namespace) -> int:
    def operation(planner: Planner, ctx: Context) -> str:
        planner.delete(
            ctx.resolver.pair_carrying(args.id, _scope(args)), args.id, args.context, args.source
        )
        return f"deleted {args.id}"

    return run_write(args, "delete", operation)


def _pending_path(ctx: Context, given: str | None) -> PurePath:
    if given:
        path = Path(os.path.abspath(given))
        if role_of(path) is not Role.PENDING:
            raise CliError(f"{given}: not a pending file (expected profile-pending.md)")
        if path.parent not in ctx.places.profile_folders():
            raise CliError(
                f"{given}: outside the profile folders "
                f"({', '.join(ctx.show(f) for f in ctx.places.profile_folders())})"
            )
        return path
    return (
        ctx.workspace.find_name(ctx.places.project_dir, PENDING_NAME)
        or ctx.places.project_dir / PENDING_NAME
    )


def cmd_propose(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import ProposalKind, Scope

    if args.kind != "add" and not args.old:
        raise CliError(msg("cli.old_required"))

    def operation(planner: Planner, ctx: Context) -> str:
        pending = _pending_path(ctx, None)
        planner.propose(
            pending,
            Scope(args.scope),
            ProposalKind(args.kind),
            args.category,
            args.text,
            args.old,
            args.context,
            args.source,
        )
        return f"proposed in {ctx.show(pending)}"

    return run_write(args, "propose", operation)


def cmd_confirm(args: argparse.Namespace) -> int:
    from profile_memory.core.pending import parse_pending

    if not (args.all or args.line):
        raise CliError(msg("cli.choose_proposals"))
    decision = "discard" if args.discard else "keep-both" if args.keep_both else "confirm"

    def operation(planner: Planner, ctx: Context) -> str:
        pending = _pending_path(ctx, args.pending)
        proposals = parse_pending(planner.text(pending)).proposals
        if args.line:
            proposals = [p for p in proposals if p.line <= args.line - 1 < p.end_line]
            if not proposals:
                raise CliError(f"{ctx.show(pending)}:{args.line} is no proposal", code=1)
        # With --line, the decided lines are left blank: the numbers `pmem pending` printed stay
        # true
        return planner.decide_each(pending, proposals, decision, keep_lines=bool(args.line))

    return run_write(args, "confirm", operation, bound=True)


def cmd_fix(args: argparse.Namespace) -> int:
    """Rewrite what agents wrote in non-canonical forms (PM016 headings, PM018 forms, ids PM004 can
    read)."""

    def operation(planner: Planner, ctx: Context) -> str:
        folders = ctx.places.profile_folders()
        done = []
        for path in files_to_check(ctx, args.paths):
            if role_of(path) not in (Role.PROFILE, Role.LOG):
                continue
            if path.parent not in folders:
                raise CliError(
                    f"{ctx.show(path)}: outside the profile folders "
                    f"({', '.join(ctx.show(f) for f in folders)}); "
                    "pmem writes only there (pass --user-dir, or run it in the project)"
                )
            count = planner.fix_forms(path)
            if count:
                done.append(
                    f"{ctx.show(path)}: {count} line{'s' if count != 1 else ''} rewritten in "
                    "canonical form"
                )
        return "\n".join(done) or "nothing to fix: every form is canonical"

    return run_write(args, "fix", operation)


def cmd_pending(args: argparse.Namespace) -> int:
    """The proposals waiting for a decision, each with the line `confirm --line` takes."""
    from profile_memory.core.pending import proposal_fields

    ctx = load_context(args.user_dir)
    pending = _pending_path(ctx, args.pending)
    source = ctx.workspace.source(pending)
    if source is not None and source.decoded is None:
        raise CliError(f"{ctx.show(pending)}: {source.unsafe or source.unreadable}")
    proposals = ctx.workspace.pending(source).proposals if source is not None else []
    if args.json:
        print(
            json.dumps(
                [{"line": p.line + 1, **proposal_fields(p)} for p in proposals],
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    for p in proposals:
        change = f"{p.old} → {p.text}" if p.old is not None else p.text
        print(
            f"{p.line + 1:>4}  {p.scope.value if p.scope else '?':<7}  "
            + masked(f"[{p.kind.value}][{p.category}] {change}")
        )
    if not proposals:
        print(f"nothing pending in {ctx.show(pending)}")
    else:
        print(
            "decide one with `pmem confirm --line N` (or --keep-both, --discard); its line numbers "
            "stay valid"
        )
    return 0


# -- agent memory: journal, facts, search, recall -----------------------------------------------


def _memory_dirs(ctx: Context, given: str | None) -> list[Path]:
    """`--dir`, else `./memory` of the project, then the configured memory folders."""
    if given:
        return [Path(os.path.abspath(given))]
    return [Path(p) for p in ctx.places.memory_dirs]


def _memory_call(action: Callable[[], int]) -> int:
    try:
        return action()
    except failures() as error:
        raise explained(error, unnamed="") from None


def cmd_journal_append(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import journal_append

    ctx = load_context(None)

    def action() -> int:
        appended = journal_append(
            _memory_dirs(ctx, args.dir)[0], args.text, args.tag, args.allow_secret
        )
        print(f"appended to {ctx.show(appended.path)} at {appended.entry.ts}")
        return 0

    return _memory_call(action)


def _print_journal_hits(ctx: Context, hits: list[JournalHit], as_json_output: bool) -> None:
    if as_json_output:
        print(journal_hits_json(hits, ctx.show))
        return
    for hit in hits:
        tags = f"[{', '.join(hit.entry.tags)}]  " if hit.entry.tags else ""
        when = hit.entry.ts.replace("T", " ")
        print(f"{when}  {tags}{indented(hit.entry.text)}  ({ctx.show(hit.path)}:{hit.line + 1})")


# Every break a terminal shows as a new line (a journal's text may hold any of them).
_SHOWN_BREAK = re.compile("\r\n|[\r\n\x0b\x0c\x85\u2028\u2029]")


def indented(text: str) -> str:
    """A hit's text for the text output: its further lines indented by four spaces, so one entry
    never reads as two (the first line of each hit starts with its date or kind)."""
    return _SHOWN_BREAK.sub("\n    ", text) if _SHOWN_BREAK.search(text) else text


_STRING = json.encoder.encode_basestring  # the C encoder of one string (ensure_ascii=False)


def journal_hits_json(hits: list[JournalHit], show: Callable[[PurePath], str]) -> str:
    """A JSON array of the hits' ts, tags, text, path and line, one hit per line, written without
    building a dict per hit: a search may print every one of 100,000 (a test holds it equal to
    `json.dumps` of each hit)."""
    if not hits:
        return "[]"
    paths: dict[PurePath, str] = {}
    items = []
    for hit in hits:
        entry = hit.entry
        path = paths.get(hit.path) or paths.setdefault(hit.path, _STRING(show(hit.path)))
        tags = ", ".join(map(_STRING, entry.tags))
        items.append(
            f'{{"ts": {_STRING(entry.ts)}, "tags": [{tags}], "text": {_STRING(entry.text)}, '
            f'"path": {path}, "line": {hit.line + 1}}}'
        )
    return "[\n  " + ",\n  ".join(items) + "\n]"


def _journals(ctx: Context, given: str | None) -> list[Path]:
    """The journal of `--dir` (which must be a memory folder), else of each known memory folder;
    a link is refused."""
    from profile_memory.core.resolve import Resolver
    from profile_memory.store.memory import memory_folder

    if given:
        folder = memory_folder(Path(os.path.abspath(given)))
        places = [dataclasses.replace(ctx.places, memory_dirs=(folder,))]
    else:
        places = [ctx.places]
    found = [Path(path) for path in Resolver(ctx.workspace, places).journals()]
    for path in found:
        if os.path.islink(path):
            raise UnsafePath(path, "is a symbolic link; it is not read")
    return found


def _note_malformed(count: int) -> None:
    if count:
        lines = f"{count} malformed journal line{'s' if count != 1 else ''}"
        print(f"pmem: note: {lines} skipped", file=sys.stderr)


def cmd_journal_search(args: argparse.Namespace) -> int:
    from profile_memory.core.search import JournalHit

    ctx = load_context(None)

    def action() -> int:
        found = search(
            ctx.resolver,
            args.query,
            args.tag,
            args.limit,
            ["journal"],
            journals=_journals(ctx, args.dir),
        )
        _print_journal_hits(ctx, [h for h in found.hits if isinstance(h, JournalHit)], args.json)
        _note_malformed(found.malformed)
        return 0

    return _memory_call(action)


def cmd_search(args: argparse.Namespace) -> int:
    """Journals and log records together, newest first; each hit says which kind it is."""
    from profile_memory.core.search import JournalHit, hit_fields

    ctx = load_context(args.user_dir)

    def action() -> int:
        found = search(ctx.resolver, args.query, limit=args.limit, journals=_journals(ctx, None))
        if args.json:
            results = [hit_json(hit, ctx.show) for hit in found.hits]
            print(json.dumps(results, ensure_ascii=False, indent=2))
        for hit in [] if args.json else found.hits:
            fields = hit_fields(hit)
            if isinstance(hit, JournalHit):
                label = hit.entry.ts.replace("T", " ")
            else:
                label = f"{hit.id} {hit.date}"
            where = f"{ctx.show(hit.path)}:{hit.line + 1}"
            print(f"{fields['kind']:<7} {label}  {indented(str(fields['text']))}  ({where})")
        _note_malformed(found.malformed)
        return 0

    return _memory_call(action)


def _read_content(given: str | None) -> str:
    if given in (None, "-"):
        return sys.stdin.read()
    try:
        return Path(given).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"{given}: cannot read: {error}") from None


def cmd_facts_update(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import fact_size_note, facts_update

    ctx = load_context(None)
    content = _read_content(args.file)

    def action() -> int:
        settings = ctx.settings
        note = fact_size_note(content, settings.max_file_bytes, settings.fact_file_max_bytes)
        path, digest = facts_update(
            _memory_dirs(ctx, args.dir)[0],
            content,
            args.if_match,
            args.allow_secret,
            history_max=ctx.settings.fact_history_max,
        )
        print(f"updated {ctx.show(path)} (sha256 {digest})")
        if note:
            _warn(note)
        return 0

    return _memory_call(action)


def cmd_facts_show(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import read_fact, sha256_of

    ctx = load_context(None)

    def action() -> int:
        if args.rev is not None:
            folder = _memory_dirs(ctx, args.dir)[0]
            return _show_version(ctx, folder, args.rev, args.json, args.reveal)
        path, data = read_fact(_memory_dirs(ctx, args.dir)[0])
        if data is None:
            raise CliError(f"{ctx.show(path)}: no FACT.md yet", code=1)
        text = data.decode("utf-8", errors="replace")
        content = text if args.reveal else masked(text)  # the sha256 stays the file's own
        if args.json:
            print(
                json.dumps(
                    {
                        "path": ctx.show(path),
                        "sha256": sha256_of(data),
                        "content": content,
                    },
                    ensure_ascii=False,
                    indent=2,
                )
            )
        else:
            sys.stdout.write(content)
        return 0

    return _memory_call(action)


def _show_version(ctx: Context, folder: Path, rev: str, as_json_output: bool, reveal: bool) -> int:
    """`facts show --rev`: a kept version, its secrets masked as FACT.md's are (with --reveal, its
    exact bytes); with --json its path, rev, sha256 (always the version's own) and content."""
    from profile_memory.store.fact_history import read_version, version_path
    from profile_memory.store.memory import memory_folder, sha256_of

    data = read_version(memory_folder(folder), rev)
    text = data.decode("utf-8", errors="replace")
    shown = text if reveal else masked(text)
    data_shown = data if shown == text else shown.encode("utf-8")  # exact bytes when nothing hides
    if as_json_output:
        fields = {
            "path": ctx.show(version_path(folder, rev)),
            "rev": rev,
            "sha256": sha256_of(data),
            "content": data_shown.decode("utf-8", errors="replace"),
        }
        print(json.dumps(fields, ensure_ascii=False, indent=2))
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data_shown)
    return 0


def cmd_facts_history(args: argparse.Namespace) -> int:
    """The kept versions of FACT.md, newest first (docs/format.md, "FACT.md versions")."""
    from profile_memory.core.facts_history import history_json, history_line
    from profile_memory.store.fact_history import versions as fact_versions
    from profile_memory.store.memory import memory_folder

    ctx = load_context(None)

    def action() -> int:
        kept = fact_versions(memory_folder(_memory_dirs(ctx, args.dir)[0]))
        if args.json:
            print(history_json(kept))
        elif not kept:
            print("no kept version of FACT.md yet")
        for version in [] if args.json else kept:
            print(history_line(version))
        return 0

    return _memory_call(action)


def cmd_facts_diff(args: argparse.Namespace) -> int:
    """A unified diff from a kept version (default: the newest) to FACT.md as it is; exit 0."""
    from profile_memory.core.facts_history import unified_diff
    from profile_memory.store.fact_history import read_version, version_path
    from profile_memory.store.fact_history import versions as fact_versions
    from profile_memory.store.memory import memory_folder, read_fact

    ctx = load_context(None)

    def action() -> int:
        folder = memory_folder(_memory_dirs(ctx, args.dir)[0])
        rev = args.rev
        if rev is None:
            kept = fact_versions(folder)
            if not kept:
                print("pmem: note: no kept version of FACT.md yet", file=sys.stderr)
                return 0
            rev = kept[0].rev
        old = read_version(folder, rev)
        path, current = read_fact(folder)
        sys.stdout.write(
            unified_diff(old, current or b"", ctx.show(version_path(folder, rev)), ctx.show(path))
        )
        return 0

    return _memory_call(action)


def cmd_facts_restore(args: argparse.Namespace) -> int:
    """FACT.md replaced by a kept version, atomically, keeping the one it replaces."""
    from profile_memory.store.memory import facts_restore

    ctx = load_context(None)

    def action() -> int:
        written = facts_restore(
            _memory_dirs(ctx, args.dir)[0],
            args.rev,
            args.if_match,
            args.allow_secret,
            history_max=ctx.settings.fact_history_max,
        )
        print(f"restored {ctx.show(written.path)} to {args.rev} (sha256 {written.sha256})")
        return 0

    return _memory_call(action)


def _print_budget(sections: list[recall.RecallSection], budget: int) -> int:
    """Each block's ≈ tokens, and the total against the budget (exit 1 when over)."""
    from profile_memory.core.tokens import estimate

    shares = [(section.name, section.path, estimate(section.content)) for section in sections]
    for name, path, tokens in shares:
        print(f"{name:<16} ≈{tokens:>7,}  {path}")
    total = sum(tokens for _, _, tokens in shares)
    print(
        f"{'total':<16} ≈{total:>7,}  of a budget of {budget:,}"
        + (" — over the budget" if total > budget else "")
    )
    return 1 if total > budget else 0


def cmd_recall(args: argparse.Namespace) -> int:
    """The blocks that could be read; a file that is there but could not be read is named on
    stderr, one line each, and the exit is 2: a block is never dropped silently."""
    ctx = load_context(args.user_dir)
    sections, unread = recall.gather(ctx.workspace, ctx.places, ctx.show)
    if args.budget:
        code = _print_budget(sections, ctx.settings.recall_token_budget)
    else:
        output = recall.RENDERERS[args.format](sections)
        if output:
            print(output)
        code = 0
    for skipped in unread:
        print(f"pmem: {recall.unread_note(skipped)}", file=sys.stderr)
    return 2 if unread else code


def _positive(value: str) -> int:
    from profile_memory.core.search import check_limit

    try:
        return check_limit(int(value))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a positive whole number, not {value!r}"
        ) from None


# -- serve ---------------------------------------------------------------------------------------


def _mask_secrets(record: logging.LogRecord) -> bool:
    """No log line shows a secret: with `-v` the libraries log whole messages, file text and all."""
    message = record.getMessage()
    shown = masked(message)
    if shown != message:
        record.msg, record.args = shown, None
    return True


def _log_to_stderr(verbose: bool, log_file: str | None = None) -> None:
    """Logs go to stderr (or a file): stdout is the protocol's transport."""
    import logging

    handler = (
        logging.FileHandler(log_file, encoding="utf-8")
        if log_file
        else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_mask_secrets)
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING, handlers=[handler], force=True
    )


def cmd_mcp(args: argparse.Namespace) -> int:
    """The MCP server for agents (README, "Agents (MCP)"); its SDK is imported only here."""
    project = Path(os.path.abspath(os.path.expanduser(args.project or os.getcwd())))
    if not project.is_dir():
        raise CliError(f"--project {args.project}: not a folder")
    if args.mcp_command == "config":
        return _mcp_config(args, project)
    try:
        from profile_memory.mcp_server import Door, serve
    except ImportError as error:
        if error.name is not None and error.name.split(".")[0] != "mcp":
            raise
        raise CliError(
            "pmem mcp needs the MCP SDK: pip install 'profile-memory[mcp]' (or pip install mcp)"
        ) from None
    _log_to_stderr(args.verbose)

    serve(Door(project, args.user_dir, args.trust_client_approval))
    return 0


def _mcp_config(args: argparse.Namespace, project: Path) -> int:
    import shutil

    """Print a client's configuration, or merge it into the project's file (`--write`) or the
    user-level one (`--user`); a project's file holds no path of this machine."""
    from profile_memory import mcp_config

    trust = args.trust_client_approval
    if args.user:
        try:
            target = mcp_config.user_file(args.client)
            config = mcp_config.for_user(args.client, project, trust)
            if args.write:
                mcp_config.merge_into(target, config)
        except mcp_config.ConfigError as error:
            raise CliError(str(error), code=1 if args.write else 2) from None
        if args.write:
            print(f"added `{mcp_config.SERVER_NAME}` to {target} (this machine's pmem, by path)")
        else:
            print(json.dumps(config, ensure_ascii=False, indent=2))
            print(f"# goes in: {target} (yours: this machine's paths)", file=sys.stderr)
        return 0
    config = mcp_config.for_client(args.client, project, trust)
    if args.client != "cherry" and shutil.which("pmem") is None:
        _warn(
            "pmem is not on PATH: a client that starts `pmem` by name will not find it. Install "
            "it where every program finds it (pipx install 'profile-memory[mcp]'), or put this "
            "machine's path in your own settings with --user (Cursor)"
        )
    if args.write:
        if args.client == "cherry":
            raise CliError(
                "--write: Cherry Studio keeps its servers in its own settings; paste the printed "
                "configuration there (Settings → MCP Servers → Import from JSON)"
            )
        try:
            target = mcp_config.merge_into(mcp_config.project_file(args.client, project), config)
        except mcp_config.ConfigError as error:
            raise CliError(str(error), code=1) from None
        print(f"added `{mcp_config.SERVER_NAME}` to {target}")
        return 0
    print(json.dumps(config, ensure_ascii=False, indent=2))
    print(f"# goes in: {mcp_config.where(args.client, project, trust)}", file=sys.stderr)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The language server. Logs go to stderr or the log file: stdout is the LSP transport."""
    _log_to_stderr(args.verbose, args.log_file)
    from profile_memory.lsp import create_server
    from profile_memory.lsp.server import BoundedInput, keep_large_buffers_out_of_the_heap

    keep_large_buffers_out_of_the_heap()
    server = create_server()
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not port.isdigit():
            raise CliError(f"--tcp {args.tcp}: expected HOST:PORT")
        server.start_tcp(host or "127.0.0.1", int(port))
    else:
        # pygls annotates a BinaryIO; it only reads lines and blocks
        server.start_io(stdin=BoundedInput(sys.stdin.buffer))  # type: ignore[arg-type]
    return 0


# -- the parser ----------------------------------------------------------------------------------


def _add_allow_secret(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-secret",
        action="store_true",
        help="write even text that looks like a secret (an API key, a token, a password)",
    )


def _add_user_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--user-dir",
        metavar="DIR",
        help="the user profile folder (default: $PMEM_USER_DIR, then ~/.cursor/profile)",
    )


def _add_facts_history(facts_commands: argparse._SubParsersAction) -> None:
    """`facts history`, `facts diff`, `facts restore`: FACT.md's kept versions."""
    dir_help = "the memory folder (default: ./memory of the project)"
    history = facts_commands.add_parser(
        "history",
        help="FACT.md's kept versions, newest first",
        description="List the versions of FACT.md kept before each replacement, newest first: "
        "rev, when it was replaced, by what, and the lines the replacement added and removed.",
    )
    history.add_argument(
        "--json", action="store_true", help="[{rev, ts, sha256, bytes, added, removed, by}]"
    )
    history.add_argument("--dir", metavar="D", help=dir_help)
    history.set_defaults(handler=cmd_facts_history)
    diff = facts_commands.add_parser(
        "diff",
        help="a unified diff from a kept version to FACT.md",
        description="A unified diff from the kept version REV (default: the newest) to the "
        "current FACT.md.",
    )
    diff.add_argument("rev", nargs="?", metavar="REV")
    diff.add_argument("--dir", metavar="D", help=dir_help)
    diff.set_defaults(handler=cmd_facts_diff)
    restore = facts_commands.add_parser(
        "restore",
        help="replace FACT.md with a kept version",
        description="Replace FACT.md atomically with the kept version REV; the version it "
        "replaces is kept in turn.",
    )
    restore.add_argument("rev", metavar="REV")
    restore.add_argument(
        "--if-match", metavar="SHA256", help="refuse (exit 1) unless FACT.md still has this sha256"
    )
    restore.add_argument("--dir", metavar="D", help=dir_help)
    _add_allow_secret(restore)
    restore.set_defaults(handler=cmd_facts_restore)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pmem",
        description="Check, trace and safely edit the memory files of AI coding agents.",
    )
    parser.add_argument("--version", action="version", version=f"pmem {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = commands.add_parser(
        "check",
        help="report problems in profiles, logs, pending proposals and agent memory",
        description="Check memory files. With no PATH: the user profile folder, "
        "./.cursor/profile and ./memory of the project.",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to check")
    check.add_argument("--format", choices=("text", "json", "github"), default="text")
    check.add_argument(
        "--select", metavar="CODES", help="only these codes (comma-separated; prefixes allowed)"
    )
    check.add_argument(
        "--ignore", metavar="CODES", help="not these codes (comma-separated; prefixes allowed)"
    )
    check.add_argument(
        "--severity",
        metavar="CODE=LEVEL",
        action="append",
        default=[],
        help="change a code's severity: error, warning, information, hint or off (repeatable)",
    )
    _add_user_dir(check)
    check.set_defaults(handler=cmd_check)

    trace_cmd = commands.add_parser(
        "trace",
        help="trace an anchor id up to its log records",
        description="Show where an id's entry is, its state, its latest record in full "
        "and one line per earlier record.",
    )
    trace_cmd.add_argument(
        "id", metavar="ID", type=_anchor_argument, help="an anchor id, PF-YYYYMMDD-NN"
    )
    trace_cmd.add_argument("--all", action="store_true", help="print every record in full")
    trace_cmd.add_argument("--json", action="store_true", help="print JSON")
    _add_user_dir(trace_cmd)
    trace_cmd.set_defaults(handler=cmd_trace)

    init = commands.add_parser(
        "init",
        help="create the missing profile files from the templates (never overwrites)",
        description="Create missing files from the templates; existing files, even empty ones, "
        "are kept. With no scope flag, both the user and the project profile pairs.",
    )
    init.add_argument("--user", action="store_true", help="the user profile pair")
    init.add_argument(
        "--project", action="store_true", help="the project profile pair in ./.cursor/profile"
    )
    init.add_argument(
        "--memory", metavar="DIR", help="an agent memory folder DIR/memory (FACT.md, JOURNAL.jsonl)"
    )
    init.add_argument(
        "--lang",
        choices=("zh", "en"),
        help="template language (default: the `language` setting, zh)",
    )
    init.add_argument(
        "--git",
        action="store_true",
        help="set this git clone up to merge memory files with `pmem merge` (.gitattributes, "
        "git config); alone, creates no profile files",
    )
    _add_user_dir(init)
    init.set_defaults(handler=cmd_init)

    merge_cmd = commands.add_parser(
        "merge",
        help="git's merge driver for memory files (set up by `pmem init --git`)",
        description="Merge three versions of a memory file entry by entry into OURS; exit 0 "
        "when clean, 1 when a conflict remains.",
    )
    for name in ("base", "ours", "theirs"):
        merge_cmd.add_argument(name, metavar=name.upper())
    merge_cmd.add_argument("path", metavar="PATH", help="the file's path in the repository")
    merge_cmd.set_defaults(handler=cmd_merge)

    demo = commands.add_parser(
        "demo",
        help="write an example workspace with deliberate problems, check and trace it",
        description="Write a bundled example workspace into DIR (default: a new temporary folder), "
        "run `check` and one `trace` on it, and say how to open it in an editor.",
    )
    demo.add_argument("dir", nargs="?", metavar="DIR", help="a new or empty folder")
    demo.set_defaults(handler=cmd_demo)

    def write_command(
        name: str, help_text: str, handler: Callable[[argparse.Namespace], int]
    ) -> argparse.ArgumentParser:
        command = commands.add_parser(
            name, help=help_text, description=help_text[0].upper() + help_text[1:] + "."
        )
        _add_user_dir(command)
        command.add_argument(
            "--json", action="store_true", help="print the ids and files changed as JSON"
        )
        _add_allow_secret(command)
        command.set_defaults(handler=handler)
        return command

    def context_options(command: argparse.ArgumentParser) -> None:
        command.add_argument(
            "--context", metavar="C", help="原始上下文 / Context: the person's words"
        )
        command.add_argument("--source", metavar="S", help="来源对话 / Source: the conversation")

    propose = write_command(
        "propose", "append a proposal to the pending file for the person to confirm", cmd_propose
    )
    propose.add_argument("--scope", choices=("user", "project"), required=True)
    propose.add_argument("--kind", choices=("add", "evolve", "pivot"), required=True)
    propose.add_argument("--category", required=True, metavar="CAT")
    propose.add_argument("text", metavar="TEXT", help="the entry (NEW for an evolve or pivot)")
    propose.add_argument(
        "--old", metavar="OLD", help="the current text of the entry (evolve, pivot)"
    )
    context_options(propose)

    add = write_command(
        "add", "record a confirmed new entry and its log record; prints the new id", cmd_add
    )
    add.add_argument("--scope", choices=("user", "project"), required=True)
    add.add_argument("--category", required=True, metavar="CAT")
    add.add_argument("text", metavar="TEXT")
    context_options(add)

    for name, help_text, handler in (
        ("evolve", "give an entry new wording under the same id", cmd_evolve),
        ("pivot", "replace an entry with a new one under a new id", cmd_pivot),
    ):
        command = write_command(name, help_text, handler)
        command.add_argument("id", metavar="ID", type=_anchor_argument)
        command.add_argument("text", metavar="TEXT")
        command.add_argument("--scope", choices=("user", "project"))
        context_options(command)

    delete = write_command(
        "delete", "remove an entry and record its deletion in the log", cmd_delete
    )
    delete.add_argument("id", metavar="ID", type=_anchor_argument)
    delete.add_argument("--scope", choices=("user", "project"))
    context_options(delete)

    confirm = write_command(
        "confirm", "decide pending proposals: confirm, keep both, or discard", cmd_confirm
    )
    confirm.add_argument(
        "pending", nargs="?", metavar="PENDING", help="the pending file (default: the project's)"
    )
    which = confirm.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every proposal, in order")
    which.add_argument("--line", type=int, metavar="N", help="the proposal on line N")
    how = confirm.add_mutually_exclusive_group()
    how.add_argument(
        "--keep-both", action="store_true", help="for an evolve or pivot: add NEW as a new entry"
    )
    how.add_argument(
        "--discard", action="store_true", help="drop the proposals without recording them"
    )

    fix = write_command(
        "fix",
        "rewrite non-canonical forms that agents wrote (PM016, PM018, readable PM004 ids)",
        cmd_fix,
    )
    fix.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or folders (default: the profile folders)"
    )

    pending_cmd = commands.add_parser(
        "pending",
        help="list the pending proposals with their line numbers",
        description="List the proposals of the pending file, each with the line number "
        "that `pmem confirm --line N` takes.",
    )
    pending_cmd.add_argument(
        "pending", nargs="?", metavar="PENDING", help="the pending file (default: the project's)"
    )
    pending_cmd.add_argument("--json", action="store_true")
    _add_user_dir(pending_cmd)
    pending_cmd.set_defaults(handler=cmd_pending)

    journal = commands.add_parser(
        "journal", help="the agent journal: append and search JOURNAL.jsonl"
    )
    journal_commands = journal.add_subparsers(
        dest="journal_command", metavar="ACTION", required=True
    )
    append = journal_commands.add_parser(
        "append",
        help="append one entry (locked, fsynced)",
        description="Append one entry to memory/JOURNAL.jsonl.",
    )
    append.add_argument("text", metavar="TEXT")
    append.add_argument(
        "--tag", action="append", default=[], metavar="T", help="a tag (repeatable)"
    )
    append.add_argument(
        "--dir", metavar="D", help="the memory folder (default: ./memory of the project)"
    )
    _add_allow_secret(append)
    append.set_defaults(handler=cmd_journal_append)
    search = journal_commands.add_parser(
        "search",
        help="entries whose text contains QUERY, newest first",
        description="Search journal entries: QUERY is a case-insensitive substring of "
        "the text, --tag a whole tag; both must hold; newest first.",
    )
    search.add_argument("query", nargs="?", metavar="QUERY")
    search.add_argument("--tag", metavar="T")
    search.add_argument(
        "--limit", type=_positive, default=20, metavar="N", help="the last N matches (default 20)"
    )
    search.add_argument(
        "--json", action="store_true", help="the entries as Cherry writes them, plus path and line"
    )
    search.add_argument(
        "--dir", metavar="D", help="the memory folder (default: ./memory, then the configured ones)"
    )
    search.set_defaults(handler=cmd_journal_search)

    memory_search = commands.add_parser(
        "search",
        help="search the journals and the log records",
        description="Search journal entries and log records (heading and field values).",
    )
    memory_search.add_argument("query", metavar="QUERY")
    memory_search.add_argument("--limit", type=_positive, default=20, metavar="N")
    memory_search.add_argument("--json", action="store_true")
    _add_user_dir(memory_search)
    memory_search.set_defaults(handler=cmd_search)

    facts = commands.add_parser("facts", help="the agent's durable facts: show or update FACT.md")
    facts_commands = facts.add_subparsers(dest="facts_command", metavar="ACTION", required=True)
    update = facts_commands.add_parser(
        "update",
        help="replace FACT.md atomically",
        description="Replace memory/FACT.md whole and atomically with FILE (or stdin).",
    )
    update.add_argument(
        "file", nargs="?", metavar="FILE", help="the new content (default or -: standard input)"
    )
    update.add_argument(
        "--if-match", metavar="SHA256", help="refuse (exit 1) unless FACT.md still has this sha256"
    )
    update.add_argument(
        "--dir", metavar="D", help="the memory folder (default: ./memory of the project)"
    )
    _add_allow_secret(update)
    update.set_defaults(handler=cmd_facts_update)
    show = facts_commands.add_parser(
        "show", help="print FACT.md", description="Print memory/FACT.md."
    )
    show.add_argument("--json", action="store_true", help="path, sha256 and content as JSON")
    show.add_argument("--dir", metavar="D")
    show.add_argument(
        "--reveal", action="store_true", help="print secrets as they are (masked by default)"
    )
    show.add_argument(
        "--rev", metavar="REV", help="a kept version's exact bytes (`pmem facts history`)"
    )
    show.set_defaults(handler=cmd_facts_show)
    _add_facts_history(facts_commands)

    recall_cmd = commands.add_parser(
        "recall",
        help="print the context block an agent reads at the start of a session",
        description="Print the user and project profiles, SOUL.md, USER.md and FACT.md "
        "as one context block (empty files omitted).",
    )
    recall_cmd.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    recall_cmd.add_argument(
        "--budget",
        action="store_true",
        help="print what each block costs (≈ tokens) against recallTokenBudget, not the block",
    )
    _add_user_dir(recall_cmd)
    recall_cmd.set_defaults(handler=cmd_recall)

    serve = commands.add_parser(
        "serve",
        help="run the language server (stdio by default)",
        description="Run the Profile Memory language server for VS Code, Cursor, Neovim, Helix, "
        "Zed or any LSP client. It speaks over stdio unless --tcp is given.",
    )
    serve.add_argument("--stdio", action="store_true", help="speak over stdin/stdout (the default)")
    serve.add_argument(
        "--tcp", metavar="HOST:PORT", help="listen on a TCP port instead (for debugging)"
    )
    serve.add_argument(
        "--log-file", metavar="PATH", help="write logs to this file instead of stderr"
    )
    serve.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    serve.set_defaults(handler=cmd_serve)
    _add_mcp(commands)
    return parser


def _add_mcp(commands: argparse._SubParsersAction) -> None:
    mcp = commands.add_parser(
        "mcp",
        help="run the MCP server for agents (stdio), or print its client configuration",
        description="Run the Profile Memory MCP server over stdio: Cherry Studio's `memory` tool, "
        "recall, search, trace, check, propose, and profile writes that a person approves. "
        "Needs the extra: pip install 'profile-memory[mcp]'.",
    )
    mcp.add_argument(
        "--project", metavar="DIR", help="the project (default: the one the current folder is in)"
    )
    mcp.add_argument(
        "--trust-client-approval",
        action="store_true",
        help="write profile changes at once, relying on the client's own approval of tool calls "
        "(else the person is asked, or the change waits in the pending file)",
    )
    mcp.add_argument("-v", "--verbose", action="store_true", help="log debug messages (stderr)")
    _add_user_dir(mcp)
    mcp.set_defaults(handler=cmd_mcp, mcp_command=None)
    actions = mcp.add_subparsers(dest="mcp_command", metavar="ACTION")
    config = actions.add_parser(
        "config",
        help="print the configuration that starts `pmem mcp` from a client",
        description="Print the MCP configuration for a client; with --write, merge it into the "
        "project's file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json), keeping every other "
        "server. A project's file holds no path of this machine: `pmem` by name, the project "
        "from ${workspaceFolder} or the folder the client starts the server in.",
    )
    config.add_argument("--client", choices=("vscode", "cursor", "claude", "cherry"), required=True)
    config.add_argument(
        "--write",
        action="store_true",
        help="merge into the project's file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json)",
    )
    config.add_argument(
        "--user",
        action="store_true",
        help="Cursor: the user-level ~/.cursor/mcp.json instead, with this machine's pmem by path",
    )
    config.add_argument(
        "--project",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="the project (default: the current folder)",
    )
    config.add_argument("--trust-client-approval", action="store_true", default=argparse.SUPPRESS)


# A parse makes hundreds of thousands of small objects without cycles (freed by reference counts),
# and each edit copies lists of 150,000 lines: at the default threshold (700) the cycle collector
# runs hundreds of times per parse and traverses those lists each time (a quarter of an edit's
# latency at 10,000 ids, bench/RESULTS.md). Cycles are rare here; collecting them later costs
# little memory.
GC_THRESHOLD = (50_000, 20, 20)


def main(argv: Sequence[str] | None = None) -> int:
    return _run(_arguments(argv))


def run() -> NoReturn:
    """The `pmem` command. A check ends the process at once when it has said all: it only read,
    and freeing what it made one object at a time (hundreds of thousands at 10,000 ids) would
    cost a twentieth of it."""
    args = _arguments(None)
    code = _run(args)
    if args.handler is cmd_check:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:  # the reader went away: nothing more to say
            pass
        os._exit(code)
    raise SystemExit(code)


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    gc.set_threshold(*GC_THRESHOLD)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    # --help and usage errors come before any file is read: the environment's language
    language[0] = language_of_environment(os.environ)
    with localized_parser(language[0]) as localize:
        return localize(build_parser()).parse_args(argv)


def _run(args: argparse.Namespace) -> int:
    try:
        return args.handler(args)
    except CliError as error:
        print(f"pmem: {say(error.message)}", file=sys.stderr)
        return error.code
    except ValueError as error:  # PMEM_TODAY and similar environment mistakes
        print(f"pmem: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`pmem … | head`): nothing more to say
        return 0
    except (
        OSError
    ) as error:  # a filesystem failure no command foresaw: still one line, never a traceback
        print(f"pmem: {os_error(error)}", file=sys.stderr)
        return 2
