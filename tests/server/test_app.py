"""The service in-process (httpx over ASGI, the app's real lifespan): every endpoint, bad input,
and retention running inside the service."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from ctxengine.cli import main
from ctxengine.server import create_app
from ctxengine.store import SessionKey, open_store

from .conftest import make_settings, serving

USER = {"role": "user", "content": "Where is order A0001? 我的订单在哪"}


def history(turns: int, result_chars: int = 400) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a logistics assistant."}]
    for i in range(1, turns + 1):
        out += [
            {"role": "user", "content": f"Turn {i}: where is A{i:04d}?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{i}",
                        "type": "function",
                        "function": {"name": "get_order", "arguments": f'{{"id": "A{i:04d}"}}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": f"call_{i}", "content": "x" * result_chars},
            {"role": "assistant", "content": f"Order A{i:04d} has shipped."},
        ]
    return out


async def wait_until(predicate: Any, what: str, tries: int = 500) -> None:
    """Poll an async predicate (a bounded wait, not a timing assertion)."""
    for _ in range(tries):
        if await predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"gave up waiting: {what}")


async def test_health(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.get("/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


async def test_compact_endpoint_matches_the_cli(tmp_path: Path) -> None:
    payload = {"messages": history(12), "config": {"agent_max_context_turns": 4}}
    path = tmp_path / "in.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    with contextlib.redirect_stdout(out):
        # The CLI runs its own event loop: give it a thread.
        args = ["compact", str(path), "--workspace", str(tmp_path / "cli-ws")]
        assert await asyncio.to_thread(main, args) == 0
    out.flush()
    cli = json.loads(out.buffer.getvalue())

    settings = make_settings(tmp_path, agent_max_context_turns=20)
    async with serving(create_app(settings)) as client:
        r = await client.post("/v1/compact", content=path.read_bytes())
    assert r.status_code == 200, r.text
    served = r.json()
    assert set(served) == set(cli) == {"messages", "compacted_context", "stats", "audit_log"}
    assert served["messages"] == cli["messages"]
    assert served["stats"] == cli["stats"]
    assert served["stats"]["turns_after"] <= 4
    assert served["compacted_context"] == cli["compacted_context"]
    stages = [e.get("stage") for e in served["audit_log"] if "stage" in e]
    assert stages == [e.get("stage") for e in cli["audit_log"] if "stage" in e]
    # A replay is stateless: nothing reached the service's users' memory.
    assert not (tmp_path / "ws" / "users").exists()


async def test_session_endpoints_end_to_end(tmp_path: Path, db_url: str) -> None:
    settings = make_settings(tmp_path, db_url)
    app = create_app(settings)
    base = "/v1/sessions/alice/chat-1"
    h = history(8, result_chars=3000)
    async with serving(app) as client:
        # An agent appends as it goes: the call first, its result in a later request.
        r = await client.post(f"{base}/messages", json=h[:3])
        assert r.status_code == 200, r.text
        assert r.json() == {"appended": 3, "last_seq": 3}
        r = await client.post(f"{base}/messages", json=[h[3]])
        assert r.status_code == 200, r.text
        r = await client.post(f"{base}/messages", json={"messages": h[4:]})
        assert r.status_code == 200, r.text
        assert r.json()["last_seq"] == len(h)

        r = await client.get(f"{base}/context")
        assert r.status_code == 200, r.text
        ctx = r.json()
        assert ctx["messages"][0] == h[0]
        assert ctx["messages"][-1] == h[-1]
        assert ctx["tokens"] <= ctx["budget"] == settings.agent_max_context_tokens
        assert ctx["notice"] is None

        r = await client.post(f"{base}/command", json={"text": "/context"})
        assert r.status_code == 200, r.text
        stats = json.loads(r.json()["reply"])
        assert stats["turns"] == 8
        assert stats["tool_calls"] == 8

        # Stage 4 after a provider overflow: at most 5 turns, tool results cut.
        r = await client.post(f"{base}/overflow")
        assert r.status_code == 200, r.text
        after = r.json()
        users = [m for m in after["messages"] if m["role"] == "user"]
        assert 1 <= len(users) <= settings.overflow_max_turns
        assert users[-1]["content"].endswith(h[-4]["content"])

        r = await client.post(f"{base}/command", json={"text": "/config agent_max_context_turns 6"})
        assert r.status_code == 200
        assert "6" in r.json()["reply"]

        r = await client.delete(base)
        assert r.status_code == 200
        assert r.json() == {"deleted": True}
        # The engine's live copy went with it: the session starts empty again.
        r = await client.get(f"{base}/context")
        assert r.status_code == 200
        assert not [m for m in r.json()["messages"] if m["role"] in ("user", "tool")]
        r = await client.delete(base)
        assert r.status_code == 200
    # Nothing written at shutdown brought the deleted session back.
    store = open_store(db_url, tmp_path / "ws")
    await store.open()
    try:
        assert await store.count_messages(SessionKey("alice", "chat-1")) == 0
        assert await store.pending_jobs(SessionKey("alice", "chat-1")) == []
    finally:
        await store.close()


def _bad_requests() -> list[tuple[str, str, bytes | None]]:
    msgs = "/v1/sessions/u/s/messages"
    orphan = json.dumps([USER, {"role": "tool", "tool_call_id": "call_9", "content": "r"}])
    return [
        ("POST", msgs, b"{not json"),
        ("POST", msgs, b'[{"role": "user", "content": "caf\xe9"}]'),
        ("POST", msgs, json.dumps([{"role": "robot", "content": "x"}]).encode()),
        ("POST", msgs, orphan.encode()),
        ("POST", msgs, b'{"role": "user", "content": "not a list"}'),
        ("POST", msgs, b"42"),
        ("POST", "/v1/compact", b"{not json"),
        ("POST", "/v1/compact", b"\xff\xfe"),
        ("POST", "/v1/compact", orphan.encode()),
        ("POST", "/v1/compact", b'{"msgs": []}'),
        ("POST", "/v1/compact", json.dumps({"messages": [USER], "config": {"nope": 1}}).encode()),
        ("POST", "/v1/compact", json.dumps({"messages": [USER], "config": 3}).encode()),
        ("POST", "/v1/compact", json.dumps({"messages": [USER], "config": {"db": "x"}}).encode()),
        (
            "POST",
            "/v1/compact",
            json.dumps({"messages": [USER], "config": {"agent_max_context_tokens": "x"}}).encode(),
        ),
        ("POST", "/v1/sessions/u/s/command", b'{"txt": "/context"}'),
        ("POST", "/v1/sessions/u/s/command", b'{"text": "hello"}'),
        ("POST", "/v1/sessions/u/s/command", b"[]"),
        ("GET", "/v1/nowhere", None),
        ("GET", "/v1/compact", None),
    ]


async def test_bad_input_is_a_4xx_with_one_line_never_a_5xx(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        for method, url, body in _bad_requests():
            r = await client.request(method, url, content=body)
            assert 400 <= r.status_code < 500, (url, body, r.status_code, r.text)
            data = r.json()
            assert set(data) == {"error"}, (url, body, data)
            assert isinstance(data["error"], str) and data["error"]
            assert "\n" not in data["error"]
        # The orphan was refused, not half-stored.
        r = await client.get("/v1/sessions/u/s/context")
        assert not [m for m in r.json()["messages"] if m["role"] == "user"]


async def test_bad_input_errors_name_problem_and_position(tmp_path: Path) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post(
            "/v1/sessions/u/s/messages", json=[USER, {"role": "robot", "content": "x"}]
        )
        assert "message 1" in r.json()["error"] and "robot" in r.json()["error"]
        raw = b'[{"role": "user", "content": "caf\xe9"}]'
        r = await client.post("/v1/sessions/u/s/messages", content=raw)
        assert f"byte {raw.index(0xE9)}" in r.json()["error"]
        r = await client.post(
            "/v1/compact", json={"messages": [USER], "config": {"agent_max_context_turns": "x"}}
        )
        assert "agent_max_context_turns" in r.json()["error"]


async def test_retention_runs_inside_the_service(tmp_path: Path, db_url: str) -> None:
    settings = make_settings(tmp_path, db_url, retention_days=1, gc_interval_seconds=0.05)
    app = create_app(settings)
    old = datetime.now(UTC) - timedelta(days=3)
    idle, live, cached = (SessionKey("u1", "idle"), SessionKey("u1", "live"), SessionKey("u2", "c"))
    async with serving(app) as client:
        store = app.state.engine.store
        # Seeded after start: the job must keep running, not only pass once at start-up.
        await store.touch_session(idle, now=old)
        await store.append_messages(idle, [], now=old)
        r = await client.post("/v1/sessions/u1/live/messages", json=[USER])
        assert r.status_code == 200
        # A session the engine holds in memory, gone idle.
        r = await client.post("/v1/sessions/u2/c/messages", json=[USER])
        assert r.status_code == 200
        await store.touch_session(cached, now=old)

        async def purged() -> bool:
            return await store.get_session(idle) is None and await store.get_session(cached) is None

        await wait_until(purged, "the retention job purges idle sessions")
        assert app.state.retention.last_error is None
        # It keeps running: a session that goes idle later is purged by a later pass.
        later = SessionKey("u3", "later")
        await store.touch_session(later, now=old)

        async def purged_later() -> bool:
            return await store.get_session(later) is None

        await wait_until(purged_later, "a later retention pass")
        assert await store.get_session(live) is not None
        assert await store.count_messages(live) == 1
        # The purged session does not live on in the engine's memory.
        r = await client.get("/v1/sessions/u2/c/context")
        assert not [m for m in r.json()["messages"] if m["role"] == "user"]


@pytest.mark.parametrize("body", [[USER], {"messages": [USER]}])
async def test_append_accepts_a_list_or_an_object_with_messages(
    tmp_path: Path, body: object
) -> None:
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/u/s/messages", json=body)
        assert r.status_code == 200
        r = await client.get("/v1/sessions/u/s/context")
        assert [m for m in r.json()["messages"] if m["role"] == "user"] == [USER]
