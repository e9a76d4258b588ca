"""Dishes (CrossWOZ's 推荐菜) and visit lengths (游玩时间) said with a verb rather than their
slot word; example sentences written in the dataset's shapes."""

from __future__ import annotations

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

ONTO = load_builtin("crosswoz")


def slot_values(text: str, slot: str, role: str = "user") -> list[str | None]:
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    parsed = parse_message(msg, turn=1, ontology=ONTO)
    return [u.value for u in parsed.updates if u.slot == slot]


def dishes(text: str, role: str = "user") -> list[str | None]:
    return slot_values(text, "推荐菜", role)


def test_a_dish_the_words_after_it_call_a_dish() -> None:
    assert dishes("我想找一家评分4分以上的餐馆吃红烧狮子头这道菜。") == ["红烧狮子头"]
    assert dishes("帮我推荐一家人均100元的餐馆吃椒盐排骨和拔丝地瓜这两道菜。") == [
        "椒盐排骨和拔丝地瓜"
    ]
    assert dishes("推荐您去老街坊饭馆吃鲜虾馄饨这道菜。", "a") == ["鲜虾馄饨"]


def test_a_dish_as_what_the_restaurant_sought_can_make() -> None:
    assert dishes("帮我找一个能做糖醋里脊的餐馆，评分4分以上。") == ["糖醋里脊"]
    assert dishes("我想找一家有酸辣粉的餐馆。") == ["酸辣粉"]
    assert dishes("哪里有提供芒果班戟的餐厅？") == ["芒果班戟"]


def test_more_verbs_for_eating_and_drinking() -> None:
    assert dishes("我最喜欢吃铁板鱿鱼，帮我找家人均50-100元的餐馆。") == ["铁板鱿鱼"]
    assert dishes("孩子想喝杨枝甘露，有合适的餐馆吗？") == ["杨枝甘露"]
    assert dishes("推荐您吃葱爆羊肉、干炸丸子，都很好吃。", "a") == ["葱爆羊肉、干炸丸子"]


def test_words_that_are_no_dishes() -> None:
    for text in (
        "想吃好吃的就得多花钱，它家几点开门？",
        "我就要吃这两个菜，它的周边有酒店吗？",
        "附近有吃饭的地方吗？",
        "周边有可以用餐的餐馆吗？",
        "你知道哪里有合适的餐馆吗？",
        "有没有合适的餐馆给我推荐一个？",
        "有评分4.5分以上的餐馆吗？",
        "有特色的餐馆推荐一个吧。",
        "这家店吃到好吃的了，把地址发我吧。",
        "能吃上就行，它的周边有酒店吗？",
    ):
        assert dishes(text) == [], text
    # A pronoun or a branch ends a dish: neither "X您可以去别" nor a restaurant.
    assert dishes("想吃烤鸭您可以去别的地方。", "a") == []
    assert dishes("如果您住这里可以去吃鸿运烤鸭(东坝店)。", "a") == []
    # "尝尝地道的烤鸭": a quality, not the dish's name.
    assert "地道" not in dishes("您去尝尝地道的烤鸭吧。", "a")
    assert dishes("还可以品尝它家的美食街小吃。", "a") != ["美食街"]


def durations(text: str) -> list[str | None]:
    return slot_values(text, "游玩时间")


def test_a_visit_length_without_a_modal_verb() -> None:
    assert durations("帮我找个评分5分、游玩2小时的景点。") == ["2小时"]
    assert durations("帮我找一个最好能玩上1小时 - 2小时的景点。") == ["1小时 - 2小时"]
    assert durations("我打算出去玩1.5小时 - 3小时，有推荐吗？") == ["1.5小时 - 3小时"]
    assert durations("有没有能玩个3天的景点？") == ["3天"]
    # Play without a length is none.
    assert durations("我们想找个好玩的景点逛逛，门票100元以内。") == []


def test_a_dish_as_what_the_restaurant_is_for() -> None:
    assert dishes("帮我找一家评分5分的餐馆吃香煎鳕鱼，谢谢。") == ["香煎鳕鱼"]
    assert dishes("想找个人均100元的餐馆喝绿豆沙，求推荐。") == ["绿豆沙"]
    assert dishes("你看哪家可以做剁椒鱼头，评分4分以上就行。") == ["剁椒鱼头"]
    assert dishes("人均100-150元的就行，最好有芝士焗饭。") == ["芝士焗饭"]
    # A meal, a time or a plan is no dish.
    for text in (
        "我想找一家评分5分的餐馆吃饭。",
        "帮我找个餐馆吃午饭吧。",
        "附近的餐馆吃下一顿吧。",
        "这事我能做到，谢谢。",
    ):
        assert dishes(text) == [], text
