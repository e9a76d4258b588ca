# ruff: noqa: E501  (conversation text is kept verbatim)
"""Rules lifted or replaced in other words (review round 2): a limit moved ("汇率上限放宽到
7.30"), a rule held until later released now ("Don't page the DB team yet." then "OK, page the
DB team now."), another kind allowed beside an only-rule and its prohibition ("只要主任医师，不
要副主任" then "副主任也可以了"), a requirement no longer needed ("以后不用抄送王建国了", "You can
stop CCing Priya"), its replacement ("改成抄送李敏", "CC Marco instead from now on"), and a
refused thing chosen "after all"."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _shown(*turns: str) -> list[str]:
    """The rules the block shows after `turns` and one more user turn."""
    s = LedgerSession(*turns, "Next?")
    return [e.text for e in s.d.state.ledger.in_force(s.turns)]


def _joined(*turns: str) -> str:
    return "\n".join(_shown(*turns))


# ---------------------------------------------------------------- a limit moved


@pytest.mark.parametrize(
    ("rule", "later", "old"),
    [
        ("买 5,000 美元的定存，汇率不要超过 7.25。", "汇率上限放宽到 7.30。", "7.25"),
        ("算一下装修报价，总价不要超过 12 万。", "预算可以放到 13 万，加一个次卧。", "12 万"),
        ("酒店每晚不要超过 500 元。", "预算提高到 600 元吧。", "500"),
        ("门票不超过 80 元。", "门票上限降到 60 元。", "80"),
        ("每次回复不超过 200 字。", "字数上限放宽至 300 字。", "200"),
        ("总价不要超过 12 万。", "那预算就放到 15 万吧。", "12 万"),
    ],
)
def test_zh_limit_moved_replaces_rule(rule: str, later: str, old: str) -> None:
    shown = _joined(rule, later)
    # The new limit in the user's words; a clause after it on something else ("，加一个次卧")
    # is no part of the rule.
    assert old not in shown and later.rstrip("。").split("，")[0] in shown


@pytest.mark.parametrize(
    "later",
    [
        "预算放到多少合适？",
        "上限能不能放宽到 7.30？",
        "我把东西放到桌上了。",
        "行李先放到前台。",
    ],
)
def test_zh_limit_not_moved_keeps_rule(later: str) -> None:
    assert "总价不要超过 12 万" in _shown("总价不要超过 12 万。", later)


# ---------------------------------------------------------------- a rule held until later, released


@pytest.mark.parametrize(
    ("rule", "later", "old"),
    [
        ("Check the logs. Don't page the DB team yet.", "OK, page the DB team now.", "page the DB"),
        ("Don't email the client yet.", "Alright, email the client now.", "email the client"),
        ("Don't deploy until I say so.", "You can deploy now.", "deploy until"),
        ("Don't merge the PR yet.", "Go ahead and merge the PR now.", "merge the PR"),
        (
            "别通知业务方，等我确认。",
            "现在可以通知业务方了，发到 #trade-oncall 频道。",
            "通知业务方",
        ),
        ("先别发邮件，等老板回复再说。", "现在可以发邮件了。", "发邮件"),
        ("暂时不要重启服务器。", "现在可以重启服务器了。", "重启服务器"),
    ],
)
def test_held_rule_released_now_leaves_no_line(rule: str, later: str, old: str) -> None:
    assert old not in _joined(rule, later)


@pytest.mark.parametrize(
    ("rule", "later", "kept"),
    [
        # A standing rule is not released by a bare "… now".
        ("Never page the DB team at night.", "OK, page the DB team now.", "Never page"),
        ("Don't page the DB team yet.", "Is it time to page the DB team now?", "Don't page"),
        ("Don't page the DB team yet.", "I'm checking the logs now.", "Don't page"),
        ("Don't email the client yet.", "Send the invoice now.", "Don't email"),
        ("别通知业务方，等我确认。", "现在可以通知业务方了吗？", "别通知业务方"),
        ("不要辣，等位的时候给我菜单。", "现在可以点菜了。", "不要辣"),
    ],
)
def test_not_a_release_keeps_rule(rule: str, later: str, kept: str) -> None:
    assert kept in _joined(rule, later)


def test_zh_wait_after_prohibition_kept_in_its_text() -> None:
    assert "别通知业务方，等我确认" in _shown("别通知业务方，等我确认。")
    assert "不要辣" in _shown("不要辣，等位的时候给我菜单。")
    assert not any("等位" in t for t in _shown("不要辣，等位的时候给我菜单。"))


# ---------------------------------------------------------------- an only-rule and its prohibition


@pytest.mark.parametrize(
    ("rule", "later", "old"),
    [
        ("只要主任医师，不要副主任。", "副主任也可以了，主任的号太难挂。", "只要主任医师"),
        ("只订五星级，不要四星级。", "四星级的也可以。", "只订五星级"),
        ("只要国航航班，不要东航航班。", "东航航班也可以。", "只要国航"),
        ("只找教授，不要副教授。", "副教授也可以了。", "只找教授"),
        ("Only business class, no economy class.", "Economy class is fine too.", "Only business"),
        ("Only window seats, no aisle seats.", "Aisle seats are OK as well.", "Only window"),
    ],
)
def test_also_ok_lifts_only_rule_said_with_prohibition(rule: str, later: str, old: str) -> None:
    assert old not in _joined(rule, later)


@pytest.mark.parametrize(
    ("rule", "later", "kept"),
    [
        ("只要主任医师，不要副主任。", "副主任也可以吗？", "只要主任医师"),
        ("只用Python，不要用eval。", "eval也可以了。", "只用Python"),
        ("只要主任医师。", "明天也可以。", "只要主任医师"),
        ("只订五星级，不要四星级。", "早餐也可以。", "只订五星级"),
        ("Only business class, no economy class.", "Breakfast is fine too.", "Only business"),
    ],
)
def test_also_ok_of_another_thing_keeps_only_rule(rule: str, later: str, kept: str) -> None:
    assert kept in _joined(rule, later)


# ---------------------------------------------------------------- a requirement no longer needed


@pytest.mark.parametrize(
    ("rule", "later", "old"),
    [
        (
            "Always CC my manager Priya Raman on every request.",
            "You can stop CCing Priya altogether, she moved teams.",
            "Always CC",
        ),
        ("Always send me a daily report.", "You can stop sending me a daily report.", "Always"),
        (
            "Always run the linter before you commit.",
            "You can skip running the linter now.",
            "Always",
        ),
        ("Always email the client a summary.", "No need to keep emailing the client.", "Always"),
        ("每次都要抄送王建国。", "以后不用抄送王建国了。", "抄送王建国"),
        ("每次都要附上发票。", "现在不用附上发票了，财务改流程了。", "附上发票"),
    ],
)
def test_no_longer_needed_lifts_requirement(rule: str, later: str, old: str) -> None:
    assert old not in _joined(rule, later)


@pytest.mark.parametrize(
    ("rule", "later", "kept"),
    [
        ("Always CC Priya on every request.", "Stop asking me for confirmation.", "Always CC"),
        ("Always CC Priya on every request.", "You can stop CCing Marco.", "Always CC"),
        ("Always CC Priya on every request.", "Can you stop CCing Priya?", "Always CC"),
        ("每次都要抄送王建国。", "以后不用抄送王建国了吗？", "抄送王建国"),
        ("每次都要附上发票。", "以后不需要了吗？", "附上发票"),
        ("每次都要附上发票。", "现在不需要附上发票了吗？", "附上发票"),
        ("每次都要抄送王建国。", "我以后不用加班了。", "抄送王建国"),
        ("每次都要抄送王建国。", "以后不用抄送李敏了。", "抄送王建国"),
    ],
)
def test_not_no_longer_needed_keeps_requirement(rule: str, later: str, kept: str) -> None:
    assert kept in _joined(rule, later)


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "You can stop CCing Priya altogether, she moved teams. CC Marco Bellini instead from now on.",
            "CC Marco Bellini",
        ),
        ("Use metric units from now on.", "Use metric units"),
        ("Reply in Spanish going forward.", "Reply in Spanish"),
        ("以后不用抄送王建国了，他调岗了，改成抄送李敏。", "改成抄送李敏"),
        ("现在不用附上发票了，改成附上收据。", "改成附上收据"),
    ],
)
def test_replacement_is_a_rule(said: str, rule: str) -> None:
    assert any(rule in t for t in _shown(said))


@pytest.mark.parametrize(
    "said",
    [
        "I'll be working remotely from now on.",
        "After all that, I'm tired.",
        "改成抄送李敏。",
        "改成明天吧。",
        "It gets easier from now on.",
        "Things will be different from now on.",
        "Prices go up from now on.",
    ],
)
def test_not_a_replacement_rule(said: str) -> None:
    assert _shown(said) == []


# ---------------------------------------------------------------- a refused thing chosen after all


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        (
            "Refund to my gift card balance, not the Visa.",
            "Actually refund to the Visa after all, the gift card thing was a mistake.",
        ),
        ("Refund to my gift card balance, not the Visa.", "Refund to the Visa after all."),
        ("Ship it to my office, not my home.", "Actually ship it to my home after all."),
        ("Pay with my debit card, not PayPal.", "OK, pay with PayPal after all."),
        ("Send it by UPS, not FedEx.", "Hmm, send it by FedEx after all."),
        ("Deliver to the front desk, not the locker.", "Actually deliver to the locker after all."),
    ],
)
def test_refused_thing_chosen_after_all_lifts_both_halves(rule: str, later: str) -> None:
    assert rule not in _joined(rule, later)


@pytest.mark.parametrize(
    "later",
    [
        "After all that, I'm tired.",
        "The Visa was fine after all.",
        "Actually refund to the Visa.",
        "Refund to the Mastercard after all.",
        "Did you refund to the Visa after all?",
        "I liked the Visa after all.",
    ],
)
def test_not_chosen_after_all_keeps_rule(later: str) -> None:
    rule = "Refund to my gift card balance, not the Visa."
    assert rule in _joined(rule, later)
