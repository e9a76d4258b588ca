"""Slots keyed by entity instance: a second restaurant is a new thing, not a changed one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.compaction.layers import instance_entity, slot_key, split_key
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.schema import ParsedTurn, SlotUpdate
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.messages import Message

from ._turns import upd, user

CROSSWOZ = load_builtin("crosswoz")


def r(slot: str, value: str) -> SlotUpdate:
    return upd(slot, value, entity="餐馆")


def two_restaurants() -> SessionState:
    s = SessionState(session_id="i")
    turns: list[ParsedTurn] = [
        user(1, updates=[r("名称", "鼎泰丰"), r("地址", "A路1号")]),
        user(2, updates=[r("电话", "010-1111")]),
        user(3, updates=[r("名称", "全聚德"), r("地址", "B路2号")]),
    ]
    for p in turns:
        s.apply(p)
    return s


def test_a_new_instance_keeps_the_earlier_ones_values_current() -> None:
    s = two_restaurants()
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆[鼎泰丰].地址"] == "A路1号"
    assert slots["餐馆[鼎泰丰].电话"] == "010-1111"
    assert slots["餐馆.名称"] == "全聚德"
    assert slots["餐馆.地址"] == "B路2号"
    # Nothing was superseded: two restaurants, no change to either.
    assert s.state.archive == []
    assert [c for c in s.ledger.conflicts if c.kind == "slot"] == []


def test_naming_an_earlier_instance_brings_it_back_and_only_its_change_supersedes() -> None:
    s = two_restaurants()
    s.apply(user(4, updates=[r("名称", "鼎泰丰")]))
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆.地址"] == "A路1号"
    assert slots["餐馆[全聚德].地址"] == "B路2号"
    s.apply(user(5, updates=[upd("地址", "C路3号", entity="餐馆", op="change")]))
    assert s.state.slots["餐馆.地址"].value == "C路3号"
    assert [a.value for a in s.state.history("餐馆.地址")] == ["A路1号"]
    assert s.state.slots["餐馆[全聚德].地址"].value == "B路2号"


def test_the_same_name_again_moves_nothing() -> None:
    s = two_restaurants()
    before = dict(s.state.slots)
    s.apply(user(4, updates=[r("名称", "全聚德")]))
    assert s.state.slots == before


def test_block_groups_values_under_the_instance_and_caps_instances() -> None:
    s = two_restaurants()
    block = s.render(3, "zh")
    # One line per earlier instance, its values grouped; the name is in the key already.
    assert "餐馆[鼎泰丰]: 地址=A路1号; 电话=010-1111 [1轮前]" in block.split("\n")
    assert "名称=鼎泰丰" not in block
    assert "餐馆.地址=B路2号" in block
    capped = SessionState.from_dict(s.to_dict())
    capped.config = CompactionConfig(render_max_instances=0)
    assert "餐馆[鼎泰丰]" not in capped.render(3, "zh")


def test_instances_survive_serialization() -> None:
    s = two_restaurants()
    back = SessionState.from_dict(s.to_dict())
    assert back.snapshot()["slots"] == s.snapshot()["slots"]


@given(
    entity=st.sampled_from(["餐馆", "酒店", "task"]),
    name=st.text(alphabet="ab.[]]X 1", min_size=1, max_size=8),
    slot=st.sampled_from(["地址", "电话", "推荐菜"]),
)
def test_split_key_inverts_slot_key_for_instances(entity: str, name: str, slot: str) -> None:
    inst = instance_entity(entity, name)
    assert split_key(slot_key(inst, slot)) == (inst.strip(), slot)
    assert split_key(slot_key(entity, slot)) == (entity, slot)


def test_recommendation_names_an_instance_only_where_the_ontology_has_names() -> None:
    text = "推荐您去全聚德烤鸭店(清华园店)。"
    names = [
        u.value
        for u in parse_message(Message.assistant(text), turn=1, ontology=CROSSWOZ).updates
        if u.slot == "名称"
    ]
    assert names == ["全聚德烤鸭店(清华园店)"]
    generic = parse_message(Message.assistant(text), turn=1, ontology=generic_ontology())
    assert all(u.slot != "名称" for u in generic.updates)
    vague = parse_message(Message.assistant("推荐您去一家川菜馆。"), turn=1, ontology=CROSSWOZ)
    assert all(u.slot != "名称" for u in vague.updates)
