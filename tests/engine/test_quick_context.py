"""context() with the injections of the call before (`Session._quick_injections`, no compaction
engine) returns exactly what working them out again returns, whatever the history (property
test)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pipeline.histories import histories, history_settings
from pipeline.side_by_side import replay_both

from ctxengine.engine import ContextEngine, _Quick
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore


async def _run(history: list[Message], s: Settings, tmp: Path) -> int:
    quick_hits = 0
    async with (
        ContextEngine(s.updated(workspace=tmp / "quick"), store=MemoryStore()) as a,
        ContextEngine(s.updated(workspace=tmp / "full"), store=MemoryStore()) as b,
    ):
        fast = await a.session("u", "s")
        full = await b.session("u", "s")
        # The reference never takes the shortcut.
        full._quick_injections = lambda: None  # type: ignore[method-assign]
        original = fast._quick_injections

        def counted() -> _Quick | None:
            nonlocal quick_hits
            q = original()
            quick_hits += q is not None
            return q

        fast._quick_injections = counted  # type: ignore[method-assign]
        await replay_both(fast, full, history)
    return quick_hits


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    history=histories(max_turns=25),
    budget=st.integers(600, 20000),
    turns=st.integers(2, 12),
)
def test_the_shortcut_returns_what_the_pipeline_returns(
    history: list[Message], budget: int, turns: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        s = history_settings(Path(tmp), budget, turns)
        asyncio.run(_run(history, s, Path(tmp)))


def test_the_shortcut_is_taken_between_turns_and_within_them() -> None:
    from engine.conftest import tool_turn

    history = [m for i in range(12) for m in tool_turn(i, result_chars=500)]
    with tempfile.TemporaryDirectory() as tmp:
        s = Settings(workspace=Path(tmp), compaction=False)
        hits = asyncio.run(_run(history, s, Path(tmp)))
    assert hits >= 12
