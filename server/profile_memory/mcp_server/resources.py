"""The resources: the profiles, FACT.md and the recall block, as agents read them."""

# No `from __future__ import annotations`: the SDK reads each tool's annotations at run time, and
# they name resolvers defined beside the tools.
from pathlib import Path

from mcp.server.mcpserver import (
    MCPServer,
)
from mcp.server.mcpserver.exceptions import ToolError

from profile_memory.core import recall as recall_blocks
from profile_memory.core.files import (
    FACT_NAME,
)
from profile_memory.core.pending import Scope
from profile_memory.core.secrets import masked
from profile_memory.mcp_server.engine import (
    Door,
)
from profile_memory.store.memory import (
    read_fact,
)
from profile_memory.store.safe import UnsafePath


def register(server: MCPServer, door: Door) -> None:
    """The files as agents read them: a secret in one is masked, as in `recall` (the `memory`
    tool's `update` needs no sha256: it replaces FACT.md whole)."""

    def profile_text(scope: Scope) -> str:
        with door.reading() as here:
            ref = here.resolver.pair_ref(scope)
            pair = here.workspace.pair(ref.folder, ref.name)
            return masked("\n".join(pair.profile.doc.lines)) if pair.profile else ""

    @server.resource("pmem://profile/user", mime_type="text/markdown")
    def user_profile() -> str:
        """The user's compact profile (user-profile.md)."""
        return profile_text(Scope.USER)

    @server.resource("pmem://profile/project", mime_type="text/markdown")
    def project_profile() -> str:
        """The project's compact profile (project-profile.md)."""
        return profile_text(Scope.PROJECT)

    @server.resource("pmem://facts", mime_type="text/markdown")
    def facts() -> str:
        """The agent's durable facts (memory/FACT.md)."""
        here = door.here()
        try:
            _, data = read_fact(Path(here.places.memory_dirs[0]))
        except (UnsafePath, OSError) as error:
            raise ToolError(f"{FACT_NAME}: {error}") from None
        return masked(data.decode("utf-8", errors="replace")) if data else ""

    @server.resource("pmem://recall", mime_type="text/markdown")
    def recall_block() -> str:
        """The recall block an agent reads at the start of a session (Markdown)."""
        with door.reading() as here:
            sections = recall_blocks.collect(here.workspace, here.places, here.show)
            return recall_blocks.RENDERERS["markdown"](sections)
