# ruff: noqa: E501  (conversation text is kept verbatim)
"""Rules lifted or changed in words the lift readers missed: a thing said to be fine with the
change of mind after it ("Newark is ok actually"), a rule's matter let go ("the work number
thing doesn't matter anymore"), a value changed with "make" or a limit raised ("you can go up to
60 minutes", with a scope an exception beside the rule), a threshold's rule and its new value,
and in Chinese a thing of a rule's verb allowed ("仿制药也可以"), its thing named with the same
verb ("可以联系公司HR了"), its time allowed ("周五下午的课也可以选了") and a part allowed ("片尾
那15秒可以加一点轻音乐"). Each with look-alikes that must change nothing."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession

# ---------------------------------------------------------------- "X is ok actually"


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        (
            "Don't route me through Newark.",
            "Newark is ok actually if it gets me there a few hours earlier.",
        ),
        ("Don't route me through Newark.", "Newark is fine actually."),
        ("Don't route me through Newark.", "Newark's actually fine."),
        ("Don't ship it with FedEx.", "FedEx is okay actually, since it's faster."),
        ("Never book basic economy fares.", "Basic economy is actually fine."),
    ],
)
def test_a_thing_fine_actually_lifts_the_rule(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "revoked"
    assert s.active() == [lift]


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("Don't route me through Newark.", "Chicago is ok actually."),
        ("Don't route me through Newark.", "Is Newark ok actually?"),
        ("Don't route me through Newark.", "It is fine actually."),
        ("Don't route me through Newark.", "Newark is not ok actually."),
    ],
)
def test_other_things_fine_actually_leave_the_rule(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.active() == [rule]


# ---------------------------------------------------------------- a rule's matter let go


@pytest.mark.parametrize(
    ("rule", "drop"),
    [
        (
            "Never call my work number.",
            "Actually you can call me now, I changed jobs so the work number thing doesn't matter anymore.",
        ),
        ("Never call my work number.", "I quit, so the work number thing doesn't matter any more."),
        (
            "Don't route me through Newark.",
            "My plans changed, so the Newark thing is not an issue anymore.",
        ),
        ("别打我单位电话。", "我换工作了，单位电话那个事无所谓了。"),
    ],
)
def test_a_rules_matter_let_go_lifts_it(rule: str, drop: str) -> None:
    s = LedgerSession(rule, drop)
    assert s.status(rule.rstrip("。")) == "revoked"


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("Never call my work number.", "I changed jobs so the price doesn't matter anymore."),
        ("Never call my work number.", "I changed jobs so it doesn't matter anymore."),
        ("Never call my work number.", "The work number thing still matters."),
        ("Don't show prices.", "I got a raise so the price doesn't matter anymore."),
    ],
)
def test_other_things_let_go_leave_a_prohibition(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.status(rule) == "active"


# ---------------------------------------------------------------- a value changed


@pytest.mark.parametrize(
    ("first", "change", "new"),
    [
        (
            "Only rows created before 2026-01-01. Hmm, make the cutoff 2025-07-01 instead.",
            None,
            "2025-07-01",
        ),
        ("Only use data after 2026-01-01.", "Make the cutoff 2026-04-01.", "2026-04-01"),
        (
            "Only use data after 2026-01-01.",
            "Actually, change the cutoff to 2026-04-01.",
            "2026-04-01",
        ),
        (
            "Keep the total budget under $38,000.",
            "Let's make the budget $40,000 instead.",
            "$40,000",
        ),
    ],
)
def test_a_value_made_another_replaces_the_rule(first: str, change: str | None, new: str) -> None:
    s = LedgerSession(first, change) if change else LedgerSession(first)
    active = s.active()
    assert len(active) == 1 and new in active[0]


@pytest.mark.parametrize(
    "said",
    ["Actually, make the dashboard blue.", "Make the cutoff clear in the report."],
)
def test_a_make_without_a_value_changes_no_cutoff(said: str) -> None:
    s = LedgerSession("Only use data after 2026-01-01.", said)
    assert s.active()[0] == "Only use data after 2026-01-01."


@pytest.mark.parametrize(
    ("rule", "raised", "shown"),
    [
        (
            "Keep every workout under 45 minutes.",
            "You can go up to 60 minutes now.",
            "You can go up to 60 minutes now.",
        ),
        # The filler before the change is not part of the new rule.
        (
            "Keep every call under 30 minutes.",
            "Actually you can go up to 40 minutes.",
            "you can go up to 40 minutes.",
        ),
    ],
)
def test_a_limit_raised_replaces_the_rule(rule: str, raised: str, shown: str) -> None:
    s = LedgerSession(rule, raised)
    assert s.status(rule) == "superseded"
    assert s.active() == [shown]


@pytest.mark.parametrize(
    ("rule", "raised"),
    [
        (
            "Keep every workout under 45 minutes.",
            "On Saturdays you can go up to 60 minutes, my partner watches the kid.",
        ),
        ("Keep every workout under 45 minutes.", "On weekends you can go up to 60 minutes."),
        ("Keep every call under 30 minutes.", "For the kickoff call you can go up to 60 minutes."),
    ],
)
def test_a_limit_raised_for_a_scope_is_an_exception_beside_the_rule(rule: str, raised: str) -> None:
    s = LedgerSession(rule, raised)
    assert s.status(rule) == "active"
    active = s.active()
    assert active[0] == rule and len(active) == 2 and "60 minutes" in active[1]


@pytest.mark.parametrize(
    "said",
    [
        "You can go up to 60 pages now.",
        "If you can go up to 60 minutes, tell me.",
        "Can you go up to 60 minutes?",
    ],
)
def test_a_raise_of_another_unit_or_asked_leaves_the_rule(said: str) -> None:
    s = LedgerSession("Keep every workout under 45 minutes.", said)
    assert s.active() == ["Keep every workout under 45 minutes."]


# ---------------------------------------------------------------- thresholds


@pytest.mark.parametrize(
    ("rule", "raised", "new"),
    [
        (
            "Anything over $5,000 needs CFO sign-off.",
            "Finance just raised the threshold, CFO sign-off is only needed above $10,000 now.",
            "$10,000",
        ),
        (
            "Orders above 200 units require manager approval.",
            "Manager approval is only required above 500 units now.",
            "500",
        ),
        (
            "Anything over $1,000 needs my approval.",
            "My approval is only needed over $2,500.",
            "$2,500",
        ),
    ],
)
def test_a_threshold_moved_replaces_its_rule(rule: str, raised: str, new: str) -> None:
    s = LedgerSession(rule, raised)
    assert s.status(rule.rstrip(".")) == "superseded"
    # The new rule is the change's own clause (a reason before it, "Finance just raised the
    # threshold,", is not part of it).
    (shown,) = s.active()
    assert raised.endswith(shown) and shown.endswith(".")
    assert new in shown


@pytest.mark.parametrize(
    "said",
    [
        "The invoice over $5,000 needs a stamp.",
        "Does anything over $5,000 need CFO sign-off?",
    ],
)
def test_a_report_or_question_is_no_threshold_rule(said: str) -> None:
    assert LedgerSession(said).active() == []


def test_a_threshold_change_with_no_rule_is_dropped() -> None:
    assert LedgerSession("CFO sign-off is only needed above $10,000 now.").active() == []


# ---------------------------------------------------------------- Chinese lifts


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("别给我换成仿制药", "算了，仿制药也可以，医保报销多一点"),
        ("别给我换成仿制药", "仿制药也行"),
        ("不要给我改成进口车", "进口车也可以"),
        ("不要联系我现在的公司", "现在已经离职了，你们可以联系公司HR了"),
        ("不要联系我现在的公司", "你可以联系公司了"),
        ("周五下午不要排课", "实习改到周四了，所以周五下午的课也可以选了"),
        ("周末不要搬家", "物业说周六也可以进车了，那就周六搬吧"),
        ("晚上不要安排会议", "晚上也可以开会了"),
    ],
)
def test_zh_a_thing_time_or_object_allowed_lifts_the_rule(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "revoked"
    assert rule not in s.active()


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("别给我换成仿制药", "原研药也可以"),
        ("别给我换成仿制药", "仿制药也可以吗？"),
        ("不要联系我现在的公司", "你们可以联系我之前的公司了"),
        ("不要联系我现在的公司", "我们可以联系公司HR了"),
        ("周五下午不要排课", "周四下午的课也可以选了"),
        ("周末不要搬家", "周六也可以去看房了"),
        ("周五下午不要排课", "课也可以选了"),
    ],
)
def test_zh_look_alikes_leave_the_rule(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.status(rule) == "active"


@pytest.mark.parametrize(
    ("rule", "part"),
    [
        ("不要加背景音乐", "片尾那15秒可以加一点轻音乐，其他地方还是不要BGM"),
        ("不要加背景音乐", "片头可以加一段轻音乐"),
        ("不要用表情符号", "标题里可以用一个表情"),
    ],
)
def test_zh_a_part_allowed_is_an_exception_beside_the_rule(rule: str, part: str) -> None:
    s = LedgerSession(rule, part)
    assert s.status(rule) == "active"
    assert any(part.startswith(t) for t in s.active()[1:])


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("不要加背景音乐", "片尾可以加字幕了"),
        ("不要加背景音乐", "你可以加一点轻音乐"),
        ("不要加背景音乐", "我可以加一点轻音乐"),
    ],
)
def test_zh_a_part_of_another_thing_is_no_exception(rule: str, said: str) -> None:
    s = LedgerSession(rule, said)
    assert s.active() == [rule]


# ---------------------------------------------------------------- one-time file exceptions


@pytest.mark.parametrize(
    "once",
    [
        "Ok one exception: you can patch addons/dialogic/Core/DialogicGameHandler.gd this one time.",
        "You can edit addons/dialogic/Core/DialogicGameHandler.gd this once.",
        "You can modify addons/gut/plugin.cfg just this once.",
    ],
)
def test_a_one_time_edit_of_a_file_in_a_folder_rule_is_an_exception(once: str) -> None:
    rule = "Don't touch anything in addons/."
    s = LedgerSession(rule, once)
    assert s.status(rule) == "active"
    active = s.active()
    assert active[0] == rule and len(active) == 2 and active[1] in once


@pytest.mark.parametrize(
    "said",
    [
        "You can patch src/player.gd this one time.",
        "You can read addons/dialogic/Core/DialogicGameHandler.gd this one time.",
    ],
)
def test_a_one_time_permission_outside_the_folder_or_verb_is_dropped(said: str) -> None:
    rule = "Don't touch anything in addons/."
    assert LedgerSession(rule, said).active() == [rule]


@pytest.mark.parametrize(
    ("rule", "once", "go"),
    [
        (
            "Don't touch anything in addons/.",
            "You can patch addons/gut/plugin.cfg this one time.",
            "Go.",
        ),
        ("Never push to main.", "You can push to main this once.", "Go ahead."),
        ("Never use eval().", "Go ahead and use eval() this once.", "OK, proceed."),
        ("不要用eval", "这次可以用eval", "继续。"),
        ("不要显示价格", "这次可以显示价格", "开始吧"),
    ],
)
def test_a_bare_go_ahead_keeps_a_one_off_for_its_occasion(rule: str, once: str, go: str) -> None:
    s = LedgerSession(rule, once, go)
    shown = [e.text for e in s.d.state.ledger.in_force(3)]
    assert shown[0] == rule and len(shown) == 2 and shown[1] in once
    # The turn after the occasion, the permission is used up.
    s2 = LedgerSession(rule, once, go, "Thanks. What's next?")
    assert [e.text for e in s2.d.state.ledger.in_force(4)] == [rule]


@pytest.mark.parametrize("later", ["Thanks.", "Now run the tests.", "好的", "Go to the next file."])
def test_an_acknowledgement_or_new_task_uses_a_one_off_up(later: str) -> None:
    s = LedgerSession("Never push to main.", "You can push to main this once.", later)
    assert [e.text for e in s.d.state.ledger.in_force(3)] == ["Never push to main."]
