"""An English question about a slot ("What date is the concert?") sets no value; the reply's
answer does."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values


def state_after(*exchange: str) -> dict[str, str]:
    """Current slot values (slot -> value) after user/assistant messages in turn."""
    return slot_values(alternating(*exchange))


@pytest.mark.parametrize(
    ("question", "answer", "slot", "value"),
    [
        ("Which day is the event?", "It is on March 5th.", "date", "March 5th"),
        ("What date is the concert?", "The concert is next Friday.", "date", "next Friday"),
        ("What time is the show?", "7:30 pm.", "time", "7:30 pm"),
        (
            "And what's the phone number for them?",
            "Sure, it's 415-555-0134.",
            "phone",
            "415-555-0134",
        ),
        (
            "Which date is my booking?",
            "Your booking is for the 6th of March.",
            "date",
            "the 6th of March",
        ),
    ],
)
def test_the_question_sets_nothing_and_the_answer_fills_the_slot(
    question: str, answer: str, slot: str, value: str
) -> None:
    assert slot not in state_after(question)
    assert state_after(question, answer).get(slot) == value


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("The date is March 5th.", "date", "March 5th"),
        ("My phone is 415-555-0134.", "phone", "415-555-0134"),
        ("OK, the time is 7 pm.", "time", "7 pm"),
        ("So what, the date is Friday.", "date", "Friday"),
        ("Whatever happens, the date is Friday.", "date", "Friday"),
        ("I know which one I want: the date is Friday.", "date", "Friday"),
        ("That's what I said: the time is noon.", "time", "noon"),
        ("Which is fine, and the date is Monday.", "date", "Monday"),
    ],
)
def test_statements_still_set_the_slot(text: str, slot: str, value: str) -> None:
    assert state_after(text).get(slot) == value
