"""A reviewer's misreadings of rules lifted or narrowed: a scoped exemption taken for a lift,
plain-words and Chinese lifts ignored, a conditional permission dropped."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession

PYTEST = "Always run pytest before committing."


@pytest.mark.parametrize(
    ("rule", "exemption"),
    [
        (PYTEST, "For docs-only commits you do not need to run pytest anymore."),
        (PYTEST, "For docs-only commits, you don't need to run pytest anymore."),
        (PYTEST, "When the commit only touches docs, you don't need to run pytest anymore."),
        (PYTEST, "On weekends, you don't need to run pytest anymore."),
        ("Always run black.", "On weekends, you don't need to run black."),
        ("总是在提交前跑pytest。", "对于文档类的提交，不用跑pytest了"),
        ("总是跑pytest。", "对于文档类的提交，不用跑pytest了。"),
    ],
)
def test_a_scoped_exemption_narrows_the_rule(rule: str, exemption: str) -> None:
    s = LedgerSession(rule, exemption)
    rule_text = rule.rstrip("。")
    assert s.status(rule_text) == "active"
    (ex,) = [e for e in s.entries if e.text != rule_text]
    # The scope is kept with the exception, and the block shows both.
    assert ex.status == "active" and ex.text in (exemption, exemption.rstrip("。"))
    assert exemption.split(",")[0].split("，")[0][:6] in ex.text
    block = s.block()
    assert rule_text in block and ex.text in block
    assert s.conflicts() == []


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        (PYTEST, "You don't need to run pytest anymore."),
        (PYTEST, "Actually, you don't need to run pytest anymore."),
        ("Always run black.", "You don't need to run black."),
        # Openers that say a mind changed or for how long are no scope.
        ("Always run black.", "In that case, you don't need to run black."),
        (PYTEST, "For now, you don't need to run pytest anymore."),
    ],
)
def test_a_lift_with_no_scope_still_revokes(rule: str, lift: str) -> None:
    assert LedgerSession(rule, lift).status(rule) == "revoked"


ECONOMY = "Never book basic economy fares."


@pytest.mark.parametrize(
    "lift",
    [
        "Basic economy fares are fine now.",
        "Basic economy is fine now.",
        "Actually, basic economy is fine.",
        "Forget the basic economy rule.",
        "Never mind the basic economy rule.",
        "Scratch the no-basic-economy rule.",
        "Drop the rule about basic economy.",
        "OK, ignore the basic economy rule.",
    ],
)
def test_plain_words_lift_the_rule(lift: str) -> None:
    assert LedgerSession(ECONOMY, lift).status(ECONOMY) == "revoked"


@pytest.mark.parametrize(
    "other",
    [
        "Is basic economy fine?",
        "Basic economy is fine for my colleague but not me.",
        "Don't forget the basic economy rule.",
        "Did you forget the basic economy rule?",
        "Forget the basic economy rule?",
        "I can't forget the basic economy rule.",
        "Remember the basic economy rule.",
        "Forget the hotel rule.",
        "Forget the basic economy fares.",
        "Premium economy is fine now.",
        "Economy plus is fine now.",
        "The basic economy rule is important.",
        "Forget the basic economy rule for my colleague's trip.",
    ],
)
def test_look_alikes_leave_the_rule(other: str) -> None:
    assert LedgerSession(ECONOMY, other).status(ECONOMY) == "active"


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("Never modify existing tests.", "The existing tests are fine now."),
        ("Never book flights with layovers.", "Flights are fine now."),
        ("Never push to main.", "Main is fine now."),
    ],
)
def test_the_object_of_another_action_is_no_lift(rule: str, other: str) -> None:
    assert LedgerSession(rule, other).status(rule) == "active"


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        (ECONOMY, "You can book basic economy if it saves more than $50."),
        ("Never book basic economy.", "You can book basic economy if it saves more than $50."),
        ("Never book basic economy.", "You may book basic economy as long as the flight is short."),
        (
            "don't send me any marketing emails",
            "you can send me marketing emails about rain gear only",
        ),
    ],
)
def test_a_conditional_permission_is_an_exception(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.active() == [rule, permission]
    assert s.conflicts() == []
    block = s.block()
    assert rule in block and permission in block


@pytest.mark.parametrize(
    "other",
    [
        "Can you book basic economy if it saves more than $50?",
        "You can book basic economy if it saves more than $50?",
        "If you can book basic economy, tell me.",
        "I can book basic economy if it saves more than $50.",
        "You can't book basic economy if it saves less than $50.",
        "You could book basic economy if it saves more than $50.",
        "You can tell me if basic economy saves more than $50.",
        "You can call me if it saves more than $50.",
        "You can book basic economy if it saves more than $50, can't you?",
    ],
)
def test_conditional_look_alikes_make_no_exception(other: str) -> None:
    s = LedgerSession("Never book basic economy.", other)
    assert s.status("Never book basic economy.") == "active"
    assert other not in s.active()


def test_a_conditional_permission_alone_is_no_rule() -> None:
    assert LedgerSession("You can book basic economy if it saves more than $50.").active() == []


@pytest.mark.parametrize(
    ("rules", "lift"),
    [
        (("不要重启生产数据库。",), "可以重启生产数据库了。"),
        (("不要重启生产数据库。",), "你现在可以重启生产数据库了"),
        (("我不想看到价格。",), "可以显示价格了"),
        (("我不想看到价格。",), "现在可以显示价格了"),
        (("不要显示价格，我不想看到价格。",), "可以显示价格了"),
    ],
)
def test_chinese_lifts(rules: tuple[str, ...], lift: str) -> None:
    s = LedgerSession(*rules, lift)
    lifted = [e for e in s.entries if not e.revokes]
    assert lifted and all(e.status == "revoked" for e in lifted)


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("不要重启生产数据库。", "可以重启开发数据库了。"),
        ("不要重启生产数据库。", "你可以重启吗"),
        ("不要重启生产数据库。", "可以重启生产数据库了吗？"),
        ("不要重启生产数据库。", "我们可以重启生产数据库了"),
        ("不要重启生产数据库。", "什么时候可以重启生产数据库？"),
        ("不要重启生产数据库。", "可以重启了"),
        ("不要重启生产数据库。", "我现在可以重启生产数据库了"),
        ("不要重启生产数据库。", "那样就可以重启生产数据库了"),
        ("我不想看到价格。", "可以显示价格了吗？"),
        ("我不想看到价格。", "可以显示评分了"),
        ("我不想看到价格。", "我可以看到价格了"),
        ("总是在提交前跑pytest。", "对于文档类的提交，不用跑pytest了吗？"),
    ],
)
def test_chinese_look_alikes_lift_nothing(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(rule.rstrip("。")) == "active"
