"""Schema migrations: one append-only list per backend, recorded in a `_migrations` table.

Never edit or reorder a migration that has shipped; add a new one at the end. Each migration
runs in one transaction together with the row that records it (name, applied time), so a crash
mid-migration leaves the database at the previous version. Opening a store applies only the
migrations whose names are not recorded yet. Concurrent openers serialize: SQLite through its
write lock (`BEGIN IMMEDIATE`), PostgreSQL through a transaction-scoped advisory lock.

Tables (both backends)::

    sessions  (user_id, session_id) PK, created_at, last_active_at,
              last_seq, last_event_seq     -- per-session counters, bumped atomically
    messages  (user_id, session_id, seq) PK, body (JSON), created_at    -- append-only
    state     (user_id, session_id, name) PK, value (JSON), updated_at
    events    (user_id, session_id, seq) PK, kind, data (JSON), created_at
    jobs      id PK, user_id, session_id, kind, payload (JSON), attempts, last_error,
              created_at, completed_at (NULL while pending)

Every child table references `sessions` with ON DELETE CASCADE, so deleting a session row
removes everything of that session and nothing else.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ctxengine.store._common import from_iso, iso, utcnow

if TYPE_CHECKING:
    from psycopg import AsyncConnection


@dataclass(frozen=True)
class Migration:
    name: str
    statements: tuple[str, ...]


_SESSION_FK = (
    "FOREIGN KEY (user_id, session_id) REFERENCES sessions (user_id, session_id) ON DELETE CASCADE"
)

SQLITE_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_initial",
        (
            """CREATE TABLE sessions (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL,
                created_at TEXT NOT NULL, last_active_at TEXT NOT NULL,
                last_seq INTEGER NOT NULL DEFAULT 0, last_event_seq INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (user_id, session_id)) WITHOUT ROWID""",
            "CREATE INDEX sessions_last_active ON sessions (last_active_at)",
            f"""CREATE TABLE messages (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, seq INTEGER NOT NULL,
                body TEXT NOT NULL, created_at TEXT NOT NULL,
                PRIMARY KEY (user_id, session_id, seq), {_SESSION_FK})""",
            # History is the record: the database itself refuses edits of a stored message.
            """CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages
                BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END""",
            f"""CREATE TABLE state (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, name TEXT NOT NULL,
                value TEXT NOT NULL, updated_at TEXT NOT NULL,
                PRIMARY KEY (user_id, session_id, name), {_SESSION_FK}) WITHOUT ROWID""",
            f"""CREATE TABLE events (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, seq INTEGER NOT NULL,
                kind TEXT NOT NULL, data TEXT NOT NULL, created_at TEXT NOT NULL,
                PRIMARY KEY (user_id, session_id, seq), {_SESSION_FK})""",
            f"""CREATE TABLE jobs (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, kind TEXT NOT NULL,
                payload TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
                created_at TEXT NOT NULL, completed_at TEXT, {_SESSION_FK})""",
            "CREATE INDEX jobs_session ON jobs (user_id, session_id)",
            "CREATE INDEX jobs_pending ON jobs (id) WHERE completed_at IS NULL",
        ),
    ),
)

POSTGRES_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_initial",
        (
            """CREATE TABLE sessions (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL, last_active_at TIMESTAMPTZ NOT NULL,
                last_seq BIGINT NOT NULL DEFAULT 0, last_event_seq BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (user_id, session_id))""",
            "CREATE INDEX sessions_last_active ON sessions (last_active_at)",
            f"""CREATE TABLE messages (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, seq BIGINT NOT NULL,
                body TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (user_id, session_id, seq), {_SESSION_FK})""",
            """CREATE FUNCTION ctxengine_append_only() RETURNS trigger LANGUAGE plpgsql AS
                $$ BEGIN RAISE EXCEPTION 'messages are append-only'; END $$""",
            """CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages
                FOR EACH ROW EXECUTE FUNCTION ctxengine_append_only()""",
            f"""CREATE TABLE state (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, name TEXT NOT NULL,
                value TEXT NOT NULL, updated_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (user_id, session_id, name), {_SESSION_FK})""",
            f"""CREATE TABLE events (
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, seq BIGINT NOT NULL,
                kind TEXT NOT NULL, data TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (user_id, session_id, seq), {_SESSION_FK})""",
            f"""CREATE TABLE jobs (
                id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                user_id TEXT NOT NULL, session_id TEXT NOT NULL, kind TEXT NOT NULL,
                payload TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
                created_at TIMESTAMPTZ NOT NULL, completed_at TIMESTAMPTZ, {_SESSION_FK})""",
            "CREATE INDEX jobs_session ON jobs (user_id, session_id)",
            "CREATE INDEX jobs_pending ON jobs (id) WHERE completed_at IS NULL",
        ),
    ),
)

_SQLITE_TABLE = (
    "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
)
_PG_TABLE = (
    "CREATE TABLE IF NOT EXISTS _migrations"
    " (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)"
)
# First half of the two-key advisory lock that serializes PostgreSQL migrations per schema.
_PG_LOCK_CLASS = 0x0C7E


def apply_sqlite(conn: sqlite3.Connection) -> list[str]:
    """Apply pending SQLite migrations; return the names applied now (in order).

    `conn` must be in autocommit mode (`isolation_level=None`): transactions are explicit.
    """
    applied_now: list[str] = []
    for migration in SQLITE_MIGRATIONS:
        # One write transaction per migration; re-check inside it, since another process may
        # have applied it while we waited for the lock.
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(_SQLITE_TABLE)
            done = conn.execute(
                "SELECT 1 FROM _migrations WHERE name = ?", (migration.name,)
            ).fetchone()
            if done is None:
                for statement in migration.statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                    (migration.name, iso(utcnow())),
                )
                applied_now.append(migration.name)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return applied_now


def recorded_sqlite(conn: sqlite3.Connection) -> list[tuple[str, datetime]]:
    """The `_migrations` rows (name, applied time), in the order applied."""
    rows = conn.execute("SELECT name, applied_at FROM _migrations ORDER BY rowid").fetchall()
    return [(str(name), from_iso(str(at))) for name, at in rows]


async def apply_postgres(conn: AsyncConnection[Any], schema: str) -> list[str]:
    """Create `schema` if needed and apply pending migrations there; return names applied now.

    `conn` must be in autocommit mode with `search_path` set to `schema`.
    """
    from psycopg import sql

    applied_now: list[str] = []
    for migration in POSTGRES_MIGRATIONS:
        async with conn.transaction():
            await conn.execute(
                "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_PG_LOCK_CLASS, schema)
            )
            await conn.execute(
                sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema))
            )
            await conn.execute(_PG_TABLE)
            cur = await conn.execute("SELECT 1 FROM _migrations WHERE name = %s", (migration.name,))
            if await cur.fetchone() is None:
                for statement in migration.statements:
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO _migrations (name, applied_at) VALUES (%s, %s)",
                    (migration.name, utcnow()),
                )
                applied_now.append(migration.name)
    return applied_now
