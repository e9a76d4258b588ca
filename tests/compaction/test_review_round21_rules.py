"""Round-21 review of the rule ledger, each misread end to end (the ledger and the block):

1. a guess or an expectation ("It should be a five-star hotel", "应该是五星级的吧") is no rule,
   where "should" said of the assistant's replies ("回复应该用中文") is one;
2. a question ("Must it be a five-star hotel?", "是不是只能订商务舱") is no rule;
3. a permission said topic first ("生产数据库可以重启了", "The prod database can be restarted
   now.") lifts the rule as "可以重启生产数据库了" does;
4. "Economy is fine too" / "经济舱也可以" widens an only-rule of another kind of the same thing,
   with a conflict record that shows both;
5. a permission for one occasion ("这次可以显示价格") leaves the block once a later user turn
   has moved on, the rule it excepted still in force."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession


def rules(text: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.subject) for c in extract_constraints(text)]


def constraint_lines(block: str) -> list[str]:
    """The lines of the block's [Constraints] section, without their markers."""
    out: list[str] = []
    inside = False
    for line in block.splitlines():
        if line.startswith("["):
            inside = line in ("[Constraints]", "[约束]")
            continue
        if inside:
            out.append(line.removeprefix("- ").rsplit(" [", 1)[0])
    return out


def conflict_lines(block: str) -> list[str]:
    out: list[str] = []
    inside = False
    for line in block.splitlines():
        if line.startswith("["):
            inside = line in ("[Conflicts]", "[冲突]")
            continue
        if inside:
            out.append(line)
    return out


# 1. A guess or an expectation is no rule; "should" of the assistant's replies is one.


def _no_rule_anywhere(text: str) -> None:
    """Not read as a rule, not in the ledger, not in the block."""
    assert rules(text) == []
    s = LedgerSession(text)
    assert s.active() == []
    assert constraint_lines(s.block()) == []


@pytest.mark.parametrize(
    "text",
    [
        "It should be a five-star hotel.",
        "I guess it should be near the station.",
        "The hotel should be 5-star.",
        "They should be four-star hotels.",
        "I guess it should always be in English.",
        "Probably it should always be in English.",
        "It should probably be a five-star hotel.",
        "应该是五星级的吧",
        "我猜应该在车站附近吧",
        "可能必须是五星级的吧",
        "估计必须今天去吧",
        "酒店应该是五星级的",
        "我觉得应该是五星级的吧",
        "大概一定要今天去吧",
    ],
)
def test_a_guess_or_an_expectation_is_no_rule(text: str) -> None:
    _no_rule_anywhere(text)


@pytest.mark.parametrize(
    "text",
    [
        "It should always be in English.",
        "You must always answer in English.",
        "You should reply in English.",
        "Replies should be in Chinese.",
        "Your answers should always be short.",
        "I think you should always reply in English.",
        "You should use Python 3.12.",
        "It must be a five-star hotel.",
        "必须用中文回答",
        "回复应该用中文",
        "以后回答应该用英文",
        "你应该用中文回复我",
        "回复都应该简短一点",
        "必须是五星级的",
    ],
)
def test_a_should_or_must_said_as_an_instruction_stays_a_rule(text: str) -> None:
    assert [p for p, _ in rules(text)][:1] == ["require"]
    s = LedgerSession(text)
    assert s.active() == [text]
    assert text in constraint_lines(s.block())


# 2. A question is no rule.


@pytest.mark.parametrize(
    "text",
    [
        "Must it be a five-star hotel?",
        "Does it have to be in Paris?",
        "Must I use pandas?",
        "Do you always reply in English?",
        "Should I always use pandas?",
        "Must it be five-star, or is four-star okay?",
        "Is it a must to book today?",
        "Only business class?",
        "It must be a five-star hotel, right?",
        "必须是五星级吗？",
        "一定要今天吗？",
        "是不是只能订商务舱",
        "一定要今天去是不是",
        "是否一定要今天",
        "是否必须今天出发",
        "必须是五星级的，对吗？",
        "必须今天吗 明天行不行",
        "只能用支付宝吗 信用卡呢",
    ],
)
def test_a_question_is_no_rule(text: str) -> None:
    _no_rule_anywhere(text)


