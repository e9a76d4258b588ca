"""Fixtures: a memory index per backend (SQLite always, PostgreSQL when reachable)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from ctxengine.memory.base import IndexBase
from ctxengine.memory.embed import Embedder
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.index import SQLiteMemoryIndex
from ctxengine.memory.index_pg import PostgresMemoryIndex

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"
TODAY = date(2025, 6, 1)


def fixed_clock() -> datetime:
    return datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=UTC)


def pg_unreachable() -> str | None:
    """Why PostgreSQL cannot be used, or None when it can."""
    try:
        import psycopg

        with psycopg.connect(PG_DSN, connect_timeout=2):
            return None
    except Exception as exc:
        return f"PostgreSQL at {PG_DSN} unreachable: {type(exc).__name__}"


IndexFactory = Callable[..., IndexBase]


@pytest.fixture(params=["sqlite", "postgres"])
async def make_index(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[IndexFactory]:
    """Builds indexes of one backend; closes them afterwards."""
    made: list[IndexBase] = []
    if request.param == "postgres" and (reason := pg_unreachable()):
        pytest.skip(reason)

    def factory(embedder: Embedder | None = None) -> IndexBase:
        index: IndexBase
        if request.param == "sqlite":
            index = SQLiteMemoryIndex(
                tmp_path / f"index-{len(made)}.db", embedder=embedder, clock=fixed_clock
            )
        else:
            index = PostgresMemoryIndex(
                PG_DSN, prefix="memtest", embedder=embedder, clock=fixed_clock
            )
        made.append(index)
        return index

    yield factory
    for index in made:
        await index.close()


@pytest.fixture
def user_files(tmp_path: Path) -> Callable[[str], MemoryFiles]:
    """MemoryFiles for a fresh, unique user id (so shared PG tables never mix tests)."""

    def make(name: str) -> MemoryFiles:
        files = MemoryFiles(tmp_path / "ws", f"{name}-{uuid.uuid4().hex[:8]}")
        files.daily_dir.mkdir(parents=True, exist_ok=True)
        return files

    return make


def write_daily(files: MemoryFiles, day: date, text: str) -> Path:
    path = files.daily_path(day)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
