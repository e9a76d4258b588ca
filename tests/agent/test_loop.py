"""The agent loop against a real local OpenAI-compatible server and the real ChatClient."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from ctxengine.agent import Agent, Tool, TurnResult
from ctxengine.convert import from_openai
from ctxengine.engine import ContextEngine, ContextOverflowUnrecoverable, Session
from ctxengine.errors import ContextOverflowError, ProviderError
from ctxengine.llm import ChatClient, RetryPolicy
from ctxengine.messages import Message, ToolCallPart
from ctxengine.pipeline.pairing import unpaired
from ctxengine.settings import Settings
from ctxengine.store import SQLiteStore
from ctxengine.testing import (
    Fail,
    OpenAICompatibleServer,
    Reply,
    ScriptedModel,
    ScriptedRequest,
    ToolCall,
    rate_limit_error,
)
from ctxengine.testing.scripted import ScriptedResponse

RESULT_CHARS = 20000  # at the historical limit: stage 1 leaves it, stage 4 halves it


def big_log(i: int, chars: int = RESULT_CHARS) -> str:
    return "".join(f"{k}:{(k * 7919 + i) % 10007};" for k in range(chars // 4))[:chars]


def past_turn(i: int, lang: str = "en") -> list[Message]:
    call = ToolCallPart(id=f"old_{i}", name="get_log", arguments=json.dumps({"day": i}))
    ask = f"第{i}轮：查看第{i}天的日志" if lang == "zh" else f"Turn {i}: show the log of day {i}"
    return [
        Message.user(ask),
        Message.assistant(None, tool_calls=[call]),
        Message.tool(call.id, big_log(i)),
        Message.assistant(f"第{i}天正常。" if lang == "zh" else f"Day {i} looks fine."),
    ]


class Engines:
    """Engines on one SQLite file in tmp_path, closed at the end of the test."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.made: list[ContextEngine] = []

    async def open(self, **kw: Any) -> ContextEngine:
        settings = Settings.model_validate({"workspace": self.tmp_path / "ws", **kw})
        eng = ContextEngine(settings, store=SQLiteStore(self.tmp_path / "agent.db"))
        await eng.open()
        self.made.append(eng)
        return eng


@pytest.fixture
async def engines(tmp_path: Path) -> AsyncIterator[Engines]:
    e = Engines(tmp_path)
    yield e
    for eng in e.made:
        await eng.close()


async def run(
    model: ScriptedModel,
    session: Session,
    text: str,
    tools: list[Tool] | None = None,
) -> TurnResult:
    async with OpenAICompatibleServer(model) as srv:
        client = ChatClient(srv.base_url, model="scripted", retry=RetryPolicy(max_retries=0))
        async with client:
            return await Agent(session, client, tools).run_turn(text)


def order_tool(calls: list[dict[str, Any]]) -> Tool:
    async def get_order(args: dict[str, Any]) -> str:
        calls.append(args)
        if args.get("id") == "BOOM":
            raise ValueError("no such order")
        return json.dumps({"order": args["id"], "status": "shipped"})

    schema = {"type": "object", "properties": {"id": {"type": "string"}}}
    return Tool("get_order", "Look up an order.", schema, get_order)


def wire(req: ScriptedRequest) -> list[Message]:
    return from_openai(req.messages)


async def test_tool_calls_are_executed_and_paired(engines: Engines) -> None:
    eng = await engines.open()
    s = await eng.session("u", "s")
    calls: list[dict[str, Any]] = []
    model = ScriptedModel(
        [
            Reply(
                tool_calls=(
                    ToolCall("get_order", {"id": "A1"}, id="c1"),
                    ToolCall("get_order", {"id": "BOOM"}, id="c2"),
                    ToolCall("no_such_tool", {}, id="c3"),
                )
            ),
            "A1 has shipped; BOOM does not exist.",
        ]
    )
    result = await run(model, s, "Where are A1 and BOOM?", [order_tool(calls)])
    assert result.reply == "A1 has shipped; BOOM does not exist."
    assert result.steps == 2
    assert calls == [{"id": "A1"}, {"id": "BOOM"}]
    # The second request carried every call with its result, right after the call.
    second = wire(model.requests[1])
    assert unpaired(second, allow_pending=False) == (set(), set())
    results = {r.call_id: r for m in second for r in m.tool_results}
    assert json.loads(results["c1"].content) == {"order": "A1", "status": "shipped"}
    # A failing or unknown tool is reported to the model (OpenAI's wire has no error flag).
    assert results["c2"].content == "error: ValueError: no such order"
    assert "unknown tool 'no_such_tool'" in results["c3"].content
    assert model.requests[0].body["tools"][0]["function"]["name"] == "get_order"
    # All of it is in the history, in order.
    roles = [r.message.role for r in await eng.store.load_messages(s.key)]
    assert roles == ["user", "assistant", "tool", "tool", "tool", "assistant"]


