"""The service under load and at its edges: a large request never stops /health or other
sessions (and a session's own requests keep their order), every JSON body refuses a key it
does not read, and an empty context is "" from every endpoint."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from ctxengine.cli.compact import compact
from ctxengine.convert import from_openai
from ctxengine.server import create_app

from .conftest import make_settings, serving
from .test_app import USER, history, wait_until
from .test_socket import base_url  # noqa: F401  (a fixture: uvicorn on a free port)

# How long a held request waits for the test to release it: only a safety valve (a loop that
# is blocked never lets the test release it, and the test then fails on order, not on time).
HOLD_SECONDS = 20.0


class Hold:
    """Holds the first call it wraps in whatever thread runs it, until released."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.calls = 0
        # False when the hold ran out instead: the test never got to release it.
        self.released = False

    def hold(self) -> None:
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            self.released = self.release.wait(HOLD_SECONDS)


async def entered(hold: Hold) -> None:
    async def is_set() -> bool:
        return hold.entered.is_set()

    await wait_until(is_set, "the held request to start its work")


async def test_health_and_other_sessions_answer_while_a_compact_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold = Hold()
    real = compact

    async def held_compact(*args: Any, **kwargs: Any) -> dict[str, Any]:
        hold.hold()  # a blocking wait: it holds the event loop if the compact runs on it
        return await real(*args, **kwargs)

    monkeypatch.setattr("ctxengine.server.app.compact", held_compact)
    async with serving(create_app(make_settings(tmp_path))) as client:
        heavy = asyncio.create_task(client.post("/v1/compact", json=history(30)))
        await entered(hold)
        health = await client.get("/health")
        appended = await client.post("/v1/sessions/other/s1/messages", json=[USER])
        ctx = await client.get("/v1/sessions/other/s1/context")
        # Order, not time: everything above answered while the compact was still held.
        assert not heavy.done()
        hold.release.set()
        r = await heavy
    assert hold.released
    assert health.json()["status"] == "ok"
    assert appended.json() == {"appended": 1, "last_seq": 1}
    assert [m["content"] for m in ctx.json()["messages"] if m["role"] == "user"] == [
        USER["content"]
    ]
    assert r.status_code == 200, r.text
    assert set(r.json()) == {"messages", "compacted_context", "stats", "audit_log"}


async def test_a_sessions_requests_keep_their_order_while_one_is_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold = Hold()
    real = from_openai

    def held_from_openai(*args: Any, **kwargs: Any) -> Any:
        hold.hold()
        return real(*args, **kwargs)

    monkeypatch.setattr("ctxengine.server.app.from_openai", held_from_openai)
    first = [{"role": "user", "content": "first: order A0001"}]
    second = [{"role": "user", "content": "second: order A0002"}]
    async with serving(create_app(make_settings(tmp_path))) as client:
        a = asyncio.create_task(client.post("/v1/sessions/bob/s1/messages", json=first))
        await entered(hold)
        b = asyncio.create_task(client.post("/v1/sessions/bob/s1/messages", json=second))
        c = asyncio.create_task(client.get("/v1/sessions/bob/s1/context"))
        health = await client.get("/health")
        other = await client.post("/v1/sessions/carol/s1/messages", json=[USER])
        # The same session's later requests wait behind the held one; nothing else does.
        assert not (a.done() or b.done() or c.done())
        hold.release.set()
        ra, rb, rc = await a, await b, await c
    assert hold.released
    assert health.status_code == 200
    assert other.json() == {"appended": 1, "last_seq": 1}
    assert ra.json() == {"appended": 1, "last_seq": 1}
    assert rb.json() == {"appended": 1, "last_seq": 2}
    users = [m["content"] for m in rc.json()["messages"] if m["role"] == "user"]
    assert users == ["first: order A0001", "second: order A0002"]


