"""Review round 16, defect 1: a retried or late tool result broke every later context.

A tool result is valid only while its call is pending: right after the assistant message that
issued it (parallel results in any order), before any other message, and once. The converters,
the CLI and the service refuse the rest with one line naming the message; a batch appended
later continues the check from the stored history (the agent loop appends a result in its own
request); the engine's repair leaves such a result out of the model's view when a library
caller added it anyway.
"""

from __future__ import annotations

import contextlib
import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server.conftest import PG_DSN, drop_schema, make_settings, postgres_reachable, serving

from ctxengine.cli import main
from ctxengine.convert import (
    InputError,
    PairingState,
    from_anthropic,
    from_openai,
    to_openai,
    validate_pairing,
)
from ctxengine.engine import ContextEngine
from ctxengine.messages import Message, ToolCallPart
from ctxengine.server import create_app
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore

Wire = dict[str, Any]


def user(text: str) -> Wire:
    return {"role": "user", "content": text}


def calling(*ids: str, text: str | None = None) -> Wire:
    return {
        "role": "assistant",
        "content": text,
        "tool_calls": [
            {"id": i, "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
            for i in ids
        ],
    }


def result(call_id: str, content: str = "ok") -> Wire:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def reply(text: str) -> Wire:
    return {"role": "assistant", "content": text}


ASK, ASK_ZH = user("Check order A1234"), user("查一下订单 A1234 的物流")

# Histories providers accept: each converts, and back to the same wire messages.
VALID: dict[str, list[Wire]] = {
    "one call, one result": [ASK, calling("c1"), result("c1"), reply("It shipped.")],
    "parallel results in call order": [ASK, calling("a", "b"), result("a"), result("b")],
    "parallel results in any order": [ASK_ZH, calling("a", "b", "c"), *map(result, "cab")],
    "a call still pending": [ASK, calling("a", "b"), result("b")],
    "no result yet": [ASK_ZH, calling("c1", text="我查一下")],
    "a second round of calls": [ASK, calling("a"), result("a"), calling("b"), result("b")],
    "an id used again by a later message": [
        ASK,
        calling("call_0"),
        result("call_0"),
        reply("Done."),
        user("And A5678?"),
        calling("call_0"),
        result("call_0", "delivered"),
    ],
    "a call never answered, then a new turn": [ASK, calling("c1"), user("never mind"), reply("OK")],
    "text with the calls": [ASK_ZH, calling("c1", text="好的"), result("c1", "已发货")],
}

# Histories providers refuse: (messages, the error line).
INVALID: dict[str, tuple[list[Wire], str]] = {
    "the reviewer's late duplicate": (
        [ASK, calling("c1"), result("c1"), reply("It shipped."), user("thanks"), result("c1")],
        "message 5: tool result for call 'c1' that was already answered",
    ),
    "a retried result right after the first": (
        [ASK, calling("c1"), result("c1"), result("c1", "retry")],
        "message 3: tool result for call 'c1' that was already answered",
    ),
    "a duplicate among parallel results": (
        [ASK_ZH, calling("a", "b"), result("a"), result("a"), result("b")],
        "message 3: tool result for call 'a' that was already answered",
    ),
    "a result after the user spoke": (
        [ASK, calling("c1"), user("hurry up"), result("c1")],
        "message 3: tool result for call 'c1' whose call is not in this turn",
    ),
    "a result after the final reply": (
        [ASK_ZH, calling("a", "b"), result("a"), reply("稍等"), result("b")],
        "message 4: tool result for call 'b' whose call is not in this turn",
    ),
    "a result for the previous round's call": (
        [ASK, calling("a", "b"), result("a"), calling("c"), result("b")],
        "message 4: tool result for call 'b' whose call is not in this turn",
    ),
    "a result after a system message": (
        [ASK, calling("c1"), {"role": "system", "content": "Be brief."}, result("c1")],
        "message 3: tool result for call 'c1' whose call is not in this turn",
    ),
    "a result before its call": (
        [ASK, result("c1"), calling("c1")],
        "message 1: tool result for call 'c1' has no matching tool call",
    ),
    "a result for no call at all": (
        [ASK_ZH, reply("好的"), result("ghost")],
        "message 2: tool result for call 'ghost' has no matching tool call",
    ),
    "one id twice in one assistant message": (
        [ASK, calling("c1", "c2", "c1")],
        "message 1: tool call id 'c1' appears twice in this message",
    ),
}


@pytest.mark.parametrize("name", list(VALID))
def test_valid_pairings_convert_and_round_trip(name: str) -> None:
    data = VALID[name]
    messages = from_openai(data)
    assert to_openai(messages) == data
    validate_pairing(messages)


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_pairings_are_refused_in_one_line(name: str) -> None:
    data, line = INVALID[name]
    for check in (lambda: from_openai(data), lambda: validate_pairing(from_openai_lax(data))):
        with pytest.raises(InputError) as info:
            check()
        assert str(info.value) == line
        assert info.value.position == int(line.split(":")[0].split()[1])
    # Only the pairing is wrong: read without the check, the messages are fine.
    assert to_openai(from_openai_lax(data)) == data


def from_openai_lax(data: list[Wire]) -> list[Message]:
    return from_openai(data, check_pairing=False)


def test_a_batch_continues_from_where_the_history_left_the_pairing() -> None:
    history = from_openai([ASK, calling("a", "b"), result("a")])
    state = PairingState.after(history)
    assert state.pending == {"b"}
    # The agent loop appends the pending result in a request of its own: accepted.
    assert [m.role for m in from_openai([result("b")], pairing=state)] == ["tool"]
    # `pairing` is not changed by a check: the same state serves the next try.
    assert state.pending == {"b"}
    after = validate_pairing(from_openai([result("b")], pairing=state), state)
    for batch, line in [
        ([result("a")], "message 0: tool result for call 'a' that was already answered"),
        ([result("b")], "message 0: tool result for call 'b' that was already answered"),
        (
            [user("ok"), result("b")],
            "message 1: tool result for call 'b' that was already answered",
        ),
        ([result("z")], "message 0: tool result for call 'z' has no matching tool call"),
    ]:
        with pytest.raises(InputError) as info:
            from_openai(batch, pairing=after)
        assert str(info.value) == line
    late = PairingState.after(from_openai([ASK, calling("c1"), user("再说吧")]))
    with pytest.raises(InputError, match="'c1' whose call is not in this turn"):
        from_openai([result("c1")], pairing=late)
    # The old spelling of "calls waiting before this batch" still works.
    assert len(from_openai([result("old")], known_call_ids={"old"})) == 1


def test_anthropic_results_follow_the_same_rule() -> None:
    def use(*ids: str) -> Wire:
        return {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": i, "name": "lookup", "input": {}} for i in ids],
        }

    def answer(*ids: str, text: str | None = None) -> Wire:
        blocks: list[Wire] = [
            {"type": "tool_result", "tool_use_id": i, "content": "ok"} for i in ids
        ]
        if text is not None:
            blocks.append({"type": "text", "text": text})
        return {"role": "user", "content": blocks}

    hi = {"role": "user", "content": "hi"}
    ok = [
        [hi, use("a", "b"), answer("b", "a")],
        [hi, use("a", "b"), answer("a"), answer("b")],  # the API merges consecutive user turns
        [hi, use("a"), answer("a", text="and now?"), {"role": "assistant", "content": "done"}],
    ]
    for messages in ok:
        from_anthropic(messages)
    bad = [
        ([hi, use("a"), answer("a", "a")], "message 2: tool result for call 'a' that was already"),
        ([hi, use("a", "b"), answer("a", text="well?"), answer("b")], "message 3: tool result for"),
        ([hi, use("a", "a")], "message 1: tool call id 'a' appears twice"),
    ]
    for messages, start in bad:
        with pytest.raises(InputError) as info:
            from_anthropic(messages)
        assert str(info.value).startswith(start)


def test_the_cli_refuses_the_late_duplicate_with_exit_2(tmp_path: Path) -> None:
    data, line = INVALID["the reviewer's late duplicate"]
    path = tmp_path / "late.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["compact", str(path)])
    assert code == 2
    assert out.getvalue() == ""
    assert err.getvalue() == f"ctxengine compact: {line}\n"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'service.db'}"
        return
    if not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432 (user postgres, db test)")
    schema = f"ctxpair_{uuid.uuid4().hex[:16]}"
    yield f"{PG_DSN}?schema={schema}"
    drop_schema(schema)


