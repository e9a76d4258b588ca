"""What looks like a rule but is not one: "别" meaning "other", relief ("不用愁了"), an idiom
("一动不想动"); the rules beside them are still read."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.ledger import normalize_subject


@pytest.mark.parametrize(
    "text",
    [
        "周末想去别家看看",  # 别 = other
        "换个别处的也行",
        "别是在很远的郊区吧",  # a worry
        "这下住的地方不用愁了",  # relief, said of the speaker
        "总算不用为停车担心了",
        "不要着急，慢慢来",
        "逛完街我一动不想动",  # idiom
        "住这儿的话我都不用打车了呢",  # a statement of how things are
    ],
)
def test_not_a_rule(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    ("text", "polarity", "subject"),
    [
        ("别用顺丰", "forbid", "顺丰"),
        ("不用显示价格了", "forbid", "价格"),
        ("别家的报价不要发给我", "forbid", "发给我"),
        ("不用担心，但是不要订经济舱", "forbid", "订经济舱"),
    ],
)
def test_the_rule_beside_it_is_read(text: str, polarity: str, subject: str) -> None:
    got = [(c.polarity, c.subject) for c in extract_constraints(text)]
    assert got == [(polarity, subject)]


@pytest.mark.parametrize(
    "text",
    [
        "Is that a non-stop flight or a one-stop one?",  # a cue inside a hyphenated word
        "Critics call it a must-see.",
        "We could try Never Again Diner tonight.",  # a name in title case mid-sentence
        "My favourite band is Always Late Club.",
    ],
)
def test_not_an_english_rule(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    ("text", "subject"),
    [("Never Again use Comic Sans.", "comic sans"), ("Note: Do Not call me after 9pm", "call me")],
)
def test_a_title_case_cue_that_starts_a_sentence_is_a_rule(text: str, subject: str) -> None:
    got = [(c.polarity, c.subject) for c in extract_constraints(text)]
    assert got and got[0][1].startswith(subject.split()[0])


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("别处理这个订单，我还要改地址", "处理这个订单"),  # 处理 is a verb, not "other place"
        ("只要别是周末就行", "周末就行"),  # a condition, not a worry
        ("不要着急回复，先把价格查清楚", "着急回复"),  # relief word with a verb after it
        ("回复里不要用表情呢", "表情"),  # 呢 alone states nothing
    ],
)
def test_what_only_looks_like_a_non_rule_is_a_rule(text: str, subject: str) -> None:
    assert [c.subject for c in extract_constraints(text)] == [subject]


def test_a_title_case_rule_after_a_bullet_is_a_rule() -> None:
    assert [c.subject for c in extract_constraints("- Never Mention My Salary")] == ["my salary"]


def test_a_stressed_prohibition_is_one_and_a_word_ending_in_ba_keeps_it() -> None:
    got = [(c.polarity, c.subject) for c in extract_constraints("千万别推荐酒吧。")]
    assert got == [("forbid", "酒吧")]
    for text in ("请别显示价格", "一定不要用顺丰", "请不要显示价格"):
        assert [c.polarity for c in extract_constraints(text)] == ["forbid"], text
    # "特别" is no prohibition, and a particle 吧 still goes.
    assert extract_constraints("特别推荐酒吧") == []
    assert [c.subject for c in extract_constraints("别去了吧")] == ["去"]


@pytest.mark.parametrize(
    "text",
    [
        "千万别这么说",
        "千万别客气",
        "你可别小看这家店",
        "请别这样",
        "请不要客气",
        "一定不要错过",
        "可别提了",
    ],
)
def test_courtesy_and_comfort_with_a_stressed_cue_are_no_rules(text: str) -> None:
    assert extract_constraints(text) == []


def test_a_particle_ba_after_a_word_goes_and_a_word_ba_stays_in_matching() -> None:
    assert [c.subject for c in extract_constraints("别推荐啤酒吧")] == ["啤酒"]
    assert [c.subject for c in extract_constraints("那就别点奶茶吧")] == ["点奶茶"]
    assert normalize_subject("酒吧") == "酒吧" and normalize_subject("去了吧") == "去"
    assert [c.polarity for c in extract_constraints("不要这样回复我")] == ["forbid"]


@pytest.mark.parametrize(
    "text",
    [
        "别错过截止日期提醒我",  # 错过 with what not to miss is a rule
        "不要错过末班地铁",
        "价格以后不要再提了",  # a topic before the cue: a rule, not courtesy
        "以后回复不要这样了",
        "你以后不要再这样了",
        "绝不能透露电话",  # a stress jieba joins to the cue
        "万万不能超预算",
    ],
)
def test_rules_that_look_like_courtesy_or_hide_their_cue_are_still_rules(text: str) -> None:
    assert [c.polarity for c in extract_constraints(text)] == ["forbid"]
