"""A latest turn that alone nearly fills the budget (an agent reading two big files) never
costs the user's rules: the block keeps its constraints before anything else, and the
turn's tool results are cut (head + tail) to make room for them, within the budget; the
history keeps every result whole."""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.render import HEADERS
from ctxengine.engine import ContextEngine, Session
from ctxengine.messages import Message, ToolCallPart
from ctxengine.pipeline.pairing import unpaired
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

from .test_session import play

COUNTER = TokenCounter()
RULES = [
    "Never modify files under tests/.",
    "Always use type hints in any function you write.",
    "Don't use pandas, we want to keep dependencies light.",
]


def clause(rule: str) -> str:
    """The rule's first clause, as the ledger keeps it (its reason after a comma aside)."""
    return rule.split(",")[0].rstrip(".")


def file_body(path: str, chars: int) -> str:
    lines = "".join(f"def helper_{k}(x: int) -> int:\n    return x * {k}\n" for k in range(chars))
    return json.dumps({"path": path, "sha": "9f3c2e1a7b", "content": lines[:chars]})


def session_turns(result_chars: tuple[int, ...]) -> list[list[Message]]:
    """Rules at turns 1-3, some work with identifiers, then a turn reading len(result_chars)
    files (parallel calls) of those sizes."""
    turns = [[Message.user(r), Message.assistant("Understood.")] for r in RULES]
    for i in range(6):
        turns.append(
            [
                Message.user(f"Check the log for credit note CN-2024-{i:04d}."),
                Message.assistant(f"CN-2024-{i:04d} appears once with amount 12.{i:02d}."),
            ]
        )
    calls = [
        ToolCallPart(id=f"c{k}", name="read_file", arguments=json.dumps({"path": f"src/m{k}.py"}))
        for k in range(len(result_chars))
    ]
    turns.append(
        [
            Message.user("Fix the TypeError now and run the tests again."),
            Message.assistant(None, tool_calls=calls),
            *(
                Message.tool(c.id, file_body(f"src/m{k}.py", n))
                for k, (c, n) in enumerate(zip(calls, result_chars, strict=True))
            ),
        ]
    )
    return turns


async def final_context(
    make_engine: Callable[..., ContextEngine], budget: int, sizes: tuple[int, ...]
) -> tuple[Session, list[Message]]:
    eng = make_engine(agent_max_context_tokens=budget)
    async with eng:
        s = await eng.session("u", "s")
        await play(s, session_turns(sizes))
        return s, (await s.context()).messages


