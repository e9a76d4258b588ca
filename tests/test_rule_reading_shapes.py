# ruff: noqa: E501  (conversation text is kept verbatim)
"""Rules read from shapes with no cue word of their own, or cut short, and their near-misses.

Each family is read by one general shape in `ctxengine.compaction.constraints`: "no X" after a
request, a reason or before its reason; an instruction for every one of a kind joined to a rule;
a threshold past which something is required; what to do around every one of an action; a time
and "不" and a verb; a format for all of a kind; the alternative a forbid names ("…就行", "… is
fine"); an outcome to avoid given as a reason; a changed value's own words; a contrast kept in
the rule before it.
"""

from __future__ import annotations

import pytest
from _review_harness import rule_texts, ruled

from ctxengine.compaction.constraints import extract_constraints

# ---------------------------------------------------------------- "no X" beyond a bare sentence


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("No shellfish places, my wife is allergic.", "No shellfish places"),
        ("No onions, I hate them.", "No onions"),
        ("No stairs, since my knee is bad.", "No stairs"),
        ("No peanuts, our son has an allergy.", "No peanuts"),
        ("Rebook me, no red-eyes please.", "no red-eyes"),
        ("Book a table, no smoking section.", "no smoking section"),
        ("Find me a hotel, no chains.", "no chains"),
        ("I'm vegetarian so no meat or fish in any meal plan.", "no meat or fish in any meal plan"),
        ("We're vegan, so no dairy in anything.", "no dairy in anything"),
    ],
)
def test_no_x_after_request_reason_or_before_reason(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "No seats, they're sold out.",
        "No flights, I checked.",
        "I called them, no answer.",
        "Send it today, no rush.",
        "Found two hotels, no pools.",
        "I was tired so no dinner for me yesterday.",
        "No worries, I'll wait.",
    ],
)
def test_no_x_near_misses_state_no_rule(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- "And <do> every …" after a rule


def test_and_every_after_rule_is_a_rule() -> None:
    text = "Never run a DELETE without a WHERE clause. And wrap every write in a transaction."
    assert ruled(text, "wrap every write in a transaction")
    assert ruled("Never use pandas, and add type hints to every function.", "type hints to every")


@pytest.mark.parametrize(
    "text",
    [
        "Never run a DELETE without a WHERE clause. And show me the table sizes.",
        "And check each file.",  # no rule before it
        "Never use pandas. And I checked every file.",  # said of the speaker
        "Don't book it yet, and send me every option.",  # a request for now
        "Don't book it yet, and send me all the options.",
    ],
)
def test_and_every_near_misses(text: str) -> None:
    assert not any("every" in t or "each" in t for t in rule_texts(text) if "Never" not in t)


# ---------------------------------------------------------------- over a threshold, required


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Only buy from vendors on the approved list, and anything over $5,000 needs CFO sign-off.",
            "anything over $5,000 needs CFO sign-off",
        ),
        ("Anything over $500 needs my approval.", "Anything over $500 needs my approval"),
        ("Purchases above $1,000 require a second quote.", "above $1,000 require a second quote"),
        ("超过5000的都要CFO签字。", "超过5000的都要CFO签字"),
        ("5000元以上的需要财务审批。", "5000元以上的需要财务审批"),
        ("金额超过一万的要经理批准。", "金额超过一万的要经理批准"),
    ],
)
def test_over_threshold_needs_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "The laptop over $2,000 needs a new battery.",
        "Does anything over $500 need approval?",
        "超过5000的都要签字吗？",
    ],
)
def test_over_threshold_near_misses(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- around every one of an action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("每次 UPDATE 之前先 count 一下影响行数给我看。", "UPDATE 之前先 count"),
        ("每次部署前先跑测试。", "每次部署前先跑测试"),
        ("以后发邮件之前先给我看一下。", "发邮件之前先给我看"),
        ("每次改完代码之后都要跑测试。", "之后都要跑测试"),
        ("Before every UPDATE, count the affected rows first.", "count the affected rows"),
        ("Run the tests before each deploy.", "Run the tests before each deploy"),
    ],
)
def test_each_time_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "我每次出门前先喝咖啡。",
        "每次 UPDATE 之前先 count 了一下。",
        "下班以后先回家。",
        "I ran the tests before each deploy.",
        "每次部署前先跑测试吗？",
    ],
)
def test_each_time_near_misses(text: str) -> None:
    assert rule_texts(text) == []


def test_each_time_with_its_own_cue_read_once() -> None:
    texts = rule_texts("Before each deploy, always run the tests.")
    assert len(texts) == 1 and "run the tests" in texts[0]


