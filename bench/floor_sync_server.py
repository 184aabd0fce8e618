"""The keystroke floor: a bare pygls server that takes didOpen/didChange/didClose at the protocol
level (each message read and its parameters converted) and keeps no document."""

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method


class NoDocuments(LanguageServerProtocol):
    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> None:
        return None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> None:
        return None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> None:
        return None


server = LanguageServer("floor-sync", "0", protocol_cls=NoDocuments)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover:
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, "constant"))


if __name__ == "__main__":
    server.start_io()
