"""Look-alikes of the review round's generic-value defects, read through the whole engine:
a coupon answered by its code, a stay's check-out changed apart from its check-in, how often
and how long kept apart, a thing changed to a value under its own name."""

from __future__ import annotations

import pytest
from _review_harness import current_after


@pytest.mark.parametrize(
    "question, reply, code",
    [
        (
            "What's the coupon SAVE20-XMAS worth on Basic?",
            "- SAVE20-XMAS expired on 2026-12-31",
            "SAVE20-XMAS",
        ),
        (
            "Can I use coupon code WELCOME10 here?",
            "- WELCOME10 applies to annual plans only",
            "WELCOME10",
        ),
        ("Is promo code SPRING25 still valid?", "SPRING25 is valid until Friday.", "SPRING25"),
    ],
)
def test_coupon_answer_is_its_code(question: str, reply: str, code: str) -> None:
    assert f"coupon={code} [" in current_after(question, reply, "Ok.")


@pytest.mark.parametrize(
    "first, change, kept, new",
    [
        (
            "帮我订12月24日到26日杭州西湖边的酒店，两晚。",
            "退房日期改成27日，多住一晚。",
            "12月24日",
            "27日",
        ),
        ("订一间1月5日至7日的民宿。", "入住日期改为4日。", "7日", "4日"),
    ],
)
def test_stay_end_changed_alone(first: str, change: str, kept: str, new: str) -> None:
    current = current_after(first, "已找到。", change, "已修改。", "发票开个人。")
    assert kept in current and new in current


@pytest.mark.parametrize(
    "first, second, a, b",
    [
        (
            "Change it to every other week.",
            "And make it 45 minutes instead of 30.",
            "every other week",
            "45 minutes",
        ),
        ("Make it weekly.", "Make it an hour.", "weekly", "an hour"),
        ("Make it 30 minutes.", "Change it to twice a month.", "30 minutes", "twice a month"),
    ],
)
def test_how_often_and_how_long_both_current(first: str, second: str, a: str, b: str) -> None:
    current = current_after(first, "Done.", second, "Done.", "Show me the series.")
    assert a in current and b in current


@pytest.mark.parametrize(
    "said, value",
    [
        ("座位改为靠窗的。", "靠窗"),
        ("把提醒方式改成短信吧。", "短信"),
        ("Change the meeting room to Taishan.", "Taishan"),
    ],
)
def test_thing_changed_is_current(said: str, value: str) -> None:
    assert value in current_after(
        "帮我约周三上午10点的评审。", "已创建。", said, "好的。", "再加一个人。"
    )


@pytest.mark.parametrize("said", ["会议室换成什么好呢？", "改成这样可以吗？"])
def test_no_value_said_nothing_current(said: str) -> None:
    assert "会议室" not in current_after(
        "帮我约周三上午10点的评审。", "已创建。", said, "你想换哪间？", "再想想。"
    )
