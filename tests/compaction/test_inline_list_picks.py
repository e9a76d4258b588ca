"""Ordinal picks from lists a reply gives inline ("为您推荐：1）全聚德，2）便宜坊，3）大董",
"①A ②B ③C", "We have Hilton, Marriott, or Hyatt available."): "第二个吧" / "the second one"
picks the second item, as it already did for a list one item to a line. Lists of requests,
steps or days, prose with commas and prices pick nothing."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values

PICKED = ("名称", "name", "hotel", "restaurant")


def picked(*texts: str, ontology: str | None = None) -> dict[str, str]:
    """The slots a pick sets after `texts` (user and assistant in turn, then the pick)."""
    d = alternating(*texts, "OK.", ontology=ontology)
    return {k: v for k, v in slot_values(d).items() if k in PICKED}


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
@pytest.mark.parametrize(
    "reply",
    [
        "为您推荐：1）全聚德，2）便宜坊，3）大董",
        "为您推荐：1. 全聚德 2. 便宜坊 3. 大董",
        "为您推荐：①全聚德 ②便宜坊 ③大董",
        "有这几家：(1)全聚德，人均200元；(2)便宜坊，人均150元；(3)大董，人均300元。",
    ],
)
def test_a_chinese_ordinal_picks_from_an_inline_list(reply: str, ontology: str | None) -> None:
    assert picked("推荐个吃烤鸭的地方", reply, "第二个吧", ontology=ontology) == {"名称": "便宜坊"}
    assert picked("推荐个吃烤鸭的地方", reply, "最后一个吧", ontology=ontology) == {"名称": "大董"}


@pytest.mark.parametrize(
    "reply",
    [
        "We have Hilton, Marriott, or Hyatt available.",
        "I'd recommend Hilton, Marriott and Hyatt.",
        "You can choose from Hilton, Marriott, or Hyatt.",
        "Would you prefer Hilton, Marriott, or Hyatt?",
    ],
)
def test_an_english_ordinal_picks_from_an_inline_offer(reply: str) -> None:
    assert picked("Any hotels near the airport?", reply, "the second one") in (
        {"name": "Marriott"},
        {"hotel": "Marriott"},
    )


@pytest.mark.parametrize(
    ("texts", "pick"),
    [
        # A user's own list offers nothing to pick from.
        (("I need it Monday, Tuesday, or Wednesday", "OK."), "the second one"),
        # Days are no names to pick (a date is not set from them either).
        (("When can you come?", "We can do Monday, Tuesday, or Wednesday."), "the second one"),
        (("Is that OK?", "Sorry, yes, that works, and it is cheap."), "the second one"),
        (("Hotels?", "Hilton and Marriott are both full tonight."), "the second one"),
        # A verb that does something else, a question, a turn-down: no pick.
        (("Hotels?", "We have Hilton, Marriott, or Hyatt available."), "fix the second one"),
        (("Hotels?", "We have Hilton, Marriott, or Hyatt available."), "not the second one"),
        (
            ("Hotels?", "We have Hilton, Marriott, or Hyatt available."),
            "Is the second one near the airport?",
        ),
        # Requests, steps, materials, prices.
        (("我要退款", "1）请提供订单号 2）请提供手机号"), "第二个吧"),
        (("怎么退款", "步骤：1. 登录账号 2. 进入订单页 3. 点击退款"), "第二个吧"),
        (("要带什么", "办理需要以下材料：1）身份证 2）户口本"), "第二个吧"),
        (("多少钱", "标准版1,299元，2,399元的是升级版。"), "第二个吧"),
        (("版本呢", "支持1.2和2.3两个版本"), "第二个吧"),
        # A pointer to something else than the list, or turning an item down.
        (("推荐个吃烤鸭的地方", "为您推荐：1）全聚德，2）便宜坊，3）大董"), "第二个问题是人均多少"),
        (("推荐个吃烤鸭的地方", "为您推荐：1）全聚德，2）便宜坊，3）大董"), "第二个太贵了"),
        (("推荐个吃烤鸭的地方", "为您推荐：1）全聚德，2）便宜坊，3）大董"), "第二天再说吧"),
    ],
)
@pytest.mark.parametrize("ontology", [None, "crosswoz"])
def test_look_alikes_of_an_inline_list_pick_nothing(
    texts: tuple[str, str], pick: str, ontology: str | None
) -> None:
    assert picked(*texts, pick, ontology=ontology) == {}
