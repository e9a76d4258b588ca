"""L1 intents, L2 slots with transitions and archive, L3 bounded verbatim evidence."""

from __future__ import annotations

from ctxengine.compaction.layers import EvidenceLayer, IntentLayer, StateLayer, evidence_id
from ctxengine.compaction.schema import Evidence, Intent

from ._turns import upd


def test_intent_layer_keeps_current_and_recent_n() -> None:
    layer = IntentLayer()
    for turn, name in enumerate(["query", "modify", "confirm", "cancel", "inform"], start=1):
        layer.observe([Intent(name=name, confidence=0.9)], turn, keep=3)
    assert layer.current is not None and layer.current.name == "inform"
    assert [r.name for r in layer.recent] == ["cancel", "confirm", "modify"]


def test_intent_layer_takes_most_confident_and_ignores_empty_turns() -> None:
    layer = IntentLayer()
    layer.observe(
        [Intent(name="query", confidence=0.4), Intent(name="modify", confidence=0.8)], 1, 3
    )
    assert layer.observe([], 2, 3) is None
    assert layer.current is not None
    assert (layer.current.name, layer.current.turn) == ("modify", 1)


def test_state_change_archives_old_value_with_superseding_turn() -> None:
    st = StateLayer()
    st.apply(upd("recipient", "李娜", raw="收货人李娜"), 9, "user")
    t = st.apply(upd("recipient", "张伟", raw="改成张伟", op="change"), 18, "user")
    assert t is not None
    assert (t.slot, t.old, t.new, t.turn, t.raw) == (
        "order.recipient",
        "李娜",
        "张伟",
        18,
        "改成张伟",
    )
    assert st.slots["order.recipient"].value == "张伟"
    [old] = st.history("order.recipient")
    assert (old.value, old.set_turn, old.superseded_turn, old.replaced_by) == (
        "李娜",
        9,
        18,
        "张伟",
    )


def test_setting_the_same_value_is_not_a_transition() -> None:
    st = StateLayer()
    st.apply(upd("color", "暗紫色"), 3, "user")
    assert st.apply(upd("color", "暗紫色", enum="DARK_PURPLE"), 4, "user") is None
    assert st.slots["order.color"].turn == 3
    assert st.slots["order.color"].enum == "DARK_PURPLE"
    assert len(st.transitions) == 1 and st.archive == []


def test_remove_archives_value_and_clears_slot() -> None:
    st = StateLayer()
    st.apply(upd("coupon", "IP15PRO2024"), 12, "user")
    t = st.apply(upd("coupon", None, op="remove"), 14, "user")
    assert t is not None and (t.old, t.new, t.op) == ("IP15PRO2024", None, "remove")
    assert "order.coupon" not in st.slots
    assert st.history("order.coupon")[0].reason == "removed"
    assert st.apply(upd("coupon", None, op="remove"), 15, "user") is None


def test_assistant_confirmation_clears_pending_flag() -> None:
    st = StateLayer()
    st.apply(upd("recipient", "张伟"), 18, "user")
    st.apply(upd("status", "paid"), 18, "tool")
    assert not st.slots["order.recipient"].confirmed
    assert st.slots["order.status"].confirmed  # tool facts are not requests
    assert st.confirm_through(18) == ["order.recipient"]
    assert st.slots["order.recipient"].confirmed


def test_evidence_is_deduplicated_verbatim_with_first_and_last_seen() -> None:
    ev = EvidenceLayer()
    code = " IP15PRO2024 "  # edge spaces are part of the value and survive
    a, new_a = ev.add(Evidence(kind="coupon", value=code), 12, "user")
    b, new_b = ev.add(Evidence(kind="coupon", value=code, source="tool:check"), 20, "tool")
    assert new_a and not new_b and a is b
    assert (a.value, a.first_seen, a.last_seen, a.count) == (code, 12, 20, 2)
    assert a.sources == ["user", "tool:check"]
    assert a.id == evidence_id("coupon", code)


def test_evidence_eviction_keeps_recent_and_protected() -> None:
    ev = EvidenceLayer()
    for turn in range(1, 7):
        ev.add(Evidence(kind="ticket", value=f"T-{turn}"), turn, "user")
    ev.touch(evidence_id("ticket", "T-1"), 7)  # a reference makes it recent again
    protected = {evidence_id("ticket", "T-2")}
    gone = ev.evict(3, protected)
    assert sorted(i.value for i in gone) == ["T-3", "T-4", "T-5"]
    assert sorted(i.value for i in ev.items.values()) == ["T-1", "T-2", "T-6"]


def test_eviction_never_drops_protected_even_over_the_cap() -> None:
    ev = EvidenceLayer()
    for turn in range(1, 5):
        ev.add(Evidence(kind="id", value=f"v{turn}"), turn, "user")
    protected = set(ev.items)
    assert ev.evict(1, protected) == []
    assert len(ev.items) == 4
