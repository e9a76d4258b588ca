"""PostgresStore: the backend for shared deployments, on psycopg 3 (async).

psycopg is an optional extra and is imported only when a store is opened. Connections come
from a small built-in pool (autocommit, `search_path` set to the store's schema); each write is
one explicit transaction. Seq allocation is an upsert of the session row that bumps
`last_seq` and returns it: the row lock it takes serializes writers of the same session, across
connections and processes, until commit, so seqs stay unique and gapless.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ctxengine.messages import Message
from ctxengine.store._common import (
    check_dict,
    check_key,
    check_limit,
    check_now,
    decode_message,
    encode_messages,
    from_json,
    to_json,
    utcnow,
)
from ctxengine.store.base import (
    Event,
    Job,
    SessionInfo,
    SessionKey,
    StoredMessage,
    StoreError,
)
from ctxengine.store.migrations import apply_postgres

if TYPE_CHECKING:
    from psycopg import AsyncConnection

MISSING_EXTRA = "PostgreSQL support needs the 'postgres' extra: pip install 'ctxengine[postgres]'"
_SCHEMA = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")

_BUMP_SEQ = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at, last_seq)
VALUES (%s, %s, %s, %s, %s)
ON CONFLICT (user_id, session_id) DO UPDATE
SET last_active_at = EXCLUDED.last_active_at, last_seq = sessions.last_seq + EXCLUDED.last_seq
RETURNING last_seq
"""
_BUMP_EVENT_SEQ = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at, last_event_seq)
VALUES (%s, %s, %s, %s, %s)
ON CONFLICT (user_id, session_id) DO UPDATE
SET last_event_seq = sessions.last_event_seq + EXCLUDED.last_event_seq
RETURNING last_event_seq
"""
_ENSURE = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at) VALUES (%s, %s, %s, %s)
ON CONFLICT (user_id, session_id) DO NOTHING
"""
_TOUCH = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at) VALUES (%s, %s, %s, %s)
ON CONFLICT (user_id, session_id) DO UPDATE SET last_active_at = EXCLUDED.last_active_at
"""
_SESSION_COLS = "user_id, session_id, created_at, last_active_at, last_seq"
_JOB_COLS = "id, user_id, session_id, kind, payload, attempts, last_error, created_at"


def _utc(ts: datetime) -> datetime:
    return ts.astimezone(UTC)


def _session(row: tuple[Any, ...]) -> SessionInfo:
    return SessionInfo(SessionKey(row[0], row[1]), _utc(row[2]), _utc(row[3]), int(row[4]))


def _job(row: tuple[Any, ...]) -> Job:
    key = SessionKey(row[1], row[2])
    return Job(int(row[0]), key, row[3], from_json(row[4]), row[5], row[6], _utc(row[7]))


class PostgresStore:
    """A `Store` in a PostgreSQL schema.

    Args:
        dsn: A libpq connection string or `postgresql://` URL.
        schema: The schema holding the tables (created on `open`). Separate schemas keep
            separate stores in one database, e.g. one per test run.
        pool_size: Most connections open at once.
    """

    def __init__(self, dsn: str, *, schema: str = "public", pool_size: int = 4) -> None:
        if not _SCHEMA.match(schema):
            raise StoreError(f"postgres: invalid schema name {schema!r} (letters, digits, _)")
        if pool_size < 1:
            raise StoreError(f"postgres: pool_size must be >= 1, got {pool_size}")
        self.dsn = dsn
        self.schema = schema
        self._size = pool_size
        self._idle: list[AsyncConnection[Any]] = []
        self._open_count = 0
        self._waiters: list[Any] = []
        self._opened = False

    # --- plumbing -----------------------------------------------------------------------
    async def _connect(self) -> AsyncConnection[Any]:
        try:
            import psycopg
            from psycopg import sql
        except ImportError as exc:
            raise ImportError(MISSING_EXTRA) from exc
        try:
            conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
            await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))
        except psycopg.Error as exc:
            raise StoreError(f"postgres: cannot connect: {exc}".strip()) from exc
        return conn

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[AsyncConnection[Any]]:
        import asyncio

        import psycopg
        from psycopg.pq import TransactionStatus

        if not self._opened:
            raise StoreError("postgres: store is not open (await store.open() first)")
        # A bounded pool: reuse an idle connection, open a new one below the limit, else wait.
        while not self._idle and self._open_count >= self._size:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            await waiter
        if self._idle:
            conn = self._idle.pop()
        else:
            self._open_count += 1
            try:
                conn = await self._connect()
            except BaseException:
                self._release_slot()
                raise
        healthy = False
        try:
            yield conn
            healthy = True
        except psycopg.Error as exc:
            healthy = True  # the transaction block rolled back; the connection is reusable
            raise StoreError(f"postgres: {exc}".strip()) from exc
        finally:
            if (
                healthy
                and self._opened
                and not conn.closed
                and conn.info.transaction_status == TransactionStatus.IDLE
            ):
                self._idle.append(conn)
                self._wake()
            else:
                # Store closed, cancelled mid-query or broken: never hand a dirty connection on.
                await conn.close()
                self._release_slot()

    def _release_slot(self) -> None:
        self._open_count -= 1
        self._wake()

    def _wake(self) -> None:
        while self._waiters:
            waiter = self._waiters.pop(0)
            if not waiter.done():
                waiter.set_result(None)
                return

    async def open(self) -> None:
        if self._opened:
            return
        conn = await self._connect()
        try:
            await apply_postgres(conn, self.schema)
        except Exception as exc:
            await conn.close()
            raise StoreError(f"postgres: migrations failed: {exc}".strip()) from exc
        self._idle.append(conn)
        self._open_count += 1
        self._opened = True

    async def close(self) -> None:
        self._opened = False
        idle, self._idle = self._idle, []
        for conn in idle:
            await conn.close()
            self._open_count -= 1

    # --- sessions -----------------------------------------------------------------------
    async def touch_session(self, key: SessionKey, *, now: datetime | None = None) -> None:
        check_key(key)
        at = check_now(now)
        async with self._conn() as conn:
            await conn.execute(_TOUCH, (key.user_id, key.session_id, at, at))

    async def get_session(self, key: SessionKey) -> SessionInfo | None:
        check_key(key)
        async with self._conn() as conn:
            cur = await conn.execute(
                f"SELECT {_SESSION_COLS} FROM sessions WHERE user_id = %s AND session_id = %s",
                (key.user_id, key.session_id),
            )
            row = await cur.fetchone()
        return None if row is None else _session(row)

    async def list_sessions(self, user_id: str | None = None) -> list[SessionInfo]:
        async with self._conn() as conn:
            cur = await conn.execute(
                f"SELECT {_SESSION_COLS} FROM sessions WHERE %s::text IS NULL OR user_id = %s"
                " ORDER BY user_id, session_id",
                (user_id, user_id),
            )
            rows = await cur.fetchall()
        return [_session(r) for r in rows]

    async def delete_session(self, key: SessionKey) -> None:
        check_key(key)
        async with self._conn() as conn:
            # Child rows go with it (ON DELETE CASCADE).
            await conn.execute(
                "DELETE FROM sessions WHERE user_id = %s AND session_id = %s",
                (key.user_id, key.session_id),
            )

    async def purge_idle(self, idle_before: datetime) -> list[SessionKey]:
        cutoff = check_now(idle_before, "idle_before")
        async with self._conn() as conn:
            cur = await conn.execute(
                "DELETE FROM sessions WHERE last_active_at < %s RETURNING user_id, session_id",
                (cutoff,),
            )
            rows = await cur.fetchall()
        return sorted((SessionKey(u, s) for u, s in rows), key=lambda k: (k.user_id, k.session_id))

    # --- messages -----------------------------------------------------------------------
    async def append_messages(
        self, key: SessionKey, messages: list[Message], *, now: datetime | None = None
    ) -> list[int]:
        check_key(key)
        at = check_now(now)
        if not messages:
            return []
        bodies = encode_messages(messages)
        n = len(bodies)
        async with self._conn() as conn, conn.transaction():
            cur = await conn.execute(_BUMP_SEQ, (key.user_id, key.session_id, at, at, n))
            row = await cur.fetchone()
            assert row is not None  # an upsert with RETURNING always yields its row
            last = int(row[0])
            seqs = list(range(last - n + 1, last + 1))
            async with conn.cursor() as c:
                await c.executemany(
                    "INSERT INTO messages (user_id, session_id, seq, body, created_at)"
                    " VALUES (%s, %s, %s, %s, %s)",
                    [
                        (key.user_id, key.session_id, s, b, at)
                        for s, b in zip(seqs, bodies, strict=True)
                    ],
                )
        return seqs

    async def load_messages(
        self, key: SessionKey, *, after_seq: int = 0, limit: int | None = None
    ) -> list[StoredMessage]:
        check_key(key)
        check_limit(limit, after_seq)
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT seq, body, created_at FROM (SELECT seq, body, created_at FROM messages"
                " WHERE user_id = %s AND session_id = %s AND seq > %s ORDER BY seq DESC LIMIT %s)"
                " AS m ORDER BY seq",
                (key.user_id, key.session_id, after_seq, limit),
            )
            rows = await cur.fetchall()
        return [StoredMessage(int(s), decode_message(b), _utc(c)) for s, b, c in rows]

    async def count_messages(self, key: SessionKey) -> int:
        check_key(key)
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT count(*) FROM messages WHERE user_id = %s AND session_id = %s",
                (key.user_id, key.session_id),
            )
            row = await cur.fetchone()
        return 0 if row is None else int(row[0])

    # --- state --------------------------------------------------------------------------
    async def get_state(self, key: SessionKey, name: str) -> dict[str, Any] | None:
        check_key(key)
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT value FROM state WHERE user_id = %s AND session_id = %s AND name = %s",
                (key.user_id, key.session_id, name),
            )
            row = await cur.fetchone()
        return None if row is None else dict(from_json(row[0]))

    async def set_state(self, key: SessionKey, name: str, value: dict[str, Any]) -> None:
        check_key(key)
        check_dict(value, f"state {name!r}")
        text = to_json(value, f"state {name!r}")
        at = utcnow()
        async with self._conn() as conn, conn.transaction():
            await conn.execute(_ENSURE, (key.user_id, key.session_id, at, at))
            await conn.execute(
                "INSERT INTO state (user_id, session_id, name, value, updated_at)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (user_id, session_id, name)"
                " DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at",
                (key.user_id, key.session_id, name, text, at),
            )

    # --- audit events -------------------------------------------------------------------
    async def add_events(
        self, key: SessionKey, kind_and_data: list[tuple[str, dict[str, Any]]]
    ) -> None:
        check_key(key)
        rows: list[tuple[str, str]] = []
        for i, (kind, data) in enumerate(kind_and_data):
            check_dict(data, f"event {i} ({kind!r}) data")
            rows.append((kind, to_json(data, f"event {i} ({kind!r}) data")))
        if not rows:
            return
        at = utcnow()
        n = len(rows)
        async with self._conn() as conn, conn.transaction():
            cur = await conn.execute(_BUMP_EVENT_SEQ, (key.user_id, key.session_id, at, at, n))
            row = await cur.fetchone()
            assert row is not None  # an upsert with RETURNING always yields its row
            first = int(row[0]) - n + 1
            async with conn.cursor() as c:
                await c.executemany(
                    "INSERT INTO events (user_id, session_id, seq, kind, data, created_at)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    [
                        (key.user_id, key.session_id, first + i, kind, text, at)
                        for i, (kind, text) in enumerate(rows)
                    ],
                )

    async def list_events(self, key: SessionKey, *, after_seq: int = 0) -> list[Event]:
        check_key(key)
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT seq, kind, data, created_at FROM events"
                " WHERE user_id = %s AND session_id = %s AND seq > %s ORDER BY seq",
                (key.user_id, key.session_id, after_seq),
            )
            rows = await cur.fetchall()
        return [Event(int(s), k, from_json(d), _utc(c)) for s, k, d, c in rows]

    # --- background jobs ----------------------------------------------------------------
    async def add_job(self, key: SessionKey, kind: str, payload: dict[str, Any]) -> int:
        check_key(key)
        check_dict(payload, f"job {kind!r} payload")
        text = to_json(payload, f"job {kind!r} payload")
        at = utcnow()
        async with self._conn() as conn, conn.transaction():
            await conn.execute(_ENSURE, (key.user_id, key.session_id, at, at))
            cur = await conn.execute(
                "INSERT INTO jobs (user_id, session_id, kind, payload, created_at)"
                " VALUES (%s, %s, %s, %s, %s) RETURNING id",
                (key.user_id, key.session_id, kind, text, at),
            )
            row = await cur.fetchone()
        assert row is not None  # INSERT ... RETURNING always yields its row
        return int(row[0])

    async def pending_jobs(self, key: SessionKey | None = None) -> list[Job]:
        if key is not None:
            check_key(key)
        user, session = (None, None) if key is None else (key.user_id, key.session_id)
        async with self._conn() as conn:
            cur = await conn.execute(
                f"SELECT {_JOB_COLS} FROM jobs WHERE completed_at IS NULL"
                " AND (%s::text IS NULL OR (user_id = %s AND session_id = %s)) ORDER BY id",
                (user, user, session),
            )
            rows = await cur.fetchall()
        return [_job(r) for r in rows]

    async def complete_job(self, job_id: int) -> None:
        async with self._conn() as conn:
            cur = await conn.execute(
                "UPDATE jobs SET completed_at = coalesce(completed_at, %s) WHERE id = %s",
                (utcnow(), job_id),
            )
        if cur.rowcount == 0:
            raise StoreError(f"postgres: no job with id {job_id}")

    async def fail_job(self, job_id: int, error: str) -> None:
        async with self._conn() as conn:
            cur = await conn.execute(
                "UPDATE jobs SET attempts = attempts + 1, last_error = %s WHERE id = %s",
                (error, job_id),
            )
        if cur.rowcount == 0:
            raise StoreError(f"postgres: no job with id {job_id}")
