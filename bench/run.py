"""Benchmarks: the server against the pygls floor and VS Code's Markdown server, journal search
against ripgrep and jq, how costs grow with the log.

    python bench/run.py            # the full run; writes bench/RESULTS.md and bench/latency.svg
    python bench/run.py --smoke    # tiny corpus, no peers, no targets: the benchmark still runs

Every figure is the median of several runs or a p50/p99 over many requests; every comparison is a
ratio from the same run (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import agents  # noqa: E402
import corpus  # noqa: E402
import editor  # noqa: E402
import lint_peer  # noqa: E402
import markdown_peer  # noqa: E402
import writes  # noqa: E402
from lsp_client import Client, ms, p50_p99  # noqa: E402

HERE = Path(__file__).parent
PYTHON = sys.executable
SERVER = [PYTHON, "-m", "profile_memory", "serve"]
FLOOR = [PYTHON, str(HERE / "floor_server.py")]
CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "window": {"workDoneProgress": False},
    "workspace": {"configuration": True, "workspaceEdit": {"documentChanges": True}},
    "textDocument": {
        "hover": {"contentFormat": ["markdown"]},
        "publishDiagnostics": {"versionSupport": True},
        "codeAction": {
            "resolveSupport": {"properties": ["edit"]},  # as VS Code: edits on resolve
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "refactor"]}},
        },
    },
}
QUERIES = ("quoted", "极简界面")  # typed one character at a time


def anchor_positions(path: Path) -> list[dict]:
    positions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
        column = line.find("PF-")
        if column >= 0:
            units = len(line[: column + 3].encode("utf-16-le")) // 2
            positions.append({"line": number, "character": units})
    return positions


async def open_and_wait(client: Client, path: Path, version: int = 1) -> float:
    uri = path.as_uri()
    start = time.perf_counter()
    client.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": uri,
                "languageId": "markdown",
                "version": version,
                "text": path.read_text(encoding="utf-8"),
            }
        },
    )
    await client.notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
    return time.perf_counter() - start


async def start(command: list[str], root: Path, options: dict) -> tuple[Client, float]:
    began = time.perf_counter()
    client = await Client.spawn(command, env={**os.environ, "PMEM_TODAY": "2026-11-30"})
    await client.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": root.as_uri(),
            "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": root.as_uri(), "name": "repo"}],
            "initializationOptions": options,
        },
    )
    elapsed = time.perf_counter() - began
    client.notify("initialized", {})
    return client, elapsed


async def requests(
    client: Client, method: str, uri: str, positions: list[dict], count: int, extra=None
) -> list[float]:
    samples = []
    for n in range(count):
        position = positions[n % len(positions)]
        params = {"textDocument": {"uri": uri}, "position": position}
        if extra:
            params = extra(position)
        samples.append((await client.request(method, params))[1])
    return samples


def _change(uri: str, version: int, line: int, start: int, end: int, text: str) -> dict:
    """A `didChange` replacing columns start..end of one line."""
    where = {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}
    return {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": where, "text": text}],
    }


async def edits(
    client: Client, path: Path, line: int, count: int, full: bool = False
) -> list[float]:
    """One-character edits at the end of a line, sent as a range (incremental sync) or as the whole
    new text (`full`: what clients without incremental sync send; the client's own JSON encoding
    of it is done before the clock starts); the time until diagnostics for that version arrive."""
    uri = path.as_uri()
    lines = path.read_text(encoding="utf-8").split("\n")
    end = len(lines[line])
    texts = {
        typed: json.dumps(
            "\n".join([*lines[:line], lines[line] + typed, *lines[line + 1 :]]), ensure_ascii=False
        ).encode()
        for typed in ("x", "")
    }
    samples = []
    for version in range(2, count + 2):
        client.drain()
        typed = "x" if version % 2 == 0 else ""  # keep the text stable: add a character, then not
        whole = (
            b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":'
            b'{"uri":%s,"version":%d},"contentChanges":[{"text":%s}]}}'
            % (json.dumps(uri).encode(), version, texts[typed])
        )
        start_time = time.perf_counter()
        if full:
            client.notify_encoded(whole)
        else:  # one change per version: a client never repeats a version number
            stop = end if typed else end + 1
            client.notify("textDocument/didChange", _change(uri, version, line, end, stop, typed))
        await client.notification(
            "textDocument/publishDiagnostics",
            lambda p, version=version: p["uri"] == uri and p.get("version") == version,
        )
        samples.append(time.perf_counter() - start_time)
    return samples


async def typing(client: Client) -> list[float]:
    """`profileMemory.search` as each query is typed; the first keystroke of each is left out (it
    warms up)."""
    samples = []
    for query in QUERIES:
        for n in range(1, len(query) + 1):
            _, elapsed = await client.request(
                "workspace/executeCommand",
                {
                    "command": "profileMemory.search",
                    "arguments": [{"query": query[:n], "kinds": ["journal"]}],
                },
            )
            samples += [elapsed] if n > 1 else []
    return samples


async def same_as_the_cli(client: Client, memory: Path) -> bool:
    for query in QUERIES:
        hits, _ = await client.request(
            "workspace/executeCommand",
            {
                "command": "profileMemory.search",
                "arguments": [{"query": query, "kinds": ["journal"]}],
            },
        )
        done = subprocess.run(
            [
                PYTHON,
                "-m",
                "profile_memory",
                "journal",
                "search",
                query,
                "--json",
                "--dir",
                str(memory),
            ],
            capture_output=True,
            text=True,
        )
        if [(h["ts"], h["text"]) for h in hits] != [
            (h["ts"], h["text"]) for h in json.loads(done.stdout)
        ]:
            return False
    return True


async def code_actions(
    client: Client, uri: str, anchors: list[dict], count: int
) -> tuple[list[float], list[float]]:
    """Listing the actions at an anchor, and resolving the first one's edit (VS Code asks for it
    when chosen)."""
    listed, resolved = [], []
    for n in range(count):
        position = anchors[n % len(anchors)]
        actions, elapsed = await client.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri},
                "range": {"start": position, "end": position},
                "context": {"diagnostics": []},
            },
        )
        listed.append(elapsed)
        if actions:
            resolved.append((await client.request("codeAction/resolve", actions[0]))[1])
    return listed, resolved


async def server_figures(paths: dict, counts: dict, big_journal: Path | None = None) -> dict:
    options = {"userProfileDir": str(paths["user_dir"]), "debounceMs": 0}
    client, init = await start(SERVER, paths["repo"], options)
    figures: dict = {"initialize_ms": ms(init)}
    figures["open_to_diagnostics_ms"] = ms(await open_and_wait(client, paths["profile"]))
    uri = paths["profile"].as_uri()
    anchors = anchor_positions(paths["profile"])
    figures["hover"] = p50_p99(
        await requests(client, "textDocument/hover", uri, anchors, counts["hover"])
    )
    figures["definition"] = p50_p99(
        await requests(client, "textDocument/definition", uri, anchors, counts["hover"] // 4)
    )
    listed, resolved = await code_actions(client, uri, anchors, counts["hover"] // 8)
    figures["code_action"], figures["code_action_resolve"] = p50_p99(listed), p50_p99(resolved)
    figures["edit_profile"] = p50_p99(await edits(client, paths["profile"], 3, counts["edits"]))
    await open_and_wait(client, paths["log"])
    figures["edit_log"] = p50_p99(await edits(client, paths["log"], 8, counts["log_edits"]))
    figures["edit_log_full"] = p50_p99(
        await edits(client, paths["log"], 8, counts["log_edits"], full=True)
    )
    # pygls's reader holds the last message it read until the next arrives (after a whole-text
    # change, the whole text, twice: its bytes and its string). Memory is read at rest, after one
    # small request, as an editor that keeps sending them sees it; and right after the change.
    figures["rss_after_whole_text_mb"] = round(client.rss_mb(), 1)
    await requests(client, "textDocument/hover", uri, anchors, 1)
    figures["rss_mb"] = round(client.rss_mb(), 1)
    journal = paths["journal"]
    if journal.exists():
        figures["search_keystroke"] = p50_p99(await typing(client))
        figures["search_same_as_cli"] = await same_as_the_cli(client, journal.parent)
        figures["rss_after_search_mb"] = round(client.rss_mb(), 1)
    if big_journal is not None:
        shutil.copyfile(big_journal, journal)
        figures["search_keystroke_1m"] = p50_p99(await typing(client))
        figures["search_same_as_cli_1m"] = await same_as_the_cli(client, journal.parent)
        figures["rss_after_search_1m_mb"] = round(client.rss_mb(), 1)
    await client.close()
    return figures


async def debounced_log_edit(paths: dict, count: int) -> tuple[float, float]:
    """The user-visible delay after a log edit, with the default debounce."""
    client, _ = await start(SERVER, paths["repo"], {"userProfileDir": str(paths["user_dir"])})
    await open_and_wait(client, paths["log"])
    samples = await edits(client, paths["log"], 8, count)
    await client.close()
    return p50_p99(samples)


async def initialize_figures(paths: dict, runs: int) -> dict:
    """spawn → `initialize` result of each server, spawned in turns; the ratio is the median of the
    ratios of each pair of spawns (spawn times vary by a third from one to the next on a shared
    machine)."""
    samples: dict[str, list[float]] = {"server": [], "floor": []}
    for _ in range(runs):
        for name, command in (("server", SERVER), ("floor", FLOOR)):
            client, elapsed = await start(
                command, paths["repo"], {"userProfileDir": str(paths["user_dir"])}
            )
            samples[name].append(elapsed)
            await client.close()
    ratios = [
        server / floor for server, floor in zip(samples["server"], samples["floor"], strict=False)
    ]
    return {
        **{name: ms(statistics.median(values)) for name, values in samples.items()},
        "ratio": round(statistics.median(ratios), 2),
    }


async def floor_figures(paths: dict, counts: dict) -> dict:
    client, init = await start(FLOOR, paths["repo"], {})
    uri = paths["profile"].as_uri()
    client.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": uri,
                "languageId": "markdown",
                "version": 1,
                "text": paths["profile"].read_text(encoding="utf-8"),
            }
        },
    )
    hover = p50_p99(
        await requests(
            client, "textDocument/hover", uri, anchor_positions(paths["profile"]), counts["hover"]
        )
    )
    await client.close()
    return {"initialize_ms": ms(init), "hover": hover}


def timed(
    command: list[str], cwd: Path, env: dict | None = None, runs: int = 3
) -> tuple[float, str]:
    samples, output = [], ""
    for _ in range(runs):
        start_time = time.perf_counter()
        done = subprocess.run(
            command, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})}
        )
        samples.append(time.perf_counter() - start_time)
        output = done.stdout
    return statistics.median(samples), output


def output_of(command: list[str]) -> bytes:
    return subprocess.run(command, capture_output=True).stdout


def journal_targets(journal: dict) -> list[tuple[str, str, str]]:
    """Every hit against `rg -i --json`, in CPU seconds (#25)."""
    name = f"journal search, every hit ({journal['every_hits']:,}), CPU ≤ 5 × `rg -i --json`"
    if "every_cpu_ratio_to_rg" not in journal:
        return [(name, f"{journal['every_s']} s; `rg` not found, not measured", "MISS")]
    same = journal["every_answers_equal"] and journal["rg_answers_equal"]
    value = (
        f"{journal['every_cpu_s']} / {journal['rg_json_cpu_s']} s = "
        f"{journal['every_cpu_ratio_to_rg']}, same: {same}"
    )
    ok = journal["every_cpu_ratio_to_rg"] <= 5 and same
    return [(name, value, verdict(ok))]


def journal_section(journal: dict, rows: list[tuple[str, str, str]]) -> str:
    keys = [k for k in journal if k.startswith(("every", "rg", "lines", "megabytes"))]
    lines = [
        f"`python bench/run.py --only journal`, {journal['lines']:,} lines: "
        + ", ".join(f"{k} {journal[k]}" for k in keys)
        + ".",
        "",
        "The wall-time ratio (`every_ratio_to_rg`) and the CPU ratio differ: the wall times "
        "include "
        "the bench reading and decoding each process's output from a pipe, and `rg --json` writes "
        "about twice the bytes; on a loaded machine the wall time of both is mostly waiting. The "
        "CPU seconds of each process alone are the measure.",
        "",
        "| target | measured | |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {value} | {result} |" for name, value, result in rows]
    return "\n".join(lines) + "\n"


def reference_search(
    journal: Path, query: str | None = None, tag: str | None = None, limit: int = 20
) -> list[str]:
    """The plain, obviously-right selection: decode every line, keep the last `limit` matches,
    newest first."""
    found = []
    for raw in journal.read_bytes().split(b"\n"):
        try:
            entry = json.loads(raw)
        except ValueError:
            continue
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("text"), str)
            and isinstance(entry.get("tags"), list)
        ):
            continue
        if query and query.casefold() not in entry["text"].casefold():
            continue
        if tag and not any(
            isinstance(t, str) and t.casefold() == tag.casefold() for t in entry["tags"]
        ):
            continue
        found.append(entry["text"])
    return found[-limit:][::-1]


