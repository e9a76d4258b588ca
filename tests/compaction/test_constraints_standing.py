"""Standing instructions said by how long they hold, not by a prohibition or a "must": "价格一律
用人民币显示", "每次都把订单号放在最前面", "以后都用英文回复", "从现在开始，所有金额保留两位小数",
"From now on, reply in French". Sentences of our own; each is a rule that binds every later turn."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints


@pytest.mark.parametrize(
    ("text", "subject_part"),
    [
        ("价格一律用人民币显示。", "人民币"),
        ("每次都把订单号放在最前面。", "订单号"),
        ("麻烦以后都用英文回复。", "英文"),
        ("今后都用表格列出结果。", "表格"),
        ("从现在开始，所有金额保留两位小数。", "两位小数"),
        ("从今以后，地址要写全。", "地址"),
        ("From now on, reply in French.", "french"),
        ("Going forward, reply in French.", "french"),
    ],
)
def test_a_standing_instruction_is_a_rule(text: str, subject_part: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity == "require"
    assert subject_part in rules[0].subject.lower()
    assert rules[0].text in text


def test_a_scope_before_a_rule_with_its_own_cue_adds_no_second_rule() -> None:
    rules = extract_constraints("从现在起，不要再给我推荐海鲜。")
    assert [r.polarity for r in rules] == ["forbid"]
    rules = extract_constraints("Going forward, always cc my manager.")
    assert [r.polarity for r in rules] == ["require"]


@pytest.mark.parametrize(
    "text",
    [
        "从现在开始，你能帮我查天气吗？",  # a question
        "我从现在开始减肥。",  # about the speaker, no scope leading a clause
        "We are open from now on until 9.",  # mid-sentence: a time
    ],
)
def test_a_time_said_in_passing_is_no_rule(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    ("text", "polarity"),
    [
        ("以后都不要用英文回复。", "forbid"),
        ("一律不要用英文。", "forbid"),
        ("每次都别超过三句话。", "require"),
    ],
)
def test_a_scope_before_a_cue_keeps_the_cues_polarity(text: str, polarity: str) -> None:
    assert [r.polarity for r in extract_constraints(text)] == [polarity]


@pytest.mark.parametrize(
    "text",
    [
        "我每次都点宫保鸡丁。",
        "今后，我们公司会搬到海淀区。",
        "从现在起，我预算有限。",
        "From now on, I will be working from home.",
    ],
)
def test_what_the_speaker_or_others_do_from_now_on_is_no_rule(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("我对海鲜过敏。", "海鲜"),
        ("孩子吃花生会过敏，别推荐有花生的菜。", "花生"),
        ("I am allergic to peanuts, so no peanut dishes.", "peanuts"),
        ("My son is allergic to shellfish and dairy.", "shellfish and dairy"),
    ],
)
def test_an_allergy_forbids_what_it_is_to(text: str, subject: str) -> None:
    rules = extract_constraints(text)
    assert rules[0].polarity == "forbid"
    assert rules[0].subject.lower() == subject


@pytest.mark.parametrize("text", ["过敏性鼻炎犯了。", "他说这家店的菜让人吃了过敏？"])
def test_talk_of_allergy_with_nothing_it_is_to_is_no_rule(text: str) -> None:
    assert extract_constraints(text) == []


def test_a_rule_on_the_dishes_that_jieba_joins_to_its_cue_is_read() -> None:
    # jieba makes one word of "菜别"; the rule is still "别太辣".
    rules = extract_constraints("推荐菜别太辣。")
    assert [(r.polarity, r.subject) for r in rules] == [("forbid", "太辣")]


@pytest.mark.parametrize(
    "text",
    [
        "我对花生不过敏。",
        "我吃海鲜从来不过敏。",
        "I am not allergic to peanuts.",
        "My friend thought I was allergic to shellfish, but I am not.",
        "I used to be allergic to cats.",
        "很多人对花生过敏，不过我没事。",
        "对花粉过敏的人春天要注意。",
        "您对什么食物过敏吗？",
        "这家的菜别具风味。",
        "这道菜别有一番风味。",
    ],
)
def test_no_allergy_of_the_users_party_and_no_rule_in_praise(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("不要显示价格。", "其实价格可以显示了。"),
        ("回复不要用表情。", "之前说的不要表情，那个取消吧。"),
        ("Don't use emojis.", "Forget what I said about emojis."),
        ("Don't use emojis.", "Never mind what I said about emojis."),
        ("不要显示价格。", "其实那个价格可以显示了。"),
        ("不要显示价格。", "其实价格可以显示了，能把刚才那家的价格发我吗？"),
        ("Always cc my manager.", "You no longer need to cc my manager."),
    ],
)
def test_a_rule_lifted_in_other_words_is_revoked(rule: str, lift: str) -> None:
    from ._crosswoz import distill

    d = distill([("user", rule), ("assistant", "OK."), ("user", lift)], ontology=None)
    statuses = {e.text: e.status for e in d.state.ledger.entries}
    assert "revoked" in (statuses.get(rule), statuses.get(rule.rstrip("。")))


@pytest.mark.parametrize(
    "text",
    [
        "Never mind, I'll do it myself.",
        "我现在可以用了。",
        "这个可以用了吗？",
        "Forget it.",
        "你说的不要紧，算了。",
        "I can't forget about the trip.",
    ],
)
def test_a_remark_that_lifts_nothing_named_is_no_revocation(text: str) -> None:
    assert not any(c.revokes for c in extract_constraints(text))


def test_a_lift_of_one_rule_leaves_an_unrelated_one() -> None:
    from ._crosswoz import distill

    d = distill(
        [("user", "不要给我推荐海鲜。"), ("assistant", "好的。"), ("user", "我现在可以用了。")],
        ontology=None,
    )
    assert [e.status for e in d.state.ledger.entries if e.text == "不要给我推荐海鲜"] == ["active"]


@pytest.mark.parametrize(
    ("rule", "remark"),
    [
        ("Don't use emojis.", "Ignore the emojis in my last message, they were a typo."),
        ("Only reply in Chinese.", "Ignore the Chinese text in the screenshot."),
        ("Don't mention the hotel price.", "Forget the hotel, let's book a restaurant."),
        ("Never use my full name.", "Never mind my name, what's the weather?"),
    ],
)
def test_a_remark_about_content_lifts_no_rule(rule: str, remark: str) -> None:
    from ._crosswoz import distill

    d = distill([("user", rule), ("assistant", "OK."), ("user", remark)], ontology=None)
    assert [e.status for e in d.state.ledger.entries if e.text == rule] == ["active"]