async def test_the_service_checks_results_across_requests(db_url: str, tmp_path: Path) -> None:
    base = "/v1/sessions/alice/orders"
    async with serving(create_app(make_settings(tmp_path, db_url))) as client:

        async def append(*messages: Wire) -> tuple[int, dict[str, Any]]:
            r = await client.post(f"{base}/messages", json=list(messages))
            return r.status_code, r.json()

        # The normal agent loop: each message in its own request, parallel results in any order.
        assert (await append(ASK))[0] == 200
        assert (await append(calling("a", "b")))[0] == 200
        assert (await append(result("b", "B shipped")))[0] == 200
        assert (await append(result("a", "A shipped")))[0] == 200
        # A retry of a delivered result, alone or in a batch: refused, nothing appended.
        assert await append(result("a", "retry")) == (
            400,
            {"error": "message 0: tool result for call 'a' that was already answered"},
        )
        assert (await append(reply("Both shipped."), result("b")))[1] == {
            "error": "message 1: tool result for call 'b' that was already answered"
        }
        assert (await append(reply("Both shipped.")))[0] == 200
        assert (await append(ASK_ZH, calling("c")))[0] == 200
        assert (await append(user("算了")))[0] == 200
        assert await append(result("c")) == (
            400,
            {"error": "message 0: tool result for call 'c' whose call is not in this turn"},
        )
        assert (await append(result("nowhere")))[1] == {
            "error": "message 0: tool result for call 'nowhere' has no matching tool call"
        }
        assert (await append(calling("d", "d")))[1] == {
            "error": "message 0: tool call id 'd' appears twice in this message"
        }
        # The whole late history in one request: refused at the late message.
        data, line = INVALID["the reviewer's late duplicate"]
        assert (await client.post("/v1/sessions/bob/s/messages", json=data)).json() == {
            "error": line
        }
        assert (await client.post("/v1/compact", json=data)).json() == {"error": line}
        # What was accepted gives a context a provider takes: each result right after its call.
        ctx = (await client.get(f"{base}/context")).json()["messages"]
        roles = [(m["role"], m.get("tool_call_id")) for m in ctx if m["role"] != "system"]
        assert roles == [
            ("user", None),
            ("assistant", None),
            ("tool", "b"),
            ("tool", "a"),
            ("assistant", None),
            ("user", None),
            ("assistant", None),
            ("tool", "c"),  # the engine's placeholder for the call the user moved on from
            ("user", None),
        ]


