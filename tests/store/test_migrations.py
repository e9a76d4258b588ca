"""Migrations are recorded once each and never re-applied; the schema enforces append-only."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC
from pathlib import Path

import psycopg
import pytest

from ctxengine.messages import Message
from ctxengine.store import PostgresStore, SessionKey, SQLiteStore, StoreError, open_store
from ctxengine.store.migrations import (
    POSTGRES_MIGRATIONS,
    SQLITE_MIGRATIONS,
    apply_sqlite,
    recorded_sqlite,
)

from .conftest import PG_DSN


def test_migration_names_are_unique() -> None:
    for migrations in (SQLITE_MIGRATIONS, POSTGRES_MIGRATIONS):
        names = [m.name for m in migrations]
        assert len(set(names)) == len(names)


async def test_sqlite_records_each_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    for _ in range(2):
        store = SQLiteStore(path)
        await store.open()
        await store.append_messages(SessionKey("u", "s"), [Message.user("x")])
        await store.close()
    with sqlite3.connect(path, isolation_level=None) as conn:
        recorded = recorded_sqlite(conn)
        assert [name for name, _ in recorded] == [m.name for m in SQLITE_MIGRATIONS]
        assert all(at.tzinfo == UTC for _, at in recorded)
        assert apply_sqlite(conn) == []  # nothing pending
        (count,) = conn.execute("SELECT count(*) FROM messages").fetchone()
        assert count == 2  # re-opening did not recreate tables


async def test_sqlite_concurrent_openers_apply_once(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    stores = [SQLiteStore(path) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    for s in stores:
        await s.close()
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM _migrations")]
    assert names == [m.name for m in SQLITE_MIGRATIONS]


async def test_sqlite_open_waits_for_a_writer_instead_of_failing_on_the_wal_switch(
    tmp_path: Path,
) -> None:
    # Another process is writing to a database still in rollback-journal mode: SQLite fails
    # the switch to WAL at once ("database is locked") instead of waiting busy_timeout.
    path = tmp_path / "m.db"
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("CREATE TABLE t (x)")
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (1)")
    threading.Timer(0.3, lambda: writer.execute("COMMIT")).start()
    store = SQLiteStore(path)
    await store.open()  # waited for the writer's commit
    await store.close()
    writer.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_sqlite_refuses_message_updates(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "m.db")
    await store.open()
    await store.append_messages(SessionKey("u", "s"), [Message.user("original")])
    await store.close()
    with (
        sqlite3.connect(tmp_path / "m.db") as conn,
        pytest.raises(sqlite3.IntegrityError, match="append-only"),
    ):
        conn.execute("UPDATE messages SET body = '{}'")


async def test_postgres_records_each_migration_once(pg_schema: str) -> None:
    stores = [PostgresStore(PG_DSN, schema=pg_schema) for _ in range(3)]
    # Concurrent first opens race on creating the schema; the advisory lock serializes them.
    await asyncio.gather(*(s.open() for s in stores))
    await stores[0].append_messages(SessionKey("u", "s"), [Message.user("original")])
    for s in stores:
        await s.close()
    again = PostgresStore(PG_DSN, schema=pg_schema)
    await again.open()
    await again.close()
    async with await psycopg.AsyncConnection.connect(PG_DSN, autocommit=True) as conn:
        cur = await conn.execute(f"SELECT name, applied_at FROM {pg_schema}._migrations")
        rows = await cur.fetchall()
        assert [name for name, _ in rows] == [m.name for m in POSTGRES_MIGRATIONS]
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            await conn.execute(f"UPDATE {pg_schema}.messages SET body = '{{}}'")


def test_open_store_picks_backend_from_url(tmp_path: Path) -> None:
    default = open_store(None, tmp_path)
    assert isinstance(default, SQLiteStore) and default.path == tmp_path / "ctxengine.db"
    relative = open_store("sqlite:///data/c.db", tmp_path)
    assert isinstance(relative, SQLiteStore) and relative.path == tmp_path / "data" / "c.db"
    absolute = open_store(f"sqlite:///{tmp_path}/abs.db", Path("/elsewhere"))
    assert isinstance(absolute, SQLiteStore) and absolute.path == tmp_path / "abs.db"
    pg = open_store("postgresql://postgres@127.0.0.1/test?schema=s1&connect_timeout=3", tmp_path)
    assert isinstance(pg, PostgresStore)
    assert (pg.schema, pg.dsn) == ("s1", "postgresql://postgres@127.0.0.1/test?connect_timeout=3")
    assert type(open_store("memory://", tmp_path)).__name__ == "MemoryStore"


def test_open_store_rejects_unknown_scheme_without_echoing_secrets(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="unknown scheme 'mysql'") as info:
        open_store("mysql://root:hunter2@db/x", tmp_path)
    assert "hunter2" not in str(info.value)
    with pytest.raises(StoreError, match="invalid schema name"):
        open_store("postgresql://h/db?schema=a;drop", tmp_path)


async def test_postgres_unreachable_is_a_clear_error() -> None:
    # Port 1 on loopback refuses at once: no network beyond loopback is touched.
    store = PostgresStore("postgresql://postgres@127.0.0.1:1/test?connect_timeout=2")
    with pytest.raises(StoreError, match="postgres: cannot connect"):
        await store.open()


def test_missing_psycopg_names_the_extra() -> None:
    # A child process where `import psycopg` fails, as on an install without the extra.
    code = (
        "import sys, asyncio; sys.modules['psycopg'] = None\n"
        "from ctxengine.store import open_store\n"
        "from pathlib import Path\n"
        "store = open_store('postgresql://postgres@127.0.0.1/test', Path('.'))\n"
        "try:\n"
        "    asyncio.run(store.open())\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "PostgreSQL support needs the 'postgres' extra: pip install 'ctxengine[postgres]'"
    )
