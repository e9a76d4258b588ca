"""Runs the conformance suite on every backend, plus SQLite's multi-process writers test."""

from __future__ import annotations

import asyncio
import multiprocessing
from pathlib import Path

from ctxengine.messages import Message
from ctxengine.store import PostgresStore, SessionKey, SQLiteStore

from ._workers import append_worker
from .conformance import *  # noqa: F403  (the suite's tests, collected here)
from .conftest import PG_DSN


async def test_sqlite_two_processes_append_to_one_session(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    key = SessionKey("alice", "s1")
    store = SQLiteStore(path)
    await store.open()  # migrate first so the workers only append
    rounds = 40
    # spawn, not fork: a forked child would inherit this process's sqlite thread and loop.
    ctx = multiprocessing.get_context("spawn")
    procs = [
        ctx.Process(
            target=append_worker, args=(str(path), key.user_id, key.session_id, tag, rounds)
        )
        for tag in ("P", "Q")
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    assert [p.exitcode for p in procs] == [0, 0]

    loaded = await store.load_messages(key)
    await store.close()
    assert [m.seq for m in loaded] == list(range(1, 4 * rounds + 1))  # unique and gapless
    texts = [m.message.text for m in loaded]
    for tag in ("P", "Q"):
        mine = [t for t in texts if t.startswith(tag)]
        # Nothing lost, each writer's messages in its order, and each batch kept together.
        assert mine == [f"{tag} {i} {ab}" for i in range(rounds) for ab in "ab"]
        for i in range(rounds):
            first = texts.index(f"{tag} {i} a")
            assert texts[first + 1] == f"{tag} {i} b"


async def test_postgres_two_stores_append_to_one_session(pg_schema: str) -> None:
    # Two stores = two independent pools, as two server processes would have.
    stores = [PostgresStore(PG_DSN, schema=pg_schema) for _ in range(2)]
    for s in stores:
        await s.open()
    key = SessionKey("alice", "s1")
    rounds = 25

    async def writer(store: PostgresStore, tag: str) -> None:
        for i in range(rounds):
            await store.append_messages(
                key, [Message.user(f"{tag} {i} a"), Message.assistant(f"{tag} {i} b")]
            )

    await asyncio.gather(writer(stores[0], "P"), writer(stores[1], "Q"))
    loaded = await stores[0].load_messages(key)
    for s in stores:
        await s.close()
    assert [m.seq for m in loaded] == list(range(1, 4 * rounds + 1))
    texts = [m.message.text for m in loaded]
    for tag in ("P", "Q"):
        assert [t for t in texts if t.startswith(tag)] == [
            f"{tag} {i} {ab}" for i in range(rounds) for ab in "ab"
        ]