EVERY_HIT_QUERY = "quiet"  # in about 1 entry in 7 (English text of 4 words from 12)


def ripgrep() -> str | None:
    """`rg` on the PATH, or beside this Python (where `pip install ripgrep` puts it in a venv)."""
    return shutil.which("rg") or shutil.which("rg", path=str(Path(sys.executable).parent))


def journal_figures(journal: Path, lines: int, with_jq: bool, large: Path) -> dict:
    """`pmem journal search` for a query and for a tag (the default limit of 20), against
    `pmem --version`; every hit of a frequent query against `rg -i --json`; and jq selecting the
    same entries. The default-limit search is also timed on the `large` journal (it numbers its
    hits: the whole file's line breaks are counted)."""
    root = journal.parents[2]
    corpus.journal(journal, lines)
    expected = reference_search(journal, "quoted")
    pmem = [PYTHON, "-m", "profile_memory", "journal", "search", "--json"]
    pmem += ["--dir", str(journal.parent)]
    pmem_time, output = timed([*pmem, "quoted"], root)
    tag_time, tagged = timed([*pmem, "--tag", "决策"], root)
    version_time, _ = timed([PYTHON, "-m", "profile_memory", "--version"], root, runs=9)
    figures: dict = {
        "lines": lines,
        "megabytes": round(journal.stat().st_size / 1e6, 1),
        "pmem_s": round(pmem_time, 3),
        "pmem_tag_s": round(tag_time, 3),
        "pmem_version_s": round(version_time, 3),
        "ratio_to_version": round(max(pmem_time, tag_time) / version_time, 2),
        "large_lines": sum(1 for _ in large.open("rb")),
        "large_pmem_s": round(timed([*pmem[:-1], str(large.parent), "quoted"], root)[0], 3),
        "answers_equal": [h["text"] for h in json.loads(output)] == expected
        and [h["text"] for h in json.loads(tagged)] == reference_search(journal, tag="决策"),
    }
    every = reference_search(journal, EVERY_HIT_QUERY, limit=lines)
    every_time, output = timed([*pmem, "--limit", str(lines), EVERY_HIT_QUERY], root)
    figures.update(
        every_hit_query=EVERY_HIT_QUERY,
        every_hits=len(every),
        every_selectivity=f"1 line in {round(lines / max(len(every), 1), 1)}",
        every_s=round(every_time, 3),
        every_answers_equal=[h["text"] for h in json.loads(output)] == every,
    )
    rg = ripgrep()
    if rg:  # every matching line, as JSON: what a tool reading hits would take
        rg_time, output = timed([rg, "-i", "--json", EVERY_HIT_QUERY, str(journal)], root)
        matches = [json.loads(m) for m in output.splitlines() if '"type":"match"' in m]
        found = [json.loads(m["data"]["lines"]["text"])["text"] for m in matches]
        figures.update(
            rg_json_s=round(rg_time, 3),
            rg_answers_equal=found[::-1] == every,
            every_ratio_to_rg=round(every_time / rg_time, 1),
        )
        # The same in CPU seconds of each process alone, its output thrown away: the wall times
        # above include this process reading and decoding each one's output from a pipe, and
        # `rg --json` writes about twice the bytes pmem does, so the wall ratio looks smaller.
        every_cpu = agents.child_cpu(
            [*pmem, "--limit", str(lines), EVERY_HIT_QUERY], root, {}, runs=5
        )
        rg_cpu = agents.child_cpu([rg, "-i", "--json", EVERY_HIT_QUERY, str(journal)], root, {}, 5)
        figures.update(
            every_cpu_s=round(every_cpu, 3),
            rg_json_cpu_s=round(rg_cpu, 3),
            every_cpu_ratio_to_rg=round(every_cpu / rg_cpu, 1),
            every_output_bytes=len(output_of([*pmem, "--limit", str(lines), EVERY_HIT_QUERY])),
            rg_output_bytes=len(output_of([rg, "-i", "--json", EVERY_HIT_QUERY, str(journal)])),
        )
    if shutil.which("jq") and with_jq:
        selection = (
            'fromjson? | select(type == "object" and (.text | type) == "string" and (.tags | type) '
            '== "array" '
            'and (.text | ascii_downcase | contains("quoted"))) | .text'
        )
        jq_time, output = timed(
            ["jq", "-R", "-r", selection, str(journal)], root, runs=1
        )  # about a minute: once
        figures["jq_s"] = round(jq_time, 1)
        figures["jq_answers_equal"] = output.splitlines()[-20:][::-1] == expected
        figures["ratio_to_jq"] = round(pmem_time / jq_time, 3)
    return figures


