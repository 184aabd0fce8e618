"""A pytest plugin (`-p portable_io_plugin`) that makes this process look like Windows to the store:
no `dir_fd`, no `O_NOFOLLOW`, `O_DIRECTORY` or `pread`, and any call given a `dir_fd` raises as it
does there. The store must then take its portable path (store/folder.py) for everything, and a
call that still used a descriptor of a folder would fail the test that made it."""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable
from typing import Any

_DIR_FD_ARGUMENTS = ("dir_fd", "src_dir_fd", "dst_dir_fd")


def _refusing_dir_fd(call: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(call)
    def without(*args: Any, **kwargs: Any) -> Any:
        if any(kwargs.get(name) is not None for name in _DIR_FD_ARGUMENTS):
            raise NotImplementedError(f"{call.__name__}: dir_fd unavailable on this platform")
        return call(*args, **kwargs)

    return without


def pytest_configure(config: Any) -> None:
    for name in ("open", "stat", "lstat", "unlink", "rename", "replace", "link", "mkdir", "rmdir"):
        setattr(os, name, _refusing_dir_fd(getattr(os, name)))
    for name in ("O_NOFOLLOW", "O_DIRECTORY", "pread"):
        if hasattr(os, name):
            delattr(os, name)
    os.supports_dir_fd = set()
    shutil._use_fd_functions = False  # type: ignore[attr-defined]  # as on Windows

    from profile_memory.store.folder import portable

    assert portable(), "the store did not notice that dir_fd and O_NOFOLLOW are missing"
