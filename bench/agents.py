"""The paths agents take (#25), in CPU seconds where the machine is noisy, each beside its floor or
peer in the same run:

- `pmem mcp` per call (`search`, `recall`, `trace`, `check`) at 300 and 10,000 ids, against the
  reference memory server (`@modelcontextprotocol/server-memory`, from npm) on the same records
  loaded as its entities: `search_nodes`, `open_nodes`, `read_graph`; the server's own CPU per
  call, read from /proc;
- `pmem mcp` spawn → initialize answered (and → the tools listed), against the reference
  server's;
- `pmem recall` at 300 and 10,000 ids against `python -c pass`;
- `pmem check` on a typical pair (a 30-line profile, a 300-line log) against `python -c pass`.

Run: `python bench/run.py --only agents` (`--smoke`: tiny sizes, no targets).
"""

from __future__ import annotations

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import corpus
import npm_cache
from profile_memory.store.disk import UNSETTLED_SECONDS

PYTHON = sys.executable
PEER_VERSION = "@modelcontextprotocol/server-memory@2026.8.31"
PEER_CACHE = npm_cache.CACHE / "server-memory"
PEER_BIN = PEER_CACHE / "node_modules" / ".bin" / "mcp-server-memory"
TICK = os.sysconf("SC_CLK_TCK")
RECORD = re.compile(r"^### \[(PF-\d{8}-\d{2})\] (\S+) — (.*)$")
ENV = {"PMEM_TODAY": "2026-11-30"}


def child_cpu(command: list[str], cwd: Path, env: dict, runs: int) -> float:
    """The median CPU seconds (user + system) of a command, run `runs` times."""
    samples = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            command,
            cwd=cwd,
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(samples)


