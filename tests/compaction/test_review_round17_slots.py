"""Defects a review of English sessions with no ontology found in slot values (round 17).

- "Ship it with FedEx instead of UPS." kept UPS (the value given up) as current, with a
  conflict FedEx -> UPS inside the one message; "Deliver it by DHL" named no carrier.
- "Make it refundable." / "Make it for 4." / "Make it quick please" after a hotel was booked
  changed the hotel to "refundable", "for 4", "quick".
- The reply to "What time does the AA flight leave?" set the task's time.
- "Make it 3." after the party's size changed went to no slot; two counts of people in one
  message for two bookings made a conflict. Decision: the first count is kept, no conflict.
- "Always run black before committing." set the colour to black.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.answers import asked_slots
from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.messages import Message

from ._turns import alternating, slot_values


def updates(text: str, last_slot: str | None = None) -> list[tuple[str, str | None, str]]:
    ctx = ParseContext(last_slot=last_slot)
    return [
        (u.slot, u.value, u.op)
        for u in parse_message(Message.user(text), turn=2, context=ctx).updates
    ]


def values(text: str, last_slot: str | None = None) -> list[tuple[str, str | None]]:
    return [(s, v) for s, v, _ in updates(text, last_slot)]


# --- 1. "X instead of Y": Y is given up ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ship it with FedEx instead of UPS.", [("shipping", "FedEx")]),
        ("Please ship it with FedEx instead of UPS.", [("shipping", "FedEx")]),
        ("Pay with my Visa instead of PayPal.", [("payment", "my Visa")]),
        ("Pay with PayPal instead of my Visa.", [("payment", "PayPal")]),
        ("Deliver it by DHL instead of UPS please.", [("shipping", "DHL")]),
        ("Send it via FedEx rather than UPS.", [("shipping", "FedEx")]),
        ("Instead of UPS, use FedEx.", [("shipping", "FedEx")]),
        ("Use FedEx instead of UPS.", [("shipping", "FedEx")]),
        ("I'd prefer black rather than white.", [("color", "black")]),
        ("Ship it with UPS in place of FedEx.", [("shipping", "UPS")]),
        ("用顺丰而不是中通", [("shipping", "顺丰")]),
        ("顺丰代替中通吧", [("shipping", "顺丰")]),
    ],
)
def test_the_value_given_up_is_not_set(text: str, expected: list[tuple[str, str]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ship it with UPS.", [("shipping", "UPS")]),
        ("Use UPS, not FedEx.", [("shipping", None), ("shipping", "UPS")]),
        ("Deliver it by DHL.", [("shipping", "DHL")]),
        ("Mail it through USPS.", [("shipping", "USPS")]),
        ("Ship it via FedEx Ground.", [("shipping", "FedEx Ground")]),
        ("Deliver it by Friday.", [("date", "Friday")]),
        ("Deliver it by March 3.", [("date", "March 3")]),
        ("Send it with my brother.", []),
        ("快递用顺丰，不要中通", [("shipping", None), ("shipping", "顺丰")]),
    ],
)
def test_carriers_and_dates_said_without_instead(
    text: str, expected: list[tuple[str, str | None]]
) -> None:
    assert values(text) == expected


def test_instead_of_keeps_the_choice_current_with_no_conflict() -> None:
    d = alternating("Ship it with FedEx instead of UPS.", "OK.", "What carrier?")
    assert slot_values(d) == {"shipping": "FedEx"}
    assert d.state.ledger.conflicts == []
    d = alternating(
        "Ship it with UPS.", "OK.", "Please ship it with FedEx instead of UPS.", "Switched."
    )
    assert slot_values(d) == {"shipping": "FedEx"}
    assert [v.value for v in d.state.state.history("task.shipping")] == ["UPS"]


# --- 2. "make it X" changes a name slot only to a name --------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Make it refundable.", [("unspecified", "refundable")]),
        ("Make it a suite.", [("unspecified", "a suite")]),
        ("make it kinzie hotel", [("unspecified", "kinzie hotel")]),
        ("Make it 3.", [("unspecified", "3")]),
        ("Make it for 4.", [("people", "4")]),
        ("Make it for two.", [("people", "two")]),
        ("Make it quick please, I'm in a hurry.", []),
        ("Make it snappy.", []),
        ("Make it the Hilton.", [("hotel", "the Hilton")]),
        ("Make it Palmer House Hilton instead.", [("hotel", "Palmer House Hilton")]),
        ("Make it Hotel de Ville.", [("hotel", "Hotel de Ville")]),
        ("Make it the Kinzie Hotel, please.", [("hotel", "the Kinzie Hotel")]),
    ],
)
def test_make_it_changes_a_name_slot_only_to_a_name(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert values(text, last_slot="hotel") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Make it spicy.", [("recipient", "spicy")]),
        ("Make it 7pm.", [("time", "7pm")]),
        ("Make it 3 people.", [("people", "3 people")]),
    ],
)
def test_make_it_other_slots_unchanged(text: str, expected: list[tuple[str, str]]) -> None:
    assert values(text, last_slot="recipient") == expected


def test_make_it_refundable_keeps_the_booked_hotel() -> None:
    d = alternating(
        "Find a hotel in Chicago for 2 nights.",
        "Options: Palmer House Hilton ($229/night), Hotel Julian ($259/night), "
        "Kinzie Hotel ($199/night).",
        "Book the Kinzie Hotel.",
        "Kinzie Hotel booked, confirmation HTL-55190.",
        "Make it refundable.",
        "Switched to the refundable rate.",
        "Make it for 4.",
        "Updated to 4 guests.",
        "Make it quick please, I'm in a hurry.",
        "Sure.",
        "ok",
    )
    values_now = slot_values(d)
    assert values_now["hotel"] == "Kinzie Hotel"
    assert values_now["people"] == "4"
    assert "quick" not in values_now.values()
    assert [c for c in d.state.ledger.conflicts if c.subject == "task.hotel"] == []


# --- 3. a reply about another thing sets no task slot ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "What time does the AA flight leave?",
        "What time does the last one depart?",
        "What time is the other one?",
        "What time does UA 1542 leave?",
        "What time does Palmer House open?",
        "What date is Hotel Julian available?",
        "What's the checkout time?",
        "What time is check-in?",
    ],
)
def test_a_question_about_another_thing_asks_no_task_slot(text: str) -> None:
    assert asked_slots(text, load_builtin("generic")) == []


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("What time does it leave?", "time"),
        ("What time is my flight?", "time"),
        ("What time does the flight leave?", "time"),
        ("What time is the reservation?", "time"),
        ("What time is it booked for?", "time"),
        ("What's the date?", "date"),
        ("What time do I need to be there?", "time"),
        ("What's the time of the dinner reservation?", "time"),
    ],
)
def test_a_question_about_the_task_still_asks_its_slot(text: str, slot: str) -> None:
    assert asked_slots(text, load_builtin("generic")) == [slot]


def test_the_answer_about_another_flight_stays_evidence() -> None:
    d = alternating(
        "Book UA 1542 for 2 people.",
        "UA 1542 (7:05am) is held.",
        "What time does the AA flight leave?",
        "AA 2231 departs at 1:30pm.",
        "ok",
    )
    assert "time" not in slot_values(d)
    assert slot_values(d)["flight"] == "UA 1542"
    d = alternating("Book a table for 2 at 7pm.", "Done.", "What time is it booked for?", "7pm.")
    assert slot_values(d).get("time") == "7pm"


# --- 4. counts of people ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "last_slot", "expected"),
    [
        ("Make it 3.", "people", [("people", "3")]),
        ("Make it four.", "people", [("people", "four")]),
        ("Make it 3.", "hotel", [("unspecified", "3")]),
        ("Make it 3.", "date", [("unspecified", "3")]),
        (
            "Book a table for 2 people at 7pm, and a flight for 3 people on Friday.",
            None,
            [("people", "2 people")],
        ),
        ("A table for 2 guests and a car for 4 passengers.", None, [("people", "2 guests")]),
        (
            "Book it for 2 people, no wait, for 3 people.",
            None,
            [("people", "2 people"), ("people", "3 people")],
        ),
        (
            "Book for 2 people, actually make it for 4 people.",
            None,
            [("people", "2 people"), ("people", "4 people")],
        ),
    ],
)
def test_counts_of_people(
    text: str, last_slot: str | None, expected: list[tuple[str, str]]
) -> None:
    assert values(text, last_slot) == expected


def test_two_counts_for_two_bookings_make_no_conflict() -> None:
    d = alternating(
        "Book a table for 2 people at 7pm, and a flight for 3 people on Friday.",
        "OK.",
        "What do I have?",
    )
    assert slot_values(d)["people"] == "2 people"
    assert d.state.ledger.conflicts == []
    d = alternating("Book a flight for 2 people.", "Held.", "Make it 3.", "OK, 3 passengers.")
    assert slot_values(d)["people"] == "3"


# --- 5. a tool's name is no colour -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Always run black before committing.",
        "You don't need to run black on the generated files.",
        "pip install black",
        "Run `black .` first.",
        "Use black for formatting the code.",
        "Always use black on the code.",
        "Format the code with black.",
        "npm run json before the build.",
    ],
)
def test_a_tool_name_is_no_enum_value(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I want it in black", [("color", "black")]),
        ("black please", [("color", "black")]),
        ("the black one", [("color", "black")]),
        ("Use black for the case.", [("color", "black")]),
        ("Make it black.", [("color", "black")]),
        ("I'd like the black iPhone.", [("color", "black")]),
        ("Export it with PDF format", [("format", "PDF")]),
        ("Run the export as PDF.", [("format", "PDF")]),
        ("颜色要黑色", [("color", "黑色")]),
    ],
)
def test_colour_and_format_values_still_read(text: str, expected: list[tuple[str, str]]) -> None:
    assert values(text) == expected


def test_run_black_sets_no_colour_and_makes_no_conflict() -> None:
    d = alternating(
        "Always run black before committing.",
        "OK.",
        "You don't need to run black on the generated files.",
        "OK.",
        "What rules apply?",
    )
    assert "color" not in slot_values(d)
    assert [c for c in d.state.ledger.conflicts if c.kind == "slot_rule"] == []
