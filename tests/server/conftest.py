"""Fixtures: the service's settings on SQLite (always) and PostgreSQL (when reachable), and a
running app driven in-process through its real lifespan."""

from __future__ import annotations

import socket
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from ctxengine.settings import Settings

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1.0):
            return True
    except OSError:
        return False


def drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store URL: a SQLite file in tmp_path, or a fresh PostgreSQL schema (dropped after)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'service.db'}"
        return
    if not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432 (user postgres, db test)")
    schema = f"ctxsrv_{uuid.uuid4().hex[:16]}"
    yield f"{PG_DSN}?schema={schema}"
    drop_schema(schema)


def make_settings(tmp_path: Path, db: str | None = None, **kw: object) -> Settings:
    return Settings.model_validate({"workspace": tmp_path / "ws", "db": db, **kw})


@asynccontextmanager
async def serving(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """The app with its lifespan running (engine open, retention started), and a client."""
    async with app.router.lifespan_context(app):
        # raise_app_exceptions=False: a 500 must come back as a response the test can see.
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://ctxengine") as client:
            yield client
