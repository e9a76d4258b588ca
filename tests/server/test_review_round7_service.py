"""Review round 7, the service's shell: a NUL in a user or session id (PostgreSQL cannot store
it: a 500), an append object with no "messages" or with a stray key (the key went unnamed), a
number out of range (`1e999`, stored as infinity: every later context of the session answered
500), and a body over the limit read whole before the 413. Each is a 4xx with one line, never a
5xx, and a refused request stores nothing. Through the real app (its lifespan, httpx over
ASGI), on SQLite and PostgreSQL where the store matters."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from ctxengine.convert import InputError, from_openai, parse_json_input
from ctxengine.pipeline.notes import note
from ctxengine.pipeline.pairing import PairingScan, unpaired
from ctxengine.server import create_app

from .conftest import make_settings, serving

USER = {"role": "user", "content": "Where is order A0001? 我的订单在哪"}


def _one_line_error(r: httpx.Response, *parts: str, status: int = 400) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    data = r.json()
    assert set(data) == {"error"}, data
    error = data["error"]
    assert isinstance(error, str) and "\n" not in error
    for part in parts:
        assert part in error, (part, error)
    return error


async def _stored(client: httpx.AsyncClient, user: str = "u", session: str = "s") -> list[object]:
    r = await client.get(f"/v1/sessions/{user}/{session}/context")
    assert r.status_code == 200, r.text
    return [m for m in r.json()["messages"] if m["role"] != "system"]


# --- 1. a NUL in a user or session id -------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "session", "named"),
    [("u%00x", "s", "user id"), ("u", "s%00", "session id"), ("%00", "%00", "user id")],
)
async def test_a_nul_in_an_id_is_a_400_on_every_endpoint(
    tmp_path: Path, db_url: str, user: str, session: str, named: str
) -> None:
    """PostgreSQL text cannot hold NUL: it answered 500 there (and SQLite took it), so the id
    is refused alike on both, naming which id, before anything is stored."""
    base = f"/v1/sessions/{user}/{session}"
    async with serving(create_app(make_settings(tmp_path, db_url))) as client:
        calls: list[tuple[str, str, object]] = [
            ("POST", f"{base}/messages", [USER]),
            ("GET", f"{base}/context", None),
            ("POST", f"{base}/overflow", None),
            ("POST", f"{base}/command", {"text": "/context"}),
            ("DELETE", base, None),
        ]
        for method, path, body in calls:
            _one_line_error(await client.request(method, path, json=body), named, "NUL")
        # The service goes on answering, and a plain id next to it is untouched.
        r = await client.post("/v1/sessions/u/s/messages", json=[USER])
        assert r.json() == {"appended": 1, "last_seq": 1}
        assert await _stored(client) == [USER]


async def test_ids_near_a_nul_are_taken(tmp_path: Path, db_url: str) -> None:
    """Near misses: the text "%00" escaped once more, "\\0", spaces, a tab-free unicode id and
    a long id are ids like any other."""
    async with serving(create_app(make_settings(tmp_path, db_url))) as client:
        for user in ("u%2500x", "u\\0", "a b", "用户", "x" * 300):
            r = await client.post(f"/v1/sessions/{user}/s/messages", json=[USER])
            assert r.status_code == 200, (user, r.text)


# --- 2. an append object names its missing or stray key ---------------------------------------


@pytest.mark.parametrize(
    ("body", "parts"),
    [
        ({"foo": 1}, ("unknown key 'foo'", '"messages"')),
        ({"config": {}}, ("unknown key 'config'",)),
        ({"role": "user", "content": "hi"}, ("unknown key 'content'",)),
        ({}, ('no "messages"',)),
        ({"messages": [USER], "foo": 1}, ("unknown key 'foo'",)),
    ],
)
async def test_an_append_object_names_the_key_it_cannot_read(
    tmp_path: Path, body: dict[str, object], parts: tuple[str, ...]
) -> None:
    """The docs: an append body is a list or `{"messages": [...]}`, and a key it does not read
    is named. A message sent bare (not in a list), a stray "config" or an empty object was
    answered "input must be an array of messages, got object"."""
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/u/s/messages", json=body)
        _one_line_error(r, *parts)
        assert await _stored(client) == []


async def test_an_append_object_with_messages_is_taken(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/u/s/messages", json={"messages": [USER]})
        assert r.json() == {"appended": 1, "last_seq": 1}
        r = await client.post("/v1/sessions/u/s/messages", json={"messages": []})
        assert r.json() == {"appended": 0, "last_seq": 1}
        assert await _stored(client) == [USER]


# --- 3. a number out of range --------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        b'[{"role": "user", "content": "hi", "meta": 1e999}]',
        b'[{"role": "user", "content": "hi", "meta": {"x": [-1E400]}}]',
        b'[{"role": "user", "content": [{"type": "text", "text": "hi", "w": 1e+309}]}]',
    ],
)
async def test_a_number_out_of_range_is_refused_and_the_session_lives_on(
    tmp_path: Path, db_url: str, body: bytes
) -> None:
    """`1e999` was read as infinity and stored; every later context of the session failed to
    render as JSON (500). Refused at the door now, with its position."""
    async with serving(create_app(make_settings(tmp_path, db_url))) as client:
        assert (await client.post("/v1/sessions/u/s/messages", json=[USER])).status_code == 200
        r = await client.post("/v1/sessions/u/s/messages", content=body)
        _one_line_error(r, "out of range", "line 1 column")
        assert await _stored(client) == [USER]
        r = await client.post("/v1/compact", content=body)
        _one_line_error(r, "out of range")


async def test_large_finite_numbers_are_kept(tmp_path: Path) -> None:
    body = b'[{"role": "user", "content": "hi", "meta": [1e308, -1.5e307, 1e-999, 12345678901]}]'
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/u/s/messages", content=body)
        assert r.status_code == 200, r.text
        (stored,) = await _stored(client)
        assert stored == json.loads(body)[0]


# --- 4. a body over the limit is not read whole ------------------------------------------


async def test_a_streamed_body_over_the_limit_stops_being_read(tmp_path: Path) -> None:
    """The 413 came only once the whole body was in memory (a client could send gigabytes);
    now reading stops past the limit."""
    chunk, sent = b" " * 1000, [0]

    async def endless() -> AsyncIterator[bytes]:
        for _ in range(5000):
            sent[0] += 1
            yield chunk

    settings = make_settings(tmp_path, server_max_body_bytes=10_000)
    async with serving(create_app(settings)) as client:
        for path in ("/v1/sessions/u/s/messages", "/v1/compact", "/v1/sessions/u/s/command"):
            sent[0] = 0
            r = await client.post(path, content=endless())
            _one_line_error(r, "over 10000 bytes", status=413)
            assert sent[0] < 100, (path, sent[0])
        assert await _stored(client) == []


async def test_a_declared_length_over_the_limit_is_refused_before_reading(
    tmp_path: Path,
) -> None:
    settings = make_settings(tmp_path, server_max_body_bytes=10_000)
    async with serving(create_app(settings)) as client:
        headers = {"content-length": "99999999"}
        r = await client.post("/v1/sessions/u/s/messages", content=b"[]", headers=headers)
        _one_line_error(r, "over 10000 bytes", status=413)
        # At the limit exactly, and a body that is all whitespace but the list, still pass.
        body = b"[" + b" " * 9_998 + b"]"
        r = await client.post("/v1/sessions/u/s/messages", content=body)
        assert r.json() == {"appended": 0, "last_seq": 0}
        r = await client.post("/v1/sessions/u/s/messages", content=body + b" ")
        _one_line_error(r, "over 10000 bytes", status=413)


# --- 3b. which numbers are out of range: look-alikes and near misses ------------------------


@pytest.mark.parametrize(
    ("text", "literal", "column"),
    [
        ("[1e999]", "1e999", 2),
        ("[-1e999]", "-1e999", 2),
        ('{"a": 1E400}', "1E400", 7),
        ("[1e+309]", "1e+309", 2),
        ("[0.5e310]", "0.5e310", 2),
        ("[1.8e308]", "1.8e308", 2),
        ('["1e999", 2e999]', "2e999", 11),  # the one in the string is text, not a number
        ('["x 1e999 y", 1e999]', "1e999", 15),
        ('{"1e999": [1, 2.0, 3e999]}', "3e999", 20),
    ],
)
def test_out_of_range_numbers_are_named_where_they_stand(
    text: str, literal: str, column: int
) -> None:
    with pytest.raises(InputError) as caught:
        parse_json_input(text.encode())
    assert str(caught.value) == (
        f"invalid JSON at line 1 column {column}: number {literal} is out of range"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("[1e308]", [1e308]),
        ("[-1.7976931348623157e308]", [-1.7976931348623157e308]),
        ("[1e-999]", [0.0]),  # underflow is zero, a finite number
        ("[-0.0]", [-0.0]),
        ('["1e999"]', ["1e999"]),
        ('{"1e999": 1}', {"1e999": 1}),
        ("[" + "9" * 400 + "]", [int("9" * 400)]),  # an integer is exact, never infinite
        ("[12.5, 3E2]", [12.5, 300.0]),
    ],
)
def test_numbers_in_range_and_strings_that_look_like_numbers_are_read(
    text: str, value: object
) -> None:
    assert parse_json_input(text.encode()) == value


# --- 5. ids percent-encoded in another charset than UTF-8 -----------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/v1/sessions/Jos%E9/s",  # Latin-1 é
        "/v1/sessions/u/caf%E9",
        "/v1/sessions/%FF%FE/s",
        "/v1/sessions/%ED%A0%80/s",  # a surrogate's UTF-8 form: no valid UTF-8
        "/v1/sessions/%C3/s",  # a sequence cut short
    ],
)
async def test_an_id_that_is_not_utf8_once_decoded_is_a_400(tmp_path: Path, path: str) -> None:
    """Every invalid byte was decoded to U+FFFD, so "Jos%E9" (José in Latin-1) and "Jos%F1"
    (Josñ) were one user: the second read the first's conversation."""
    async with serving(create_app(make_settings(tmp_path))) as client:
        for method, tail, body in [
            ("POST", "/messages", [USER]),
            ("GET", "/context", None),
            ("POST", "/overflow", None),
            ("POST", "/command", {"text": "/context"}),
            ("DELETE", "", None),
        ]:
            r = await client.request(method, path + tail, json=body)
            _one_line_error(r, "not valid UTF-8")


