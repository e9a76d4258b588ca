"""What every command shares: one-line errors and input reading."""

from __future__ import annotations

import sys
from pathlib import Path


class CommandError(Exception):
    """A failure to report as one line; `code` 2 for bad input, 1 otherwise."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def fail(command: str, message: str, code: int) -> int:
    line = " ".join(message.split())  # one line, whatever the message held
    print(f"ctxengine {command}: {line}", file=sys.stderr)
    return code


def read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise CommandError(f"input file not found: {path}") from None
    except IsADirectoryError:
        raise CommandError(f"input is a directory: {path}") from None
    except PermissionError:
        raise CommandError(f"cannot read input file: {path}") from None
