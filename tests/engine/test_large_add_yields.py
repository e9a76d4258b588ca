"""A large batch fed to the compaction engine lets the event loop serve others meanwhile (the
service's /health and other sessions), while the session's own order is kept."""

from __future__ import annotations

import asyncio

from .conftest import EngineFactory


def batch(turns: int) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for i in range(1, turns + 1):
        out += [
            {"role": "user", "content": f"Book a table for {i % 8 + 1} at 19:00, order A{i:04d}"},
            {"role": "assistant", "content": f"Booked table {i} for you."},
        ]
    return out


async def test_a_large_add_yields_to_other_tasks(make_engine: EngineFactory) -> None:
    eng = make_engine()
    async with eng:
        s = await eng.session("u1", "big")
        other = await eng.session("u1", "small")
        seen: list[str] = []

        async def small() -> None:
            await other.add({"role": "user", "content": "hello"})
            seen.append("small added")

        big = asyncio.create_task(s.add(*batch(100)))
        await asyncio.sleep(0)  # the big add has started
        await small()
        seen.append("big done" if big.done() else "big running")
        await big
    # Order, not time: the other session's append finished while the batch was being read.
    assert seen == ["small added", "big running"]
    assert s.last_seq == 200 and other.last_seq == 1


async def test_two_adds_to_one_session_keep_their_order(make_engine: EngineFactory) -> None:
    eng = make_engine()
    async with eng:
        s = await eng.session("u1", "s1")
        first = asyncio.create_task(s.add(*batch(50)))
        await asyncio.sleep(0)
        second = asyncio.create_task(s.add({"role": "user", "content": "after the batch"}))
        await asyncio.gather(first, second)
        rows = await eng.store.load_messages(s.key)
    assert [r.seq for r in rows] == list(range(1, 102))
    assert rows[-1].message.text == "after the batch"
