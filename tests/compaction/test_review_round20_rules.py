"""Round-20 review of the rule ledger: a require-rule widened by another of its kind
("必须是五星级酒店" then "四星级的也可以", "It must be a five-star hotel." then "Four-star is
fine too."), "除了顺丰，别的快递都不要" (a noun between 别的 and 都) as an only-rule, a
permission for one occasion ("Just this once, go ahead and use eval().") kept as an exception
beside the rule, and a quote the user frames as their own rule ('Remember: "never push to
main".') read as one while other quotes stay no rule."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession


def rules(text: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.subject) for c in extract_constraints(text)]


# 1. A require-rule widened by another thing of its kind.


@pytest.mark.parametrize(
    ("rule", "wider"),
    [
        ("必须是五星级酒店", "四星级的也可以"),
        ("一定要五星级的酒店", "四星也行"),
        ("It must be a five-star hotel.", "Four-star is fine too."),
        ("It must be a five-star hotel.", "A four-star one is OK as well."),
        ("The hotel has to be 5-star.", "OK, 4-star hotels are also fine."),
        ("Only five-star hotels, please.", "Four-star is fine too."),
    ],
)
def test_another_of_its_kind_widens_a_require_rule(rule: str, wider: str) -> None:
    s = LedgerSession(rule, wider)
    assert [e.status for e in s.entries if e.text != wider] == ["superseded"]
    assert s.active() == [wider]
    # No longer in force: the earlier rule is in the block only as the earlier side of the
    # conflict that shows what the widening added to (round 21).
    [(earlier, later, resolution)] = s.conflicts()
    assert (later, resolution) == (wider, "later_wins") and rule.startswith(earlier)
    block = s.block()
    constraints = block.split("[Constraints]", 1)[1].split("[Conflicts]", 1)[0]
    assert earlier not in constraints and wider in constraints


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("必须是五星级酒店", "早餐也可以"),
        ("必须是五星级酒店", "四星级的也可以吗？"),
        ("必须是五星级酒店", "五星级的也可以"),
        ("必须是五星级酒店", "四个人也可以"),
        ("必须是五星级酒店", "明天也可以"),
        ("必须有停车场", "四星级的也可以"),
        ("It must be a five-star hotel.", "Breakfast is fine too."),
        ("It must be a five-star hotel.", "Is four-star fine too?"),
        ("It must be a five-star hotel.", "Five-star is fine too."),
        ("It must be a five-star hotel.", "Four people is fine too."),
        ("It must be a five-star hotel.", "That is fine too."),
        ("It must be a five-star hotel.", "Four-star is not fine."),
    ],
)
def test_look_alikes_leave_the_require_rule(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(rule) == "active"
    assert s.active() == [rule]


@pytest.mark.parametrize(
    "text",
    [
        "You must be tired.",
        "It must be a mistake.",
        "It must be a five-star hotel, judging by the lobby.",
        "That must be a five-star hotel.",
        "There must be a four-star hotel nearby.",
        "It must have been a five-star hotel.",
        "Four-star is fine too.",
        "Breakfast is fine too.",
    ],
)
def test_look_alikes_of_a_counted_kind_required_are_no_rule(text: str) -> None:
    assert [r for r in rules(text) if r[0] == "require"] == []
    assert LedgerSession(text).active() == []


# 2. "除了X，别的<kind>都不要": only X.


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("除了顺丰，别的快递都不要", "顺丰"),
        ("除了支付宝，别的支付方式都不要用", "支付宝"),
        ("除了顺丰，其他快递一律别用", "顺丰"),
        ("除了顺丰以外，别的快递公司都不要", "顺丰"),
        ("除了顺丰，别的都不要", "顺丰"),
    ],
)
def test_all_but_one_of_a_kind_ruled_out_is_an_only_rule(text: str, subject: str) -> None:
    assert rules(text) == [("only", subject)]
    assert LedgerSession(text).active() == [text]


@pytest.mark.parametrize(
    "text",
    [
        "除了顺丰，别的快递都很慢",
        "除了顺丰，别的快递都不要钱",
        "除了顺丰，别的快递都不能送到",
        "除了顺丰，别的快递都不要吗？",
        "除了顺丰，还有别的快递吗",
        "除了顺丰，别的快递都可以",
        "除了顺丰，别的快递都不太了解",
        "除了顺丰，别的快递都不要紧",
        "除了顺丰，别的人都不要告诉",
        "Except for SF, other couriers are slow.",
    ],
)
def test_look_alikes_of_all_but_one_of_a_kind_are_no_only_rule(text: str) -> None:
    assert all(r[0] != "only" for r in rules(text))


# 3. A permission for one occasion: an exception beside the rule, which stays in force.


@pytest.mark.parametrize(
    ("rule", "once"),
    [
        ("Never use eval().", "Go ahead and use eval() this once."),
        ("Never use eval()", "Go ahead and use eval() this once"),
        ("Never use eval().", "Just this once, go ahead and use eval()."),
        ("Never use eval().", "Fine, use eval() this once."),
        ("不要用eval", "这次可以用eval"),
        ("不要用eval", "就这一次，可以用eval"),
    ],
)
def test_a_permission_for_one_occasion_is_an_exception_beside_the_rule(
    rule: str, once: str
) -> None:
    s = LedgerSession(rule, once)
    assert s.status(rule) == "active"
    assert s.active() == [rule, once]
    block = s.block()
    assert rule in block and once in block
    assert s.conflicts() == []


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("Never use eval().", "You can use eval() now."),
        ("不要用eval", "现在可以用eval了"),
    ],
)
def test_a_permission_with_no_occasion_still_lifts_the_rule(rule: str, said: str) -> None:
    assert LedgerSession(rule, said).status(rule) == "revoked"


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("Never use eval().", "Use the staging DB this once."),
        ("Never use eval().", "Go ahead and use exec() this once."),
        ("Never use eval().", "Just this once, call me back."),
        ("Never use eval().", "This time the tests passed."),
        ("Never use eval().", "Can I use eval() this once?"),
        ("Never use eval().", "Did you use eval() this once?"),
        ("不要用eval", "这次可以用exec"),
        ("不要用eval", "这次可以用eval吗？"),
        ("不要用eval", "这次用eval了吗"),
    ],
)
def test_look_alikes_of_a_one_off_permission_leave_the_rule_alone(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.status(rule) == "active"
    assert s.active() == [rule]


def test_a_one_off_request_with_no_rule_in_force_is_no_rule() -> None:
    assert LedgerSession("Use eval() this once.").active() == []
    assert LedgerSession("Just this once, go ahead and deploy.").active() == []


# 4. A quote the user frames as their own rule.


@pytest.mark.parametrize(
    ("text", "polarity", "subject"),
    [
        ('Remember: "never push to main".', "forbid", "push to main"),
        ('Rule: "don\'t ship on Friday"', "forbid", "ship on friday"),
        ('Please remember: "never push to main"', "forbid", "push to main"),
        ("记住：“不要显示价格”", "forbid", "价格"),
        ("请遵守：“只用简体中文回复”", "only", "简体中文回复"),
    ],
)
def test_a_quote_the_user_frames_as_a_rule_is_read(text: str, polarity: str, subject: str) -> None:
    assert rules(text) == [(polarity, subject)]
    assert len(LedgerSession(text).active()) == 1


@pytest.mark.parametrize(
    "text",
    [
        'The error says "never call this twice"',
        'My boss wrote "don\'t ship on Friday" but ignore that',
        'He said: "never push to main"',
        'Search for "do not reply"',
        'The log shows "ERROR: do not retry"',
        'Log: "do not retry after 3 attempts"',
        'Remember: "never push to main" was the old rule.',
        'Remember when he said "never push to main"?',
        'Rule: "never push to main"?',
        "他说“不要显示价格”",
        "报错信息是“禁止访问”",
        "记住他说的“不要显示价格”这句话",
    ],
)
def test_other_quotes_stay_no_rule(text: str) -> None:
    assert rules(text) == []
    assert LedgerSession(text).active() == []
