"""A rule changed by later words that are no revocation's: a preference let go ("Forget the
high floor"), 算了 and a request for what a rule forbade, another thing counted in beside an
only-rule ("实习生也算进去吧"), a rule's value said again with another, a rule that put one value
in another's place outlived by a third value, and a setting for one reply only."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession


def _active(*turns: str) -> list[str]:
    return LedgerSession(*turns).active()


def _slots(s: LedgerSession) -> dict[str, str]:
    return {k: v.value for k, v in s.d.state.state.slots.items()}


# ---------------------------------------------------------------- a preference let go


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("I prefer a high floor.", "Forget the high floor, it doesn't matter."),
        ("I'd prefer a sea view.", "Never mind the sea view."),
        ("I prefer a high floor.", "The high floor doesn't matter anymore."),
        ("I prefer window seats.", "OK, window seats aren't important."),
        ("I prefer a quiet room.", "Don't worry about the quiet room."),
        ("最好是高楼层。", "高楼层无所谓了。"),
        ("最好有海景。", "算了，不用管海景了。"),
        ("尽量订高楼层。", "高楼层也不重要了。"),
    ],
)
def test_preference_let_go_is_lifted(rule: str, later: str) -> None:
    s = LedgerSession(rule, later, "What is my total?")
    assert rule.rstrip("。") not in "\n".join(s.active())
    assert s.status(next(e.text for e in s.entries if e.turn == 1)) == "revoked"
    # The words that let it go hold on their turn only: nothing is left to say after it.
    assert later.rstrip("。") not in s.block()


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("I prefer a high floor.", "Don't forget the high floor."),
        ("I prefer a high floor.", "Please don't forget about the high floor."),
        ("I prefer a high floor.", "Did you forget the high floor?"),
        ("I prefer a high floor.", "Forget it, I'll do it myself."),
        ("I prefer a high floor.", "Forget the spa, it doesn't matter."),
        ("最好是高楼层。", "价格无所谓。"),
        ("最好是高楼层。", "高楼层无所谓吗？"),
    ],
)
def test_preference_not_let_go(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert next(e for e in s.entries if e.turn == 1).status == "active"
    assert not [e for e in s.entries if e.turn == 2 and e.revokes]


@pytest.mark.parametrize(
    "said", ["Forget it, I'll do it myself.", "Forget the spa.", "海景无所谓了。"]
)
def test_letting_go_of_nothing_is_no_rule(said: str) -> None:
    assert _active(said) == []


# ---------------------------------------------------------------- 算了, and what a rule forbade


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("请放到小区南门的丰巢柜，不要放门口。", "算了，还是送到家门口吧。"),
        ("别放前台。", "算了，就放前台吧。"),
        ("不要加香菜。", "算了，还是加点香菜吧。"),
        ("不要订靠窗的座位。", "那还是订靠窗的座位吧。"),
        ("不要放门口。", "算了，放门口吧。"),
    ],
)
def test_never_mind_and_the_forbidden_request_lifts(rule: str, later: str) -> None:
    s = LedgerSession(rule, later, "几点到？")
    forbid = next(e for e in s.entries if e.turn == 1 and e.polarity == "forbid")
    assert forbid.status == "revoked"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("不要放门口。", "算了，不说了。"),
        ("不要放门口。", "算了，还是放丰巢柜吧。"),
        ("不要放门口。", "算了，我自己去取吧。"),
        ("不要订靠窗的座位。", "算了，还是订靠过道的座位吧。"),
        ("不要放门口。", "算了，还是放门口吗？"),
    ],
)
def test_never_mind_without_the_forbidden_thing_keeps_it(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert next(e for e in s.entries if e.turn == 1).status == "active"


def test_never_mind_with_no_rule_is_a_request() -> None:
    assert _active("算了，还是送到家门口吧。") == []


# ---------------------------------------------------------------- counted in beside an only-rule


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("只看正式员工，实习生不算。", "实习生也算进去吧，老板说要全部人。"),
        ("只统计正式员工。", "把实习生也算上吧。"),
        ("只看正式员工。", "也包括实习生吧。"),
        ("只算北京的门店。", "上海的门店也要算进去。"),
        ("Only count full-time employees.", "Include interns too."),
        ("Only look at paid plans.", "Count the free plan as well."),
    ],
)
def test_counted_in_too_lifts_the_only_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    only = next(e for e in s.entries if e.turn == 1)
    assert only.status == "revoked" and later.rstrip("。") in "\n".join(s.active())


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("只看正式员工。", "实习生也算进去了吗？"),
        ("只看正式员工。", "实习生也算进去了。"),
        ("只看正式员工。", "这也算？"),
        ("Only count full-time employees.", "Did you include interns too?"),
        ("Only use Python.", "Include the tests too."),
    ],
)
def test_not_counted_in_keeps_the_only_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert next(e for e in s.entries if e.turn == 1).status == "active"


@pytest.mark.parametrize("said", ["Include interns too.", "实习生也算进去吧。"])
def test_counted_in_with_no_only_rule_is_no_rule(said: str) -> None:
    assert _active(said) == []


# ---------------------------------------------------------------- a rule's value changed


@pytest.mark.parametrize(
    ("rule", "later", "new"),
    [
        ("Only use data after 2026-01-01.", "Change the cutoff to 2026-04-01.", "2026-04-01"),
        ("Keep the summary under 200 words.", "Change the limit to 300 words.", "300"),
        ("Don't book anything before 9:00.", "Move the cutoff to 10:00.", "10:00"),
        ("只看2026年1月1日之后的数据。", "截止日期改成2026年4月1日。", "2026年4月1日"),
        ("预算不要超过5000元。", "预算改成8000元。", "8000"),
    ],
)
def test_rule_value_changed(rule: str, later: str, new: str) -> None:
    s = LedgerSession(rule, later)
    old = next(e for e in s.entries if e.turn == 1)
    assert old.status == "superseded"
    changed = [t for t in s.active() if new in t]
    assert changed == [later.rstrip("。")] or changed == [later]
    assert s.conflicts("constraint") == [(old.text, changed[0], "later_wins")]


@pytest.mark.parametrize(
    "later",
    [
        "Change the deadline to 2026-04-01.",
        "Change the limit to 300.",
        "Should I change the cutoff to 2026-04-01?",
        "Change the cutoff to 2026-01-01.",
    ],
)
def test_rule_value_not_changed(later: str) -> None:
    s = LedgerSession("Only use data after 2026-01-01.", later)
    assert s.status("Only use data after 2026-01-01.") == "active"


@pytest.mark.parametrize("said", ["收货地址改成文三路398号。", "Change the cutoff to 2026-04-01."])
def test_value_changed_with_no_rule_is_no_rule(said: str) -> None:
    assert _active(said) == []


# ---------------------------------------------------------------- an "X instead of Y" outlived


@pytest.mark.parametrize(
    ("first", "rule", "later"),
    [
        (
            "Make a bar chart, blue bars.",
            "Use orange instead of blue.",
            "Actually make the bars green.",
        ),
        ("快递用中通。", "用顺丰，不要用中通。", "快递改成圆通。"),
    ],
)
def test_replacement_rule_outlived_by_a_third_value(first: str, rule: str, later: str) -> None:
    s = LedgerSession(first, rule, later)
    assert not [e for e in s.entries if e.turn == 2 and e.status == "active"]


@pytest.mark.parametrize(
    "later", ["Make the title bigger.", "Actually make the bars orange.", "Export it."]
)
def test_replacement_rule_kept_while_its_value_holds(later: str) -> None:
    s = LedgerSession("Make a bar chart, blue bars.", "Use orange instead of blue.", later)
    assert "Use orange instead of blue." in s.active()


# ---------------------------------------------------------------- a setting for one reply


@pytest.mark.parametrize(
    "later",
    [
        "这条用中文回答我就行。",
        "这次的回答用中文吧。",
        "这一条就用中文回复。",
        "Answer this one in Chinese.",
    ],
)
def test_one_reply_setting_keeps_the_standing_value(later: str) -> None:
    s = LedgerSession("以后回答都用英文。", later, "继续。")
    assert "英文" in _slots(s).values() and "中文" not in _slots(s).values()


@pytest.mark.parametrize("later", ["以后都用中文回答吧。", "改成中文回答。"])
def test_standing_setting_changed(later: str) -> None:
    s = LedgerSession("以后回答都用英文。", later)
    assert "中文" in _slots(s).values()


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        ("Don't forget the high floor.", "high floor"),
        ("Never forget to cc Bob.", "cc bob"),
        ("Please don't forget about the sea view.", "sea view"),
    ],
)
def test_dont_forget_is_a_reminder_not_a_prohibition(said: str, subject: str) -> None:
    (c,) = extract_constraints(said)
    assert (c.polarity, c.subject) == ("require", subject)
