"""Defects a review of Chinese sessions found in slot values: amounts cut at their thousands
separator, a removal that took the value set beside it, "换成X" with no slot word ignored,
replies that answer no question read as values, and labelled values ("收货人：李娜") missed."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller

from ._turns import alternating, slot_values

ECOM = "ecommerce"


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


def transitions(d: CompactionDistiller, slot: str) -> list[tuple[str, str | None, str | None]]:
    """(op, old, new) of the transitions of `slot`, in order."""
    return [(t.op, t.old, t.new) for t in d.state.state.transitions if t.slot.endswith(f".{slot}")]


# --- 1. an amount keeps its thousands separator ---------------------------------------------


@pytest.mark.parametrize(
    ("texts", "slot", "value"),
    [
        (("价格¥8,999",), "price", "¥8,999"),
        (("这款多少钱？", "价格¥8,999。"), "price", "¥8,999"),
        (("我的预算是¥10,000",), "budget", "¥10,000"),
        (("预算是10,000元左右",), "budget", "10,000元左右"),
        (("预算1,234,567元",), "budget", "1,234,567元"),
        (("我的预算是$2,500",), "budget", "$2,500"),
        (("价格是¥12,345.50的套装",), "price", "¥12,345.50"),
        (("价格是￥3,299，颜色黑色",), "price", "￥3,299"),
        # (The second amount is another product's: round 17 keeps the first.)
        (("预算多少合适？", "这款价格是¥8,999，另一款价格为12,999元。"), "price", "¥8,999"),
        (("预算多少合适？", "这款价格为12,999元。"), "price", "12,999元"),
        (("价格和数量是多少？", "¥8,999，2台"), "price", "¥8,999"),
    ],
)
def test_a_thousands_separator_is_part_of_the_amount(
    texts: tuple[str, ...], slot: str, value: str
) -> None:
    assert values(*texts).get(slot) == value


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("尺码42,43都行", "size", "42"),  # two digits after the comma: two sizes
        ("预算1,50元", "budget", "1"),
        ("预算5000,价格3000", "budget", "5000"),  # a clause after the comma
        ("预算5000,价格3000", "price", "3000"),
        ("数量12345,678", "quantity", "12345"),  # four digits before it: no thousands
        ("电话是010-62754070,010-62756110", "phone", "010-62754070"),
        ("价格是4.5,100元", "price", "4.5"),  # a decimal before it: no thousands
        ("价格和数量是多少？", "quantity", ""),  # (the next case's slot, asked)
    ],
)
def test_any_other_comma_parts_the_values(text: str, slot: str, value: str) -> None:
    assert values(text).get(slot, "") == value


def test_a_reply_keeps_the_separator_among_several_answers() -> None:
    assert values("价格和数量是多少？", "¥8,999，2台") == {"price": "¥8,999", "quantity": "2台"}


# --- 2. a removal removes only the value it names ---------------------------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("first", "change", "slot", "value"),
    [
        ("快递用顺丰", "改成京东快递，别用顺丰", "shipping", "京东快递"),
        ("快递用顺丰", "别用顺丰，改成京东快递", "shipping", "京东快递"),
        ("快递用顺丰", "换成中通吧，不要顺丰了", "shipping", "中通"),
        ("快递用顺丰", "改用圆通，不用顺丰了", "shipping", "圆通"),
        ("付款用支付宝", "改成微信支付，不要支付宝", "payment", "微信支付"),
        ("颜色要黑色", "换成白色，不要黑色了", "color", "白色"),
        ("Shipping is FedEx.", "Switch to UPS, don't use FedEx.", "shipping", "UPS"),
        ("Shipping is FedEx.", "Use UPS instead, no more FedEx.", "shipping", "UPS"),
    ],
)
def test_a_removal_beside_a_new_value_keeps_the_new_value(
    ontology: str | None, first: str, change: str, slot: str, value: str
) -> None:
    d = alternating(first, "好的", change, ontology=ontology)
    assert slot_values(d).get(slot) == value
    # the old value is removed, then the new one set: the audit names both
    assert [op for op, _, _ in transitions(d, slot)] == ["set", "remove", "change"]


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize("drop", ["不要顺丰了", "别用顺丰", "不用顺丰", "No more SF Express."])
def test_a_removal_alone_still_removes(ontology: str | None, drop: str) -> None:
    first = "Shipping is SF Express." if drop.startswith("No") else "快递用顺丰"
    assert "shipping" not in values(first, "好的", drop, ontology=ontology)


# --- 3. "换成X" with no slot word goes to the slot X is a value of -----------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("first", "change", "slot", "value"),
    [
        ("颜色要暗紫色", "换成黑色", "color", "黑色"),
        ("颜色要暗紫色", "还是换成黑色吧", "color", "黑色"),
        ("颜色要暗紫色", "换黑色", "color", "黑色"),
        ("颜色要暗紫色", "换成午夜色吧", "color", "午夜色"),  # no member: a colour by its ending
        ("快递用顺丰", "换成中通", "shipping", "中通"),
        ("快递用顺丰", "换成EMS吧，顺丰太贵", "shipping", "EMS"),
        ("快递用顺丰", "换成京东快递", "shipping", "京东快递"),  # its own slot word ends it
        ("快递用顺丰", "还是换成圆通吧", "shipping", "圆通"),
        ("容量256GB", "换成512GB", "memory", "512GB"),
        ("颜色要暗紫色", "用黑色吧", "color", "黑色"),
        ("快递用顺丰", "快递换成圆通", "shipping", "圆通"),
    ],
)
def test_a_bare_change_goes_to_the_slot_of_its_value(
    ontology: str | None, first: str, change: str, slot: str, value: str
) -> None:
    assert values(first, "好的", change, ontology=ontology).get(slot) == value


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("first", "change", "slot", "value"),
    [
        ("颜色要暗紫色", "换成大一点的", "color", "暗紫色"),
        ("颜色要暗紫色", "换成原来那个吧", "color", "暗紫色"),
        ("快递用顺丰", "换成明天送吧", "shipping", "顺丰"),
        ("快递用顺丰", "换个时间", "shipping", "顺丰"),
        ("快递用顺丰", "换成别的行吗？", "shipping", "顺丰"),
        ("快递用顺丰", "换成什么好？", "shipping", "顺丰"),
        ("颜色要暗紫色", "换成512GB", "color", "暗紫色"),
        ("快递用顺丰", "换成黑色", "shipping", "顺丰"),
    ],
)
def test_a_bare_change_of_no_known_kind_changes_nothing(
    ontology: str | None, first: str, change: str, slot: str, value: str
) -> None:
    got = values(first, "好的", change, ontology=ontology)
    assert got.get(slot) == value
    assert not any(v.startswith(("大一点", "原来", "明天", "别的", "什么")) for v in got.values())


# --- 4. a reply that answers nothing sets no value --------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("快递怎么还没到？", "请稍等，我帮您查一下。"),
        ("DD20240315001 能改地址吗？", "可以，在签收前都能改。"),
        ("付款失败了怎么办", "请把报错信息发给我。"),
        ("收货人写谁？", "我帮您确认一下。"),
        ("优惠券怎么用？", "您在结算页输入即可。"),
        ("快递能换吗？", "可以换的。"),
        ("地址在哪里改？", "在订单详情页就能改。"),
        ("支付方式有哪些限制？", "我们会尽快回复您。"),
        ("快递到哪了？", "物流显示已到达北京分拣中心"),
    ],
)
def test_a_reply_that_is_no_value_sets_nothing(question: str, reply: str) -> None:
    assert values(question, reply, ontology=ECOM) == {}


@pytest.mark.parametrize(
    ("question", "reply", "slot", "value"),
    [
        ("快递用哪家？", "顺丰", "shipping", "顺丰"),
        ("快递用哪家？", "京东", "shipping", "京东"),
        ("快递用哪家？", "中通", "shipping", "中通"),
        ("收货地址是哪里？", "北京市海淀区中关村大街27号", "address", "北京市海淀区中关村大街27号"),
        ("付款方式是什么？", "支付宝", "payment", "支付宝"),
        ("优惠码是多少？", "VIP20OFF2024", "coupon", "VIP20OFF2024"),
        ("电话是多少？", "您可以拨打010-85221888", "phone", "010-85221888"),
        ("收货人是谁？", "李娜", "recipient", "李娜"),
        ("收货人是谁？", "我记得是李娜", "recipient", "李娜"),  # a hedge, no promise
        ("快递用哪家？", "我记得是顺丰", "shipping", "顺丰"),
        ("配送地址是？", "上海市浦东新区世纪大道100号", "address", "上海市浦东新区世纪大道100号"),
    ],
)
def test_a_reply_with_a_value_still_answers(
    question: str, reply: str, slot: str, value: str
) -> None:
    assert value in values(question, reply, ontology=ECOM).get(slot, "")


# --- 5. labelled values -------------------------------------------------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("收货人：李娜", "recipient", "李娜"),
        ("收货人李娜，电话138****1234", "recipient", "李娜"),
        ("收货人李娜，电话138****1234", "phone", "138****1234"),
        ("姓名：刘洋", "recipient", "刘洋"),
        ("联系人：陈小明，手机13812345678", "recipient", "陈小明"),
        ("姓名：欧阳娜娜，电话13812345678", "recipient", "欧阳娜娜"),
        ("收货人张伟。", "recipient", "张伟"),
        ("收货人是李娜", "recipient", "李娜"),
        ("快递：京东", "shipping", "京东"),
        ("收货人：李娜，地址：北京市海淀区中关村大街27号", "address", "北京市海淀区中关村大街27号"),
    ],
)
def test_a_labelled_value_sets_its_slot(
    ontology: str | None, text: str, slot: str, value: str
) -> None:
    assert values(text, ontology=ontology).get(slot) == value


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    "text",
    [
        "收货人安排好了",
        "联系人方便的话打电话",
        "收货人信息有误",
        "收货人不对",
        "快递太慢了",
        "收货人：？",
        "快递：怎么还没到",
        "收货人是谁？",
        "姓名不用填",
    ],
)
def test_a_remark_on_a_slot_is_no_value(ontology: str | None, text: str) -> None:
    got = values(text, ontology=ontology)
    assert "recipient" not in got
    assert "shipping" not in got


def test_a_list_after_a_label_is_read_whole() -> None:
    got = values("附近有什么景点？", "周边景点：故宫、景山公园、北海公园。", ontology="crosswoz")
    assert got.get("周边景点") == "故宫、景山公园、北海公园"
