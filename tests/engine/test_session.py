"""The engine end to end: a long session crossing stages 1 to 3, summaries, commands."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import pytest

from ctxengine.commands import handle_command
from ctxengine.engine import ContextEngine, Session
from ctxengine.messages import Message
from ctxengine.pipeline.pairing import unpaired
from ctxengine.summaries import job_messages

from .conftest import FlakySummarizer, GatedSummarizer, tool_turn


async def play(session: Session, turns: list[list[Message]]) -> None:
    for msgs in turns:
        for m in msgs:
            if m.role == "assistant":
                await session.context()
            await session.add(m)


async def test_forty_turn_session_crosses_stages_one_to_three(
    make_engine: Callable[..., ContextEngine],
) -> None:
    eng = make_engine(
        agent_max_context_tokens=12000, agent_max_context_turns=10, tool_result_max_chars=2000
    )
    async with eng:
        s = await eng.session("u1", "s1")
        # Small results first (turn limit bites), then big ones (token budget bites).
        turns = [tool_turn(i, 300) for i in range(1, 25)] + [
            tool_turn(i, 9000) for i in range(25, 41)
        ]
        await play(s, turns)
        ctx = await s.context()
        await s.flush()
        stages = {e["stage"] for e in s.audit if e.get("event") == "compaction"}
        assert {"truncate", "trim"} <= stages
        assert stages & {"budget_trim", "budget_compress"}
        assert ctx.tokens <= 12000
        assert unpaired(ctx.messages) == (set(), set())
        # The latest user message is there, whole.
        assert ctx.messages[-4].text == "Turn 40: where is order A0040?"
        # History is append-only: every message said is still in the store.
        assert await eng.store.count_messages(s.key) == sum(len(t) for t in turns)
        # Summaries of what left reached today's memory file ...
        written = [e for e in s.audit if e.get("event") == "summary_written"]
        assert written
        daily = s.book.files.daily_path()
        text = daily.read_text(encoding="utf-8")
        assert "A0001" in text
        # ... and are injected at the start of the first retained user message.
        ctx = await s.context()
        first_user = next(m for m in ctx.messages if m.role == "user")
        assert first_user.text.startswith("[Summary of earlier conversation")
        assert ctx.compacted_context


async def test_summary_never_blocks_and_takes_effect_next_turn(
    make_engine: Callable[..., ContextEngine],
) -> None:
    gated = GatedSummarizer()
    eng = make_engine(agent_max_context_turns=4, summarizer=gated)
    async with eng:
        s = await eng.session("u1", "s1")
        await play(s, [tool_turn(i, 100) for i in range(1, 6)])
        ctx = await s.context()  # returns although the summary is still waiting
        await asyncio.sleep(0.01)  # let the background task start
        assert gated.calls, "a summary job was started"
        assert "SUMMARY" not in ctx.messages[1].text
        # The job is stored before it runs: a crash now would lose nothing.
        pending = await eng.store.pending_jobs(s.key)
        assert pending and await job_messages(eng.store, s.key, pending[0])
        gated.release.set()
        await s.flush()
        ctx = await s.context()
        assert any("SUMMARY of Turn 1" in m.text for m in ctx.messages if m.role == "user")
        assert await eng.store.pending_jobs(s.key) == []


async def test_failed_summary_is_retried_logged_and_never_lost(
    make_engine: Callable[..., ContextEngine], caplog: pytest.LogCaptureFixture
) -> None:
    flaky = FlakySummarizer(failures=2)
    eng = make_engine(agent_max_context_turns=4, summarizer=flaky, summarizer_max_retries=3)
    caplog.set_level(logging.WARNING, logger="ctxengine.summaries")
    async with eng:
        s = await eng.session("u1", "s1")
        await play(s, [tool_turn(i, 100) for i in range(1, 6)])
        await s.context()
        await s.flush()
        assert flaky.calls == 3
        assert [e["attempt"] for e in s.audit if e.get("event") == "summary_failed"] == [1, 2]
        assert "model down" in caplog.text
        assert s.book.records[0].text == "summary after 3 calls"
        assert await eng.store.pending_jobs(s.key) == []


async def test_summary_that_keeps_failing_stays_pending_with_its_messages(
    make_engine: Callable[..., ContextEngine],
) -> None:
    eng = make_engine(
        agent_max_context_turns=4, summarizer=FlakySummarizer(99), summarizer_max_retries=1
    )
    async with eng:
        s = await eng.session("u1", "s1")
        await play(s, [tool_turn(i, 100) for i in range(1, 6)])
        await s.context()
        await s.flush()
        pending = await eng.store.pending_jobs(s.key)
        assert len(pending) == 1
        texts = [m.text for m in await job_messages(eng.store, s.key, pending[0])]
        assert "Turn 1: where is order A0001?" in texts
        assert pending[0].attempts == 2


async def test_chinese_session_gets_chinese_notes(
    make_engine: Callable[..., ContextEngine],
) -> None:
    eng = make_engine(agent_max_context_turns=3, tool_result_max_chars=1000)
    async with eng:
        s = await eng.session("u1", "s1")
        await play(s, [tool_turn(i, 5000, lang="zh") for i in range(1, 6)])
        await s.context()
        await s.flush()
        ctx = await s.context()
        joined = "\n".join(m.text for m in ctx.messages) + "".join(
            r.content for m in ctx.messages for r in m.tool_results
        )
        assert "此前对话摘要" in joined
        assert "已截去中间" in joined


async def test_context_command_reports_real_figures(engine: ContextEngine) -> None:
    s = await engine.session("u1", "s1")
    await play(s, [tool_turn(1, 100), tool_turn(2, 100)])
    import json

    stats = json.loads(await handle_command(s, "/context") or "{}")
    assert stats["messages"] == 8
    assert stats["tool_calls"] == 2
    assert stats["turns"] == 2
    assert stats["roles"] == {"user": 2, "assistant": 4, "tool": 2}
    assert 0 < stats["tokens"] <= stats["budget"] == 50000


async def test_config_command_changes_and_validates(engine: ContextEngine) -> None:
    s = await engine.session("u1", "s1")
    reply = await handle_command(s, "/config agent_max_context_tokens 80000")
    assert reply and "80000" in reply
    assert s.settings.agent_max_context_tokens == 80000
    bad = await handle_command(s, "/config agent_max_context_turns -3")
    assert bad and bad.startswith("invalid value")
    assert s.settings.agent_max_context_turns == 20
    assert await handle_command(s, "hello /config") is None
