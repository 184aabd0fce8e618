"""Where the memory files are (docs/format.md, "Files"): the project root walk, the profile folders,
memory folders and `pmem.toml`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any, NamedTuple

from profile_memory.core.config import (
    CONFIG_FILE_NAME,
    ConfigProblem,
    Settings,
    merge_settings,
    parse_config_text,
)
from profile_memory.core.messages import msg
from profile_memory.core.text import decode
from profile_memory.core.workspace import FileKind, TextProvider, find_project_root

DEFAULT_USER_DIR = "~/.cursor/profile"


class Places(NamedTuple):
    user_dir: PurePath
    project_dir: PurePath
    memory_dirs: tuple[PurePath, ...]

    def default_roots(self) -> list[PurePath]:
        """What `pmem check` looks at when given no path, in this order."""
        return list(dict.fromkeys((self.user_dir, self.project_dir, *self.memory_dirs)))

    def profile_folders(self) -> list[PurePath]:
        return list(dict.fromkeys((self.user_dir, self.project_dir)))


def _absolute(path: str, base: PurePath, home: str) -> PurePath:
    expanded = home + path[1:] if path == "~" or path.startswith("~/") else path
    return PurePath(os.path.normpath(base / expanded))


def _config_layer(provider: TextProvider, folder: PurePath) -> tuple[Mapping[str, Any], str]:
    """The settings of `folder/pmem.toml` (empty when there is none); ConfigFileError when it is not
    TOML."""
    path = folder / CONFIG_FILE_NAME
    if provider.kind(path) is not FileKind.FILE:
        return {}, str(path)
    return parse_config_text(decode(provider.read(path).raw).text, str(path)), str(path)


def locate(
    cwd: PurePath,
    provider: TextProvider,
    environ: Mapping[str, str],
    home: str,
    user_dir: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> tuple[Places, Settings, list[ConfigProblem]]:
    """Places and settings for a run started in `cwd`.

    Settings precedence: `overrides` (flags or editor) > project `pmem.toml` > user `pmem.toml` >
    defaults.
    """
    overrides = dict(overrides or {})
    given = overrides.get(
        "userProfileDir"
    )  # a value of the wrong type is reported by `merge_settings` below
    chosen_user_dir = (
        user_dir
        or (given if isinstance(given, str) and given else None)
        or environ.get("PMEM_USER_DIR")
        or DEFAULT_USER_DIR
    )
    user_folder = _absolute(chosen_user_dir, cwd, home)
    profile_dir = overrides.get("projectProfileDir") or Settings().project_profile_dir
    root = find_project_root(
        cwd,
        provider,
        profile_dir if isinstance(profile_dir, str) else Settings().project_profile_dir,
        user_folder,
    )
    layers = [
        _config_layer(provider, user_folder),
        _config_layer(provider, root / Settings().project_profile_dir),
        (overrides, "settings"),
    ]
    settings, problems = merge_settings(layers)
    project_dir = _absolute(settings.project_profile_dir, root, home)
    if os.path.commonpath([project_dir, root]) != str(
        root
    ):  # a cloned repository must not make pmem write elsewhere
        problems.append(
            ConfigProblem(
                "projectProfileDir",
                msg("config.outside", folder=settings.project_profile_dir, root=str(root)),
            )
        )
        settings = settings._replace(project_profile_dir=Settings().project_profile_dir)
        project_dir = _absolute(settings.project_profile_dir, root, home)
    memory_dirs = (root / "memory", *(_absolute(d, root, home) for d in settings.memory_dirs))
    return Places(user_folder, project_dir, memory_dirs), settings, problems
