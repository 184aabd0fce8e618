"""Three-way merges of memory files, for `pmem merge`, git's merge driver (docs/format.md,
"Sharing memory through git"): three texts in, the merged text and its conflicts out. Pure.

Every file is cut into atoms with a key that names what they are — an entry by its id, a log record
by its heading, a proposal by its text, any other line by its text and the line before it — and the
atoms are merged by key: what one side changed wins, what both changed alike is kept once, what
both changed differently is a conflict of that atom alone. Atoms only one side has are placed after
the atom that precedes them on that side. A journal is the union of both sides' lines, by `ts`.

Ids both sides allocated for different entries are renumbered first (`renumbering`), by a rule
each file's merge computes from the same three versions of the pair's log, so the profile, the log
and the pending file agree without talking to each other.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from profile_memory.core import anchors
from profile_memory.core.log import LogDoc, Op, Record, parse_log
from profile_memory.core.pending import Scope, parse_pending
from profile_memory.core.profile import parse_profile
from profile_memory.core.text import (
    MARKER_STARTS,  # noqa: F401 (where it was first defined; others import it from here)
    dominant_line_ending,
    line_count,
    normalise,
    split_lines,
)
from profile_memory.core.values import field, value_class

OURS_MARKER = "<<<<<<< ours"
SPLIT_MARKER = "======="
THEIRS_MARKER = ">>>>>>> theirs"
_MARKER = re.compile(r"^(?:<{7}|>{7}|\|{7})(?: |$)|^={7}$")
# How every line that opens or closes a block of conflict markers starts (a block has one of them)
_ID = re.compile(r"PF-\d{8}-\d+")
# An id where it stands as one: after `<!--` (written without a space) or after no word character.
_MENTION = re.compile(r"(?:(?<=<!--)|(?<![\w-]))PF-\d{8}-\d+(?!\d)")
NOTE_PREFIX = "<!-- pmem merge:"

Lines = tuple[str, ...]
Side = str  # "ours" or "theirs"


# -- what a merge gives --------------------------------------------------------------------------


@value_class(frozen=True, slots=True)
class Renumbering:
    """The ids to renumber on each side of one merge of a pair: old id -> new id."""

    ours: dict[str, str] = field(default_factory=dict)
    theirs: dict[str, str] = field(default_factory=dict)

    def of(self, side: Side) -> dict[str, str]:
        return self.ours if side == "ours" else self.theirs

    def __bool__(self) -> bool:
        return bool(self.ours or self.theirs)


@value_class(frozen=True, slots=True)
class Merged:
    text: str
    conflicts: int  # atoms left in conflict markers
    renumbered: tuple[tuple[Side, str, str], ...] = ()  # (side, old id, new id)


@value_class(frozen=True, slots=True)
class Atom:
    key: str
    lines: Lines


@value_class(frozen=True, slots=True)
class Conflict:
    ours: Lines
    theirs: Lines

    @property
    def lines(self) -> Lines:
        return (OURS_MARKER, *self.ours, SPLIT_MARKER, *self.theirs, THEIRS_MARKER)


Piece = Atom | Conflict
_GONE = object()
_CLASH = object()


# -- the merge of keyed atoms, shared by every Markdown file -------------------------------------


def _resolve(base: Lines | None, ours: Lines | None, theirs: Lines | None) -> object:
    """One atom's three versions (None: absent) -> its lines, `_GONE`, or `_CLASH`."""
    if ours == theirs:
        return ours if ours is not None else _GONE
    if ours == base:
        return theirs if theirs is not None else _GONE
    if theirs == base:
        return ours if ours is not None else _GONE
    return _CLASH


def _placed(
    ours: Sequence[Atom], theirs: Sequence[Atom], base_keys: set[str], moved: frozenset[str]
) -> list[str]:
    """The keys in their merged order: ours, and each key only theirs has (or that only theirs
    `moved`) after the key that precedes it there (and after what only ours added at that
    place)."""
    order = [atom.key for atom in ours if atom.key not in moved]
    where = set(order)
    theirs_keys = {atom.key for atom in theirs}
    ours_new = {key for key in order if key not in base_keys and key not in theirs_keys}
    previous: str | None = None
    for atom in theirs:
        key = atom.key
        if key not in where:
            at = order.index(previous) + 1 if previous is not None else 0
            while at < len(order) and order[at] in ours_new:
                at += 1
            order.insert(at, key)
            where.add(key)
        previous = key
    return order


