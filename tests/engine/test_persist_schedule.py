"""The layers are saved every few turns, then at a share of the session's turns: a save writes
the whole state, so spacing saves keeps their cost per turn flat; a restore re-parses what
came after the last save and rebuilds the same state."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store import SessionKey
from ctxengine.store.memory import MemoryStore


class CountingStore(MemoryStore):
    """A real in-memory store that remembers at which stored message each save happened."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[int] = []  # number of user messages stored at each layers save

    async def set_state(self, key: SessionKey, name: str, value: dict[str, Any]) -> None:
        if name == "compaction":
            rows = await self.load_messages(key)
            self.saves.append(sum(1 for r in rows if r.message.role == "user"))
        await super().set_state(key, name, value)


def _turn(i: int) -> list[Message]:
    return [
        Message.user(f"第{i}轮：把收货人改成用户{i}号，不要用顺丰{i}"),
        Message.assistant(f"好的，收货人已改为用户{i}号。"),
    ]


async def test_saves_are_spaced_with_the_session(tmp_path: Path) -> None:
    store = CountingStore()
    settings = Settings(
        workspace=tmp_path,
        compaction_persist_every_turns=5,
        compaction_persist_share=0.1,
    )
    async with ContextEngine(settings, store=store) as engine:
        session = await engine.session("u", "s", restore=False)
        for i in range(1, 201):
            await session.add(*_turn(i))
        saves = list(store.saves)
    # Every 5 turns while the session is short, then every tenth of it.
    assert saves[:10] == [5, 10, 15, 20, 25, 30, 35, 40, 45, 50]
    gaps = [b - a for a, b in itertools.pairwise(saves)]
    assert all(gap >= max(5, int(b * 0.1)) for gap, b in zip(gaps, saves[1:], strict=True))
    assert len(saves) < 200 // 5  # fewer than a save every 5 turns
    assert saves[-1] >= 180  # and still recent


async def test_a_restore_after_the_last_save_rebuilds_the_same_state(tmp_path: Path) -> None:
    store = CountingStore()
    settings = Settings(workspace=tmp_path, compaction_persist_share=0.1)
    engine = ContextEngine(settings, store=store)
    session = await engine.session("u", "s", restore=False)
    for i in range(1, 148):  # the last save is at turn 137: the 10 turns after it are unsaved
        await session.add(*_turn(i))
    assert store.saves[-1] == 137
    assert session.distiller is not None
    want = session.distiller.render(147, "zh")
    # No close: the process is gone; a new engine on the same store restores the session.
    async with ContextEngine(settings, store=store) as again:
        restored = await again.session("u", "s")
        assert restored.distiller is not None
        assert restored.distiller.render(147, "zh") == want
        assert "用户147号" in want
