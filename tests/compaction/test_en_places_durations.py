"""Generic English evidence with no ontology: where ("in Phoenix, AZ") and how long ("for
five days"), kept verbatim so a task's city or length of stay outlives its turn."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import extract_evidence
from ctxengine.compaction.render import SOFT_EVIDENCE_KINDS


def of_kind(text: str, kind: str) -> list[str]:
    return [e.value for e in extract_evidence(text, "user", ()) if e.kind == kind]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I need a hotel in Phoenix, AZ please", "Phoenix, AZ"),
        ("I'm searching for hotels located in Paris, France.", "Paris, France"),
        ("Find me a cheap hotel in LA.", "LA"),
        ("I want to find some hotels in New York City.", "New York City"),
        ("I'd leave from Washington on Sunday", "Washington"),
        ("a bus ticket to Las Vegas", "Las Vegas"),
        ("We are flying back to Chicago, IL.", "Chicago, IL"),
        ("a week at a hotel in Rio de Janeiro", "Rio de Janeiro"),
        ("a hotel room near St. Louis", "St. Louis"),
        ("Which bus goes to Bank of America Plaza?", "Bank of America Plaza"),
        ("my hotel room is in Building 7", "Building 7"),
    ],
)
def test_a_place_after_its_preposition(text: str, place: str) -> None:
    assert of_kind(text, "place") == [place]


@pytest.mark.parametrize(
    "text",
    [
        "I am in IT support",  # an acronym inside a clause
        "talk to Mary about it",  # "to" without a word of going
        "Send it to John Smith",
        "Welcome to Python",
        "upgrade to Pro",
        "see you in March",
        "in English please",
        "from The start",
        "in the evening",
        "let's meet on Friday in my office",
        "I moved in 2019",
        # Ordinary engineering and support talk: no sentence about a place.
        "It fails in Python and in Docker.",
        "I pulled it from GitHub.",
        "go to Settings and click Save",
        "I heard it from Tom",
        "The bug is in UserService.",
        "I work in IT.",
        "the meeting is in Room 4B",
        "Same thing in Chrome and in Firefox.",
    ],
)
def test_no_place(text: str) -> None:
    assert of_kind(text, "place") == []


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("I want to stay for five days.", "five days"),
        ("No, I want the room for seven days.", "seven days"),
        ("could you book it for a five day stay?", "five day stay"),
        ("On Thursday next week for two nights.", "two nights"),
        ("the rental is 3 weeks", "3 weeks"),
        ("It takes 2 hours by bus", "2 hours"),
    ],
)
def test_a_length_of_time(text: str, duration: str) -> None:
    assert of_kind(text, "duration") == [duration]


@pytest.mark.parametrize(
    "text",
    [
        "good day to you",
        "a daylong event",
        "nights are cold here",
        "the weekly report",
        "hourly rates apply",
        "a monthly plan",
        "two people please",
        "seven dwarfs",
    ],
)
def test_no_length_of_time(text: str) -> None:
    assert of_kind(text, "duration") == []


def test_both_leave_before_ids_under_the_cap() -> None:
    assert {"place", "duration"} <= SOFT_EVIDENCE_KINDS
