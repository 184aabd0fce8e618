"""`pmem serve` over TCP with a log file: it answers `initialize` and logs nothing to stdout."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from cli_support import HANG


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def connect(port: int, server: subprocess.Popen) -> socket.socket:
    """A connection to the server once it listens (however long a busy machine takes to start
    it), or the server's own failure."""
    deadline = time.monotonic() + HANG
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=HANG)
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_serve_over_tcp_with_a_log_file(tmp_path: Path):
    port, log_file = free_port(), tmp_path / "server.log"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "profile_memory",
            "serve",
            "--tcp",
            f"127.0.0.1:{port}",
            "--log-file",
            str(log_file),
            "-v",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    try:
        connection = connect(port, server)
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}},
            }
        ).encode()
        connection.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        received = b""
        while b'"serverInfo"' not in received:
            chunk = connection.recv(65536)
            assert chunk, "the server closed the connection"
            received += chunk
        response = json.loads(received.split(b"\r\n\r\n", 1)[1])
        assert response["result"]["serverInfo"]["name"] == "profile-memory"
        assert response["result"]["capabilities"]["hoverProvider"] is True
        connection.close()
    finally:
        server.kill()
        stdout, _ = server.communicate(timeout=HANG)
    assert stdout == b""
    assert log_file.exists() and log_file.stat().st_size > 0
