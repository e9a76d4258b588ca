"""Round 17's review of Chinese slot values: a correction's remark read as the value
("收货人写错了" -> 错), a 快递单号 read as the courier, an assistant's offered options read as
the user's choice, a bare "换成X" ignored with no enum member, the product running into the
colour or the date, and a name under a label no slot word names ("乘机人：刘洋")."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values

ECOM = "ecommerce"


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


# --- 1. a correction's value is after the remark, never the remark ---------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("change", "slot", "value"),
    [
        ("收货人写错了，应该是李雷", "recipient", "李雷"),
        ("收货人填错了，是李雷", "recipient", "李雷"),
        ("收货人改一下，改成李雷", "recipient", "李雷"),
        ("收货人应该是李雷", "recipient", "李雷"),
        ("收货人不对，应该是李雷", "recipient", "李雷"),
        ("收货人有误，应为李雷", "recipient", "李雷"),
        ("地址写错了，应该是上海市徐汇区漕溪北路88号", "address", "上海市徐汇区漕溪北路88号"),
        ("颜色选错了，是白色", "color", "白色"),
        # No right value told: the old one stays, no remark is read as a value.
        ("收货人写错了", "recipient", "李娜"),
        ("收货人改一下", "recipient", "李娜"),
        ("收货人填错了", "recipient", "李娜"),
        ("收货人不对", "recipient", "李娜"),
    ],
)
def test_a_correction_sets_the_value_after_it(
    ontology: str | None, change: str, slot: str, value: str
) -> None:
    got = values(
        "收货人李娜，地址北京市海淀区中关村大街27号，颜色黑色", "好的", change, ontology=ontology
    )
    assert got[slot] == value
    assert "错" not in got[slot] and got[slot] != "一下"


# --- 2. a tracking number is no courier -------------------------------------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("text", "shipping"),
    [
        ("我的快递单号是 SF1234567890", None),
        ("快递运单号：YT9876543210", None),
        ("快递的单号是JD0001234", None),
        ("物流单号是 SF1234567890", None),
        ("快递用顺丰，单号SF1234567", "顺丰"),
        ("快递用顺丰", "顺丰"),
        ("物流选京东物流", "京东物流"),
        ("快递是中通", "中通"),
    ],
)
def test_a_tracking_number_is_not_the_courier(
    ontology: str | None, text: str, shipping: str | None
) -> None:
    assert values(text, ontology=ontology).get("shipping") == shipping


def test_a_courier_after_a_tracking_number_is_no_change() -> None:
    d = alternating("我的快递单号是 SF1234567890", "好的", "下次快递用京东")
    assert slot_values(d)["shipping"] == "京东"
    assert all(t.old is None for t in d.state.state.transitions if t.slot.endswith("shipping"))


def test_the_phone_number_word_is_no_tracking_number() -> None:
    assert values("电话号码是13812345678")["phone"] == "13812345678"


# --- 3. an assistant's options are no choice; another product's price is no change ----------


@pytest.mark.parametrize(
    ("reply", "color"),
    [
        ("有黑色、白色和金色可选，您要哪个？", None),
        ("您需要黑色还是白色？", None),
        ("黑色和白色都有，您要哪种？", None),
        ("您要黑色吗？", None),
        ("黑色、白色可供选择。", None),
        ("黑色还有货。", "黑色"),
        ("现在黑色还有货。", "黑色"),
        ("目前只有白色有货。", "白色"),
    ],
)
def test_offered_options_are_no_choice(reply: str, color: str | None) -> None:
    assert values("有哪些颜色？", reply, "好的").get("color") == color


@pytest.mark.parametrize(
    ("reply", "price"),
    [
        ("这款价格是¥8,999，另一款价格为12,999元。", "¥8,999"),
        ("这款价格是¥8,999，还有一款价格为12,999元。", "¥8,999"),
        ("这款价格是¥8,999，另一个价格是9,999元。", "¥8,999"),
        ("这款价格是¥8,999，另外一款价格为7,999元。", "¥8,999"),
        ("这款价格是¥8,999。", "¥8,999"),
        ("价格为12,999元。", "12,999元"),
        ("原价格是¥9,999，现在价格为8,999元。", "8,999元"),
        ("价格是¥8,999，优惠后价格为8,499元。", "8,499元"),
    ],
)
def test_another_products_price_is_no_change(reply: str, price: str) -> None:
    assert values("这款多少钱？", reply).get("price") == price


# --- 4. a bare "换成X" goes by the value's shape or words ------------------------------------


BASE = "快递用顺丰，付款用支付宝，日期12号，地址北京市海淀区中关村大街27号"


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("change", "slot", "value"),
    [
        ("换成京东", "shipping", "京东"),
        ("换成韵达", "shipping", "韵达"),
        ("换成京东物流", "shipping", "京东物流"),
        ("换成微信", "payment", "微信"),
        ("换成14号", "date", "14号"),
        ("换成明天", "date", "明天"),
        ("换成上海市浦东新区世纪大道100号", "address", "上海市浦东新区世纪大道100号"),
        # No kind told: nothing changes.
        ("换成原来那个", "shipping", "顺丰"),
        ("换成原来那个", "payment", "支付宝"),
        ("换成张伟", "shipping", "顺丰"),
    ],
)
def test_a_bare_change_goes_by_the_values_kind(
    ontology: str | None, change: str, slot: str, value: str
) -> None:
    assert values(BASE, "好的", change, ontology=ontology)[slot] == value


# --- 5. the product stops before another slot's value ----------------------------------------


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("我要买 iPhone 15 Pro 黑色", "iPhone 15 Pro"),
        ("我想买一台华为Mate 60 白色的", "华为Mate 60"),
        ("我要买 iPhone 15 Pro 8999元的", "iPhone 15 Pro"),
        ("我要买小米14 ¥3,999", "小米14"),
        ("我要订3月15日从北京到上海的机票", None),
        ("我要买 iPhone 15 Pro", "iPhone 15 Pro"),
        ("我想买一本三体", "三体"),
        ("我要买小米14，预算4000元", "小米14"),
    ],
)
def test_the_product_stops_before_another_value(text: str, product: str | None) -> None:
    assert values(text).get("product") == product


def test_the_colour_changes_beside_the_product() -> None:
    got = values("我要买 iPhone 15 Pro 黑色", "好的", "黑色不好看，换成白色")
    assert got["product"] == "iPhone 15 Pro"
    assert got["color"] == "白色"


# --- 6. a person's label no slot word names -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("乘机人：刘洋，身份证号后四位是1234", "乘机人", "刘洋"),
        ("入住人：赵磊", "入住人", "赵磊"),
        ("持卡人: 王小明", "持卡人", "王小明"),
        ("我的乘机人：刘洋", "乘机人", "刘洋"),
        ("乘机人：刘洋，电话 139****8888", "乘机人", "刘洋"),
        ("联系人：王小明", "recipient", "王小明"),  # a slot word's label: its own slot
        ("乘机人：本人", "乘机人", None),
        ("入住人：两个人", "入住人", None),
        ("负责人：待定", "负责人", None),
        ("旅客本人：李娜", "旅客本人", None),
    ],
)
def test_a_persons_label_names_a_task_slot(text: str, slot: str, value: str | None) -> None:
    assert values(text).get(slot) == value
