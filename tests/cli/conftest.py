"""Fixtures for the CLI tests: copies of the fixture trees and `pmem` run inside them."""

from cli_support import clean, pmem_in_repo  # noqa: F401  (pytest fixtures)