def check_figures(root: Path, sizes: list[int], main_size: int, with_peer: bool) -> dict:
    """`pmem check` by log size; markdownlint-cli2 on the same two files at `main_size`."""
    figures: dict = {"seconds": {}}
    for size in sizes:
        paths = corpus.workspace(root / f"check-{size}", size)
        env = {"PMEM_USER_DIR": str(paths["user_dir"]), "HOME": str(root)}
        (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
        figures["seconds"][size] = round(
            timed([PYTHON, "-m", "profile_memory", "check"], paths["repo"], env)[0], 3
        )
        if size == main_size:
            figures["lint"] = (
                lint_peer.seconds([paths["profile"], paths["log"]])
                if with_peer
                else {"skipped": "smoke run"}
            )
    return figures


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def targets(
    by_size: dict[int, dict], floor: dict, peer: dict, journal: dict, check: dict
) -> list[tuple[str, str, str]]:
    server = by_size[10_000] if 10_000 in by_size else by_size[max(by_size)]
    seconds = check["seconds"]
    rows = [
        (
            "hover p50 ≤ 2 × floor, p99 ≤ 3 ms",
            f"{server['hover'][0]} / {floor['hover'][0]} ms, p99 {server['hover'][1]} ms",
            verdict(server["hover"][0] <= 2 * floor["hover"][0] and server["hover"][1] <= 3),
        ),
    ]
    if "definition" in peer:
        rows += [
            (
                "definition p50 ≤ 0.25 × markdown server",
                f"{server['definition'][0]} / {peer['definition'][0]} ms "
                f"= {round(server['definition'][0] / peer['definition'][0], 2)}",
                verdict(server["definition"][0] <= 0.25 * peer["definition"][0]),
            ),
            (
                "diagnostics after a profile edit p50 ≤ 0.5 × markdown server's pull",
                f"{server['edit_profile'][0]} / "
                f"{peer['pull_diagnostics'][0]} ms = "
                f"{round(server['edit_profile'][0] / peer['pull_diagnostics'][0], 3)}",
                verdict(server["edit_profile"][0] <= 0.5 * peer["pull_diagnostics"][0]),
            ),
        ]
    rows += [
        (
            "didOpen → first diagnostics ≤ 300 ms (10,000 records)",
            f"{server['open_to_diagnostics_ms']} ms",
            verdict(server["open_to_diagnostics_ms"] <= 300),
        ),
        (
            "diagnostics after a log edit p50 ≤ 15 ms incremental, ≤ 60 ms whole text",
            f"{server['edit_log'][0]} / {server['edit_log_full'][0]} ms",
            verdict(server["edit_log"][0] <= 15 and server["edit_log_full"][0] <= 60),
        ),
        (
            "initialize ≤ 1.3 × floor (median of 15 paired spawns)",
            f"{server['initialize_ms']} / {floor['initialize_ms']} ms, "
            f"ratio {floor['initialize_ratio']}",
            verdict(floor["initialize_ratio"] <= 1.3),
        ),
        (
            "journal search, default limit, ≤ 1.3 × `pmem --version`, same answers",
            f"{max(journal['pmem_s'], journal['pmem_tag_s'])} / {journal['pmem_version_s']} s "
            f"= {journal['ratio_to_version']}, same: {journal['answers_equal']}",
            verdict(journal["ratio_to_version"] <= 1.3 and journal["answers_equal"]),
        ),
    ]
    rows += journal_targets(journal)  # in CPU seconds: the wall times of two processes vary apart
    for key, lines, limit in (
        ("search_keystroke", "100,000", 20),
        ("search_keystroke_1m", "1,000,000", 100),
    ):
        if key in server:
            same = server[key.replace("search_keystroke", "search_same_as_cli")]
            rows.append(
                (
                    f"search per keystroke p50 ≤ {limit} ms ({lines} lines), same hits as the CLI",
                    f"{server[key][0]} ms, same: {same}",
                    verdict(server[key][0] <= limit and same),
                )
            )
    main_check = seconds.get(10_000, seconds[max(seconds)])
    sizes = sorted(seconds)
    growth = round(seconds[sizes[-1]] / seconds[sizes[-2]], 2)
    rows += [
        ("pmem check ≤ 0.35 s (10,000 records)", f"{main_check} s", verdict(main_check <= 0.35)),
        ("pmem check 50,000 / 10,000 ≤ 6", f"{growth}", verdict(growth <= 6)),
    ]
    if "seconds" in check.get("lint", {}):
        lint = check["lint"]["seconds"]
        rows.append(
            (
                "pmem check ≥ 40 × faster than markdownlint-cli2, same files",
                f"{lint} / {main_check} s = {round(lint / main_check)} ×",
                verdict(lint >= 40 * main_check),
            )
        )
    rows.append(
        (
            "rss at rest ≤ 150 MB (10,000 records)",
            f"{server['rss_mb']} MB",
            verdict(server["rss_mb"] <= 150),
        )
    )
    if 50_000 in by_size:
        large = by_size[50_000]
        rows += [
            (
                "code action resolve p50 ≤ 40 ms (50,000 records)",
                f"{large['code_action_resolve'][0]} ms",
                verdict(large["code_action_resolve"][0] <= 40),
            ),
            (
                "rss at rest ≤ 250 MB (50,000 records)",
                f"{large['rss_mb']} MB",
                verdict(large["rss_mb"] <= 250),
            ),
        ]
    if "rss_after_search_1m_mb" in server:
        rows.append(
            (
                "rss ≤ 300 MB after searching 1,000,000 lines",
                f"{server['rss_after_search_1m_mb']} MB",
                verdict(server["rss_after_search_1m_mb"] <= 300),
            )
        )
    return rows


SERIES = (
    ("hover", "hover p50", "#3572A5"),
    ("definition", "definition p50", "#2b9348"),
    ("edit_profile", "diagnostics after a profile edit p50", "#e09f3e"),
    ("edit_log", "diagnostics after a log edit p50", "#9e2a2b"),
)


def token_section() -> str:
    """The token estimate's error per file, against the cl100k counts `bench/tokens.py` recorded
    (run it first to measure them again)."""
    done = subprocess.run(
        [sys.executable, str(HERE / "tokens.py"), "--smoke"], capture_output=True, text=True
    )
    return (
        "\n## Token estimate\n\nThe estimate of `core/tokens.py` against the cl100k counts "
        "recorded "
        "by `python bench/tokens.py` (bpe-openai); files under 100 tokens are shown but not held "
        "to "
        f"the ±15% target.\n\n{done.stdout}"
    )


def svg_chart(by_size: dict[int, dict]) -> str:
    """Latency (ms, p50) of the server against the log's size, one line per figure, as a small SVG
    chart."""
    sizes, width, height, left, right = sorted(by_size), 600, 280, 50, 70
    top = max(by_size[size][key][0] for size in sizes for key, _, _ in SERIES) or 1
    x = {
        size: left + i * (width - left - right) / max(1, len(sizes) - 1)
        for i, size in enumerate(sizes)
    }

    def y(value: float) -> float:
        return height - 40 - value / top * (height - 90)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="10" y="16" font-size="12">Server latency (ms, p50) against log records '
        "(the lines near the axis: 1–4 ms)</text>",
    ]
    for row, (key, label, colour) in enumerate(SERIES):
        points = " ".join(
            f"{'M' if i == 0 else 'L'}{x[s]:.0f},{y(by_size[s][key][0]):.0f}"
            for i, s in enumerate(sizes)
        )
        parts.append(f'<path d="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [
            f'<text x="{x[s] + 4:.0f}" y="{y(by_size[s][key][0]) - 4:.0f}" font-size="10" '
            f'fill="{colour}">'
            f"{by_size[s][key][0]}</text>"
            for s in sizes
            if by_size[s][key][0] >= top / 20
        ]  # small ones would overlap
        parts.append(
            f'<text x="{left + row % 2 * 250}" y="{34 + row // 2 * 14}" font-size="11" '
            f'fill="{colour}">{label}</text>'
        )
    parts += [
        f'<text x="{x[s]:.0f}" y="{height - 20}" font-size="11" text-anchor="middle">{s:,}</text>'
        for s in sizes
    ]
    return "".join(parts) + "</svg>"


