"""The server against malformed frames, params and commands, over raw stdio: every request gets an answer
(an error where the request is wrong, never a silent null) and the server stays up."""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import server_fork
from lsp_support import HANG, SERVE_IMPORTS, SERVER

WORKSPACES = Path(__file__).parents[1] / "workspaces"


class RawClient:
    """JSON-RPC over the server's stdin and stdout, frames written by hand."""

    def __init__(self, cwd: Path, forked: bool = True) -> None:
        """`pmem serve` in `cwd`: started by the fork server (`server_fork.py`), or, for what
        only a process of its own shows (its memory), as a fresh process."""
        env = SERVER.server_env or {}
        command = [sys.executable, "-m", "profile_memory", "serve"]
        self.process = subprocess.Popen(
            server_fork.command(command, env, SERVE_IMPORTS) if forked else command,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = 0
            while (line := stream.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            self.messages.put(json.loads(stream.read(length)))

    def frame(self, body: bytes, length: int | None = None) -> None:
        self.process.stdin.write(
            b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body
        )
        self.process.stdin.flush()

    def send(self, method: str, params=None, notify: bool = False) -> int | None:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            self.next_id += 1
            message["id"] = self.next_id
        self.frame(json.dumps(message).encode())
        return message.get("id")

    def answer(self, request_id: int, timeout: float = HANG) -> dict:
        """The response to `request_id` (other messages, such as diagnostics, are passed over)."""
        while True:
            message = self.messages.get(timeout=timeout)
            if message.get("id") == request_id and "method" not in message:
                return message

    def request(self, method: str, params=None) -> dict:
        return self.answer(self.send(method, params))  # type: ignore[arg-type]

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def started(tmp_path: Path, forked: bool = True):
    shutil.copytree(WORKSPACES / "clean", tmp_path / "clean")
    repo = tmp_path / "clean" / "repo"
    client = RawClient(repo, forked)
    answer = client.request(
        "initialize",
        {
            "processId": None,
            "rootUri": repo.as_uri(),
            "capabilities": {},
            "initializationOptions": {
                "userProfileDir": str(tmp_path / "clean" / "home" / ".cursor" / "profile")
            },
        },
    )
    assert "result" in answer
    client.send("initialized", {}, notify=True)
    yield client, repo
    client.close()


@pytest.fixture
def server(tmp_path: Path):
    yield from started(tmp_path)


@pytest.fixture
def own_server(tmp_path: Path):
    """A server that is a fresh process, whose memory is its own (a fork shares its pages)."""
    yield from started(tmp_path, forked=False)


def alive(client: RawClient) -> None:
    assert "result" in client.request(
        "workspace/executeCommand", {"command": "profileMemory.newId", "arguments": []}
    )


def position_params(uri: str, line, character=0) -> dict:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


@pytest.mark.parametrize(
    "params",
    [
        "line -1",
        "line 2**31",
        "a number for textDocument",
    ],
)
def test_requests_whose_params_do_not_validate_are_answered(server, params):
    client, repo = server
    uri = (repo / ".cursor" / "profile" / "project-profile.md").as_uri()
    shaped = {
        "line -1": position_params(uri, -1),
        "line 2**31": position_params(uri, 2**31),
        "a number for textDocument": {"textDocument": 5, "position": {"line": 0, "character": 0}},
    }[params]
    answer = client.request("textDocument/hover", shaped)
    assert answer["error"]["code"] == -32602
    alive(client)


def test_an_absurd_content_length_is_refused_and_the_server_keeps_serving(server):
    client, _ = server
    client.frame(b"", length=10**12)
    alive(client)
    assert client.process.poll() is None


@pytest.mark.parametrize(
    "command, arguments",
    [
        ("profileMemory.confirmAll", [5]),
        ("profileMemory.confirmAll", [None]),
        ("profileMemory.confirmAll", [[1]]),
        ("profileMemory.confirmAll", []),
        ("profileMemory.discardAll", [{}]),
        ("profileMemory.openRecord", ["file:///x.md", "ten"]),
        ("profileMemory.openRecord", ["file:///x.md", -1]),
        ("profileMemory.recall", [{"format": ["text"]}]),
        ("profileMemory.journalAppend", [{"text": "x", "dir": "mem\u0000ory"}]),
        ("profileMemory.journalAppend", [{"text": "\ud800"}]),
    ],
)
def test_bad_command_arguments_get_an_error_not_null(server, command, arguments):
    client, _ = server
    answer = client.request(
        "workspace/executeCommand", {"command": command, "arguments": arguments}
    )
    assert "error" in answer and answer["error"]["code"] in (-32602, -32803), answer
    alive(client)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"action": "nope", "uri": "file:///x.md", "line": 0},
        {"action": "normalise", "uri": 5, "line": 0},
        {"action": "new-id", "uri": "file:///x.md", "line": 0, "span": "all"},
    ],
)
def test_code_action_resolve_with_data_it_never_listed_is_an_error(server, data):
    client, _ = server
    action = {"title": "x"} | ({"data": data} if data is not None else {})
    answer = client.request("codeAction/resolve", action)
    assert answer.get("error", {}).get("code") == -32602, answer
    alive(client)