async def test_the_engine_leaves_a_late_result_out_of_the_context(tmp_path: Path) -> None:
    """A library caller's `Session.add` does not check pairing: the repair keeps the model's
    view valid all the same (the history keeps every message)."""
    settings = Settings.model_validate({"workspace": tmp_path / "ws"})
    late = [*INVALID["the reviewer's late duplicate"][0], reply("You're welcome.")]
    retried = [ASK_ZH, calling("a", "b"), result("a"), result("a", "again"), result("b")]
    async with ContextEngine(settings, store=MemoryStore()) as engine:
        for name, data in [("late", late), ("retried", retried)]:
            session = await engine.session("u", name)
            await session.add(*data)
            sent = (await session.context()).to_openai()
            validate_pairing(from_openai(sent))  # a provider would take it
            assert sum(m["role"] == "tool" for m in sent) == (1 if name == "late" else 2)
            assert await engine.store.count_messages(session.key) == len(data)
        session = await engine.session("u", "reused")
        call = ToolCallPart(id="call_0", name="lookup")
        await session.add(
            Message.user("A1234?"),
            Message.assistant(tool_calls=[call]),
            Message.tool("call_0", "shipped"),
            Message.assistant("Shipped."),
            Message.user("A5678?"),
            Message.assistant(tool_calls=[call]),
            Message.tool("call_0", "delivered"),
        )
        sent = (await session.context()).to_openai()
        assert [m["content"] for m in sent if m["role"] == "tool"] == ["shipped", "delivered"]
