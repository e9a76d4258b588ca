"""User rules: polarity, subject, verbatim clause, revocation, and what is not a rule."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints, normalize_subject


def rules(text: str) -> list[tuple[str, str, bool]]:
    return [(c.polarity, c.subject, c.revokes) for c in extract_constraints(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("不要显示价格", [("forbid", "价格", False)]),
        ("别用顺丰", [("forbid", "顺丰", False)]),
        ("请勿泄露订单号", [("forbid", "订单号", False)]),
        # A bound not to cross is a limit, read as "不超过500元" is.
        ("不能超过500元", [("require", "500元", False)]),
        ("必须按Q3财务口径重算", [("require", "Q3财务口径重算", False)]),
        ("务必保留原地址和优惠码", [("require", "原地址和优惠码", False)]),
        ("只用简体中文", [("only", "简体中文", False)]),
        ("尽量用中文回答", [("prefer", "中文回答", False)]),
        ("把报表导出成Excel不要PDF", [("require", "excel", False), ("forbid", "pdf", False)]),
        ("Don't show prices.", [("forbid", "prices", False)]),
        ("Never use PDF", [("forbid", "pdf", False)]),
        ("always answer in English", [("require", "english", False)]),
        ("Only reply in Chinese", [("only", "chinese", False)]),
        ("stop apologizing", [("forbid", "apologizing", False)]),
        ("Export as Excel, not PDF.", [("require", "excel", False), ("forbid", "pdf", False)]),
    ],
)
def test_rules_are_read_with_polarity_and_subject(
    text: str, expected: list[tuple[str, str, bool]]
) -> None:
    assert rules(text) == expected


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("可以显示价格了", "价格"),
        ("忽略我之前关于价格的规则", "价格"),
        ("You can show prices again", "prices"),
        ("ignore my earlier rule about prices", "prices"),
    ],
)
def test_revocations_lift_a_rule(text: str, subject: str) -> None:
    found = extract_constraints(text)
    assert len(found) == 1
    assert found[0].revokes is True
    assert found[0].subject == subject


def test_not_late_is_a_rule_but_not_late_plan_is_a_noun_phrase() -> None:
    assert rules("不要迟到") == [("forbid", "迟到", False)]
    assert rules("不要迟到的方案") == []
    assert rules("给我一个不要迟到的方案") == []
    # With the speaker as subject the same shape is a rule about the noun phrase.
    assert rules("我不要辣的菜") == [("forbid", "辣的菜", False)]
    # A time or a degree before 的 names a kind of the noun that is not wanted.
    assert rules("日期是5号，不要早上的航班") == [("forbid", "早上的航班", False)]
    assert rules("不要太辣的") == [("forbid", "太辣的", False)]
    assert rules("不要太贵的酒店") == [("forbid", "太贵的酒店", False)]


@pytest.mark.parametrize(
    "text",
    [
        "这个景点的周边还有哪些别的景点啊",  # 别的 = other
        "要不要门票？",  # A-not-A question
        "不用谢",
        "不要紧",
        "能不能帮我查一下？",
        "特别好",
        "I don't know the address",
        "I only have $50",
        "他家电话是多少",
    ],
)
def test_look_alikes_are_not_rules(text: str) -> None:
    assert extract_constraints(text) == []


def test_constraint_text_is_the_verbatim_clause() -> None:
    text = "好的，不要显示价格，谢谢"
    (c,) = extract_constraints(text)
    assert c.text == "不要显示价格"
    assert c.text in text
    assert c.cue == "不要"


def test_normalize_subject_strips_verbs_and_lowercases_latin() -> None:
    assert normalize_subject("显示价格") == "价格"
    assert normalize_subject("use PDF") == "pdf"
    assert normalize_subject("用户") == "用户"  # a word that merely starts with 用 stays
