"""A reply that offers a place instead of what was asked ("要不你们去X", "只能去X了", "只有X符合",
"不过X有Y") keeps the place; the dishes it says the place has ("他家有X", "那里有X", "X有Y这道菜")
are kept as its 推荐菜. Look-alikes that offer nothing set neither."""

from __future__ import annotations

import pytest

from ._crosswoz import replay, slots

ASK_PLACE = "我想找个评分高一点的餐馆吃饭，人均消费50-100元。"
ASK_DISH = "有没有能吃到酸菜鱼的餐馆？"


def _after(question: str, answer: str, *more: str) -> dict[str, str]:
    turns = [("user", question), ("assistant", answer)]
    turns += [("user", text) for text in more]
    return slots(replay(turns))


@pytest.mark.parametrize(
    ("answer", "name"),
    [
        (
            "真不好意思，附近的这些餐馆里没有能吃到牛肚的，要不你们去海底捞火锅(喜隆多店)可以吗？"
            "人均消费是132元，他家有捞派毛肚，你看可以吗？",
            "海底捞火锅(喜隆多店)",
        ),
        ("附近没有符合的，要不您去全聚德(清华园店)吧。", "全聚德(清华园店)"),
        ("周边没有这样的餐馆，要不然你们去大董烤鸭店(工体店)看看？", "大董烤鸭店(工体店)"),
        ("那你们就只能去很久故事(拱辰店)了，只有他家符合。", "很久故事(拱辰店)"),
        ("只能去西贝莜面村(朝阳大悦城店)了。", "西贝莜面村(朝阳大悦城店)"),
        ("符合条件的就只有鼎泰丰(新光天地店)了。", "鼎泰丰(新光天地店)"),
        ("只有眉州东坡酒楼(中关村店)符合您的要求。", "眉州东坡酒楼(中关村店)"),
        ("抱歉没找到，就只有金鼎轩(地坛店)了。", "金鼎轩(地坛店)"),
        (
            "没有能吃到酸菜鱼的，不过太二酸菜鱼(西单店)有老坛子酸菜鱼，要不要试试？",
            "太二酸菜鱼(西单店)",
        ),
    ],
)
def test_an_offer_instead_keeps_the_place(answer: str, name: str) -> None:
    assert _after(ASK_PLACE, answer, "好的。").get("餐馆.名称") == name


@pytest.mark.parametrize(
    "answer",
    [
        "要不你们再看看别的？",
        "只能去附近看看了。",
        "只有一家符合。",
        "就只有这些了。",
        "要不您换个条件再找找？",
        "只能去别的地方了。",
        "只有他家符合。",
        "要不你们去附近转转？",
        "只能去很远的地方了。",
        "附近没有符合的，要不你们去很多人推荐的那家看看？",
    ],
)
def test_an_offer_of_no_place_names_none(answer: str) -> None:
    assert "餐馆.名称" not in _after(ASK_PLACE, answer)


@pytest.mark.parametrize(
    ("answer", "dish"),
    [
        ("推荐您去四季民福烤鸭店，他家有招牌烤鸭。", "招牌烤鸭"),
        ("推荐您去蜀香园(西单店)，他们家有水煮鱼。", "水煮鱼"),
        ("推荐您去海底捞火锅(喜隆多店)，人均消费是132元，他家有捞派毛肚，你看可以吗？", "捞派毛肚"),
        ("推荐您去渔家傲(三里屯店)，那里有香辣蟹。", "香辣蟹"),
        ("推荐您去小吊梨汤(西单店)，它家也有北京烤鸭。", "北京烤鸭"),
        ("海底捞火锅(喜隆多店)有捞派毛肚这道菜。", "捞派毛肚"),
        (
            "没有能吃到酸菜鱼的，不过太二酸菜鱼(西单店)有老坛子酸菜鱼，要不要试试？",
            "老坛子酸菜鱼",
        ),
        ("您可以去金鼎轩(地坛店)，那儿有虾饺皇。", "虾饺皇"),
        ("推荐您去局气(西单店)，他家还有蜂窝煤炒饭。", "蜂窝煤炒饭"),
    ],
)
def test_a_dish_the_place_has_is_kept(answer: str, dish: str) -> None:
    assert _after(ASK_DISH, answer, "好的。").get("餐馆.推荐菜") == dish


@pytest.mark.parametrize(
    "answer",
    [
        "推荐您去局气(西单店)，他家有点远。",
        "推荐您去局气(西单店)，那里有很多人。",
        "推荐您去局气(西单店)，他家有wifi吗？",
        "推荐您去局气(西单店)，他家有包间。",
        "推荐您去局气(西单店)，那里有停车位。",
        "推荐您去局气(西单店)，他家有优惠活动。",
        "推荐您去局气(西单店)，那里有地铁站。",
        "推荐您去局气(西单店)，他家有两家分店。",
    ],
)
def test_what_else_a_place_has_is_no_dish(answer: str) -> None:
    assert "餐馆.推荐菜" not in _after("帮我找一家餐馆。", answer)
