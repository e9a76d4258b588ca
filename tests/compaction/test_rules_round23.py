"""Rules lifted or replaced in the words of the third review round: "电车其实也行" after
"别给我订电车", the hedge between the thing and the cue, the thing a rule's verb takes."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _active(*turns: str) -> list[str]:
    return LedgerSession(*turns).active()


# ---------------------------------------------------------------- "X其实也行" lifts "别订X"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("别给我订电车。", "电车其实也行，小区刚装了充电桩。"),
        ("不要给我买油车。", "油车其实也可以。"),
        ("别给我订高铁。", "高铁现在也行了。"),
        ("不要朝北的。", "朝北的其实也可以接受。"),
    ],
)
def test_zh_thing_also_ok_lifts_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") not in _active(rule, later)


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("别给我订电车。", "地铁其实也行。"),  # another thing: the rule stays
        ("别给我订电车。", "电车其实也行吗？"),  # asked, not granted
    ],
)
def test_zh_thing_also_ok_near_miss_keeps_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") in _active(rule, later)


# ---------------------------------------------------------------- "<限制>改成 N" replaces the limit


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("每段不超过120个单词。", "段落字数限制改成150个单词吧，120太紧了。"),
        ("每条标题不超过20个字。", "标题字数限制改成30个字。"),
        ("每段不超过120个单词。", "字数限制放宽到200个单词。"),
        ("每个回答不超过300个字符。", "回答长度限制改为500个字符。"),
    ],
)
def test_zh_limit_changed_replaces_rule(rule: str, later: str) -> None:
    active = _active(rule, later)
    assert rule.rstrip("。") not in active
    assert any(later.split("，")[0].rstrip("。吧") in a for a in active)


def test_zh_other_count_changed_keeps_limit() -> None:
    # Not the limit nor a word of the rule: the rule stays.
    assert "每段不超过120个单词" in _active("每段不超过120个单词。", "段落数改成5个。")


# ------------------------------------------------------------ "<topic>那条取消吧" lifts the rule


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("总预算不能超过25万元。", "预算那条取消吧，不用卡25万了，改成32万。"),
        ("不要一楼。", "一楼那条取消吧。"),
        ("总预算不能超过25万元。", "取消预算那条规则。"),
        ("每次回复都不要超过200字。", "回复那个限制去掉吧。"),
    ],
)
def test_zh_rule_named_by_topic_called_off(rule: str, later: str) -> None:
    assert rule.rstrip("。") not in _active(rule, later)


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("总预算不能超过25万元。", "酒店那条取消吧。"),  # another rule's topic
        ("不要一楼。", "一楼那条取消吗？"),  # asked
        ("不要一楼。", "别把一楼那条取消。"),  # kept, not called off
    ],
)
def test_zh_other_topic_called_off_keeps_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") in _active(rule, later)


# ---------------------------------------------------------------- "Scratch the <thing> cap"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("Always keep the total budget under $38,000.", "Scratch the budget cap."),
        ("Keep the total budget under $38,000.", "Forget the budget limit."),
        ("Only consider candidates with at least 5 years of Go.", "Forget the Go requirement."),
        ("Each heading at most 40 characters.", "Never mind the heading limit."),
    ],
)
def test_en_limit_dropped_by_its_thing(rule: str, later: str) -> None:
    assert rule.rstrip(".") not in " ".join(_active(rule, later))


@pytest.mark.parametrize(
    "later",
    ["Scratch the mileage cap.", "Scratch the budget.", "Did you forget the budget cap?"],
)
def test_en_other_limit_dropped_keeps_rule(later: str) -> None:
    rule = "Always keep the total budget under $38,000."
    assert rule in _active(rule, later)


# ---------------------------------------------------------------- "relax the <thing> requirement"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        (
            "Only consider candidates with at least 5 years of Go.",
            "We can relax the Go requirement: 3 years is enough now.",
        ),
        ("Always keep the total budget under $38,000.", "Let's relax the budget cap."),
        ("Only consider candidates with at least 5 years of Go.", "Lift the Go requirement."),
    ],
)
def test_en_limit_relaxed_is_lifted(rule: str, later: str) -> None:
    assert rule not in _active(rule, later)


@pytest.mark.parametrize(
    "later", ["We can relax the Rust requirement.", "Can we relax the Go requirement?"]
)
def test_en_other_or_asked_relaxing_keeps_rule(later: str) -> None:
    rule = "Only consider candidates with at least 5 years of Go."
    assert rule in _active(rule, later)


# ---------------------------------------------------------------- "<thing>s can go up to N"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("Each heading at most 40 characters.", "Headings can go up to 55 characters now."),
        ("Each slide at most 6 bullets.", "Slides can be up to 8 bullets."),
        ("Each title at most 50 characters.", "Titles can go up to 70 characters."),
    ],
)
def test_en_raised_limit_replaces_rule(rule: str, later: str) -> None:
    active = _active(rule, later)
    assert rule not in active
    assert later in active


@pytest.mark.parametrize(
    "later", ["Paragraphs can go up to 55 words now.", "Can headings go up to 55 characters?"]
)
def test_en_other_or_asked_raise_keeps_rule(later: str) -> None:
    rule = "Each heading at most 40 characters."
    assert rule in _active(rule, later)


# ---------------------------------------------------------------- "<topic>以后不用问我了"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("执行任何删除命令前必须先问我。", "删除命令以后不用问我了，直接执行。"),
        ("发邮件前必须先问我。", "邮件以后不用问我了。"),
        ("付款前必须先问我。", "付款今后不用问我了。"),
    ],
)
def test_zh_topic_no_longer_ask_lifts_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") not in _active(rule, later)


@pytest.mark.parametrize("later", ["以后不用等我了。", "删除命令以后不用问我了吗？"])
def test_zh_other_or_asked_no_longer_keeps_rule(later: str) -> None:
    rule = "执行任何删除命令前必须先问我。"
    assert rule.rstrip("。") in _active(rule, later)
