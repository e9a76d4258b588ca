"""Review round 16, the service: settings a caller may not choose (the server's API key must
never go where a caller says), lone surrogates, invalid setting values, messages a provider
refuses, and unknown keys of an append body. Each is a 4xx with one line, never a 5xx, and a
refused append stores nothing. Through the real app (its lifespan, httpx over ASGI)."""

from __future__ import annotations

import json
import threading
import types
import typing
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from ctxengine.server import create_app
from ctxengine.server.app import SERVER_ONLY_SETTINGS
from ctxengine.settings import Settings

from .conftest import make_settings, serving

USER = {"role": "user", "content": "Where is order A0001? 我的订单在哪"}
MSGS = "/v1/sessions/u/s/messages"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "service.md"


def _one_line_error(r: httpx.Response, *parts: str) -> str:
    assert r.status_code == 400, (r.status_code, r.text)
    data = r.json()
    assert set(data) == {"error"}, data
    error = data["error"]
    assert isinstance(error, str) and "\n" not in error
    for part in parts:
        assert part in error, (part, error)
    return error


async def _stored_texts(client: httpx.AsyncClient, user: str = "u", session: str = "s") -> str:
    r = await client.get(f"/v1/sessions/{user}/{session}/context")
    assert r.status_code == 200, r.text
    return json.dumps(r.json()["messages"], ensure_ascii=False)


# --- 1. server-only settings -----------------------------------------------------------------


