"""The scripted model and its real local OpenAI-compatible server."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from ctxengine.errors import classify_error
from ctxengine.testing import (
    OVERFLOW_PROVIDERS,
    Fail,
    OpenAICompatibleServer,
    Reply,
    ScriptedModel,
    ScriptedRequest,
    ToolCall,
    count_request_tokens,
    overflow_error,
)
from ctxengine.tokens import TokenCounter

USER = [{"role": "user", "content": "What is the capital of France?"}]


def _post(srv: OpenAICompatibleServer, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{srv.base_url}/chat/completions", json=body, timeout=10)


def test_sync_context_manager_serves_a_scripted_reply_and_records_the_request() -> None:
    model = ScriptedModel(["Paris."])
    with OpenAICompatibleServer(model) as srv:
        response = _post(srv, {"model": "m", "messages": USER})
    assert response.status_code == 200
    data = response.json()
    assert data["choices"][0]["message"] == {"role": "assistant", "content": "Paris."}
    assert data["choices"][0]["finish_reason"] == "stop"
    assert len(model.requests) == 1 and model.requests[0].messages == USER


async def test_async_context_manager_serves_models_list() -> None:
    model = ScriptedModel(model="tiny-model")
    async with OpenAICompatibleServer(model) as srv, httpx.AsyncClient() as http:
        response = await http.get(f"{srv.base_url}/models")
    assert [m["id"] for m in response.json()["data"]] == ["tiny-model"]


def test_usage_prompt_tokens_are_counted_with_the_real_token_counter() -> None:
    counter = TokenCounter()
    messages = [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "把 user_id 改成 account_id，然后重新运行测试。"},
    ]
    with OpenAICompatibleServer(ScriptedModel(["ok"], counter=counter)) as srv:
        usage = _post(srv, {"messages": messages}).json()["usage"]
    assert usage["prompt_tokens"] == count_request_tokens(counter, messages)
    assert usage["completion_tokens"] == counter.count("ok")


def test_tool_call_reply_has_openai_shape() -> None:
    reply = Reply(tool_calls=(ToolCall("get_weather", {"city": "北京"}, id="call_1"),))
    with OpenAICompatibleServer(ScriptedModel([reply])) as srv:
        choice = _post(srv, {"messages": USER}).json()["choices"][0]
    assert choice["finish_reason"] == "tool_calls"
    call = choice["message"]["tool_calls"][0]
    assert call["id"] == "call_1" and call["function"]["name"] == "get_weather"
    assert json.loads(call["function"]["arguments"]) == {"city": "北京"}


def test_stream_sends_deltas_and_usage_in_the_final_chunk() -> None:
    text = "The capital of France is Paris."
    with OpenAICompatibleServer(ScriptedModel([text])) as srv:
        response = _post(srv, {"messages": USER, "stream": True})
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [line[6:] for line in response.text.splitlines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    deltas = [c["choices"][0]["delta"].get("content", "") for c in chunks if c["choices"]]
    assert "".join(deltas) == text
    assert sum(1 for d in deltas if d) > 1
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["prompt_tokens"] > 0


@pytest.mark.parametrize("provider", OVERFLOW_PROVIDERS)
def test_scripted_overflow_error_is_served_with_the_providers_status_and_body(
    provider: str,
) -> None:
    status, body = overflow_error(provider)
    with OpenAICompatibleServer(ScriptedModel([Fail.overflow(provider)])) as srv:
        response = _post(srv, {"messages": USER})
    assert response.status_code == status
    assert response.json() == body
    assert classify_error(status, body) == "context_overflow"


def test_unknown_overflow_provider_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown provider 'nope'"):
        overflow_error("nope")
    with pytest.raises(ValueError, match="overflow_provider 'nope' is unknown"):
        ScriptedModel(overflow_provider="nope")


def test_context_limit_answers_with_overflow_without_consuming_the_script() -> None:
    counter = TokenCounter()
    model = ScriptedModel(["short answer"], context_limit=60, overflow_provider="anthropic")
    long_messages = [{"role": "user", "content": "word " * 200}]
    with OpenAICompatibleServer(model) as srv:
        too_long = _post(srv, {"messages": long_messages})
        fits = _post(srv, {"messages": USER})
    assert too_long.status_code == 400
    requested = count_request_tokens(counter, long_messages)
    assert f"prompt is too long: {requested} tokens > 60 maximum" in too_long.text
    assert fits.json()["choices"][0]["message"]["content"] == "short answer"


def test_max_tokens_counts_against_the_context_limit() -> None:
    model = ScriptedModel(["ok", "ok"], context_limit=100)
    with OpenAICompatibleServer(model) as srv:
        assert _post(srv, {"messages": USER, "max_tokens": 10}).status_code == 200
        assert _post(srv, {"messages": USER, "max_tokens": 100}).status_code == 400


def test_responder_answers_after_the_script_and_sees_the_request() -> None:
    def echo(request: ScriptedRequest) -> str:
        return f"got {len(request.messages)} messages"

    model = ScriptedModel(["scripted"], responder=echo)
    with OpenAICompatibleServer(model) as srv:
        first = _post(srv, {"messages": USER}).json()
        second = _post(srv, {"messages": USER * 3}).json()
    assert first["choices"][0]["message"]["content"] == "scripted"
    assert second["choices"][0]["message"]["content"] == "got 3 messages"


def test_running_out_of_script_is_a_loud_server_error() -> None:
    with OpenAICompatibleServer(ScriptedModel([])) as srv:
        response = _post(srv, {"messages": USER})
    assert response.status_code == 500
    assert "no scripted response left for request 1" in response.text


def test_tuple_errors_are_served_as_given() -> None:
    with OpenAICompatibleServer(ScriptedModel([(503, {"error": {"message": "busy"}})])) as srv:
        response = _post(srv, {"messages": USER})
    assert response.status_code == 503 and response.json() == {"error": {"message": "busy"}}


def test_bad_request_bodies_get_a_clear_400() -> None:
    with OpenAICompatibleServer(ScriptedModel(["unused"])) as srv:
        not_json = httpx.post(f"{srv.base_url}/chat/completions", content=b"{oops", timeout=10)
        no_messages = _post(srv, {"model": "m"})
    assert not_json.status_code == 400 and "not JSON" in not_json.text
    assert no_messages.status_code == 400 and "'messages' list" in no_messages.text


def test_server_releases_its_port_on_exit() -> None:
    with OpenAICompatibleServer(ScriptedModel(["a"])) as srv:
        url = srv.base_url
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/models", timeout=2)
