"""`pmem mcp`: the engine as MCP tools, for the agents that write these files (README, "Agents
(MCP)").

The same places, settings, locks and atomic writes as the CLI (`store/apply.py`,
`store/memory.py`), so this server, the CLI, Cherry Studio and an editor can write the same files at
once. The `memory` tool is Cherry Studio's own (same name, input and result texts). A change to a
compact profile needs a person's yes: asked through the client where it can ask (elicitation),
else written to the pending file for the person to confirm; `--trust-client-approval` writes at
once, relying on the client's own approval of tool calls. A person's yes covers exactly the plan
the question showed: planned before asking, written only if the files it was planned from are
unchanged under the locks (`store/apply.py`, `write_prepared`). Records written here name their
source: the client's declared name and version and the date, then any source the agent gave. Logs
go to stderr; stdout is the transport.

The MCP SDK is imported only by this package (and `mcp_stdio.py`, its guarded stdio, with the
prompts and `mcp_live.py`), and only by
`pmem mcp`.

The package: `engine` (the state kept across calls, the door, what every tool shares),
`consent` (a planned change and a person's yes), one module per group of tools, each with one small
registration per tool (`memory_tool`, `read_tools`, `profile_tools`) and `resources`.
"""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
import inspect
import os
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from profile_memory import __version__, mcp_live, mcp_prompts
from profile_memory.core.messages import language_of_environment, msg, render
from profile_memory.mcp_handshake import INSTRUCTIONS, NAME, Opening
from profile_memory.mcp_server import memory_tool, profile_tools, read_tools, resources
from profile_memory.mcp_server.engine import Door, Engine, did_you_mean

__all__ = ["Door", "Engine", "create_server", "serve"]


def _argument_error(error: ValidationError) -> str:
    """A tool's arguments refused in one sentence naming the field (never pydantic's own text,
    which carries links and the input back)."""
    first = error.errors()[0]
    name, *inner = first["loc"] or ("the arguments",)
    field = f"`{name}`" + "".join(f" item {part + 1}" for part in inner if isinstance(part, int))
    if first["type"] == "missing":
        return msg("mcp.required", field=field)
    message = str(first["msg"])
    return f"{field}: {message[:1].lower()}{message[1:]}"


class _Server(MCPServer):
    """The SDK's server, its tools' arguments checked before a tool runs: a name the tool does not
    take is refused (saying what it probably meant), a value of the wrong shape in one sentence
    naming the field; in the person's language."""

    door: Door | None = None

    def _say(self, text: str) -> str:
        try:
            lang = self.door.here().lang if self.door is not None else "en"
        except ToolError:  # a broken pmem.toml: the environment's language
            lang = language_of_environment(os.environ)
        return render(text, lang)

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context | None = None
    ) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            known = list(tool.parameters.get("properties", {}))
            for given in arguments:
                if given not in known:
                    hint = did_you_mean(given, known)
                    refused = msg("mcp.no_argument", tool=name, given=given, hint=hint)
                    raise ToolError(self._say(refused))
            try:
                tool.fn_metadata.validate_arguments(arguments)
            except ValidationError as error:
                problem = _argument_error(error)
                raise ToolError(
                    self._say(msg("mcp.bad_argument", tool=name, problem=problem))
                ) from None
        return await super().call_tool(name, arguments, context)


def _tidy_tools(server: MCPServer) -> None:
    """Each tool's input schema says it takes no other names, and its description is clean text
    (a docstring's indentation removed)."""
    for tool in server._tool_manager.list_tools():  # the SDK keeps no public handle on its tools
        tool.parameters["additionalProperties"] = False
        tool.description = inspect.cleandoc(tool.description or "")


def create_server(door: Door) -> MCPServer:
    """The MCP server over `door`, with every tool and resource."""
    live = mcp_live.Live(door.project, door.user_dir)
    server = _Server(
        NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        lifespan=mcp_live.lifespan(live),
        subscriptions=live.bus,
    )
    server.door = door
    memory_tool.register(server, door)
    read_tools.register(server, door)
    profile_tools.register(server, door)
    resources.register(server, door)
    mcp_prompts.add_prompts(server, door.project, door.user_dir)
    mcp_live.install(server, live)
    _tidy_tools(server)
    return server


def serve(door: Door, opening: Opening) -> None:
    """Serve over stdio from the first frame `opening` read, behind the guard that answers every
    frame the SDK would drop."""
    from profile_memory import mcp_stdio

    mcp_stdio.run(create_server(door), opening)
