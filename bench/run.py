"""Benchmarks: the server against the pygls floor, journal search against ripgrep, `pmem check` growth.

    python bench/run.py            # the full run; writes bench/RESULTS.md and bench/latency.svg
    python bench/run.py --smoke    # a tiny corpus, no targets: proves the benchmark still runs

Every figure is the median of several runs or a p50/p99 over many requests; every comparison is a
ratio from the same run (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import asyncio
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
import corpus  # noqa: E402
from lsp_client import Client  # noqa: E402

HERE = Path(__file__).parent
PYTHON = sys.executable
SERVER = [PYTHON, "-m", "profile_memory", "serve"]
FLOOR = [PYTHON, str(HERE / "floor_server.py")]
CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]}, "window": {"workDoneProgress": False},
                "workspace": {"configuration": True},
                "textDocument": {"hover": {"contentFormat": ["markdown"]}, "publishDiagnostics": {"versionSupport": True}}}


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def p50_p99(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return ms(ordered[len(ordered) // 2]), ms(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))])


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
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": version,
                                                            "text": path.read_text(encoding="utf-8")}})
    await client.notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
    return time.perf_counter() - start


async def start(command: list[str], root: Path, options: dict) -> tuple[Client, float]:
    began = time.perf_counter()
    client = await Client.spawn(command, env={**os.environ, "PMEM_TODAY": "2026-11-30"})
    await client.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": CAPABILITIES,
                                        "workspaceFolders": [{"uri": root.as_uri(), "name": "repo"}],
                                        "initializationOptions": options})
    elapsed = time.perf_counter() - began
    client.notify("initialized", {})
    return client, elapsed


async def requests(client: Client, method: str, uri: str, positions: list[dict], count: int, extra=None) -> list[float]:
    samples = []
    for n in range(count):
        position = positions[n % len(positions)]
        params = {"textDocument": {"uri": uri}, "position": position}
        if extra:
            params = extra(position)
        samples.append((await client.request(method, params))[1])
    return samples


async def edits(client: Client, path: Path, line: int, count: int) -> list[float]:
    """One-character incremental edits; the time until diagnostics for that version arrive."""
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8").split("\n")[line]
    samples = []
    for version in range(2, count + 2):
        client.drain()
        start_time = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": len(text)}, "end": {"line": line, "character": len(text)}},
             "text": "x" if version % 2 == 0 else ""}]})
        if version % 2:  # keep the text stable: add a character, then take it away
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": line, "character": len(text)}, "end": {"line": line, "character": len(text) + 1}},
                 "text": ""}]})
        await client.notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri and p.get("version") == version)
        samples.append(time.perf_counter() - start_time)
    return samples


async def server_figures(paths: dict, counts: dict) -> dict:
    options = {"userProfileDir": str(paths["user_dir"]), "debounceMs": 0}
    client, init = await start(SERVER, paths["repo"], options)
    figures: dict = {"initialize_ms": ms(init)}
    figures["open_to_diagnostics_ms"] = ms(await open_and_wait(client, paths["profile"]))
    uri = paths["profile"].as_uri()
    anchors = anchor_positions(paths["profile"])
    figures["hover"] = p50_p99(await requests(client, "textDocument/hover", uri, anchors, counts["hover"]))
    figures["definition"] = p50_p99(await requests(client, "textDocument/definition", uri, anchors, counts["hover"] // 4))
    figures["code_action"] = p50_p99(await requests(
        client, "textDocument/codeAction", uri, anchors, counts["hover"] // 4,
        extra=lambda p: {"textDocument": {"uri": uri}, "range": {"start": p, "end": p}, "context": {"diagnostics": []}}))
    figures["edit_profile"] = p50_p99(await edits(client, paths["profile"], 3, counts["edits"]))
    await open_and_wait(client, paths["log"])
    figures["edit_log"] = p50_p99(await edits(client, paths["log"], 8, counts["log_edits"]))
    figures["rss_mb"] = round(client.rss_mb(), 1)
    if paths["journal"].exists():
        typed = []
        for n in range(1, len("quoted") + 1):
            _, elapsed = await client.request("workspace/executeCommand", {
                "command": "profileMemory.search", "arguments": [{"query": "quoted"[:n], "kinds": ["journal"]}]})
            typed.append(elapsed)
        figures["search_keystroke"] = p50_p99(typed[1:])
        figures["rss_after_search_mb"] = round(client.rss_mb(), 1)
    await client.close()
    return figures


async def floor_figures(paths: dict, counts: dict) -> dict:
    client, init = await start(FLOOR, paths["repo"], {})
    uri = paths["profile"].as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1,
                                                            "text": paths["profile"].read_text(encoding="utf-8")}})
    hover = p50_p99(await requests(client, "textDocument/hover", uri, anchor_positions(paths["profile"]), counts["hover"]))
    await client.close()
    return {"initialize_ms": ms(init), "hover": hover}


def timed(command: list[str], cwd: Path, env: dict | None = None, runs: int = 3) -> tuple[float, str]:
    samples, output = [], ""
    for _ in range(runs):
        start_time = time.perf_counter()
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
        samples.append(time.perf_counter() - start_time)
        output = done.stdout
    return statistics.median(samples), output


def reference_search(journal: Path, query: str, limit: int) -> list[str]:
    """The plain, obviously-right selection: decode every line, keep the last `limit` matches."""
    found = []
    for raw in journal.read_bytes().split(b"\n"):
        try:
            entry = json.loads(raw)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("text"), str) and query.casefold() in entry["text"].casefold():
            found.append(entry["text"])
    return found[-limit:][::-1]


def journal_figures(root: Path, lines: int) -> dict:
    journal = root / "journal" / "memory" / "JOURNAL.jsonl"
    corpus.journal(journal, lines)
    pmem = [PYTHON, "-m", "profile_memory", "journal", "search", "quoted", "--json", "--dir", str(journal.parent)]
    pmem_time, output = timed(pmem, root)
    equal = [h["text"] for h in json.loads(output)] == reference_search(journal, "quoted", 20)
    tag_time, _ = timed([*pmem[:4], "--tag", "决策", "--json", "--dir", str(journal.parent)], root)
    figures = {"lines": lines, "megabytes": round(journal.stat().st_size / 1e6, 1), "pmem_s": round(pmem_time, 3),
               "pmem_tag_s": round(tag_time, 3), "answers_equal": equal}
    if shutil.which("rg"):
        figures["rg_s"] = round(timed(["rg", "-i", "-c", "quoted", str(journal)], root)[0], 3)
        figures["ratio_to_rg"] = round(pmem_time / figures["rg_s"], 1)
    return figures


def check_figures(root: Path, sizes: list[int]) -> dict:
    figures = {}
    for size in sizes:
        paths = corpus.workspace(root / f"check-{size}", size)
        env = {"PMEM_USER_DIR": str(paths["user_dir"]), "HOME": str(root)}
        (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
        figures[size] = round(timed([PYTHON, "-m", "profile_memory", "check"], paths["repo"], env)[0], 3)
    return figures


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def targets(server: dict, floor: dict, journal: dict, check: dict) -> list[tuple[str, str, str]]:
    sizes = sorted(check)
    rows = [
        ("hover p50 ≤ 2 × floor, p99 ≤ 3 ms", f"{server['hover'][0]} / {floor['hover'][0]} ms, p99 {server['hover'][1]} ms",
         verdict(server["hover"][0] <= 2 * floor["hover"][0] and server["hover"][1] <= 3)),
        ("initialize ≤ 1.3 × floor", f"{server['initialize_ms']} / {floor['initialize_ms']} ms",
         verdict(server["initialize_ms"] <= 1.3 * floor["initialize_ms"])),
        ("diagnostics after a log edit p50 ≤ 30 ms", f"{server['edit_log'][0]} ms", verdict(server["edit_log"][0] <= 30)),
        ("pmem check 50,000 / 10,000 ≤ 6", f"{round(check[sizes[-1]] / check[sizes[-2]], 2)}",
         verdict(check[sizes[-1]] / check[sizes[-2]] <= 6)),
        ("rss ≤ 150 MB (10,000 records)", f"{server['rss_mb']} MB", verdict(server["rss_mb"] <= 150)),
    ]
    if "rg_s" in journal:
        rows.append(("journal search ≤ 0.8 s and ≤ 10 × rg", f"{journal['pmem_s']} s, {journal['ratio_to_rg']} × rg",
                     verdict(journal["pmem_s"] <= 0.8 and journal["ratio_to_rg"] <= 10)))
    if "search_keystroke" in server:
        rows.append(("search per keystroke p50 ≤ 20 ms (100,000 lines)", f"{server['search_keystroke'][0]} ms",
                     verdict(server["search_keystroke"][0] <= 20)))
    return rows


def svg_chart(check: dict) -> str:
    """Latency of `pmem check` against the log's size, as a small SVG line chart."""
    sizes, width, height = sorted(check), 480, 240
    top = max(check.values()) or 1
    points = [(40 + i * (width - 60) / max(1, len(sizes) - 1), height - 30 - check[s] / top * (height - 60)) for i, s in enumerate(sizes)]
    path = " ".join(f"{'M' if i == 0 else 'L'}{x:.0f},{y:.0f}" for i, (x, y) in enumerate(points))
    labels = "".join(f'<text x="{x:.0f}" y="{height - 10}" font-size="11" text-anchor="middle">{s:,}</text>'
                     f'<text x="{x:.0f}" y="{y - 6:.0f}" font-size="11" text-anchor="middle">{check[s]} s</text>'
                     for (x, y), s in zip(points, sizes))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
            f'<rect width="100%" height="100%" fill="white"/><text x="10" y="16" font-size="12">pmem check: seconds against log records</text>'
            f'<path d="{path}" fill="none" stroke="#3572A5" stroke-width="2"/>{labels}</svg>')


