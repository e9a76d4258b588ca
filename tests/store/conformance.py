"""The conformance suite every `Store` backend passes.

Backend-agnostic: each test takes a `store` fixture (an opened store) and, for persistence, a
`reopen` fixture that opens another store on the same database. `test_conformance.py` supplies
both for memory, SQLite and PostgreSQL; a new backend gets the whole suite by providing them.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ctxengine.messages import (
    ImagePart,
    Message,
    RawPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from ctxengine.store.base import SessionKey, Store, StoreError

__all__ = [
    "test_append_assigns_gapless_seqs_from_one",
    "test_append_touches_session",
    "test_bad_input_is_a_clear_store_error",
    "test_concurrent_appends_lose_nothing",
    "test_delete_session_removes_only_that_session",
    "test_empty_append_is_a_noop",
    "test_events_are_numbered_per_session",
    "test_implements_the_protocol",
    "test_jobs_lifecycle",
    "test_load_window_matches_reference",
    "test_messages_round_trip_every_field",
    "test_purge_idle_removes_idle_sessions_only",
    "test_reopened_store_sees_everything",
    "test_state_is_a_document_per_name",
    "test_unknown_job_id_is_an_error",
    "test_users_with_same_session_id_are_isolated",
]

Reopen = Callable[[], Awaitable[Store]]


def new_key(user: str = "alice") -> SessionKey:
    return SessionKey(user, f"s-{uuid.uuid4().hex[:8]}")


def rich_messages() -> list[Message]:
    """One message of every part kind, with the fields a store must keep."""
    call = ToolCallPart(id="call_1", name="search", arguments='{"q": "北京 weather"}')
    return [
        Message.system("You are helpful. 你是助手。"),
        Message.user("查一下北京天气 and Paris", name="bob", extra={"client": {"v": 2}}),
        Message(
            role="assistant",
            parts=[ThinkingPart(text="let me think", signature="sig=="), TextPart(text="ok"), call],
            content_form="parts",
        ),
        Message(
            role="tool",
            parts=[
                ToolResultPart(
                    call_id="call_1",
                    content="晴 25°C\x00nul",
                    is_error=False,
                    blocks=[{"type": "text", "text": "晴"}],
                )
            ],
        ),
        Message.user("[summary of earlier turns]", injected=True),
        Message(
            role="user",
            parts=[
                ImagePart(source={"url": "https://example.com/a.png"}, detail="low"),
                RawPart(data={"type": "input_audio", "format": "wav"}),
            ],
        ),
    ]


async def test_implements_the_protocol(store: Store) -> None:
    assert isinstance(store, Store)


async def test_append_assigns_gapless_seqs_from_one(store: Store) -> None:
    key = new_key()
    first = await store.append_messages(key, [Message.user("a"), Message.assistant("b")])
    second = await store.append_messages(key, [Message.user("c")])
    assert first + second == [1, 2, 3]
    loaded = await store.load_messages(key)
    assert [m.seq for m in loaded] == [1, 2, 3]
    assert [m.message.text for m in loaded] == ["a", "b", "c"]
    assert await store.count_messages(key) == 3


async def test_messages_round_trip_every_field(store: Store) -> None:
    key = new_key()
    sent = rich_messages()
    await store.append_messages(key, sent)
    loaded = [m.message for m in await store.load_messages(key)]
    assert loaded == sent
    assert [m.id for m in loaded] == [m.id for m in sent]
    assert [m.injected for m in loaded] == [m.injected for m in sent]


async def test_empty_append_is_a_noop(store: Store) -> None:
    key = new_key()
    assert await store.append_messages(key, []) == []
    assert await store.get_session(key) is None
    assert await store.load_messages(key) == []


async def test_append_touches_session(store: Store) -> None:
    key = new_key()
    t0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    # A non-UTC offset must come back as the same instant in UTC.
    t1 = datetime(2026, 1, 2, 20, 0, tzinfo=timezone(timedelta(hours=8)))
    await store.append_messages(key, [Message.user("a")], now=t0)
    await store.append_messages(key, [Message.user("b"), Message.user("c")], now=t1)
    info = await store.get_session(key)
    assert info is not None
    assert (info.key, info.created_at, info.last_active_at, info.message_count) == (key, t0, t1, 3)
    assert info.last_active_at.tzinfo == UTC
    created = [m.created_at for m in await store.load_messages(key)]
    assert created == [t0, t1, t1]
    t2 = t1 + timedelta(hours=1)
    await store.touch_session(key, now=t2)
    again = await store.get_session(key)
    assert again is not None and (again.created_at, again.last_active_at) == (t0, t2)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    batches=st.lists(st.lists(st.text(max_size=20), min_size=1, max_size=4), max_size=6),
    after_seq=st.integers(min_value=0, max_value=12),
    limit=st.one_of(st.none(), st.integers(min_value=0, max_value=25)),
)
# A limit larger than the window must return the whole window.
@example(batches=[["a", "b"], ["c"]], after_seq=0, limit=5)
async def test_load_window_matches_reference(
    store: Store, batches: list[list[str]], after_seq: int, limit: int | None
) -> None:
    """load_messages(after_seq, limit) is the last `limit` of the messages after `after_seq`."""
    key = new_key()
    reference: list[Message] = []
    for batch in batches:
        messages = [Message.user(text) for text in batch]
        seqs = await store.append_messages(key, messages)
        assert seqs == list(range(len(reference) + 1, len(reference) + len(batch) + 1))
        reference.extend(messages)
    # Reference: keep what is after `after_seq`, then drop from the front while over `limit`.
    expected = [(seq, m) for seq, m in enumerate(reference, start=1) if seq > after_seq]
    while limit is not None and len(expected) > limit:
        expected.pop(0)
    loaded = await store.load_messages(key, after_seq=after_seq, limit=limit)
    assert [(m.seq, m.message) for m in loaded] == expected


async def test_concurrent_appends_lose_nothing(store: Store) -> None:
    key = new_key()
    batches = [[Message.user(f"w{w}-m{i}") for i in range(1 + w % 3)] for w in range(40)]
    results = await asyncio.gather(*(store.append_messages(key, b) for b in batches))
    all_seqs = sorted(s for seqs in results for s in seqs)
    total = sum(len(b) for b in batches)
    assert all_seqs == list(range(1, total + 1))  # unique and gapless
    loaded = {m.seq: m.message for m in await store.load_messages(key)}
    for batch, seqs in zip(batches, results, strict=True):
        # Each batch got a contiguous run of seqs, in order.
        assert seqs == list(range(seqs[0], seqs[0] + len(batch)))
        assert [loaded[s] for s in seqs] == batch
    assert await store.count_messages(key) == total


async def test_users_with_same_session_id_are_isolated(store: Store) -> None:
    alice, bob = SessionKey("alice", "shared"), SessionKey("bob", "shared")
    await store.append_messages(alice, [Message.user("alice secret")])
    await store.append_messages(bob, [Message.user("bob one"), Message.user("bob two")])
    await store.set_state(alice, "layers", {"owner": "alice"})
    await store.add_events(alice, [("parsed", {"who": "alice"})])
    alice_job = await store.add_job(alice, "summary", {"who": "alice"})

    assert [m.message.text for m in await store.load_messages(alice)] == ["alice secret"]
    assert [m.message.text for m in await store.load_messages(bob)] == ["bob one", "bob two"]
    assert await store.count_messages(alice) == 1
    assert await store.get_state(bob, "layers") is None
    assert await store.list_events(bob) == []
    assert await store.pending_jobs(bob) == []
    assert [j.id for j in await store.pending_jobs(alice)] == [alice_job]
    assert [s.key for s in await store.list_sessions("bob")] == [bob]

    await store.delete_session(bob)
    assert await store.load_messages(bob) == []
    assert [m.message.text for m in await store.load_messages(alice)] == ["alice secret"]
    assert await store.get_state(alice, "layers") == {"owner": "alice"}


async def test_state_is_a_document_per_name(store: Store) -> None:
    key = new_key()
    assert await store.get_state(key, "layers") is None
    value = {"intent": ["订机票"], "n": 1, "nested": {"ok": True, "none": None}}
    await store.set_state(key, "layers", value)
    await store.set_state(key, "boundary", {"seq": 7})
    value["n"] = 2  # mutating the caller's dict must not change what was stored
    assert await store.get_state(key, "layers") == {
        "intent": ["订机票"],
        "n": 1,
        "nested": {"ok": True, "none": None},
    }
    await store.set_state(key, "layers", {"n": 3})
    assert await store.get_state(key, "layers") == {"n": 3}
    assert await store.get_state(key, "boundary") == {"seq": 7}
    # Writing state creates the session, so retention and delete reach it.
    assert await store.get_session(key) is not None


async def test_events_are_numbered_per_session(store: Store) -> None:
    key, other = new_key(), new_key()
    await store.add_events(key, [("a", {"i": 1}), ("b", {"i": 2})])
    await store.add_events(other, [("x", {})])
    await store.add_events(key, [])
    await store.add_events(key, [("c", {"text": "中文"})])
    events = await store.list_events(key)
    assert [(e.seq, e.kind, e.data) for e in events] == [
        (1, "a", {"i": 1}),
        (2, "b", {"i": 2}),
        (3, "c", {"text": "中文"}),
    ]
    assert all(e.created_at.tzinfo == UTC for e in events)
    assert [e.seq for e in await store.list_events(key, after_seq=2)] == [3]
    assert [(e.seq, e.kind) for e in await store.list_events(other)] == [(1, "x")]


async def test_jobs_lifecycle(store: Store) -> None:
    key, other = new_key(), new_key("carol")
    first = await store.add_job(key, "summary", {"seqs": [1, 2], "text": "总结"})
    second = await store.add_job(other, "summary", {"seqs": [9]})
    third = await store.add_job(key, "index", {})
    pending = await store.pending_jobs()
    mine = [j.id for j in pending if j.id in (first, second, third)]
    assert mine == [first, second, third]  # oldest first
    job = next(j for j in pending if j.id == first)
    assert (job.key, job.kind, job.payload, job.attempts, job.last_error) == (
        key,
        "summary",
        {"seqs": [1, 2], "text": "总结"},
        0,
        None,
    )
    assert job.created_at.tzinfo == UTC

    await store.fail_job(first, "model timed out")
    await store.fail_job(first, "model timed out again")
    failed = next(j for j in await store.pending_jobs(key) if j.id == first)
    assert (failed.attempts, failed.last_error) == (2, "model timed out again")

    await store.complete_job(first)
    await store.complete_job(first)  # idempotent
    assert [j.id for j in await store.pending_jobs(key)] == [third]
    assert [j.id for j in await store.pending_jobs(other)] == [second]


async def test_unknown_job_id_is_an_error(store: Store) -> None:
    job_id = await store.add_job(new_key(), "summary", {})
    with pytest.raises(StoreError, match=f"no job with id {job_id + 1000}"):
        await store.complete_job(job_id + 1000)
    with pytest.raises(StoreError, match="no job with id"):
        await store.fail_job(job_id + 1000, "x")


async def _fill(store: Store, key: SessionKey, when: datetime) -> int:
    """Give a session data of every kind; return its job id."""
    await store.append_messages(key, [Message.user(f"hi from {key.session_id}")], now=when)
    await store.set_state(key, "layers", {"k": key.session_id})
    await store.add_events(key, [("parsed", {"k": key.session_id})])
    return await store.add_job(key, "summary", {"k": key.session_id})


async def _has_data(store: Store, key: SessionKey, job_id: int) -> list[bool]:
    return [
        await store.get_session(key) is not None,
        bool(await store.load_messages(key)),
        await store.get_state(key, "layers") is not None,
        bool(await store.list_events(key)),
        job_id in [j.id for j in await store.pending_jobs()],
    ]


async def test_delete_session_removes_only_that_session(store: Store) -> None:
    now = datetime.now(UTC)
    gone, kept = new_key(), new_key()
    gone_job = await _fill(store, gone, now)
    kept_job = await _fill(store, kept, now)
    await store.delete_session(gone)
    assert await _has_data(store, gone, gone_job) == [False] * 5
    assert await _has_data(store, kept, kept_job) == [True] * 5
    # A deleted session starts over from seq 1.
    assert await store.append_messages(gone, [Message.user("new")]) == [1]


async def test_purge_idle_removes_idle_sessions_only(store: Store) -> None:
    now = datetime.now(UTC)
    old, fresh = now - timedelta(days=40), now - timedelta(days=1)
    idle = [SessionKey("alice", f"idle-{uuid.uuid4().hex[:6]}"), new_key("bob")]
    active = [new_key("alice"), SessionKey("bob", idle[0].session_id)]
    idle_jobs = [await _fill(store, k, old) for k in idle]
    active_jobs = [await _fill(store, k, fresh) for k in active]
    # An old session touched recently is active again.
    revived = new_key("carol")
    revived_job = await _fill(store, revived, old)
    await store.touch_session(revived, now=fresh)

    removed = await store.purge_idle(now - timedelta(days=30))
    assert set(removed) == set(idle)
    for key, job in zip(idle, idle_jobs, strict=True):
        assert await _has_data(store, key, job) == [False] * 5
    for key, job in [*zip(active, active_jobs, strict=True), (revived, revived_job)]:
        assert await _has_data(store, key, job) == [True] * 5
    assert await store.purge_idle(now - timedelta(days=30)) == []


async def test_bad_input_is_a_clear_store_error(store: Store) -> None:
    key = new_key()
    with pytest.raises(StoreError, match="user_id must be a non-empty string"):
        await store.append_messages(SessionKey("", "s"), [Message.user("x")])
    with pytest.raises(StoreError, match="now must be timezone-aware"):
        await store.append_messages(key, [Message.user("x")], now=datetime(2026, 1, 1))
    with pytest.raises(StoreError, match="idle_before must be timezone-aware"):
        await store.purge_idle(datetime(2026, 1, 1))
    with pytest.raises(StoreError, match="state 'layers' is not JSON-serializable"):
        await store.set_state(key, "layers", {"when": datetime.now(UTC)})
    with pytest.raises(StoreError, match="limit must be >= 0"):
        await store.load_messages(key, limit=-1)
    # A rejected write stored nothing.
    assert await store.get_session(key) is None


async def test_reopened_store_sees_everything(store: Store, reopen: Reopen) -> None:
    key = new_key()
    sent = rich_messages()
    await store.append_messages(key, sent)
    await store.set_state(key, "layers", {"a": 1})
    await store.add_events(key, [("e", {})])
    job = await store.add_job(key, "summary", {"p": 1})
    other = await reopen()
    assert [m.message for m in await other.load_messages(key)] == sent
    assert await other.get_state(key, "layers") == {"a": 1}
    assert [e.kind for e in await other.list_events(key)] == ["e"]
    assert [j.id for j in await other.pending_jobs(key)] == [job]
    # Both instances share one seq counter.
    assert await other.append_messages(key, [Message.user("x")]) == [len(sent) + 1]
    assert await store.append_messages(key, [Message.user("y")]) == [len(sent) + 2]
