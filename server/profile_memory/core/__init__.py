"""The pure engine: parsers, the id index, rules and rendering. Text in, data out; no disk, no
LSP."""
