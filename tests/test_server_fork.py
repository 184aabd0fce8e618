"""The fork server the LSP and MCP tests start their servers with (`server_fork.py`) runs `pmem`
as a fresh process does: the same exit code, stdout and stderr, in the launcher's folder and
environment; and a launcher killed takes its server with it."""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys

import pytest
import server_fork
from cli_support import HANG, WORKSPACES, pmem_environment

pytestmark = pytest.mark.skipif(not server_fork.available(), reason="no fork server here")
PMEM = [sys.executable, "-m", "profile_memory"]
IMPORTS = ("profile_memory.cli",)


@pytest.mark.parametrize(
    "args", [["--version"], ["check"], ["check", "--format", "json"], ["no-such-command"]]
)
def test_a_forked_pmem_says_what_a_fresh_one_says(tmp_path, args):
    shutil.copytree(WORKSPACES / "clean", tmp_path / "clean")
    repo = tmp_path / "clean" / "repo"
    env = pmem_environment(repo, {"PMEM_USER_DIR": str(tmp_path / "clean/home/.cursor/profile")})
    forked = server_fork.command([*PMEM, *args], env, IMPORTS, late=("HOME",))
    assert forked[:3] == [sys.executable, "-I", "-S"]
    fresh, fork = (
        subprocess.run(
            command, cwd=repo, env=env, capture_output=True, stdin=subprocess.DEVNULL, timeout=HANG
        )
        for command in ([*PMEM, *args], forked)
    )
    assert (fork.returncode, fork.stdout, fork.stderr) == (
        fresh.returncode,
        fresh.stdout,
        fresh.stderr,
    )


def test_a_killed_launcher_takes_its_server_with_it(tmp_path):
    env = {**os.environ, "PMEM_TODAY": "2026-11-30"}
    launcher = subprocess.Popen(
        server_fork.command([*PMEM, "serve"], env, IMPORTS),
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert launcher.stdin is not None and launcher.stdout is not None
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}'
    launcher.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    launcher.stdin.flush()
    assert select.select([launcher.stdout], [], [], HANG)[0]  # the server answers: it runs
    assert launcher.stdout.readline().startswith(b"Content-Length: ")
    launcher.send_signal(signal.SIGKILL)
    assert launcher.wait(HANG) == -signal.SIGKILL
    # the server holds the other end of stdout: its end comes when the server has ended too
    fd = launcher.stdout.fileno()
    ended = False
    while not ended and select.select([fd], [], [], HANG)[0]:
        ended = not os.read(fd, 65536)  # else the rest of the answer
    assert ended, "the server outlived its launcher"
