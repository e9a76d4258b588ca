"""State fixes of round 9: a reply that names what the user asked for, or offers its
candidate again for it, meets that request; a contrasting fact archives the request it
failed."""

from __future__ import annotations

from ._crosswoz import replay, slots, unmet

NEXT = [
    ("user", "好的，它的电话是多少？"),
    ("assistant", "电话是010-66668888。"),
    ("user", "再帮我找一个评分4分以上的餐馆。"),
]


def test_a_declining_reply_that_names_the_dish_leaves_the_dish_met() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分、能吃到椒盐排条的餐馆。"),
            ("assistant", "抱歉没有找到完全符合的，推荐您去青松小馆，有您想要的椒盐排条。"),
            *NEXT,
        ]
    )
    # The reply said the place has the dish: it goes with the place, not into the archive.
    assert ("餐馆.推荐菜", "椒盐排条") not in unmet(s)
    assert slots(s).get("餐馆[青松小馆].推荐菜") == "椒盐排条"


def test_a_dish_the_reply_says_is_missing_is_not_met() -> None:
    s = replay(
        [
            ("user", "帮我找一家能吃到椒盐排条的餐馆。"),
            ("assistant", "没有椒盐排条，推荐您去青松小馆。"),
            *NEXT,
        ]
    )
    assert "餐馆[青松小馆].推荐菜" not in slots(s)


def test_a_number_inside_another_number_is_not_named() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分、人均消费100-150元的餐馆。"),
            ("assistant", "没有符合条件的，推荐您去青松小馆，步行15分钟就到。"),
            *NEXT,
        ]
    )
    # "5分" stands inside "15分钟": the rating the user asked is not said to be met.
    assert ("餐馆.评分", "5分") in unmet(s)


def test_a_question_about_the_found_place_answered_yes_keeps_the_dish_with_it() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元的餐馆"),
            ("assistant", "推荐您去青松小馆。"),
            ("user", "青松小馆有椒盐排条这道菜吗？"),
            ("assistant", "有的，椒盐排条是他家的拿手菜。"),
            *NEXT,
        ]
    )
    assert slots(s).get("餐馆[青松小馆].推荐菜") == "椒盐排条"
    assert not unmet(s)


def test_the_candidate_offered_again_for_a_new_criterion_meets_it() -> None:
    s = replay(
        [
            ("user", "帮我找一家高档型的酒店。"),
            ("assistant", "推荐您去青松大酒店。"),
            ("user", "这些里面哪家价格是500-600元的？"),
            ("assistant", "我刚才说的青松大酒店就正好合适。"),
            ("user", "好的，它的地址在哪？"),
            ("assistant", "地址是北京市海淀区青松路8号。"),
            ("user", "再帮我找一家经济型的酒店吧。"),
        ]
    )
    assert slots(s).get("酒店[青松大酒店].价格") == "500-600元"
    assert not unmet(s)


def test_a_contrasting_fact_archives_the_request_it_failed() -> None:
    # A request the contrast says failed is archived as unmet, never left beside the fact:
    # the user who goes on with the candidate has given it up.
    s = replay(
        [
            ("user", "帮我找一家人均消费50-100元的餐馆。"),
            ("assistant", "推荐您去青松小馆，不过它家人均消费是160元。"),
            *NEXT,
        ]
    )
    assert slots(s).get("餐馆[青松小馆].人均消费") == "160元"
    assert ("餐馆.人均消费", "50-100元") in unmet(s)


def test_two_searches_that_found_the_same_place_both_keep_their_request() -> None:
    s = replay(
        [
            ("user", "帮我找一个门票20-50元的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "它的电话是多少？"),
            ("assistant", "电话是010-66661111。"),
            ("user", "帮我找个评分4分以上的餐馆。"),
            ("assistant", "推荐您去青松小馆。"),
            ("user", "再帮我找一个门票不免费的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "它的地址在哪？"),
            ("assistant", "地址是北京市海淀区青松路1号。"),
            ("user", "再帮我找一个游玩时间2小时的景点。"),
        ]
    )
    assert slots(s).get("景点[青松公园].门票") == "20-50元、不免费"
    assert "20-50元" not in {a.value for a in s.state.archive}


def test_a_dish_after_a_negation_in_its_clause_is_not_met() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分、能吃到椒盐排条的餐馆。"),
            ("assistant", "抱歉没有找到完全符合的，推荐您去青松小馆，不过它家不一定有椒盐排条。"),
            *NEXT,
        ]
    )
    assert ("餐馆.推荐菜", "椒盐排条") in unmet(s)


def test_a_reply_meets_only_the_criteria_of_the_search_it_answers() -> None:
    s = replay(
        [
            ("user", "帮我找一个门票免费的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "再帮我找一家人均消费50元以下的餐馆。"),
            ("assistant", "推荐您去青松小馆，门口的广场也是免费的。"),
        ]
    )
    assert not s.state.slots["景点.门票"].met