def process_cpu(pid: int) -> float:
    """The CPU seconds a running process has used (Linux: /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Session:
    """A stdio MCP server driven by newline-delimited JSON-RPC (both servers speak it)."""

    def __init__(self, command: list[str], cwd: Path, env: dict) -> None:
        self.began = time.perf_counter()
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env={**os.environ, **env},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"{method}: the server closed its output")
            message = json.loads(line)
            if message.get("id") == self.next_id and "method" not in message:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def send(self, message: dict) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode())
        self.process.stdin.flush()

    def initialize(self) -> float:
        """Initialize; the seconds from spawn to the answer."""
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"},
            },
        )
        elapsed = time.perf_counter() - self.began
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return elapsed

    def call(self, tool: str, arguments: dict) -> dict:
        result = self.request("tools/call", {"name": tool, "arguments": arguments})
        if result.get("isError"):
            raise RuntimeError(f"{tool}: {result['content'][0]['text']}")
        return result

    def cpu_per_call(self, tool: str, arguments: dict, calls: int) -> float:
        """The server's CPU seconds per call, over `calls` calls, after two to warm up: a
        long-lived engine reads and parses at its first call, and makes a log's search text at its
        second search of it (a one-off `pmem search` never pays for one, core/search.search_log)."""
        self.call(tool, arguments)
        self.call(tool, arguments)
        start = process_cpu(self.process.pid)
        for _ in range(calls):
            self.call(tool, arguments)
        return (process_cpu(self.process.pid) - start) / calls

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def entities(paths: dict) -> list[dict]:
    """The workspace's log records as the reference server's entities: one per id (its name), its
    category as the type, its title and fields as observations."""
    found: dict[str, dict] = {}
    for log in (paths["log"], paths["project_dir"] / "project-profile-log.md"):
        current = None
        for line in log.read_text(encoding="utf-8").splitlines():
            record = RECORD.match(line)
            if record:
                anchor, day, title = record.groups()
                current = found.setdefault(
                    anchor, {"name": anchor, "entityType": "profile entry", "observations": []}
                )
                current["observations"].append(f"{day} {title}")
            elif current is not None and line.startswith("- **"):
                current["observations"].append(line[2:])
    return list(found.values())


def peer_memory(paths: dict, folder: Path) -> Path:
    path = folder / "memory.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for entity in entities(paths):
            out.write(json.dumps({"type": "entity", **entity}, ensure_ascii=False) + "\n")
    return path


def live_ids(profile: Path, count: int) -> list[str]:
    return re.findall(r"PF-\d{8}-\d{2}", profile.read_text(encoding="utf-8"))[:count]


def pmem_mcp(paths: dict) -> list[str]:
    return [PYTHON, "-m", "profile_memory", "mcp", "--project", str(paths["repo"])]


def pmem_env(paths: dict) -> dict:
    return {**ENV, "PMEM_USER_DIR": str(paths["user_dir"]), "HOME": str(paths["repo"].parent)}


def mcp_figures(root: Path, sizes: tuple[int, ...], calls: int, spawns: int) -> dict:
    """Per-call CPU of `pmem mcp` and of the reference server by size; spawn → initialize."""
    problem = npm_cache.install(PEER_CACHE, [PEER_VERSION], PEER_BIN)
    figures: dict = {"peer": PEER_VERSION if problem is None else {"skipped": problem}}
    for size in sizes:
        paths = corpus.workspace(root / f"agents-{size}", size, journal_lines=1_000)
        (paths["user_dir"] / "pmem.toml").write_text("maxFileBytes = 1000000000\n")
        ids = live_ids(paths["profile"], 20)
        query = "quoted"
        # Per call once the files are older than the engine's window of doubt: within it (2 s
        # after a write) a file's timestamps are not trusted and it is read again at each call, a
        # trace at 10,000 ids ~15 ms instead of 2 (store/disk.KeptDiskProvider).
        time.sleep(UNSETTLED_SECONDS)
        row: dict = {}
        pmem = Session(pmem_mcp(paths), paths["repo"], pmem_env(paths))
        try:
            pmem.initialize()
            row["search"] = pmem.cpu_per_call("search", {"query": query}, calls)
            row["recall"] = pmem.cpu_per_call("recall", {}, calls)
            row["trace"] = pmem.cpu_per_call("trace", {"id": ids[0]}, calls)
            row["check"] = pmem.cpu_per_call("check", {}, max(calls // 5, 2))
        finally:
            pmem.close()
        if problem is None:
            memory = peer_memory(paths, root / f"agents-{size}")
            peer = Session(
                ["node", str(PEER_BIN.resolve())], root, {"MEMORY_FILE_PATH": str(memory)}
            )
            try:
                peer.initialize()
                row["search_nodes"] = peer.cpu_per_call("search_nodes", {"query": query}, calls)
                row["open_nodes"] = peer.cpu_per_call("open_nodes", {"names": ids}, calls)
                row["open_node"] = peer.cpu_per_call("open_nodes", {"names": ids[:1]}, calls)
                row["read_graph"] = peer.cpu_per_call("read_graph", {}, max(calls // 5, 2))
            finally:
                peer.close()
        figures[size] = {key: round(value * 1000, 2) for key, value in row.items()}  # ms
        if size == sizes[0]:
            figures["start"] = start_figures(paths, root, spawns, problem is None)
    return figures


def start_figures(paths: dict, root: Path, spawns: int, with_peer: bool) -> dict:
    """Spawn → initialize answered (wall), and → the tools listed after it (`pmem mcp` answers
    initialize before its SDK is loaded: the list waits for it), alternating the two servers; the
    median of each."""
    samples: dict[str, list[float]] = {}
    memory = peer_memory(paths, root) if with_peer else None
    for _ in range(spawns):
        servers = [("pmem", pmem_mcp(paths), paths["repo"], pmem_env(paths))]
        if memory is not None:
            peer = ["node", str(PEER_BIN.resolve())]
            servers.append(("peer", peer, root, {"MEMORY_FILE_PATH": str(memory)}))
        for name, command, cwd, env in servers:
            session = Session(command, cwd, env)
            samples.setdefault(f"{name}_ms", []).append(session.initialize())
            session.request("tools/list", {})
            samples.setdefault(f"{name}_tools_ms", []).append(time.perf_counter() - session.began)
            session.close()
    return {key: round(statistics.median(values) * 1000, 1) for key, values in samples.items()}


def cli_figures(root: Path, sizes: tuple[int, int], check_records: int, runs: int) -> dict:
    """`pmem recall` by size and `pmem check` on a typical pair, against `python -c pass`, in CPU
    seconds."""
    workspaces = {size: corpus.workspace(root / f"recall-{size}", size) for size in sizes}
    samples: dict[str, list[float]] = {"pass_s": []}
    for _ in range(runs):  # alternated: the machine's noise falls on each alike
        samples["pass_s"].append(child_cpu([PYTHON, "-c", "pass"], root, {}, 1))
        for size, paths in workspaces.items():
            samples.setdefault(f"recall_{size}_s", []).append(
                child_cpu(
                    [PYTHON, "-m", "profile_memory", "recall"], paths["repo"], pmem_env(paths), 1
                )
            )
    figures: dict = {key: round(statistics.median(values), 4) for key, values in samples.items()}
    paths = corpus.workspace(root / "check-pair", check_records)
    pair = [paths["profile"], paths["log"]]
    figures["check_lines"] = [len(p.read_text(encoding="utf-8").splitlines()) for p in pair]
    figures["check_s"] = round(
        child_cpu(
            [PYTHON, "-m", "profile_memory", "check", *map(str, pair)],
            paths["repo"],
            pmem_env(paths),
            runs,
        ),
        4,
    )
    return figures


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def targets(mcp: dict, cli: dict, sizes: tuple[int, ...]) -> list[tuple[str, str, str]]:
    rows = []
    small, large = sizes[0], sizes[-1]
    peer = "search_nodes" in mcp.get(small, {})
    for tool, theirs in (
        ("search", "search_nodes"),
        ("recall", "open_nodes"),
        ("trace", "open_node"),
        ("check", "read_graph"),
    ):
        for size, bound in ((small, 2.0), (large, 1.0)):
            ours = mcp[size][tool]
            name = f"MCP `{tool}` CPU per call ≤ {bound:g} × `{theirs}`, {size:,} ids"
            if not peer:
                rows.append((name, f"{ours} ms; the peer: {mcp['peer']}", "MISS"))
                continue
            ratio = ours / max(mcp[size][theirs], 0.01)
            rows.append(
                (name, f"{ours} / {mcp[size][theirs]} ms = {ratio:.2f}", verdict(ratio <= bound))
            )
        growth = mcp[large][tool] / max(mcp[small][tool], 0.01)
        rows.append(
            (
                f"MCP `{tool}` per call, {large:,} / {small:,} ids (flat in log size)",
                f"{mcp[large][tool]} / {mcp[small][tool]} ms = {growth:.2f}",
                "",
            )
        )
    start = mcp["start"]
    if "peer_ms" in start:
        ratio = start["pmem_ms"] / start["peer_ms"]
        rows.append(
            (
                "MCP spawn → initialize answered ≤ 1.5 × the reference server's",
                f"{start['pmem_ms']} / {start['peer_ms']} ms = {ratio:.2f}",
                verdict(ratio <= 1.5),
            )
        )
        tools = start["pmem_tools_ms"] / start["peer_tools_ms"]
        rows.append(
            (
                "MCP spawn → tools listed (the SDK loaded), against the reference server's",
                f"{start['pmem_tools_ms']} / {start['peer_tools_ms']} ms = {tools:.2f}",
                "",
            )
        )
    floor = cli["pass_s"]
    for size in (small, large):
        seconds = cli[f"recall_{size}_s"]
        rows.append(
            (
                f"`pmem recall` CPU ≤ 4 × `python -c pass`, {size:,} ids",
                f"{seconds} / {floor} s = {seconds / floor:.1f}",
                verdict(seconds <= 4 * floor),
            )
        )
    growth = cli[f"recall_{large}_s"] / cli[f"recall_{small}_s"]
    rows.append(
        (
            f"`pmem recall` {large:,} ids ≤ 1.2 × {small:,} ids",
            f"{cli[f'recall_{large}_s']} / {cli[f'recall_{small}_s']} s = {growth:.2f}",
            verdict(growth <= 1.2),
        )
    )
    lines = " + ".join(map(str, cli["check_lines"]))
    rows.append(
        (
            f"`pmem check` CPU on a typical pair ({lines} lines) ≤ 6 × `python -c pass`",
            f"{cli['check_s']} / {floor} s = {cli['check_s'] / floor:.1f}",
            verdict(cli["check_s"] <= 6 * floor),
        )
    )
    return rows


def section(mcp: dict, cli: dict, rows: list[tuple[str, str, str]]) -> str:
    """The Markdown section of RESULTS.md for these figures."""
    sizes = [k for k in mcp if isinstance(k, int)]
    lines = [
        "## Agents' paths (CPU)",
        "",
        "`python bench/run.py --only agents`: the server's own CPU per MCP call (from /proc), the "
        f"reference memory server ({PEER_VERSION}) on the same records loaded as entities; "
        "`pmem recall` and `pmem check` as CPU seconds of the whole process.",
        "",
        "| per call (ms CPU) | " + " | ".join(f"{s:,} ids" for s in sizes) + " |",
        "|---|" + "---:|" * len(sizes),
    ]
    for key in mcp[sizes[0]]:
        lines.append(f"| {key} | " + " | ".join(str(mcp[s].get(key, "")) for s in sizes) + " |")
    lines += [
        "",
        "Spawn → initialize answered, and → the tools listed after it (ms, wall, median): "
        f"{json.dumps(mcp['start'])}.",
    ]
    lines += ["", f"Command line (CPU seconds, median): `{json.dumps(cli)}`."]
    lines += ["", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {result} |" for name, value, result in rows]
    return "\n".join(lines) + "\n"


def figures(root: Path, smoke: bool) -> tuple[dict, dict, list[tuple[str, str, str]], str]:
    sizes = (30, 60) if smoke else (300, 10_000)
    mcp = mcp_figures(root, sizes, calls=3 if smoke else 30, spawns=2 if smoke else 9)
    cli = cli_figures(root, (sizes[0], sizes[-1]), 40, runs=2 if smoke else 15)
    rows = targets(mcp, cli, sizes)
    return mcp, cli, rows, section(mcp, cli, rows)
