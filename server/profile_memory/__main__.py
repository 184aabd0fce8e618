"""`python -m profile_memory` runs the `pmem` command line."""

from profile_memory.cli import run

run()
