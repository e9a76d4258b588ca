"""A case weighed is no rule: "不用券的话多少钱" (how much without the coupon?) and "如果不要发
票，能便宜吗" were recorded as rules, and so was "券不用急" (no hurry with the coupon)."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


@pytest.mark.parametrize(
    "text",
    [
        "不用券的话多少钱",
        "不用券的话，总价是多少",
        "如果不要发票，能便宜吗",
        "要是不加辣的话会好吃吗",
        "假如不用顺丰，几天能到",
        "万一不要这个颜色，可以换吗",
        "券不用急",
        "不用急，慢慢来",
    ],
)
def test_a_supposed_case_or_no_hurry_is_no_rule(text: str) -> None:
    assert LedgerSession(text).active() == []


@pytest.mark.parametrize(
    "text",
    [
        "不要显示价格",
        "以后不要用英文回复",
        "不用发票",
        "别用顺丰",
        "不用券了",
        "回复的话不要用英文",
        "不要说废话",
        "不要急着发货",
    ],
)
def test_a_rule_stays_a_rule(text: str) -> None:
    assert LedgerSession(text).active() != []