def _row(label: str, by_size: dict[int, dict], key: str) -> str:
    cells = []
    for size in sorted(by_size):
        value = by_size[size].get(key)
        cells.append(
            ""
            if value is None
            else f"{value[0]} / {value[1]}"
            if isinstance(value, (list, tuple))
            else str(value)
        )
    return f"| {label} | " + " | ".join(cells) + " |"


ROWS = (
    ("spawn → initialize (at 10,000: median of 15 spawns)", "initialize_ms"),
    ("didOpen → first diagnostics", "open_to_diagnostics_ms"),
    ("hover p50 / p99", "hover"),
    ("definition p50 / p99", "definition"),
    ("code actions (list) p50 / p99", "code_action"),
    ("code action resolve p50 / p99", "code_action_resolve"),
    ("diagnostics after a profile edit p50 / p99", "edit_profile"),
    ("diagnostics after a log edit p50 / p99", "edit_log"),
    ("the same, the whole text sent, p50 / p99", "edit_log_full"),
    ("search per keystroke, 100,000 lines, p50 / p99", "search_keystroke"),
    ("search per keystroke, 1,000,000 lines, p50 / p99", "search_keystroke_1m"),
    ("resident memory at rest (MB)", "rss_mb"),
    ("the same, right after a whole-text change (MB)", "rss_after_whole_text_mb"),
    ("resident memory after searching 100,000 lines (MB)", "rss_after_search_mb"),
    ("resident memory after searching 1,000,000 lines (MB)", "rss_after_search_1m_mb"),
)


