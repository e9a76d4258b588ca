"""`TurnLock`, the session lock every add() and context() takes: mutual exclusion and FIFO
order under contention, and no lock left held or waiter left behind by a cancellation."""

from __future__ import annotations

import asyncio

import pytest

from ctxengine.engine import TurnLock


async def test_only_one_holder_at_a_time_and_waiters_in_arrival_order() -> None:
    lock = TurnLock()
    inside = 0
    most = 0
    order: list[int] = []

    async def worker(i: int) -> None:
        nonlocal inside, most
        async with lock:
            inside += 1
            most = max(most, inside)
            order.append(i)
            await asyncio.sleep(0)  # yield while holding: others must wait
            await asyncio.sleep(0)
            inside -= 1

    await asyncio.gather(*(worker(i) for i in range(20)))
    assert most == 1
    assert order == list(range(20))
    assert not lock.locked()


async def test_try_acquire_never_jumps_the_queue() -> None:
    lock = TurnLock()
    assert lock.try_acquire()
    assert not lock.try_acquire()
    waiter = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    lock.release()  # handed to the waiter: still locked, even before it runs
    assert lock.locked()
    assert not lock.try_acquire()
    await waiter
    lock.release()
    assert not lock.locked()
    assert lock.try_acquire()


async def test_a_cancelled_waiter_leaves_the_queue() -> None:
    lock = TurnLock()
    await lock.acquire()
    gone = asyncio.create_task(lock.acquire())
    later = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    lock.release()
    await asyncio.wait_for(later, 1)  # the next live waiter got it
    lock.release()
    assert not lock.locked()


async def test_a_waiter_cancelled_after_the_hand_over_passes_the_lock_on() -> None:
    lock = TurnLock()
    await lock.acquire()
    first = asyncio.create_task(lock.acquire())
    second = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    lock.release()  # `first` now owns the lock but has not run yet
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    await asyncio.wait_for(second, 1)
    assert lock.locked()
    lock.release()
    assert not lock.locked()


async def test_releasing_a_free_lock_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="not acquired"):
        TurnLock().release()


async def test_session_calls_are_serialized_by_it() -> None:
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from ctxengine.engine import ContextEngine
    from ctxengine.messages import Message
    from ctxengine.settings import Settings
    from ctxengine.store.memory import MemoryStore

    with TemporaryDirectory() as tmp:
        async with ContextEngine(Settings(workspace=Path(tmp)), store=MemoryStore()) as eng:
            s = await eng.session("u", "lock")
            assert isinstance(s._lock, TurnLock)
            msgs = [Message.user(f"q{i}") for i in range(30)]
            await asyncio.gather(*(s.add(m) for m in msgs), *(s.context() for _ in range(10)))
            assert not s._lock.locked()
            seqs = [m.seq for m in s.window.messages()]
            assert None not in seqs
            assert seqs == sorted(q for q in seqs if q is not None)
