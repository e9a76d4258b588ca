"""The block's incremental structures equal a from-scratch computation.

`EvidenceSelection` keeps the evidence the block shows sorted across renders and updates it
from the evidence layer's change log; `ProtectionIndex` finds the protected items a removed
text may release through `_ValueIndex`. Each is checked against the straightforward
computation it replaced (the original `build_view` selection, a test of every value) after
random adds, touches, evictions, removals, slot changes, changes behind the log's back and a
serialization round trip.
"""

from __future__ import annotations

import heapq
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.layers import (
    EvidenceItem,
    EvidenceLayer,
    StateLayer,
    said_in_conversation,
)
from ctxengine.compaction.memo import Memo
from ctxengine.compaction.protection import _ValueIndex
from ctxengine.compaction.render import (
    EvidenceSelection,
    called,
    record_id,
    reference,
    written_in_conversation,
)
from ctxengine.compaction.schema import Constraint, Evidence, ParsedTurn, SlotUpdate
from ctxengine.compaction.state import CompactionConfig, SessionState


def _selection_from_scratch(
    state: StateLayer, evidence: EvidenceLayer, max_evidence: int, max_calls: int = 0
) -> list[EvidenceItem]:
    """The selection as `build_view` computed it before it was kept incrementally."""
    slot_values = {v.value for v in state.slots.values()}
    history = state.archived_values() - slot_values
    hide = slot_values | history
    within = "\0".join(v for v in hide if v)
    stated: list[EvidenceItem] = []
    other: list[EvidenceItem] = []
    for e in evidence.items.values():
        if e.value not in hide and e.value not in within:
            (stated if written_in_conversation(e) else other).append(e)
    out = sorted(stated, key=lambda e: (-e.last_seen, -e.first_seen, e.id))

    def key(e: EvidenceItem) -> tuple[bool, int, int, bool, bool, str]:
        rank = (not reference(e), not record_id(e))
        return (not said_in_conversation(e), -e.last_seen, -e.first_seen, *rank, e.id)

    # Call arguments and the other fields each have their own cap; shown in one order; a
    # field whose value a stated line shows is not written again. Of the fields' cap, half
    # is the record ids' when there are as many; either kind takes what the other leaves.
    said = {e.value for e in stated}
    other = [e for e in other if e.value not in said]
    picked = heapq.nsmallest(max_calls, [e for e in other if called(e)], key=key)
    rest = [e for e in other if not called(e)]
    ids = heapq.nsmallest(max_evidence, [e for e in rest if record_id(e)], key=key)
    fields = heapq.nsmallest(max_evidence, [e for e in rest if not record_id(e)], key=key)
    n_ids = min(len(ids), max(max_evidence // 2, max_evidence - len(fields)))
    picked += ids[:n_ids] + fields[: max_evidence - n_ids]
    return out + sorted(picked, key=key)


def _ids(items: list[EvidenceItem]) -> list[str]:
    return [e.id for e in items]


_VALUES = ["A1", "A12", "1", "", "张伟", "顺丰快递", "x y", "B\x00C", "12:00", "A1 张伟"]
_SOURCES = ["user", "assistant", "tool:get_order", "tool:read", "call:find", "subtask:pay"]
_op = st.one_of(
    st.tuples(
        st.just("add"),
        st.tuples(
            st.sampled_from(["order_id", "time", "name"]),
            st.sampled_from(_VALUES),
            st.sampled_from(_SOURCES),
        ),
    ),
    st.tuples(st.just("touch"), st.integers(0, 30)),
    st.tuples(st.just("evict"), st.integers(0, 6)),
    st.tuples(st.just("remove"), st.integers(0, 30)),
    st.tuples(st.just("set"), st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(_VALUES))),
    st.tuples(st.just("unset"), st.sampled_from(["a", "b"])),
    st.tuples(st.just("silent_delete"), st.integers(0, 30)),
    st.tuples(st.just("round_trip"), st.none()),
    st.tuples(st.just("next_turn"), st.integers(0, 2)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_op, max_size=40), st.integers(0, 5), st.integers(0, 3))
def test_kept_selection_equals_the_selection_worked_out_anew(
    ops: list[tuple[str, Any]], max_evidence: int, max_calls: int
) -> None:
    state, evidence = StateLayer(), EvidenceLayer()
    kept = EvidenceSelection()
    turn = 5
    for op, arg in ops:
        ids = list(evidence.items)
        if op == "add":
            kind, value, source = arg
            evidence.add(Evidence(kind=kind, value=value), turn, source)
        elif op == "touch" and ids:
            evidence.touch(ids[arg % len(ids)], turn)
        elif op == "evict":
            evidence.evict(arg, set(ids[::2]))
        elif op == "remove" and ids:
            evidence.remove([ids[arg % len(ids)]])
        elif op == "set":
            state.apply(SlotUpdate(entity="e", slot=arg[0], value=arg[1]), turn, "user")
        elif op == "unset":
            state.apply(SlotUpdate(entity="e", slot=arg, value=None, op="remove"), turn, "user")
        elif op == "silent_delete" and ids:
            del evidence.items[ids[arg % len(ids)]]  # behind the change log's back
        elif op == "round_trip":
            state = StateLayer.model_validate(state.model_dump(mode="json"))
            evidence = EvidenceLayer.model_validate(evidence.model_dump(mode="json"))
        elif op == "next_turn":
            turn += arg
        want = _ids(_selection_from_scratch(state, evidence, max_evidence, max_calls))
        assert _ids(kept.select(state, evidence, max_evidence, max_calls)) == want
        assert _ids(EvidenceSelection().select(state, evidence, max_evidence, max_calls)) == want


def test_an_evidence_value_found_in_a_later_archived_value_leaves_the_block() -> None:
    state, evidence = StateLayer(), EvidenceLayer()
    evidence.add(Evidence(kind="order_id", value="A77"), 1, "user")
    kept = EvidenceSelection()
    assert _ids(kept.select(state, evidence, 3)) == [next(iter(evidence.items))]
    # The value becomes part of a slot value, then that value is archived.
    state.apply(SlotUpdate(entity="order", slot="note", value="寄到 A77 的地址"), 2, "user")
    assert kept.select(state, evidence, 3) == []
    state.apply(SlotUpdate(entity="order", slot="note", value="改了"), 3, "user")
    assert kept.select(state, evidence, 3) == []  # history now, still not a fact


def test_a_touched_item_moves_to_the_front_of_the_kept_order() -> None:
    state, evidence = StateLayer(), EvidenceLayer()
    first, _ = evidence.add(Evidence(kind="code", value="K1"), 1, "user")
    second, _ = evidence.add(Evidence(kind="code", value="K2"), 2, "user")
    kept = EvidenceSelection()
    assert _ids(kept.select(state, evidence, 0)) == [second.id, first.id]
    evidence.touch(first.id, 3)
    assert _ids(kept.select(state, evidence, 0)) == [first.id, second.id]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(alphabet="ab张\x00", min_size=1, max_size=4), max_size=12),
    st.text(alphabet="ab张\x00", max_size=30),
)
def test_value_index_finds_exactly_the_values_a_text_contains(values: list[str], text: str) -> None:
    index = _ValueIndex()
    for i, v in enumerate(values):
        index.add(f"id{i}", v)
    for i in range(0, len(values), 3):
        index.discard(f"id{i}", values[i])
    want = {f"id{i}" for i, v in enumerate(values) if i % 3 and v in text}
    assert index.within(text) == want


