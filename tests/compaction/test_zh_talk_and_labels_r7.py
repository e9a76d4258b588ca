"""Round 7 (Chinese): remarks on the talk itself are no rules ("别当真"), a label announcing a
rule is not part of it ("规矩是这样："), and the word for how a value went wrong is not part of
the thing's name ("班级弄错了", "护照号有个数字错了").
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, rules_after, section


@pytest.mark.parametrize(
    "said",
    [
        "哈哈，我就是随便问问，别当真。",
        "别往心里去，我就是随口一说。",
        "写得不好，别见笑。",
        "我话多，别嫌我烦哈。",
        "开玩笑的，别较真。",
    ],
)
def test_remark_on_the_talk_is_no_rule(said: str) -> None:
    assert not section(block(said, "好的。", "继续。"), "constraints")


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("报价单上的数字别当真，以合同为准。", "报价单上的数字别当真"),
        ("以后回复别太客气，直接说重点。", "别太客气"),
    ],
)
def test_same_words_with_a_topic_are_a_rule(said: str, rule: str) -> None:
    assert rule in rules_after(said)


@pytest.mark.parametrize(
    ("said", "rule", "label"),
    [
        ("规矩是这样：报销单上每一张发票都得有税号。", "报销单上每一张发票都得有税号", "规矩"),
        ("规则如下：每张发票都得有税号。", "每张发票都得有税号", "规则"),
        ("记住：每张发票都得有税号。", "每张发票都得有税号", "记住"),
        ("提醒一下：以后别给我打电话。", "以后别给我打电话", "提醒"),
        ("我的要求只有一条：不要辣。", "不要辣", "要求"),
        ("另外，注意：周末不要安排会议。", "周末不要安排会议", "注意"),
    ],
)
def test_label_before_a_rule_is_left_out(said: str, rule: str, label: str) -> None:
    rules = rules_after(said)
    assert rule in rules and label not in rules


def test_label_word_inside_a_rule_stays() -> None:
    # No colon after it: "要求" is part of what the rule says.
    assert "发票要求写公司全称" in rules_after("发票要求写公司全称，不能简写。")


@pytest.mark.parametrize(
    ("first", "fix", "slot", "value"),
    [
        ("孩子上三年级二班。", "班级弄错了，是三年级五班。", "班级", "三年级五班"),
        ("护照号E12345678。", "护照号有个数字错了，是E12345687。", "护照号", "E12345687"),
        ("房间号1102。", "房间号搞错了，是1203。", "房间号", "1203"),
        ("工号是A1023。", "工号输错了，是A1032。", "工号", "A1032"),
        ("面积85平。", "面积我说错了，是95平。", "面积", "95平"),
    ],
)
def test_how_it_went_wrong_is_no_part_of_the_name(
    first: str, fix: str, slot: str, value: str
) -> None:
    text = current_text(block(first, "好的。", fix, "好的。", "继续。"))
    assert f"{slot}={value}" in text
