"""Final values that belong to a finished task stay current for it instead of being archived.

A declined turn's criteria are archived as unmet only when the reply left open which failed;
an unnamed candidate and a finished trip keep their values under a stand-in name; a search
the user went on from closes even after a question about the place."""

from __future__ import annotations

from ctxengine.compaction.outcomes import says_unmet

from ._crosswoz import replay, slots, unmet

NEXT = [
    ("user", "好的，他家电话是多少？"),
    ("assistant", "电话是010-87654321。"),
    ("user", "再帮我找一家评分4分以上的餐馆"),
]


def test_a_reply_naming_the_failed_slot_leaves_the_other_criteria_met() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元、推荐菜有红烧肉的餐馆"),
            ("assistant", "抱歉，人均消费没有符合您要求的，推荐您去鼎泰丰。"),
            *NEXT,
        ]
    )
    cur = slots(s)
    # The dish was met: it went with the place the search found.
    assert cur["餐馆[鼎泰丰].推荐菜"] == "红烧肉"
    assert ("餐馆.推荐菜", "红烧肉") not in unmet(s)
    assert ("餐馆.人均消费", "50-100元") in unmet(s)
    assert cur["餐馆.评分"] == "4分以上"


def test_a_differing_fact_in_a_declining_reply_says_which_request_failed() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分、推荐菜有红烧肉的餐馆"),
            ("assistant", "抱歉，没有找到符合条件的餐馆，有这道菜的鼎泰丰评分是4.5分。"),
            *NEXT,
        ]
    )
    cur = slots(s)
    assert cur["餐馆[鼎泰丰].推荐菜"] == "红烧肉"
    assert cur["餐馆[鼎泰丰].评分"] == "4.5分"
    assert ("餐馆.推荐菜", "红烧肉") not in unmet(s)


def test_an_unmet_slot_is_the_searched_entitys_not_an_earlier_tasks() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分4分以上的酒店"),
            ("assistant", "推荐您去北京和平宾馆。"),
            ("user", "好的，谢谢。再帮我找一家评分4.5分以上的餐馆"),
            ("assistant", "抱歉，评分没有符合您要求的，推荐您去鼎泰丰。"),
        ]
    )
    # The hotel was found at its rating: the restaurant's failure is not the hotel's.
    assert slots(s)["酒店.评分"] == "4分以上"
    assert ("餐馆.评分", "4.5分以上") in unmet(s)


def test_an_unnamed_candidates_facts_stay_current_under_a_stand_in_name() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元的餐馆"),
            ("assistant", "这家店的味道很不错，地址在幸福路88号。"),
            ("user", "它家电话是多少？"),
            ("assistant", "电话是010-87654321。"),
            ("user", "再帮我找一家评分4.5分以上的餐馆"),
        ]
    )
    cur = slots(s)
    assert cur["餐馆[#1].地址"] == "幸福路88号"
    assert cur["餐馆[#1].电话"] == "010-87654321"
    assert cur["餐馆[#1].人均消费"] == "50-100元"
    assert cur["餐馆.评分"] == "4.5分以上"
    assert "餐馆.地址" not in cur
    assert s.state.archive == []
    assert "餐馆[#1]" in s.render()


def test_a_later_trip_keeps_the_earlier_one() -> None:
    s = replay(
        [
            ("user", "我要从幸福路到和平广场，坐出租车，告诉我车型和车牌"),
            ("assistant", "车型是大众，车牌是京A12345。"),
            ("user", "谢谢。"),
            ("assistant", "不客气。"),
            ("user", "我还要从和平广场到光明公园，也坐出租车，车型和车牌是什么？"),
        ]
    )
    cur = slots(s)
    assert cur["出租[#1].目的地"] == "和平广场"
    assert cur["出租[#1].出发地"] == "幸福路"
    assert cur["出租.目的地"] == "光明公园"
    assert s.state.archive == []


def test_a_trip_the_user_changes_still_supersedes() -> None:
    s = replay(
        [
            ("user", "我要从幸福路到和平广场，坐出租车，告诉我车型和车牌"),
            ("assistant", "车型是大众，车牌是京A12345。"),
            ("user", "谢谢。"),
            ("assistant", "不客气。"),
            ("user", "目的地改成光明公园"),
        ]
    )
    cur = slots(s)
    assert cur["出租.目的地"] == "光明公园"
    assert not any(k.startswith("出租[") for k in cur)
    assert [a.value for a in s.state.history("出租.目的地")] == ["和平广场"]


def test_a_question_about_the_found_place_does_not_keep_its_search_open() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元的餐馆"),
            ("assistant", "推荐您去鼎泰丰。"),
            ("user", "鼎泰丰有红烧肉这道菜吗？"),
            ("assistant", "这家店口碑很好。"),
            *NEXT,
        ]
    )
    cur = slots(s)
    # The search's own criterion goes with the place; the one asked of it afterwards no
    # fact confirmed, so it is not shown as what the place offers.
    assert cur["餐馆[鼎泰丰].人均消费"] == "50-100元"
    assert "餐馆[鼎泰丰].推荐菜" not in cur
    assert unmet(s) == {("餐馆.推荐菜", "红烧肉")}
    assert cur["餐馆.评分"] == "4分以上"


def test_a_bare_no_to_a_question_about_the_place_is_archived_as_unmet() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元的餐馆"),
            ("assistant", "推荐您去鼎泰丰。"),
            ("user", "鼎泰丰有红烧肉这道菜吗？"),
            ("assistant", "不好意思，没有呢，他家以面食为主。"),
            *NEXT,
        ]
    )
    cur = slots(s)
    assert "餐馆[鼎泰丰].推荐菜" not in cur
    assert ("餐馆.推荐菜", "红烧肉") in unmet(s)
    assert cur["餐馆[鼎泰丰].人均消费"] == "50-100元"


def test_replies_that_say_nothing_goes_that_far_decline() -> None:
    assert says_unmet("附近可没有这么高价位的地方")
    assert says_unmet("有这道菜的餐馆没有那么贵的哟")
    assert says_unmet("不好意思，没有呢，推荐您试试别的")
    assert says_unmet("都不是呢，价格是459元")
    assert not says_unmet("有的，电话是010-87654321")
    assert not says_unmet("没有问题，地址在幸福路88号")


def test_a_fact_found_against_a_request_keeps_it_when_the_search_closes() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分的餐馆"),
            ("assistant", "推荐您去鼎泰丰，评分是4.5分。"),
            *NEXT,
        ]
    )
    moved = s.state.slots["餐馆[鼎泰丰].评分"]
    assert (moved.value, moved.requested) == ("4.5分", "5分")
