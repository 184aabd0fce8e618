"""`pmem mcp` against malformed frames over raw stdio (the real process): every frame that carries
an id gets a JSON-RPC error with that id — where the SDK alone would drop it and leave the client
waiting — and the server keeps serving; good frames pass unchanged, with their results."""

from __future__ import annotations

import json
import queue
import subprocess
import threading

import pytest
from cli_support import HANG
from mcp_support import INITIALIZE, Tree, forked_mcp


class RawMcp:
    """Newline-delimited JSON-RPC over the server's stdin and stdout, frames written by hand."""

    def __init__(self, tree: Tree) -> None:
        env = {"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), "PATH": ""}
        self.process = subprocess.Popen(
            forked_mcp(tree, env),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def write(self, raw: bytes) -> None:
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def send(self, message: object) -> None:
        self.write(json.dumps(message).encode())

    def answer(self, request_id) -> dict:
        """The next message, which must answer `request_id` (each frame here is answered in turn;
        every line out must be one JSON object)."""
        # a bound against a hang, not a wait for an event: long, since the SDK may still be
        # loading when initialize is answered (mcp_handshake.py) and a busy machine is slow
        line = self.lines.get(timeout=600)
        assert line is not None, "the server stopped"
        message = json.loads(line)
        assert message.get("id") == request_id, message
        return message

    def close(self) -> str:
        self.process.stdin.close()
        self.process.wait(timeout=HANG)
        return self.process.stderr.read().decode("utf-8", errors="replace")


@pytest.fixture
def raw(tree: Tree):
    client = RawMcp(tree)
    client.send(INITIALIZE)
    assert "result" in client.answer("init")
    client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield client
    if client.process.poll() is None:
        client.process.kill()
        client.process.wait()


def ping(request_id) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "method": "ping"}


BAD_FRAMES = {
    "jsonrpc missing": (b'{"id": 11, "method": "ping"}', 11, -32600, '"jsonrpc"'),
    "jsonrpc 1.0": (b'{"jsonrpc": "1.0", "id": "a", "method": "ping"}', "a", -32600, "2.0"),
    "jsonrpc as a number": (b'{"jsonrpc": 2.0, "id": 12, "method": "ping"}', 12, -32600, "2.0"),
    "params a list": (
        b'{"jsonrpc": "2.0", "id": 13, "method": "tools/list", "params": [1]}',
        13,
        -32602,
        '"params"',
    ),
    "params a string": (
        b'{"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": "recall"}',
        14,
        -32602,
        '"params"',
    ),
    "a lone surrogate": (
        b'{"jsonrpc": "2.0", "id": 15, "method": "tools/call", "params": {"name": "recall", '
        b'"arguments": {"format": "\\ud800"}}}',
        15,
        -32700,
        "surrogate",
    ),
    "a lone surrogate in the id": (
        b'{"jsonrpc": "2.0", "id": "x\\udc00", "method": "ping"}',
        "x\udc00",
        -32700,
        "surrogate",
    ),
    "invalid UTF-8": (
        b'{"jsonrpc": "2.0", "id": 16, "method": "ping", "params": {"x": "\xff\xfe"}}',
        16,
        -32700,
        "UTF-8",
    ),
    "a fractional id": (b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', None, -32600, '"id"'),
    "a boolean id": (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', None, -32600, '"id"'),
    "a null id": (b'{"jsonrpc": "2.0", "id": null, "method": "ping"}', None, -32600, '"id"'),
    "no JSON": (b"ping please", None, -32700, "not JSON"),
    "a JSON string": (b'"ping"', None, -32600, "object"),
    "an empty batch": (b"[]", None, -32600, "batch"),
    "deep nesting": (b"[" * 100_000 + b"]" * 100_000, None, -32700, "deeply"),
    "not a method's shape": (
        b'{"jsonrpc": "2.0", "id": 17, "method": 42}',
        17,
        -32600,
        "JSON-RPC",
    ),
}


@pytest.mark.parametrize("frame, request_id, code, words", BAD_FRAMES.values(), ids=BAD_FRAMES)
def test_a_bad_frame_is_answered_with_its_id_and_the_server_keeps_serving(
    raw: RawMcp, frame: bytes, request_id, code: int, words: str
):
    raw.write(frame)
    error = raw.answer(request_id)["error"]
    assert error["code"] == code and words in error["message"], error
    raw.send(ping(99))
    assert raw.answer(99)["result"] == {}
    assert "Traceback" not in raw.close()


def test_a_batch_gets_one_error_per_request_and_notifications_none(raw: RawMcp):
    raw.send([ping(1), {"jsonrpc": "2.0", "method": "notifications/progress"}, ping("two")])
    for request_id in (1, "two"):
        assert "batch" in raw.answer(request_id)["error"]["message"]
    raw.send(ping(3))
    assert raw.answer(3)["result"] == {}


def test_a_bad_notification_gets_no_answer_and_a_line_on_stderr(raw: RawMcp):
    raw.write(b'{"method": "notifications/initialized"}')
    raw.send(ping(4))
    assert raw.answer(4)["result"] == {}  # the next line out answers the ping: nothing between
    assert 'a frame was refused: "jsonrpc" must be "2.0"' in raw.close()


def test_good_frames_pass_unchanged_crlf_and_all(raw: RawMcp):
    raw.write(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}).encode() + b"\r")
    assert "recall" in {tool["name"] for tool in raw.answer(5)["result"]["tools"]}
    call = {
        "jsonrpc": "2.0",
        "id": "六",
        "method": "tools/call",
        "params": {"name": "recall", "arguments": {"format": "json"}},
    }
    raw.write(json.dumps(call, ensure_ascii=False).encode("utf-8"))
    result = raw.answer("六")["result"]
    assert not result.get("isError") and "偏好" in result["content"][0]["text"]