def merge_atoms(
    base: Sequence[Atom],
    ours: Sequence[Atom],
    theirs: Sequence[Atom],
    kept: frozenset[str] = frozenset(),
    moved: frozenset[str] = frozenset(),
) -> list[Piece]:
    """The merged atoms: each key resolved three ways, in the order of `_placed`. An atom of
    `kept` that one side removed counts as unchanged there; one of `moved` stands where theirs
    has it."""
    versions = [{atom.key: atom.lines for atom in side} for side in (base, ours, theirs)]
    pieces: list[Piece] = []
    for key in _placed(ours, theirs, set(versions[0]), moved):
        b, o, t = (side.get(key) for side in versions)
        if key in kept:
            o, t = (b if o is None else o), (b if t is None else t)
        got = _resolve(b, o, t)
        if got is _CLASH:
            pieces.append(Conflict(o or (), t or ()))
        elif got is not _GONE:
            assert isinstance(got, tuple)
            pieces.append(Atom(key, got))
    return pieces


def _keyed(names: Sequence[str | None]) -> list[str]:
    """Unique keys from atom names: a blank line (None) is named by the next line that is not
    blank (blank lines separate what follows them), and the n-th atom of one name gets `#n`."""
    named: list[str] = []
    following = "end"
    for name in reversed(names):
        if name is None:
            named.append(f"blank before {following}")
        else:
            named.append(name)
            following = name
    seen: Counter[str] = Counter()
    keys = []
    for name in reversed(named):
        seen[name] += 1
        keys.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return keys


def _line_name(line: str) -> str | None:
    return f"line:{line.rstrip()}" if line.strip() else None


# -- renumbering ---------------------------------------------------------------------------------


@value_class(slots=True)
class _History:
    first: str  # the text of its first record
    summary: str  # the latest 精简版, normalised


@functools.lru_cache(maxsize=6)  # the renumbering and the merge read the same three logs
def _parsed_log(text: str) -> LogDoc:
    return parse_log(text)


def _record_text(doc: LogDoc, record: Record) -> str:
    lines = doc.lines[record.line : record.end_line]
    return "\n".join(line.rstrip() for line in lines if not line.startswith(NOTE_PREFIX)).strip()


def _ends(text: str) -> tuple[LogDoc, dict[str, tuple[Record, Record]]]:
    """Each id's first and last record."""
    doc = _parsed_log(text)
    found: dict[str, tuple[Record, Record]] = {}
    for record in doc.records:
        if record.id is not None:
            first = found.get(record.id)
            found[record.id] = (first[0] if first else record, record)
    return doc, found


def _history(doc: LogDoc, ends: tuple[Record, Record]) -> _History:
    return _History(_record_text(doc, ends[0]), normalise(ends[1].value("summary") or ""))


def _day_and_seq(token: str) -> tuple[dt.date, int]:
    anchor = anchors.parse(token)
    assert anchor is not None
    return anchor.day, anchor.seq


def renumbering(base_log: str, ours_log: str, theirs_log: str) -> Renumbering:
    """The ids both sides allocated, not in the base, for entries whose histories begin
    differently. Of each pair the entry whose latest 精简版 (then first record) sorts later is
    renumbered, to the next number free on the id's date in all three versions of the log: the
    same answer whichever side merges, and from whichever file of the pair."""
    base = _ends(base_log)[1]
    (ours_doc, ours), (theirs_doc, theirs) = _ends(ours_log), _ends(theirs_log)
    both = {
        token: (_history(ours_doc, ours[token]), _history(theirs_doc, theirs[token]))
        for token in ours.keys() & theirs.keys()
        if token not in base and anchors.parse(token)
    }
    clashing = [token for token, (o, t) in both.items() if o.first != t.first]
    return _renumber(
        clashing,
        _tokens_of((base_log, ours_log, theirs_log)),
        {token: o for token, (o, _) in both.items()},
        {token: t for token, (_, t) in both.items()},
    )


def renumbering_from_profiles(base: str, ours: str, theirs: str) -> Renumbering:
    """The same rule read from the compact profiles alone: used when the log's versions cannot
    be had (docs/format.md says when); entries stand for their histories."""
    b, o, t = (_entries(text) for text in (base, ours, theirs))
    clashing = [token for token in o.keys() & t.keys() if token not in b and o[token] != t[token]]
    ours_h = {token: _History(text, text) for token, text in o.items()}
    theirs_h = {token: _History(text, text) for token, text in t.items()}
    return _renumber(clashing, _tokens_of((base, ours, theirs)), ours_h, theirs_h)