def write_results(
    by_size: dict[int, dict],
    floor: dict,
    peer: dict,
    debounced: tuple,
    journal: dict,
    check: dict,
    rows: list,
) -> str:
    sizes = sorted(by_size)
    lines = [
        "# Benchmark results",
        "",
        f"Generated by `python bench/run.py` on {time.strftime('%Y-%m-%d')}; "
        "p50/p99 in milliseconds over many requests, times as medians of 3 runs, all in one run.",
        "",
        "## Server by log size",
        "",
        "| figure | " + " | ".join(f"{s:,} records" for s in sizes) + " |",
        "|---|" + "---:|" * len(sizes),
    ]
    lines += [_row(label, by_size, key) for label, key in ROWS]
    lines += [
        "",
        "With the default debounce (200 ms), diagnostics after a log edit arrive after "
        f"{debounced[0]} ms "
        f"(p99 {debounced[1]} ms) at 10,000 records: the delay a user sees.",
        "",
        "![server latency against log size](latency.svg)",
        "",
        "## Peers, same client, same run",
        "",
        "| figure | Profile Memory | pygls floor | vscode-markdown-languageserver |",
        "|---|---:|---:|---:|",
    ]
    main = by_size[10_000] if 10_000 in by_size else by_size[sizes[-1]]
    peer_cell = (
        (lambda key: f"{peer[key][0]} / {peer[key][1]}")
        if "definition" in peer
        else (lambda key: "")
    )
    lines += [
        f"| spawn → initialize (ms) | {main['initialize_ms']} | {floor['initialize_ms']} | "
        f"{peer.get('initialize_ms', '')} |",
        f"| hover p50 / p99 | {main['hover'][0]} / {main['hover'][1]} | {floor['hover'][0]} / "
        f"{floor['hover'][1]} | |",
        f"| definition p50 / p99 | {main['definition'][0]} / {main['definition'][1]} | | "
        f"{peer_cell('definition')} |",
        f"| diagnostics after an edit p50 / p99 | {main['edit_profile'][0]} / "
        f"{main['edit_profile'][1]} (profile, pushed) | | "
        f"{peer_cell('pull_diagnostics')} (pulled) |",
        f"| resident memory (MB) | {main['rss_mb']} | | {peer.get('rss_mb', '')} |",
    ]
    if "skipped" in peer:
        lines += ["", f"vscode-markdown-languageserver was not measured: {peer['skipped']}."]
    lines += [
        "",
        "The Markdown server's file has as many reference links and link definitions as the log "
        "has records;",
        "its markdown-it tokens are computed before it asks for them, so its time includes only "
        "receiving them.",
        "",
        f"## Journal search from the shell ({journal['lines']:,} lines)",
        "",
        "```json",
        json.dumps(journal, indent=2),
        "```",
        "",
        "## `pmem check`",
        "",
        "| log records | seconds |",
        "|---:|---:|",
    ]
    lines += [f"| {size:,} | {seconds} |" for size, seconds in sorted(check["seconds"].items())]
    lint = check.get("lint", {})
    lines += [
        "",
        f"markdownlint-cli2 ({lint['version']}, its default rules) on the same two files at "
        f"10,000 records: {lint['seconds']} s, run once."
        if "seconds" in lint
        else f"markdownlint-cli2 was not measured: {lint.get('skipped', 'no figure')}.",
    ]
    lines += ["", "## Targets", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {result} |" for name, value, result in rows]
    return "\n".join(lines) + "\n"


def compile_package() -> None:
    """Byte-compile the package, as `pip install` does: from an editable install in a shell with
    PYTHONDONTWRITEBYTECODE set, every spawn would otherwise compile its sources again, while the
    peers (installed by pip) start from bytecode."""
    import profile_memory

    compileall.compile_dir(Path(profile_memory.__file__).parent, quiet=1)


AGENT_ROWS = {"writes", "editor"}  # the rows of #25 measured by modules of their own


async def agent_rows(root: Path, names: list[str]) -> list[tuple[str, str, str]]:
    """The rows of `writes.py` and `editor.py` (their figures printed as JSON as they come)."""
    unknown = set(names) - AGENT_ROWS
    if unknown:
        raise SystemExit(f"--only: no rows named {', '.join(sorted(unknown))}")
    rows = []
    if "writes" in names:
        found = writes.figures(root / "writes")
        print(json.dumps({"writes": found}, indent=2))
        rows += [(name, value, verdict(met)) for name, value, met in writes.rows(found)]
    if "editor" in names:
        found = await editor.figures(root / "editor")
        print(json.dumps({"editor": found}, indent=2, ensure_ascii=False))
        rows += [(name, value, verdict(met)) for name, value, met in editor.rows(found)]
    return rows


def replace_section(text: str, section: str) -> str:
    """`text` with its section of the same heading replaced by `section` (added before the token
    estimate when it has none)."""
    heading = section.split("\n", 1)[0]
    if heading in text:
        start = text.index(heading)
        end = text.find("\n## ", start + len(heading))
        return text[:start] + section + (text[end + 1 :] if end >= 0 else "")
    at = text.find("## Token estimate")
    return text[:at] + section + "\n" + text[at:] if at >= 0 else text + "\n" + section


def only(part: str, root: Path, smoke: bool) -> int:
    """One part of the bench: its figures and targets printed, its section of RESULTS.md
    replaced (not in a smoke run)."""
    if part == "agents":
        mcp, cli, rows, section = agents.figures(root, smoke)
        print(json.dumps({"mcp": mcp, "cli": cli}, indent=2, default=str))
    else:
        lines = 2_000 if smoke else 300_000
        big = root / "journal" / "memory" / "JOURNAL.jsonl"
        corpus.journal(big, lines)
        journal = journal_figures(
            root / "shell" / "memory" / "JOURNAL.jsonl", lines, with_jq=False, large=big
        )
        print(json.dumps(journal, indent=2))
        rows = journal_targets(journal)
        section = "## Journal search, every hit (CPU)\n\n" + journal_section(journal, rows)
    for name, value, result in rows:
        print(f"{result or '    '}  {name}: {value}")
    if not smoke:
        results = HERE / "RESULTS.md"
        results.write_text(
            replace_section(results.read_text(encoding="utf-8"), section), encoding="utf-8"
        )
    return 0


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a tiny corpus and few requests; no peers, no targets, nothing written",
    )
    parser.add_argument(
        "--no-jq", action="store_true", help="leave out jq (about a minute on 1,000,000 lines)"
    )
    parser.add_argument(
        "--only",
        metavar="PARTS",
        help="run only these parts, comma-separated: agents (MCP per call and start, recall, "
        "check's start-up) and journal (the search from the shell) replace their section of "
        "RESULTS.md; writes (pmem add … confirm at 300 and 10,000 ids) and editor (keystrokes at "
        "several places, CPU per keystroke, initialize, the view) print their rows",
    )
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pmem-bench-"))
    compile_package()
    if args.only:
        try:
            parts = args.only.split(",")
            for part in (p for p in parts if p in ("agents", "journal")):
                only(part, root, args.smoke)
            rows = await agent_rows(root, [p for p in parts if p not in ("agents", "journal")])
        finally:
            shutil.rmtree(root, ignore_errors=True)
        for name, value, result in rows:
            print(f"{result}  {name}: {value}")
        return 0
    try:
        if args.smoke:
            sizes, main_size, journal_lines, big_lines = (200,), 200, 2_000, 2_000
            shell_lines = 2_000
            counts = {size: {"hover": 40, "edits": 6, "log_edits": 4} for size in sizes}
        else:
            sizes, main_size, journal_lines, big_lines = (
                (1_000, 10_000, 50_000),
                10_000,
                100_000,
                1_000_000,
            )
            shell_lines = 300_000  # the journal the targets were set on
            counts = {
                1_000: {"hover": 800, "edits": 100, "log_edits": 100},
                10_000: {"hover": 2000, "edits": 200, "log_edits": 200},
                50_000: {"hover": 800, "edits": 100, "log_edits": 50},
            }
        big_journal = root / "journal" / "memory" / "JOURNAL.jsonl"
        corpus.journal(big_journal, big_lines)
        journal = journal_figures(
            root / "shell" / "memory" / "JOURNAL.jsonl",
            shell_lines,
            with_jq=not (args.smoke or args.no_jq),
            large=big_journal,
        )
        by_size = {}
        for size in sizes:
            paths = corpus.workspace(
                root / f"server-{size}", size, journal_lines if size == main_size else 0
            )
            (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
            by_size[size] = await server_figures(
                paths, counts[size], None if args.smoke or size != main_size else big_journal
            )
            if size == main_size:
                main_paths = paths
        floor = await floor_figures(main_paths, counts[main_size])
        spawned = await initialize_figures(main_paths, 2 if args.smoke else 15)
        by_size[main_size]["initialize_ms"], floor["initialize_ms"] = (
            spawned["server"],
            spawned["floor"],
        )
        floor["initialize_ratio"] = spawned["ratio"]
        check = check_figures(
            root,
            [100, 200] if args.smoke else [1_000, 10_000, 50_000],
            200 if args.smoke else main_size,
            with_peer=not args.smoke,
        )
        debounced = await debounced_log_edit(main_paths, 2 if args.smoke else 20)
        peer = (
            {"skipped": "smoke run"}
            if args.smoke
            else await markdown_peer.figures(root, main_size, counts[main_size])
        )
        print(
            json.dumps(
                {
                    "server": by_size,
                    "floor": floor,
                    "markdown_peer": peer,
                    "debounced_log_edit": debounced,
                    "journal": journal,
                    "check": check,
                },
                indent=2,
            )
        )
        rows = targets(by_size, floor, peer, journal, check)
        agents_section = ""
        if not args.smoke:
            rows += await agent_rows(root, list(AGENT_ROWS))
            mcp, cli, mcp_rows, agents_section = agents.figures(root / "agents", False)
            print(json.dumps({"mcp": mcp, "cli": cli}, indent=2, default=str))
            rows += mcp_rows
        results, chart = (
            write_results(by_size, floor, peer, debounced, journal, check, rows)
            + (f"\n{agents_section.rstrip()}\n" if agents_section else ""),
            svg_chart(by_size),
        )
        if args.smoke:  # everything computed and rendered; nothing written, no targets judged
            ok = (
                journal["answers_equal"]
                and journal["every_answers_equal"]
                and journal.get("rg_answers_equal", True)
                and by_size[main_size]["search_same_as_cli"]
                and "## Targets" in results
            )
            print(f"bench smoke: {int(ok)} passed, {int(not ok)} failed")
            return 0 if ok else 1
        for name, value, result in rows:
            print(f"{result}  {name}: {value}")
        (HERE / "RESULTS.md").write_text(results + token_section(), encoding="utf-8")
        (HERE / "latency.svg").write_text(chart, encoding="utf-8")
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
