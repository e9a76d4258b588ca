"""Persistence: one async `Store` protocol, three backends, and `open_store` to pick one.

open_store(None, ws)                       -> SQLiteStore(ws / "ctxengine.db")  (default)
open_store("sqlite:///data/c.db", ws)      -> SQLiteStore(ws / "data/c.db")      (relative)
open_store("sqlite:////var/c.db", ws)      -> SQLiteStore("/var/c.db")          (absolute)
open_store("postgresql://u@h/db?schema=s") -> PostgresStore (tables in schema s)
open_store("memory://", ws)                -> MemoryStore (lost on exit)
"""

from __future__ import annotations

from pathlib import Path
from typing import cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ctxengine.store.base import (
    Event,
    Job,
    SessionInfo,
    SessionKey,
    Store,
    StoredMessage,
    StoreError,
)
from ctxengine.store.memory import MemoryStore
from ctxengine.store.postgres import PostgresStore
from ctxengine.store.sqlite import SQLiteStore, Synchronous

__all__ = [
    "DEFAULT_DB_NAME",
    "Event",
    "Job",
    "MemoryStore",
    "PostgresStore",
    "SQLiteStore",
    "SessionInfo",
    "SessionKey",
    "Store",
    "StoreError",
    "StoredMessage",
    "open_store",
]

DEFAULT_DB_NAME = "ctxengine.db"


def open_store(url: str | None, workspace: Path, *, sqlite_synchronous: str = "FULL") -> Store:
    """Build the store a URL names; the caller then awaits `store.open()`.

    Args:
        url: None (SQLite in the workspace), `sqlite:///relative/path` (inside the workspace),
            `sqlite:////absolute/path`, `postgresql://...` (optional `schema=` query parameter,
            default `public`) or `memory://`.
        workspace: The workspace directory; the default database file lives there.
        sqlite_synchronous: SQLite's `PRAGMA synchronous` (Settings.sqlite_synchronous).

    Raises:
        StoreError: the URL's scheme is not one of the above.
    """
    sync = cast(Synchronous, sqlite_synchronous.upper())
    if url is None:
        return SQLiteStore(workspace / DEFAULT_DB_NAME, synchronous=sync)
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        if parts.netloc:
            raise StoreError(
                f"store URL: sqlite URLs take no host, got {parts.netloc!r}; use sqlite:///path"
            )
        # sqlite:///x -> path "/x" (relative x); sqlite:////x -> path "//x" (absolute /x).
        path = parts.path[1:] if parts.path.startswith("/") else parts.path
        if not path:
            return SQLiteStore(workspace / DEFAULT_DB_NAME, synchronous=sync)
        full = Path(path) if Path(path).is_absolute() else workspace / path
        return SQLiteStore(full, synchronous=sync)
    if scheme in ("postgresql", "postgres"):
        query = parse_qsl(parts.query, keep_blank_values=True)
        schema = next((v for k, v in query if k == "schema"), "public")
        rest = urlencode([(k, v) for k, v in query if k != "schema"])
        return PostgresStore(urlunsplit(parts._replace(query=rest)), schema=schema)
    if scheme == "memory":
        return MemoryStore()
    # Only the scheme is echoed: the rest of a URL may hold a password.
    raise StoreError(
        f"store URL: unknown scheme {parts.scheme!r}; use sqlite:///path, postgresql://... "
        "or memory://"
    )
