"""A person's slot given as the user and then a name: "联系人写我，刘洋" is 刘洋, not "我"
(which a booking then showed as its recipient, the name lost)."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def recipient(text: str) -> str | None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user(text), 1)
    v = d.state.state.slots.get("task.recipient")
    return v.value if v is not None else None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("联系人写我，刘洋，电话186****4321。", "刘洋"),
        ("收货人写我，李娜", "李娜"),
        ("联系人是我，刘洋", "刘洋"),
        ("联系人：我（刘洋）", "刘洋"),
        ("收件人：我自己（陈晨）", "陈晨"),
        ("收货人写我老婆，王芳", "王芳"),
        ("收货人写我妈，周丽，电话138****1234", "周丽"),
    ],
)
def test_the_name_after_the_user_is_the_value(text: str, name: str) -> None:
    assert recipient(text) == name


@pytest.mark.parametrize(
    "text",
    [
        "联系人写我吧",
        "收货人写我，谢谢",
        "收货人写我，辛苦了",
        "联系人写我，王总知道的",
        "联系人是我，电话不变",
        "收货人写我，方便的话早点送",
        "收货人写我，麻烦尽快发货",
        "联系人就写我，多谢",
    ],
)
def test_no_name_after_the_user_leaves_the_user(text: str) -> None:
    assert recipient(text) in ("我", None)
