"""The session's own engine work off the event loop: one huge message being folded into the
layers, or a huge session's context being built, holds up neither /health nor other sessions;
and a request whose client goes away mid-work leaves its session whole, its gate released
only when its thread is done (a compaction's slot likewise).

Every wait here is on order, never on time: a held call blocks the thread that runs it until
the test releases it, so work left on the loop would stop the loop and the test would fail on
what answered first."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from ctxengine.cli.compact import compact
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message, TextPart
from ctxengine.server import create_app

from .conftest import make_settings, serving
from .test_app import USER, history, wait_until
from .test_service_fixes import Hold, entered

# A user message of 5 MB: under the 16 MiB body cap, and minutes of parsing on the loop.
HUGE_CHARS = 5_000_000


def huge_user(tag: str) -> dict[str, Any]:
    return {"role": "user", "content": f"{tag}: order A0009 " + "查一下物流 " * (HUGE_CHARS // 6)}


class Finished:
    """The order in which requests answered."""

    def __init__(self) -> None:
        self.order: list[str] = []

    def task(self, name: str, request: Any) -> asyncio.Task[httpx.Response]:
        async def run() -> httpx.Response:
            r: httpx.Response = await request
            self.order.append(name)
            return r

        return asyncio.create_task(run())

    async def run(self, name: str, request: Any) -> httpx.Response:
        return await self.task(name, request)


def hold_observe(
    monkeypatch: pytest.MonkeyPatch, hold: Hold, threads: list[int], when: Callable[[Message], bool]
) -> None:
    """Hold `CompactionDistiller.observe` (the rule path) on the first message `when` picks,
    noting the thread each picked message is folded in.

    A huge message is then parsed as its head alone: the rule parser's own cost grows faster
    than the text (tens of seconds at 50,000 characters), which is the parser's concern; the
    hold stands for it here."""
    real = CompactionDistiller.observe

    def observe(self: CompactionDistiller, message: Message, turn: int) -> Any:
        if when(message):
            threads.append(threading.get_ident())
            hold.hold()
        if is_huge(message):
            message = message.replace(parts=[TextPart(text=message.text[:200])])
        return real(self, message, turn)

    monkeypatch.setattr(CompactionDistiller, "observe", observe)


def is_huge(m: Message) -> bool:
    return len(m.text) > HUGE_CHARS // 2


async def test_other_sessions_answer_while_one_huge_message_is_folded_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold, threads = Hold(), list[int]()
    hold_observe(monkeypatch, hold, threads, is_huge)
    done = Finished()
    loop_thread = threading.get_ident()
    async with serving(create_app(make_settings(tmp_path))) as client:
        heavy = done.task(
            "huge", client.post("/v1/sessions/bob/s1/messages", json=[huge_user("A")])
        )
        await entered(hold)
        health = await done.run("health", client.get("/health"))
        appended = await done.run(
            "other append", client.post("/v1/sessions/carol/s1/messages", json=[USER])
        )
        ctx = await done.run("other context", client.get("/v1/sessions/carol/s1/context"))
        assert not heavy.done()
        hold.release.set()
        r = await heavy
        stats = await client.post("/v1/sessions/bob/s1/command", json={"text": "/context"})
    assert hold.released
    assert done.order == ["health", "other append", "other context", "huge"]
    assert threads and all(t != loop_thread for t in threads)
    assert health.json()["status"] == "ok"
    assert appended.json() == {"appended": 1, "last_seq": 1}
    assert [m["content"] for m in ctx.json()["messages"] if m["role"] == "user"] == [
        USER["content"]
    ]
    assert r.status_code == 200, r.text
    assert r.json() == {"appended": 1, "last_seq": 1}
    assert json.loads(stats.json()["reply"])["messages"] == 1


def hold_render(monkeypatch: pytest.MonkeyPatch, hold: Hold, threads: list[int]) -> None:
    """Hold the first CONTEXT block rendered (a huge session's block and stages)."""
    real = CompactionDistiller.render

    def render(self: CompactionDistiller, *args: Any, **kwargs: Any) -> str:
        threads.append(threading.get_ident())
        hold.hold()
        return real(self, *args, **kwargs)

    monkeypatch.setattr(CompactionDistiller, "render", render)


CONTEXT_REQUESTS = [
    ("GET", "/v1/sessions/bob/s1/context", None),
    ("POST", "/v1/sessions/bob/s1/command", {"text": "/context"}),
    ("POST", "/v1/sessions/bob/s1/overflow", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), CONTEXT_REQUESTS)
async def test_other_sessions_answer_while_a_sessions_context_is_built(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    path: str,
    body: dict[str, Any] | None,
) -> None:
    hold, threads = Hold(), list[int]()
    done = Finished()
    loop_thread = threading.get_ident()
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post("/v1/sessions/bob/s1/messages", json=history(8))
        assert r.status_code == 200, r.text
        hold_render(monkeypatch, hold, threads)
        heavy = done.task("context", client.request(method, path, json=body))
        await entered(hold)
        health = await done.run("health", client.get("/health"))
        appended = await done.run(
            "other append", client.post("/v1/sessions/carol/s1/messages", json=[USER])
        )
        assert not heavy.done()
        hold.release.set()
        r = await heavy
    assert hold.released
    assert done.order == ["health", "other append", "context"]
    assert threads and all(t != loop_thread for t in threads)
    assert health.status_code == 200
    assert appended.json() == {"appended": 1, "last_seq": 1}
    assert r.status_code == 200, r.text
    expected = {"reply"} if path.endswith("command") else set(CONTEXT_KEYS)
    assert set(r.json()) == expected


CONTEXT_KEYS = ("messages", "compacted_context", "tokens", "budget", "notice")


def is_tagged(tag: str) -> Callable[[Message], bool]:
    return lambda m: m.text.startswith(tag)


async def test_a_cancelled_append_is_applied_whole_and_its_gate_held_until_its_thread_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold, threads = Hold(), list[int]()
    hold_observe(monkeypatch, hold, threads, is_tagged("first"))
    first = [{"role": "user", "content": "first: order A0001"}]
    second = [{"role": "user", "content": "second: order A0002"}]
    done = Finished()
    async with serving(create_app(make_settings(tmp_path))) as client:
        # In-process, the app runs in the client's task: cancelling it is the client going
        # away mid-request, as a server that cancels the handler on a disconnect does.
        a = asyncio.create_task(client.post("/v1/sessions/bob/s1/messages", json=first))
        await entered(hold)
        a.cancel()
        with pytest.raises(asyncio.CancelledError):
            await a
        b = done.task("second", client.post("/v1/sessions/bob/s1/messages", json=second))
        c = done.task("context", client.get("/v1/sessions/bob/s1/context"))
        await done.run("health", client.get("/health"))
        # The cancelled append's thread still folds its message in: the session's later
        # requests wait for it rather than run beside it.
        assert not (b.done() or c.done())
        hold.release.set()
        rb, rc = await b, await c
        again = await client.get("/v1/sessions/bob/s1/context")
    assert hold.released
    assert done.order == ["health", "second", "context"]
    assert rb.json() == {"appended": 1, "last_seq": 2}
    users = [m["content"] for m in rc.json()["messages"] if m["role"] == "user"]
    assert users == ["first: order A0001", "second: order A0002"]
    assert again.json() == rc.json()
    # Both messages reached the layers too, each once.
    assert "A0001" in rc.json()["compacted_context"]
    assert "A0002" in rc.json()["compacted_context"]


async def test_a_request_cancelled_while_waiting_for_its_gate_never_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold, threads = Hold(), list[int]()
    hold_observe(monkeypatch, hold, threads, is_tagged("first"))
    first = [{"role": "user", "content": "first: order A0001"}]
    dropped = [{"role": "user", "content": "dropped: order A0002"}]
    third = [{"role": "user", "content": "third: order A0003"}]
    async with serving(create_app(make_settings(tmp_path))) as client:
        a = asyncio.create_task(client.post("/v1/sessions/bob/s1/messages", json=first))
        await entered(hold)
        b = asyncio.create_task(client.post("/v1/sessions/bob/s1/messages", json=dropped))
        await client.get("/health")  # b has read its body and waits for the gate
        b.cancel()
        with pytest.raises(asyncio.CancelledError):
            await b
        hold.release.set()
        ra = await a
        rc = await client.post("/v1/sessions/bob/s1/messages", json=third)
        ctx = await client.get("/v1/sessions/bob/s1/context")
    assert ra.json() == {"appended": 1, "last_seq": 1}
    assert rc.json() == {"appended": 1, "last_seq": 2}
    users = [m["content"] for m in ctx.json()["messages"] if m["role"] == "user"]
    assert users == ["first: order A0001", "third: order A0003"]


async def test_a_cancelled_compact_keeps_its_slot_until_its_thread_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold = Hold()
    real = compact

    async def held_compact(*args: Any, **kwargs: Any) -> dict[str, Any]:
        hold.hold()
        return await real(*args, **kwargs)

    monkeypatch.setattr("ctxengine.server.app.compact", held_compact)
    app = create_app(make_settings(tmp_path, server_compact_workers=1))
    slots = app.state.compact_slots
    async with serving(app) as client:
        a = asyncio.create_task(client.post("/v1/compact", json=history(4)))
        await entered(hold)
        a.cancel()
        with pytest.raises(asyncio.CancelledError):
            await a
        b = asyncio.create_task(client.post("/v1/compact", json=history(4)))

        async def b_waits() -> bool:
            return bool(slots.statistics().tasks_waiting == 1)

        await wait_until(b_waits, "the second compact to wait for the slot")
        # The abandoned compaction still runs in its thread, and still holds the one slot.
        assert slots.borrowed_tokens == 1
        assert hold.calls == 1
        hold.release.set()
        rb = await b
    assert hold.released
    assert hold.calls == 2
    assert rb.status_code == 200, rb.text
    assert slots.borrowed_tokens == 0
