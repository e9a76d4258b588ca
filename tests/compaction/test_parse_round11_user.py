"""Round 11, the user's criteria: spoken currency words, a wish lead before a feature, an
amount said alone in a message that looks for one kind of place, and bounds not to cross."""

from __future__ import annotations

from ctxengine.compaction.outcomes import within

from ._crosswoz import said, slot_values


def test_a_spoken_currency_word_is_a_unit_of_an_amount_after_a_remark() -> None:
    # "块" as "元": the amount after a remark on the slot is read as with "元".
    assert slot_values("我想吃点麻辣香锅，人均别太贵，100块以内。")["人均消费"] == "100块以内"
    assert slot_values("门票便宜点，30块钱以下的就行。")["门票"] == "30块钱以下"
    # A remark with no amount after it still sets nothing.
    assert "人均消费" not in slot_values("人均别太贵，吃得好就行。")


def test_a_wish_before_a_feature_is_no_name() -> None:
    assert slot_values("帮我找个景点，门票最好免费。")["门票"] == "免费"
    assert slot_values("找家酒店，必须经济型的。")["酒店类型"] == "经济型"
    # A name that holds the word is still a name ("…温泉酒店" is no hot spring wish).
    assert "酒店设施" not in slot_values("我想住金龙建国温泉酒店。")


def test_an_amount_alone_in_a_message_seeking_one_kind_is_its_price() -> None:
    assert said("找个酒店，要300-400元的。") == [("酒店", "价格", "300-400元")]
    assert slot_values("酒店最好是1000元以上的，帮我找找。")["价格"] == "1000元以上"
    assert slot_values("找个便宜点的酒店，200块以下的。")["价格"] == "200块以下"
    assert slot_values("帮我推荐个餐馆，100元左右。")["人均消费"] == "100元左右"
    assert slot_values("推荐个景点，20元以下的就行。")["门票"] == "20元以下"
    got = said("能帮我找一个高档型的，700-800元之间，评分能是4分以上的酒店吗？")
    assert ("酒店", "价格", "700-800元") in got


def test_an_amount_alone_is_no_price_when_the_kind_is_unclear() -> None:
    # Two kinds named (a ride from the hotel): whose price is unclear.
    assert said("我从酒店打车过去，50元左右。") == []
    # No search: a hotel mentioned, not looked for.
    assert "价格" not in slot_values("我住的酒店不错，50元左右。")
    # The amount is part of a longer clause: no price said alone.
    assert "价格" not in slot_values("找个酒店，我们带了500元。")


def test_a_bound_not_to_cross_is_read_as_the_bound() -> None:
    # "不要超过50元" is at most 50, not more than 50; "别低于4分" at least 4.
    assert within("45元", "不要超过50元") is True
    assert within("60元", "不要超过50元") is False
    assert within("50元", "别超过50元") is True
    assert within("4.3分", "不能低于4分") is True
    assert within("3.5分", "别低于4分") is False


def test_a_currency_word_compares_with_yuan() -> None:
    assert within("75元", "100块以内") is True
    assert within("120元", "100块钱以内") is False
    assert within("350元", "300-400RMB") is True


def test_a_bound_not_to_cross_is_the_criterion_and_a_limit_rule() -> None:
    from ctxengine.compaction.constraints import extract_constraints

    assert slot_values("门票不要超过50元。")["门票"] == "不要超过50元"
    assert slot_values("人均别超过80块。")["人均消费"] == "别超过80块"
    assert slot_values("评分不能低于4分的酒店。")["评分"] == "不能低于4分"
    # The rule is the limit, not a prohibition that would remove the criterion.
    rules = extract_constraints("门票不要超过50元。")
    assert [(r.polarity, r.subject) for r in rules] == [("require", "50元")]
    # The criterion then compares as "at most" / "at least".
    assert within("45元", "不要超过50元") is True
    assert within("4.5分", "不能低于4分") is True