async def test_a_big_latest_turn_keeps_every_rule_within_the_budget(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # The latest turn alone is ~1,800 tokens: at 2,000 the block's floor (rules and every
    # credit-note id) does not fit beside it, at 1,500 the turn itself is over.
    for budget in (1500, 2000):
        eng = make_engine(agent_max_context_tokens=budget)
        async with eng:
            s = await eng.session("u", "s")
            await play(s, session_turns((4200, 2100)))
            ctx = await s.context()
            text = "\n".join(m.text for m in ctx.messages)
            for rule in RULES:
                assert clause(rule) in ctx.compacted_context, (budget, rule)
                assert clause(rule) in text, budget
            assert COUNTER.messages(ctx.messages) <= budget
            assert unpaired(ctx.messages) == (set(), set())
            assert ctx.messages[-4].text.endswith("Fix the TypeError now and run the tests again.")
            # The history is the record: both results whole.
            stored = await eng.store.load_messages(s.key)
            results = [m.message.tool_results[0].content for m in stored if m.message.tool_results]
            assert [len(r) for r in results] == [
                len(file_body("src/m0.py", 4200)),
                len(file_body("src/m1.py", 2100)),
            ]


async def test_results_are_cut_only_when_the_rules_need_the_room(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # Room enough for block and turn: nothing is cut, nothing is a "truncate_current" step.
    eng = make_engine(agent_max_context_tokens=8000)
    async with eng:
        s = await eng.session("u", "s")
        await play(s, session_turns((4200, 2100)))
        ctx = await s.context()
        assert not [st for st in ctx.steps if st.stage == "truncate_current"]
        sent = [m.tool_results[0].content for m in ctx.messages if m.tool_results]
        assert sent == [file_body("src/m0.py", 4200), file_body("src/m1.py", 2100)]
    # Tight: the results are cut head + tail, the step says so, the audit log has it.
    eng = make_engine(agent_max_context_tokens=1500)
    async with eng:
        s = await eng.session("u", "s")
        await play(s, session_turns((4200, 2100)))
        ctx = await s.context()
        cuts = [st for st in ctx.steps if st.stage == "truncate_current"]
        assert cuts and cuts[0].detail["messages_cut"] >= 1
        sent = [m.tool_results[0].content for m in ctx.messages if m.tool_results]
        assert sent[0].startswith(file_body("src/m0.py", 4200)[:200])
        assert sent[0].endswith(file_body("src/m0.py", 4200)[-50:])
        assert len(sent[0]) < 4200


async def test_when_nothing_fits_the_rules_stay(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # 300 tokens cannot hold the user's message and the calls with the results at their floor
    # (current_result_min_chars): the context is over the budget with or without the block,
    # so the rules stay (dropping them would gain nothing); the results are sent whole, the
    # user's message is never cut.
    eng = make_engine(agent_max_context_tokens=300, current_result_min_chars=2000)
    async with eng:
        s = await eng.session("u", "s")
        await play(s, session_turns((2100, 2100)))
        ctx = await s.context()
        for rule in RULES:
            assert clause(rule) in ctx.compacted_context
        assert "CN-2024" not in ctx.compacted_context  # the rules only
        assert ctx.messages[-4].text.endswith("Fix the TypeError now and run the tests again.")
        assert unpaired(ctx.messages) == (set(), set())


async def test_the_rules_go_only_when_that_makes_the_context_fit(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # Over budgets from "nothing fits" to "everything fits": a context without the rules is
    # always within its budget, and one over its budget always has them.
    seen = set()
    for budget in range(260, 900, 40):
        eng = make_engine(agent_max_context_tokens=budget)
        async with eng:
            s = await eng.session("u", "s")
            await play(s, session_turns((2100, 2100)))
            ctx = await s.context()
            sent = COUNTER.messages(ctx.messages)
            has_rules = all(clause(r) in ctx.compacted_context for r in RULES)
            if not has_rules:
                assert sent <= budget, budget
            if sent > budget:
                assert has_rules, budget
            seen.add((has_rules, sent <= budget))
    assert (True, True) in seen  # some budgets keep both


def test_a_strict_render_sheds_values_and_evidence_but_keeps_the_rules() -> None:
    d = CompactionDistiller(Settings())
    for turn, text in enumerate(
        [
            *RULES,
            "My order is DD20240315001 and the coupon is SAVE50NOW8888.",
            "Ship it to 12 Oak Street, Springfield.",
        ],
        start=1,
    ):
        d.observe(Message.user(text), turn)
    full = d.render(5, "en")
    assert "DD20240315001" in full
    rules_only = sum(COUNTER.count(r) + 1 for r in RULES)
    rules_only += COUNTER.count(HEADERS["en"]["constraints"])
    normal = d.render(5, "en", max_tokens=rules_only + 2, count=COUNTER.count)
    assert "DD20240315001" in normal  # the floor: identifiers never shed
    strict = d.render(5, "en", max_tokens=rules_only + 2, count=COUNTER.count, strict=True)
    assert "DD20240315001" not in strict
    for rule in RULES:
        assert clause(rule) in strict
    assert COUNTER.count(strict) <= rules_only + 2
    # Below the rules themselves a strict render still keeps every rule (the caller cuts
    # the turn for them or drops the block).
    tiny = d.render(5, "en", max_tokens=5, count=COUNTER.count, strict=True)
    assert all(clause(rule) in tiny for rule in RULES)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sizes=st.lists(st.integers(600, 9000), min_size=1, max_size=3),
    budget=st.integers(800, 4000),
)
def test_rules_stay_whenever_cut_results_leave_room(sizes: list[int], budget: int) -> None:
    """Property: within the budget whenever the turn's fixed part fits; every rule present
    whenever the rules fit beside the user's message, the calls and results at their floor."""

    async def run() -> None:
        with tempfile.TemporaryDirectory() as ws:
            s = Settings(workspace=Path(ws), agent_max_context_tokens=budget)
            async with ContextEngine(s, store=MemoryStore()) as eng:
                session = await eng.session("u", "s")
                await play(session, session_turns(tuple(sizes)))
                ctx = await session.context()
                assert unpaired(ctx.messages) == (set(), set())
                exact = COUNTER.messages(ctx.messages)
                floor = [
                    Message.user("Fix the TypeError now and run the tests again."),
                    *[
                        Message.tool(f"c{k}", "x" * s.current_result_min_chars)
                        for k in range(len(sizes))
                    ],
                ]
                turn = session.window.turns[-1]
                fixed = COUNTER.messages([*floor, turn.messages[1]])
                rules = sum(COUNTER.count(r) + 1 for r in RULES) + 8
                if fixed + 2 * rules + 64 <= budget:
                    assert exact <= budget, (exact, budget)
                    for rule in RULES:
                        assert clause(rule) in ctx.compacted_context

    asyncio.run(run())


RESULT_ROWS = "\n".join(f'{{"id": {i}, "data": "result{i}"}}' for i in range(3000))


async def _search_turn(
    make_engine: Callable[..., ContextEngine], budget: int, first: list[str], result: str
) -> list[Message]:
    eng = make_engine(agent_max_context_tokens=budget)
    async with eng:
        s = await eng.session("u", "s")
        for text in first:
            await s.add(Message.user(text))
            await s.add(Message.assistant("Noted."))
        await s.add(Message.user("Search again please."))
        call = ToolCallPart(id="c1", name="search", arguments="{}")
        await s.add(Message.assistant(None, tool_calls=[call]))
        await s.add(Message.tool("c1", result))
        return (await s.context()).messages


@pytest.mark.parametrize("first", ["Hello there, find my order A1234.", "Never use PDF format."])
async def test_a_latest_result_over_the_budget_is_cut_to_fit_rules_or_not(
    make_engine: Callable[..., ContextEngine], first: str
) -> None:
    # With or without a rule, a latest turn over the budget alone has its result cut to fit.
    messages = await _search_turn(make_engine, 1000, [first], RESULT_ROWS[:8000])
    assert COUNTER.messages(messages) <= 1000
    result = next(m for m in messages if m.role == "tool").tool_results[0].content
    assert result.startswith(RESULT_ROWS[:100]) and len(result) < 8000


async def test_a_cut_that_does_not_make_room_for_the_rules_is_undone(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # Eight long rules cannot fit beside the turn even with the result at its floor; the
    # whole turn fits without the block: it is sent whole, not cut for nothing.
    rules = [
        f"Never book hotel number {i} of the long list of hotels near the venue in the centre."
        for i in range(8)
    ]
    messages = await _search_turn(make_engine, 380, rules, RESULT_ROWS[:700])
    assert COUNTER.messages(messages) <= 380
    result = next(m for m in messages if m.role == "tool").tool_results[0].content
    assert result == RESULT_ROWS[:700]