def _turn(n: int, role: str, **fields: Any) -> ParsedTurn:
    return ParsedTurn(turn=n, role=role, language="zh", **fields)


def _session_turns(seed: int, turns: int) -> list[ParsedTurn]:
    """A session whose rules name evidence (so it is protected and piles up) and whose slots
    change every few turns (so the protection texts and the archive change)."""
    import random

    rng = random.Random(seed)
    out: list[ParsedTurn] = []
    for n in range(1, turns + 1):
        oid = f"B{rng.randint(10, 60)}"
        rule = Constraint(text=f"订单 {oid} 不要改地址", polarity="forbid", subject=f"{oid}改地址")
        out.append(
            _turn(
                n,
                "user",
                updates=[SlotUpdate(entity="订单", slot="备注", value=f"第{rng.randint(1, 9)}版")],
                constraints=[rule] if rng.random() < 0.4 else [],
                evidence=[Evidence(kind="order_id", value=oid, source="user")],
            )
        )
        rows = [Evidence(kind="amount", value=f"{rng.randint(1, 99)}元", field="price")]
        rows += [Evidence(kind="order_id", value=f"B{rng.randint(10, 60)}", field="id")]
        out.append(_turn(n, "tool", evidence=rows))
        out.append(_turn(n, "assistant"))
    return out


def test_a_session_renders_the_same_with_its_caches_wiped_and_after_a_round_trip() -> None:
    config = CompactionConfig(evidence_max_items=6, reset_after_turns=15)
    s = SessionState(session_id="s", config=config)
    for p in _session_turns(3, 90):
        s.apply(p)
        if p.role != "user":
            continue
        blocks = [s.render(p.turn, "zh"), s.render(p.turn, "zh", max_tokens=60, count=len)]
        fresh = s.model_copy()  # the same layers, every memo empty (`Memo` copies empty)
        fresh._memo = Memo()
        assert [
            fresh.render(p.turn, "zh"),
            fresh.render(p.turn, "zh", max_tokens=60, count=len),
        ] == blocks
        again = SessionState.from_dict(s.to_dict())
        assert again.to_dict() == s.to_dict()
        assert again.render(p.turn, "zh") == blocks[0]
        assert s._protected() == {
            i.id
            for i in s.evidence.items.values()
            if any(i.value and i.value in t for t in _protection_texts(s))
        }
    assert len(s.evidence.items) > config.evidence_max_items  # rules protect what they name


def _protection_texts(s: SessionState) -> list[str]:
    slots = list(s.state.slots.values())
    texts = [v.value for v in slots] + [v.raw for v in slots if v.raw]
    return texts + [c.text for c in s.ledger.active()]
