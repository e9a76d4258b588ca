"""ChatClient against the real local OpenAI-compatible server."""

from __future__ import annotations

import json
import logging

import pytest

from ctxengine.errors import ContextOverflowError, ProviderError
from ctxengine.llm import ChatClient, ChatResult, RetryPolicy
from ctxengine.testing import (
    OVERFLOW_PROVIDERS,
    Fail,
    OpenAICompatibleServer,
    Reply,
    ScriptedModel,
    ToolCall,
    count_request_tokens,
    rate_limit_error,
)
from ctxengine.tokens import TokenCounter

USER = [{"role": "user", "content": "Say hello."}]
NO_WAIT = RetryPolicy(max_retries=2, backoff_seconds=0.0)
TOOLS = [
    {
        "type": "function",
        "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}},
    }
]


async def test_complete_returns_message_finish_reason_and_usage() -> None:
    counter = TokenCounter()
    model = ScriptedModel(["Hello there!"], counter=counter)
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        result = await client.complete(USER, max_tokens=50)
    assert result.text == "Hello there!"
    assert result.finish_reason == "stop"
    assert result.usage is not None
    assert result.usage.prompt_tokens == count_request_tokens(counter, USER)
    assert result.usage.completion_tokens == counter.count("Hello there!")
    sent = model.requests[0].body
    assert sent["model"] == "m" and sent["max_tokens"] == 50 and "stream" not in sent


async def test_complete_sends_tools_and_response_format_and_returns_tool_calls() -> None:
    reply = Reply(tool_calls=(ToolCall("get_weather", {"city": "上海"}, id="call_9"),))
    model = ScriptedModel([reply])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        result = await client.complete(USER, tools=TOOLS, response_format={"type": "json_object"})
    assert result.finish_reason == "tool_calls"
    assert [c["function"]["name"] for c in result.tool_calls] == ["get_weather"]
    assert json.loads(result.tool_calls[0]["function"]["arguments"]) == {"city": "上海"}
    assert model.requests[0].body["tools"] == TOOLS
    assert model.requests[0].body["response_format"] == {"type": "json_object"}


async def test_api_key_is_sent_as_bearer_token() -> None:
    model = ScriptedModel(["ok"])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, "sk-test", model="m", retry=NO_WAIT) as client,
    ):
        await client.complete(USER)
    assert model.requests[0].headers["authorization"] == "Bearer sk-test"


async def test_stream_yields_text_deltas_then_the_assembled_result() -> None:
    text = "Streaming works piece by piece."
    model = ScriptedModel([text])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        events = [e async for e in client.stream(USER)]
    deltas = [e for e in events if isinstance(e, str)]
    assert len(deltas) > 1 and "".join(deltas) == text
    final = events[-1]
    assert isinstance(final, ChatResult)
    assert final.text == text and final.finish_reason == "stop"
    assert final.usage is not None and final.usage.prompt_tokens == model.requests[0].prompt_tokens
    assert model.requests[0].body["stream"] is True


async def test_stream_assembles_tool_call_deltas() -> None:
    calls = (
        ToolCall("search", {"query": "context windows", "limit": 5}, id="call_a"),
        ToolCall("read_file", {"path": "src/ctxengine/llm.py"}, id="call_b"),
    )
    model = ScriptedModel([Reply(text="Looking.", tool_calls=calls)])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        events = [e async for e in client.stream(USER, tools=TOOLS)]
    final = events[-1]
    assert isinstance(final, ChatResult)
    assert final.finish_reason == "tool_calls" and final.text == "Looking."
    got = [(c["id"], c["function"]["name"], json.loads(c["function"]["arguments"])) for c in
           final.tool_calls]  # fmt: skip
    assert got == [(c.id, c.name, c.arguments) for c in calls]


@pytest.mark.parametrize("provider", OVERFLOW_PROVIDERS)
async def test_each_providers_overflow_raises_context_overflow(provider: str) -> None:
    model = ScriptedModel([Fail.overflow(provider), Fail.overflow(provider)])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT, provider=provider) as client,
    ):
        with pytest.raises(ContextOverflowError) as info:
            await client.complete(USER)
        with pytest.raises(ContextOverflowError):
            [e async for e in client.stream(USER)]
    assert info.value.provider == provider
    assert len(model.requests) == 2  # an overflow is never retried unchanged


async def test_context_limit_overflow_reports_the_real_counts() -> None:
    model = ScriptedModel(["unused"], context_limit=20, overflow_provider="openai")
    long = [{"role": "user", "content": "token " * 100}]
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        with pytest.raises(ContextOverflowError) as info:
            await client.complete(long)
    assert info.value.limit == 20
    assert info.value.requested == model.requests[0].prompt_tokens


async def test_rate_limit_is_retried_then_raised_as_rate_limit_not_overflow() -> None:
    model = ScriptedModel([rate_limit_error()] * 3)
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        with pytest.raises(ProviderError) as info:
            await client.complete(USER)
    assert info.value.kind == "rate_limit"
    assert not isinstance(info.value, ContextOverflowError)
    assert len(model.requests) == 1 + NO_WAIT.max_retries


async def test_server_errors_are_retried_until_success(caplog: pytest.LogCaptureFixture) -> None:
    model = ScriptedModel([(503, {"error": {"message": "overloaded"}}), (500, "oops"), "fine"])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        with caplog.at_level(logging.WARNING, logger="ctxengine.llm"):
            result = await client.complete(USER)
    assert result.text == "fine" and len(model.requests) == 3
    assert sum("retry" in r.getMessage() for r in caplog.records) == 2


async def test_stream_is_retried_before_its_first_event() -> None:
    model = ScriptedModel([(502, {"error": {"message": "bad gateway"}}), "recovered"])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        events = [e async for e in client.stream(USER)]
    assert "".join(e for e in events if isinstance(e, str)) == "recovered"
    assert len(model.requests) == 2


async def test_bad_request_and_auth_are_not_retried() -> None:
    model = ScriptedModel([(400, {"error": {"message": "bad role"}}), (401, {"error": {}})])
    async with (
        OpenAICompatibleServer(model) as srv,
        ChatClient(srv.base_url, model="m", retry=NO_WAIT) as client,
    ):
        with pytest.raises(ProviderError) as bad:
            await client.complete(USER)
        with pytest.raises(ProviderError) as auth:
            await client.complete(USER)
    assert (bad.value.kind, auth.value.kind) == ("bad_request", "auth")
    assert len(model.requests) == 2


async def test_unreachable_server_is_a_server_error_after_retries() -> None:
    with OpenAICompatibleServer(ScriptedModel([])) as srv:
        url = srv.base_url  # the port is free again once the server stopped
    async with ChatClient(url, model="m", retry=RetryPolicy(1, 0.0)) as client:
        with pytest.raises(ProviderError) as info:
            await client.complete(USER)
    assert info.value.kind == "server" and info.value.status == 0
    assert "ConnectError" in str(info.value)


def test_retry_delay_doubles_and_is_capped() -> None:
    policy = RetryPolicy(max_retries=5, backoff_seconds=1.0, max_backoff_seconds=5.0)
    assert [policy.delay(a) for a in range(4)] == [1.0, 2.0, 4.0, 5.0]
    assert policy.delay(0, retry_after=3.0) == 3.0
    assert policy.delay(0, retry_after=60.0) == 5.0


def test_client_requires_a_model_name() -> None:
    with pytest.raises(ValueError, match="model must be a non-empty model name"):
        ChatClient("http://127.0.0.1:1/v1", model="")
