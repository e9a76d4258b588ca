"""Ordinary words that looked like values: people at the table are no dish ("我们有人不能吃辣"
set 推荐菜=人不), and a slot word inside a hyphenated config key is no slot ("maximum-pool-size:
20" set size=20). Both then sat in the block's current state for the rest of the session."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings

from ._crosswoz import dishes


def slots_after(text: str, ontology: str | None = None) -> dict[str, str]:
    d = CompactionDistiller(Settings(ontology=ontology))
    d.observe(Message.user(text), 1)
    return {k: v.value for k, v in d.state.state.slots.items()}


@pytest.mark.parametrize(
    "text",
    [
        "我们有人不能吃辣。",
        "有朋友不能吃海鲜，帮我找家餐馆",
        "有老人不能吃硬的",
        "我们有小孩，能吃辣的少点",
        "有同事可以吃辣吗我不确定",
        "有孩子能吃的菜吗",
        "有客人不能吃牛肉",
        "有家人不能吃辣",
    ],
)
def test_people_who_can_or_cannot_eat_are_no_dish(text: str) -> None:
    assert dishes(text) == []


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("有烤鸭可以吃吗", "烤鸭"),
        ("有人参鸡汤可以吃吗", "人参鸡汤"),
        ("有涮羊肉能吃吗", "涮羊肉"),
    ],
)
def test_a_dish_that_can_be_had_is_still_one(text: str, dish: str) -> None:
    assert dishes(text) == [dish]


@pytest.mark.parametrize(
    "text",
    [
        "数据库连接池配置：\nmaximum-pool-size: 20\nminimum-idle: 5\n帮我看看",
        "Config:\n  max-pool-size: 20\n  idle-timeout: 30",
        "I set font-size: 14 in the css",
        "batch-size 64 is too big?",
        "set --page-size=50 on the CLI",
        "the size-limit is 10",
        "请检查 chunk-size: 1024 这个配置",
        "window-size: 800x600",
    ],
)
def test_a_slot_word_inside_a_hyphenated_name_sets_nothing(text: str) -> None:
    assert not any(k.endswith(".size") for k in slots_after(text)), slots_after(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("Size: XL please", "XL"), ("尺寸：XL", "XL"), ("Change the size to M", "M")],
)
def test_a_size_said_as_one_is_still_read(text: str, value: str) -> None:
    assert any(k.endswith(".size") and v == value for k, v in slots_after(text).items()), (
        slots_after(text)
    )
