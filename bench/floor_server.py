"""The framework's floor: a minimal pygls server that answers hover with a constant."""

from lsprotocol import types
from pygls.lsp.server import LanguageServer

server = LanguageServer("floor", "0")


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover:
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, "constant"))


if __name__ == "__main__":
    server.start_io()
