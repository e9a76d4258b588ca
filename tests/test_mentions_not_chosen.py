"""A value mentioned without being chosen sets no slot: a language a thing other than the task is
kept in ("Product names stay in English"), a value a clause says something of ("my credit card
covers it"). The language the work is translated into is the task's ("Translate into German")."""

from __future__ import annotations

import pytest
from _review_harness import current_after

from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message


def _slots(said: str) -> list[tuple[str, str | None]]:
    return [(u.slot, u.value) for u in parse_message(Message.user(said), turn=1).updates]


@pytest.mark.parametrize(
    "said, language",
    [
        ("Translate into German.", "German"),
        ("Translate it to French.", "French"),
        ("Please translate the contract into Spanish.", "Spanish"),
        ("Translate it into English.", "English"),
        ("翻译成德语。", "德语"),
        ("把合同翻译成日文。", "日文"),
        ("译成简体中文。", "简体中文"),
    ],
)
def test_translated_into_is_the_language(said: str, language: str) -> None:
    assert ("language", language) in _slots(said)


@pytest.mark.parametrize("said", ["Translate this.", "I need to translate to a new format."])
def test_no_language_translated_into(said: str) -> None:
    assert not [s for s, _ in _slots(said) if s == "language"]


@pytest.mark.parametrize(
    "said",
    [
        "Keep product names in English.",
        "Brand names remain in English.",
        "Leave the code comments in English.",
        "The UI strings are kept in English.",
        "Product names stay in English.",
    ],
)
def test_language_a_thing_is_kept_in(said: str) -> None:
    assert not [s for s, _ in _slots(said) if s == "language"]


@pytest.mark.parametrize(
    "said",
    [
        "Reply in English.",
        "Keep your replies in English.",
        "Keep it in English.",
        "Switch to English.",
    ],
)
def test_language_of_the_task(said: str) -> None:
    assert ("language", "English") in _slots(said)


@pytest.mark.parametrize(
    "reply", ["Product names stay in English.", "Brand names remain in English, as usual."]
)
def test_reply_keeping_names_in_english(reply: str) -> None:
    current = current_after("Translate into German.", reply, "Go.")
    assert "English" not in current and "German" in current


@pytest.mark.parametrize(
    "said",
    [
        "Never add the collision damage waiver, my credit card covers it.",
        "Don't buy the extra insurance, my credit card already covers it.",
        "No need for travel insurance since my credit card includes it.",
        "Skip the protection plan; PayPal offers buyer protection.",
        "不用买碰撞险，我的信用卡已经包含了。",
        "不要加保险，信用卡本身就覆盖。",
    ],
)
def test_value_a_reason_says_something_of(said: str) -> None:
    assert not [s for s, _ in _slots(said) if s == "payment"]


@pytest.mark.parametrize(
    "said, value",
    [
        ("Pay with my credit card.", "my credit card"),
        ("My credit card, please.", "credit card"),
        ("I will pay by credit card.", "credit card"),
        ("Charge it to my credit card.", "credit card"),
        ("信用卡吧。", "信用卡"),
        ("用支付宝付款。", "支付宝"),
        # The value chosen beside what is said of it.
        ("Use PayPal, it offers buyer protection.", "PayPal"),
        ("PayPal has buyer protection, so use PayPal.", "PayPal"),
    ],
)
def test_value_chosen(said: str, value: str) -> None:
    assert any(s == "payment" and v is not None and value in v for s, v in _slots(said))
