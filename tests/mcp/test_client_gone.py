"""`pmem mcp` ends when its client closes stdin, even while a call is still running (here one that
waits for a folder lock another program holds): it does not compute for nobody, and it leaves
nothing half-written (README, "Agents (MCP)")."""

from __future__ import annotations

import json
import queue
import subprocess
import threading

from cli_support import HANG
from filelock import FileLock
from mcp_support import INITIALIZE, Tree, forked_mcp


def test_closing_stdin_ends_the_server_while_a_call_waits_for_a_lock(tree: Tree):
    journal = tree.repo / "memory" / "JOURNAL.jsonl"
    before = journal.read_bytes()
    held = FileLock(str(tree.repo / "memory" / ".pmem.lock"))
    with held:  # the call below waits for this lock until the server gives up on it
        env = {"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), "PATH": ""}
        process = subprocess.Popen(
            forked_mcp(tree, env),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        lines: queue.Queue = queue.Queue()

        def read() -> None:
            for line in process.stdout:
                lines.put(line)
            lines.put(None)  # stdout closed: the process is gone

        threading.Thread(target=read, daemon=True).start()

        def send(message: dict) -> None:
            process.stdin.write(json.dumps(message).encode() + b"\n")
            process.stdin.flush()

        def answered(request_id) -> dict:
            while True:
                message = json.loads(lines.get(timeout=HANG))  # a bound against a hang only
                if message.get("id") == request_id:
                    return message

        try:
            send(INITIALIZE)
            answered("init")
            send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            call = {"name": "memory", "arguments": {"action": "append", "text": "after the end"}}
            send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
            send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
            answered(2)  # the call was read and runs (it waits for the lock)
            process.stdin.close()
            process.wait(timeout=HANG)  # a safety net: the server must end by itself
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert held.is_locked  # it ended while the call could still not go on
    answers = [json.loads(line).get("id") for line in iter(lambda: lines.get(timeout=HANG), None)]
    assert 1 not in answers  # abandoned, not finished after the client had gone
    stderr = process.stderr.read().decode("utf-8", errors="replace")
    assert process.returncode == 0, stderr
    assert "the client closed stdin; a call still running is abandoned" in stderr
    assert journal.read_bytes() == before
