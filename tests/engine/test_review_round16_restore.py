"""Review round 16, defects 2 and 3, on SQLite and PostgreSQL through the real engine (and the
service for the restart in the middle of a tool turn).

2. A restart in the middle of a tool turn lost the pending call: restore kept only user text
   and final replies, so the result appended after the restart answered nothing and the model
   would call the tool again. The latest turn, when unfinished, now comes back whole, and the
   compaction engine still knows the call's tool name.
3. `/context clear` restarted the audit hash chain (a second seq 0, a second GENESIS link):
   the chain now goes on across clear and restore, and restore checks the stored chain.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server.conftest import PG_DSN, drop_schema, make_settings, postgres_reachable, serving

from ctxengine.compaction.audit import GENESIS, AuditLog, check_stored
from ctxengine.engine import ContextEngine, Session
from ctxengine.messages import Message, ToolCallPart
from ctxengine.server import create_app
from ctxengine.settings import Settings
from ctxengine.store import SQLiteStore, Store

from .conftest import EngineFactory, tool_turn

SYSTEM = "You are an order assistant."
LOOKUP = ToolCallPart(id="q1", name="lookup", arguments=json.dumps({"order": "A5555"}))


def wire(ctx_messages: list[Message]) -> list[tuple[str, str | None]]:
    """(role, call ids or result id) of what the model is sent, injections left out."""
    out: list[tuple[str, str | None]] = []
    for m in ctx_messages:
        if m.injected:
            continue
        ids = [c.id for c in m.tool_calls] + [r.call_id for r in m.tool_results]
        out.append((m.role, ",".join(ids) or None))
    return out


async def chain_events(store: Store, session: Session) -> list[dict[str, Any]]:
    return [e.data for e in await store.list_events(session.key) if e.kind.startswith("layers.")]


async def other_events(store: Store, session: Session, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in await store.list_events(session.key) if e.kind == kind]


# --- 2: a restart in the middle of a tool turn ------------------------------------------------

# The latest turn as it stands at the restart, and what comes after it.
MID_TURN: dict[str, tuple[list[Message], list[Message]]] = {
    "call pending": (
        [Message.user("Look up order A5555."), Message.assistant(tool_calls=[LOOKUP])],
        [Message.tool("q1", '{"status": "pending"}')],
    ),
    "call pending, with text": (
        [Message.user("查一下订单 A5555"), Message.assistant("我查一下。", tool_calls=[LOOKUP])],
        [Message.tool("q1", '{"status": "pending"}')],
    ),
    "result in, no reply yet": (
        [
            Message.user("Look up order A5555."),
            Message.assistant(tool_calls=[LOOKUP]),
            Message.tool("q1", '{"status": "pending"}'),
        ],
        [],
    ),
    "parallel calls, one answered": (
        [
            Message.user("Look up order A5555 and its invoice."),
            Message.assistant(
                tool_calls=[LOOKUP, ToolCallPart(id="q2", name="invoice", arguments="{}")]
            ),
            Message.tool("q2", '{"invoice": "INV-77"}'),
        ],
        [Message.tool("q1", '{"status": "pending"}')],
    ),
}


@pytest.mark.parametrize("case", list(MID_TURN))
async def test_a_restart_mid_tool_turn_keeps_the_turn_whole(
    engines: EngineFactory, case: str
) -> None:
    before, after = MID_TURN[case]
    history = [*tool_turn(1, 200), *tool_turn(2, 200)]

    async def run(restart: bool) -> tuple[list[tuple[str, str | None]], str]:
        eng = engines()
        sid = f"restart-{restart}"
        async with eng:
            s = await eng.session("alice", sid)
            await s.add(Message.system(SYSTEM), *history, *before)
            if restart:
                await eng.close()
                eng = engines()
                await eng.open()
                s = await eng.session("alice", sid)
            await s.add(*after)
            ctx = await s.context()
            await eng.close()
        return wire(ctx.messages), ctx.compacted_context

    got, block = await run(restart=True)
    unbroken, unbroken_block = await run(restart=False)
    # The unfinished turn is back whole: the call, the results before and after the restart.
    n = len(before) + len(after)
    assert got[-n:] == wire([*before, *after])
    assert got[-n:] == unbroken[-n:]
    # The finished turns before it still come back as user text and final reply only.
    assert got[:-n] == [("system", None)] + [("user", None), ("assistant", None)] * 2
    # The compaction engine still knows which tool the result came from.
    assert ":lookup)" in block and ":tool)" not in block  # "(tool:lookup)" / "(工具:lookup)"
    assert block == unbroken_block


async def test_a_finished_latest_turn_is_still_restored_as_text(engines: EngineFactory) -> None:
    first = engines()
    async with first:
        s = await first.session("bob", "chat")
        await s.add(Message.system(SYSTEM), *tool_turn(1, 200), *tool_turn(2, 200))
    second = engines()
    async with second:
        s = await second.session("bob", "chat")
        ctx = await s.context()
        assert not any(m.tool_calls or m.tool_results for m in ctx.messages)
        assert wire(ctx.messages)[-4:] == [("user", None), ("assistant", None)] * 2


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_the_service_keeps_a_pending_call_across_a_restart(
    tmp_path: Path, backend: str
) -> None:
    schema = f"ctxr16s_{uuid.uuid4().hex[:16]}"
    if backend == "postgres" and not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432 (user postgres, db test)")
    db = (
        f"sqlite:///{tmp_path / 'service.db'}"
        if backend == "sqlite"
        else f"{PG_DSN}?schema={schema}"
    )
    try:
        await _pending_call_across_a_restart(tmp_path, db)
    finally:
        if backend == "postgres":
            drop_schema(schema)


async def _pending_call_across_a_restart(tmp_path: Path, db: str) -> None:
    base = "/v1/sessions/alice/orders"
    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "q1",
                "type": "function",
                "function": {"name": "lookup", "arguments": '{"order": "A5555"}'},
            }
        ],
    }
    ask = {"role": "user", "content": "Look up order A5555."}
    result = {"role": "tool", "tool_call_id": "q1", "content": '{"status": "pending"}'}
    async with serving(create_app(make_settings(tmp_path, db))) as client:
        r = await client.post(f"{base}/messages", json=[{"role": "system", "content": SYSTEM}])
        assert r.status_code == 200
        assert (await client.post(f"{base}/messages", json=[ask, call])).status_code == 200
    async with serving(create_app(make_settings(tmp_path, db))) as client:
        assert (await client.post(f"{base}/messages", json=[result])).status_code == 200
        ctx = (await client.get(f"{base}/context")).json()
        # The second try of the same result is a duplicate now.
        dup = await client.post(f"{base}/messages", json=[result])
    assert [m for m in ctx["messages"] if not m["content"] or "[Intent]" not in m["content"]] == [
        {"role": "system", "content": SYSTEM},
        ask,
        call,
        result,
    ]
    assert "field.status: pending (tool:lookup)" in ctx["compacted_context"]
    assert dup.status_code == 400
    assert dup.json() == {"error": "message 0: tool result for call 'q1' that was already answered"}


# --- 3: one audit chain per session, across clear and restore --------------------------------


async def play_orders(s: Session, first: int, last: int) -> None:
    for i in range(first, last + 1):
        await s.add(
            Message.user(f"Order A{i:04d}: deliver to Beijing on 2026-12-0{i % 9 + 1}."),
            Message.assistant(f"Noted order A{i:04d}."),
        )


async def test_clear_and_restart_keep_one_audit_chain(engines: EngineFactory) -> None:
    first = engines()
    async with first:
        s = await first.session("carol", "chat")
        await play_orders(s, 1, 3)
        before = await chain_events(first.store, s)
        assert before, "the turns leave audit events"
        await s.clear()
        await play_orders(s, 4, 5)
        events = await chain_events(first.store, s)
        # One chain: seqs 0..n-1 once each, the clear recorded in it, every link verifies.
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert [e["prev_hash"] for e in events].count(GENESIS) == 1
        cleared = [e for e in events if e["kind"] == "clear"]
        assert len(cleared) == 1 and cleared[0]["prev_hash"] == before[-1]["hash"]
        AuditLog.of_stored(events).verify()
        assert s.distiller is not None
        assert s.distiller.audit.chain_head == events[-1]["hash"]
    second = engines()
    async with second:
        s = await second.session("carol", "chat")
        assert s.distiller is not None
        # The restored session goes on from the stored head.
        assert s.distiller.audit.chain_head == events[-1]["hash"]
        assert s.distiller.audit.offset == len(events)
        await play_orders(s, 6, 6)
        await s.clear()
        await play_orders(s, 7, 7)
        after = await chain_events(second.store, s)
        assert after[: len(events)] == events and len(after) > len(events) + 1
        AuditLog.of_stored(after).verify()
        assert await other_events(second.store, s, "audit_chain_broken") == []


# --- restore checks the stored chain (SQLite: the tests edit the database behind the store) ---


def sqlite_engines(tmp_path: Path, **kw: object) -> Callable[[], ContextEngine]:
    def make() -> ContextEngine:
        settings = Settings.model_validate({"workspace": tmp_path / "ws", **kw})
        return ContextEngine(settings, store=SQLiteStore(tmp_path / "audit.db"))

    return make


def edit_db(tmp_path: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(tmp_path / "audit.db") as conn:
        conn.execute(sql, args)


async def test_a_broken_stored_chain_is_reported_once_and_the_chain_goes_on(
    tmp_path: Path,
) -> None:
    make = sqlite_engines(tmp_path)
    async with make() as eng:
        s = await eng.session("dave", "chat")
        await play_orders(s, 1, 3)
        events = await chain_events(eng.store, s)
    # Someone edits a recorded event.
    bad = events[2]
    edit_db(
        tmp_path,
        "UPDATE events SET data = ? WHERE kind LIKE 'layers.%' AND data LIKE ?",
        json.dumps({**bad, "data": {**bad["data"], "forged": True}}),
        f'%"hash":"{bad["hash"]}"%',
    )
    stored = await load_chain(make)
    assert stored[2]["data"].get("forged") is True, "the edit reached the database"
    for restart in range(2):
        async with make() as eng:
            s = await eng.session("dave", "chat")  # no crash
            await play_orders(s, 4 + restart, 4 + restart)
            broken = await other_events(eng.store, s, "audit_chain_broken")
            # Reported at the first restore only, naming the event.
            assert broken == [{"problem": f"audit chain broken at event 2 (kind {bad['kind']!r})"}]
            after = await chain_events(eng.store, s)
            found = check_stored(after)
            assert found.problem == broken[0]["problem"]
            assert found.next_seq == len(after)  # every later link holds


async def load_chain(make: Callable[[], ContextEngine]) -> list[dict[str, Any]]:
    async with make() as eng:
        s = await eng.session("dave", "chat", restore=False)
        return await chain_events(eng.store, s)


async def test_a_log_with_two_chains_from_before_the_fix_is_reported(tmp_path: Path) -> None:
    make = sqlite_engines(tmp_path)
    async with make() as eng:
        s = await eng.session("erin", "chat")
        await play_orders(s, 1, 2)
        n = len(await chain_events(eng.store, s))
        # What a clear used to leave: a second chain from seq 0, and layers that begin it.
        old = AuditLog()
        ev = old.append("intent", 1, {"name": "query"})
        old.drain()
        await eng.store.add_events(s.key, [("layers.intent", ev.model_dump(mode="json"))])
        assert s.distiller is not None
        s.distiller.audit = old
    async with make() as eng:
        s = await eng.session("erin", "chat")
        assert await other_events(eng.store, s, "audit_chain_broken") == [
            {"problem": f"audit chain broken at event {n} (kind 'intent')"}
        ]
        await play_orders(s, 3, 3)
        after = await chain_events(eng.store, s)
        # The new events go on from the last stored one (the second chain's head).
        assert after[n]["hash"] == ev.hash
        assert after[n + 1]["seq"] == 1 and after[n + 1]["prev_hash"] == ev.hash
        assert check_stored(after[n:]).problem is None


async def test_layers_lost_in_a_crash_are_rebuilt_and_the_chain_completed(
    tmp_path: Path,
) -> None:
    make = sqlite_engines(tmp_path)
    async with make() as eng:
        s = await eng.session("fay", "chat")
        await play_orders(s, 1, 4)
        events = await chain_events(eng.store, s)
    # A crash: the layers were last saved before these turns, and the last events of the
    # last message never reached the store.
    edit_db(tmp_path, "DELETE FROM state WHERE name IN ('compaction', 'audit')")
    lost = 3
    edit_db(
        tmp_path,
        "DELETE FROM events WHERE kind LIKE 'layers.%' AND seq > "
        "(SELECT MAX(seq) FROM events WHERE kind LIKE 'layers.%') - ?",
        lost,
    )
    async with make() as eng:
        s = await eng.session("fay", "chat")
        # Re-parsing the history gave the same events: the missing ones are stored again.
        assert await chain_events(eng.store, s) == events
        assert await other_events(eng.store, s, "audit_chain_broken") == []
        await play_orders(s, 5, 5)
        AuditLog.of_stored(await chain_events(eng.store, s)).verify()


async def test_layers_rebuilt_differently_go_on_from_the_record(tmp_path: Path) -> None:
    async with sqlite_engines(tmp_path)() as eng:
        s = await eng.session("gus", "chat")
        await s.add(Message.user("帮我找一家评分4.5分以上的酒店，价格300-500元。"))
        await s.add(Message.assistant("好的，这就为您查找。"))
        await play_orders(s, 1, 3)
        events = await chain_events(eng.store, s)
    edit_db(tmp_path, "DELETE FROM state WHERE name = 'compaction'")
    # Another ontology (one with hotel slots) parses the same history into other events than
    # the record holds.
    async with sqlite_engines(tmp_path, ontology="crosswoz")() as eng:
        s = await eng.session("gus", "chat")
        [broken] = await other_events(eng.store, s, "audit_chain_broken")
        assert "do not match the stored audit record" in broken["problem"]
        assert s.distiller is not None
        assert s.distiller.audit.chain_head == events[-1]["hash"]
        await play_orders(s, 4, 4)
        after = await chain_events(eng.store, s)
        assert after[: len(events)] == events and len(after) > len(events)
        AuditLog.of_stored(after).verify()


def test_check_stored_names_the_first_break_and_follows_the_record() -> None:
    log = AuditLog()
    for i in range(4):
        log.append("evidence", i, {"value": f"A{i:04d}"})
    events = [e.model_dump(mode="json") for e in log.drain()]
    assert check_stored(events) == check_stored(events[:2] + events[2:])
    whole = check_stored(events)
    assert (whole.next_seq, whole.head, whole.checked, whole.problem) == (4, log.base_hash, 4, None)
    # From a mark: the rest of the chain.
    tail = check_stored(events[2:], offset=2, base_hash=events[1]["hash"])
    assert (tail.next_seq, tail.head, tail.problem) == (4, log.base_hash, None)
    assert check_stored(events[2:]).problem == "audit chain broken at event 0 (kind 'evidence')"
    forged = [*events[:1], {**events[1], "data": {"value": "B"}}, *events[2:]]
    found = check_stored(forged)
    assert found.problem == "audit chain broken at event 1 (kind 'evidence')"
    assert (found.next_seq, found.head) == (4, log.base_hash)
    malformed = [*events[:1], {**events[1], "seq": "1"}, *events[2:]]
    assert check_stored(malformed).problem == "audit event 1 is malformed"
    assert AuditLog.of_stored(events).chain_head == log.base_hash
    AuditLog.of_stored(events).verify()
    nxt = log.continued()
    assert (nxt.offset, nxt.chain_head, nxt.events) == (4, log.base_hash, [])
