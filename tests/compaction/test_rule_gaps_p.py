"""Rule-ledger gaps found in review: a revocation asked as a question lifts nothing; a reminder
that points at a rule said before ("Don't forget what I said about pork") is no new rule and
keeps that rule; "X也可以排" / "Saturday works too" naming another day widens an only-rule on
days."""

from __future__ import annotations

import pytest
from _review_harness import rules_after

from ctxengine.compaction.constraints import extract_constraints

# ---------------------------------------------------------------- no longer needed, asked

_CC_LEGAL = "Always cc legal@northwind.io on refunds."
_ZH_CC_LEGAL = "退款时一定要抄送法务。"


@pytest.mark.parametrize(
    "said",
    [
        "Is there no need to cc legal anymore?",
        "So there's no need to cc legal anymore?",
        "No need to cc legal anymore?",
        "You don't have to cc legal anymore?",
        "You don't need to cc legal any more?",
        "You no longer need to cc legal?",
        "No need to cc legal anymore, right?",
        "Wait, is there no need to cc legal anymore?",
    ],
)
def test_asked_if_no_longer_needed_keeps_rule(said: str) -> None:
    assert "Always cc legal" in rules_after(_CC_LEGAL, said)


@pytest.mark.parametrize(
    "said",
    [
        "是不是不用再抄送法务了？",
        "不用再抄送法务了吗？",
        "难道不用再抄送法务了？",
        "以后不用再抄送法务了吗",
    ],
)
def test_zh_asked_if_no_longer_needed_keeps_rule(said: str) -> None:
    assert "一定要抄送法务" in rules_after(_ZH_CC_LEGAL, said)


@pytest.mark.parametrize(
    "said",
    [
        # Said, not asked: the rule is lifted.
        "No need to cc legal anymore.",
        "No need to cc legal anymore, they opted out.",
        "You don't have to cc legal anymore.",
        "You no longer need to cc legal.",
    ],
)
def test_stated_no_longer_needed_still_lifts(said: str) -> None:
    assert "Always cc legal" not in rules_after(_CC_LEGAL, said)


@pytest.mark.parametrize("said", ["不用再抄送法务了。", "以后不用再抄送法务了"])
def test_zh_stated_no_longer_needed_still_lifts(said: str) -> None:
    assert "一定要抄送法务" not in rules_after(_ZH_CC_LEGAL, said)


@pytest.mark.parametrize(
    "said", ["Is there no need to cc legal anymore?", "是不是不用再抄送法务了？"]
)
def test_asked_if_no_longer_needed_is_no_rule(said: str) -> None:
    assert extract_constraints(said) == []


# ---------------------------------------------------------------- a reminder of a rule

_PORK = "No pork."


@pytest.mark.parametrize(
    "said",
    [
        "Don't forget what I said about pork.",
        "Do not forget what I said about pork.",
        "Please don't forget what I told you about pork.",
        "Remember what I said about pork.",
        "Keep in mind what I said about pork.",
        "Never forget my rule about pork.",
        "And don't forget the rule about pork!",
        "Bear in mind what I told you about pork.",
    ],
)
def test_reminder_keeps_rule_and_adds_none(said: str) -> None:
    rules = rules_after(_PORK, said)
    assert "No pork" in rules
    assert said.rstrip(".!") not in rules
    assert len(rules.splitlines()) == 1


@pytest.mark.parametrize(
    "said",
    [
        "别忘了我说的不要香菜。",
        "别忘了我之前说的不要香菜。",
        "千万别忘了我说过的不要香菜。",
        "记住我刚才说的，不要香菜。",
        "记得我说的不要香菜。",
        "不要忘了之前说过的不要香菜。",
    ],
)
def test_zh_reminder_keeps_rule_and_adds_none(said: str) -> None:
    rules = rules_after("不要香菜。", said)
    assert "不要香菜" in rules
    assert "别忘" not in rules and "记" not in rules


