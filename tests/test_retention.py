"""Retention removes idle sessions with their workspace files, and nothing else."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.memory.files import MemoryFiles
from ctxengine.messages import Message
from ctxengine.retention import RetentionRun, RetentionTask, purge_idle_sessions, session_dir
from ctxengine.settings import Settings
from ctxengine.store import MemoryStore, SessionKey, SQLiteStore, Store

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store = MemoryStore() if request.param == "memory" else SQLiteStore(tmp_path / "r.db")
    await s.open()
    yield s
    await s.close()


async def add_session(store: Store, workspace: Path, key: SessionKey, idle_days: float) -> Path:
    """A session last active `idle_days` before NOW, with a file in its directory."""
    await store.append_messages(key, [Message.user("hello 你好")], now=NOW - timedelta(idle_days))
    directory = session_dir(workspace, key)
    directory.mkdir(parents=True)
    (directory / "notes.md").write_text("session notes", encoding="utf-8")
    return directory


async def test_purge_removes_idle_sessions_and_their_files_only(
    store: Store, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    old = SessionKey("alice", "old")
    old_dir = await add_session(store, ws, old, idle_days=45)
    new_dir = await add_session(store, ws, SessionKey("alice", "new"), idle_days=2)
    # Same session id, another user, still active.
    bob_dir = await add_session(store, ws, SessionKey("bob", "old"), idle_days=2)
    memory = MemoryFiles(ws, "alice")
    daily = memory.append_daily("a summary", when=NOW - timedelta(days=45))
    memory.memory_md.write_text("# alice", encoding="utf-8")

    removed = await purge_idle_sessions(store, ws, retention_days=30, now=NOW)

    assert removed == [old]
    assert not old_dir.exists()
    assert await store.get_session(old) is None
    assert await store.load_messages(old) == []
    assert new_dir.exists() and bob_dir.exists()
    # Long-term memory is the user's, not the session's: kept.
    assert daily.exists() and memory.memory_md.exists()
    assert {s.key for s in await store.list_sessions()} == {
        SessionKey("alice", "new"),
        SessionKey("bob", "old"),
    }


async def test_idle_session_without_files_is_purged(store: Store, tmp_path: Path) -> None:
    key = SessionKey("alice", "no-files")
    await store.touch_session(key, now=NOW - timedelta(days=31))
    assert await purge_idle_sessions(store, tmp_path, 30, now=NOW) == [key]
    assert not (tmp_path / "users").exists()


async def test_hostile_session_ids_stay_inside_their_directory(
    store: Store, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    hostile = SessionKey("alice", "../../victim")
    hostile_dir = await add_session(store, ws, hostile, idle_days=90)
    assert hostile_dir.resolve().is_relative_to((ws / "users" / "alice" / "sessions").resolve())
    victim = ws / "users" / "victim"  # where a naive path join would land
    victim.mkdir(parents=True)
    (victim / "keep.txt").write_text("keep", encoding="utf-8")

    assert await purge_idle_sessions(store, ws, 30, now=NOW) == [hostile]
    assert not hostile_dir.exists()
    assert (victim / "keep.txt").read_text(encoding="utf-8") == "keep"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    idle_days=st.lists(st.floats(min_value=0, max_value=400), min_size=1, max_size=6),
    retention_days=st.floats(min_value=0.01, max_value=365),
)
async def test_removed_exactly_when_idle_longer_than_retention(
    idle_days: list[float], retention_days: float
) -> None:
    store = MemoryStore()
    keys = [SessionKey("u", f"s{i}") for i in range(len(idle_days))]
    for key, days in zip(keys, idle_days, strict=True):
        await store.touch_session(key, now=NOW - timedelta(days=days))
    removed = await purge_idle_sessions(store, Path("/nonexistent-ws"), retention_days, now=NOW)
    expected = {
        k
        for k, days in zip(keys, idle_days, strict=True)
        if timedelta(days=days) > timedelta(days=retention_days)
    }
    assert set(removed) == expected
    assert {s.key for s in await store.list_sessions()} == set(keys) - expected


async def test_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="retention_days must be > 0, got 0"):
        await purge_idle_sessions(MemoryStore(), tmp_path, 0)
    with pytest.raises(ValueError, match="interval_seconds must be > 0"):
        RetentionTask(MemoryStore(), tmp_path, retention_days=1, interval_seconds=0)


async def test_task_purges_on_schedule_until_stopped(tmp_path: Path) -> None:
    store = MemoryStore()
    outcomes: asyncio.Queue[RetentionRun] = asyncio.Queue()
    task = RetentionTask(
        store, tmp_path, retention_days=30, interval_seconds=0.01, on_run=outcomes.put_nowait
    )
    now = datetime.now(UTC)
    first = SessionKey("u", "first")
    await store.touch_session(first, now=now - timedelta(days=31))
    task.start()
    with pytest.raises(RuntimeError, match="already running"):
        task.start()
    assert (await asyncio.wait_for(outcomes.get(), 30)).removed == [first]

    # A session that goes idle later is caught by a later pass.
    second = SessionKey("u", "second")
    await store.touch_session(second, now=now - timedelta(days=31))
    while (await asyncio.wait_for(outcomes.get(), 30)).removed != [second]:
        pass
    await task.stop()
    assert not task.running
    assert await store.list_sessions() == []
    await task.stop()  # idempotent


async def test_task_survives_a_failed_pass(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "r.db")  # not opened yet: the first pass fails
    outcomes: asyncio.Queue[RetentionRun] = asyncio.Queue()
    task = RetentionTask(
        store, tmp_path, retention_days=30, interval_seconds=0.01, on_run=outcomes.put_nowait
    )
    task.start()
    failed = await asyncio.wait_for(outcomes.get(), 30)
    assert failed.error is not None and "not open" in failed.error
    assert task.last_error == failed.error

    await store.open()
    key = SessionKey("u", "idle")
    await store.touch_session(key, now=datetime.now(UTC) - timedelta(days=31))
    while (outcome := await asyncio.wait_for(outcomes.get(), 30)).removed != [key]:
        pass
    assert outcome.error is None and task.last_error is None
    await task.stop()
    await store.close()


def test_from_settings_uses_the_configured_numbers(tmp_path: Path) -> None:
    cfg = Settings(workspace=tmp_path, retention_days=7, gc_interval_seconds=60)
    task = RetentionTask.from_settings(MemoryStore(), cfg)
    assert (task.workspace, task.retention_days, task.interval_seconds) == (tmp_path, 7, 60)
