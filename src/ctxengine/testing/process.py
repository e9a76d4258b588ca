"""Crash tests: end a child process the hard way and leave nothing open."""

from __future__ import annotations

import subprocess
from typing import Any


def reap(child: subprocess.Popen[Any]) -> None:
    """Kill `child` if it still runs, wait for it, and close its pipes (no ResourceWarning)."""
    child.kill()
    child.wait()
    for stream in (child.stdin, child.stdout, child.stderr):
        if stream is not None:
            stream.close()
