"""Review round 7: the compaction policies and layer mechanics end to end, on parsed text.

Each test is a defect the review found: a user policy that raises, a user policy no setting
could enable, core slots a reset dropped because the user named them in words ("user id"), a
Lean-Context fold line that lost the identifiers and rule statuses of the turns it folds,
shards that dropped a value-vs-rule conflict, and a budget compaction that dropped a
Min-Context chain before unrelated turns.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ctxengine.cli import main
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.policies import POLICIES, PolicyContext, PolicyDecision
from ctxengine.compaction.shards import shard_state
from ctxengine.compaction.state import SessionState
from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.pipeline.stages import fit_budget
from ctxengine.pipeline.turns import Turn
from ctxengine.settings import Settings, SettingsError, load_settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

U, A = Message.user, Message.assistant


Event = dict[str, Any]


def replay(
    messages: list[Message], settings: Settings | None = None
) -> tuple[SessionState, list[Event]]:
    """The compaction state after `messages` (turns numbered as a session numbers them) and
    the audit events they produced (the distiller hands them over to the store)."""
    d = CompactionDistiller(settings or Settings(), session_id="s")
    events: list[Event] = []
    turn = 0
    for m in messages:
        turn += m.role == "user"
        events += d.observe(m, max(turn, 1))
    return d.state, events


def feed(messages: list[Message], settings: Settings | None = None) -> SessionState:
    return replay(messages, settings)[0]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["kind"] == kind]


# --- a user policy that raises ---------------------------------------------------------------


@pytest.fixture
def flaky_policy() -> Iterator[str]:
    """A user policy that raises on its second turn (and is removed after the test)."""

    def flaky(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
        if ctx.turn == 2:
            raise RuntimeError("lookup service down")
        return [PolicyDecision(policy="r7_flaky", action="note", turn=ctx.turn)]

    POLICIES["r7_flaky"] = flaky
    yield "r7_flaky"
    del POLICIES["r7_flaky"]


def test_a_raising_user_policy_is_an_audit_event_not_a_broken_turn(flaky_policy: str) -> None:
    settings = Settings(policies=["min_context", flaky_policy, "lean_context", "periodic_reset"])
    s, events = replay(
        [
            U("我的订单号是DD20240315001"),
            A("好的，已查到订单DD20240315001。"),
            U("不要用顺丰发货"),
            A("好的。"),
            U("好的"),
        ],
        settings,
    )
    # Turn 2 applied whole: its rule is in the ledger, and the policies after the failing
    # one still ran on turn 3 (the confirmation folded turns 1-2).
    assert [e.text for e in s.ledger.active()] == ["不要用顺丰发货"]
    assert [(f.start, f.end) for f in s.folded] == [(1, 2)]
    errors = of_kind(events, "policy_error")
    assert [e["turn"] for e in errors] == [2, 2]  # the user message and the reply
    assert errors[0]["data"] == {
        "policy": flaky_policy,
        "error": "RuntimeError",
        "message": "lookup service down",
    }
    notes = [e["data"] for e in of_kind(events, "policy") if e["data"]["policy"] == flaky_policy]
    assert [d["turn"] for d in notes] == [1, 1, 3]


def test_a_policy_decision_the_session_cannot_apply_is_an_error_event() -> None:
    def bad_pin(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
        # A pin without the subject and turns a pin needs.
        return [PolicyDecision(policy="r7_bad_pin", action="pin", turn=ctx.turn)]

    POLICIES["r7_bad_pin"] = bad_pin
    try:
        s, events = replay([U("Where is order A7788123?")], Settings(policies=["r7_bad_pin"]))
    finally:
        del POLICIES["r7_bad_pin"]
    assert s.pins == [] and s.last_turn == 1
    [err] = of_kind(events, "policy_error")
    assert err["data"]["policy"] == "r7_bad_pin" and err["data"]["error"] == "KeyError"


# --- enabling a user policy through the settings ----------------------------------------------


def test_a_registered_policy_runs_in_a_library_session(tmp_path: Path) -> None:
    seen: list[int] = []

    def tag_vip(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
        seen.append(ctx.turn)
        if ctx.parsed.role == "user":
            return [PolicyDecision(policy="r7_vip", action="tag", turn=ctx.turn, reason="vip")]
        return []

    POLICIES["r7_vip"] = tag_vip

    async def run() -> list[dict[str, object]]:
        settings = Settings(workspace=str(tmp_path), policies=["lean_context", "r7_vip"])
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("u1", "s1", restore=False)
            await session.add(U("I'm a VIP customer, order A7788123."))
            await session.add(A("Welcome back."))
            events = await engine.store.list_events(session.key)
            return [e.data["data"] for e in events if e.kind == "layers.policy"]

    try:
        decisions = asyncio.run(run())
    finally:
        del POLICIES["r7_vip"]
    assert seen == [1, 1]  # the user message and the reply
    assert [(d["policy"], d["action"]) for d in decisions] == [("r7_vip", "tag")]


def test_policies_setting_rejects_an_unknown_name_and_an_empty_entry() -> None:
    with pytest.raises(SettingsError, match="no_such_policy"):
        load_settings(config={"policies": ["min_context", "no_such_policy"]}, env={})
    with pytest.raises(SettingsError, match="policies"):
        load_settings(config={"policies": ["min_context", "min_context"]}, env={})
    assert load_settings(config={"policies": []}, env={}).policies == []


RESTART = "Let's start over."


def test_a_restart_keeps_identifiers_the_user_named_in_words() -> None:
    s = feed(
        [
            U("My user id is u-5521 and my order number is A7788123. The size is XL."),
            A("Thanks."),
            U(RESTART),
        ]
    )
    assert s.last_reset_turn == 2
    assert sorted(s.snapshot()["slots"].values()) == ["A7788123", "u-5521"]  # XL is gone


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("My user-id is u-5521 and the size is XL.", True),
        ("My customer number is C-88123 and the size is XL.", True),
        ("My account no is AC-7781 and the size is XL.", True),
        ("My phone number is 555-0100 and the size is XL.", False),  # not an identifier
        ("My room number is 1702 and the size is XL.", False),
        ("My valid code is V-1200 and the size is XL.", False),  # "valid" is no "id"
    ],
)
def test_which_slots_a_restart_keeps(said: str, kept: bool) -> None:
    s = feed([U(said), A("Thanks."), U(RESTART)])
    assert s.last_reset_turn == 2
    values = s.snapshot()["slots"].values()
    assert "XL" not in values
    assert (len(values) == 1) is kept


def test_core_slots_setting_names_what_a_restart_keeps() -> None:
    said = "My member number is M-20931 and the size is XL."
    assert feed([U(said), A("Thanks."), U(RESTART)]).snapshot()["slots"] == {}
    s = feed([U(said), A("Thanks."), U(RESTART)], Settings(core_slots=["member_no"]))
    assert s.config.core_slots == ["member_no"]
    assert list(s.snapshot()["slots"].values()) == ["M-20931"]


# --- Lean-Context: nothing of the folded turns is lost from the fold line ---------------------


def test_a_fold_line_keeps_the_identifiers_of_the_folded_turns() -> None:
    s = feed(
        [
            U("我的订单DD20240315001到哪了？"),
            A("订单DD20240315001已发货，顺丰单号SF1234567890。"),
            U("好的"),
        ]
    )
    [fold] = s.folded
    assert "DD20240315001" in fold.summary
    assert "SF1234567890" in fold.summary


def test_a_fold_line_marks_a_rule_lifted_within_the_folded_turns() -> None:
    s = feed(
        [
            U("Never use FedEx."),
            A("OK, no FedEx."),
            U("My ticket is T-20391."),
            A("Got it."),
            U("FedEx is fine after all."),
            A("Sure."),
            U("ok"),
        ]
    )
    [fold] = s.folded
    parts = fold.summary.split("; ")
    assert "Never use FedEx. [revoked]" in parts
    assert "Never use FedEx." not in parts  # never shown as if still in force
    assert "T-20391" in fold.summary


def test_a_fold_line_notes_an_earlier_rule_lifted_in_its_turns() -> None:
    s = feed(
        [
            U("不要显示价格"),
            A("好的。"),
            U("好的"),  # folds turn 1, the rule said
            A("明白。"),
            U("现在可以显示价格了"),
            A("好的。"),
            U("继续"),  # folds turns 2-3, the rule lifted
        ]
    )
    assert [(f.start, f.end) for f in s.folded] == [(1, 1), (2, 3)]
    assert "不要显示价格 [revoked]" in s.folded[1].summary.split("; ")


# --- sharding ----------------------------------------------------------------------------------


def test_every_shard_carries_a_value_versus_rule_conflict() -> None:
    s = feed([U("用顺丰发货，收货人张伟"), A("好的。"), U("不要用顺丰")])
    assert "[冲突]" in s.render()
    shards = shard_state(s, TokenCounter(), 4000)
    assert shards and all("「不要用顺丰」" in sh.text for sh in shards)


# --- Min-Context under a token budget ----------------------------------------------------------

FILLER = "This paragraph is unrelated filler text that takes up the context budget. " * 8


def _min_context_run(tmp_path: Path, budget: int) -> tuple[set[int], list[str]]:
    msgs = [
        U("Where is order A7788123?"),
        A("Order A7788123 is in Chicago."),
        U("When will A7788123 arrive?"),
        A("A7788123 arrives Friday."),
        U("Can A7788123 be left at the door?"),
        A("Yes, A7788123 can be left at the door."),
        U("Tell me a fun fact about cats."),
        A(FILLER),
        U("And one about dogs."),
        A(FILLER),
        U("And about birds."),
        A(FILLER),
        U("And fish?"),
    ]

    async def run() -> tuple[set[int], list[str]]:
        settings = Settings(workspace=str(tmp_path), agent_max_context_tokens=budget)
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("u1", "s1", restore=False)
            for m in msgs:
                if m.role == "assistant":
                    await session.context()
                await session.add(m)
            ctx = await session.context()
            assert session.distiller is not None
            pins = session.distiller.pinned_turns(session.distiller.last_turn)
            return pins, [m.text for m in ctx.messages if m.role == "user"]

    return asyncio.run(run())


def test_a_budget_compaction_drops_unrelated_turns_before_a_pinned_chain(tmp_path: Path) -> None:
    pins, users = _min_context_run(tmp_path, 400)
    assert pins == {1, 2, 3}
    chain = ["Where is order A7788123?", "When will A7788123 arrive?"]
    assert all(any(u.endswith(c) for u in users) for c in chain)
    assert any(u.endswith("Can A7788123 be left at the door?") for u in users)
    assert "Tell me a fun fact about cats." not in users


def _turns(n: int, words: int) -> list[Turn]:
    counter = TokenCounter()
    return [
        Turn.of(i, [U(f"Turn {i}: " + "word " * words), A("Noted " + "word " * words)], counter)
        for i in range(1, n + 1)
    ]


def test_a_pinned_chain_larger_than_its_share_keeps_its_newest_turns_within_budget() -> None:
    turns = _turns(10, 60)  # ~125 tokens a turn
    per_turn = turns[0].tokens
    budget = 6 * per_turn
    kept, _ = fit_budget(
        turns,
        reserved=0,
        budget=budget,
        target=int(budget * 0.8),
        compress_below=0,
        counter=TokenCounter(),
        protected=frozenset({1, 2, 3, 4, 5}),  # the whole chain: 5 turns
        protected_max=2 * per_turn + 5,  # room for two of them
    )
    indexes = [t.index for t in kept]
    assert sum(t.tokens for t in kept) <= budget
    assert {4, 5} <= set(indexes)  # the newest pinned turns, spared
    assert not {1, 2, 3} & set(indexes)
    assert 10 in indexes  # the current turn always stays


def test_only_pinned_turns_left_over_budget_still_go() -> None:
    turns = _turns(6, 60)
    per_turn = turns[0].tokens
    kept, removals = fit_budget(
        turns,
        reserved=0,
        budget=2 * per_turn,
        target=2 * per_turn,
        compress_below=0,
        counter=TokenCounter(),
        protected=frozenset({1, 2, 3, 4, 5}),
        protected_max=10 * per_turn,  # the share would spare them all: the budget outranks it
    )
    assert removals and sum(t.tokens for t in kept) <= 2 * per_turn


def test_shards_take_their_cap_from_the_settings() -> None:
    s = feed(
        [
            U("用顺丰发货，收货人张伟，地址杭州市西湖区文三路100号，电话13800138000"),
            A("好的，订单DD20240315001已创建。"),
            U("不要周末送货，发票抬头写杭州云栖科技有限公司，税号91330106MA2B3C4D5E"),
            A("好的，已记录发票信息，快递单号SF1234567890。"),
            U("优惠券SAVE20也用上，另外工单号是T-20391"),
            A("好的，优惠券SAVE20已使用。"),
        ],
        Settings(shard_max_tokens=128),
    )
    counter = TokenCounter()
    assert counter.count(s.render()) > 128
    shards = shard_state(s, counter)
    assert len(shards) > 1 and all(sh.tokens <= 128 for sh in shards)


def test_compact_with_an_unknown_policy_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.json"
    history = {"messages": [{"role": "user", "content": "hi"}], "config": {"policies": ["nope"]}}
    path.write_text(json.dumps(history), encoding="utf-8")
    code = main(["compact", str(path), "--workspace", str(tmp_path / "ws")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "unknown policy 'nope'" in err


def test_compact_reports_the_fold_and_its_line_in_the_audit_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    turns = ["订单DD20240315001到哪了？", "在杭州。", "不要周末送货", "好的，不会周末送。", "好的"]
    roles = ["user", "assistant"] * 3
    history = [{"role": r, "content": t} for r, t in zip(roles, turns, strict=False)]
    path = tmp_path / "in.json"
    path.write_text(json.dumps(history, ensure_ascii=False), encoding="utf-8")
    assert main(["compact", str(path), "--workspace", str(tmp_path / "ws")]) == 0
    log = json.loads(capsys.readouterr().out)["audit_log"]
    [fold] = [
        e["data"] for e in log if e["event"] == "layers.policy" and e["data"]["action"] == "fold"
    ]
    assert fold["detail"]["start"] == 1 and fold["detail"]["end"] == 2
    assert "DD20240315001" in fold["detail"]["summary"]
    assert "不要周末送货" in fold["detail"]["summary"]


def test_first_user_placement_with_no_user_message_falls_back_to_the_system_position(
    tmp_path: Path,
) -> None:
    async def run() -> list[Message]:
        settings = Settings(workspace=str(tmp_path), inject_position="first_user")
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("u1", "s1", restore=False)
            await session.add(Message.system("You are a support agent."))
            await session.add(A("Hello! Your order A7788123 has shipped."))
            return (await session.context()).messages

    messages = asyncio.run(run())
    assert [m.role for m in messages] == ["system", "system", "assistant"]
    assert messages[1].injected and "A7788123" in messages[1].text
    assert messages[2].text == "Hello! Your order A7788123 has shipped."  # never prefixed


# --- a session's own compaction settings (/config) ----------------------------------------------


def test_a_sessions_changed_reset_setting_reaches_its_compaction_engine(tmp_path: Path) -> None:
    async def run() -> tuple[int, int]:
        settings = Settings(workspace=str(tmp_path), db=f"sqlite:///{tmp_path / 'c.db'}")
        async with ContextEngine(settings) as engine:
            session = await engine.session("u1", "s1")
            await session.set_config(reset_after_turns=2)
            for i in range(1, 4):
                await session.add(U(f"Question {i} about order A778812{i}?"))
                await session.add(A("Sure."))
            assert isinstance(session.distiller, CompactionDistiller)
            first = session.distiller.state.last_reset_turn
        async with ContextEngine(settings) as engine:  # after a restart, still the session's
            session = await engine.session("u1", "s1")
            for i in range(4, 7):
                await session.add(U(f"Question {i} about order A778812{i}?"))
                await session.add(A("Sure."))
            assert isinstance(session.distiller, CompactionDistiller)
            return first, session.distiller.state.last_reset_turn

    first, later = asyncio.run(run())
    assert first == 3  # more than 2 turns since the start
    assert later == 6  # and again after the restart
