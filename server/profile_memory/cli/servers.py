"""`pmem serve` (the language server) and `pmem mcp` (the MCP server, and `pmem mcp config`): the
two commands that start a server; the SDK is imported only when `pmem mcp` serves."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from profile_memory.cli.common import (
    CliError,
    add_user_dir,
    command,
    warn,
)
from profile_memory.core.messages import msg
from profile_memory.core.secrets import masked
from profile_memory.front import say

if TYPE_CHECKING:
    import logging


def _mask_secrets(record: logging.LogRecord) -> bool:
    """No log line shows a secret: with `-v` the libraries log whole messages, file text and all."""
    message = record.getMessage()
    shown = masked(message)
    if shown != message:
        record.msg, record.args = shown, None
    return True


def _log_to_stderr(verbose: bool, log_file: str | None = None) -> None:
    """Logs go to stderr (or a file): stdout is the protocol's transport."""
    import logging

    handler = (
        logging.FileHandler(log_file, encoding="utf-8")
        if log_file
        else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_mask_secrets)
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING, handlers=[handler], force=True
    )


def cmd_mcp(args: argparse.Namespace) -> int:
    """The MCP server for agents (README, "Agents (MCP)"); its SDK is imported only here."""
    project = Path(os.path.abspath(os.path.expanduser(args.project or os.getcwd())))
    if not project.is_dir():
        raise CliError(msg("cli.not_a_folder", project=args.project))
    if args.mcp_command == "config":
        return _mcp_config(args, project)
    import importlib.util

    from profile_memory.mcp_handshake import Opening

    if importlib.util.find_spec("mcp") is None:  # before a frame is read, and answered
        raise CliError(msg("cli.needs_mcp_sdk"))
    _log_to_stderr(args.verbose)
    # the SDK loads while the first frame is read and `initialize` answered (mcp_handshake.py)
    opening = Opening(_load_mcp_server)
    try:
        opening.loaded()
        from profile_memory.mcp_server import Door, serve
    except ImportError as error:
        if error.name is not None and error.name.split(".")[0] != "mcp":
            raise
        raise CliError(msg("cli.needs_mcp_sdk")) from None

    serve(Door(project, args.user_dir, args.trust_client_approval), opening)
    return 0


def _load_mcp_server() -> None:
    import profile_memory.mcp_server
    import profile_memory.mcp_stdio  # noqa: F401


def _mcp_config(args: argparse.Namespace, project: Path) -> int:
    import shutil

    """Print a client's configuration, or merge it into the project's file (`--write`) or the
    user-level one (`--user`); a project's file holds no path of this machine."""
    from profile_memory import mcp_config

    trust = args.trust_client_approval
    if args.user:
        try:
            target = mcp_config.user_file(args.client)
            config = mcp_config.for_user(args.client, project, trust)
            if args.write:
                mcp_config.merge_into(target, config)
        except mcp_config.ConfigError as error:
            raise CliError(error.args[0], code=1 if args.write else 2) from None
        if args.write:
            print(say(msg("cli.mcp_added_user", name=mcp_config.SERVER_NAME, path=str(target))))
        else:
            print(json.dumps(config, ensure_ascii=False, indent=2))
            print(say(msg("cli.goes_in_user", path=str(target))), file=sys.stderr)
        return 0
    config = mcp_config.for_client(args.client, project, trust)
    if args.client != "cherry" and shutil.which("pmem") is None:
        warn(msg("cli.not_on_path"))
    if args.write:
        if args.client == "cherry":
            raise CliError(msg("cli.cherry_write"))
        try:
            target = mcp_config.merge_into(mcp_config.project_file(args.client, project), config)
        except mcp_config.ConfigError as error:
            raise CliError(error.args[0], code=1) from None
        print(say(msg("cli.mcp_added", name=mcp_config.SERVER_NAME, path=str(target))))
        return 0
    print(json.dumps(config, ensure_ascii=False, indent=2))
    where = mcp_config.where(args.client, project, trust)
    print(say(msg("cli.goes_in", path=where)), file=sys.stderr)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The language server. Logs go to stderr or the log file: stdout is the LSP transport."""
    _log_to_stderr(args.verbose, args.log_file)
    from profile_memory.lsp import create_server
    from profile_memory.lsp.server import BoundedInput, keep_large_buffers_out_of_the_heap

    keep_large_buffers_out_of_the_heap()
    server = create_server()
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not port.isdigit():
            raise CliError(msg("cli.expected_host_port", tcp=args.tcp))
        server.start_tcp(host or "127.0.0.1", int(port))
    else:
        # pygls annotates a BinaryIO; it only reads lines and blocks
        server.start_io(stdin=BoundedInput(sys.stdin.buffer))  # type: ignore[arg-type]
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    serve = command(commands, "serve", cmd_serve)
    serve.add_argument("--stdio", action="store_true")
    serve.add_argument("--tcp", metavar="HOST:PORT")
    serve.add_argument("--log-file", metavar="PATH")
    serve.add_argument("-v", "--verbose", action="store_true")
    _add_mcp(commands)


def _add_mcp(commands: argparse._SubParsersAction) -> None:
    mcp = command(commands, "mcp", cmd_mcp)
    mcp.add_argument("--project", metavar="DIR")
    mcp.add_argument("--trust-client-approval", action="store_true")
    mcp.add_argument("-v", "--verbose", action="store_true")
    add_user_dir(mcp)
    mcp.set_defaults(mcp_command=None)
    actions = mcp.add_subparsers(dest="mcp_command", metavar="ACTION")
    config = command(actions, "config")
    config.add_argument("--client", choices=("vscode", "cursor", "claude", "cherry"), required=True)
    config.add_argument("--write", action="store_true")
    config.add_argument("--user", action="store_true")
    config.add_argument("--project", metavar="DIR", default=argparse.SUPPRESS)
    config.add_argument("--trust-client-approval", action="store_true", default=argparse.SUPPRESS)
