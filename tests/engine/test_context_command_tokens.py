"""`/context` counts what the model is sent next. It counted the window's messages alone, so
with a CONTEXT block taking most of a small budget it said 594 tokens (30%) while 1,780 were
sent."""

from __future__ import annotations

import json

from ctxengine.commands import handle_command
from ctxengine.engine import ContextEngine
from ctxengine.settings import Settings


async def test_context_command_counts_the_block_and_the_summary() -> None:
    engine = ContextEngine(settings=Settings(agent_max_context_tokens=600))
    s = await engine.session("u", "s")
    await s.add({"role": "user", "content": "Never push to main. Always run pytest first."})
    await s.add({"role": "assistant", "content": "Understood."})
    for i in range(30):
        await s.add(
            {"role": "user", "content": f"Step {i}: change the value of setting_{i} to {i * 7}."}
        )
        await s.add({"role": "assistant", "content": f"Done: setting_{i} is now {i * 7}. " * 3})
    await s.context()
    await s.book.wait()  # the summaries of what was trimmed are written, as a live agent's are
    stats = json.loads(await handle_command(s, "/context") or "{}")
    sent = await s.context()
    assert sent.compacted_context  # the block is injected: this is the case the figure missed
    assert stats["context_tokens"] == sent.tokens
    assert stats["context_tokens"] > stats["tokens"]
    assert stats["budget_used"] == round(sent.tokens / 600, 4)
    assert stats["context_tokens"] <= stats["budget"] == 600


async def test_context_command_on_an_empty_session() -> None:
    s = await ContextEngine().session("u", "empty")
    stats = json.loads(await handle_command(s, "/context") or "{}")
    assert stats["messages"] == 0 and stats["tokens"] == s.counter.messages([])
    # Nothing but the reply's own overhead (the tokens a reply is primed with).
    assert stats["context_tokens"] == (await s.context()).tokens < 10
