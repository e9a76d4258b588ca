"""Lifts that say no more than the rule's absence, and exceptions for one occasion.

A requirement skipped or no longer needed ("You can skip the dry-run from now on", "不用卡25万了")
and a thing refused said to be acceptable too ("朝北的其实也可以接受", "在职证明上写月薪也可以")
lift the rule for good: after their turn they are not shown, since they would read as rules
of their own. A limit's new value lifts only a limit on what it measures ("预算可以放宽到9500了"
is no new walking time). An exception for an occasion ("For this rental only, …", "这次例外，用
英文回复") keeps the standing rule or setting beside it.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession


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


def _after(*turns: str) -> LedgerSession:
    """The turns, then one more user turn on something else, so a lift's own turn has passed
    (not a bare "Go.", which keeps a this-once permission in force for the turn it starts)."""
    return LedgerSession(*turns, "Thanks. Now check the logs.")


# ---------------------------------------------------------------- a requirement skipped

DRY_RUN = "Always use --dry-run first before any kubectl apply."


@pytest.mark.parametrize(
    "lift",
    [
        "You can skip the dry-run from now on.",
        "You may skip the dry-run going forward.",
        "You can skip the dry-run.",
        "Feel free to skip the dry-run.",
        "Skip the dry-run from now on.",
        "It's fine to skip the dry-run now.",
        "No need to use --dry-run anymore.",
        "You don't need to do the dry-run anymore.",
        "You no longer need to do a dry-run.",
        "You can stop doing dry-runs.",
    ],
)
def test_a_skipped_requirement_is_lifted_and_not_shown_after(lift: str) -> None:
    s = _after(DRY_RUN, lift)
    assert s.status(DRY_RUN) == "revoked"
    assert constraint_lines(s.block()) == []


def test_a_skip_is_shown_on_its_own_turn() -> None:
    s = LedgerSession(DRY_RUN, "You can skip the dry-run from now on.")
    assert constraint_lines(s.block()) == ["You can skip the dry-run from now on."]


@pytest.mark.parametrize(
    ("lift", "shown"),
    [
        # A scope of its own: an exception beside the rule, kept.
        ("You can skip the dry-run for staging.", True),
        # Another thing skipped: no rule lifted, dropped.
        ("You can skip the linter from now on.", False),
        # For one occasion: beside the rule on its turn, used up after it.
        ("You can skip the dry-run this once.", False),
    ],
)
def test_a_skip_of_part_or_of_another_thing_keeps_the_rule(lift: str, shown: bool) -> None:
    s = _after(DRY_RUN, lift)
    assert s.status(DRY_RUN) == "active"
    assert (lift in constraint_lines(s.block())) is shown


def test_a_skip_with_no_requirement_is_a_rule_of_its_own() -> None:
    s = _after("Skip the small talk from now on.")
    assert constraint_lines(s.block()) == ["Skip the small talk from now on."]


ZH_DRY_RUN = "kubectl apply之前必须先跑dry-run。"


@pytest.mark.parametrize(
    "lift", ["以后可以跳过dry-run了。", "现在可以直接跳过dry-run了。", "以后不用先跑dry-run了。"]
)
def test_zh_a_skipped_requirement_is_lifted_and_not_shown(lift: str) -> None:
    s = _after(ZH_DRY_RUN, lift)
    assert s.status(ZH_DRY_RUN.rstrip("。")) == "revoked"
    assert constraint_lines(s.block()) == []


@pytest.mark.parametrize("other", ["以后可以跳过代码审查了。", "以后可以跳过dry-run了吗？"])
def test_zh_another_or_asked_skip_keeps_the_rule(other: str) -> None:
    assert _after(ZH_DRY_RUN, other).status(ZH_DRY_RUN.rstrip("。")) == "active"


# ---------------------------------------------------------------- a limit no longer held

CAP = "总预算不能超过25万元。"


@pytest.mark.parametrize(
    "lift",
    [
        "不用卡25万了。",
        "不用卡25万了，改成32万。",
        "预算不用再卡25万了。",
        "以后不用控制在25万以内了。",
        "不必限制在25万了。",
        "预算那条取消吧，不用卡25万了，改成32万。",
    ],
)
def test_zh_a_limit_no_longer_held_is_lifted_and_not_shown(lift: str) -> None:
    s = _after(CAP, lift)
    assert s.status(CAP.rstrip("。")) == "revoked"
    assert not any("不用" in line or "不必" in line for line in constraint_lines(s.block()))


def test_zh_the_new_limit_after_a_lift_is_kept() -> None:
    s = _after(CAP, "预算那条取消吧，不用卡25万了，改成32万。")
    assert "改成32万" in constraint_lines(s.block())


@pytest.mark.parametrize(
    "other",
    [
        "不用卡30万了。",  # another value: not this limit
        "不用卡25万了吗？",  # asked
        "我不用卡25万了。",  # of the speaker
    ],
)
def test_zh_other_limits_or_asked_keep_the_cap(other: str) -> None:
    assert _after(CAP, other).status(CAP.rstrip("。")) == "active"


def test_zh_a_limit_lift_is_no_prohibition_of_its_own() -> None:
    assert [c.polarity for c in extract_constraints("不用卡25万了。")] == ["require"]
    assert all(c.revokes for c in extract_constraints("不用控制在预算以内了。"))


# ---------------------------------------------------------------- what was refused, fine too


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("在职证明上不要写我的月薪。", "在职证明上写月薪也可以。"),
        ("在职证明上不要写我的月薪。", "在职证明上写月薪其实也行。"),
        ("邮件里不要提我的名字。", "邮件里提我的名字也没关系。"),
        ("报价单上不要写折扣。", "报价单上写折扣也行。"),
        ("不要朝北的。", "朝北的其实也可以接受。"),
        ("别给我订电车。", "电车其实也行，小区刚装了充电桩。"),
    ],
)
def test_zh_a_refused_thing_fine_too_lifts_and_is_not_shown(rule: str, lift: str) -> None:
    s = _after(rule, lift)
    assert s.status(rule.rstrip("。")) == "revoked"
    assert constraint_lines(s.block()) == []


def test_zh_only_the_thing_fine_too_is_lifted() -> None:
    s = _after("不要一楼，也不要朝北的。", "朝北的其实也可以接受，只要不是一楼。")
    assert constraint_lines(s.block()) == ["不要一楼"]


@pytest.mark.parametrize(
    "other",
    [
        "在职证明上写职位也可以。",  # another thing
        "在职证明上写月薪也可以吗？",  # asked
        "收入证明上写月薪也可以。",  # another document
    ],
)
def test_zh_other_things_fine_too_keep_the_rule(other: str) -> None:
    rule = "在职证明上不要写我的月薪"
    assert _after(rule + "。", other).status(rule) == "active"


def test_zh_fine_too_that_replaces_an_only_rule_stays_shown() -> None:
    # The only-rule it relaxes is superseded: the words say what else is fine.
    s = _after("只要主任医师，不要副主任。", "副主任也可以了，主任的号太难挂。")
    assert "副主任也可以了" in constraint_lines(s.block())


# ---------------------------------------------------------------- a limit's value, of its kind


@pytest.mark.parametrize(
    ("rule", "change"),
    [
        ("只看地铁站步行10分钟以内的。", "预算可以放宽到9500了。"),
        ("通勤不超过30分钟。", "预算放宽到9500。"),
        ("每段不超过120个单词。", "预算改成5000元。"),
        ("Only show flights under 3 hours.", "The budget can go to $900."),
    ],
)
def test_a_new_value_of_another_measure_replaces_no_rule(rule: str, change: str) -> None:
    s = _after(rule, change)
    assert s.status(rule.rstrip("。")) == "active"
    assert s.conflicts() == []
    assert constraint_lines(s.block()) == [rule.rstrip("。")]


@pytest.mark.parametrize(
    ("rule", "change"),
    [
        ("总价不要超过 12 万。", "预算可以放到 13 万。"),
        ("每段不超过120个单词。", "字数限制放宽到200个单词。"),
        ("Keep the total under $500.", "The budget can go to $900."),
        ("Each heading at most 40 characters.", "Headings can go up to 55 characters now."),
    ],
)
def test_a_new_value_of_the_same_measure_replaces_the_limit(rule: str, change: str) -> None:
    s = _after(rule, change)
    assert s.status(rule.rstrip("。")) == "superseded"


# ---------------------------------------------------------------- exceptions for an occasion

CDW = "Never add the collision damage waiver."


@pytest.mark.parametrize(
    "exception",
    [
        "For this rental only, go ahead and add the CDW.",
        "Just for this rental, you can add the CDW.",
        "Only for this booking, you can add the CDW.",
        "For this rental only, add the CDW.",
        "Go ahead and add the CDW for this rental only.",
    ],
)
def test_an_exception_for_the_occasion_is_kept_beside_the_rule(exception: str) -> None:
    s = _after(CDW, exception)
    assert s.status(CDW) == "active"
    assert constraint_lines(s.block()) == [CDW, exception]


def test_an_exception_for_one_time_is_used_up() -> None:
    s = _after(CDW, "Just this once, add the CDW.")
    assert constraint_lines(s.block()) == [CDW]
    assert constraint_lines(LedgerSession(CDW, "Just this once, add the CDW.").block()) == [
        CDW,
        "Just this once, add the CDW.",
    ]


@pytest.mark.parametrize(
    "other",
    [
        "For this rental only, go ahead and add the GPS.",  # another thing
        "Is the CDW included for this rental?",  # asked
    ],
)
def test_other_occasion_words_keep_the_rule_alone(other: str) -> None:
    assert constraint_lines(_after(CDW, other).block()) == [CDW]


def test_initials_lift_a_rule_for_good_without_an_occasion() -> None:
    s = _after(CDW, "You can add the CDW now.")
    assert s.status(CDW) == "revoked"


def test_an_occasion_lead_is_no_only_rule() -> None:
    found = extract_constraints("Only for this booking, you can add the CDW.")
    assert [c.polarity for c in found] == ["forbid"] and found[0].revokes


def test_zh_an_exception_for_this_time_keeps_the_rule() -> None:
    s = LedgerSession("不要显示价格。", "这次例外，可以显示价格。")
    assert s.status("不要显示价格") == "active"
