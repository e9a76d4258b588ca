"""A number raised or lowered to a value ("预算提到18万", "预算降到12万") changes the slot; the
old value is no longer current. "提到" that means "mentioned" changes nothing.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text


def _current(*user: str) -> str:
    msgs: list[str] = []
    for m in user:
        msgs += [m, "好的。"]
    return current_text(block(*msgs, "继续。"))


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("装修预算是15万。", "预算提到18万吧。", "18万", "15万"),
        ("预算是5000元。", "预算加到6000元。", "6000元", "5000元"),
        ("预算是15万。", "预算降到12万。", "12万", "15万"),
        ("预算是15万。", "预算放宽到20万。", "20万", "15万"),
        ("预算是15万。", "预算压到10万以内。", "10万以内", "15万"),
        ("预算是3000元。", "预算提高到3500元。", "3500元", "3000元"),
        ("预算是3000元。", "预算上调到4000元。", "4000元", "3000元"),
        ("预算是3000元。", "预算减到2500元吧。", "2500元", "3000元"),
    ],
)
def test_raised_or_lowered_to_changes_value(first: str, change: str, new: str, old: str) -> None:
    text = _current(first, change)
    assert f"预算={new}" in text and f"={old}" not in text


@pytest.mark.parametrize(
    "said", ["你刚才提到预算了吗？", "预算提到过吗？", "我之前提到预算的事，你记得吗？"]
)
def test_mentioned_is_no_change(said: str) -> None:
    assert "预算=" not in _current("预算是15万。", said).replace("预算=15万", "")
