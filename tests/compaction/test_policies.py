"""Policies: plain functions, a registry, and what the session does with their decisions."""

from __future__ import annotations

import pytest

from ctxengine.compaction.policies import (
    POLICIES,
    PolicyContext,
    PolicyDecision,
    PolicyError,
    lean_context,
    min_context,
    register_policy,
)
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import CompactionConfig, SessionState

from ._turns import assistant, ecommerce_turns, rule, tool, upd, user


def ask_fee(turn: int) -> list[ParsedTurn]:
    return [user(turn, intent="query", target="order.shipping_fee"), assistant(turn)]


def test_min_context_pins_after_three_consecutive_turns() -> None:
    s = SessionState()
    for p in [*ask_fee(4), *ask_fee(6), *ask_fee(7)]:
        s.apply(p)
    assert s.pinned_turns(7) == set()  # 4, 6, 7 is not three in a row
    for p in ask_fee(8):
        s.apply(p)
    assert s.pinned_turns(8) == {4, 6, 7, 8}
    pins = [e for e in s.audit.events if e.kind == "policy" and e.data["action"] == "pin"]
    assert pins[0].data["detail"] == {"subject": "order.shipping_fee", "turns": [4, 6, 7, 8]}


def test_min_context_is_configurable_and_pins_lapse() -> None:
    s = SessionState(config=CompactionConfig(min_context_repeat_turns=2, pin_ttl_turns=3))
    for p in [*ask_fee(1), *ask_fee(2)]:
        s.apply(p)
    assert s.pinned_turns(2) == {1, 2}
    assert s.pinned_turns(5) == {1, 2}
    assert s.pinned_turns(6) == set()


def test_lean_context_folds_turns_before_a_confirmation() -> None:
    s = SessionState()
    s.apply(user(1, updates=[upd("product", "iPhone 15 Pro")]))
    s.apply(user(2, constraints=[rule("不要显示价格", "forbid", "价格")]))
    s.apply(user(3, confirm=True))
    [fold] = s.folded
    assert (fold.start, fold.end) == (1, 2)
    assert fold.summary == "order.product=iPhone 15 Pro; 不要显示价格"
    s.apply(user(4, updates=[upd("memory", "512GB")]))
    s.apply(user(5, confirm=True))
    assert [(f.start, f.end) for f in s.folded] == [(1, 2), (3, 4)]
    assert s.foldable_turns(5) == {1, 2, 3, 4}


def test_pinned_turns_are_never_foldable() -> None:
    s = SessionState()
    for p in [*ask_fee(1), *ask_fee(2), *ask_fee(3)]:
        s.apply(p)
    s.apply(user(4, confirm=True))
    assert s.folded[0].start == 1 and s.folded[0].end == 3
    assert s.foldable_turns(4) == set()


def test_policies_only_read_the_state() -> None:
    s = SessionState()
    for p in [*ask_fee(1), *ask_fee(2)]:
        s.apply(p)
    before = s.model_copy(deep=True)
    parsed = user(3, intent="query", target="order.shipping_fee", confirm=True)
    ctx = PolicyContext(turn=3, parsed=parsed)
    assert lean_context(s, ctx)[0].detail["end"] == 2
    assert min_context(s, ctx) == []  # turn 3 is not in the focus yet: nothing applied
    assert s == before


def test_periodic_reset_after_configured_turns_keeps_core() -> None:
    s = SessionState(config=CompactionConfig(reset_after_turns=10, stale_evidence_turns=2))
    s.apply(user(1, updates=[upd("user_id", "u-42", entity="user"), upd("product", "iPad")]))
    s.apply(user(2, constraints=[rule("只用简体中文", "only", "简体中文")]))
    s.apply(
        user(3, evidence=[Evidence(kind="ticket", value="T-9"), Evidence(kind="id", value="u-42")])
    )
    s.apply(tool(4, updates=[upd("stock", "12")], evidence=[Evidence(kind="id", value="W-7")]))
    s.apply(user(10, intent="chitchat"))
    assert s.last_reset_turn == 0
    s.apply(user(11, intent="chitchat"))
    assert s.last_reset_turn == 11
    # What the user stated is the task's state, not temporary; a tool-only value is.
    assert s.snapshot()["slots"] == {"user.user_id": "u-42", "order.product": "iPad"}
    assert s.state.history("order.stock")[0].reason == "reset"
    # Evidence the user said stays; a stale field only a tool returned goes.
    assert s.snapshot()["evidence"] == ["T-9", "u-42"]
    assert s.intents.current is None
    assert [e.text for e in s.ledger.active()] == ["只用简体中文"]


def test_periodic_reset_keeps_a_tool_value_an_active_rule_names() -> None:
    s = SessionState(config=CompactionConfig(reset_after_turns=5))
    s.apply(tool(1, updates=[upd("format", "Excel")]))
    s.apply(user(2, constraints=[rule("导出用Excel", "require", "Excel")]))
    s.apply(user(7, intent="chitchat"))
    assert s.last_reset_turn == 7
    assert s.snapshot()["slots"] == {"order.format": "Excel"}


def test_restart_intent_resets_at_once() -> None:
    s = SessionState()
    for p in ecommerce_turns():
        s.apply(p)
    s.apply(user(19, intent="restart"))
    assert s.last_reset_turn == 19
    assert s.snapshot()["slots"] == {"order.order_id": "SO20240615001"}


def test_registry_is_extensible_and_strict() -> None:
    seen: list[int] = []

    def count_turns(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
        seen.append(ctx.turn)
        return [PolicyDecision(policy="count", action="note", turn=ctx.turn, reason="seen")]

    register_policy("test_count_turns", count_turns)
    try:
        with pytest.raises(PolicyError, match="already registered"):
            register_policy("test_count_turns", count_turns)
        s = SessionState(config=CompactionConfig(policies=["test_count_turns"]))
        s.apply(user(1))
        assert seen == [1]
        assert s.audit.events[-1].data["action"] == "note"
    finally:
        del POLICIES["test_count_turns"]
    with pytest.raises(PolicyError, match="unknown policy 'test_count_turns'"):
        s.apply(user(2))
    assert s.last_turn == 1  # nothing was applied


def test_custom_policy_can_reinstate_earlier() -> None:
    def keep_first(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
        return [
            PolicyDecision(
                policy="keep_first",
                action="reinstate_earlier",
                turn=ctx.turn,
                detail={"conflict": e.data["id"]},
            )
            for e in ctx.events
            if e.kind == "conflict" and e.data["kind"] == "constraint"
        ]

    s = SessionState(config=CompactionConfig(policies=["keep_first"]))
    for p in ecommerce_turns():
        s.apply(p, policies={"keep_first": keep_first})
    assert [e.text for e in s.ledger.active() if "顺丰" in e.text] == ["用顺丰"]
