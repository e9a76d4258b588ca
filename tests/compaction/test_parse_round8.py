"""Values the rule parser used to miss (round 8): dish names that start with 美食, stations
with a line number, a long remark before an amount, a name after a negated modifier, a kind
word inside a name, ..."""

from __future__ import annotations

from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

from ._crosswoz import ONTO, START, dishes, names, reply


def test_a_dish_whose_name_starts_with_the_word_for_food() -> None:
    assert dishes("哪家店有美食城招牌鸭这个菜？") == ["美食城招牌鸭"]
    # "美食" alone is still no dish.
    assert dishes("有美食这个菜吗？") == []


def test_a_station_with_its_line_number_before_the_exit() -> None:
    got = reply(
        "我想从王府井坐地铁到颐和园，在哪个站上车？",
        "在西四地铁站4号线B口上车，在北宫门地铁站C口下车。",
    )
    assert got.get(START) == "西四地铁站4号线B口"


def test_a_long_remark_ended_by_de_before_the_amount() -> None:
    got = reply("那里的人均消费是100元以下吗？", "人均消费倒是比您预计的要贵上一点的是168元。")
    assert got.get("人均消费") == "168元"


def test_a_name_after_a_negated_modifier_is_still_offered() -> None:
    text = "只找到一个门票免费的，但没有电话的北京石刻艺术博物馆，您看行吗？"
    assert "北京石刻艺术博物馆" in names(text, "assistant")


def test_a_kind_word_inside_a_name_is_no_focus() -> None:
    # "…饭店" ends a hotel's name here: the message is about that hotel, not a restaurant.
    text = "北京国际饭店的附近有什么景点？"
    assert parse_message(Message.user(text), turn=1, ontology=ONTO).focus == "酒店"
