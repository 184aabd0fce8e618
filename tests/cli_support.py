"""Running the real `pmem`: in this process (`run_pmem`, fast: most CLI tests) or as a subprocess
(`run_pmem_process`: the smoke tests of each command family, and what only a process can show —
concurrency, signals, resource limits, the exit at the end of a check)."""

from __future__ import annotations

import gc
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from profile_memory import cli

WORKSPACES = Path(__file__).parent / "workspaces"


@dataclass
class Result:
    code: int
    out: str
    err: str


TODAY = "2026-11-30"
# How long a process may take before the test fails as hung: long, since a busy machine may be
# slow (a passing test never waits for it; no test measures time).
HANG = 600


def pmem_environment(cwd: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """What `pmem` sees in its environment: this one without `PMEM_*`, with HOME at `cwd` (never
    the real ~/.cursor/profile), a fixed day (ids a test expects must not depend on the day it
    runs), then `env`."""
    environment = {  # output to a pipe is block-buffered, as from a shell: it must all arrive
        k: v for k, v in os.environ.items() if not k.startswith("PMEM_") and k != "PYTHONUNBUFFERED"
    }
    environment["HOME"] = str(cwd)
    environment["PMEM_TODAY"] = TODAY
    # English, whatever this machine's locale (a test that wants Chinese sets LANG or LC_*)
    for name in ("LC_ALL", "LC_MESSAGES"):
        environment.pop(name, None)
    environment["LANG"] = "C"
    environment.update(env or {})
    return environment


# The working folder, environment and streams a run sets are the whole process's: runs from two
# threads take turns (writers that race each other are processes: `run_pmem_process`).
_ONE_AT_A_TIME = threading.Lock()


def run_pmem(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None
) -> Result:
    """`pmem ARGS` run in this process by `cli.main`, as `run_pmem_process` runs it: in `cwd`, with
    that environment, `stdin` (else an empty input) and the streams captured; an exception no
    command caught is a traceback on stderr and exit code 1, as from the interpreter."""
    out, err = _stream(b""), _stream(b"")
    with _ONE_AT_A_TIME, _process_state(cwd, pmem_environment(cwd, env)):
        sys.stdin, sys.stdout, sys.stderr = _stream((stdin or "").encode("utf-8")), out, err
        try:
            code = cli.main(list(args))
        except SystemExit as done:  # argparse: usage errors, --help, --version
            code = _exit_code(done.code, err)
        except Exception:
            traceback.print_exc(file=err)
            code = 1
    return Result(code, _read(out), _read(err))


def run_pmem_process(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None
) -> Result:
    """`pmem ARGS` as a subprocess (`python -m profile_memory`, the entry point's own path)."""
    done = subprocess.run(
        [sys.executable, "-m", "profile_memory", *args],
        cwd=cwd,
        env=pmem_environment(cwd, env),
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=HANG,
    )
    return Result(done.returncode, done.stdout, done.stderr)


def _stream(data: bytes) -> io.TextIOWrapper:
    """A text stream like a pipe's: UTF-8 over bytes (the CLI reconfigures its errors)."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline="")


def _read(stream: io.TextIOWrapper) -> str:
    """What was written, decoded as `subprocess.run(text=True)` decodes a pipe (universal
    newlines)."""
    stream.flush()
    data = stream.buffer.getvalue()  # type: ignore[attr-defined]
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _exit_code(code: object, err: io.TextIOWrapper) -> int:
    """The exit code `SystemExit(code)` gives a process: None is 0, a message is printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)
    return 1


@contextmanager
def _process_state(cwd: Path, environment: dict[str, str]) -> Iterator[None]:
    """The working folder, environment, streams, temporary folder and collector thresholds of a
    `pmem` process, put back as they were afterwards (the CLI sets its own thresholds; `tempfile`
    reads TMPDIR once and keeps it)."""
    saved_cwd, saved_env, saved_tmp = os.getcwd(), dict(os.environ), tempfile.tempdir
    saved_streams, saved_gc = (sys.stdin, sys.stdout, sys.stderr), gc.get_threshold()
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(environment)
    tempfile.tempdir = None
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        tempfile.tempdir = saved_tmp
        os.environ.clear()
        os.environ.update(saved_env)
        os.chdir(saved_cwd)
        gc.set_threshold(*saved_gc)


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    """A copy of tests/workspaces/clean: `home/.cursor/profile` (user) and `repo/` (project)."""
    shutil.copytree(WORKSPACES / "clean", tmp_path / "clean")
    return tmp_path / "clean"


@pytest.fixture
def pmem_in_repo(clean: Path):
    user_dir = str(clean / "home" / ".cursor" / "profile")

    def run(*args: str, cwd: Path | None = None) -> Result:
        return run_pmem(*args, cwd=cwd or clean / "repo", env={"PMEM_USER_DIR": user_dir})

    return run


def unsafe_memory(memory: Path, elsewhere: Path) -> None:
    """Make `memory/FACT.md` a link to `elsewhere` (a file holding a secret) and
    `memory/JOURNAL.jsonl` a FIFO: neither may ever be read or written."""
    elsewhere.write_text("# secret\n")
    (memory / "FACT.md").unlink()
    os.symlink(elsewhere, memory / "FACT.md")
    (memory / "JOURNAL.jsonl").unlink()
    os.mkfifo(memory / "JOURNAL.jsonl")
