"""One identifier, one evidence line: a bare repeat keeps the kind a keyword gave it, and a
bare code later named an order becomes the order number (no `代码:` beside `订单号:`)."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def evidence(*users: str) -> list[tuple[str, str]]:
    d = CompactionDistiller(Settings())
    for turn, text in enumerate(users, start=1):
        d.observe(Message.user(text), turn)
    return sorted((i.kind, i.value) for i in d.state.evidence.items.values())


@pytest.mark.parametrize(
    ("users", "expected"),
    [
        (
            ["帮我查一下订单 DD20240501007", "DD20240501007 什么时候到？"],
            ("order_id", "DD20240501007"),
        ),
        (
            ["DD20240501007 什么时候到？", "订单 DD20240501007 能改地址吗？"],
            ("order_id", "DD20240501007"),
        ),
        (["Check order A12345", "When will A12345 arrive?"], ("order_id", "A12345")),
        (["When will A12345 arrive?", "Check order A12345"], ("order_id", "A12345")),
        (["物流单号 SF1234567890", "SF1234567890 到哪了"], ("tracking", "SF1234567890")),
        (["I'm on flight UA1542", "UA1542 is late"], ("flight", "UA1542")),
        (["Ticket 12345 is open", "any news on 12345?"], ("ticket", "12345")),
        (["Coupon code SAVE50NOW8888", "SAVE50NOW8888 failed"], ("coupon", "SAVE50NOW8888")),
    ],
)
def test_one_identifier_one_item_of_its_most_telling_kind(
    users: list[str], expected: tuple[str, str]
) -> None:
    items = [kv for kv in evidence(*users) if kv[1] == expected[1]]
    assert items == [expected]


def test_different_values_stay_apart() -> None:
    items = evidence("订单 DD20240501007", "DD20240501008 什么时候到？")
    assert ("order_id", "DD20240501007") in items
    assert ("code", "DD20240501008") in items


def test_a_merged_item_keeps_when_it_was_first_seen_and_who_said_it() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("DD20240501007 什么时候到？"), 1)
    d.observe(Message.assistant("订单 DD20240501007 已发货"), 2)
    [item] = [i for i in d.state.evidence.items.values() if i.value == "DD20240501007"]
    assert (item.kind, item.first_seen, item.last_seen) == ("order_id", 1, 2)
    assert item.sources == ["user", "assistant"]