def _entries(text: str) -> dict[str, str]:
    return {
        entry.id: normalise(entry.text)
        for entry in parse_profile(text).entries
        if entry.id and anchors.parse(entry.id)
    }


def _tokens_of(texts: Iterable[str]) -> list[str]:
    return [match.group(0) for text in texts for match in _ID.finditer(text)]


def _renumber(
    clashing: list[str],
    used: list[str],
    ours: dict[str, _History],
    theirs: dict[str, _History],
) -> Renumbering:
    allocator = anchors.Allocator(used)
    plan = Renumbering()
    for token in sorted(clashing, key=_day_and_seq):
        later_theirs = (theirs[token].summary, theirs[token].first) > (
            ours[token].summary,
            ours[token].first,
        )
        plan.of("theirs" if later_theirs else "ours")[token] = allocator.next(
            _day_and_seq(token)[0]
        )
    return plan


def renumbered_text(text: str, mapping: dict[str, str]) -> str:
    """Every id of `mapping` in the text replaced by its new id (the old ids are new on this
    side, so each of their mentions means this side's entry)."""
    if not mapping:
        return text

    def swap(match: re.Match[str]) -> str:
        return mapping.get(match.group(0), match.group(0))

    return _MENTION.sub(swap, text)


def _note(old: str, new: str, english: bool) -> str:
    if english:
        return (
            f"{NOTE_PREFIX} renumbered from {old} to {new}: two copies of this memory had given "
            f"{old} to different entries -->"
        )
    return f"{NOTE_PREFIX} 编号由 {old} 改为 {new}：两份副本把 {old} 分配给了不同的条目 -->"


# -- text in, text out ---------------------------------------------------------------------------


def _joined(lines: Iterable[str], like: str) -> str:
    ending = dominant_line_ending(like)
    out = ending.join(lines)
    return out + ending if out else ""


def _pieces_lines(pieces: Iterable[Piece]) -> list[str]:
    return [line for piece in pieces for line in piece.lines]


def _count(pieces: Iterable[Piece]) -> int:
    return sum(isinstance(piece, Conflict) for piece in pieces)


def _body(text: str) -> list[str]:
    lines = split_lines(text)
    return lines[: line_count(lines)]


def _bom(text: str) -> tuple[str, str]:
    return ("\ufeff", text[1:]) if text.startswith("\ufeff") else ("", text)


# -- compact profiles ----------------------------------------------------------------------------


def _profile_atoms(text: str) -> tuple[list[Atom], dict[str, str | None]]:
    """The profile's lines as atoms, and the category of each entry atom."""
    doc = parse_profile(text)
    entries = {entry.line: entry for entry in doc.entries if entry.id}
    lines = doc.lines[: doc.line_count]
    names = [
        f"id:{entries[index].id}" if index in entries else _line_name(line)
        for index, line in enumerate(lines)
    ]
    keys = _keyed(names)
    categories = {keys[index]: entry.category for index, entry in entries.items()}
    return [Atom(key, (line,)) for key, line in zip(keys, lines, strict=True)], categories


def _moved_by_theirs(
    base: dict[str, str | None], ours: dict[str, str | None], theirs: dict[str, str | None]
) -> frozenset[str]:
    """Entries theirs moved to another category while ours left them where they were."""
    return frozenset(
        key
        for key, category in theirs.items()
        if key in base and key in ours and ours[key] == base[key] != category
    )


def _spaced_headings(lines: list[str], like: list[str]) -> list[str]:
    """A category heading an insertion put right under another line gets its blank line back,
    when the file `like` has one before each of its headings."""
    headings = [i for i, line in enumerate(like) if line.startswith("## ") and i > 0]
    if not headings or any(like[i - 1].strip() for i in headings):
        return lines
    out: list[str] = []
    for line in lines:
        if line.startswith("## ") and out and out[-1].strip():
            out.append("")
        out.append(line)
    return out


