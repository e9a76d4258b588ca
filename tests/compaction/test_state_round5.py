"""Values a reply did not decline stay the user's current goal instead of being archived.

A declining reply's differing fact names the request that failed even without a contrast
word; a reply that says a slot is unmet is about the entity the latest message searched; a clause
that ends on not finding something names what precedes it; and a reply that says only that
nothing around the place asked about fits declines no criterion."""

from __future__ import annotations

from ctxengine.compaction.outcomes import denied_spans, says_unmet

from ._crosswoz import archived, replay, slots, unmet

# The user goes on with the offered place, then starts another search: the first one closes.
GO_ON = [
    ("user", "好的，他家电话是多少？"),
    ("assistant", "电话是010-87654321。"),
    ("user", "再帮我找一家评分4分以上的餐馆"),
]


def test_a_differing_fact_without_a_contrast_word_says_which_request_failed() -> None:
    s = replay(
        [
            ("user", "帮我找一家人均消费100-150元、推荐菜有红烧肉的餐馆"),
            ("assistant", "对不起，没有查到完全符合条件的餐馆，推荐您去鼎泰丰，人均消费80元。"),
            *GO_ON,
        ]
    )
    # The price was the failure; the dish went with the place the search found.
    assert slots(s)["餐馆[鼎泰丰].推荐菜"] == "红烧肉"
    assert ("餐馆.推荐菜", "红烧肉") not in unmet(s)


def test_a_fact_whose_fit_cannot_be_told_leaves_the_failed_request_open() -> None:
    s = replay(
        [
            ("user", "帮我找一家评分5分、推荐菜有红烧肉的餐馆"),
            ("assistant", "对不起，没有查到完全符合条件的餐馆，推荐您去鼎泰丰，评分4.5分。"),
            *GO_ON,
        ]
    )
    # "4.5分" against "5分" may not be what failed: the dish is not shown as the place's.
    assert ("餐馆.推荐菜", "红烧肉") in unmet(s)
    assert "红烧肉" not in slots(s).values()


def test_an_unmet_slot_is_never_an_entity_the_latest_message_did_not_search() -> None:
    s = replay(
        [
            ("user", "帮我找一家价格300-400元的酒店"),
            ("assistant", "推荐您去北京和平宾馆。"),
            ("user", "好的，谢谢。再帮我找一家人均消费50元以下的餐馆"),
            ("assistant", "抱歉，价位没有符合您要求的。"),
        ]
    )
    # "价位" is a hotel's price word, but the restaurant was what the reply answered.
    assert slots(s)["酒店.价格"] == "300-400元"
    assert "300-400元" not in archived(s)


def test_a_clause_ending_on_not_finding_names_what_precedes_it() -> None:
    assert "符合条件的豪华型酒店" in denied_spans("抱歉，符合条件的豪华型酒店没有找到呢，推荐您去A")
    assert denied_spans("推荐您去A，电话是010-87654321") == []


def test_a_type_said_not_found_is_the_unmet_request_and_the_others_stay() -> None:
    s = replay(
        [
            ("user", "帮我找一家价格500-600元的豪华型酒店"),
            ("assistant", "抱歉，符合条件的豪华型酒店没有找到，推荐您去北京和平宾馆。"),
            ("user", "好的，它家电话是多少？"),
            ("assistant", "电话是010-87654321。"),
            ("user", "再帮我找一家评分4分以上的酒店"),
        ]
    )
    assert ("酒店.酒店类型", "豪华型") in unmet(s)
    # The type the reply says it did not find is no fact about the place offered.
    assert all(v != "豪华型" for v in slots(s).values())
    # The price was met: it stays current, not archived as unmet.
    assert "500-600元" in slots(s).values()
    assert "500-600元" not in archived(s)


def test_nothing_around_the_named_place_declines_no_criterion() -> None:
    assert not says_unmet("酒店附近没有符合您要求的餐馆，推荐您去别处的鼎泰丰")
    assert not says_unmet("抱歉，在景点附近的餐馆不满足你的要求，推荐您去鼎泰丰")
    # Without a place before it, or saying nothing there goes that far, it still declines.
    assert says_unmet("抱歉，周边的餐馆都没有找到符合要求的")
    assert says_unmet("景点附近可没有这么贵的餐馆")


def test_criteria_asked_around_a_place_go_with_the_place_offered_elsewhere() -> None:
    s = replay(
        [
            ("user", "我想在酒店附近找一家人均消费100-150元、推荐菜有红烧肉的餐馆"),
            ("assistant", "抱歉，没有这样的餐馆，酒店附近没有餐馆，推荐你去别处的鼎泰丰吧。"),
            *GO_ON,
        ]
    )
    # Both criteria went with the place found (whose name the parser gives the hotel here).
    found = {k: v for k, v in slots(s).items() if k.startswith("餐馆[")}
    assert set(found.values()) == {"红烧肉", "100-150元"}
    assert unmet(s) == set()
