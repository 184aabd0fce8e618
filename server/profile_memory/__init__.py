"""Profile Memory: checks, traces and safely edits the memory files of AI coding agents."""

__version__ = "0.1.0"