def merge_profile(base: str, ours: str, theirs: str, plan: Renumbering) -> Merged:
    bom, ours = _bom(ours)
    base, theirs = _bom(base)[1], _bom(theirs)[1]
    sides = [renumbered_text(ours, plan.ours), renumbered_text(theirs, plan.theirs)]
    (b, b_cat), (o, o_cat), (t, t_cat) = (_profile_atoms(text) for text in (base, *sides))
    pieces = merge_atoms(b, o, t, moved=_moved_by_theirs(b_cat, o_cat, t_cat))
    style = _body(ours or theirs)
    text = bom + _joined(_spaced_headings(_pieces_lines(pieces), style), ours or theirs)
    return Merged(text, _count(pieces), _listed(plan))


def _listed(plan: Renumbering) -> tuple[tuple[Side, str, str], ...]:
    return tuple(
        (side, old, new) for side in ("ours", "theirs") for old, new in plan.of(side).items()
    )


# -- logs ----------------------------------------------------------------------------------------


@value_class(frozen=True, slots=True)
class _RecordInfo:
    id: str
    date: dt.date | None
    record: Record

    @property
    def state(self) -> tuple[str, bool]:
        """Where the record leaves its entry: its 精简版 (normalised), and whether deleted."""
        return normalise(self.record.value("summary") or ""), self.record.op is Op.DELETE


def _log_atoms(text: str, plan: dict[str, str]) -> tuple[list[Atom], dict[str, _RecordInfo]]:
    """The log's sections as atoms (a record keyed by its heading), without trailing blank
    lines, with the ids of `plan` renumbered; each renumbered id's first record gets the
    note."""
    doc = _parsed_log(text)
    lines, count = doc.lines, line_count(doc.lines)
    english = doc.language == "en"
    noted = {new: old for old, new in plan.items()}
    chunks: list[tuple[str, Lines, _RecordInfo | None]] = []
    for section in doc.sections:
        stop = min(section.stop, count)
        while stop > section.start and not lines[stop - 1].strip():
            stop -= 1
        if stop <= section.start:
            continue
        chunk = tuple(lines[section.start : stop])
        if plan:
            chunk = _renumbered_chunk(chunk, plan)
        record = section.record
        if record is None or record.id is None:
            chunks.append((f"section:{chunk[0].rstrip()}", chunk, None))
            continue
        token = plan.get(record.id, record.id)
        if token in noted:
            chunk = (*chunk, _note(noted.pop(token), token, english))
        about = _RecordInfo(token, record.date, record)
        chunks.append((f"record:{chunk[0].rstrip()}", chunk, about))
    keys = _keyed([name for name, _, _ in chunks])
    atoms = [Atom(key, chunk) for key, (_, chunk, _) in zip(keys, chunks, strict=True)]
    info = {key: about for key, (_, _, about) in zip(keys, chunks, strict=True) if about}
    return atoms, info


def _renumbered_chunk(chunk: Lines, plan: dict[str, str]) -> Lines:
    joined = "\n".join(chunk)
    if not any(match.group(0) in plan for match in _MENTION.finditer(joined)):
        return chunk
    return tuple(renumbered_text(joined, plan).split("\n"))


def _both_new_apart(
    base: list[Atom],
    ours: tuple[list[Atom], dict[str, _RecordInfo]],
    theirs: tuple[list[Atom], dict[str, _RecordInfo]],
) -> tuple[list[Atom], dict[str, _RecordInfo]]:
    """Two new records under one heading (the same change of an entry, told with other words)
    are two records, not a conflict: theirs gets a key of its own."""
    base_keys = {atom.key for atom in base}
    mine = {atom.key: atom.lines for atom in ours[0]}
    atoms, info = [], dict(theirs[1])
    for atom in theirs[0]:
        key = atom.key
        if key in info and key not in base_keys and mine.get(key, atom.lines) != atom.lines:
            info[f"{key}~theirs"] = info.pop(key)
            atom = Atom(f"{key}~theirs", atom.lines)
        atoms.append(atom)
    return atoms, info


def _base_records_kept(
    base: list[Atom],
    ours: tuple[list[Atom], dict[str, _RecordInfo]],
    theirs: tuple[list[Atom], dict[str, _RecordInfo]],
) -> frozenset[str]:
    """The base records a side removed that stay: all but one whose fields that side kept under
    another heading (a fix that renumbered or re-dated it in place)."""
    kept = set()
    for side, info in (ours, theirs):
        keys = {atom.key for atom in side}
        bodies = {atom.lines[1:] for atom in side if atom.key in info}
        kept |= {
            atom.key
            for atom in base
            if atom.key.startswith("record:")
            and atom.key not in keys
            and atom.lines[1:] not in bodies
        }
    return frozenset(kept)


