"""The workspace model: memory files read through a provider, parsed once per version, grouped in
pairs.

The core never touches the disk itself. A `TextProvider` hands it file contents: the store's disk
provider for the CLI, or the server's overlay of open editor buffers over the disk.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from profile_memory.core.config import Settings
from profile_memory.core.files import (
    FACT_NAME,
    JOURNAL_NAME,
    MEMORY_FOLDER,
    PENDING_NAME,
    PROJECT_PAIR,
    USER_PAIR,
    Role,
    log_file_name,
    pair_name,
    profile_file_name,
    role_of,
)
from profile_memory.core.messages import msg
from profile_memory.core.text import (
    CONFLICT_MARKS,
    MARKER_STARTS,
    Decoded,
    LazyText,
    decode,
    split_lines,
)

if TYPE_CHECKING:
    import datetime as dt  # for annotations only: `pmem recall` never loads it

    from profile_memory.core.anchors import Allocator
    from profile_memory.core.diagnostics import Finding
    from profile_memory.core.index import LogIndex, LogReader, PairIndex
    from profile_memory.core.log import LogDoc, Section
    from profile_memory.core.log.sketch import AnySketch
    from profile_memory.core.pending import PendingDoc, Proposal, Scope
    from profile_memory.core.profile import ProfileDoc

# The parsers and the index are imported where they are first used: what reads a profile or
# FACT.md only (`pmem recall`) never loads the log's parser.

SKIPPED_FOLDERS = {
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".mypy_cache",
}


class FileKind(Enum):
    FILE = "file"
    DIR = "dir"
    LINK = "link"
    OTHER = "other"
    MISSING = "missing"


class FileData(NamedTuple):
    raw: bytes | str | LazyText  # a file's bytes, a text, or an editor buffer's text joined later
    version: (
        Any  # anything that changes when the content changes (mtime and size, an editor version)
    )
    lines: list[str] | None = (
        None  # the text's LSP lines, when the provider keeps them (an editor buffer)
    )
    # how many leading and trailing lines are the very same since an earlier version (an editor
    # knows what it edited), None when it cannot tell
    kept_since: Callable[[Any], tuple[int, int] | None] | None = None


class TextProvider(Protocol):
    def kind(self, path: PurePath) -> FileKind: ...

    def version(self, path: PurePath) -> Any:
        """What `read` would report as the version, found cheaply (None: unknown, read to find
        out)."""

    def read(self, path: PurePath) -> FileData:
        """The content of a regular file; raises OSError when it cannot be read."""

    def list_dir(self, folder: PurePath) -> list[str]:
        """The names in a folder; empty when it is missing or unreadable."""


class MemoryProvider:
    """Files held in a dict: for tests and for callers that already have the text."""

    def __init__(self, files: dict[str, bytes | str] | None = None) -> None:
        self.files: dict[PurePath, bytes | str] = {PurePath(p): c for p, c in (files or {}).items()}
        self._versions: dict[PurePath, int] = {}

    def write(self, path: str | PurePath, content: bytes | str) -> None:
        path = PurePath(path)
        self.files[path] = content
        self._versions[path] = self._versions.get(path, 0) + 1

    def kind(self, path: PurePath) -> FileKind:
        if path in self.files:
            return FileKind.FILE
        if any(path in known.parents for known in self.files):
            return FileKind.DIR
        return FileKind.MISSING

    def version(self, path: PurePath) -> Any:
        return self._versions.get(path, 0) if path in self.files else None

    def read(self, path: PurePath) -> FileData:
        if path not in self.files:
            raise FileNotFoundError(f"No such file: {path}")
        return FileData(self.files[path], self._versions.get(path, 0))

    def list_dir(self, folder: PurePath) -> list[str]:
        return sorted(
            {known.relative_to(folder).parts[0] for known in self.files if folder in known.parents}
        )


class Source(NamedTuple):
    """One memory file as loaded: decoded text, or why it was not read."""

    path: PurePath
    role: Role
    decoded: Decoded | None
    version: Any = None
    unsafe: str | None = None  # why it is refused (a link, not a regular file)
    unreadable: str | None = None  # why reading failed
    lines: list[str] | None = None  # the provider's lines of `text`, when it keeps them
    kept_since: Callable[[Any], tuple[int, int] | None] | None = None  # see `FileData`

    @property
    def text(self) -> str:
        return self.decoded.text if self.decoded else ""


class ProfileSet(NamedTuple):
    """Both scopes of one project: ids are scoped to a pair, allocation looks at the whole set."""

    user: PairIndex | None
    project: PairIndex | None
    pending_path: PurePath | None
    pending: PendingDoc | None

    def pairs(self) -> list[PairIndex]:
        return [pair for pair in (self.user, self.project) if pair is not None]

    def pending_mentions(self, anchor_id: str) -> list[Proposal]:
        return [
            p
            for p in (self.pending.proposals if self.pending else [])
            if p.target and p.target.text == anchor_id
        ]

    def used_ids(self) -> set[str]:
        used = {token.text for token in (self.pending.all_tokens if self.pending else [])}
        for pair in self.pairs():
            used |= pair.used_ids()
        return used

    def allocator(self) -> Allocator:
        """Allocation over both profiles, both logs and the pending file, deleted and retired ids
        included."""
        return allocator_for([self])


def allocator_for(sets: list[ProfileSet]) -> Allocator:
    """One allocator over several profile sets (a multi-root workspace): no id of any of them is
    reused."""
    from profile_memory.core.anchors import Allocator

    pairs = [pair for profile_set in sets for pair in profile_set.pairs()]

    def largest_on(day: dt.date) -> int:
        return max((pair.largest_on(day) for pair in pairs), default=0)

    pending = [t.text for s in sets if s.pending for t in s.pending.all_tokens]
    return Allocator(pending, looked_up=largest_on)


T = TypeVar("T")

CHECKED = "check"  # the `Parses.derived` entry of a file's diagnostics (`rules.check_source`)


class Parsed(Generic[T]):
    """A parse and the version of the source it was parsed from."""

    __slots__ = ("value", "version")

    def __init__(self, version: Any, value: T) -> None:
        self.version = version
        self.value = value


class IndexedLog:
    """A log's index with the parse it was built from (an update compares the two parses)."""

    __slots__ = ("doc", "index")

    def __init__(self, doc: LogDoc, index: LogIndex) -> None:
        self.doc = doc
        self.index = index


