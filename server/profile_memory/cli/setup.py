"""`pmem init` (the templates, and `--git`: the merge driver's set-up), `pmem merge` (git's merge
driver) and `pmem demo` (an example workspace, checked and traced)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.cli.check import run_check
from profile_memory.cli.common import (
    CliError,
    add_user_dir,
)
from profile_memory.cli.trace import run_trace
from profile_memory.core.messages import msg, said
from profile_memory.front import (
    files_to_check,
    load_context,
    os_error,
    say,
)
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    pass


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
            raise CliError(
                msg("unsafe.source", path=ctx.show(error.path), reason=error.reason)
            ) from None
        except OSError as error:
            why = error.strerror or str(error)
            raise CliError(msg("unsafe.source", path=ctx.show(folder), reason=why)) from None
        for result in results:
            done = "cli.created" if result.created else "cli.kept"
            print(say(msg(done, path=ctx.show(result.path))))
    return 0


def _init_git() -> None:
    from profile_memory.store.gitsync import GitError, install

    try:
        setup = install(Path.cwd())
    except (GitError, OSError) as error:
        raise CliError(msg("unsafe.source", path="init --git", reason=said(error))) from None
    for line in setup.attributes_added:
        print(say(msg("cli.git_added", line=line)))
    if not setup.attributes_added:
        print(say(msg("cli.git_kept")))
    print(say(msg("cli.git_set" if setup.driver_changed else "cli.git_driver_kept")))


# -- merge (git's merge driver) ------------------------------------------------------------------


def cmd_merge(args: argparse.Namespace) -> int:
    from profile_memory.store.gitsync import run_driver

    try:
        result = run_driver(Path(args.base), Path(args.ours), Path(args.theirs), args.path)
    except OSError as error:
        raise CliError(msg("cli.merge_failed", path=args.path, error=os_error(error))) from None
    for note in result.notes:
        print(f"pmem merge: {args.path}: {say(note)}", file=sys.stderr)
    if result.conflicts:
        conflicts = msg("cli.merge_conflicts", path=args.path, count=result.conflicts)
        print(say(conflicts), file=sys.stderr)
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
            raise CliError(msg("cli.demo_not_empty", path=args.dir))
    else:
        target = Path(tempfile.mkdtemp(prefix="pmem-demo-"))
    _copy_demo(target)
    project = target / "project"
    user_dir = target / "home" / ".cursor" / "profile"
    ctx = load_context(str(user_dir), cwd=project)
    ctx = dataclasses.replace(ctx, cwd=Path(os.getcwd()), _shown={})
    show = ctx.show
    print(say(msg("cli.demo_wrote", path=show(target))))
    print(say(msg("cli.demo_user", path=show(user_dir))))
    print(say(msg("cli.demo_project", path=show(ctx.places.project_dir))))
    print(say(msg("cli.demo_memory", path=show(project / "memory"))))
    print()
    print(f"$ pmem check --user-dir {show(user_dir)} {show(target)}")
    run_check(ctx, files_to_check(ctx, [str(target)]), "text")
    print()
    print(f"$ pmem trace --user-dir {show(user_dir)} {DEMO_TRACE_ID}")
    run_trace(ctx, DEMO_TRACE_ID)
    print()
    print(say(msg("cli.demo_open")))
    print(say(msg("cli.demo_code", path=show(project))))
    print(say(msg("cli.demo_setting", dir=user_dir.as_posix())))
    return 0


def register(commands: argparse._SubParsersAction) -> None:
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
    add_user_dir(init)
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
