"""Min-Context with no ontology: the same order (ticket, flight) asked about three user turns
in a row is pinned, its turns kept verbatim; different orders, or a gap, pin nothing."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def pins(*users: str) -> list[tuple[str, list[int]]]:
    d = CompactionDistiller(Settings())
    for turn, text in enumerate(users, start=1):
        d.observe(Message.user(text), turn)
        d.observe(Message.assistant("好的，我查一下。"), turn)
    return [(p.subject, p.turns) for p in d.state.pins]


@pytest.mark.parametrize(
    ("users", "subject"),
    [
        (
            [
                "DD20240315001 到哪了？",
                "DD20240315001 什么时候能到？",
                "DD20240315001 能改地址吗？",
            ],
            "id:DD20240315001",
        ),
        (
            ["Where is order A5555?", "Can order A5555 ship today?", "Cancel order A5555 then."],
            "id:A5555",
        ),
        (
            [
                "物流单号 SF1234567890 查不到",
                "物流单号 SF1234567890 是顺丰吗",
                "物流单号 SF1234567890 停了",
            ],
            "id:SF1234567890",
        ),
        (
            ["Is flight UA1542 on time?", "Which gate is UA1542?", "Can I upgrade on UA1542?"],
            "id:UA1542",
        ),
    ],
)
def test_an_id_asked_about_three_turns_in_a_row_is_pinned(users: list[str], subject: str) -> None:
    got = pins(*users)
    assert (subject, [1, 2, 3]) in got


@pytest.mark.parametrize(
    "users",
    [
        ["DD20240315001 到哪了？", "DD20240315002 到哪了？", "DD20240315003 到哪了？"],
        ["帮我查一下订单 DD20240501007", "DD20240501008 什么时候到？", "DD20240501009 呢"],
        ["Where is order A5555?", "Thanks!", "Cancel order A5555 then."],
        ["Where is order A5555?", "Can order A5555 ship today?"],
        ["It costs 8999元", "还是8999元吗", "8999元太贵了"],
        ["parse_config fails", "parse_config again", "why does parse_config fail"],
    ],
)
def test_different_ids_or_a_gap_pin_nothing(users: list[str]) -> None:
    assert not [s for s, _ in pins(*users) if ":" in s]