# ---------------------------------------------------------------- a time, 不, a verb


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("周末不搬，小区周末不让大车进。", "周末不搬"),
        ("晚上不送货。", "晚上不送货"),
        ("我们工作日白天不装修。", "工作日白天不装修"),
        ("周日不看房。", "周日不看房"),
    ],
)
def test_zh_time_not_verb_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "小区周末不让大车进。",
        "周末不堵车。",
        "周末不开门吗？",
        "周末不搬的话能便宜吗",
        "那家店周日不营业。",
        "我晚上不回来吃饭。",
    ],
)
def test_zh_time_not_verb_near_misses(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- formats for all of a kind


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("帮我做个税汇算。所有金额都保留两位小数。", "所有金额都保留两位小数"),
        ("所有金额保留两位小数。", "所有金额保留两位小数"),
        ("所有日期都写成YYYY-MM-DD。", "所有日期都写成YYYY-MM-DD"),
        ("全部价格用人民币。", "全部价格用人民币"),
    ],
)
def test_zh_all_format_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize("text", ["所有人都到了。", "所有金额都保留两位小数吗？"])
def test_zh_all_format_near_misses(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- "还有" before a cue


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("还有别选王建国老师的课，他给分太狠了。", "别选王建国老师的课"),
        ("还有别选靠窗的座位。", "别选靠窗的座位"),
        ("另外别选王建国老师的课。", "别选王建国老师的课"),
    ],
)
def test_zh_also_then_cue_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize("text", ["还有不要钱的景点。", "有不要钱的景点。", "还有不用预约的餐厅。"])
def test_zh_there_is_a_free_one_no_rule(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- the alternative kept whole


@pytest.mark.parametrize(
    ("text", "alt"),
    [
        ("有事别打电话，发短信就行。", "发短信"),
        ("不用打电话，发微信就行。", "发微信"),
        ("别订酒店了，住我家就好。", "住我家"),
        ("Don't call me, a text is fine.", "a text"),
        ("Don't call me, texting is enough.", "texting"),
    ],
)
def test_forbid_with_what_will_do_instead(text: str, alt: str) -> None:
    found = extract_constraints(text)
    assert not any(c.revokes for c in found)  # "…就行" here names the way, lifts nothing
    assert {c.polarity for c in found} == {"forbid", "require"}
    assert all(alt in c.text for c in found)


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("别来接我，我自己打车就行。", "别来接我"),  # the speaker's own way
        ("Don't call me, I'm busy.", "Don't call me"),
        ("不要PDF，Excel就行吗？", "不要PDF"),
    ],
)
def test_forbid_alternative_near_misses(text: str, whole: str) -> None:
    assert rule_texts(text) == [whole]


# ---------------------------------------------------------------- an outcome given as a reason


@pytest.mark.parametrize(
    "text",
    [
        "导出还是用4K吧，原片是4K的别浪费。",
        "订直飞吧，别折腾了。",
        "早点出发，别迟到了。",
        "Export in 4K, the source is 4K, don't waste it.",
        "Book it now, don't miss it.",
    ],
)
def test_outcome_after_request_is_no_rule(text: str) -> None:
    assert not any(
        w in t for t in rule_texts(text) for w in ("浪费", "折腾", "迟到", "waste", "miss")
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [("别浪费时间。", "别浪费时间"), ("Don't miss the deadline.", "miss the deadline")],
)
def test_outcome_near_misses_stay_rules(text: str, words: str) -> None:
    assert ruled(text, words)


# ---------------------------------------------------------------- a changed value's own words


@pytest.mark.parametrize(
    ("text", "words", "reason"),
    [
        ("我朋友也要去，改成3张吧，预算加到3500。", "预算加到3500", "朋友"),
        ("人多了，预算提高到5000。", "预算提高到5000", "人多"),
        (
            "My friend is coming, so change the budget to 3500.",
            "change the budget to 3500",
            "friend",
        ),
    ],
)
def test_new_value_without_the_reason_before(text: str, words: str, reason: str) -> None:
    changes = [c.text for c in extract_constraints(text) if c.cue.endswith("[new value]")]
    assert len(changes) == 1 and words in changes[0] and reason not in changes[0]


def test_new_value_keeps_its_scope() -> None:
    changes = [c.text for c in extract_constraints("对于国内航班，预算加到3500。") if c.revokes]
    assert changes == ["对于国内航班，预算加到3500"]


# ---------------------------------------------------------------- a contrast shown once


@pytest.mark.parametrize(
    "text",
    [
        "Only contact me by email, never call my work number.",
        "Only use pnpm, never use npm.",
        "Only deploy from CI, never from a laptop.",
    ],
)
def test_only_then_never_one_text(text: str) -> None:
    found = extract_constraints(text)
    assert len(found) >= 2 and {c.polarity for c in found} >= {"only", "forbid"}
    assert len({c.text for c in found}) == 1


def test_never_alone_keeps_its_own_text() -> None:
    assert rule_texts("Email me. Never call my work number.") == ["Never call my work number."]
