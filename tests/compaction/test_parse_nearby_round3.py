"""What is near a place, said without the slot's own words: questions that name the kind of
place by what one does there, replies that answer with a bare list, lists after and before
remarks."""

from __future__ import annotations

import pytest

from ._crosswoz import asks, nearby


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("它旁边有没有吃饭的地方？", ["周边餐馆"]),
        ("那边周围有住的地方吗？", ["周边酒店"]),
        ("这个饭庄的附近有什么好玩的地方呢？", ["周边景点"]),
        ("看完展览能去附近逛逛吗？", ["周边景点"]),
        ("那座塔周边有什么景点和饭馆？", ["周边景点", "周边餐馆"]),
        # A second question after one about what is near asks what is near too.
        ("这家宾馆周边有什么饭馆？还有哪些好玩的地方？", ["周边餐馆", "周边景点"]),
        # Digits of a name are no search criteria.
        ("808文创园周边有哪些酒店？", ["周边酒店"]),
    ],
)
def test_questions_about_what_is_near_name_the_kind_by_what_one_does(
    text: str, slots: list[str]
) -> None:
    assert [a for a in asks(text) if a.startswith("周边")] == slots


def test_a_search_among_the_neighbours_asks_for_no_list() -> None:
    assert "周边餐馆" not in asks("附近餐馆有没有评分是4分以上的？")


def test_a_bare_list_answers_the_nearby_question() -> None:
    got = nearby("那可多了，甲公园, 乙古寺, 丙湖都在它周边。", ("周边景点",))
    assert got == {"周边景点": "甲公园, 乙古寺, 丙湖"}
    got = nearby("甲饭庄, 乙面馆, 丙酒楼，这些家都不错！", ("周边餐馆",))
    assert got == {"周边餐馆": "甲饭庄, 乙面馆, 丙酒楼"}
    assert nearby("甲公园就在附近，也是很不错的景点。", ("周边景点",)) == {"周边景点": "甲公园"}
    got = nearby("可以，有甲宾馆、乙酒店和丙宾馆都分布在周边。", ("周边酒店",))
    assert got == {"周边酒店": "甲宾馆、乙酒店和丙宾馆"}
    got = nearby("没问题，像甲饭庄、乙面馆和丙酒楼都棒极了。", ("周边餐馆",))
    assert got == {"周边餐馆": "甲饭庄、乙面馆和丙酒楼"}


def test_a_place_said_by_what_one_does_there_owns_its_list() -> None:
    text = "附近吃饭的地方还是挺多的，您可以去甲饭庄、乙面馆，附近的景点有丙公园、丁古寺。"
    assert nearby(text) == {"周边餐馆": "甲饭庄、乙面馆", "周边景点": "丙公园、丁古寺"}


def test_a_list_after_a_remark_on_how_many() -> None:
    got = nearby("某某楼周边的景点非常多，有甲公园、乙博物馆等等。")
    assert got == {"周边景点": "甲公园、乙博物馆"}
    assert nearby("它附近的宾馆不多，只有甲宾馆。") == {"周边酒店": "甲宾馆"}
    assert nearby("他附近有两处景点，分别是甲公园, 乙塔。") == {"周边景点": "甲公园, 乙塔"}
    got = nearby("周边有好多景点呢，甲公园, 乙古寺这些都是。")
    assert got == {"周边景点": "甲公园, 乙古寺"}
    got = nearby("某某村周边有许多可供选择的酒店，为您推荐：甲宾馆、乙酒店。")
    assert got == {"周边酒店": "甲宾馆、乙酒店"}


def test_the_nearby_list_with_the_kind_unsaid_takes_the_one_asked() -> None:
    got = nearby("评分4.5分，周围还可以去逛甲公园、乙博物馆。", ("评分", "周边景点"))
    assert got == {"周边景点": "甲公园、乙博物馆"}
    # The answer to the other question is no list of neighbours.
    got = nearby("门票是免费的，周边有甲宾馆(东门店), 乙酒店。", ("门票", "周边酒店"))
    assert got == {"周边酒店": "甲宾馆(东门店), 乙酒店"}
    got = nearby("我查了一下，他家的周边有甲国际酒店, 乙大酒店。", ("周边酒店",))
    assert got == {"周边酒店": "甲国际酒店, 乙大酒店"}


def test_each_kind_takes_its_own_list() -> None:
    text = "景点有甲公园和乙古寺，宾馆有丙宾馆和丁酒店。"
    got = nearby(text, ("周边酒店", "周边景点"))
    assert got == {"周边景点": "甲公园和乙古寺", "周边酒店": "丙宾馆和丁酒店"}
    text = "某某广场可以住宿的酒店有甲宾馆、乙酒店，周边的景点还有丙公园。"
    got = nearby(text, ("周边酒店",), focus="景点")
    assert got == {"周边酒店": "甲宾馆、乙酒店", "周边景点": "丙公园"}


def test_no_junk_around_the_list() -> None:
    assert nearby("甲餐厅，怎么样？", ("周边餐馆",)) == {"周边餐馆": "甲餐厅"}
    assert nearby("就是甲风景区，哈哈！", ("周边景点",)) == {"周边景点": "甲风景区"}
    got = nearby("周边的餐馆是甲饭庄，抱歉，周边没有酒店。", ("周边餐馆", "周边酒店"))
    assert got == {"周边餐馆": "甲饭庄"}
    got = nearby("周边餐馆有甲面馆, 乙酒吧。")
    assert got == {"周边餐馆": "甲面馆, 乙酒吧"}
    assert nearby("周边就只有甲宾馆了。", ("周边酒店",)) == {"周边酒店": "甲宾馆"}


def test_nothing_near_lists_nothing() -> None:
    # What is recommended instead, or how dear the hotels are, is no neighbour.
    assert nearby("不好意思，附近没有景点，推荐您去甲公园吧。", ("周边景点",)) == {}
    assert nearby("这周边的酒店都有些贵，没有合适的。", ("周边酒店",)) == {}
    assert nearby("周边的餐馆是不少，但都做不了这道菜呢。", ("周边餐馆",)) == {}
