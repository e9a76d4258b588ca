"""MemoryService: backend choice, sync-before-search, per-user isolation, tools, deletion."""

from __future__ import annotations

import json
import logging
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ctxengine.memory.index import SQLiteMemoryIndex
from ctxengine.memory.index_pg import PostgresMemoryIndex
from ctxengine.memory.service import MemoryService, is_postgres_url, pg_dsn
from ctxengine.settings import Settings

from .conftest import PG_DSN, pg_unreachable

SUMMARY_ZH = "用户决定把蓝鲸项目的发布推迟到七月，原因是支付接口还没有通过安全审计。"
SUMMARY_EN = "The user chose PostgreSQL over MySQL because of its full-text search."

Make = Callable[..., MemoryService]


@pytest.fixture(params=["sqlite", "postgres"])
async def make_service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Make]:
    """Builds services on one backend (keyword-only unless told); closes them afterwards."""
    if request.param == "postgres" and (reason := pg_unreachable()):
        pytest.skip(reason)
    made: list[MemoryService] = []

    def factory(embedder: str = "none") -> MemoryService:
        db = PG_DSN if request.param == "postgres" else None
        settings = Settings(memory_embedder=embedder)
        service = MemoryService(tmp_path / "ws", db=db, settings=settings)
        made.append(service)
        return service

    yield factory
    for service in made:
        await service.close()


def user(name: str) -> str:
    """A fresh user id, so tests never meet in the shared PostgreSQL tables."""
    return f"{name}-{uuid.uuid4().hex[:8]}"


async def test_summary_written_to_the_daily_file_is_found_right_after(
    make_service: Make,
) -> None:
    service = make_service()
    uid = user("alice")
    files = service.files(uid)
    assert await service.search(uid, "蓝鲸") == []  # nothing written yet
    files.append_daily(SUMMARY_ZH, title="第 1-3 轮摘要")
    [hit] = await service.search(uid, "蓝鲸项目什么时候发布")
    assert SUMMARY_ZH in hit.snippet
    assert hit.path == files.relative(files.daily_path())
    files.append_daily(SUMMARY_EN, title="summary of turns 4-6")
    hits = await service.search(uid, "why PostgreSQL")
    assert hits and SUMMARY_EN in hits[0].snippet


async def test_unchanged_files_are_not_reindexed(make_service: Make) -> None:
    service = make_service()
    uid = user("alice")
    service.files(uid).append_daily(SUMMARY_EN)
    first = await service.sync_user(service.files(uid))
    assert first.files_indexed == 1
    again = await service.sync_user(service.files(uid))
    assert (again.files_indexed, again.files_unchanged, again.chunks_written) == (0, 1, 0)
    forced = await service.sync(uid)  # goes to the index, which compares hashes
    assert (forced.files_indexed, forced.files_unchanged) == (0, 1)


async def test_two_users_never_see_each_other(make_service: Make) -> None:
    service = make_service()
    alice, bob = user("alice"), user("bob")
    service.files(alice).append_daily("蓝鲸项目的预算是三百万元。Budget of bluewhale is secret.")
    service.files(bob).append_daily("蓝鲸项目的预算是五十万元。Budget of bluewhale is public.")
    for query in ("蓝鲸项目的预算", "bluewhale budget"):
        alice_hits = await service.search(alice, query)
        bob_hits = await service.search(bob, query)
        assert alice_hits and all("三百万" in h.snippet for h in alice_hits)
        assert bob_hits and all("五十万" in h.snippet for h in bob_hits)
    tools = service.tools(bob)
    out = await tools.call_memory_tool("memory_search", '{"query": "预算"}')
    assert "五十万" in out and "三百万" not in out


async def test_tools_search_what_was_just_written(make_service: Make) -> None:
    service = make_service()
    uid = user("alice")
    tools = service.tools(uid)
    service.files(uid).append_daily(SUMMARY_ZH)
    found = json.loads(await tools.call_memory_tool("memory_search", '{"query": "支付接口"}'))
    [result] = found["results"]
    read = json.loads(
        await tools.call_memory_tool("memory_get", json.dumps({"path": result["path"]}))
    )
    assert SUMMARY_ZH in read["text"]


async def test_delete_user_forgets_files_and_index_of_that_user_only(make_service: Make) -> None:
    service = make_service()
    alice, bob = user("alice"), user("bob")
    for uid in (alice, bob):
        service.files(uid).memory_md.parent.mkdir(parents=True, exist_ok=True)
        service.files(uid).memory_md.write_text("The user's cat is called Mochi.\n")
        service.files(uid).append_daily("Mochi went to the vet on Tuesday.")
        assert len(await service.search(uid, "Mochi")) == 2
    await service.delete_user(alice)
    assert service.files(alice).files() == []
    assert await service.search(alice, "Mochi") == []
    assert len(await service.search(bob, "Mochi")) == 2


async def test_close_then_search_reopens(make_service: Make) -> None:
    service = make_service()
    uid = user("alice")
    service.files(uid).append_daily(SUMMARY_EN)
    assert await service.search(uid, "PostgreSQL")
    await service.close()
    assert await service.search(uid, "PostgreSQL")


def test_backend_follows_the_database_url(tmp_path: Path) -> None:
    settings = Settings(memory_embedder="none")
    for db, backend in [
        (None, "sqlite"),
        ("sqlite:///store.db", "sqlite"),
        ("memory://", "sqlite"),
        ("postgresql://postgres@127.0.0.1/test", "postgres"),
        ("postgres://postgres@127.0.0.1/test", "postgres"),
    ]:
        assert MemoryService(tmp_path, db=db, settings=settings).backend == backend, db
        assert is_postgres_url(db) == (backend == "postgres")


def test_store_schema_parameter_becomes_the_search_path() -> None:
    dsn = pg_dsn("postgresql://postgres@127.0.0.1:5432/test?schema=tenant_a&sslmode=disable")
    assert "schema=" not in dsn
    assert "sslmode=disable" in dsn
    assert "search_path%3Dtenant_a%2Cpublic" in dsn
    assert pg_dsn(PG_DSN) == PG_DSN


async def test_index_kind_and_file_location(tmp_path: Path) -> None:
    sqlite = MemoryService(tmp_path / "ws", settings=Settings(memory_embedder="none"))
    index = await sqlite.index()
    assert isinstance(index, SQLiteMemoryIndex)
    assert index.path == tmp_path / "ws" / "memory_index.db"
    assert index.embedder is None and not sqlite.hybrid
    pg = MemoryService(tmp_path, db=PG_DSN, settings=Settings(memory_embedder="none"))
    assert isinstance(await pg.index(), PostgresMemoryIndex)  # built lazily, not connected


async def test_missing_extra_means_keyword_only_logged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "static_model", None)  # makes the import fail
    monkeypatch.setattr("ctxengine.memory.service._warned", set())
    caplog.set_level(logging.WARNING, logger="ctxengine.memory")
    services = [
        MemoryService(tmp_path / "ws", settings=Settings(memory_embedder="static"))
        for _ in range(2)
    ]
    uid = user("alice")
    services[0].files(uid).append_daily(SUMMARY_EN, when=datetime.now(UTC))
    try:
        for service in services:
            assert await service.search(uid, "PostgreSQL")
            assert not service.hybrid
    finally:
        for service in services:
            await service.close()
    warnings = [r.getMessage() for r in caplog.records if "keyword-only" in r.getMessage()]
    assert len(warnings) == 1
    assert "ctxengine[embeddings]" in warnings[0]
