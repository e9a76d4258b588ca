"""Slots moving between an entity and its earlier instances never overwrite a value unseen."""

from __future__ import annotations

from ctxengine.compaction.layers import StateLayer
from ctxengine.compaction.schema import SlotUpdate


def up(slot: str, value: str, *, criterion: bool = False) -> SlotUpdate:
    return SlotUpdate(entity="餐馆", slot=slot, value=value, criterion=criterion)


def layer() -> StateLayer:
    s = StateLayer(instance_slots=["名称"])
    s.apply(up("名称", "松鹤楼"), 1, "assistant")
    s.apply(up("营业时间", "10:00-22:00"), 1, "assistant")
    s.apply(up("名称", "知味观"), 2, "assistant")  # 松鹤楼 is shelved with its hours
    return s


def test_a_fact_coming_back_onto_a_request_keeps_the_request_beside_it() -> None:
    s = layer()
    s.apply(up("营业时间", "全天", criterion=True), 3, "user")
    s.apply(up("名称", "松鹤楼"), 4, "user")  # back to the earlier place
    v = s.slots["餐馆.营业时间"]
    assert (v.value, v.requested) == ("10:00-22:00", "全天")


def test_a_value_a_move_replaces_is_archived() -> None:
    s = layer()
    # What the user says of 知味观's hours (no request): the user's, it stays on the entity
    # when the assistant names another place ...
    s.apply(up("营业时间", "11:00-20:00"), 3, "user")
    s.apply(up("名称", "松鹤楼"), 4, "assistant")
    # ... where 松鹤楼's own hours come back over it: the old value is archived, not lost.
    assert s.slots["餐馆.营业时间"].value == "10:00-22:00"
    assert [a.value for a in s.history("餐馆.营业时间")] == ["11:00-20:00"]
