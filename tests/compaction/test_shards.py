"""Sharding by domain under a token cap, and isolated sub-task spaces."""

from __future__ import annotations

import pytest

from ctxengine.compaction.schema import Evidence
from ctxengine.compaction.shards import ShardError, SubTaskSpace, shard_state
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import ADDRESS, assistant, ecommerce_turns, rule, tool, upd, user

COUNTER = TokenCounter()


def travel_state() -> SessionState:
    s = SessionState(session_id="trip")
    s.apply(user(1, lang="en", constraints=[rule("no red-eye flights", "forbid", "red-eye")]))
    s.apply(
        user(
            2,
            lang="en",
            updates=[
                upd("from", "PVG", entity="flight"),
                upd("to", "PEK", entity="flight"),
                upd("date", "next Friday", entity="flight"),
                upd("city", "Beijing", entity="hotel"),
                upd("nights", "3", entity="hotel"),
                upd("cuisine", "Sichuan", entity="restaurant"),
            ],
        )
    )
    s.apply(assistant(2))
    return s


def test_shards_split_by_domain_and_carry_every_rule() -> None:
    s = travel_state()
    shards = shard_state(s, COUNTER, 4000)
    assert [sh.domain for sh in shards] == ["flight", "hotel", "restaurant"]
    for sh in shards:
        assert "- no red-eye flights" in sh.text
        assert sh.tokens == COUNTER.count(sh.text) <= 4000
    assert "flight.to=PEK" in shards[0].text and "hotel." not in shards[0].text


def test_small_cap_splits_a_domain_and_loses_no_value() -> None:
    s = SessionState()
    for p in ecommerce_turns():
        s.apply(p)
    full = COUNTER.count(s.render())
    cap = full - 1  # one token short of the whole block: it must split
    shards = shard_state(s, COUNTER, cap)
    assert len(shards) > 1 and all(sh.tokens <= cap for sh in shards)
    assert {sh.domain for sh in shards} == {"order"}
    for key, slot in s.state.slots.items():
        assert sum(f"{key}={slot.value}" in sh.text for sh in shards) == 1
    for c in s.ledger.active():
        assert all(c.text in sh.text for sh in shards)
    assert any(ADDRESS in sh.text for sh in shards)


def test_cap_below_the_shared_part_is_a_clear_error() -> None:
    with pytest.raises(ShardError, match="shard cap 5 tokens is below"):
        shard_state(travel_state(), COUNTER, 5)


def test_subtask_is_isolated_and_returns_only_results() -> None:
    parent = travel_state()
    before = parent.model_copy(deep=True)
    sub = SubTaskSpace(parent, "hotel_search")
    assert [c.text for c in sub.state.ledger.active()] == ["no red-eye flights"]
    sub.apply(user(1, lang="en", updates=[upd("hotel_id", "H-778", entity="hotel")]))
    sub.apply(tool(1, evidence=[Evidence(kind="booking", value="BK-2024-88", source="tool:book")]))
    sub.apply(user(2, lang="en", constraints=[rule("red-eye is fine", "prefer", "red-eye")]))
    assert parent == before  # nothing leaked while it ran
    parent.apply(user(3, lang="en", updates=[upd("nights", "4", entity="hotel")]))
    assert "hotel.nights" not in sub.state.state.slots  # nor the other way round

    res = sub.finish(keys=["hotel.hotel_id"], evidence_kinds={"booking"})
    assert res.values == {"hotel.hotel_id": "H-778"}
    assert [e.value for e in res.evidence] == ["BK-2024-88"]
    assert "hotel.hotel_id" not in parent.state.slots
    assert [c.text for c in parent.ledger.active()] == ["no red-eye flights"]
    handed = {i.value: i.sources for i in parent.evidence.items.values()}
    assert handed == {"BK-2024-88": ["subtask:hotel_search"], "H-778": ["subtask:hotel_search"]}
    assert parent.audit.events[-1].kind == "subtask"
    assert parent.audit.events[-1].data["head"] == sub.state.audit.chain_head


def test_subtask_errors() -> None:
    sub = SubTaskSpace(travel_state(), "x")
    with pytest.raises(KeyError, match=r"no value for slot 'hotel\.id'"):
        sub.finish(keys=["hotel.id"])
    sub.finish()
    with pytest.raises(RuntimeError, match="already finished"):
        sub.finish()
