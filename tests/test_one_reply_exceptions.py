"""An exception for one occasion keeps the standing rule or setting it excepts.

"这次例外，用英文回复" after "每次回复都用简体中文" sets the language of that reply only: the
standing Chinese stays current. Said for good ("以后用英文回复", "From now on, reply in
English") the setting changes. "For this rental only, …" keeps the rule it excepts beside it.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, rules_text


@pytest.mark.parametrize(
    ("standing", "once"),
    [
        ("每次回复都用简体中文。", "这次例外，用英文回复。"),
        ("每次回复都用简体中文。", "这次破例，用英文回答。"),
        ("每次回复都用简体中文。", "仅此一次，用英文回复我。"),
        ("回复都用简体中文。", "下不为例，这次用英文回答。"),
        ("Always reply in Chinese.", "Just this once, answer in English."),
        ("Reply in Chinese.", "Just this once, reply in English."),
    ],
)
def test_a_reply_exception_keeps_the_standing_language(standing: str, once: str) -> None:
    text = block(standing, "OK.", once, "OK.", "Go.")
    shown = current_text(text) + rules_text(text)
    assert "English" not in current_text(text) and "英文" not in current_text(text)
    assert "Chinese" in shown or "中文" in shown
    assert "仅此一次" not in rules_text(text)  # an occasion, no only-rule


@pytest.mark.parametrize(
    ("standing", "change"),
    [
        ("每次回复都用简体中文。", "以后用英文回复。"),
        ("每次回复都用简体中文。", "改成用英文回复。"),
        ("Reply in Chinese.", "From now on, reply in English."),
    ],
)
def test_a_change_for_good_sets_the_language(standing: str, change: str) -> None:
    current = current_text(block(standing, "OK.", change, "OK.", "Go."))
    assert "English" in current or "英文" in current


def test_an_exception_for_the_rental_is_shown_with_the_rule() -> None:
    text = block(
        "Never add the collision damage waiver.",
        "OK.",
        "For this rental only, go ahead and add the CDW.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "Never add the collision damage waiver." in rules and "this rental" in rules