def write_results(server: dict, floor: dict, journal: dict, check: dict, rows: list) -> str:
    lines = ["# Benchmark results", "", f"Generated by `python bench/run.py` on {time.strftime('%Y-%m-%d')}; "
             "p50/p99 in milliseconds over many requests, times as medians of 3 runs.", "",
             "## Server (10,000-record user log)", "", "| figure | Profile Memory | pygls floor |", "|---|---:|---:|",
             f"| spawn → initialize | {server['initialize_ms']} | {floor['initialize_ms']} |",
             f"| hover p50 / p99 | {server['hover'][0]} / {server['hover'][1]} | {floor['hover'][0]} / {floor['hover'][1]} |"]
    for key, label in (("definition", "definition"), ("code_action", "code actions"), ("edit_profile", "diagnostics after a profile edit"),
                       ("edit_log", "diagnostics after a log edit"), ("search_keystroke", "search per keystroke")):
        if key in server:
            lines.append(f"| {label} p50 / p99 | {server[key][0]} / {server[key][1]} | |")
    lines += [f"| didOpen → first diagnostics | {server['open_to_diagnostics_ms']} | |", f"| resident memory | {server['rss_mb']} MB | |",
              "", "## Journal search from the shell", "", "```json", json.dumps(journal, indent=2), "```", "",
              "## `pmem check` growth", "", "| log records | seconds |", "|---:|---:|"]
    lines += [f"| {size:,} | {seconds} |" for size, seconds in sorted(check.items())]
    lines += ["", "![pmem check latency](latency.svg)", "", "## Targets", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {result} |" for name, value, result in rows]
    lines += ["", "Not measured yet: vscode-markdown-languageserver as a peer (definition and pull diagnostics),",
              "the 1,000,000-line journal in the server, and jq (52 s on 1,000,000 lines; run it by hand)."]
    return "\n".join(lines) + "\n"


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="a tiny corpus and few requests; no targets, nothing written")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pmem-bench-"))
    try:
        records, journal_lines = (200, 2_000) if args.smoke else (10_000, 100_000)
        counts = {"hover": 40, "edits": 6, "log_edits": 4} if args.smoke else {"hover": 2000, "edits": 200, "log_edits": 50}
        paths = corpus.workspace(root / "server", records, journal_lines)
        (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
        server = await server_figures(paths, counts)
        floor = await floor_figures(paths, counts)
        journal = journal_figures(root, 2_000 if args.smoke else 1_000_000)
        check = check_figures(root, [100, 200] if args.smoke else [1_000, 10_000, 50_000])
        print(json.dumps({"server": server, "floor": floor, "journal": journal, "check": check}, indent=2))
        if args.smoke:
            print("bench smoke: 1 passed, 0 failed" if journal["answers_equal"] else "bench smoke: 0 passed, 1 failed")
            return 0 if journal["answers_equal"] else 1
        rows = targets(server, floor, journal, check)
        for name, value, result in rows:
            print(f"{result}  {name}: {value}")
        (HERE / "RESULTS.md").write_text(write_results(server, floor, journal, check, rows), encoding="utf-8")
        (HERE / "latency.svg").write_text(svg_chart(check), encoding="utf-8")
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
