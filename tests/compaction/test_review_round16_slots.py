"""Defects a review of English sessions with no ontology found in slot values said without a
slot word, in "the X one" picks and in questions.

- "Make it 3 people." after "Change the date to Friday." went to the date (the slot changed
  last) with a false conflict; "Make it 3 people — my sister is joining." kept the aside.
- "use the 7pm one instead" became `task.unspecified=the 7pm one`.
- "What's the weather on day 1?" ... "day 2?" set the date to "1", "2" with a conflict each.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.messages import Message

from ._turns import alternating, slot_values


def updates(
    text: str, last_slot: str | None = None, role: str = "user"
) -> list[tuple[str, str | None, str]]:
    ctx = ParseContext(last_slot=last_slot)
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    return [(u.slot, u.value, u.op) for u in parse_message(msg, turn=2, context=ctx).updates]


# --- 1. a value with no slot word goes to the slot its shape says -------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Make it 3 people.", "people", "3 people"),
        ("Make it 3 people — my sister is joining.", "people", "3 people"),
        ("Make it 3 people - my sister is joining.", "people", "3 people"),
        ("make that four guests", "people", "four guests"),
        ("Can you make it 2 adults?", "people", "2 adults"),
        ("Make it 5 travelers.", "people", "5 travelers"),
        ("Make it 7pm instead.", "time", "7pm"),
        ("Change it to 8:30pm, please.", "time", "8:30pm"),
        ("Actually, 9am instead.", "time", "9am"),
        ("Make it $300.", "budget", "$300"),
        ("Make it two nights.", "duration", "two nights"),
        ("Switch it to Saturday.", "date", "Saturday"),
        ("Make it the 5th.", "date", "the 5th"),
    ],
)
def test_a_value_with_no_slot_word_goes_to_the_slot_of_its_shape(
    text: str, slot: str, value: str
) -> None:
    # The date changed last: only a date may go there.
    assert updates(text, last_slot="date") == [(slot, value, "change")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Make it spicy.", "spicy"),
        ("Make it a surprise — don't tell her.", "a surprise"),
        # ("Make it quick, please." is a manner, no value: see test_review_round17_slots.)
        ("Make it extra crispy, please.", "extra crispy"),
        ("make it extra large", "extra large"),
        ("Make it the window seat.", "the window seat"),
    ],
)
def test_a_value_of_no_shape_does_not_go_to_a_shaped_slot(text: str, value: str) -> None:
    assert updates(text, last_slot="date") == [("unspecified", value, "change")]
    # A slot of no shape changed last still takes it, as before.
    assert updates(text, last_slot="recipient") == [("recipient", value, "change")]


@pytest.mark.parametrize(
    "text",
    [
        "I'll walk instead.",
        "Let's eat in instead.",
        "Maybe tomorrow we can talk instead about it",
        "Call me instead.",
        "Then I'll stay home instead.",
        "I'd rather read instead.",
        "Make sure it's quiet.",
        "Make it so.",
        "I'll do that instead.",
        "Take a taxi instead.",
        "Set it up for me.",
        "Update it please.",
    ],
)
def test_no_value_is_read_from_words_of_no_shape(text: str) -> None:
    shaped = ("date", "time", "budget", "price", "people", "duration", "flight")
    assert all(slot not in shaped for slot, _, _ in updates(text, last_slot="date"))


def test_a_day_said_as_an_ordinal_still_follows_the_date() -> None:
    assert updates("use the 3rd instead", last_slot="date") == [("date", "the 3rd", "change")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Book a flight from Boston to Chicago on Thursday for 2 people.", "2 people"),
        ("Book a table for 4 people at 7pm.", "4 people"),
        ("Book a table for 4 tonight.", "table for 4"),
        ("We are 5 people.", "5 people"),
        ("There will be 3 of us.", "3 of us"),
        ("A party of 6 at 8pm please.", "party of 6"),
        ("I need a room for two adults and one child.", "two adults and one child"),
        ("It's for 2 passengers.", "2 passengers"),
    ],
)
def test_a_party_size_is_read(text: str, value: str) -> None:
    assert ("people", value) in [(s, v) for s, v, _ in updates(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Is the food for 3 people to share?",
        "I read it to 3 people yesterday.",
        "2 people reviewed the pull request.",
        "This plan is for 10 users.",
        "The room fits 4 people, right?",
        "For 3 days I waited.",
        "Page 2 of 5.",
        "Give me 3 options.",
    ],
)
def test_no_party_size_is_read_from_other_counts(text: str) -> None:
    assert all(slot != "people" for slot, _, _ in updates(text))


def test_a_party_size_change_leaves_the_date_and_makes_no_false_conflict() -> None:
    d = alternating(
        "Book a flight from Boston to Chicago on Thursday for 2 people.",
        "Found UA 1542 on Thursday.",
        "Change the date to Friday.",
        "Done, Friday it is.",
        "Make it 3 people — my sister is joining.",
        "OK, 3 passengers.",
        "What do I have?",
    )
    values = slot_values(d)
    assert values["date"] == "Friday"
    assert values["people"] == "3 people"
    date_conflicts = [
        (c.earlier.text, c.later.text) for c in d.state.ledger.conflicts if c.subject == "task.date"
    ]
    assert date_conflicts == [("Thursday", "Friday")]
    assert [v.value for v in d.state.state.history("task.people")] == ["2 people"]


# --- 2. "the X one" with X a time, a date or an amount -------------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Actually, use the 7pm one instead.", "time", "7pm"),
        ("Book the 1:30pm one.", "time", "1:30pm"),
        ("I'll take the 10:45am option.", "time", "10:45am"),
        ("Let's go with the Friday one.", "date", "Friday"),
        ("Pick the $199 one.", "price", "$199"),
        ("Hold the 6 pm flight for me.", "time", "6 pm"),
        ("Go with the March 3 one instead.", "date", "March 3"),
        ("Use the blue one instead.", "color", "blue"),
    ],
)
def test_the_value_one_is_a_value_of_its_shape(text: str, slot: str, value: str) -> None:
    assert [(s, v) for s, v, _ in updates(text, last_slot="date")] == [(slot, value)]


@pytest.mark.parametrize(
    "text",
    [
        "What's the 7pm one like?",
        "Is the 7pm one direct?",
        "Use the second one instead.",
        "Book the last option.",
        "Take the other one instead.",
        "Book the window one.",
        "I'll take the cheaper one.",
        "Book the first flight.",
    ],
)
def test_the_one_of_no_shape_or_asked_about_sets_nothing(text: str) -> None:
    assert updates(text, last_slot="date") == []


def test_the_7pm_one_replaces_the_130pm_one_and_no_slot_is_unspecified() -> None:
    d = alternating(
        "Find flights from Boston to Chicago on Thursday.",
        "Options: UA1542 at 7:05am, AA2231 at 1:30pm, B6917 at 7:00pm.",
        "Book the 1:30pm one.",
        "Holding AA2231.",
        "Actually, use the 7pm one instead.",
        "Switched to B6917.",
        "Change the date to Friday.",
        "On Friday it is B6919 at 7:15pm. Held.",
        "What flight am I on?",
    )
    values = slot_values(d)
    assert "unspecified" not in values
    assert values["time"] == "7pm"
    assert values["date"] == "Friday"
    assert [v.value for v in d.state.state.history("task.time")] == ["1:30pm"]


def test_a_flight_picked_by_its_number() -> None:
    assert updates("Take B6 919. Make it 3 people.") == [
        ("flight", "B6 919", "set"),
        ("people", "3 people", "change"),
    ]
    assert updates("Book flight UA1542 please.") == [("flight", "UA1542", "set")]
    assert updates("Take the B-12 form.") == []
    assert updates("Take US 101 north to the airport.") == []
    assert updates("I'll take 2 of them.") == []


# --- 4. a question sets no value; "day N" is no date ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "What's the weather like in Chicago on day 1?",
        "What's the weather on day 2?",
        "What is the plan for day 3?",
        "Is day 4 free?",
        "How about day 5?",
        "And on day 6?",
        "Let's do day 3 of the trip first.",
        "Make a note for day 2.",
    ],
)
def test_a_day_number_is_no_date(text: str) -> None:
    assert all(slot != "date" for slot, _, _ in updates(text))


@pytest.mark.parametrize(
    "text",
    ["Day 1: mild, around 10C.", "Day 2 - sunny and warm.", "For day 3, expect rain."],
)
def test_a_reply_labelled_by_day_sets_no_date(text: str) -> None:
    assert updates(text, role="assistant") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("phone 617-555-0142", [("phone", "617-555-0142", "set")]),
        ("size 10", [("size", "10", "set")]),
        ("Date: March 3", [("date", "March 3", "set")]),
        ("change the date to Friday", [("date", "Friday", "change")]),
        ("The date is March 4th.", [("date", "March 4th", "set")]),
        # The Chinese rules are unchanged.
        ("把日期改成周五", [("date", "周五", "change")]),
        ("颜色要暗紫色", [("color", "暗紫色", "set")]),
        ("电话13912345678", [("phone", "13912345678", "set")]),
    ],
)
def test_values_said_with_their_slot_word_are_still_read(
    text: str, expected: list[tuple[str, str | None, str]]
) -> None:
    assert updates(text) == expected


def test_weather_questions_day_by_day_make_no_date_and_no_conflict() -> None:
    texts: list[str] = ["Find me a hotel in Chicago near the Loop for 2 nights.", "Sure."]
    for day in range(1, 7):
        texts += [f"What's the weather like in Chicago on day {day}?", f"Day {day}: mild."]
    texts.append("Which hotel did I book?")
    d = alternating(*texts)
    assert "date" not in slot_values(d)
    assert [c for c in d.state.ledger.conflicts if c.kind == "slot"] == []
