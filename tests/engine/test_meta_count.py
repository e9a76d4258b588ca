"""The `meta` state is written every few turns, not every turn: a restart (even without a clean
close, as after a crash) still continues the turn numbering exactly, counting the turns stored
after the seq `meta` was written at; a `meta` from before (no seq) is taken as it is."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ctxengine.engine import _META_EVERY_TURNS, ContextEngine
from ctxengine.messages import Message
from ctxengine.store.base import SessionKey
from ctxengine.store.memory import MemoryStore

from .conftest import tool_turn


async def _play(engine: ContextEngine, turns: int) -> None:
    s = await engine.session("u", "meta")
    await s.add(Message.system("You are an order assistant."))
    for i in range(1, turns + 1):
        for m in tool_turn(i, 200):
            if m.role == "assistant":
                await s.context()
            await s.add(m)


@pytest.mark.parametrize("turns", [1, _META_EVERY_TURNS, _META_EVERY_TURNS + 5, 40])
async def test_restart_continues_the_turn_numbering(
    make_engine: Callable[..., ContextEngine], turns: int
) -> None:
    store = MemoryStore()
    first = make_engine(store=store)
    await first.open()
    await _play(first, turns)  # no close: whatever was stored is all there is
    meta = await store.get_state(SessionKey("u", "meta"), "meta")
    assert meta is not None and meta["turns"] <= turns and "seq" in meta
    async with make_engine(store=store) as second:
        s = await second.session("u", "meta")
        assert s.window.turns[-1].index == turns
        await s.add(Message.user("and now?"))
        assert s.window.current_index == turns + 1
    await first.close()


async def test_meta_is_not_written_on_every_turn(
    make_engine: Callable[..., ContextEngine],
) -> None:
    store = MemoryStore()
    async with make_engine(store=store) as eng:
        await _play(eng, _META_EVERY_TURNS + 3)
        meta = await store.get_state(SessionKey("u", "meta"), "meta")
        assert meta is not None
        # Written with the system prompt (turn 0), then once the count is that far ahead.
        assert meta["turns"] == _META_EVERY_TURNS
        assert [m["role"] for m in meta["prefix"]] == ["system"]


async def test_a_meta_without_seq_counts_as_written_every_turn(
    make_engine: Callable[..., ContextEngine],
) -> None:
    store = MemoryStore()
    key = SessionKey("u", "meta")
    async with make_engine(store=store) as eng:
        await _play(eng, 6)
    old = await store.get_state(key, "meta")
    assert old is not None
    del old["seq"]
    # The per-turn writer's count is the total (here one that differs from a recount).
    old["turns"] = 9
    await store.set_state(key, "meta", old)
    async with make_engine(store=store) as eng:
        s = await eng.session("u", "meta")
        assert s.window.turns[-1].index == 9