class Parses:
    """What is parsed of one file, each with its version. A parse of an older version is kept
    until the next is made from it (docs/incremental.md)."""

    __slots__ = (
        "code_lines",
        "derived",
        "index",
        "lines",
        "log",
        "markers",
        "pending",
        "profile",
        "section_findings",
        "sketch",
        "source",
    )

    def __init__(self) -> None:
        self.lines: Parsed[list[str]] | None = None
        self.code_lines: Parsed[frozenset[int]] | None = None  # see `Workspace.code_lines`
        self.profile: Parsed[ProfileDoc] | None = None
        self.log: Parsed[LogDoc] | None = None
        self.pending: Parsed[PendingDoc] | None = None
        self.index: Parsed[IndexedLog] | None = None
        # the number of lines and the lines that may open or close a block of conflict markers
        self.markers: Parsed[tuple[int, list[int]]] | None = None
        self.sketch: Parsed[AnySketch | None] | None = None  # a log's headings (`log.sketch`)
        # What the rules found in a log's irregular sections, by section: (section, its first
        # line then, findings). A section moved by a later parse names other lines: it is
        # checked again.
        self.section_findings: dict[int, tuple[Section, int, list[Finding]]] = {}
        # what the rules derive from the file's parses and keep between checks, by name (each
        # entry says what it was derived from: see `Workspace.derived`)
        self.derived: dict[str, Any] = {}
        self.source: Source | None = None  # the version of the file read last (the parses' own)

    def lines_of(self, source: Source) -> list[str]:
        """The file's lines (LSP rules), kept per version; the provider's own when it keeps them."""
        if source.lines is not None:
            return source.lines
        self.lines = _kept(self.lines, source, lambda: split_lines(source.text))
        return self.lines.value

    def log_of(self, source: Source) -> LogDoc:
        """The parsed log; a new version reuses the unchanged records of the previous one (which is
        used up by that: see docs/incremental.md)."""
        from profile_memory.core.log import parse_log_lines

        previous = self.log
        if previous is not None and _is_current(previous, source):
            return previous.value
        kept = (
            source.kept_since(previous.version)
            if previous is not None and source.kept_since is not None
            else None
        )
        doc = parse_log_lines(self.lines_of(source), previous.value if previous else None, kept)
        self.log = Parsed(source.version, doc)
        self.sketch = None  # it may hold the file's bytes, which the parse decoded
        _prune(self.section_findings, doc.sections)
        return doc

    def index_of(self, source: Source) -> LogIndex:
        """The log's histories, kept per version: editing the profile does not re-index its log, and
        an edit that leaves the records' ids, dates and operations alone updates the previous
        index (docs/incremental.md)."""
        from profile_memory.core.index import index_log, update_index

        previous = self.index.value if self.index else None

        def build() -> IndexedLog:
            doc = self.log_of(source)
            updated = update_index(previous.index, previous.doc, doc) if previous else None
            return IndexedLog(doc, updated or index_log(doc))

        self.index = _kept(self.index, source, build)
        return self.index.value.index

    def parsed(self, source: Source) -> bool:
        """Whether the log's parse of this version is made (its answers cost nothing then)."""
        return self.log is not None and _is_current(self.log, source)

    def indexed(self, source: Source) -> bool:
        """Whether the log's index of this version is made."""
        return self.index is not None and _is_current(self.index, source)

    def sketch_of(self, source: Source) -> AnySketch | None:
        """The log's headings, kept per version (what a write asks of a log it does not parse)."""
        from profile_memory.core.log.sketch import LogSketch

        def sketch() -> AnySketch | None:  # of the file's bytes while they are not decoded
            held = source.decoded.undecoded if source.decoded is not None else None
            return LogSketch.of(held if held is not None else source.text)

        self.sketch = _kept(self.sketch, source, sketch)
        return self.sketch.value


