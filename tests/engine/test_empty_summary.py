"""A summary that comes back empty injects nothing: no placeholder text reaches the prompt
(or a Dify node reading `compacted_context`)."""

from __future__ import annotations

from ctxengine.engine import Context
from ctxengine.messages import Message

from .conftest import EngineFactory


class EmptySummarizer:
    async def summarize(self, messages: list[Message], *, language: str) -> str:
        return "  \n"


class TextSummarizer:
    async def summarize(self, messages: list[Message], *, language: str) -> str:
        return "The user asked about orders A0001 to A0006."


def turns(n: int) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for i in range(1, n + 1):
        out += [
            {"role": "user", "content": f"Where is order A{i:04d}? 订单A{i:04d}在哪"},
            {"role": "assistant", "content": f"Order A{i:04d} has shipped."},
        ]
    return out


async def context_after_overflow(make_engine: EngineFactory, summarizer: object) -> Context:
    """Six turns, an overflow and its summary written, then the context."""
    eng = make_engine(agent_max_context_turns=2, summarizer=summarizer)
    async with eng:
        s = await eng.session("u1", "s1")
        await s.add(*turns(6))
        await s.recover_overflow()
        await eng.wait_idle()
        return await s.context()


async def test_an_empty_summary_is_not_injected(make_engine: EngineFactory) -> None:
    ctx = await context_after_overflow(make_engine, EmptySummarizer())
    assert "(no content)" not in ctx.compacted_context
    assert not any("(no content)" in m.text for m in ctx.messages)


async def test_a_summary_with_text_is_still_injected(make_engine: EngineFactory) -> None:
    ctx = await context_after_overflow(make_engine, TextSummarizer())
    assert "orders A0001 to A0006" in ctx.compacted_context
