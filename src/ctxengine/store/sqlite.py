"""SQLiteStore: the default backend, on the standard library's sqlite3.

One connection per store, owned by one dedicated thread; async methods hand their work to that
thread, so the event loop never blocks on disk. The database runs in WAL mode (readers never
wait for the writer). Every write is one `BEGIN IMMEDIATE` transaction: it takes the database
write lock up front, so seq allocation (`sessions.last_seq += n` read back with RETURNING) and
the inserts it numbers are atomic even with several processes writing the same file; a
`busy_timeout` makes a second writer wait instead of failing. A process killed mid-transaction
leaves no trace: the next opener rolls the WAL back to the last commit.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

from ctxengine.messages import Message
from ctxengine.store._common import (
    check_dict,
    check_key,
    check_limit,
    check_now,
    decode_message,
    encode_messages,
    from_iso,
    from_json,
    iso,
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
from ctxengine.store.migrations import apply_sqlite

T = TypeVar("T")

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]

_BUMP_SEQ = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at, last_seq)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (user_id, session_id) DO UPDATE
SET last_active_at = excluded.last_active_at, last_seq = sessions.last_seq + excluded.last_seq
RETURNING last_seq
"""
_BUMP_EVENT_SEQ = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at, last_event_seq)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (user_id, session_id) DO UPDATE
SET last_event_seq = sessions.last_event_seq + excluded.last_event_seq
RETURNING last_event_seq
"""
_ENSURE = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id, session_id) DO NOTHING
"""
_TOUCH = """
INSERT INTO sessions (user_id, session_id, created_at, last_active_at) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id, session_id) DO UPDATE SET last_active_at = excluded.last_active_at
"""
_SESSION_COLS = "user_id, session_id, created_at, last_active_at, last_seq"
_JOB_COLS = "id, user_id, session_id, kind, payload, attempts, last_error, created_at"


def _session(row: tuple[Any, ...]) -> SessionInfo:
    return SessionInfo(SessionKey(row[0], row[1]), from_iso(row[2]), from_iso(row[3]), row[4])


def _job(row: tuple[Any, ...]) -> Job:
    key = SessionKey(row[1], row[2])
    return Job(row[0], key, row[3], from_json(row[4]), row[5], row[6], from_iso(row[7]))


