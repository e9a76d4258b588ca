"""Slots keyed by entity instance: a second restaurant is a new thing, not a changed one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.layers import instance_entity, slot_key, split_key
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.schema import ParsedTurn, SlotUpdate
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.messages import Message
from ctxengine.settings import Settings

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


# --- a search the user went on from ---------------------------------------------------------
def replay_crosswoz(turns: list[tuple[str, str]]) -> tuple[SessionState, list[str]]:
    """(role, text) pairs through the rule parser and the state, a user turn per user text:
    the state and the kinds of the audit events, in order."""
    d = CompactionDistiller(Settings(ontology="crosswoz"))
    turn, kinds = 0, []
    for role, text in turns:
        turn += role == "user"
        m = Message.user(text) if role == "user" else Message.assistant(text)
        kinds += [e["kind"] for e in d.observe(m, turn)]
    return d.state, kinds


FOUND = [
    ("user", "帮我找一家评分4分以上的餐馆"),
    ("assistant", "您看鼎泰丰怎么样？"),
    ("user", "好的，他家电话是多少？"),
    ("assistant", "电话是010-12345678。"),
]


def test_a_new_search_after_going_on_with_the_found_place_keeps_its_criteria_with_it() -> None:
    s, events = replay_crosswoz([*FOUND, ("user", "再帮我找一家评分4.5分以上的餐馆")])
    slots = {k: v.value for k, v in s.state.slots.items()}
    # The first search's criterion is part of what was found, not a superseded wish.
    assert slots["餐馆[鼎泰丰].评分"] == "4分以上"
    assert slots["餐馆[鼎泰丰].电话"] == "010-12345678"
    assert slots["餐馆.评分"] == "4.5分以上"
    assert "餐馆.名称" not in slots  # the new search has found nothing yet
    assert s.state.archive == []
    assert [c for c in s.ledger.conflicts if c.kind == "slot"] == []
    assert events.count("search_closed") == 1
    block = s.render()
    assert "餐馆[鼎泰丰]: 评分=4分以上; 电话=010-12345678" in block


def test_turning_the_found_place_down_refines_the_same_search() -> None:
    s, _ = replay_crosswoz([*FOUND, ("user", "这家不太合适，换一家评分4.5分以上的吧")])
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆.评分"] == "4.5分以上"
    assert "餐馆[鼎泰丰].评分" not in slots
    assert [(a.key, a.value, a.reason) for a in s.state.archive] == [
        ("餐馆.评分", "4分以上", "superseded")
    ]


def test_a_criterion_in_the_turn_right_after_the_recommendation_narrows_that_search() -> None:
    s, _ = replay_crosswoz([*FOUND[:2], ("user", "评分要4.5分以上的")])
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆.名称"] == "鼎泰丰"
    assert slots["餐馆.评分"] == "4.5分以上"
    assert [a.value for a in s.state.history("餐馆.评分")] == ["4分以上"]


def test_the_users_criteria_stay_with_the_search_when_the_user_names_another_place() -> None:
    s = SessionState(session_id="i")
    s.apply(user(1, updates=[r("名称", "鼎泰丰"), r("地址", "A路1号")]))
    crit = r("人均消费", "100元以内").model_copy(update={"criterion": True})
    s.apply(user(2, updates=[crit]))
    s.apply(user(3, updates=[r("名称", "全聚德")]))
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆[鼎泰丰].地址"] == "A路1号"  # the user described this place
    assert slots["餐馆.人均消费"] == "100元以内"  # the search's criterion goes on
    assert "餐馆[鼎泰丰].人均消费" not in slots


def test_another_place_offered_after_the_user_went_on_starts_a_new_search() -> None:
    s, events = replay_crosswoz(
        [*FOUND, ("user", "谢谢。"), ("assistant", "不客气。"), ("assistant", "您看全聚德怎么样？")]
    )
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆.名称"] == "全聚德"
    # The criterion the first place was found by went with it, not on to the new one.
    assert slots["餐馆[鼎泰丰].评分"] == "4分以上"
    assert "餐馆.评分" not in slots
    assert "search_closed" in events


def test_a_criterion_whose_turn_was_declined_is_archived_as_unmet_when_its_search_closes() -> None:
    s, _ = replay_crosswoz(
        [
            ("user", "帮我找一家评分4分以上、推荐菜有清炖狮子头的餐馆"),
            ("assistant", "抱歉，周边的餐馆都没有找到符合要求的，您看鼎泰丰怎么样？"),
            ("user", "好的，他家电话是多少？"),
            ("assistant", "电话是010-12345678。"),
            ("user", "再帮我找一家评分4.5分以上的餐馆"),
        ]
    )
    slots = {k: v.value for k, v in s.state.slots.items()}
    # Which request failed the reply did not say: none is shown as what the place offers.
    assert "餐馆[鼎泰丰].推荐菜" not in slots
    assert "餐馆[鼎泰丰].评分" not in slots
    assert slots["餐馆[鼎泰丰].电话"] == "010-12345678"
    unmet = {(a.key, a.value) for a in s.state.archive if a.reason == "unmet"}
    assert ("餐馆.推荐菜", "清炖狮子头") in unmet
    assert slots["餐馆.评分"] == "4.5分以上"
