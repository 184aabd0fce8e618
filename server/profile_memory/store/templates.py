"""The bundled templates (docs/format.md, "Templates") and provisioning from them: missing files
only, never an overwrite."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from profile_memory.core.facts_history import HISTORY_FOLDER
from profile_memory.core.files import (
    FACT_FILE,
    JOURNAL_FILE,
    MEMORY_FOLDER,
    PROJECT_PAIR,
    USER_PAIR,
    log_file_name,
    profile_file_name,
)
from profile_memory.core.values import value_class
from profile_memory.store.safe import (
    IGNORED_NAMES,
    append_missing_lines,
    create_new,
    ensure_folder,
    folder_lock,
    open_folder,
)

_PACKAGE = Path(str(resources.files("profile_memory")))
_CANDIDATES = (
    _PACKAGE / "templates",
    _PACKAGE.parent.parent / "templates",
)  # wheel, then source tree

MEMORY_FILES = (FACT_FILE, JOURNAL_FILE)


def provisioning(scope: str, folder: Path) -> tuple[Path, list[str], int]:
    """What `init` creates for a scope (`user`, `project` or `memory`) in its folder, and with which
    mode: a profile pair's two files (0644), or an agent's memory files (0600). The CLI and the
    server share it."""
    if scope == "memory":
        return folder, list(MEMORY_FILES), 0o600
    pair = USER_PAIR if scope == "user" else PROJECT_PAIR
    return folder, [profile_file_name(pair), log_file_name(pair)], 0o644


def templates_dir() -> Path:
    for candidate in _CANDIDATES:
        if (candidate / "user-profile.md").is_file():
            return candidate
    raise FileNotFoundError(
        "the bundled templates are missing from this installation of profile-memory"
    )


def template_text(name: str, language: str = "zh") -> str:
    folder = templates_dir() / "en" if language == "en" else templates_dir()
    return (folder / name).read_text(encoding="utf-8")


@value_class(frozen=True, slots=True)
class Provisioned:
    path: Path
    created: bool


def ignored_names(folder: Path) -> tuple[str, ...]:
    """What the folder's `.gitignore` lists: the lock and temp files; in a memory folder also the
    kept FACT.md versions, private local history that may still hold a secret redacted later."""
    if folder.name.lower() == MEMORY_FOLDER:
        return (*IGNORED_NAMES, f"{HISTORY_FOLDER}/")
    return IGNORED_NAMES


def provision(folder: Path, names: list[str], language: str, mode: int) -> list[Provisioned]:
    """Create each missing file of `names` in `folder` from its template, under the folder lock."""
    ensure_folder(folder)
    results = []
    with open_folder(folder) as folder_fd, folder_lock(folder):
        append_missing_lines(folder_fd, ".gitignore", ignored_names(folder))
        for name in names:
            existing = _case_variant(folder, name)
            if existing is not None:
                results.append(Provisioned(existing, False))
                continue
            created = create_new(
                folder_fd, name, template_text(name, language).encode("utf-8"), mode
            )
            results.append(Provisioned(folder / name, created))
    return results


def _case_variant(folder: Path, name: str) -> Path | None:
    for existing in folder.iterdir():
        if existing.name.lower() == name.lower():
            return existing
    return None