def test_health_answers_over_a_real_socket_while_a_compact_runs(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same property through uvicorn (its own loop, in its own thread)."""
    url: str = request.getfixturevalue("base_url")
    hold = Hold()
    real = compact

    async def held_compact(*args: Any, **kwargs: Any) -> dict[str, Any]:
        hold.hold()
        return await real(*args, **kwargs)

    monkeypatch.setattr("ctxengine.server.app.compact", held_compact)
    answers: list[httpx.Response] = []

    def post_heavy() -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            answers.append(c.post("/v1/compact", json=history(30)))

    heavy = threading.Thread(target=post_heavy)
    heavy.start()
    assert hold.entered.wait(HOLD_SECONDS), "the compact never started"
    with httpx.Client(base_url=url, timeout=60) as client:
        health = client.get("/health")
    hold.release.set()
    heavy.join(60)
    assert health.json()["status"] == "ok"
    assert hold.released, "/health answered only after the compact had run out its hold"
    assert answers and answers[0].status_code == 200


# --- unknown top-level keys -------------------------------------------------------------

# (method, path, a body the endpoint accepts): each gets an unknown key added.
BODY_ENDPOINTS = [
    ("/v1/compact", {"messages": [USER]}),
    ("/v1/compact", {"messages": [USER], "config": {}}),
    ("/v1/sessions/bob/s1/messages", {"messages": [USER]}),
    ("/v1/sessions/bob/s1/command", {"text": "/context"}),
    ("/v1/sessions/bob/s1/overflow", {}),
]


@pytest.mark.parametrize("key", ["x", "Text", "message", "configs"])
@pytest.mark.parametrize(("path", "body"), BODY_ENDPOINTS)
async def test_every_body_refuses_an_unknown_top_level_key(
    tmp_path: Path, path: str, body: dict[str, Any], key: str
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post(path, json={**body, key: 1})
        stored = await client.post("/v1/sessions/bob/s1/command", json={"text": "/context"})
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert f"unknown key {key!r}" in error
    assert "\n" not in error
    assert '"messages": 0' in stored.json()["reply"]  # a refused request changed nothing


# Bodies that must still be taken: only keys the endpoint reads, in every accepted shape.
ACCEPTED = [
    ("/v1/compact", [USER]),
    ("/v1/compact", {"messages": [USER]}),
    ("/v1/compact", {"messages": [USER], "config": {"agent_max_context_turns": 4}}),
    ("/v1/compact", {"messages": [USER], "config": None}),
    ("/v1/sessions/bob/s1/messages", [USER]),
    ("/v1/sessions/bob/s1/messages", {"messages": [USER]}),
    # keys inside a message are the message's, not the body's top level
    ("/v1/sessions/bob/s1/messages", [{**USER, "name": "bob"}]),
    ("/v1/sessions/bob/s1/command", {"text": "/context"}),
    ("/v1/sessions/bob/s1/command", {"text": "/context clear"}),
    ("/v1/sessions/bob/s1/overflow", {}),
    ("/v1/sessions/bob/s1/overflow", None),
]


@pytest.mark.parametrize(("path", "body"), ACCEPTED)
async def test_bodies_with_only_known_keys_are_taken(
    tmp_path: Path, path: str, body: object
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await (client.post(path) if body is None else client.post(path, json=body))
    assert r.status_code == 200, r.text


async def test_overflow_refuses_a_body_that_is_not_an_object(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/bob/s1/overflow", json=[USER])
    assert r.status_code == 400
    assert "overflow reads no body" in r.json()["error"]


# --- an empty context -------------------------------------------------------------------


async def test_an_empty_sessions_overflow_and_context_both_answer_empty(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path))
    async with serving(app) as client:
        overflow = (await client.post("/v1/sessions/bob/empty/overflow")).json()
        await app.state.engine.wait_idle()  # any summary job has had its chance to land
        context = (await client.get("/v1/sessions/bob/empty/context")).json()
        again = (await client.post("/v1/sessions/bob/empty/overflow")).json()
    assert overflow["compacted_context"] == context["compacted_context"] == ""
    assert again["compacted_context"] == ""
    assert not any("(no content)" in str(m["content"]) for m in context["messages"])


async def test_a_real_overflow_still_summarizes(tmp_path: Path) -> None:
    """Look-alike: an overflow with history to flush still submits its summary."""
    app = create_app(make_settings(tmp_path, agent_max_context_turns=4))
    async with serving(app) as client:
        await client.post("/v1/sessions/bob/full/messages", json=history(8))
        r = await client.post("/v1/sessions/bob/full/overflow")
        await app.state.engine.wait_idle()
        ctx = (await client.get("/v1/sessions/bob/full/context")).json()
    assert r.status_code == 200
    assert ctx["compacted_context"]
    assert "(no content)" not in ctx["compacted_context"]