def test_confirm_all_on_a_linked_pending_file_is_refused(server, tmp_path):
    client, repo = server
    pending = repo / ".cursor" / "profile" / "profile-pending.md"
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_bytes(pending.read_bytes())
    pending.unlink()
    pending.symlink_to(elsewhere)
    answer = client.request(
        "workspace/executeCommand",
        {"command": "profileMemory.confirmAll", "arguments": [pending.as_uri()]},
    )
    assert "error" in answer and "link" in answer["error"]["message"], answer
    alive(client)


def rss_kib(client: RawClient) -> int:
    status = Path(f"/proc/{client.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


def test_closed_unsaved_documents_give_their_memory_back(own_server, tmp_path):
    client, _ = own_server
    text = "# User Profile\n\n## 技术偏好\n" + "".join(
        f"- 条目 {i} 🧠 <!-- PF-20260412-{i + 1:02d} -->\n" for i in range(3000)
    )

    def cycle(start: int, count: int) -> None:
        for n in range(start, start + count):
            uri = (tmp_path / "unsaved" / str(n) / "user-profile.md").as_uri()  # never on disk
            client.send(
                "textDocument/didOpen",
                {
                    "textDocument": {
                        "uri": uri,
                        "languageId": "markdown",
                        "version": 1,
                        "text": text,
                    }
                },
                notify=True,
            )
            client.send(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [
                        {
                            "range": {
                                "start": {"line": 3, "character": 0},
                                "end": {"line": 3, "character": 0},
                            },
                            "text": "- 新\n",
                        }
                    ],
                },
                notify=True,
            )
            client.send("textDocument/didClose", {"textDocument": {"uri": uri}}, notify=True)
        alive(client)

    cycle(0, 40)  # warm up: what the server keeps for good is allocated by now
    before = rss_kib(client)
    cycle(40, 160)
    grown = rss_kib(client) - before
    assert grown < 40 * 1024, f"the server grew by {grown // 1024} MiB over 160 closed documents"


def published(client: RawClient, uri: str, timeout: float = HANG) -> list[dict]:
    """The next diagnostics pushed for `uri` that say something (other messages are passed over)."""
    while True:
        message = client.messages.get(timeout=timeout)
        params = message.get("params") or {}
        if message.get("method") == "textDocument/publishDiagnostics" and params["uri"] == uri:
            if params["diagnostics"]:
                return params["diagnostics"]


def test_a_large_closed_journal_is_not_kept_once_checked(own_server):
    """Its findings are kept, not its text, nor once a request read it (the references of an id
    it names): a journal of a million lines held ~360 MB for as long as the server ran (#25)."""
    client, repo = own_server
    journal = repo / "memory" / "JOURNAL.jsonl"
    profile = repo / ".cursor" / "profile" / "project-profile.md"
    alive(client)
    before = rss_kib(client)
    entry = {"ts": "2026-11-30T08:00:00.000Z", "tags": ["界面"], "text": "用户喜欢极简界面 🧠 " * 3}
    line = json.dumps(entry, ensure_ascii=False) + "\n"
    naming = json.dumps({**entry, "text": entry["text"] + "PF-20260601-01"}, ensure_ascii=False)
    with journal.open("a", encoding="utf-8") as handle:  # one line in 100 names the id
        handle.write((line * 99 + naming + "\n") * 450 + "{broken\n")
    size_kib = journal.stat().st_size // 1024
    client.send(
        "workspace/didChangeWatchedFiles",
        {"changes": [{"uri": journal.as_uri(), "type": 2}]},
        notify=True,
    )
    found = published(client, journal.as_uri())
    assert [d["code"] for d in found] == ["PM020"], found
    text = profile.read_text(encoding="utf-8")
    number = next(n for n, line in enumerate(text.split("\n")) if "PF-20260601-01" in line)
    position = {"line": number, "character": text.split("\n")[number].index("PF-") + 1}
    client.send(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": profile.as_uri(),
                "languageId": "markdown",
                "version": 1,
                "text": text,
            }
        },
        notify=True,
    )
    answer = client.request(
        "textDocument/references",
        {
            "textDocument": {"uri": profile.as_uri()},
            "position": position,
            "context": {"includeDeclaration": True},
        },
    )
    assert sum(loc["uri"] == journal.as_uri() for loc in answer["result"]) == 450 + 1
    alive(client)
    grown = rss_kib(client) - before
    assert grown < size_kib, (
        f"the server grew by {grown // 1024} MiB for a {size_kib // 1024} MiB journal"
    )
