"""The injected summary may take `summary_max_share` of the budget (capped by
`summary_max_tokens`), the block's room first: where no ontology knows the values, the summary
of the dropped turns is what keeps them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.tokens import TokenCounter

from .test_session import play

COUNTER = TokenCounter()
HEADER_TOKENS = 16  # the note's own line ("Summary of the earlier conversation:")


def trip(i: int) -> list[Message]:
    return [
        Message.user(
            f"Plan leg {i}: I want to fly from Harbor City {i} to Lake Town {i} on the "
            f"{i % 27 + 1}th of May, window seat, and a hotel near Pine Square {i}."
        ),
        Message.assistant(
            f"Leg {i} is set: flight HC{i:03d} leaves Harbor City {i} at 9:{i % 60:02d} am; "
            f"the Pine Square {i} Inn has a room for two nights at {100 + i} dollars."
        ),
    ]


@pytest.mark.parametrize("share", [0.125, 0.25])
async def test_the_summary_takes_up_to_its_share(
    make_engine: Callable[..., ContextEngine], share: float
) -> None:
    budget = 4000
    eng = make_engine(
        agent_max_context_tokens=budget,
        agent_max_context_turns=8,
        summary_max_share=share,
        summary_max_tokens=5000,
        compaction=False,  # the summary alone (the block would take its room first)
    )
    async with eng:
        s = await eng.session("u", f"share-{share}")
        await play(s, [trip(i) for i in range(60)])
        await s.flush()
        ctx = await s.context()
        assert ctx.tokens <= budget
        summary = ctx.compacted_context  # the injected note: its header, then the summaries
        tokens = COUNTER.count(summary)
        assert 0 < tokens <= int(budget * share) + HEADER_TOKENS
        if share > 0.125:  # more room than the old eighth, and it is used
            assert tokens > budget // 8
