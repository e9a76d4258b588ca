"""A tracking number is its own kind of identifier ("物流单号 SF1234567890"), not an order number:
"单号" alone still names an order."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.patterns import find_spans
from ctxengine.messages import Message
from ctxengine.settings import Settings


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("物流单号 SF1234567890", "tracking", "SF1234567890"),
        ("快递单号是YT9876543210", "tracking", "YT9876543210"),
        ("运单号：JD0001234567", "tracking", "JD0001234567"),
        ("Tracking number 1Z999AA10123456784", "tracking", "1Z999AA10123456784"),
        ("your tracking # is 9400111899223197428490", "tracking", "9400111899223197428490"),
        ("订单号DD20240315001", "order_id", "DD20240315001"),
        ("单号 DD20240315001", "order_id", "DD20240315001"),
        ("工单号 T12345", "ticket", "T12345"),
        ("order 12345", "order_id", "12345"),
        ("tracking the order 123456", "order_id", "123456"),
    ],
)
def test_each_number_gets_its_kind(text: str, kind: str, value: str) -> None:
    assert [(s.kind, s.value) for s in find_spans(text) if s.value == value] == [(kind, value)]


def test_a_chinese_block_names_a_tracking_number_so() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("查一下订单DD20240315001"), 1)
    d.observe(Message.assistant("已发货，物流单号 SF1234567890"), 1)
    block = d.render(1, "zh")
    assert "物流单号: SF1234567890" in block
    assert "订单号: SF1234567890" not in block
