"""The names the server and its clients share (README, "Commands" and "Custom requests"): every
`workspace/executeCommand` command and every request and notification of our own, in one table.
The modules that register them take their names from here, and tests/unit/test_protocol_names.py
holds the VS Code extension (`client-vscode/`) and the README's tables to it."""

from __future__ import annotations

# Commands (`workspace/executeCommand`)
SEARCH = "profileMemory.search"
JOURNAL_APPEND = "profileMemory.journalAppend"
FACTS_UPDATE = "profileMemory.factsUpdate"
FACTS_RESTORE = "profileMemory.factsRestore"
RECALL = "profileMemory.recall"
INIT = "profileMemory.init"
NEW_ID = "profileMemory.newId"
TRACE = "profileMemory.trace"
OPEN_RECORD = "profileMemory.openRecord"  # code lenses and inlay hints
CONFIRM_ALL = "profileMemory.confirmAll"
DISCARD_ALL = "profileMemory.discardAll"
DECIDE = "profileMemory.decide"  # one proposal, from the code actions and the Pending view
CHECK_WORKSPACE = "profileMemory.checkWorkspace"

# Requests of our own, what the Profile Memory view shows (any editor may ask)
OUTLINE = "profileMemory/outline"
HISTORY = "profileMemory/history"
TIMELINE = "profileMemory/timeline"

# Notifications the server sends
DID_CHANGE = "profileMemory/didChange"  # what the requests return may have changed

COMMANDS = (
    SEARCH,
    JOURNAL_APPEND,
    FACTS_UPDATE,
    FACTS_RESTORE,
    RECALL,
    INIT,
    NEW_ID,
    TRACE,
    OPEN_RECORD,
    CONFIRM_ALL,
    DISCARD_ALL,
    DECIDE,
    CHECK_WORKSPACE,
)
REQUESTS = (OUTLINE, HISTORY, TIMELINE)
NOTIFICATIONS = (DID_CHANGE,)
