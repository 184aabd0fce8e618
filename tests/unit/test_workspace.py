"""The workspace model: providers, caching by version, profile sets, allocation and places."""

import datetime as dt
from pathlib import PurePath

from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, memory_workspace, record
from profile_memory.core.places import locate
from profile_memory.core.workspace import MemoryProvider


def test_allocation_looks_at_both_pairs_pending_and_deleted_ids():
    workspace = memory_workspace(
        {
            f"{USER_DIR}/user-profile.md": "# U\n## A\n- a <!-- PF-20261130-01 -->\n",
            f"{USER_DIR}/user-profile-log.md": LOG_HEAD
            + record("PF-20261130-01", "2026-11-30")
            + record("PF-20261130-04", "2026-11-30", op="删除"),
            f"{PROJECT_DIR}/project-profile.md": "# P\n## B\n- b <!-- PF-20261130-02 -->\n",
            f"{PROJECT_DIR}/profile-pending.md": "**项目画像：**\n- [演进][B] 旧：b → 新：c <!-- PF-20261130-06 -->\n",
        }
    )
    allocator = workspace.profile_set(PurePath(PROJECT_DIR)).allocator()
    today = dt.date(2026, 11, 30)
    assert [allocator.next(today), allocator.next(today)] == ["PF-20261130-07", "PF-20261130-08"]


def test_pending_mentions_and_pairs_of_a_set():
    workspace = memory_workspace(
        {
            f"{PROJECT_DIR}/project-profile.md": "# P\n## B\n- b <!-- PF-20261130-02 -->\n",
            f"{PROJECT_DIR}/profile-pending.md": "**项目画像：**\n- [演进][B] 旧：b → 新：c <!-- PF-20261130-02 -->\n",
        }
    )
    profile_set = workspace.profile_set(PurePath(PROJECT_DIR))
    assert [p.name for p in profile_set.pairs()] == ["user-profile", "project-profile"]
    assert [m.line for m in profile_set.pending_mentions("PF-20261130-02")] == [1]


def test_sources_are_parsed_once_per_version():
    provider = MemoryProvider({f"{USER_DIR}/user-profile.md": "# U\n"})
    workspace = memory_workspace({})
    workspace.provider = provider
    path = PurePath(f"{USER_DIR}/user-profile.md")
    first = workspace.profile(workspace.source(path))
    assert workspace.profile(workspace.source(path)) is first
    provider.write(path, "# U\n## A\n")
    assert workspace.profile(workspace.source(path)).categories[0].name == "A"


def test_places_walk_up_to_the_project_and_read_both_config_files():
    provider = MemoryProvider(
        {
            "/repo/.cursor/profile/pmem.toml": "[limits]\nproject-profile = 20\n",
            "/home/me/.cursor/profile/pmem.toml": 'language = "en"\nmemoryDirs = ["agents/a"]\n[limits]\nproject-profile = 10\n',
            "/repo/src/x.py": "",
        }
    )
    places, settings, problems = locate(PurePath("/repo/src"), provider, {}, "/home/me")
    assert places.project_dir == PurePath("/repo/.cursor/profile")  # the root found above src/
    assert places.user_dir == PurePath("/home/me/.cursor/profile")
    assert places.memory_dirs == (PurePath("/repo/memory"), PurePath("/repo/agents/a"))
    assert (
        settings.limit_for("project-profile") == 20 and settings.language == "en" and problems == []
    )
    places, _, _ = locate(PurePath("/repo/src"), provider, {"PMEM_USER_DIR": "~/other"}, "/home/me")
    assert places.user_dir == PurePath("/home/me/other")