async def test_utf8_ids_and_a_literal_replacement_character_stay_apart(tmp_path: Path) -> None:
    """Near misses: UTF-8 ids (percent-encoded or not), U+FFFD itself sent as UTF-8, a bare
    "%" and invalid bytes in the query string only are ids like any other, each its own."""
    secret = {"role": "user", "content": "my code is 4242"}
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/Jos%C3%A9/s/messages", json=[secret])
        assert r.status_code == 200, r.text
        assert await _stored(client, "José", "s") == [secret]
        for user in ("%EF%BF%BD", "50%25off", "Jos%C3%B1"):
            r = await client.get(f"/v1/sessions/{user}/s/context")
            assert r.status_code == 200, (user, r.text)
            assert r.json()["messages"] == [], user
        r = await client.get("/v1/sessions/u/s/context?x=%FF")
        assert r.status_code == 200, r.text


# --- 6. a call id issued again while its first call waits --------------------------------


def _call(*ids: str) -> dict[str, object]:
    calls = [
        {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in ids
    ]
    return {"role": "assistant", "content": None, "tool_calls": calls}


def _result(cid: str) -> dict[str, object]:
    return {"role": "tool", "tool_call_id": cid, "content": "ok"}


def _provider_refusal(messages: list[dict[str, object]]) -> str | None:
    """What an OpenAI-compatible provider refuses: an assistant message's calls must each be
    answered by the tool messages right after it, before any other message, and a tool
    message must answer a call of that assistant message not answered yet."""
    waiting: set[str] | None = None
    for i, m in enumerate(messages):
        if m["role"] == "tool":
            cid = m["tool_call_id"]
            if waiting is None or cid not in waiting:
                return f"message {i}: result {cid!r} answers no waiting call"
            waiting.discard(str(cid))
            continue
        if waiting:
            return f"message {i}: calls {sorted(waiting)} got no result"
        calls = m.get("tool_calls")
        waiting = {str(c["id"]) for c in calls} if isinstance(calls, list) else None
    return None


# The placeholder for a result that never came, in the conversation's language.
PLACEHOLDERS = {note("missing_result", "en"), note("missing_result", "zh")}


@pytest.mark.parametrize(
    ("history", "placeholders"),
    [
        # The bug: c1 called again (a retried append) while the first c1 waits.
        ([USER, _call("c1"), _call("c1"), _result("c1")], 1),
        ([USER, _call("c1", "c2"), _call("c2"), _result("c2")], 2),
        ([USER, _call("c1"), _call("c1"), _call("c1"), _result("c1")], 2),
        # Near misses: an id used again once answered, or in a later turn; another id.
        ([USER, _call("c1"), _result("c1"), _call("c1"), _result("c1")], 0),
        ([USER, _call("c1"), USER, _call("c1"), _result("c1")], 1),
        ([USER, _call("c1"), _call("c2"), _result("c2")], 1),
        ([USER, _call("c1"), _result("c1")], 0),
    ],
)
async def test_every_call_in_the_context_has_its_result_after_it(
    tmp_path: Path, history: list[dict[str, object]], placeholders: int
) -> None:
    """The engine's check that a turn's calls are all answered counted ids: a call id issued
    again while its first call waited was "answered" by the second call's result, so the
    first call reached the model with no result after it, and the provider refused every
    later request of the session."""
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/u/s/messages", json=history)
        assert r.status_code == 200, r.text
        for path in ("/v1/sessions/u/s/context", "/v1/compact"):
            if path == "/v1/compact":
                r = await client.post(path, json=history)
            else:
                r = await client.get(path)
            messages = r.json()["messages"]
            assert _provider_refusal(messages) is None, (path, messages)
            shown = sum(m.get("content") in PLACEHOLDERS for m in messages)
            assert shown == placeholders, (path, messages)
        # The record itself is untouched: what was appended is what is stored.
        assert len(await _stored(client)) >= len(history)


@pytest.mark.parametrize(
    ("history", "pending_ok", "missing"),
    [
        ([USER, _call("c1"), _call("c1")], True, {"c1"}),  # the first c1 never answered
        ([USER, _call("c1"), _call("c1")], False, {"c1"}),
        ([USER, _call("c1", "c2"), _result("c1"), _call("c2")], True, {"c2"}),
        ([USER, _call("c1")], True, set()),  # pending: the tool is running
        ([USER, _call("c1")], False, {"c1"}),
        ([USER, _call("c1"), _result("c1"), _call("c1")], True, set()),
        ([USER, _call("c1"), _result("c1"), _call("c1"), _result("c1")], False, set()),
        ([USER, _call("c1"), _call("c2")], True, {"c1"}),
    ],
)
def test_the_pairing_scan_counts_a_call_lost_to_its_id_reused(
    history: list[dict[str, object]], pending_ok: bool, missing: set[str]
) -> None:
    messages = from_openai(history)
    assert unpaired(messages, allow_pending=pending_ok) == (missing, set())
    scan = PairingScan()
    assert scan.paired(messages, allow_pending=pending_ok) is (not missing)
