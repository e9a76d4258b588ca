"""State fixes of round 7: openers that only sound like turning an offer down, a declined
request whose offer meets it, and several values of one slot in one message."""

from __future__ import annotations

from ctxengine.compaction.outcomes import opens_with_rejection, says_unmet

from ._crosswoz import archived, replay, slots, unmet


def test_openers_that_only_sound_like_turning_down() -> None:
    for text in (
        "不好意思，我是说它的评分是多少？",
        "不用再看了，就订这家吧。",
        "不用了，再帮我找个景点吧。",
        "不用这家店的信息了，我想找个酒店。",
        "不是吧，这么远啊？",
        "我还是去第一家吧。",
    ):
        assert not opens_with_rejection(text), text
    for text in ("不好，换一家吧。", "不用这家，换一个。", "不是这家。", "我还是要豪华型的。"):
        assert opens_with_rejection(text), text


def test_a_new_search_after_no_more_details_needed_keeps_the_last_one() -> None:
    s = replay(
        [
            ("user", "帮我找个舒适型的酒店。"),
            ("assistant", "推荐您去青松酒店。"),
            ("user", "青松酒店的电话是多少？"),
            ("assistant", "电话是62345678。"),
            ("user", "不用这家的信息了，再帮我找个经济型的酒店吧。"),
        ]
    )
    assert "舒适型" not in archived(s)
    assert slots(s).get("酒店[青松酒店].酒店类型") == "舒适型"
    assert slots(s).get("酒店.酒店类型") == "经济型"


def test_an_offer_meeting_the_request_a_clause_said_was_missing_leaves_it_met() -> None:
    s = replay(
        [
            ("user", "白杨湖附近有没有门票在200元以上的景点？"),
            ("assistant", "抱歉，附近没有这么高票价的景点，不过为您推荐青松剧场，门票是280元。"),
        ]
    )
    assert not unmet(s)
    assert slots(s).get("景点.门票") == "280元"
    assert s.state.slots["景点.门票"].requested == "200元以上"


def test_two_values_of_one_criterion_in_a_message_add_up() -> None:
    s = replay([("user", "我同事特别想吃青椒肉丝，我想吃红烧茄子，帮我找个有这两个菜的餐馆。")])
    assert slots(s).get("餐馆.推荐菜") == "青椒肉丝、红烧茄子"
    assert not archived(s)
    # A reply giving one of them offers no other value: a fact beside the request, not unmet.
    s = replay(
        [
            ("user", "我同事特别想吃青椒肉丝，我想吃红烧茄子，帮我找个有这两个菜的餐馆。"),
            ("assistant", "不过青松小馆的推荐菜是青椒肉丝。"),
        ]
    )
    assert s.state.slots["餐馆.推荐菜"].requested == "青椒肉丝、红烧茄子"
    assert not unmet(s)


def test_a_reply_saying_its_offer_meets_the_request_declines_nothing() -> None:
    assert not says_unmet("都不是哦，推荐您去青松酒店，这家酒店满足您所有的要求。")
    assert not says_unmet("没有，不过白杨宾馆很符合您的条件。")
    assert says_unmet("都不是哦，推荐您去青松酒店，可以满足您的大部分要求。")
    assert says_unmet("都不是哦，完全符合您要求的酒店没有找到。")
    s = replay(
        [
            ("user", "帮我找家酒店。"),
            ("assistant", "推荐您去红叶酒店或白杨宾馆。"),
            ("user", "这两个酒店哪个是舒适型的？"),
            ("assistant", "都不是哦，推荐您去青松酒店，这家酒店满足您所有的要求。"),
            ("user", "它的电话是多少？"),
            ("assistant", "电话是62345678。"),
            ("user", "好的。再帮我找一家有无烟房的酒店吧。"),
        ]
    )
    assert not unmet(s)
    assert slots(s).get("酒店[青松酒店].酒店类型") == "舒适型"


def test_an_earlier_candidate_named_again_keeps_the_current_request_beside_its_fact() -> None:
    s = replay(
        [
            ("user", "帮我找个景点。"),
            ("assistant", "推荐您去青松山，门票是150元。"),
            ("user", "它的地址在哪？"),
            ("assistant", "地址是白杨路1号。"),
            ("user", "再帮我找个门票100元以上的景点。"),
            ("assistant", "推荐您去红叶公园或青松山。"),
        ]
    )
    assert slots(s).get("景点.名称") == "青松山"
    assert slots(s).get("景点.门票") == "150元"
    assert s.state.slots["景点.门票"].requested == "100元以上"