@pytest.mark.parametrize(
    "said",
    [
        "Don't forget what I said about pork.",
        "Remember what I said about pork.",
        "别忘了我说的不要香菜。",
        "记得我之前说的预算上限。",
    ],
)
def test_reminder_alone_is_no_rule(said: str) -> None:
    assert extract_constraints(said) == []


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        # Reminders of a thing wanted, not of what was said: still rules.
        ("Don't forget to cc legal.", "cc legal"),
        ("Don't forget the high floor.", "high floor"),
        ("别忘了说谢谢。", "谢谢"),
        ("记得带伞。", "带伞"),
    ],
)
def test_reminder_of_a_thing_is_still_a_rule(said: str, subject: str) -> None:
    assert [c.subject for c in extract_constraints(said)] == [subject]


def test_reminder_then_a_rule_in_the_same_message() -> None:
    rules = rules_after(_PORK, "Don't forget what I said about pork, and never use MSG.")
    assert "No pork" in rules
    assert "never use MSG" in rules
    assert "forget" not in rules


@pytest.mark.parametrize(
    "said",
    [
        # Called off, not a reminder: the rule is lifted.
        "Forget what I said about pork.",
        "Never mind what I said about pork.",
    ],
)
def test_called_off_still_lifts(said: str) -> None:
    assert rules_after(_PORK, said) == ""


# ---------------------------------------------------------------- another day fine too

_SUNDAY_ONLY = "以后只能排周日。"
_EN_SUNDAY_ONLY = "Only schedule on Sundays."


@pytest.mark.parametrize(
    "said",
    [
        "其实周六也可以排。",
        "周六也可以排。",
        "那周六也可以排吧。",
        "周六也行。",
        "其实星期六也可以排。",
    ],
)
def test_zh_other_day_fine_too_widens_only_rule(said: str) -> None:
    rules = rules_after(_SUNDAY_ONLY, said)
    assert "只能排周日" not in rules
    assert "六" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Asked; the speaker; another verb; the same day; no day.
        "周六也可以排吗？",
        "我周六也可以。",
        "周六也可以休息。",
        "周日也可以排。",
        "早餐也可以。",
    ],
)
def test_zh_other_day_look_alikes_keep_only_rule(said: str) -> None:
    assert "只能排周日" in rules_after(_SUNDAY_ONLY, said)


def test_zh_other_day_fine_too_with_no_rule_is_none() -> None:
    assert rules_after("其实周六也可以排。") == ""


@pytest.mark.parametrize(
    "said", ["Saturday works too.", "Saturdays are fine too.", "Actually, Saturday is OK as well."]
)
def test_en_other_day_fine_too_widens_only_rule(said: str) -> None:
    rules = rules_after(_EN_SUNDAY_ONLY, said)
    assert "Only schedule on Sundays" not in rules
    assert "Saturday" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Asked; the same day; no day.
        "Is Saturday fine too?",
        "Sunday works too.",
        "Breakfast is fine too.",
    ],
)
def test_en_other_day_look_alikes_keep_only_rule(said: str) -> None:
    rules = rules_after(_EN_SUNDAY_ONLY, said)
    assert "Only schedule on Sundays" in rules
    assert len(rules.splitlines()) == 1


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # A day named beside an only-rule on another kind, or with no rule.
        ("Only business class.", "Friday is fine too."),
        ("只订商务舱。", "周六也可以订。"),
    ],
)
def test_other_day_beside_other_kind_keeps_rule(rule: str, said: str) -> None:
    rules = rules_after(rule, said)
    assert rules.splitlines()[0].startswith(("- Only business", "- 只订商务舱"))
    assert len(rules.splitlines()) == 1


def test_en_other_day_with_no_rule_is_none() -> None:
    assert rules_after("Saturday works too.") == ""


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        # A rule said again after the reminder's colon is read as the rule it is.
        ("Don't forget my rule about formatting: always use tabs.", "tabs"),
        ("记住我说的：不要香菜。", "香菜"),
    ],
)
def test_rule_after_reminder_colon_is_read(said: str, subject: str) -> None:
    assert [c.subject for c in extract_constraints(said)] == [subject]
