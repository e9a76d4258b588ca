"""Picks from lists a reply numbers inline in English ("Here are three: 1) The Crawford Hotel,
2) Hotel Teatro, 3) Kimpton Hotel Monaco."), from unnumbered Chinese offers parted by 、
("有这几家：北京瑰丽酒店、北京饭店、王府井希尔顿"), and by part of an offered name ("就订大董吧"
for 大董（工体店）, "book the Crawford" for The Crawford Hotel). Requests, steps, prices, a
turn-down and a question about an item pick nothing."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values

PICKED = ("名称", "name", "hotel", "restaurant", "flight")

HOTELS = "Here are three: 1) The Crawford Hotel, 2) Hotel Teatro, 3) Kimpton Hotel Monaco."
FLIGHTS = "Options: 1) UA 455 at 8am, 2) DL 120 at 11am, 3) WN 882 at 3pm."
DUCK = "推荐：大董（工体店）、全聚德（前门店）"
ROSEWOOD = "有这几家：北京瑰丽酒店、北京饭店、王府井希尔顿"


def chosen(*texts: str, ontology: str | None = None) -> dict[str, str]:
    """The picked slots after `texts` (user and assistant in turn)."""
    d = alternating(*texts, "OK.", ontology=ontology)
    return {k: v for k, v in slot_values(d).items() if k in PICKED}


def unchanged(texts: tuple[str, str], pick: str, ontology: str | None) -> bool:
    """Whether `pick` leaves the picked slots as the reply alone left them (in a task
    dialogue the reply's own names are informed values; a pick would replace them)."""
    before = alternating(*texts, ontology=ontology)
    want = {k: v for k, v in slot_values(before).items() if k in PICKED}
    return chosen(*texts, pick, ontology=ontology) == want


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
@pytest.mark.parametrize(
    ("reply", "pick", "want"),
    [
        (HOTELS, "I'll take the second one.", "Hotel Teatro"),
        (HOTELS, "The last one, please.", "Kimpton Hotel Monaco"),
        (
            "Here are three: 1. The Crawford Hotel 2. Hotel Teatro 3. Kimpton Hotel Monaco",
            "I'll take the second one.",
            "Hotel Teatro",
        ),
        (FLIGHTS, "The third option.", "WN 882"),
        (FLIGHTS, "Book the first one.", "UA 455"),
    ],
)
def test_an_english_ordinal_picks_from_a_numbered_inline_list(
    reply: str, pick: str, want: str, ontology: str | None
) -> None:
    got = chosen("Anything in San Francisco?", reply, pick, ontology=ontology)
    assert list(got.values()) == [want]


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
@pytest.mark.parametrize(
    "reply",
    [HOTELS, "We have Hotel Teatro or The Crawford Hotel available."],
)
def test_an_english_pick_by_part_of_an_offered_name(reply: str, ontology: str | None) -> None:
    got = chosen("Hotels in San Francisco?", reply, "Let's book the Crawford", ontology=ontology)
    assert list(got.values()) == ["The Crawford Hotel"]


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
def test_a_chinese_pick_by_the_name_before_its_branch(ontology: str | None) -> None:
    assert chosen("推荐个吃烤鸭的地方", DUCK, "好，就订大董吧", ontology=ontology)["名称"] == (
        "大董（工体店）"
    )
    assert chosen("推荐个吃烤鸭的地方", DUCK, "那就全聚德吧", ontology=ontology)["名称"] == (
        "全聚德（前门店）"
    )


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
def test_a_chinese_ordinal_picks_from_an_unnumbered_offer(ontology: str | None) -> None:
    assert chosen("推荐个酒店", ROSEWOOD, "第一家吧", ontology=ontology)["名称"] == "北京瑰丽酒店"
    assert chosen("推荐个酒店", ROSEWOOD, "最后一家吧", ontology=ontology)["名称"] == (
        "王府井希尔顿"
    )


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
@pytest.mark.parametrize(
    ("texts", "pick"),
    [
        # No list in the reply before.
        (("Hotels in San Francisco?", "Sure, let me look that up."), "I'll take the second one."),
        # Requests, steps, errors: nothing offered.
        (("I want a refund", "1) please send your order id 2) your phone"), "the second one"),
        (("It crashed", "Try: 1) restart 2) clear cache"), "I'll take the second one."),
        (("It crashed", "Try this: 1) Restart Apache 2) Clear Cache"), "I'll do the second one."),
        (("Any errors?", "I found two errors: 1) Redis Timeout 2) Nginx Config"), "the second one"),
        (("Price?", "It is 1,299 or 2,399."), "I'll take the second one."),
        # A turn-down, a question, a verb other than a pick.
        (("Hotels?", HOTELS), "the second one is too expensive"),
        (("Hotels?", HOTELS), "Is the Crawford near downtown?"),
        (("Hotels?", HOTELS), "Tell me more about the Crawford."),
        (("Hotels?", HOTELS), "Not the Crawford."),
        (("Hotels?", HOTELS), "Is there a hotel nearer the bay?"),
        # A word the offered names share picks none of them.
        (("Hotels?", HOTELS), "I'll take the hotel"),
    ],
)
def test_english_look_alikes_pick_nothing(
    texts: tuple[str, str], pick: str, ontology: str | None
) -> None:
    assert unchanged(texts, pick, ontology)


@pytest.mark.parametrize("ontology", [None, "crosswoz"])
@pytest.mark.parametrize(
    ("texts", "pick"),
    [
        (("推荐个吃烤鸭的地方", DUCK), "大董在哪里？"),
        (("推荐个吃烤鸭的地方", DUCK), "大董的电话是多少"),
        (("推荐个吃烤鸭的地方", DUCK), "不去大董了"),
        (("推荐个吃烤鸭的地方", DUCK), "大董太贵了"),
        (("推荐个吃烤鸭的地方", DUCK), "我想问问大董有没有包间"),
        (("推荐个酒店", ROSEWOOD), "第一家太远了"),
        (("推荐个酒店", ROSEWOOD), "第二个问题是房价多少"),
        # Two offered names share the part said: which one is not said.
        (("推荐个吃烤鸭的地方", "推荐：全聚德（前门店）、全聚德（和平门店）"), "就订全聚德吧"),
        # Leads that offer no place, and lists of steps or requests.
        (("怎么付款", "支持：微信、支付宝、银行卡"), "第二个吧"),
        (("怎么退款", "步骤：登录账号、进入订单页、点击退款"), "第二个吧"),
        (("要带什么", "需要以下材料：身份证、户口本"), "第二个吧"),
        (("多少钱", "标准版1,299元，2,399元的是升级版。"), "第二个吧"),
    ],
)
def test_chinese_look_alikes_pick_nothing(
    texts: tuple[str, str], pick: str, ontology: str | None
) -> None:
    assert unchanged(texts, pick, ontology)