def _diverged(
    pieces: list[Piece],
    base: list[Atom],
    ours: tuple[list[Atom], dict[str, _RecordInfo]],
    theirs: tuple[list[Atom], dict[str, _RecordInfo]],
) -> list[Piece]:
    """An id both sides gave new records that end differently (both changed the entry, or one
    deleted what the other changed) has those records in one conflict, where ours stood."""
    base_keys = {atom.key for atom in base}

    def new_records(
        side: tuple[list[Atom], dict[str, _RecordInfo]], other: set[str]
    ) -> dict[str, list[Atom]]:
        found: dict[str, list[Atom]] = {}
        for atom in side[0]:
            record = side[1].get(atom.key)
            if record and record.id and atom.key not in base_keys and atom.key not in other:
                found.setdefault(record.id, []).append(atom)
        return found

    ours_keys, theirs_keys = {a.key for a in ours[0]}, {a.key for a in theirs[0]}
    mine, yours = new_records(ours, theirs_keys), new_records(theirs, ours_keys)
    for token in sorted(mine.keys() & yours.keys()):
        if ours[1][mine[token][-1].key].state == theirs[1][yours[token][-1].key].state:
            continue
        held = {atom.key for atom in mine[token]} | {atom.key for atom in yours[token]}
        at = next(i for i, p in enumerate(pieces) if isinstance(p, Atom) and p.key in held)
        conflict = Conflict(_spaced(mine[token]), _spaced(yours[token]))
        pieces = [p for p in pieces if not (isinstance(p, Atom) and p.key in held)]
        pieces.insert(at, conflict)
    return pieces


def _spaced(atoms: list[Atom]) -> Lines:
    lines: list[str] = []
    for atom in atoms:
        if lines:
            lines.append("")
        lines.extend(atom.lines)
    return tuple(lines)


def _date_ordered(pieces: list[Piece], info: dict[str, _RecordInfo]) -> list[Piece]:
    """Each run of records in date order (stable; a record without a date goes with the one
    above it); other sections stay where they are."""
    out: list[Piece] = []
    run: list[tuple[dt.date, int, Piece]] = []
    last = dt.date.min

    def flush() -> None:
        out.extend(piece for _, _, piece in sorted(run, key=lambda item: item[:2]))
        run.clear()

    for index, piece in enumerate(pieces):
        if isinstance(piece, Atom) and piece.key not in info:
            flush()
            out.append(piece)
            continue
        known = info[piece.key].date if isinstance(piece, Atom) else None
        dates = [known] if known is not None else _dates_in(piece)
        last = min(dates) if dates else last
        run.append((last, index, piece))
    flush()
    return out


_HEADING_DATE = re.compile(r"^#{2,4}\s*\S*PF-[\d-]+\S*\s+(\d{4})-(\d{2})-(\d{2})")


def _dates_in(piece: Piece) -> list[dt.date]:
    found = []
    for line in piece.lines:
        match = _HEADING_DATE.match(line)
        if match:
            try:
                found.append(dt.date(*map(int, match.groups())))
            except ValueError:
                pass
    return found


def merge_log(base: str, ours: str, theirs: str, plan: Renumbering) -> Merged:
    bom, ours = _bom(ours)
    base, theirs = _bom(base)[1], _bom(theirs)[1]
    b, _ = _log_atoms(base, {})
    o, t = _log_atoms(ours, plan.ours), _log_atoms(theirs, plan.theirs)
    t = _both_new_apart(b, o, t)
    pieces = _diverged(merge_atoms(b, o[0], t[0], _base_records_kept(b, o, t)), b, o, t)
    pieces = _date_ordered(pieces, {**t[1], **o[1]})
    lines: list[str] = []
    for piece in pieces:
        if lines:
            lines.append("")
        lines.extend(piece.lines)
    return Merged(bom + _joined(lines, ours or theirs), _count(pieces), _listed(plan))


# -- pending proposals ---------------------------------------------------------------------------


def _pending_atoms(text: str) -> list[Atom]:
    doc = parse_pending(text)
    lines = doc.lines[: line_count(doc.lines)]
    starts = {proposal.line: proposal for proposal in doc.proposals}
    chunks: list[tuple[str | None, Lines]] = []
    index = 0
    while index < len(lines):
        proposal = starts.get(index)
        if proposal is None:
            chunks.append((_line_name(lines[index]), (lines[index],)))
            index += 1
            continue
        chunk = tuple(lines[proposal.line : max(proposal.end_line, index + 1)])
        chunks.append(("proposal:" + "\n".join(line.rstrip() for line in chunk), chunk))
        index += len(chunk)
    keys = _keyed([name for name, _ in chunks])
    return [Atom(key, chunk) for key, (_, chunk) in zip(keys, chunks, strict=True)]


