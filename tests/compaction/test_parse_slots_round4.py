"""Slot values the rule parser used to cut or bind wrongly: a list of places that starts
with digits, two dishes joined by "还有", a dish longed for ("好久没吃到X"), and a chain's
branch whose kind only the slots asked about tell."""

from __future__ import annotations

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

ONTO = load_builtin("crosswoz")


def said(
    text: str, role: str = "user", focus: str | None = None
) -> list[tuple[str, str, str | None]]:
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    ctx = ParseContext(focus=focus)
    parsed = parse_message(msg, turn=1, ontology=ONTO, context=ctx)
    return [(u.entity, u.slot, u.value) for u in parsed.updates]


def values(text: str, slot: str, role: str = "user", focus: str | None = None) -> list[str]:
    return [v or "" for _, s, v in said(text, role, focus) if s == slot]


def test_a_nearby_list_led_by_digits_is_read_whole() -> None:
    got = values("周边景点有808文创园、甲山公园、乙某博物馆。", "周边景点", "a", "酒店")
    assert got == ["808文创园、甲山公园、乙某博物馆"]


def test_a_dish_list_led_by_digits_is_read_whole() -> None:
    assert values("推荐菜有3杯鸭、干炒牛河。", "推荐菜", "a") == ["3杯鸭、干炒牛河"]


def test_amounts_are_no_list() -> None:
    assert values("评分有4.5分、4分。", "评分", "a") == ["4.5分"]


def test_two_dishes_joined_by_haiyou_are_both_kept() -> None:
    got = values("朋友想吃糖醋排骨还有清炒时蔬，帮我找个餐馆。", "推荐菜")
    assert got == ["糖醋排骨还有清炒时蔬"]


def test_haiyou_before_a_question_word_joins_no_dish() -> None:
    assert values("朋友想吃糖醋排骨还有别的，帮我找个餐馆。", "推荐菜") == ["糖醋排骨"]


def test_a_dish_longed_for_is_wanted() -> None:
    assert values("好久都没吃到梅菜扣肉这个菜了，帮我找个餐馆。", "推荐菜") == ["梅菜扣肉"]


def test_a_chain_is_typed_by_a_slot_only_one_kind_has() -> None:
    got = said("我想去小葡萄(东城某某店)，想打听一下人均消费，你知道吗？", focus="酒店")
    assert ("餐馆", "名称", "小葡萄(东城某某店)") in got


def test_a_chain_sought_near_keeps_its_slots_for_what_is_sought() -> None:
    got = said("在小葡萄(东城某某店)周边的酒店里，找个价格500元以下的。")
    assert ("酒店", "名称", "小葡萄(东城某某店)") not in got
