"""The agent journal and the search over journals and logs: `pmem journal append`, `pmem journal
search`, `pmem search`."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from profile_memory.cli.common import (
    add_allow_secret,
    add_memory_dir,
    add_user_dir,
    command,
    memory_call,
    memory_dirs,
    positive,
)
from profile_memory.core.messages import msg
from profile_memory.front import (
    Context,
    hit_json,
    load_context,
    say,
    search,
)
from profile_memory.store.safe import UnsafePath

if TYPE_CHECKING:
    from profile_memory.core.search import JournalHit


def cmd_journal_append(args: argparse.Namespace) -> int:
    from profile_memory.store.memory import journal_append

    ctx = load_context(None)

    def action() -> int:
        appended = journal_append(
            memory_dirs(ctx, args.dir)[0], args.text, args.tag, args.allow_secret
        )
        print(say(msg("cli.appended", path=ctx.show(appended.path), ts=appended.entry.ts)))
        return 0

    return memory_call(action)


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
    items: list[str] = []
    append, shown, path = items.append, None, ""
    for hit in hits:
        entry = hit.entry
        if hit.path is not shown:  # one journal's hits share their path
            shown, path = hit.path, _STRING(show(hit.path))
        tags = ", ".join(map(_STRING, entry.tags)) if entry.tags else ""
        append(
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
        places = [ctx.places._replace(memory_dirs=(folder,))]
    else:
        places = [ctx.places]
    found = [Path(path) for path in Resolver(ctx.workspace, places).journals()]
    for path in found:
        if os.path.islink(path):
            raise UnsafePath(path, msg("store.link_not_read"))
    return found


def _note_malformed(count: int) -> None:
    if count:
        key = "cli.malformed_skipped" if count == 1 else "cli.malformed_skipped.many"
        print(say(msg("cli.note", message=msg(key, count=count))), file=sys.stderr)


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

    return memory_call(action)


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

    return memory_call(action)


def register(commands: argparse._SubParsersAction) -> None:
    journal = command(commands, "journal")
    journal_commands = journal.add_subparsers(
        dest="journal_command", metavar="ACTION", required=True
    )
    append = command(journal_commands, "append", cmd_journal_append)
    append.add_argument("text", metavar="TEXT")
    append.add_argument("--tag", action="append", default=[], metavar="T")
    add_memory_dir(append)
    add_allow_secret(append)
    search = command(journal_commands, "search", cmd_journal_search)
    search.add_argument("query", nargs="?", metavar="QUERY")
    search.add_argument("--tag", metavar="T")
    search.add_argument("--limit", type=positive, default=20, metavar="N")
    search.add_argument("--json", action="store_true")
    add_memory_dir(search)

    memory_search = command(commands, "search", cmd_search)
    memory_search.add_argument("query", metavar="QUERY")
    memory_search.add_argument("--limit", type=positive, default=20, metavar="N")
    memory_search.add_argument("--json", action="store_true")
    add_user_dir(memory_search)
