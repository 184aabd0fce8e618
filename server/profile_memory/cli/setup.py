"""`pmem init` (the templates, and `--git`: the merge driver's set-up), `pmem merge` (git's merge
driver) and `pmem demo` (an example workspace, checked and traced)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from profile_memory.cli.check import run_check
from profile_memory.cli.common import (
    CliError,
    add_user_dir,
    command,
)
from profile_memory.cli.trace import run_trace
from profile_memory.core.messages import msg, said
from profile_memory.front import (
    Context,
    files_to_check,
    load_context,
    os_error,
    say,
)
from profile_memory.store.safe import UnsafePath


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
    ctx = Context(Path(os.getcwd()), ctx.places, ctx.workspace)
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
    init = command(commands, "init", cmd_init)
    init.add_argument("--user", action="store_true")
    init.add_argument("--project", action="store_true")
    init.add_argument("--memory", metavar="DIR")
    init.add_argument("--lang", choices=("zh", "en"))
    init.add_argument("--git", action="store_true")
    add_user_dir(init)

    merge_cmd = command(commands, "merge", cmd_merge)
    for name in ("base", "ours", "theirs"):
        merge_cmd.add_argument(name, metavar=name.upper())
    merge_cmd.add_argument("path", metavar="PATH")

    demo = command(commands, "demo", cmd_demo)
    demo.add_argument("dir", nargs="?", metavar="DIR")