class _Recorder(BaseHTTPRequestHandler):
    seen: typing.ClassVar[list[str]] = []

    def do_POST(self) -> None:
        self.seen.append(f"{self.path} {self.headers.get('authorization')}")
        body = json.dumps(
            {
                "id": "x",
                "object": "chat.completion",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": "summary"},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        ).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def recorder() -> Iterator[tuple[str, list[str]]]:
    """An OpenAI-compatible endpoint on 127.0.0.1 that records who called it, with what key."""
    seen: list[str] = []
    handler = type("Handler", (_Recorder,), {"seen": seen})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", seen
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _long_history(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(turns):
        out += [
            {"role": "user", "content": f"Question {i} about order A{1000 + i}"},
            {"role": "assistant", "content": f"Answer {i}"},
        ]
    return out


async def test_a_caller_cannot_send_the_servers_key_to_its_own_endpoint(
    tmp_path: Path, recorder: tuple[str, list[str]]
) -> None:
    url, seen = recorder
    settings = make_settings(tmp_path, summarizer_api_key="SERVER-SECRET", summarizer_model="m1")
    history = _long_history(26)  # past the 20-turn limit: the dropped turns get summarized
    async with serving(create_app(settings)) as client:
        for key in ("summarizer_base_url", "llm_base_url"):
            body = {"messages": history, "config": {key: url, "parse_with_model": True}}
            r = await client.post("/v1/compact", json=body)
            _one_line_error(r, repr(key), "cannot be set over HTTP")
    assert seen == []  # the server's key went nowhere


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("summarizer_base_url", "http://127.0.0.1:9/v1"),
        ("summarizer_api_key", "sk-caller"),
        ("summarizer_model", "gpt-4o"),
        ("llm_base_url", "http://127.0.0.1:9/v1"),
        ("llm_api_key", "sk-caller"),
        ("llm_model", "qwen-max"),
        ("memory_embedder", "e5"),
        ("db", "sqlite:////tmp/x.db"),
        ("sqlite_synchronous", "OFF"),
        ("workspace", "/tmp"),
    ],
)
async def test_every_server_only_setting_is_refused_naming_the_key(
    tmp_path: Path, key: str, value: str
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        body = {"messages": [USER], "config": {"agent_max_context_turns": 5, key: value}}
        r = await client.post("/v1/compact", json=body)
    _one_line_error(r, repr(key))


async def test_settings_a_caller_may_choose_still_work(tmp_path: Path) -> None:
    config = {
        "agent_max_context_turns": 5,
        "model": "gpt-4o",
        "encoding": "cl100k_base",
        "ontology": "ecommerce",
        "inject_position": "first_user",
        "parse_with_model": False,
        "policies": ["min_context", "lean_context"],
        "core_slots": ["member_no"],
    }
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/compact", json={"messages": [USER], "config": config})
    assert r.status_code == 200, r.text
    assert set(r.json()) == {"messages", "compacted_context", "stats", "audit_log"}


def _annotation_types(annotation: object) -> set[object]:
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return set().union(*(_annotation_types(a) for a in typing.get_args(annotation)))
    if typing.get_origin(annotation) is typing.Literal:
        return {str}
    return {annotation}


# Reviewed: strings a caller may set (a tokenizer name, a built-in ontology, a position, the
# names of registered policies, slot names a reset keeps: none names code, a file or a host).
CALLER_STRINGS = {"encoding", "model", "ontology", "inject_position", "policies", "core_slots"}


def test_every_setting_naming_an_endpoint_key_model_path_or_db_is_server_only() -> None:
    for name, field in Settings.model_fields.items():
        kinds = _annotation_types(field.annotation) - {type(None)}
        if kinds <= {int, float, bool}:
            continue  # a number or a switch names nothing
        if name.endswith(("_url", "_key", "_model")) or Path in kinds:
            assert name in SERVER_ONLY_SETTINGS, name
        else:
            # A new string setting must be put on one side or the other, on purpose.
            assert name in SERVER_ONLY_SETTINGS | CALLER_STRINGS, name
    assert set(Settings.model_fields) >= SERVER_ONLY_SETTINGS


def test_the_server_only_list_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for name in sorted(SERVER_ONLY_SETTINGS):
        assert f"`{name}`" in text, name


# --- 2. lone surrogates ----------------------------------------------------------------------

CALL = {"id": "c1", "type": "function", "function": {"name": "get", "arguments": "{}"}}
ASK = {"role": "assistant", "content": None, "tool_calls": [CALL]}

# (JSON body text with a \ud800-style escape, the message index, where) -- raw text, since
# json.dumps would refuse to write a lone surrogate itself.
SURROGATES = [
    ('[{"role":"user","content":"bad \\ud800 text"}]', 0, "content"),
    ('[{"role":"user","content":"\\udfff"}]', 0, "content"),
    ('[{"role":"user","content":[{"type":"text","text":"x\\udc00"}]}]', 0, "content[0].text"),
    ('[{"role":"user","content":"ok","name":"n\\ud83d"}]', 0, "name"),
    (
        '[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":'
        '[{"id":"c1","type":"function","function":{"name":"get","arguments":"{\\"q\\": '
        '\\"\\ud800\\"}"}}]}]',
        1,
        "tool_calls[0].function.arguments",
    ),
    (
        '[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":'
        '[{"id":"c1","type":"function","function":{"name":"g\\ud800","arguments":"{}"}}]}]',
        1,
        "tool_calls[0].function.name",
    ),
    (
        '[{"role":"user","content":"hi"},' + json.dumps(ASK) + ","
        '{"role":"tool","tool_call_id":"c1","content":"result \\udbff"}]',
        2,
        "content",
    ),
    ('[{"role":"user","content":"ok","x_meta":{"note":"\\ud800"}}]', 0, "x_meta.note"),
    ('[{"role":"user","content":"ok","x_\\ud800":1}]', 0, "a key in the message"),
    ('[{"role":"user","content":"你好"},{"role":"user","content":"再见\\ud800"}]', 1, "content"),
]


@pytest.mark.parametrize(("body", "index", "where"), SURROGATES)
async def test_a_lone_surrogate_is_a_400_naming_the_message_and_nothing_is_stored(
    tmp_path: Path, body: str, index: int, where: str
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        expected = (f"message {index}: {where} is not valid Unicode (lone surrogate)",)
        r = await client.post("/v1/compact", content=body.encode())
        _one_line_error(r, *expected)
        r = await client.post(MSGS, content=body.encode())
        _one_line_error(r, *expected)
        assert "user" not in await _stored_texts(client)


@pytest.mark.parametrize(
    "body",
    [
        '[{"role":"user","content":"smile \\ud83d\\ude00"}]',  # an escaped pair is one char
        '[{"role":"user","content":"\\u4f60\\u597d"}]',
        '[{"role":"user","content":"订单 A1234 在哪"}]',
        '[{"role":"user","content":"\\ud83c\\udf89 party","name":"\\u5f20\\u4e09"}]',
    ],
)
async def test_valid_unicode_escapes_are_accepted(tmp_path: Path, body: str) -> None:
    text = json.loads(body)[0]["content"]
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/compact", content=body.encode())
        assert r.status_code == 200, r.text
        r = await client.post(MSGS, content=body.encode())
        assert r.status_code == 200, r.text
        assert text in await _stored_texts(client)


async def test_a_lone_surrogate_in_a_command_is_a_400(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        for text in ("/config \\ud800 1", "/config inject_position \\ud800", "/context \\udfff"):
            body = ('{"text": "' + text + '"}').encode()
            r = await client.post("/v1/sessions/u/s/command", content=body)
            _one_line_error(r, '"text"', "lone surrogate")
        r = await client.post("/v1/sessions/u/s/command", json={"text": "/config"})
        assert r.status_code == 200


# --- 3. invalid setting values ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "parts"),
    [
        ({"encoding": "nope"}, ["encoding", "'nope'"]),
        ({"model": "gpt-4o", "encoding": "nope"}, ["encoding", "'nope'"]),
        ({"encoding": ""}, ["encoding"]),
        ({"inject_position": "nowhere"}, ["inject_position"]),
        ({"policies": ["min_context", "no_such_policy"]}, ["policies", "'no_such_policy'"]),
        ({"policies": ["lean_context", "lean_context"]}, ["policies", "twice"]),
    ],
)
async def test_an_invalid_setting_value_is_a_400_not_a_500(
    tmp_path: Path, config: dict[str, Any], parts: list[str]
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/compact", json={"messages": [USER], "config": config})
    _one_line_error(r, 'body "config"', *parts)


@pytest.mark.parametrize(
    "config",
    [
        {"encoding": "o200k_base"},
        {"encoding": "QWEN"},
        {"encoding": "cl100k"},
        {"model": "totally-unknown-model"},
        {"model": "Qwen/Qwen3-8B"},
    ],
)
async def test_known_encodings_and_any_model_name_are_accepted(
    tmp_path: Path, config: dict[str, Any]
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/compact", json={"messages": [USER], "config": config})
    assert r.status_code == 200, r.text


# --- 4. messages a provider refuses ----------------------------------------------------------

REFUSED: list[tuple[list[dict[str, Any]], list[str]]] = [
    ([{"role": "user"}], ["message 0", "user message needs content", "missing"]),
    ([{"role": "user", "content": None}], ["message 0", "user message needs content", "null"]),
    ([{"role": "system", "content": None}, USER], ["message 0", "system message"]),
    ([USER, {"role": "developer"}], ["message 1", "developer message"]),
    (
        [USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": None}],
        ["message 2", "tool message needs content"],
    ),
    ([USER, ASK, {"role": "tool", "tool_call_id": "c1"}], ["message 2", "tool message"]),
    (
        [{"role": "user", "content": [{"type": "bogus"}]}],
        ["message 0", "content part 0", "unknown type 'bogus'"],
    ),
    (
        [{"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "x_video"}]}],
        ["message 0", "content part 1", "'x_video'"],
    ),
    (
        [{"role": "user", "content": [{"type": "input_audio"}]}],
        ["message 0", "content part 0", "'input_audio' field"],
    ),
    (
        [USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": [{"type": "nope"}]}],
        ["message 2", "content part 0", "'nope'"],
    ),
    ([USER, {"role": "assistant"}], ["message 1", "assistant message needs content"]),
    (
        [USER, {"role": "assistant", "content": None, "tool_calls": []}],
        ["message 1", "assistant message needs content or tool_calls"],
    ),
]


@pytest.mark.parametrize(("messages", "parts"), REFUSED)
async def test_a_message_a_provider_refuses_is_a_400_and_nothing_is_stored(
    tmp_path: Path, messages: list[dict[str, Any]], parts: list[str]
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        _one_line_error(await client.post("/v1/compact", json=messages), *parts)
        _one_line_error(await client.post(MSGS, json=messages), *parts)
        assert "A0001" not in await _stored_texts(client)


ACCEPTED: list[list[dict[str, Any]]] = [
    [USER, ASK],  # content null beside tool_calls
    [USER, {"role": "assistant", "tool_calls": [CALL]}],  # content absent beside tool_calls
    [USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": ""}],
    [USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "r"}]}],
    [{"role": "user", "content": ""}],
    [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "看这张图"},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
                {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},
                {"type": "file", "file": {"file_id": "file-1"}},
                {"type": "video_url", "video_url": {"url": "https://example.com/v.mp4"}},
            ],
        }
    ],
    [USER, {"role": "assistant", "content": None, "refusal": "I cannot help with that."}],
    [USER, {"role": "assistant", "content": [{"type": "refusal", "refusal": "No."}]}],
    [{"role": "system", "content": [{"type": "text", "text": "Be brief."}]}, USER],
]


@pytest.mark.parametrize("messages", ACCEPTED)
async def test_messages_a_provider_takes_are_accepted(
    tmp_path: Path, messages: list[dict[str, Any]]
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/compact", json=messages)
        assert r.status_code == 200, r.text
        r = await client.post(MSGS, json=messages)
        assert r.status_code == 200, r.text
        assert r.json() == {"appended": len(messages), "last_seq": r.json()["last_seq"]}


# --- 5. unknown keys of an append body -------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"messages": [USER], "config": {"agent_max_context_turns": 3}}, "config"),
        ({"messages": [], "config": {}}, "config"),
        ({"messages": [USER], "message": []}, "message"),
        ({"messages": [USER], "user": "u2"}, "user"),
    ],
)
async def test_an_append_body_with_an_unknown_key_is_a_400_and_appends_nothing(
    tmp_path: Path, body: dict[str, Any], key: str
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        _one_line_error(await client.post(MSGS, json=body), repr(key))
        assert "A0001" not in await _stored_texts(client)
        r = await client.post(MSGS, json={"messages": [USER]})
        assert r.status_code == 200 and r.json()["appended"] == 1
        assert "A0001" in await _stored_texts(client)
