"""Document numbers, the last digits of a number, and sums in 万元: kept whole and named right.

Round 7 (Chinese) found 身份证尾号4417 lost, 手机尾号5678 taken for the phone number itself,
ZX(2026)第0315号 cut to ZX(2026), 26.8万元 lost and 保单号/报销单号 labelled 订单号. Each idea is
checked with wordings that must be read and with look-alikes that must not be.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, evidence_text

from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("合同编号ZX(2026)第0315号，总价26.8万元。", "ZX(2026)第0315号"),
        ("合同号是GF（2025）12号。", "GF（2025）12号"),
        ("保单号是PICC2026110300457。", "PICC2026110300457"),
        ("报销单号BX-2026-11-0087。", "BX-2026-11-0087"),
        ("发票号沪医票2026-0451178。其中自费3860元。", "沪医票2026-0451178"),
        ("理赔号：CLM-2026-8841，请查收。", "CLM-2026-8841"),
        ("报案号为RPT2026112800931", "RPT2026112800931"),
        ("我的就诊卡号是JZK-0098213。", "JZK-0098213"),
        ("流水号 20261201093355", "20261201093355"),
    ],
)
def test_document_number_kept_whole_as_id(text: str, value: str) -> None:
    assert ("id", value) in _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "合同号在第2页。",  # where it is, no number
        "保单里写的2026年到期。",  # no word for a number
        "合同号是多少？",
        "编号我等会儿发你。",
        "文号我记不清了，大概是去年的。",
    ],
)
def test_no_document_number_without_one(text: str) -> None:
    assert not [v for k, v in _spans(text) if k == "id"]


@pytest.mark.parametrize("said", ["保单号是PICC2026110300457。", "报销单号BX-2026-11-0087。"])
def test_policy_and_claim_numbers_are_no_order_numbers(said: str) -> None:
    text = evidence_text(block(said, "好的。", "继续。"))
    assert "订单号" not in text and "编号" in text


def test_order_number_still_an_order_number() -> None:
    assert ("order_id", "A12345") in _spans("单号A12345，帮我查一下。")
    assert ("order_id", "SO-20261130") in _spans("订单号是SO-20261130。")


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("身份证尾号4417。", "4417"),
        ("我手机尾号是5678。", "5678"),
        ("银行卡后四位1234。", "1234"),
        ("卡号末4位是0042", "0042"),
        ("The card ending in 4417 was charged twice.", "4417"),
        ("my Visa that ends with 0042", "0042"),
        ("The last four digits are 9921.", "9921"),
        ("last 4 digits of my SSN are 1234", "1234"),
    ],
)
def test_last_digits_kept(text: str, digits: str) -> None:
    assert ("last_digits", digits) in _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "今天尾号限行3和8。",  # a traffic rule, one digit each
        "车牌尾号是3。",
        "后四位我忘了。",
        "the fiscal year ending in 2025",
        "The story ends with 1999 chaos.",
        "He ended up paying 1200 dollars.",
    ],
)
def test_no_last_digits_in_look_alikes(text: str) -> None:
    assert not [v for k, v in _spans(text) if k == "last_digits"]


@pytest.mark.parametrize(
    "said", ["我手机尾号是5678。", "电话后四位是1234。", "我手机号码尾号5678，记一下。"]
)
def test_last_digits_are_no_phone_number(said: str) -> None:
    text = block(said, "好的。", "继续。")
    assert "电话=" not in current_text(text)
    assert "尾号" in evidence_text(text)


def test_whole_phone_number_still_the_phone() -> None:
    assert "电话=13812345678" in current_text(block("我的手机是13812345678。", "好的。", "继续。"))


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("合同总价26.8万元，首付三成。", "26.8万元"),
        ("预算3千块。", "3千块"),
        ("最多5万元。", "5万元"),
        ("贷款1.2亿元", "1.2亿元"),
        ("押金2000元", "2000元"),
    ],
)
def test_sum_with_multiplier_kept_whole(text: str, amount: str) -> None:
    assert ("amount", amount) in _spans(text)


@pytest.mark.parametrize("text", ["观众26.8万人次。", "粉丝3万多了。", "跑了5千米。"])
def test_multiplier_without_currency_is_no_sum(text: str) -> None:
    assert not [v for k, v in _spans(text) if k == "amount"]
