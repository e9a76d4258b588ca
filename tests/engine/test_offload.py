"""`ContextEngine.offload`: a session's parsing and context building handed to worker threads
(as the service does) give exactly what the same calls give inline, and run off the loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
import pytest

from ctxengine.engine import Context, ContextEngine, Session
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.summarize import summarizer_from_settings
from ctxengine.tokens import TokenCounter

from .conftest import tool_turn

T = TypeVar("T")


class Threads:
    """An `offload` into anyio's worker threads that notes which threads ran the work."""

    def __init__(self) -> None:
        self.idents: list[int] = []

    async def __call__(self, fn: Callable[[], T]) -> T:
        def run() -> T:
            self.idents.append(threading.get_ident())
            return fn()

        return await anyio.to_thread.run_sync(run)


class AtFlush:
    """The offline summarizer, landing its summaries only while the test waits for them:
    when a summary lands is up to the loop (a thread's await lets one in sooner), so the runs
    compare at the same points."""

    def __init__(self, settings: Settings) -> None:
        self.inner = summarizer_from_settings(settings, TokenCounter.from_settings(settings))
        self.open = asyncio.Event()

    async def summarize(self, messages: list[Message], *, language: str) -> str:
        await self.open.wait()
        return await self.inner.summarize(messages, language=language)  # type: ignore[arg-type]

    async def flush(self, session: Session) -> None:
        self.open.set()
        await session.flush()
        self.open.clear()


def shape(ctx: Context) -> dict[str, Any]:
    return {
        "messages": ctx.to_openai(),
        "tokens": ctx.tokens,
        "compacted": ctx.compacted_context,
        "steps": [(s.stage, s.turns_before, s.turns_after) for s in ctx.steps],
    }


async def run_session(
    tmp_path: Path, offload: Threads | None, store: MemoryStore, **kw: Any
) -> list[dict[str, Any]]:
    settings = Settings.model_validate({"workspace": tmp_path / "ws", **kw})
    out: list[dict[str, Any]] = []
    summaries = AtFlush(settings)
    async with ContextEngine(settings, store=store, summarizer=summaries, offload=offload) as eng:
        s = await eng.session("u", "s")
        for i in range(1, 13):
            await s.add(*tool_turn(i, result_chars=1500, lang="zh" if i % 3 else "en"))
            out.append(shape(await s.context()))
            await summaries.flush(s)
        out.append(shape(await s.recover_overflow()))
        await summaries.flush(s)
        out.append(shape(await s.context()))
    # A restart: restore re-reads the history and the layers, through `offload` too.
    summaries.open.set()
    async with ContextEngine(settings, store=store, summarizer=summaries, offload=offload) as eng:
        s = await eng.session("u", "s")
        out.append(shape(await s.context()))
    return out


@pytest.mark.parametrize("compaction", [True, False])
async def test_offloaded_sessions_give_what_inline_ones_give(
    tmp_path: Path, compaction: bool
) -> None:
    kw = {"agent_max_context_tokens": 3000, "agent_max_context_turns": 8, "compaction": compaction}
    inline = await run_session(tmp_path / "a", None, MemoryStore(), **kw)
    threads = Threads()
    offloaded = await run_session(tmp_path / "b", threads, MemoryStore(), **kw)
    assert offloaded == inline
    # The runs compacted (else the comparison says little), and the work left the loop.
    assert any(c["steps"] for c in inline)
    assert threads.idents and threading.get_ident() not in threads.idents
