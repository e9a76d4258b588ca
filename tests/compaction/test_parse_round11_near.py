"""What is near a place, round 11: nearness said by distance ("离它近的餐馆", "A和B离得都很
近", "A就挨着它"), the one there is counted ("附近就一家A", "只有A一家", "有一家，叫A", "有个A"),
names joined on after a comma ("有A，还有B"), "附近的话，有A", "离它最近的是A", the asked kind
ending a listed name, "可以去A和B转转", and what lists nothing: a count then a remark ("只有一家，
评分不太高"), how many ("还有不少很有名的"), a kind word alone ("附近有地铁站")."""

from __future__ import annotations

import pytest

from ctxengine.compaction.nearness import asked_nearby

from ._crosswoz import ONTO, asks, nearby, reply

SIGHTS = "它周边有什么景点？"
FOOD = "周围有吃饭的地方吗？"
STAY = "旁边有没有酒店？"


def test_near_said_by_distance_in_a_question() -> None:
    assert asks("离它近的餐馆有哪些？") == ["周边餐馆"]
    assert asks("离这里不远的酒店有哪些") == ["周边酒店"]
    # Near something else: a place sought, not the focus's neighbours.
    assert "周边酒店" not in asks("离地铁站近的酒店有哪些？")


def test_other_words_for_the_kind_in_a_question() -> None:
    assert asks("这个景点附近有没有可以吃饭的？") == ["周边餐馆"]
    assert asks("它周边还有哪些好去处？") == ["周边景点"]


def test_a_list_led_by_its_distance() -> None:
    assert reply(SIGHTS, "离这里不远的有甲公园。") == {"周边景点": "甲公园"}
    got = reply(STAY, "离这儿近的有甲宾馆和乙酒店。")
    assert got == {"周边酒店": "甲宾馆和乙酒店"}
    assert reply(STAY, "离它最近的是甲酒店。") == {"周边酒店": "甲酒店"}
    got = reply(FOOD, "距离它不远的有甲饭庄和乙面馆。")
    assert got == {"周边餐馆": "甲饭庄和乙面馆"}


def test_a_list_before_a_remark_on_its_distance() -> None:
    got = reply(SIGHTS, "甲公园和乙古寺离得都很近。")
    assert got == {"周边景点": "甲公园和乙古寺"}
    assert reply(FOOD, "甲饭庄、乙面馆都离这里不远。") == {"周边餐馆": "甲饭庄、乙面馆"}
    assert reply(STAY, "甲酒店离它很近。") == {"周边酒店": "甲酒店"}
    assert reply(SIGHTS, "有，甲公园离它很近，步行5分钟。") == {"周边景点": "甲公园"}
    assert reply(SIGHTS, "甲公园就挨着它。") == {"周边景点": "甲公园"}
    assert reply(SIGHTS, "甲公园和它挨着。") == {"周边景点": "甲公园"}
    # "不算近" is far: the one named is no neighbour.
    assert asked_nearby("甲饭庄离得不算近，打车要20分钟。", ONTO, ["周边餐馆"]) == []


def test_the_one_there_is_counted() -> None:
    assert reply(SIGHTS, "附近就一个甲公园。") == {"周边景点": "甲公园"}
    assert reply(FOOD, "附近就一家甲饭庄。") == {"周边餐馆": "甲饭庄"}
    assert reply(SIGHTS, "周边景点只有甲公园一个。") == {"周边景点": "甲公园"}
    assert reply(STAY, "附近只有甲酒店一家。") == {"周边酒店": "甲酒店"}
    assert reply(STAY, "有一家，叫甲酒店。") == {"周边酒店": "甲酒店"}
    assert reply(SIGHTS, "它旁边有个甲公园。") == {"周边景点": "甲公园"}
    assert reply(SIGHTS, "附近有个甲公园挺好玩的。") == {"周边景点": "甲公园"}
    assert nearby("这家店周边景点不多，就一个甲公园。") == {"周边景点": "甲公园"}
    assert nearby("这家店附近只有甲公园一个景点。") == {"周边景点": "甲公园"}
    got = reply(FOOD, "餐馆的话，就两家，甲饭庄和乙面馆。")
    assert got == {"周边餐馆": "甲饭庄和乙面馆"}


