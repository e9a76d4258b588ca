"""One choice given up for another ("A套餐太贵了，换B套餐", "出发地不要上海了，换成杭州"): the new
value is current and the old one archived, under the thing the message or the values name; a
thing that cannot be named reads nothing, and "不要X了，换成Y" is no standing rule.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, rules_text, state_text

from ctxengine.compaction.replacements import replacements


def _block(*user: str) -> str:
    msgs: list[str] = []
    for m in user:
        msgs += [m, "好的。"]
    return block(*msgs, "继续。")


@pytest.mark.parametrize(
    ("text", "thing", "old", "new"),
    [
        ("MU5101不要了，还是改国航CA1519。", "航班", "MU5101", "国航CA1519"),
        ("A套餐太贵了，换B套餐。", "套餐", "A套餐", "B套餐"),
        ("王主任约满了，换成李主任吧。", "主任", "王主任", "李主任"),
        ("汉庭酒店满了，换如家酒店吧。", "酒店", "汉庭酒店", "如家酒店"),
        ("出发地不要上海了，换成杭州。", "出发地", "上海", "杭州"),
        ("目的地不要日本了，换成韩国。", "目的地", "日本", "韩国"),
        ("12月3日订不到了，改成12月5日。", "日期", "12月3日", "12月5日"),
        ("嗯，豪华套餐不要了，那就换标准套餐吧。", "套餐", "豪华套餐", "标准套餐"),
    ],
)
def test_choice_given_up_for_another(text: str, thing: str, old: str, new: str) -> None:
    [r] = replacements(text)
    assert (r.thing, r.old, r.new) == (thing, old, new)


@pytest.mark.parametrize(
    "text",
    [
        "实木太贵，改用强化复合的。",  # no thing named, none shared
        "大床房没了，换双床房吧。",  # they share only 房
        "这个太贵了，换一个吧。",  # no value said
        "红色不要了，换成那个吧。",
        "A套餐太贵了。",  # nothing taken instead
        "A套餐太贵了吗？B套餐呢？",
    ],
)
def test_nothing_read_without_a_nameable_thing(text: str) -> None:
    assert replacements(text) == []


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("机票改签到东航MU5101。", "MU5101不要了，还是改国航CA1519。", "CA1519", "MU5101"),
        ("喜宴菜单选A套餐。", "A套餐太贵了，换B套餐。", "B套餐", "A套餐"),
        ("复诊挂王主任的号。", "王主任约满了，换成李主任吧。", "李主任", "王主任"),
    ],
)
def test_new_current_old_archived(first: str, change: str, new: str, old: str) -> None:
    text = _block(first, change)
    assert new in current_text(text)
    assert old not in current_text(text).replace(new, "")
    assert old in state_text(text)


@pytest.mark.parametrize(
    "said",
    [
        "出发地不要上海了，换成杭州。",
        "目的地不要日本了，换成韩国。",
        "手机号别用13812345678了，换成139****5678。",
        "快递不要顺丰了，还是改成中通。",
    ],
)
def test_swap_is_no_standing_rule(said: str) -> None:
    assert not rules_text(_block(said))


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("以后不要用顺丰了。", "不要用顺丰"),
        ("回复不要用英文，改成中文。", "不要用英文"),
        ("不要顺丰了，太贵，发京东快递就行。", "不要顺丰"),
        ("以后不要用顺丰了，换成中通。", "不要用顺丰"),
        ("不用京东快递了，改用EMS。", "不用京东快递"),
    ],
)
def test_standing_rules_stay_rules(said: str, rule: str) -> None:
    assert rule in rules_text(_block(said))
