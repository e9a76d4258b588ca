"""Restore after a restart (issue 4 part 3) and the `/context clear` boundary (part 4), on
SQLite and PostgreSQL: a new engine on the same database rebuilds the context."""

from __future__ import annotations

import pytest

from ctxengine.commands import handle_command
from ctxengine.engine import Session
from ctxengine.messages import Message

from .conftest import EngineFactory, tool_turn

SYSTEM = "You are an order assistant."


async def play(session: Session, turns: list[list[Message]]) -> None:
    for msgs in turns:
        for m in msgs:
            if m.role == "assistant":
                await session.context()
            await session.add(m)


def visible(messages: list[Message]) -> list[Message]:
    """The conversation's own messages (no injected CONTEXT block or notes)."""
    return [m for m in messages if not m.injected]


@pytest.mark.parametrize("max_turns", [20, 24])
async def test_restart_restores_last_turns_text_only(
    engines: EngineFactory, max_turns: int
) -> None:
    turns = [tool_turn(i, 300) for i in range(1, 31)]
    first = engines(agent_max_context_turns=max_turns)
    async with first:
        s = await first.session("alice", "chat")
        await s.add(Message.system(SYSTEM))
        await play(s, turns)
        await s.context()
        await s.flush()
        summaries = [r.text for r in s.book.records]
    assert summaries, "30 turns over a limit of 20 or 24 produce summaries"

    second = engines(agent_max_context_turns=max_turns)
    async with second:
        s = await second.session("alice", "chat")
        ctx = await s.context()
        want = max(3, max_turns // 6)
        msgs = visible(ctx.messages)
        assert msgs[0].role == "system" and msgs[0].text == SYSTEM
        restored = msgs[1:]
        expected = [m for t in turns[-want:] for m in (t[0], t[-1])]
        assert [m.role for m in restored] == [m.role for m in expected]
        # Each turn keeps its user text and its final reply, nothing else (no tool chain).
        for got, exp in zip(restored, expected, strict=True):
            assert got.text.endswith(exp.text)
        # Only the first carries the injected summary; the others are exactly what was said.
        assert [m.text for m in restored[1:]] == [m.text for m in expected[1:]]
        assert not any(m.tool_calls or m.tool_results for m in ctx.messages)
        # Summaries written before the restart are injected again.
        assert restored[0].text.startswith("[Summary of earlier conversation")
        assert summaries[-1] in restored[0].text
        # Turn numbering continues.
        assert [t.index for t in s.window.turns] == list(range(31 - want, 31))
        await s.add(Message.user("Turn 31: and now?"))
        assert s.window.current_index == 31
        # History is untouched by the restore.
        assert await second.store.count_messages(s.key) == 1 + 4 * 30 + 1


async def test_restore_on_a_short_session_keeps_every_turn(engines: EngineFactory) -> None:
    first = engines()
    async with first:
        s = await first.session("alice", "chat")
        await play(s, [tool_turn(1, 100), tool_turn(2, 100)])
    second = engines()
    async with second:
        s = await second.session("alice", "chat")
        texts = [m.text for m in visible((await s.context()).messages)]
        assert texts == [
            "Turn 1: where is order A0001?",
            "Order A0001 has shipped.",
            "Turn 2: where is order A0002?",
            "Order A0002 has shipped.",
        ]


async def test_clear_is_a_durable_boundary(engines: EngineFactory) -> None:
    old = [tool_turn(i, 300) for i in range(1, 13)]
    new = [tool_turn(i, 300) for i in range(13, 15)]
    old_words = [f"A{i:04d}" for i in range(1, 13)]
    first = engines(agent_max_context_turns=8)
    async with first:
        s = await first.session("alice", "chat")
        await s.add(Message.system(SYSTEM))
        await play(s, old)
        await s.context()
        reply = await handle_command(s, "/context clear")
        assert reply and "cleared" in reply
        await play(s, new)
        ctx = await s.context()
        everything = "\n".join(m.text for m in ctx.messages) + ctx.compacted_context
        assert not [w for w in old_words if w in everything]
        await s.flush()
        daily = s.book.files.daily_path()

    second = engines(agent_max_context_turns=8)
    async with second:
        s = await second.session("alice", "chat")
        ctx = await s.context()
        everything = "\n".join(m.text for m in ctx.messages) + ctx.compacted_context
        # Nothing from before the boundary comes back, not even as a summary or a fact.
        assert not [w for w in old_words if w in everything], everything
        texts = [m.text for m in visible(ctx.messages)]
        assert texts == [SYSTEM] + [m.text for t in new for m in (t[0], t[-1])]
        # ... but it stays in the history and in the memory files.
        rows = await second.store.load_messages(s.key)
        assert len(rows) == 1 + 4 * 14
        assert all(w in daily.read_text(encoding="utf-8") for w in ("A0001", "A0012"))
        # The turn count goes on across the boundary.
        assert [t.index for t in s.window.turns] == [13, 14]


async def test_clear_then_restart_with_nothing_after(engines: EngineFactory) -> None:
    first = engines()
    async with first:
        s = await first.session("alice", "chat")
        await play(s, [tool_turn(1, 100), tool_turn(2, 100)])
        await s.clear()
    second = engines()
    async with second:
        s = await second.session("alice", "chat")
        ctx = await s.context()
        assert visible(ctx.messages) == []
        assert await second.store.count_messages(s.key) == 8
