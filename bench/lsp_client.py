"""A standalone JSON-RPC client over stdio for benchmarks (no pytest-lsp): requests with timing,
notifications, answers to the requests servers send back, and the percentiles the timings are
reported as."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

Handler = Callable[[dict], Any]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def p50_p99(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return ms(ordered[len(ordered) // 2]), ms(
        ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    )


class Raw(bytes):
    """A result already encoded as JSON (large token lists are encoded once, not at every
    request)."""


class Client:
    def __init__(
        self, process: asyncio.subprocess.Process, answers: dict[str, Handler] | None = None
    ) -> None:
        self.process = process
        self.answers = {
            "workspace/configuration": lambda p: [{} for _ in p.get("items", [])],
            "client/registerCapability": lambda p: None,
            "window/workDoneProgress/create": lambda p: None,
            "workspace/diagnostic/refresh": lambda p: None,
            **(answers or {}),
        }
        self.pending: dict[int, asyncio.Future] = {}
        self.notifications: asyncio.Queue = asyncio.Queue()
        self.ids = itertools.count(1)
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def spawn(
        cls, command: list[str], env: dict | None = None, answers: dict[str, Handler] | None = None
    ) -> Client:
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=env,
            limit=1 << 26,
        )
        return cls(process, answers)

    def _frame(self, body: bytes) -> None:
        """One message on the server's input, with its header."""
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False).encode()
        self._frame(body)

    def notify_encoded(self, body: bytes) -> None:
        """A notification already encoded as JSON (a whole text encoded before the clock starts)."""
        self._frame(body)

    def _answer(self, key: Any, result: Any) -> None:
        if not isinstance(result, Raw):
            self._send({"id": key, "result": result})
            return
        body = b'{"jsonrpc":"2.0","id":%s,"result":%s}' % (json.dumps(key).encode(), result)
        self._frame(body)

    async def _read(self) -> None:
        stream = self.process.stdout
        while True:
            header = await stream.readuntil(b"\r\n\r\n")  # type: ignore[union-attr]
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(await stream.readexactly(length))  # type: ignore[union-attr]
            if "id" in message and "method" in message:
                handler = self.answers.get(message["method"])
                self._answer(
                    message["id"], handler(message.get("params") or {}) if handler else None
                )
            elif "id" in message:
                future = self.pending.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message)
            else:
                await self.notifications.put(message)

    async def request(self, method: str, params: Any) -> tuple[Any, float]:
        """The result and the seconds it took."""
        key = next(self.ids)
        future = asyncio.get_running_loop().create_future()
        self.pending[key] = future
        start = time.perf_counter()
        self._send({"id": key, "method": method, "params": params})
        message = await future
        elapsed = time.perf_counter() - start
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result"), elapsed

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    async def notification(
        self, method: str, predicate: Callable[[dict], bool] = lambda p: True, timeout: float = 60
    ) -> dict:
        deadline = time.perf_counter() + timeout
        while True:
            message = await asyncio.wait_for(
                self.notifications.get(), max(0.01, deadline - time.perf_counter())
            )
            if message["method"] == method and predicate(message.get("params") or {}):
                return message["params"]

    def drain(self) -> None:
        while not self.notifications.empty():
            self.notifications.get_nowait()

    def rss_mb(self) -> float:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.request("shutdown", None), 10)
            self.notify("exit", None)
            await asyncio.wait_for(self.process.wait(), 10)
        except (asyncio.TimeoutError, RuntimeError, ConnectionError):
            self.process.kill()
        self.reader.cancel()
