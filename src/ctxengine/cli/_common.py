"""What every command shares: one-line errors, input reading, and the storage check."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ctxengine.settings import Settings


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


def check_storage(settings: Settings, *, db: bool = True) -> None:
    """Bad input, not an internal failure: a workspace that cannot be created, or (when `db`)
    a database that cannot be opened. Checked before a command runs, so it exits 2 with one
    line instead of failing half way.

    Args:
        settings: The command's settings (`workspace`, `db`, `sqlite_synchronous`).
        db: Also open (and close) the store `settings.db` names; None is the workspace's
            SQLite file.

    Raises:
        CommandError: naming the workspace or the database setting (never the URL: it may
            hold a password) and the reason.
    """
    workspace = Path(settings.workspace)
    try:
        workspace.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise CommandError(
            f"workspace {workspace}: cannot create the directory: {reason}"
        ) from None
    if not db:
        return
    from ctxengine.store import SQLiteStore, open_store

    store = open_store(settings.db, workspace, sqlite_synchronous=settings.sqlite_synchronous)

    async def probe() -> None:
        await store.open()
        await store.close()

    try:
        asyncio.run(probe())
    except Exception as exc:
        reason = str(exc) or type(exc).__name__
        # A SQLite path is safe to show and says which file; a server URL is not shown.
        where = f" {store.path}" if isinstance(store, SQLiteStore) else ""
        raise CommandError(f"db: cannot open the database{where}: {reason}") from None
