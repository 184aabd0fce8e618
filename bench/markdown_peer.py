"""The peer: vscode-markdown-languageserver, VS Code's own Markdown server, on an equivalent
Markdown file (as many reference links and link definitions as the log has records).

It is installed from npm into a cache folder on first use. It asks its client for markdown-it tokens
(`markdown/parse`); they are computed once per text, before the server asks, so the client's share
of its latency is only sending them.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import npm_cache
from lsp_client import Client, Raw, ms, p50_p99

CACHE = npm_cache.CACHE / "markdown"
PACKAGES = ["vscode-markdown-languageserver@0.5.0", "markdown-it@14"]
SERVER = (
    CACHE / "node_modules" / "vscode-markdown-languageserver" / "dist" / "node" / "workerMain.js"
)
TOKENIZE = (
    "const MarkdownIt = require(process.argv[1] + '/node_modules/markdown-it');"
    "const text = require('fs').readFileSync(0, 'utf8');"
    "process.stdout.write(JSON.stringify(new MarkdownIt({html: true}).parse(text, {})));"
)
SETTINGS = {
    "markdown": {
        "suggest": {"paths": {"enabled": True}},
        "occurrencesHighlight": {"enabled": False},
        "validate": {
            "enabled": True,
            "referenceLinks": {"enabled": "warning"},
            "fragmentLinks": {"enabled": "warning"},
            "fileLinks": {"enabled": "warning", "markdownFragmentLinks": "inherit"},
            "ignoredLinks": [],
            "unusedLinkDefinitions": {"enabled": "hint"},
            "duplicateLinkDefinitions": {"enabled": "warning"},
        },
    }
}
CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "workspace": {"configuration": False},
    "textDocument": {
        "diagnostic": {"dynamicRegistration": False},
        "definition": {"linkSupport": False},
    },
}


def install() -> str | None:
    """Install the server and markdown-it once; None when it worked, else why not."""
    return npm_cache.install(CACHE, PACKAGES, SERVER)


def markdown_file(path: Path, links: int) -> list[dict]:
    """A list of `links` entries, each with a reference link, then the link definitions; where each
    reference is."""
    entries = [f"- 偏好 {n} 号：见 [记录 {n}][ref-{n}]" for n in range(links)]
    definitions = [f"[ref-{n}]: https://example.com/records/{n}" for n in range(links)]
    path.write_text(
        "# 画像\n\n" + "\n".join(entries) + "\n\n" + "\n".join(definitions) + "\n", encoding="utf-8"
    )
    return [{"line": 2 + n, "character": len(entries[n]) - 3} for n in range(links)]


class Tokens:
    """markdown-it tokens by text, encoded once; the current text of each open document."""

    def __init__(self) -> None:
        self.by_text: dict[str, Raw] = {}
        self.current: dict[str, str] = {}

    def prepare(self, text: str) -> None:
        if text not in self.by_text:
            done = subprocess.run(
                ["node", "-e", TOKENIZE, str(CACHE)],
                input=text,
                capture_output=True,
                text=True,
                check=True,
            )
            self.by_text[text] = Raw(done.stdout.encode())

    def answer(self, params: dict) -> Raw:
        text = params.get("text")
        text = text if isinstance(text, str) else self.current[params["uri"]]
        self.prepare(text)
        return self.by_text[text]


async def figures(root: Path, links: int, counts: dict) -> dict:
    """Definition and pull diagnostics (after a one-character edit) p50/p99, and initialize, in
    ms."""
    reason = install()
    if reason is not None:
        return {"skipped": reason}
    folder = root / "markdown"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "notes.md"
    references = markdown_file(path, links)
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    tokens = Tokens()
    first_line = text.split("\n")[0]
    for variant in (text, text.replace(first_line, first_line + "x", 1)):
        tokens.prepare(variant)
    tokens.current[uri] = text
    answers = {
        "markdown/parse": tokens.answer,
        "markdown/findMarkdownFilesInWorkspace": lambda p: [uri],
        "markdown/fs/stat": lambda p: (
            {"isDirectory": p["uri"] != uri} if p["uri"].startswith(folder.as_uri()) else None
        ),
        "markdown/fs/readDirectory": lambda p: [["notes.md", {"isDirectory": False}]],
        "markdown/fs/readFile": lambda p: list(path.read_bytes()),
        "markdown/fs/watcher/create": lambda p: None,
    }
    began = time.perf_counter()
    client = await Client.spawn(["node", str(SERVER), "--stdio"], answers=answers)
    await client.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": folder.as_uri(),
            "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": folder.as_uri(), "name": "notes"}],
            "initializationOptions": {"markdownFileExtensions": ["md"]},
        },
    )
    result = {"initialize_ms": ms(time.perf_counter() - began)}
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
    )
    report, _ = await client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    result["diagnostics_found"] = len(report.get("items", []))
    definition = []
    for n in range(counts["hover"] // 4):
        found, elapsed = await client.request(
            "textDocument/definition",
            {"textDocument": {"uri": uri}, "position": references[n * 37 % links]},
        )
        assert found, "the peer found no definition"
        definition.append(elapsed)
    result["definition"] = p50_p99(definition)
    pulls = []
    for version in range(2, counts["edits"] + 2):
        added = version % 2 == 0
        tokens.current[uri] = text.replace(first_line, first_line + "x", 1) if added else text
        column = len(first_line)
        change = {
            "range": {
                "start": {"line": 0, "character": column},
                "end": {"line": 0, "character": column + (0 if added else 1)},
            },
            "text": "x" if added else "",
        }
        start = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
        )
        await client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        pulls.append(time.perf_counter() - start)
    result["pull_diagnostics"] = p50_p99(pulls)
    result["rss_mb"] = round(client.rss_mb(), 1)
    await client.close()
    return result


if __name__ == "__main__":  # a quick look: python bench/markdown_peer.py
    import asyncio
    import tempfile

    print(
        json.dumps(
            asyncio.run(figures(Path(tempfile.mkdtemp()), 10_000, {"hover": 400, "edits": 40})),
            indent=2,
        )
    )
