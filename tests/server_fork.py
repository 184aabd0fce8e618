"""Server processes for the tests without paying their imports each time: `command` turns
`python -m profile_memory ARGS` into a launcher that has a *fork server* start it.

A server process spends most of its start importing (lsprotocol alone takes over a second of CPU),
and the LSP tests start one per test. The fork server is a process that imported the server's
modules once, with the environment the tests give the server; for each launch it forks, and the
fork takes the launcher's stdin, stdout and stderr, working folder, environment and arguments and
runs `python -m profile_memory ARGS` as the interpreter would (`runpy`, `sys.path[0]` the working
folder). The server is still a process of its own on real pipes, whose exit code the launcher
exits with (a server killed by a signal kills the launcher by the same signal); a launcher that
dies takes its server with it. Only the start and the end differ from a fresh process: what was
imported is imported once, before the fork (so a test of what a command imports, or of how fast
it starts, runs the real command), and the exit does what the interpreter promises (threads
joined, `atexit`, streams flushed) but not the freeing of every object. Where there is no `fork` or `pidfd_open` (Windows, macOS),
`command` returns the command as it was.

This file is also the fork server (`python server_fork.py serve SOCKET MODULE...`) and the launcher
(`python -I -S server_fork.py launch SOCKET ARG...`): its top level imports only the standard
library, so that the launcher starts in a few milliseconds."""

from __future__ import annotations

import atexit
import io
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import traceback

# How long the fork server may take to import before the test fails as hung: long, since a busy
# machine may be slow (a wait ends when the server says it is ready).
HANG = 600
_HEADER = 8  # bytes giving the length of the launch's JSON
_servers: dict[tuple[tuple[tuple[str, str], ...], tuple[str, ...]], str] = {}


def available() -> bool:
    return sys.platform == "linux" and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")


def command(
    argv: list[str], env: dict[str, str], preload: tuple[str, ...], late: tuple[str, ...] = ()
) -> list[str]:
    """The command that runs `argv` (`python -m profile_memory ARGS`, else it is returned as it
    is) as a fork of a process that imported `preload`: the process must be started with `env`.
    The fork server has that environment but for the variables in `late`, which the process only
    reads once a command runs (pmem reads HOME and PMEM_TODAY when it needs them, never on
    import): launches that differ only in those share a fork server."""
    prefix = [sys.executable, "-m", "profile_memory"]
    if not available() or argv[: len(prefix)] != prefix:
        return argv
    key = (tuple(sorted((k, v) for k, v in env.items() if k not in late)), preload)
    if key not in _servers:
        _servers[key] = _start(env, preload)
    return [sys.executable, "-I", "-S", __file__, "launch", _servers[key], *argv[len(prefix) :]]


