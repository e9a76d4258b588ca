"""Round 12: values said with their slot word, in replies and requests: a remark before "的是"
and the amount, an adverb and no verb, several slot words paired with as many values, a plate,
opening hours and amounts in words; and look-alikes that state no value."""

from __future__ import annotations

import pytest

from ._crosswoz import reply, slot_values


def _told(text: str) -> dict[str, str | None]:
    return slot_values(text, role="assistant")


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("价格还真是不便宜的是1063元，住得舒服。", "价格", "1063元"),
        ("门票还是可以的是40元。", "门票", "40元"),
        ("门票倒也不算贵的是35元。", "门票", "35元"),
        ("票价稍微贵一些是200元。", "门票", "200元"),
        ("价格略高815元，您看行吗？", "价格", "815元"),
    ],
)
def test_a_remark_before_the_amount(text: str, slot: str, value: str) -> None:
    assert _told(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "价格最低的是300元。",
        "评分更高的是4.8分。",
        "价格高的是1000元，低的是300元。",
        "门票贵的是40元。",
        "价格便宜一些的是300元。",
        "价格比较便宜的是300元。",
        "价格比它略高100元。",
        "价格比那家贵一些100元。",
        "评分比那家高0.2分。",
    ],
)
def test_a_pick_among_places_or_a_difference_is_no_value(text: str) -> None:
    got = _told(text)
    assert "价格" not in got and "门票" not in got and "评分" not in got


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("门票也就30元。", "门票", "30元"),
        ("人均也就80元左右。", "人均消费", "80元左右"),
        ("人均差不多100元。", "人均消费", "100元"),
        ("门票也才20元。", "门票", "20元"),
        ("游玩时间建议3小时。", "游玩时间", "3小时"),
        ("游玩时间一般2小时左右。", "游玩时间", "2小时左右"),
        ("人均的话100元。", "人均消费", "100元"),
        ("门票的话免费。", "门票", "免费"),
        ("评分达到了4.6，很受欢迎。", "评分", "4.6"),
        ("人均消费每人100元。", "人均消费", "100元"),
    ],
)
def test_an_adverb_and_no_verb(text: str, slot: str, value: str) -> None:
    assert _told(text).get(slot) == value


def test_a_users_adverb_and_no_verb() -> None:
    assert slot_values("我想找一家人均也就80元左右的餐馆") == {"人均消费": "80元左右"}
    assert slot_values("门票一般20元以内就好") == {"门票": "20元以内"}


@pytest.mark.parametrize(
    "text",
    [
        "人均也就那样。",
        "价格差不多。",
        "游玩时间建议早点去。",
        "游玩时间一般。",
        "评分达到了您的要求。",
        "人均的话还好。",
        "价格的话要看季节。",
        "人均消费每人都不一样。",
    ],
)
def test_an_adverb_with_no_amount_is_no_value(text: str) -> None:
    assert _told(text) == {}


def test_slot_words_pair_with_values_in_order() -> None:
    assert _told("车型和车牌各是#CX和#CP。") == {"车型": "#CX", "车牌": "#CP"}
    assert _told("车牌和车型分别是#CP和#CX") == {"车牌": "#CP", "车型": "#CX"}
    assert _told("车型、车牌分别为#CX、#CP，请留意来车。") == {"车型": "#CX", "车牌": "#CP"}
    assert _told("车型跟车牌分别是大众帕萨特和京A12345") == {
        "车型": "大众帕萨特",
        "车牌": "京A12345",
    }
    assert _told("评分和人均消费分别是4.5分和100元左右，挺划算的") == {
        "评分": "4.5分",
        "人均消费": "100元左右",
    }
    assert _told("门票和游玩时间分别是免费和2小时") == {"门票": "免费", "游玩时间": "2小时"}
    assert _told("评分、人均消费和电话分别是4.5分、100元和010-62754070") == {
        "评分": "4.5分",
        "人均消费": "100元",
        "电话": "010-62754070",
    }
    assert slot_values("评分和人均消费分别要4.5分以上和100元以下") == {
        "评分": "4.5分以上",
        "人均消费": "100元以下",
    }


@pytest.mark.parametrize(
    "text",
    [
        "车型和车牌分别是什么？",
        "车型和车牌分别是大众",
        "评分和人均消费都是不错的",
        "评分和人均消费是多少？",
        "评分和人均消费分别是很高和很低",
        "车型和车牌我稍后发给您",
    ],
)
def test_unpaired_slot_words_give_no_value(text: str) -> None:
    assert _told(text) == {}


def test_one_value_for_two_slot_words_is_not_the_last_ones() -> None:
    assert _told("评分和人均消费分别是4.5分").get("人均消费") is None


def test_a_plate_needs_no_verb() -> None:
    assert _told("车牌京A12345，车型是大众") == {"车牌": "京A12345", "车型": "大众"}
    assert _told("车牌号京A12345的车马上到") == {"车牌": "京A12345"}
    assert _told("车牌京城出租") == {}


def test_opening_hours_in_words() -> None:
    assert _told("营业时间从早上9点到下午5点") == {"营业时间": "早上9点到下午5点"}
    assert _told("营业时间早上9点到下午5点") == {"营业时间": "早上9点到下午5点"}
    assert _told("营业时间每天上午10点半至晚上9点") == {"营业时间": "每天上午10点半至晚上9点"}
    # "从X到Y" after the hours' word is no trip.
    assert slot_values("营业时间从早上9点到晚上9点的餐馆") == {"营业时间": "早上9点到晚上9点"}
    assert _told("营业时间从今天开始调整") == {}
    assert _told("营业时间从早上开始到晚上") == {}
    assert _told("营业时间从早上9点开始") == {}


def test_where_an_address_lies_is_no_part_of_it() -> None:
    assert _told("地址位于朝阳区建国路88号") == {"地址": "朝阳区建国路88号"}
    assert _told("地址坐落于海淀区颐和园路5号") == {"地址": "海淀区颐和园路5号"}


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("人均一百元左右。", "人均消费", "一百元左右"),
        ("游玩时间两个小时左右。", "游玩时间", "两个小时左右"),
        ("游玩时间一天就够了。", "游玩时间", "一天"),
        ("价格八百元一晚。", "价格", "八百元"),
        ("门票十块钱。", "门票", "十块钱"),
    ],
)
def test_an_amount_in_words(text: str, slot: str, value: str) -> None:
    assert _told(text).get(slot) == value


@pytest.mark.parametrize(
    "text", ["门票一天内有效。", "价格一天比一天贵。", "门票一张。", "价格两个人住不划算。"]
)
def test_words_of_number_that_are_no_amount(text: str) -> None:
    assert _told(text) == {}


def test_a_reply_after_a_question() -> None:
    assert reply("这家酒店价格多少？", "价格还真是不便宜的是1063元") == {"价格": "1063元"}
