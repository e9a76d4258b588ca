"""A technical chat's terms are no offered names: a review found "There's Python 3.11"
read as "Python 3", and JSON, error names and UI words read as places offered."""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import name_evidence


def names(text: str) -> list[str]:
    return [e.value for e in name_evidence(text, "assistant")]


@pytest.mark.parametrize(
    "text",
    [
        "There's Python 3.11 installed.",  # never a name cut inside a number
        "Do you want AppleCare+ too?",
        "We found Redis was down",
        "I found NullPointerException in the log",
        "I've found TypeError: x is undefined",
        "there's JSON in the body",
        "It is the ERROR level",
        "the module called ParseConfig",
        "Would you like Express shipping?",
        "Would you like Me to escalate?",
        "It's the Settings page",
        "It's the AB-1234 ticket",
    ],
)
def test_terms_are_no_names(text: str) -> None:
    assert names(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("How about Nobu?", "Nobu"),
        ("Let's go with Nobu tonight.", "Nobu"),
        ("I found 11 Howard for you.", "11 Howard"),
        ("How about McDonald's?", "McDonald's"),
        ("There is a 3 star hotel called Cattlemens.", "Cattlemens"),
        ("How about Ace Hotel Chicago, a nice 4 star hotel?", "Ace Hotel Chicago"),
        ("What about Nobu in Palo Alto?", "Nobu"),
        ("Would you like Blue Ginger instead?", "Blue Ginger"),
    ],
)
def test_names_still_read(text: str, name: str) -> None:
    assert name in names(text)
