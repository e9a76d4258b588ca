"""Parse fixes of round 9: a range said with 到/至 is one amount, and a value pattern does
not start inside a longer number."""

from __future__ import annotations

from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

from ._crosswoz import ONTO, slot_values


def test_a_range_said_in_words_is_one_amount() -> None:
    got = slot_values("帮我找一家人均消费在80元到120元之间的餐馆。")
    assert got.get("人均消费") == "80元到120元"
    assert slot_values("有没有游玩时间2至3小时的景点？").get("游玩时间") == "2至3小时"


def test_a_rating_is_not_read_from_the_tail_of_another_number() -> None:
    got = slot_values("推荐您去青松小馆，步行15分钟就到。", "assistant")
    assert "评分" not in got
    assert slot_values("青松小馆的评分是4.5分。", "assistant").get("评分") == "4.5分"


def test_a_dish_named_by_the_place_it_is_sought_in() -> None:
    got = slot_values("青松小馆附近的饭店里椒盐排条这道菜哪家最好吃？")
    assert got.get("推荐菜") == "椒盐排条"


def test_an_approximate_amount_needs_no_verb() -> None:
    got = slot_values("我们不想玩太久，游玩的时间不用很长，大约2小时 - 3小时就好。")
    assert got.get("游玩时间") == "2小时 - 3小时"
    assert slot_values("想找家餐馆，人均大概80元。").get("人均消费") == "80元"


def test_a_facility_the_place_provides_is_not_what_the_message_is_about() -> None:
    def focus(text: str) -> str | None:
        return parse_message(Message.user(text), turn=1, ontology=ONTO).focus

    assert focus("这家酒店提供自助餐厅吗？") == "酒店"
    assert focus("那家宾馆有没有西式餐厅服务？") == "酒店"
    assert focus("酒店订好了，再推荐一家餐厅吧。") == "餐馆"


def test_a_place_we_go_to_or_arranged_to_go_to_is_named() -> None:
    assert slot_values("我跟同学约好去老张私房菜吃饭，它的地址在哪？").get("名称") == "老张私房菜"
    assert slot_values("明天我们去松鹤楼吃饭吧。").get("名称") == "松鹤楼"
