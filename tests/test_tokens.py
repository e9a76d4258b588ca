"""Token counts: real BPE offline, right for Chinese, cached per message, calibrated."""

from __future__ import annotations

import pytest

from ctxengine.messages import ImagePart, Message, TextPart
from ctxengine.tokens import Calibration, TokenCounter, UnknownEncodingError, encoding_name


def test_counts_are_real_bpe_not_a_heuristic() -> None:
    c = TokenCounter("o200k_base")
    # "hello world" is two o200k tokens; a chars/4 heuristic says 3, the CowAgent one 2.75.
    assert c.count("hello world") == 2
    assert c.count("") == 0
    # The encodings really differ: cl100k splits this Chinese text differently.
    zh = "把收货人改成张伟，电话换138****1234"
    assert TokenCounter("o200k_base").count(zh) != TokenCounter("cl100k_base").count(zh)


def test_chinese_is_not_undercounted() -> None:
    text = (
        "用户第5轮明确说不要显示价格但截断后第22轮模型又把价格列出来原因在于关键约束常藏在中间轮次"
    )
    n = TokenCounter("o200k_base").count(text)
    per_char = n / len(text)
    # o200k spends about 0.6-1 token per CJK character; chars/4 would say 0.25.
    assert 0.5 <= per_char <= 1.2


def test_qwen_by_name_and_by_model() -> None:
    assert encoding_name("qwen") == "qwen3"
    assert encoding_name(None, "Qwen/Qwen2.5-72B-Instruct") == "qwen3"
    assert encoding_name(None, "gpt-4o-mini") == "o200k_base"
    assert encoding_name(None, "gpt-4-turbo") == "cl100k_base"
    assert TokenCounter("qwen").count("把收货人改成张伟") > 0
    with pytest.raises(UnknownEncodingError, match="unknown encoding"):
        encoding_name("nope")


def test_message_count_is_cached_on_the_message() -> None:
    c = TokenCounter()
    m = Message.user("some text " * 50)
    calls = 0
    real = c._tok

    class Spy:
        def count(self, text: str) -> int:
            nonlocal calls
            calls += 1
            return int(real.count(text))

    c._tok = Spy()
    first = c.message(m)
    second = c.message(m)
    assert first == second and calls == 1
    # A derived message (what stages build) starts with an empty cache.
    assert c.message(m.replace(parts=[TextPart(text="x")])) < first


def test_images_cost_their_placeholder() -> None:
    c = TokenCounter(image_tokens=765, image_low_detail_tokens=85)
    base = c.message(Message(role="user", parts=[TextPart(text="look")]))
    high = c.message(Message(role="user", parts=[TextPart(text="look"), ImagePart(source={})]))
    low = c.message(
        Message(role="user", parts=[TextPart(text="look"), ImagePart(source={}, detail="low")])
    )
    assert high - base == 765 and low - base == 85


def test_calibration_moves_toward_reported_usage_and_clamps_outliers() -> None:
    cal = Calibration(smoothing=0.5)
    cal.observe(1000, 1100)
    assert cal.ratio == pytest.approx(1.1)
    cal.observe(1000, 1300)
    assert cal.ratio == pytest.approx(1.2)
    cal.observe(1000, 100000)  # a wild report is clamped to 2x
    assert cal.ratio == pytest.approx(1.6)
    assert cal.apply(1000) == 1600
