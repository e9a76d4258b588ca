# ruff: noqa: E501  (conversation text is kept verbatim)
""" "Pick up at <place> instead" changes the pickup place; a plain "I'd like to pick it up at
<place>" is a booking's detail (its call keeps it), no pickup slot: read as one, each rental's
place replaced the last one's in a session of several and the earlier ones were lost."""

from __future__ import annotations

import pytest
from _review_harness import block, current_lines

from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message


def _pickups(said: str) -> list[str | None]:
    return [
        u.value for u in parse_message(Message.user(said), turn=1).updates if u.slot == "pickup"
    ]


@pytest.mark.parametrize(
    "said, place",
    [
        ("Actually pick up at Oakland airport instead of SFO.", "Oakland airport"),
        ("Pick me up at Union Station instead.", "Union Station"),
        ("Let's pick up from Terminal 2 instead.", "Terminal 2"),
        ("I'd rather pick it up at Fresno Station rather than downtown.", "Fresno Station"),
    ],
)
def test_pickup_changed_instead(said: str, place: str) -> None:
    assert _pickups(said) == [place]


@pytest.mark.parametrize(
    "said",
    [
        "I would like to pick it up at Gatwick International Airport.",
        "It would be really convenient for me to pick it up at Fresno Station.",
        "No insurance. I'd like to pick it up at Pacific Central Station, it's convenient.",
        "I'd like a Hatchback until the 5th of March and would like to pick it up at John Wayne Airport.",
        "I want to pick it up at Walnut Creek BART Station at 10:45 in the morning and use till the 7th.",
        "Pick me up at Union Station.",
    ],
)
def test_pickup_stated_sets_no_slot(said: str) -> None:
    assert _pickups(said) == []


def test_two_rentals_keep_both_places() -> None:
    text = block(
        "I need a rental car in Fresno.",
        "Where would you like to pick it up?",
        "It would be really convenient for me to pick it up at Fresno Station.",
        "Booked.",
        "Now a car in London.",
        "Where?",
        "I would like to pick it up at Gatwick International Airport.",
        "Done.",
        "Thanks.",
    )
    assert "Fresno Station" not in "\n".join(current_lines(text))
    assert "was: Fresno Station" not in text