def _start(env: dict[str, str], preload: tuple[str, ...]) -> str:
    """A fork server with this environment, once it has imported `preload`: its socket's path.
    It ends when this process closes its stdin (at exit, or when this process dies)."""
    folder = tempfile.mkdtemp(prefix="pmem-forks-")
    path = os.path.join(folder, "socket")
    with open(os.path.join(folder, "log"), "wb") as log:
        server = subprocess.Popen(
            [sys.executable, __file__, "serve", path, *preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            env=env,
            cwd=folder,
        )
    assert server.stdout is not None and server.stdin is not None
    ready, _, _ = select.select([server.stdout], [], [], HANG)
    if not ready or server.stdout.readline() != b"ready\n":
        server.kill()
        server.wait()
        with open(os.path.join(folder, "log"), encoding="utf-8", errors="replace") as log_text:
            raise RuntimeError(f"the fork server did not start:\n{log_text.read()}")
    atexit.register(_stop, server, folder)
    return path


def _stop(server: subprocess.Popen[bytes], folder: str) -> None:
    assert server.stdin is not None
    server.stdin.close()
    server.wait(HANG)
    shutil.rmtree(folder, ignore_errors=True)


def _serve(path: str, modules: list[str]) -> None:
    """The fork server: import, say ready, then fork a handler per launch until stdin ends.
    No handler or `finally` here: a server forked from it returns through this frame."""
    import importlib
    import threading

    sys.path[0] = os.getcwd()  # as `python -m` has it
    for module in modules:
        importlib.import_module(module)
    # a fork copies only the thread that forks
    assert threading.active_count() == 1, threading.enumerate()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    os.write(1, b"ready\n")
    while True:
        readable, _, _ = select.select([listener, 0], [], [])
        _reap()
        if 0 in readable and not os.read(0, 1):
            return
        if listener in readable:
            connection, _ = listener.accept()
            if os.fork() == 0:
                listener.close()
                _handle(connection)  # returns only in the server it forked
                return
            connection.close()


def _reap() -> None:
    """Collect the handlers that ended."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _handle(connection: socket.socket) -> None:
    """A launch: fork the server, and send its wait status to the launcher when it ends, or kill
    it if the launcher goes away first. Returns only in the forked server, ready to run; the
    handler never leaves this frame (it would serve launches as a second fork server)."""
    try:
        launch, fds = _received(connection)
        server = os.fork()
    except BaseException:
        traceback.print_exc()
        os._exit(70)
    if server == 0:
        connection.close()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        _become(launch["argv"], launch["cwd"], launch["env"])
        return
    try:
        for fd in fds:
            os.close(fd)
        ended = os.pidfd_open(server)
        readable, _, _ = select.select([connection, ended], [], [])
        if ended not in readable:  # the launcher went away (it never sends anything)
            os.kill(server, signal.SIGKILL)
        _, status = os.waitpid(server, 0)
        connection.sendall(str(status).encode("ascii"))
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(0)


def _received(connection: socket.socket) -> tuple[dict, list[int]]:
    """A launch's arguments, folder and environment, and its stdin, stdout and stderr."""
    data, fds, _, _ = socket.recv_fds(connection, _HEADER, 3)
    data += _exactly(connection, _HEADER - len(data))
    return json.loads(_exactly(connection, int.from_bytes(data, "big"))), fds


def _exactly(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            raise EOFError("the launcher went away")
        data += chunk
    return data


def _become(argv: list[str], cwd: str, env: dict[str, str]) -> None:
    """This process as `python -m profile_memory ARGV` in `cwd` with `env` would start."""
    import runpy

    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.path[0] = os.getcwd()
    sys.argv = ["-m", *argv]
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        stream = _standard_stream(fd, getattr(sys, name))
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    try:
        runpy.run_module("profile_memory", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as done:
        code = _exit_code(done.code)
    except KeyboardInterrupt:
        raise  # the interpreter ends by the signal
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    _finalize(code)


def _exit_code(code: object) -> int:
    """The exit code `SystemExit(code)` gives a process: None is 0, a message is printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _finalize(code: int) -> None:
    """Exit as the interpreter does, in what it promises: non-daemon threads joined, `atexit`
    functions run, stdout and stderr flushed (a failed flush exits 120). What it does not
    promise is left out: freeing every object (half a second of CPU for the server's modules),
    whose finalizers a program cannot count on at exit anyway."""
    import threading

    threading._shutdown()  # type: ignore[attr-defined]  # what the interpreter calls first
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            code = code or 120
    os._exit(code)


def _standard_stream(fd: int, was: io.TextIOWrapper) -> io.TextIOWrapper:
    """The stream the interpreter makes at its start on the standard stream `fd` (the fork
    server's own were made for other files: buffered, or not, for them)."""
    unbuffered = was.write_through  # -u, PYTHONUNBUFFERED
    mode, buffering = ("wb", 0 if unbuffered else -1) if fd else ("rb", -1)
    binary = open(fd, mode, buffering=buffering, closefd=False)
    raw = binary if buffering == 0 else binary.raw  # type: ignore[attr-defined]
    raw.name = was.buffer.raw.name if hasattr(was.buffer, "raw") else was.buffer.name
    return io.TextIOWrapper(
        binary,
        encoding=was.encoding,
        errors=was.errors,
        newline="\n",
        line_buffering=not unbuffered and (fd == 2 or os.isatty(fd)),
        write_through=unbuffered,
    )


def _launch(path: str, argv: list[str]) -> None:
    """The launcher: hand this process's streams, folder, environment and arguments to the fork
    server, then exit as the server it started exits."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    launch = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}
    payload = json.dumps(launch).encode("ascii")  # lone surrogates escaped
    socket.send_fds(connection, [len(payload).to_bytes(_HEADER, "big")], [0, 1, 2])
    connection.sendall(payload)
    # the server's ends of the pipes are the server's alone: the client sees their end when the
    # server closes them
    nothing = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(nothing, fd)
    status = b""
    while chunk := connection.recv(64):
        status += chunk
    if not status:  # the handler died: no server to exit as
        os._exit(70)
    code = os.waitstatus_to_exitcode(int(status))
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


if __name__ == "__main__":
    if sys.argv[1] == "launch":
        _launch(sys.argv[2], sys.argv[3:])
    else:
        _serve(sys.argv[2], sys.argv[3:])