def test_a_count_then_a_remark_lists_nothing() -> None:
    assert nearby("附近只有一家，评分不太高。", ("周边餐馆",)) == {}
    assert nearby("附近就一家，评分不太高。", ("周边餐馆",)) == {}
    assert nearby("附近只有一家餐馆，评分不太高。", ("周边餐馆",)) == {}
    got = nearby("附近只有一家，叫甲饭庄，评分4.5分。", ("周边餐馆",))
    assert got == {"周边餐馆": "甲饭庄"}


def test_names_joined_on_after_a_comma() -> None:
    assert reply(SIGHTS, "有甲公园，还有乙古寺。") == {"周边景点": "甲公园，还有乙古寺"}
    got = nearby("周边的餐馆有甲饭庄，还有乙面馆。")
    assert got == {"周边餐馆": "甲饭庄，还有乙面馆"}
    answered = reply(FOOD, "附近有甲饭庄，另外还有乙面馆。")
    assert answered == {"周边餐馆": "甲饭庄，另外还有乙面馆"}
    got = nearby("附近的餐馆有甲饭庄、乙面馆，以及丙饭店。")
    assert got == {"周边餐馆": "甲饭庄、乙面馆，以及丙饭店"}


def test_no_names_joined_on_when_the_clause_is_no_list() -> None:
    # Another kind, how many, an offer: the first list alone.
    assert nearby("周边的餐馆有甲饭庄，还有乙公园这个景点。") == {"周边餐馆": "甲饭庄"}
    assert nearby("周边的餐馆有甲饭庄，还有很多别的餐馆。") == {"周边餐馆": "甲饭庄"}
    got = nearby("周边的餐馆有甲饭庄，还有什么需要帮忙的吗？")
    assert got == {"周边餐馆": "甲饭庄"}
    assert nearby("周边餐馆有很多，还有不少很有名的。", ("周边餐馆",)) == {}


def test_the_surroundings_then_the_list() -> None:
    got = reply(FOOD, "附近的话，有甲饭庄和乙面馆。")
    assert got == {"周边餐馆": "甲饭庄和乙面馆"}
    # "A就在它旁边，还有B": A is not left out.
    got = reply(FOOD, "甲饭庄就在它旁边，还有乙面馆。")
    listed = got["周边餐馆"] or ""
    assert "甲饭庄" in listed and "乙面馆" in listed
    assert "名称" not in got  # neighbours, no candidate


def test_where_to_go_answers_what_is_near() -> None:
    got = reply(SIGHTS, "可以去甲公园和乙古寺转转。")
    assert got["周边景点"] == "甲公园和乙古寺"
    assert reply(FOOD, "可以去甲饭庄或者乙面馆。")["周边餐馆"] == "甲饭庄或者乙面馆"
    # Nothing near, somewhere else offered: no neighbour.
    assert "周边景点" not in reply(SIGHTS, "附近没有，您可以去甲公园看看。")


def test_a_kind_word_alone_is_no_list() -> None:
    assert asked_nearby("附近有地铁站。", ONTO, ["周边景点"]) == []


# Found in review: facilities, pointers and activities are no neighbours.
@pytest.mark.parametrize(
    ("text", "asked", "expected"),
    [
        ("附近的话，有地铁站和公交站。", ("周边餐馆",), {}),
        ("附近就一个停车场。", ("周边餐馆",), {}),
        ("附近有景山公园，还有停车场。", ("周边景点",), {"周边景点": "景山公园"}),
        ("除了购物，周边还有景山公园。", ("周边景点",), {"周边景点": "景山公园"}),
    ],
)
def test_what_is_no_place_of_a_kind_is_no_neighbour(
    text: str, asked: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert nearby(text, asked) == expected
