"""Fixtures that run the store suite on every backend.

`store` yields an opened store for each of memory, sqlite and postgres. PostgreSQL tests use a
fresh schema per test (dropped afterwards), so parallel runs never collide; they skip when
127.0.0.1:5432 does not answer.
"""

from __future__ import annotations

import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from ctxengine.store import MemoryStore, PostgresStore, SQLiteStore, Store

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"
BACKENDS = ["memory", "sqlite", "postgres"]

Reopen = Callable[[], Awaitable[Store]]


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1.0):
            return True
    except OSError:
        return False


def require_postgres() -> None:
    if not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432 (user postgres, db test)")


def drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A schema name unique to this test; dropped at teardown."""
    require_postgres()
    schema = f"ctxtest_{uuid.uuid4().hex[:16]}"
    yield schema
    drop_schema(schema)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if name == "postgres":
        require_postgres()
    return name


@pytest.fixture
async def reopen(backend: str, tmp_path: Path) -> AsyncIterator[Reopen]:
    """Opens another store on the same database (the same object for memory)."""
    opened: list[Store] = []
    memory = MemoryStore()
    schema = f"ctxtest_{uuid.uuid4().hex[:16]}"

    async def make() -> Store:
        store: Store
        if backend == "memory":
            store = memory
        elif backend == "sqlite":
            store = SQLiteStore(tmp_path / "store.db")
        else:
            store = PostgresStore(PG_DSN, schema=schema)
        await store.open()
        opened.append(store)
        return store

    yield make
    for store in opened:
        await store.close()
    if backend == "postgres":
        drop_schema(schema)


@pytest.fixture
async def store(reopen: Reopen) -> Store:
    return await reopen()