async def test_step_limit_is_respected(engines: Engines) -> None:
    eng = await engines.open(agent_max_steps=3)
    s = await eng.session("u", "s")
    calls: list[dict[str, Any]] = []

    def forever(req: ScriptedRequest) -> ScriptedResponse:
        return Reply(tool_calls=(ToolCall("get_order", {"id": f"A{len(calls)}"}),))

    model = ScriptedModel(responder=forever)
    result = await run(model, s, "Keep looking", [order_tool(calls)])
    assert result.steps == 3
    assert len(model.requests) == 3
    assert len(calls) == 3
    assert "step limit" in result.reply
    # The turn is closed with what the user was told, and the next context is valid.
    ctx = await s.context()
    assert ctx.messages[-1].role == "assistant" and ctx.messages[-1].text == result.reply
    assert unpaired(ctx.messages, allow_pending=False) == (set(), set())


@pytest.mark.parametrize("provider", ["openai", "anthropic", "deepseek", "qwen", "gemini", "vllm"])
async def test_provider_overflow_runs_stage_four_and_the_retry_fits(
    engines: Engines, provider: str
) -> None:
    # The engine's budget is far above the model's window: only the provider can say "too big".
    eng = await engines.open(agent_max_context_tokens=400000, agent_max_context_turns=50)
    s = await eng.session("u", "s")
    for i in range(1, 11):
        await s.add(*past_turn(i))
    before = await eng.store.count_messages(s.key)
    limit = 60000
    model = ScriptedModel(["All days look fine."], context_limit=limit, overflow_provider=provider)
    result = await run(model, s, "Summarize the logs")

    assert result.reply == "All days look fine."
    assert result.overflow_recoveries == 1
    assert result.notices == []
    first, retry = model.requests
    assert first.prompt_tokens > limit
    assert retry.prompt_tokens <= limit
    sent = wire(retry)
    users = [m for m in sent if m.starts_turn]
    assert len(users) <= 5
    assert users[-1].text.endswith("Summarize the logs")
    assert all(len(r.content) <= 10000 for m in sent for r in m.tool_results)
    assert unpaired(sent, allow_pending=False) == (set(), set())
    # Flushed to memory first: everything that was in context is summarized in the daily file.
    await s.flush()
    [step] = [e for e in s.audit if e.get("stage") == "overflow"]
    assert step["turns_before"] == 11 and step["turns_after"] <= 5
    assert step["summarized"]["messages"] > 0
    memory = Path(step["written_to"]).read_text(encoding="utf-8")
    assert "Turn 1: show the log of day 1" in memory
    # History is the record: nothing was removed from the store.
    assert await eng.store.count_messages(s.key) == before + 2


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_second_overflow_clears_and_tells_the_user(engines: Engines, lang: str) -> None:
    eng = await engines.open()
    s = await eng.session("u", "s")
    for i in range(1, 4):
        await s.add(*past_turn(i, lang))
    before = await eng.store.count_messages(s.key)
    ask = "现在怎么样？" if lang == "zh" else "How is it now?"
    model = ScriptedModel([Fail.overflow("openai"), Fail.overflow("deepseek"), "fine"])
    result = await run(model, s, ask)
    assert result.reply == "fine"
    assert result.overflow_recoveries == 2
    [notice] = result.notices
    assert ("上下文" in notice) if lang == "zh" else ("context was cleared" in notice)
    # The third request held only the prefix, the notice and the latest user message.
    third = wire(model.requests[2])
    assert [m.text for m in third if m.starts_turn] == [ask]
    assert not any(m.tool_results or m.tool_calls for m in third)
    assert any(notice in m.text for m in third)
    # The context was cleared; the history was not.
    assert await eng.store.count_messages(s.key) == before + 2
    assert (await s.context()).messages[-1].text == "fine"


async def test_third_overflow_is_unrecoverable(engines: Engines) -> None:
    eng = await engines.open()
    s = await eng.session("u", "s")
    model = ScriptedModel([Fail.overflow("gemini")] * 3)
    with pytest.raises(ContextOverflowUnrecoverable, match="does not fit"):
        await run(model, s, "hello")
    assert len(model.requests) == 3


async def test_rate_limit_request_too_large_is_not_an_overflow(engines: Engines) -> None:
    eng = await engines.open()
    s = await eng.session("u", "s")
    for i in range(1, 4):
        await s.add(*past_turn(i))
    model = ScriptedModel([Fail(*rate_limit_error())])
    with pytest.raises(ProviderError) as info:
        await run(model, s, "one more")
    assert not isinstance(info.value, ContextOverflowError)
    assert info.value.kind == "rate_limit"
    assert len(model.requests) == 1
    # No stage 4, no clearing: the context still holds every turn.
    assert not [e for e in s.audit if e.get("stage") in ("overflow", "clear")]
    assert len(s.window.turns) == 4


async def test_commands_are_answered_without_the_model(engines: Engines) -> None:
    eng = await engines.open()
    s = await eng.session("u", "s")
    model = ScriptedModel([])
    result = await run(model, s, "/context")
    assert json.loads(result.reply)["turns"] == 0
    assert model.requests == []
