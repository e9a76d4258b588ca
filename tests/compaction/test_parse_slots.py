"""Slot updates, intents, confirmations and language on real sentences in both languages."""

from __future__ import annotations

import pytest

from ctxengine.compaction.intents import classify_intents, detect_language, is_confirmation
from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.messages import Message


def updates(text: str, context: ParseContext | None = None) -> list[tuple[str, str | None, str]]:
    parsed = parse_message(Message.user(text), turn=1, context=context)
    return [(u.slot, u.value, u.op) for u in parsed.updates]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("把收货人改成张伟", [("recipient", "张伟", "change")]),
        ("收件人是李雷", [("recipient", "李雷", "set")]),
        ("颜色要暗紫色", [("color", "暗紫色", "set")]),
        ("内存选512GB", [("memory", "512GB", "set")]),
        ("改用信用卡支付", [("payment", "信用卡支付", "change")]),
        ("不要顺丰了", [("shipping", None, "remove")]),
        ("change the date to Friday", [("date", "Friday", "change")]),
        ("use Excel instead", [("format", "Excel", "change")]),
        ("make it blue", [("color", "blue", "change")]),
        ("my email is john.doe@example.com.", [("email", "john.doe@example.com", "set")]),
        ("set the budget to $500 please", [("budget", "$500", "set")]),
    ],
)
def test_slot_updates(text: str, expected: list[tuple[str, str | None, str]]) -> None:
    assert updates(text) == expected


def test_generic_updates_are_anchored_to_enum_members() -> None:
    parsed = parse_message(Message.user("颜色要深紫色，不要顺丰了"), turn=1)
    by_slot = {u.slot: u for u in parsed.updates}
    assert by_slot["color"].enum == "DARK_PURPLE"
    assert by_slot["shipping"].op == "remove"
    assert "顺丰" in by_slot["shipping"].raw


def test_questions_are_not_values() -> None:
    assert updates("收货地址是在哪？") == []
    assert updates("What time is it?") == []


def test_use_instead_without_enum_value_falls_back_to_last_slot() -> None:
    ctx = ParseContext(last_slot="date")
    assert updates("use the 3rd instead", ctx) == [("date", "the 3rd", "change")]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("帮我查一下CA1501航班", "query"),
        ("What is the price?", "query"),
        ("把收货人改成张伟", "modify"),
        ("change the date to Friday", "modify"),
        ("取消订单", "cancel"),
        ("never mind, forget it", "cancel"),
        ("重新开始吧", "restart"),
        ("let's start over", "restart"),
        ("你好", "chitchat"),
        ("thank you!", "chitchat"),
        ("好的，就这样", "confirm"),
        ("我的邮箱是a@b.cn", "inform"),
    ],
)
def test_top_intent(text: str, intent: str) -> None:
    parsed = parse_message(Message.user(text), turn=1)
    assert parsed.intents[0].name == intent
    assert all(0.0 <= i.confidence <= 1.0 for i in parsed.intents)


def test_domain_intent_from_ontology_keywords() -> None:
    names = [i.name for i in classify_intents("我想买iPhone 15 Pro", generic_ontology())]
    assert "product_select" not in names  # the generic ontology declares no domain intents


@pytest.mark.parametrize(
    "text",
    [
        "好的",
        "好",
        "行",
        "可以",
        "继续",
        "嗯嗯",
        "对",
        "没问题",
        "好的，继续",
        "好的谢谢",
        "ok",
        "OK.",
        "okay",
        "sure",
        "yes",
        "go on",
        "continue",
        "sounds good!",
    ],
)
def test_bare_confirmations(text: str) -> None:
    assert is_confirmation(text)


@pytest.mark.parametrize(
    "text",
    [
        "好的，把颜色改成蓝色",
        "ok, change the date",
        "好，北京裕龙国际酒店的价格贵吗？",
        "yesterday",
        "",
        "继续推荐餐馆",
    ],
)
def test_confirmation_with_content_is_not_bare(text: str) -> None:
    assert not is_confirmation(text)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("我想买iPhone 15 Pro", "zh"),
        ("Export as Excel", "en"),
        ("内存选512GB", "zh"),
        ("use 顺丰 for shipping please thanks", "en"),
        ("", "en"),
    ],
)
def test_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang
