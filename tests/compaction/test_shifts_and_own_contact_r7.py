"""A time or a day moved by an amount ("送达时间提前半小时", "出发日期往后推两天") replaces the
value held: the shift, verbatim, is current and the old value archived (no time is computed).
And the speaker's own number said short after another's ("我老婆手机号是…，我的是…") is the
task's phone."""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, state_text


def _after(*user: str) -> str:
    msgs: list[str] = []
    for m in user:
        msgs += [m, "好的。"]
    return block(*msgs, "继续。")


@pytest.mark.parametrize(
    ("first", "shift", "slot", "old"),
    [
        ("团餐送达时间是中午11点半。", "送达时间提前半小时。", "时间", "11点半"),
        ("会议时间是下午3点。", "时间推迟一小时。", "时间", "下午3点"),
        ("会议时间是下午3点。", "时间再往后推两个小时。", "时间", "下午3点"),
        ("出发日期是12月3日。", "出发日期往后推两天。", "出发日期", "12月3日"),
        ("出发日期是12月3日。", "出发日期顺延一天。", "出发日期", "12月3日"),
        ("时间定在上午10点。", "时间提前一刻钟。", "时间", "上午10点"),
    ],
)
def test_shift_replaces_the_value(first: str, shift: str, slot: str, old: str) -> None:
    text = _after(first, shift)
    current = current_text(text)
    assert old not in current
    assert f"{slot}=" in current and shift.rstrip("。")[-3:] in current
    assert old in state_text(text)  # archived, not lost


@pytest.mark.parametrize(
    "said",
    [
        "能不能提前半小时？",  # asked
        "时间不要提前半小时。",  # refused
        "我会提前半小时到。",  # the speaker's own arrival, no slot
        "我提前半小时到。",
        "上次也推迟了一小时。",
    ],
)
def test_no_shift_without_a_moved_slot(said: str) -> None:
    assert "时间=下午3点" in current_text(_after("时间是下午3点。", said))


@pytest.mark.parametrize(
    "said",
    [
        "我老婆手机号是13900001111，我的是13812345678，订单留我的。",
        "我妈电话13900001111，我的是13812345678。",
        "我爸手机13900001111；我自己的是13812345678。",
    ],
)
def test_own_number_after_anothers(said: str) -> None:
    text = current_text(_after(said))
    assert "任务.电话=13812345678" in text
    assert "任务.电话=13900001111" not in text


def test_no_own_number_without_anothers_first() -> None:
    # "我的是…" with no other person's number before it: nothing new is read by this rule.
    assert "电话=" not in current_text(_after("收件人写好了，我的是你知道的那个。"))