class _PairLog:
    """What a pair's `LogReader` reads its log through: the file's parses while they follow this
    version of it, else parses of its own (a pair kept after the file changed still reads the
    text it was made from, and leaves the file's parses alone). It holds no workspace, so a
    workspace and its pairs form no cycle."""

    __slots__ = ("own", "parses", "source")

    def __init__(self, parses: Parses, source: Source) -> None:
        self.parses = parses
        self.source = source
        self.own: Parses | None = None

    def _here(self) -> Parses:
        if self.parses.source is self.source:
            return self.parses
        if self.own is None:
            self.own = Parses()
        return self.own

    def parse(self) -> LogDoc:
        return self._here().log_of(self.source)

    def index(self) -> LogIndex:
        return self._here().index_of(self.source)

    def sketch(self) -> AnySketch | None:
        return self._here().sketch_of(self.source)

    def indexed(self) -> bool:
        return self._here().indexed(self.source)


def _prune(memo: dict[int, tuple[Section, int, list[Finding]]], sections: list[Section]) -> None:
    """Forget the findings of sections that are not in `sections` any more, or not where they
    were."""
    for key, (section, start, _) in list(memo.items()):
        at = bisect.bisect_left(sections, start, key=lambda s: s.start)
        if at == len(sections) or sections[at] is not section or section.start != start:
            del memo[key]