class SQLiteStore:
    """A `Store` in one SQLite file.

    Args:
        path: The database file (created with its parent directories on `open`).
        synchronous: SQLite's `PRAGMA synchronous`. FULL (default) survives power loss; NORMAL
            is faster and in WAL mode still survives a killed process.
        busy_timeout_seconds: How long a writer waits for another process's write lock.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        synchronous: Synchronous = "FULL",
        busy_timeout_seconds: float = 30.0,
    ) -> None:
        self.path = Path(path)
        self._synchronous = synchronous
        self._busy_ms = int(busy_timeout_seconds * 1000)
        self._executor: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None

    # --- plumbing -----------------------------------------------------------------------
    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        executor = self._executor
        if executor is None:
            raise StoreError(f"sqlite {self.path}: store is not open (await store.open() first)")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor, self._call, fn)

    def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        if self._conn is None:
            raise StoreError(f"sqlite {self.path}: store is closed")
        try:
            return fn(self._conn)
        except sqlite3.Error as exc:
            raise StoreError(f"sqlite {self.path}: {exc}") from exc
        except UnicodeEncodeError as exc:
            raise StoreError(f"sqlite {self.path}: text is not valid UTF-8: {exc}") from exc

    @staticmethod
    @contextmanager
    def _write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        # IMMEDIATE takes the write lock now, so reads inside the transaction (the seq counter)
        # cannot be overtaken by another process before we commit.
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _open_sync(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
            _set_wal(conn, self._busy_ms / 1000)
            conn.execute(f"PRAGMA synchronous = {self._synchronous}")
            conn.execute("PRAGMA foreign_keys = ON")
            apply_sqlite(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise StoreError(f"sqlite {self.path}: cannot open: {exc}") from exc
        self._conn = conn

    async def open(self) -> None:
        if self._executor is not None:
            return
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="ctxengine-sqlite")
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._executor, self._open_sync)
        except BaseException:
            self._executor.shutdown(wait=False)
            self._executor = None
            raise

    async def close(self) -> None:
        executor = self._executor
        if executor is None:
            return

        def _close() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        await asyncio.get_running_loop().run_in_executor(executor, _close)
        self._executor = None
        executor.shutdown(wait=True)

    # --- sessions -----------------------------------------------------------------------
    async def touch_session(self, key: SessionKey, *, now: datetime | None = None) -> None:
        check_key(key)
        at = iso(check_now(now))

        def op(conn: sqlite3.Connection) -> None:
            with self._write(conn):
                conn.execute(_TOUCH, (key.user_id, key.session_id, at, at))

        await self._run(op)

    async def get_session(self, key: SessionKey) -> SessionInfo | None:
        check_key(key)

        def op(conn: sqlite3.Connection) -> SessionInfo | None:
            row = conn.execute(
                f"SELECT {_SESSION_COLS} FROM sessions WHERE user_id = ? AND session_id = ?",
                (key.user_id, key.session_id),
            ).fetchone()
            return None if row is None else _session(row)

        return await self._run(op)

    async def list_sessions(self, user_id: str | None = None) -> list[SessionInfo]:
        def op(conn: sqlite3.Connection) -> list[SessionInfo]:
            sql = f"SELECT {_SESSION_COLS} FROM sessions"
            args: tuple[str, ...] = ()
            if user_id is not None:
                sql, args = sql + " WHERE user_id = ?", (user_id,)
            rows = conn.execute(sql + " ORDER BY user_id, session_id", args).fetchall()
            return [_session(r) for r in rows]

        return await self._run(op)

    async def delete_session(self, key: SessionKey) -> None:
        check_key(key)

        def op(conn: sqlite3.Connection) -> None:
            with self._write(conn):
                # Child rows go with it (ON DELETE CASCADE).
                conn.execute(
                    "DELETE FROM sessions WHERE user_id = ? AND session_id = ?",
                    (key.user_id, key.session_id),
                )

        await self._run(op)

    async def purge_idle(self, idle_before: datetime) -> list[SessionKey]:
        cutoff = iso(check_now(idle_before, "idle_before"))

        def op(conn: sqlite3.Connection) -> list[SessionKey]:
            with self._write(conn):
                rows = conn.execute(
                    "DELETE FROM sessions WHERE last_active_at < ? RETURNING user_id, session_id",
                    (cutoff,),
                ).fetchall()
            return sorted(
                (SessionKey(u, s) for u, s in rows), key=lambda k: (k.user_id, k.session_id)
            )

        return await self._run(op)

    # --- messages -----------------------------------------------------------------------
    async def append_messages(
        self, key: SessionKey, messages: list[Message], *, now: datetime | None = None
    ) -> list[int]:
        check_key(key)
        at = iso(check_now(now))
        if not messages:
            return []
        bodies = encode_messages(messages)
        n = len(bodies)

        def op(conn: sqlite3.Connection) -> list[int]:
            with self._write(conn):
                (last,) = conn.execute(
                    _BUMP_SEQ, (key.user_id, key.session_id, at, at, n)
                ).fetchone()
                seqs = list(range(last - n + 1, last + 1))
                conn.executemany(
                    "INSERT INTO messages (user_id, session_id, seq, body, created_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [
                        (key.user_id, key.session_id, s, b, at)
                        for s, b in zip(seqs, bodies, strict=True)
                    ],
                )
            return seqs

        return await self._run(op)

    async def load_messages(
        self, key: SessionKey, *, after_seq: int = 0, limit: int | None = None
    ) -> list[StoredMessage]:
        check_key(key)
        check_limit(limit, after_seq)

        def op(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            # Newest first with LIMIT (-1 = none), then back to oldest first.
            return conn.execute(
                "SELECT seq, body, created_at FROM (SELECT seq, body, created_at FROM messages"
                " WHERE user_id = ? AND session_id = ? AND seq > ? ORDER BY seq DESC LIMIT ?)"
                " ORDER BY seq",
                (key.user_id, key.session_id, after_seq, -1 if limit is None else limit),
            ).fetchall()

        rows = await self._run(op)
        # Parsing happens on the loop's thread so the db thread stays free for other calls.
        return [StoredMessage(s, decode_message(b), from_iso(c)) for s, b, c in rows]

    async def count_messages(self, key: SessionKey) -> int:
        check_key(key)

        def op(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT count(*) FROM messages WHERE user_id = ? AND session_id = ?",
                (key.user_id, key.session_id),
            ).fetchone()
            return int(row[0])

        return await self._run(op)

    # --- state --------------------------------------------------------------------------
    async def get_state(self, key: SessionKey, name: str) -> dict[str, Any] | None:
        check_key(key)

        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT value FROM state WHERE user_id = ? AND session_id = ? AND name = ?",
                (key.user_id, key.session_id, name),
            ).fetchone()
            return None if row is None else str(row[0])

        text = await self._run(op)
        return None if text is None else dict(from_json(text))

    async def set_state(self, key: SessionKey, name: str, value: dict[str, Any]) -> None:
        check_key(key)
        check_dict(value, f"state {name!r}")
        text = to_json(value, f"state {name!r}")
        at = iso(utcnow())

        def op(conn: sqlite3.Connection) -> None:
            with self._write(conn):
                conn.execute(_ENSURE, (key.user_id, key.session_id, at, at))
                conn.execute(
                    "INSERT INTO state (user_id, session_id, name, value, updated_at)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, session_id, name)"
                    " DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                    (key.user_id, key.session_id, name, text, at),
                )

        await self._run(op)

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
        at = iso(utcnow())
        n = len(rows)

        def op(conn: sqlite3.Connection) -> None:
            with self._write(conn):
                args = (key.user_id, key.session_id, at, at, n)
                (last,) = conn.execute(_BUMP_EVENT_SEQ, args).fetchone()
                conn.executemany(
                    "INSERT INTO events (user_id, session_id, seq, kind, data, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (key.user_id, key.session_id, last - n + 1 + i, kind, text, at)
                        for i, (kind, text) in enumerate(rows)
                    ],
                )

        await self._run(op)

    async def list_events(self, key: SessionKey, *, after_seq: int = 0) -> list[Event]:
        check_key(key)

        def op(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return conn.execute(
                "SELECT seq, kind, data, created_at FROM events"
                " WHERE user_id = ? AND session_id = ? AND seq > ? ORDER BY seq",
                (key.user_id, key.session_id, after_seq),
            ).fetchall()

        rows = await self._run(op)
        return [Event(s, k, from_json(d), from_iso(c)) for s, k, d, c in rows]

    # --- background jobs ----------------------------------------------------------------
    async def add_job(self, key: SessionKey, kind: str, payload: dict[str, Any]) -> int:
        check_key(key)
        check_dict(payload, f"job {kind!r} payload")
        text = to_json(payload, f"job {kind!r} payload")
        at = iso(utcnow())

        def op(conn: sqlite3.Connection) -> int:
            with self._write(conn):
                conn.execute(_ENSURE, (key.user_id, key.session_id, at, at))
                (job_id,) = conn.execute(
                    "INSERT INTO jobs (user_id, session_id, kind, payload, created_at)"
                    " VALUES (?, ?, ?, ?, ?) RETURNING id",
                    (key.user_id, key.session_id, kind, text, at),
                ).fetchone()
            return int(job_id)

        return await self._run(op)

    async def pending_jobs(self, key: SessionKey | None = None) -> list[Job]:
        if key is not None:
            check_key(key)

        def op(conn: sqlite3.Connection) -> list[Job]:
            sql = f"SELECT {_JOB_COLS} FROM jobs WHERE completed_at IS NULL"
            args: tuple[str, ...] = ()
            if key is not None:
                sql += " AND user_id = ? AND session_id = ?"
                args = (key.user_id, key.session_id)
            return [_job(r) for r in conn.execute(sql + " ORDER BY id", args).fetchall()]

        return await self._run(op)

    async def _update_job(self, job_id: int, sql: str, args: tuple[Any, ...]) -> None:
        def op(conn: sqlite3.Connection) -> None:
            with self._write(conn):
                cur = conn.execute(sql, (*args, job_id))
                if cur.rowcount == 0:
                    raise StoreError(f"sqlite {self.path}: no job with id {job_id}")

        await self._run(op)

    async def complete_job(self, job_id: int) -> None:
        await self._update_job(
            job_id,
            "UPDATE jobs SET completed_at = coalesce(completed_at, ?) WHERE id = ?",
            (iso(utcnow()),),
        )

    async def fail_job(self, job_id: int, error: str) -> None:
        await self._update_job(
            job_id, "UPDATE jobs SET attempts = attempts + 1, last_error = ? WHERE id = ?", (error,)
        )


def _set_wal(conn: sqlite3.Connection, timeout: float) -> None:
    """`PRAGMA journal_mode = WAL`, retried while another connection holds the lock.

    SQLite does not call the busy handler for a journal-mode change: when several processes
    open a new database at once, all but one get "database is locked" at once instead of
    waiting `busy_timeout` (measured: 12% of triple concurrent first opens). Retrying for
    the same timeout gives them the wait the pragma itself does not.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.005)
