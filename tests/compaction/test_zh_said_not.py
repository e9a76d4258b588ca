"""The user's value said again against the one a reply got wrong, in Chinese: "我说的是周四，
不是周二" sets 周四 (as "I said Thursday, not Tuesday" does), and "我要的是红色，不是蓝色" no
longer ends with 蓝色 current because the colour named last won."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def slots_after(*pairs: tuple[str, str | None]) -> dict[str, str | None]:
    d = CompactionDistiller(Settings())
    for turn, (user, reply) in enumerate(pairs, 1):
        d.observe(Message.user(user), turn)
        if reply:
            d.observe(Message.assistant(reply), turn)
    return {k: v.value for k, v in d.state.state.slots.items()}


@pytest.mark.parametrize(
    ("first", "reply", "again", "key", "value"),
    [
        ("订周四的票", "已为您预订周二的票", "我说的是周四，不是周二", "task.date", "周四"),
        ("订3个人的位子", "好的，5位", "我说的是3个人，不是5个人", "task.people", "3个人"),
        ("要红色的", "好的，蓝色的已下单", "我要的是红色，不是蓝色！", "task.color", "红色"),
        ("明天下午3点", "好的，明天下午5点", "我说的是下午3点不是5点", "task.time", "下午3点"),
        ("要黑色", "已选白色", "我选的是黑色，而不是白色", "task.color", "黑色"),
    ],
)
def test_the_value_said_again_is_current(
    first: str, reply: str, again: str, key: str, value: str
) -> None:
    assert slots_after((first, reply), (again, None)).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "我说的是真的，不是开玩笑",
        "我要的是结果，不是借口",
        "我说的是他，不是你",
        "你说的是周四，不是周二吗？",
        "你说的是周四，不是周二",
        "我说的不是周二",
        "这不是周二的票吗",
        "我想要的是安静，不是热闹",
    ],
)
def test_look_alikes_set_no_date_or_colour(text: str) -> None:
    got = slots_after(("你好", "你好"), (text, None))
    assert not {"task.date", "task.color", "task.people"} & got.keys(), got
