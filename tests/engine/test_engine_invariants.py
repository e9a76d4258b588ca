"""The invariants hold for what a Session sends, injections included (property test)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pipeline.histories import histories, history_settings

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.pipeline.pairing import unpaired
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore


async def _run(history: list[Message], s: Settings) -> None:
    async with ContextEngine(s, store=MemoryStore()) as engine:
        session = await engine.session("u", "s")
        for m in history:
            if m.role == "assistant":
                await _check(session, s)
            await session.add(m)
        await session.flush()
        await _check(session, s)


async def _check(session: object, s: Settings) -> None:
    from ctxengine.engine import Session

    assert isinstance(session, Session)
    ctx = await session.context()
    missing, orphans = unpaired(ctx.messages)
    assert not missing and not orphans
    window = session.window
    latest = window.turns[-1].user_message if window.turns else None
    if latest is not None:
        sent = [m for m in ctx.messages if m.id == latest.id]
        assert len(sent) == 1, "latest user message dropped"
        assert sent[0].text.endswith(latest.text), "latest user message cut"
    current = window.turns[-1].tokens if window.turns else 0
    alone = window._prefix_tokens + current + session.counter.reply_overhead
    exact = session.counter.messages(ctx.messages)
    assert exact <= ctx.tokens <= exact + 8, "the reported count is exact or a safe estimate"
    if alone <= s.agent_max_context_tokens:
        assert exact <= s.agent_max_context_tokens, (exact, alone)
    budget_steps = [st for st in ctx.steps if st.stage in ("budget_trim", "budget_compress")]
    if budget_steps and exact > s.budget_target and session.distiller is not None:
        # A budget compaction leaves a quarter free, the CONTEXT block counted, unless
        # nothing more can go: the turns are down to the latest `block_keeps_turns` (the
        # last a budget compaction drops, while they fit the budget itself) and the block to
        # what it never sheds.
        keep = max(s.block_keeps_turns, 1)
        assert len(window.turns) <= keep, ("less than a quarter free", exact, s.budget_target)
        count = session.counter.count
        minimal = count(
            session.distiller.render(
                window.current_index, session.language, max_tokens=1, count=count
            )
        )
        summary = session.book.injected_text(session._summary_cap())
        block = ctx.compacted_context
        if summary and block.endswith(summary):
            block = block[: -len(summary)].rstrip("\n")
        # Shedding is owed only when it can leave the quarter free: the turns kept (a latest
        # turn cut to fit, say) may be over the target alone, and then the block only has to
        # fit the budget (shedding it would make nothing free); what it never sheds may not
        # fit at all, and then the overflow steps shrank or dropped it.
        kept = window._prefix_tokens + sum(t.tokens for t in window.turns)
        kept += session.counter.reply_overhead
        fits = kept + minimal + session.counter.message_overhead <= s.budget_target
        assert count(block) <= minimal + 16 or not fits, "the block could have shed more"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    history=histories(max_turns=25),
    budget=st.integers(600, 20000),
    turns=st.integers(2, 12),
    compaction=st.booleans(),
)
def test_session_output_keeps_the_invariants(
    history: list[Message], budget: int, turns: int, compaction: bool
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        s = history_settings(Path(tmp), budget, turns, compaction=compaction)
        asyncio.run(_run(history, s))
