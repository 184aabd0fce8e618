"""FACT.md, the agent's durable facts: `pmem facts update|show|history|diff|restore`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.cli.common import (
    CliError,
    add_allow_secret,
    add_memory_dir,
    command,
    memory_call,
    memory_dirs,
    warn,
)
from profile_memory.core.messages import msg
from profile_memory.core.secrets import masked
from profile_memory.front import (
    Context,
    load_context,
    say,
)

if TYPE_CHECKING:
    pass


def _read_content(given: str | None) -> str:
    if given in (None, "-"):
        return sys.stdin.read()
    try:
        return Path(given).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(msg("cli.cannot_read", path=given, why=str(error))) from None


def cmd_facts_update(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import fact_size_note, replace_fact

    ctx = load_context(None)
    content = _read_content(args.file)

    def action() -> int:
        settings = ctx.settings
        note = fact_size_note(content, settings.max_file_bytes, settings.fact_file_max_bytes)
        written = replace_fact(
            memory_dirs(ctx, args.dir)[0],
            content,
            args.if_match,
            args.allow_secret,
            history_max=ctx.settings.fact_history_max,
        )
        print(say(msg("cli.facts_updated", path=ctx.show(written.path), sha256=written.sha256)))
        if note:
            warn(note)
        return 0

    return memory_call(action)


def cmd_facts_show(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import read_fact, sha256_of

    ctx = load_context(None)

    def action() -> int:
        if args.rev is not None:
            folder = memory_dirs(ctx, args.dir)[0]
            return _show_version(ctx, folder, args.rev, args.json, args.reveal)
        path, data = read_fact(memory_dirs(ctx, args.dir)[0])
        if data is None:
            raise CliError(msg("cli.no_fact", path=ctx.show(path)), code=1)
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

    return memory_call(action)


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
        kept = fact_versions(memory_folder(memory_dirs(ctx, args.dir)[0]))
        if args.json:
            print(history_json(kept))
        elif not kept:
            print(say(msg("cli.no_fact_version")))
        for version in [] if args.json else kept:
            print(history_line(version))
        return 0

    return memory_call(action)


def cmd_facts_diff(args: argparse.Namespace) -> int:
    """A unified diff from a kept version (default: the newest) to FACT.md as it is; exit 0."""
    from profile_memory.core.facts_history import unified_diff
    from profile_memory.store.fact_history import read_version, version_path
    from profile_memory.store.fact_history import versions as fact_versions
    from profile_memory.store.memory import memory_folder, read_fact

    ctx = load_context(None)

    def action() -> int:
        folder = memory_folder(memory_dirs(ctx, args.dir)[0])
        rev = args.rev
        if rev is None:
            kept = fact_versions(folder)
            if not kept:
                print(say(msg("cli.note", message=msg("cli.no_fact_version"))), file=sys.stderr)
                return 0
            rev = kept[0].rev
        old = read_version(folder, rev)
        path, current = read_fact(folder)
        sys.stdout.write(
            unified_diff(old, current or b"", ctx.show(version_path(folder, rev)), ctx.show(path))
        )
        return 0

    return memory_call(action)


def cmd_facts_restore(args: argparse.Namespace) -> int:
    """FACT.md replaced by a kept version, atomically, keeping the one it replaces."""
    from profile_memory.store.memory import facts_restore

    ctx = load_context(None)

    def action() -> int:
        written = facts_restore(
            memory_dirs(ctx, args.dir)[0],
            args.rev,
            args.if_match,
            args.allow_secret,
            history_max=ctx.settings.fact_history_max,
        )
        print(
            say(
                msg(
                    "cli.facts_restored",
                    path=ctx.show(written.path),
                    rev=args.rev,
                    sha256=written.sha256,
                )
            )
        )
        return 0

    return memory_call(action)


def register(commands: argparse._SubParsersAction) -> None:
    facts = command(commands, "facts")
    facts_commands = facts.add_subparsers(dest="facts_command", metavar="ACTION", required=True)
    update = command(facts_commands, "update", cmd_facts_update)
    update.add_argument("file", nargs="?", metavar="FILE")
    update.add_argument("--if-match", metavar="SHA256")
    add_memory_dir(update)
    add_allow_secret(update)
    show = command(facts_commands, "show", cmd_facts_show)
    show.add_argument("--json", action="store_true")
    add_memory_dir(show)
    show.add_argument("--reveal", action="store_true")
    show.add_argument("--rev", metavar="REV")
    _add_facts_history(facts_commands)


def _add_facts_history(facts_commands: argparse._SubParsersAction) -> None:
    """`facts history`, `facts diff`, `facts restore`: FACT.md's kept versions."""
    history = command(facts_commands, "history", cmd_facts_history)
    history.add_argument("--json", action="store_true")
    add_memory_dir(history)
    diff = command(facts_commands, "diff", cmd_facts_diff)
    diff.add_argument("rev", nargs="?", metavar="REV")
    add_memory_dir(diff)
    restore = command(facts_commands, "restore", cmd_facts_restore)
    restore.add_argument("rev", metavar="REV")
    restore.add_argument("--if-match", metavar="SHA256")
    add_memory_dir(restore)
    add_allow_secret(restore)
