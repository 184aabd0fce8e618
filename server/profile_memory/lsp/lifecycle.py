"""Start-up, configuration and files changed by other programs.

At `initialized` the server reads its configuration, loads the profile sets (reporting progress),
and registers file watchers when the client allows dynamic registration.
"""

from __future__ import annotations

import os
import uuid
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import ServerCapabilitiesBuilder

from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import msg
from profile_memory.lsp import diagnostics, fact_versions, refresh, views, watch
from profile_memory.lsp.provider import path_of, uri

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


WATCHED_GLOBS = ("**/*.md", "**/*.MD", "**/*.jsonl", "**/*.JSONL")


SECTION = "profileMemory"  # the settings' section in the editor


def _settings_object(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def initialize(ls: ProfileMemoryServer, params: types.InitializeParams) -> None:
    ls.encoding = ServerCapabilitiesBuilder.choose_position_encoding(params.capabilities)
    folders = [path_of(f.uri) for f in params.workspace_folders or []]
    if not folders and params.root_uri:
        folders = [path_of(params.root_uri)]
    ls.folders = [f for f in folders if f is not None]
    ls.init_options = _settings_object(params.initialization_options)
    ls.locale = params.locale
    ls.report_problems(ls.reload())
    fact_versions.remember_all(ls)  # before any answer: a rewrite from now on is seen as one


async def _pull_configuration(ls: ProfileMemoryServer) -> None:
    workspace = ls.client_capabilities.workspace
    if not (workspace and workspace.configuration):
        return
    result = await ls.workspace_configuration_async(
        types.ConfigurationParams([types.ConfigurationItem(section=SECTION)])
    )
    ls.editor_settings = _settings_object(result[0] if result else None)


async def _register_watchers(ls: ProfileMemoryServer) -> None:
    workspace = ls.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace else None
    if not (watched and watched.dynamic_registration):
        # no watching from the client: the server's own (`PMEM_WATCH=poll` skips inotify)
        watch.start(
            ls, lambda paths: files_changed(ls, paths), os.environ.get("PMEM_WATCH") != "poll"
        )
        return
    watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED_GLOBS]
    if watched.relative_pattern_support:
        for places in ls.places:
            watchers.append(
                types.FileSystemWatcher(
                    glob_pattern=types.RelativePattern(
                        base_uri=uri(places.user_dir), pattern="*.md"
                    )
                )
            )
    options = types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers)
    await ls.client_register_capability_async(
        types.RegistrationParams(
            [
                types.Registration(
                    str(uuid.uuid4()), types.WORKSPACE_DID_CHANGE_WATCHED_FILES, options
                )
            ]
        )
    )


async def _load_with_progress(ls: ProfileMemoryServer) -> None:
    """Parse every known profile, log and pending file once, so the first requests are fast; report
    progress if possible. Journals are not read ahead: search streams them from disk, and only open
    ones are checked."""
    window = ls.client_capabilities.window
    token = None
    if window and window.work_done_progress:
        token = str(uuid.uuid4())
        await ls.work_done_progress.create_async(token)
        ls.work_done_progress.begin(
            token, types.WorkDoneProgressBegin(title=ls.text(msg("lsp.loading")))
        )
    roots = [root for places in ls.places for root in places.default_roots()]
    paths = [
        path
        for root in roots
        for path in ls.memory.discover(root)
        if role_of(path) is not Role.JOURNAL
    ]
    for count, path in enumerate(paths, 1):
        ls.memory.source(path)
        ls.memory.pair_of(path)
        if token and count % 20 == 0:
            ls.work_done_progress.report(
                token,
                types.WorkDoneProgressReport(
                    message=ls.text(msg("lsp.loaded_of", count=count, total=len(paths)))
                ),
            )
    if token:
        ls.work_done_progress.end(
            token, types.WorkDoneProgressEnd(message=ls.text(msg("count.files", n=len(paths))))
        )


async def initialized(ls: ProfileMemoryServer, params: types.InitializedParams) -> None:
    await _pull_configuration(ls)
    ls.report_problems(ls.reload())
    await _register_watchers(ls)
    await _load_with_progress(ls)
    fact_versions.remember_all(ls)
    diagnostics.refresh_all(ls)


async def workspace_did_change_configuration(
    ls: ProfileMemoryServer, params: types.DidChangeConfigurationParams
) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace and workspace.configuration:
        await _pull_configuration(ls)
    elif isinstance(params.settings, dict) and isinstance(params.settings.get(SECTION), dict):
        ls.editor_settings = params.settings[SECTION]
    ls.report_problems(ls.reload())
    diagnostics.refresh_all(ls)
    refresh.decorations_now(ls)


def workspace_did_change_watched_files(
    ls: ProfileMemoryServer, params: types.DidChangeWatchedFilesParams
) -> None:
    files_changed(
        ls, [path for change in params.changes if (path := path_of(change.uri)) is not None]
    )


def files_changed(ls: ProfileMemoryServer, paths: list[PurePath]) -> None:
    """Files written by other programs (seen by the client's watching, or by the server's own):
    the core re-reads them by version; open documents are re-checked."""
    if any(path.name.lower() == "pmem.toml" for path in paths):
        ls.report_problems(ls.reload())
    diagnostics.refresh_all(ls, ls.settings.debounce_ms / 1000)
    views.changed(ls)
    fact_versions.changed(ls, paths)
    refresh.decorations_changed(ls)


def workspace_did_change_workspace_folders(
    ls: ProfileMemoryServer, params: types.DidChangeWorkspaceFoldersParams
) -> None:
    removed = {path_of(f.uri) for f in params.event.removed}
    added = [p for f in params.event.added if (p := path_of(f.uri)) is not None]
    ls.folders = [f for f in ls.folders if f not in removed] + added
    ls.report_problems(ls.reload())
    fact_versions.remember_all(ls)
    diagnostics.refresh_all(ls)


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.INITIALIZE, initialize)
    server.handle(types.INITIALIZED, initialized)
    server.handle(types.WORKSPACE_DID_CHANGE_CONFIGURATION, workspace_did_change_configuration)
    server.handle(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, workspace_did_change_watched_files)
    server.handle(
        types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS, workspace_did_change_workspace_folders
    )
