"""Two sessions fed the same history, their contexts compared at every model call: how a
shortcut of the pipeline is checked against the path it skips (tests/engine/
test_quick_context.py, tests/pipeline/test_cost_round10.py)."""

from __future__ import annotations

from typing import Any

from ctxengine.engine import Context, Session
from ctxengine.messages import Message


def view(ctx: Context) -> dict[str, Any]:
    """What a context gives the model, and the steps that built it."""
    return {
        "messages": [(m.id, m.model_dump(exclude={"id"})) for m in ctx.messages],
        "tokens": ctx.tokens,
        "budget": ctx.budget,
        "compacted": ctx.compacted_context,
        "steps": [(s.stage, s.turns_before, s.turns_after, len(s.removed)) for s in ctx.steps],
    }


async def same(fast: Session, full: Session) -> None:
    got, want = await fast.context(), await full.context()
    assert view(got) == view(want)


async def replay_both(fast: Session, full: Session, history: list[Message]) -> None:
    """Feeds `history` to both as an agent would, comparing before every assistant message,
    at the end, and once more after the summaries land."""
    for m in history:
        if m.role == "assistant":
            await same(fast, full)
        # The same objects go to both: ids and cached counts match.
        await fast.add(m)
        await full.add(m)
        if m.starts_turn:
            await fast.flush()
            await full.flush()
    await same(fast, full)
    await fast.flush()
    await full.flush()
    await same(fast, full)