@pytest.mark.parametrize(
    "text",
    [
        "Don't show prices, ok?",
        "Can you always reply in English?",
        "Could you please never show prices?",
        "Always reply in English, please.",
        "不要显示价格，好吗？",
        "请只订商务舱，可以吗？",
        "必须用中文回答",
        "一定要今天去",
    ],
)
def test_a_rule_asked_politely_stays_a_rule(text: str) -> None:
    assert rules(text) != []
    active = LedgerSession(text).active()
    # The rule's clause, without the tag that asks for it.
    assert len(active) == 1 and text.startswith(active[0])


@pytest.mark.parametrize(
    ("rule", "asked"),
    [
        ("Only business class.", "Must it be business class?"),
        ("It must be a five-star hotel.", "Must it be a four-star hotel?"),
        ("只订商务舱", "是不是只能订经济舱"),
        ("必须是五星级的", "是否必须是四星级的"),
    ],
)
def test_a_question_changes_no_rule_in_force(rule: str, asked: str) -> None:
    s = LedgerSession(rule, asked)
    assert s.active() == [rule]
    assert s.conflicts() == []


# 3. A permission said topic first lifts the rule.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("不要重启生产数据库", "可以重启生产数据库了"),
        ("不要重启生产数据库", "生产数据库可以重启了"),
        ("不要重启生产数据库", "生产数据库现在可以重启了"),
        ("不要重启生产数据库", "好的，生产数据库可以重启了"),
        ("不要重启生产数据库", "生产数据库也可以重启了吧"),
        ("不要删除测试数据", "测试数据可以删除了"),
        ("Never restart the prod database.", "The prod database can be restarted now."),
        ("Never restart the prod database.", "The prod database may be restarted now."),
        ("Never restart the prod database.", "OK, the prod database can be restarted again."),
        ("Never restart the prod database.", "Restarting prod is fine now."),
        ("Never restart the prod database.", "Restarting the prod database is OK now."),
        ("Never delete the test data.", "The test data can be deleted now."),
        ("Don't modify the config file.", "The config file can be modified now."),
    ],
)
def test_a_permission_said_topic_first_lifts_the_rule(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "revoked"
    # The permission's clause ("好的，" is no part of it) is what stands instead.
    [permission] = s.active()
    assert permission in lift
    assert constraint_lines(s.block()) == [permission]


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("不要重启生产数据库", "生产数据库可以重启了吗？"),
        ("不要重启生产数据库", "生产数据库可以重启吗？"),
        ("不要重启生产数据库", "可以吗？"),
        ("不要重启生产数据库", "测试数据库可以重启了"),
        ("不要重启生产数据库", "我可以重启了"),
        ("不要重启生产数据库", "生产数据库可以访问了"),
        ("Never restart the prod database.", "The prod database can be restarted?"),
        ("Never restart the prod database.", "Can the prod database be restarted now?"),
        ("Never restart the prod database.", "The prod database can't be restarted now."),
        ("Never restart the prod database.", "The staging database can be restarted now."),
        ("Never restart the prod database.", "The prod database can be reached now."),
    ],
)
def test_look_alikes_of_a_topic_first_permission_leave_the_rule(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.status(rule) == "active"
    assert s.active() == [rule]


@pytest.mark.parametrize(
    "text", ["生产数据库可以重启了", "The prod database can be restarted now.", "可以吗？"]
)
def test_a_topic_first_permission_with_no_rule_is_no_rule(text: str) -> None:
    assert LedgerSession(text).active() == []


# 4. Another kind of the thing an only-rule names, said to be fine too, widens it.


@pytest.mark.parametrize(
    ("rule", "wider"),
    [
        ("Only business class.", "Economy is fine too."),
        ("Only book business class.", "Economy is fine too."),
        ("Only business class.", "Economy class is also fine."),
        ("Only business class.", "Premium economy works too."),
        ("Only window seats.", "Aisle seats are fine too."),
        ("Only window seats.", "An aisle seat is OK as well."),
        ("只订商务舱", "经济舱也可以"),
        ("只要商务舱", "经济舱也行"),
        ("只订商务舱", "那经济舱也可以"),
        ("只住五星级酒店", "四星级的也行"),
    ],
)
def test_another_kind_fine_too_widens_an_only_rule(rule: str, wider: str) -> None:
    s = LedgerSession(rule, wider)
    assert s.status(rule) == "superseded"
    assert s.active() == [wider]
    assert s.conflicts() == [(rule, wider, "later_wins")]
    block = s.block()
    assert constraint_lines(block) == [wider]
    # The conflict line names both: what was the only choice and what is fine besides it.
    assert any(rule in line and wider in line for line in conflict_lines(block))


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("Only business class.", "Breakfast is fine too."),
        ("Only business class.", "That is fine too."),
        ("Only business class.", "Is economy fine too?"),
        ("Only business class.", "Business is fine too."),
        ("Only business class.", "Economy is not fine."),
        ("Only business class.", "Friday is fine too."),
        ("Only window seats.", "Breakfast is fine too."),
        ("只订商务舱", "经济舱也可以吗？"),
        ("只订商务舱", "早餐也可以"),
        ("只订商务舱", "明天也可以"),
        ("只订商务舱", "这样也可以"),
    ],
)
def test_look_alikes_leave_the_only_rule(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(rule) == "active"
    assert s.active() == [rule]
    assert s.conflicts() == []


@pytest.mark.parametrize(
    "text", ["Economy is fine too.", "经济舱也可以", "Aisle seats are fine too."]
)
def test_fine_too_with_no_only_rule_is_no_rule(text: str) -> None:
    s = LedgerSession(text)
    assert s.active() == []
    assert s.conflicts() == []
    assert constraint_lines(s.block()) == []


# 5. A permission for one occasion leaves the block once a later user turn moved on.


ONE_OFFS = [
    ("Don't show prices.", "This once you may show the price.", "Book the hotel for Friday."),
    ("Don't show prices.", "Just this once, you may show the price.", "Thanks, book it."),
    ("Never use eval().", "Go ahead and use eval() this once.", "Now run the tests."),
    ("Never push to main.", "You can push to main this once.", "Thanks. What's next?"),
    ("不要显示价格", "这次可以显示价格", "帮我订周五的酒店"),
    ("不要显示价格", "就这一次，可以显示价格", "好的，谢谢"),
    ("不要用eval", "这次可以用eval", "接下来跑一下测试"),
    ("不要用eval", "这回可以用eval", "好的"),
]


@pytest.mark.parametrize(("rule", "once", "later"), ONE_OFFS)
def test_a_one_off_permission_is_in_force_on_its_turn(rule: str, once: str, later: str) -> None:
    s = LedgerSession(rule, once)
    assert s.active() == [rule, once]
    assert constraint_lines(s.block()) == [rule, once]


@pytest.mark.parametrize(("rule", "once", "later"), ONE_OFFS)
def test_a_one_off_permission_is_used_up_after_its_turn(rule: str, once: str, later: str) -> None:
    s = LedgerSession(rule, once, later)
    assert s.status(rule) == "active"
    entry = next(e for e in s.entries if e.text == once)
    assert entry.once and entry.turn == 2
    ledger = s.d.state.ledger
    assert [e.text for e in ledger.in_force(3)] == [rule]
    assert [e.text for e in ledger.in_force(2)] == [rule, once]
    assert constraint_lines(s.block()) == [rule]


@pytest.mark.parametrize(
    ("rule", "lift", "later"),
    [
        ("不要用eval", "现在可以用eval了", "好的"),
        ("Never use eval().", "You can use eval() now.", "Now run the tests."),
        (
            "Always run black before committing.",
            "You don't need to run black on the generated files.",
            "Now commit.",
        ),
    ],
)
def test_a_lasting_permission_stays_after_later_turns(rule: str, lift: str, later: str) -> None:
    s = LedgerSession(rule, lift, later)
    assert lift in constraint_lines(s.block())
    assert not next(e for e in s.entries if e.text == lift).once


def test_a_one_off_permission_said_again_is_in_force_again() -> None:
    s = LedgerSession("不要显示价格", "这次可以显示价格", "好的", "这次也可以显示价格")
    assert constraint_lines(s.block()) == ["不要显示价格", "这次也可以显示价格"]


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Never push to main.", "You can push to main today."),
        ("Never use pandas.", "You can use pandas for now."),
        ("不要用eval", "今天可以用eval"),
    ],
)
def test_a_permission_for_today_or_for_now_is_not_used_up_by_the_next_turn(
    rule: str, lift: str
) -> None:
    s = LedgerSession(rule, lift, "OK, next step.")
    assert lift in constraint_lines(s.block())


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Never restart the prod database.", "The prod database can be restarted now."),
        ("Never restart the prod database.", "Restarting prod is fine now."),
        ("不要重启生产数据库", "生产数据库可以重启了"),
    ],
)
def test_the_rule_said_again_replaces_a_topic_first_permission(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift, rule)
    assert constraint_lines(s.block()) == [rule]
