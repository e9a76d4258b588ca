"""Invariants of the pipeline, property-tested over generated histories.

- every tool result keeps its call and every call its result (no provider 400);
- the latest user message is never dropped or cut;
- the output fits the budget whenever the latest turn alone fits;
- after a budget compaction at least `min_free_ratio` of the budget is free.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.messages import Message
from ctxengine.pipeline.pairing import unpaired
from ctxengine.pipeline.window import Window
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from .histories import histories

COUNTER = TokenCounter()


def _replay_checking(history: list[Message], s: Settings) -> int:
    """Feed `history` as an agent would, check the invariants at every decision step."""
    window = Window(s, COUNTER)
    checked = 0
    for m in history:
        if m.role == "assistant":
            _check(window, s)
            checked += 1
        window.add(m)
    _check(window, s)
    return checked + 1


def _check(window: Window, s: Settings) -> None:
    reserved = COUNTER.reply_overhead
    result = window.prepare(reserved=reserved, language="en")
    out = result.messages
    missing, orphans = unpaired(out)
    assert not missing and not orphans, (missing, orphans)

    latest = window.turns[-1].user_message if window.turns else None
    if latest is not None:
        assert any(m is latest for m in out), "latest user message dropped or changed"

    current = window.turns[-1] if window.turns else None
    alone = window._prefix_tokens + (current.tokens if current else 0) + reserved
    total = COUNTER.messages(out)
    assert total == result.tokens
    if alone <= s.agent_max_context_tokens:
        assert total <= s.agent_max_context_tokens
    if any(step.stage.startswith("budget") for step in result.steps) and alone <= s.budget_target:
        assert total <= s.budget_target, "compaction left less than the free share"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    history=histories(),
    budget=st.integers(800, 30000),
    max_turns=st.integers(1, 12),
)
def test_invariants_hold_at_every_step(history: list[Message], budget: int, max_turns: int) -> None:
    s = Settings(
        agent_max_context_tokens=budget,
        agent_max_context_turns=max_turns,
        tool_result_max_chars=2000,
    )
    assert _replay_checking(history, s) >= 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=histories(min_turns=2, max_turns=12), budget=st.integers(300, 3000))
def test_invariants_under_tiny_budgets(history: list[Message], budget: int) -> None:
    s = Settings(agent_max_context_tokens=budget, tool_result_max_chars=500)
    _replay_checking(history, s)