def renumbered_pending(text: str, plans: dict[Scope, dict[str, str]]) -> str:
    """Targets (`<!-- PF-… -->`) of proposals whose scope's pair renumbered them."""
    if not any(plans.values()):
        return text
    doc = parse_pending(text)
    lines = list(doc.lines)
    for proposal in doc.proposals:
        mapping = plans.get(proposal.scope) if proposal.scope else None
        if mapping and proposal.target is not None and proposal.target.text in mapping:
            at = proposal.target.span.start_line
            lines[at] = renumbered_text(lines[at], mapping)
    return dominant_line_ending(text).join(lines)


def merge_pending(
    base: str, ours: str, theirs: str, plans: dict[Scope, Renumbering] | None = None
) -> Merged:
    plans = plans or {}
    bom, ours = _bom(ours)
    base, theirs = _bom(base)[1], _bom(theirs)[1]
    sides = [
        renumbered_pending(text, {scope: plan.of(side) for scope, plan in plans.items()})
        for side, text in (("ours", ours), ("theirs", theirs))
    ]
    pieces = merge_atoms(_pending_atoms(base), _pending_atoms(sides[0]), _pending_atoms(sides[1]))
    return Merged(bom + _joined(_pieces_lines(pieces), ours or theirs), _count(pieces))


# -- journals ------------------------------------------------------------------------------------


def _journal_identity(raw: str) -> tuple[str, dt.datetime | None]:
    """What makes two lines the same entry (the object they parse to), and its time."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return "raw:" + raw.strip(), None
    if not isinstance(data, dict):
        return "raw:" + raw.strip(), None
    identity = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return identity, _time(data.get("ts"))


def _time(ts: object) -> dt.datetime | None:
    if not isinstance(ts, str):
        return None
    try:
        when = dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)


def merge_journal(base: str, ours: str, theirs: str) -> Merged:
    """Both sides' lines, each entry once, in `ts` order (stable: a line without a readable `ts`
    goes with the line above it); every line ends with a newline, so a torn last line is never
    glued to another."""
    del base  # a journal only grows: the union of the sides holds all the base still has
    seen: set[str] = set()
    kept: list[tuple[dt.datetime, int, str]] = []
    last = dt.datetime.min.replace(tzinfo=dt.timezone.utc)
    for raw in (*split_lines(ours), *split_lines(theirs)):
        if not raw.strip():
            continue
        identity, when = _journal_identity(raw)
        if identity in seen:
            continue
        seen.add(identity)
        last = when or last
        kept.append((last, len(kept), raw))
    kept.sort(key=lambda item: item[:2])
    return Merged("".join(raw + "\n" for _, _, raw in kept), 0)


# -- conflict markers, for the checker -----------------------------------------------------------


def conflict_blocks(lines: Sequence[str]) -> list[tuple[int, int]]:
    """Where conflict markers stand: (first line, last line) of each block from `<<<<<<<` to
    `>>>>>>>`; an opening or closing marker without its partner is a block of its own line. A
    `=======` outside a block is no marker (it underlines a Markdown heading)."""
    return [(first, last) for first, last, _ in _blocks(lines)]


def marker_lines(lines: Sequence[str]) -> set[int]:
    """The lines of `conflict_blocks` that are markers."""
    return {line for _, _, markers in _blocks(lines) for line in markers}


def _blocks(lines: Sequence[str]) -> list[tuple[int, int, list[int]]]:
    blocks: list[tuple[int, int, list[int]]] = []
    start: int | None = None
    inside: list[int] = []
    for index, line in enumerate(lines):
        if line[:1] not in "<=>|" or not _MARKER.match(line):
            continue
        if line.startswith("<<<<<<<"):
            if start is not None:
                blocks.append((start, start, [start]))
            start, inside = index, [index]
        elif line.startswith(">>>>>>>"):
            if start is None:
                blocks.append((index, index, [index]))
            else:
                blocks.append((start, index, [*inside, index]))
            start = None
        elif start is not None:
            inside.append(index)
    if start is not None:
        blocks.append((start, start, [start]))
    return blocks