def _kept(parsed: Parsed[T] | None, source: Source, make: Callable[[], T]) -> Parsed[T]:
    """The parse if it is of the source's version (a source without a version is parsed every
    time), else a new one."""
    return (
        parsed
        if parsed is not None and _is_current(parsed, source)
        else Parsed(source.version, make())
    )


def _is_current(parsed: Parsed[Any], source: Source) -> bool:
    return source.version is not None and parsed.version == source.version


class Workspace:
    """Files and settings, with caches keyed by each file's version so re-checks parse only what
    changed."""

    __slots__ = (
        "_pairs",
        "_parsed",
        "_sources",
        "keeps_journals",
        "on_change",
        "provider",
        "settings",
        "user_dir",
    )

    def __init__(
        self,
        provider: TextProvider,
        settings: Settings | None = None,
        user_dir: PurePath | None = None,
        on_change: Callable[[PurePath], None] | None = None,  # told when a file has a new version
        keeps_journals: bool = True,
    ) -> None:
        self.provider = provider
        self.settings = settings if settings is not None else Settings()
        self.user_dir = user_dir
        self._sources: dict[PurePath, Source] = {}
        self._parsed: dict[PurePath, Parses] = {}
        self._pairs: dict[tuple[object, ...], PairIndex] = {}
        self.on_change = on_change
        # False: a journal read whole (not an editor's buffer) is read again at each request, not
        # kept between them. For the editor, which checks a journal once per version and searches
        # it in blocks: a journal may hold a million lines (~360 MB as text and lines, issue #25).
        self.keeps_journals = keeps_journals

    # -- reading -------------------------------------------------------------------------------
    def _unsafe_reason(self, path: PurePath, kind: FileKind) -> str | None:
        if kind is FileKind.LINK:
            return msg("unsafe.link", name=path.name)
        if kind is FileKind.OTHER or kind is FileKind.DIR:
            return msg("unsafe.not_file", name=path.name)
        if self.provider.kind(path.parent) is FileKind.LINK:
            return msg("unsafe.folder_link", folder=path.parent.name)
        return None

    def is_plain_file(self, path: PurePath) -> bool:
        """Whether `path` is a regular file the workspace would read (no link, not in a linked
        folder), found without reading it."""
        kind = self.provider.kind(path)
        return kind is FileKind.FILE and self._unsafe_reason(path, kind) is None

    def source(self, path: PurePath) -> Source | None:
        """The file at `path` (None when missing), re-read only when the provider's version
        changed."""
        role = role_of(path)
        if role is None:
            return None
        kind = self.provider.kind(path)
        if kind is FileKind.MISSING:
            self._sources.pop(path, None)
            return None
        unsafe = self._unsafe_reason(path, kind)
        if unsafe is not None:
            return Source(path, role, None, unsafe=unsafe)
        cached = self._sources.get(path)
        if (
            cached is not None
            and cached.version is not None
            and cached.version == self.provider.version(path)
        ):
            return cached
        try:
            data = self.provider.read(path)
        except OSError as error:
            return Source(path, role, None, unreadable=error.strerror or str(error))
        if cached is not None and cached.version is not None and data.version == cached.version:
            return cached  # read only to tell (its timestamps too recent to trust): the same
        decoded = decode(data.raw, self.settings.max_file_bytes)
        lines = data.lines if not decoded.truncated else None
        kept_since = data.kept_since if lines is not None else None
        source = Source(path, role, decoded, data.version, lines=lines, kept_since=kept_since)
        if self._not_kept(source):
            self.forget(path)  # what an editor's buffer of it left, once closed
            return source
        self._sources[path] = source
        # the old version's lines go, and its diagnostics (which hold it); its parses stay, to be
        # reused by the next version's
        parses = self._parses(path)
        parses.lines, parses.source = None, source
        parses.derived.pop(CHECKED, None)
        if cached is not None and self.on_change is not None:
            self.on_change(path)
        return source

    def _not_kept(self, source: Source) -> bool:
        return not self.keeps_journals and source.role is Role.JOURNAL and source.lines is None

    def forget(self, path: PurePath) -> None:
        """Drop what is kept of a file that is gone (an unsaved editor buffer, closed): its text,
        its parses and its pair's index, so the memory they hold is given back."""
        self._sources.pop(path, None)
        self._parsed.pop(path, None)
        name = pair_name(path)
        self._pairs = {k: v for k, v in self._pairs.items() if k[:2] != (path.parent, name)}

    def _parses(self, path: PurePath) -> Parses:
        parses = self._parsed.get(path)
        if parses is None:
            parses = self._parsed[path] = Parses()
        return parses

    def profile(self, source: Source) -> ProfileDoc:
        from profile_memory.core.profile import parse_profile

        parses = self._parses(source.path)
        previous = parses.profile.value if parses.profile is not None else None
        parses.profile = _kept(parses.profile, source, lambda: parse_profile(source.text, previous))
        return parses.profile.value

    def log(self, source: Source) -> LogDoc:
        """The parsed log (`Parses.log_of`)."""
        return self._parses(source.path).log_of(source)

    def log_language(self, source: Source) -> str | None:
        """The log's `LogDoc.language`, told by its headings and field keys when they can (a write
        asks it of a log it does not parse), else by its parse."""
        from profile_memory.core.log.sketch import UNKNOWN

        parses = self._parses(source.path)
        sketch = None if parses.parsed(source) else parses.sketch_of(source)
        if sketch is not None and sketch.language != UNKNOWN:
            return sketch.language
        return self.log(source).language

    def may_have_conflicts(self, source: Source) -> bool:
        """Whether a line of the file may open or close a block of conflict markers (then its text
        is scanned for them). For an editor's document only the lines an edit changed are looked
        at: a keystroke in a large log does not join and scan the whole text; a file read whole is
        searched once per version (a closed log is checked again at each edit of its profile)."""
        lines = source.lines
        parses = self._parses(source.path)
        previous = parses.markers
        if previous is not None and _is_current(previous, source):
            return bool(previous.value[1])
        if lines is None:  # a file read whole: its text searched once per version
            text = source.text
            marked = any(marker in text for marker in CONFLICT_MARKS)
            parses.markers = Parsed(source.version, (0, [0] if marked else []))
            return marked
        kept = (
            source.kept_since(previous.version)
            if previous is not None and source.kept_since is not None
            else None
        )
        if previous is None or kept is None:
            found = [n for n, line in enumerate(lines) if line.startswith(MARKER_STARTS)]
        else:
            old_count, old_found = previous.value
            start = min(kept[0], old_count, len(lines))
            end = min(kept[1], old_count - start, len(lines) - start)
            found = [n for n in old_found if n < start]
            found += [
                n for n in range(start, len(lines) - end) if lines[n].startswith(MARKER_STARTS)
            ]
            found += [n - old_count + len(lines) for n in old_found if n >= old_count - end]
        parses.markers = Parsed(source.version, (len(lines), found))
        return bool(found)

    def section_findings(
        self, source: Source, section: Section, check: Callable[[], list[Finding]]
    ) -> list[Finding]:
        """The findings of one section of the log's current parse, checked once per position."""
        memo = self._parses(source.path).section_findings
        kept = memo.get(id(section))
        if kept is None or kept[0] is not section or kept[1] != section.start:
            kept = memo[id(section)] = (section, section.start, check())
        return kept[2]

    def derived(self, path: PurePath) -> dict[str, Any]:
        """What the rules keep about a file between checks, by name; each value holds what it was
        derived from and is used only while that is current (dropped with the file's parses)."""
        return self._parses(path).derived

    def pending(self, source: Source) -> PendingDoc:
        from profile_memory.core.pending import parse_pending

        parses = self._parses(source.path)
        parses.pending = _kept(parses.pending, source, lambda: parse_pending(source.text))
        return parses.pending.value

    def lines(self, source: Source) -> list[str]:
        """The file's lines (`Parses.lines_of`; a journal's are split again each time)."""
        if self._not_kept(source):
            return split_lines(source.text)
        return self._parses(source.path).lines_of(source)

    def code_lines(self, source: Source) -> frozenset[int]:
        """The file's lines inside fenced code and comments of several lines (`blocks.code_lines`),
        kept per version: hover and definition ask at every request, and in a profile each anchor's
        comment is a mark to walk (a journal not kept is walked again)."""
        from profile_memory.core.blocks import code_lines

        if self._not_kept(source):
            return code_lines(split_lines(source.text))
        parses = self._parses(source.path)
        parses.code_lines = _kept(parses.code_lines, source, lambda: code_lines(self.lines(source)))
        return parses.code_lines.value

    def log_index(self, source: Source) -> LogIndex:
        """The log's histories (`Parses.index_of`)."""
        return self._parses(source.path).index_of(source)

    def find_name(self, folder: PurePath, lower_name: str) -> PurePath | None:
        """The file in `folder` whose name matches case-insensitively (the first, sorted, if several
        do)."""
        for name in sorted(self.provider.list_dir(folder)):
            if name.lower() == lower_name:
                return folder / name
        return None

    # -- pairs ---------------------------------------------------------------------------------
    def pair(self, folder: PurePath, name: str) -> PairIndex:
        """The pair `name` (`user-profile` or `project-profile`) of `folder`: its two files as read
        (either may be missing) and their id index, kept until either file's version changes."""
        from profile_memory.core.index import PairIndex, ProfileFile

        key, profile_source, log_source = self._pair_key(folder, name)
        cached = self._pairs.get(key)
        if cached is not None and None not in key[2:]:
            return cached
        pair = PairIndex.build(
            folder,
            name,
            ProfileFile(profile_source.path, self.profile(profile_source))
            if profile_source
            else None,
            reader=self._log_reader(log_source) if log_source else None,
        )
        self._pairs = {k: v for k, v in self._pairs.items() if k[:2] != (folder, name)}
        self._pairs[key] = pair
        for source in (profile_source, log_source):  # their diagnostics held the previous pair
            if source is not None:
                self._parses(source.path).derived.pop(CHECKED, None)
        return pair

    def _pair_key(
        self, folder: PurePath, name: str
    ) -> tuple[tuple[object, ...], Source | None, Source | None]:
        profile_path = self.find_name(folder, profile_file_name(name))
        log_path = self.find_name(folder, log_file_name(name))
        profile_source, log_source = self._readable(profile_path), self._readable(log_path)
        key = (folder, name, *(s.version if s else None for s in (profile_source, log_source)))
        return key, profile_source, log_source

    def log_is_indexed(self, path: PurePath) -> bool:
        """Whether the log of the pair of `path` is parsed and indexed at its current version (a
        check of that pair costs no more than its profile)."""
        name = pair_name(path)
        if name is None:
            return True
        _, _, log_source = self._pair_key(path.parent, name)
        if log_source is None:
            return True
        parses = self._parsed.get(log_source.path)
        return parses is not None and parses.indexed(log_source)

    def _log_reader(self, source: Source) -> LogReader:
        """The pair's log as read on first need (the pair's index is made when asked for)."""
        from profile_memory.core.index import LogReader

        truncated = source.decoded is not None and source.decoded.truncated
        log = _PairLog(self._parses(source.path), source)
        return LogReader(source.path, not truncated, log.parse, log.index, log.sketch, log.indexed)

    def _readable(self, path: PurePath | None) -> Source | None:
        source = self.source(path) if path is not None else None
        return source if source is not None and source.decoded is not None else None

    def pair_of(self, path: PurePath) -> PairIndex | None:
        name = pair_name(path)
        return self.pair(path.parent, name) if name else None

    def pair_with(self, path: PurePath) -> PairIndex:
        """The pair of a compact profile or log (which always has one)."""
        pair = self.pair_of(path)
        if pair is None:
            raise ValueError(f"{path.name} is no profile or log")
        return pair

    def scope_pair(self, pending_path: PurePath, scope: Scope | None) -> PairIndex | None:
        """The pair a pending proposal of this scope acts on."""
        from profile_memory.core.pending import Scope

        if scope is Scope.USER:
            return self.pair(self.user_dir, USER_PAIR) if self.user_dir is not None else None
        if scope is Scope.PROJECT:
            return self.pair(pending_path.parent, PROJECT_PAIR)
        return None

    def pairs_in(self, folders: Iterable[PurePath]) -> list[PairIndex]:
        """Every profile pair in these folders, each once."""
        found: dict[tuple[PurePath, str], PairIndex] = {}
        for folder in dict.fromkeys(folders):
            for name in sorted(self.provider.list_dir(folder)):
                pair = pair_name(PurePath(name))
                if pair is not None and (folder, pair) not in found:
                    found[(folder, pair)] = self.pair(folder, pair)
        return list(found.values())

    def profile_set(self, project_dir: PurePath) -> ProfileSet:
        """The user pair, the project pair and the pending file of a project (docs/format.md,
        "Files")."""
        pending_path = self.find_name(project_dir, PENDING_NAME)
        pending_source = self._readable(pending_path)
        return ProfileSet(
            self.pair(self.user_dir, USER_PAIR) if self.user_dir is not None else None,
            self.pair(project_dir, PROJECT_PAIR),
            pending_path if pending_source else None,
            self.pending(pending_source) if pending_source else None,
        )

    # -- discovery -----------------------------------------------------------------------------
    def discover(self, root: PurePath) -> Iterator[PurePath]:
        """Memory files at or under `root` (a file or a folder); linked sub-folders are not
        entered."""
        kind = self.provider.kind(root)
        if kind is not FileKind.DIR and not (
            kind is FileKind.LINK and self.provider.list_dir(root)
        ):
            if role_of(root) is not None:
                yield root
            return
        yield from self._walk(root)

    def _walk(self, top: PurePath) -> Iterator[PurePath]:
        """Depth first, in name order, with a stack of its own: a tree a thousand folders deep is no
        recursion."""
        stack: list[Iterator[str]] = [iter(sorted(self.provider.list_dir(top)))]
        folders = [top]
        while stack:
            name = next(stack[-1], None)
            if name is None:
                stack.pop()
                folders.pop()
                continue
            path = folders[-1] / name
            kind = self.provider.kind(path)
            if role_of(path) is not None:
                # whatever it is: a memory file's name on a folder or a FIFO is reported (PM030)
                yield path
            elif kind is FileKind.DIR and name not in SKIPPED_FOLDERS:
                stack.append(iter(sorted(self.provider.list_dir(path))))
                folders.append(path)
            elif kind is FileKind.LINK and name.lower() == MEMORY_FOLDER:
                yield from (
                    p for p in (self.find_name(path, n) for n in (FACT_NAME, JOURNAL_NAME)) if p
                )


def find_project_root(
    start: PurePath,
    provider: TextProvider,
    profile_dir: str = ".cursor/profile",
    user_dir: PurePath | None = None,
) -> PurePath:
    """The nearest folder at or above `start` with the project profile folder, then with `.git`;
    else `start`. A folder whose profile folder is the user profile folder (the home folder's
    `.cursor/profile`) is no project."""
    for marker in (profile_dir, ".git"):
        for folder in (start, *start.parents):
            if marker == profile_dir and user_dir is not None and folder / marker == user_dir:
                continue
            if provider.kind(folder / marker) in (FileKind.DIR, FileKind.LINK, FileKind.FILE):
                return folder
    return start
