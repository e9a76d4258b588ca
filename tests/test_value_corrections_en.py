"""English values corrected or replaced without the usual change words: "Correction, the
deposit was $2,650", "January 31, not January 15 like I said before", "Take 7:30.", "179 lbs
now", "lower the calories to 2,050", "make coyote time 0.15 seconds", "Make it 45 laptops",
"Actually it's 5 people", a seat or a floor said again, and the near-misses that must not
change a value."""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, section

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.revisions import read_revisions
from ctxengine.compaction.slots import extract_updates


def _updates(text: str) -> list[tuple[str, str | None, str]]:
    return [(u.slot, u.value, u.op) for u in extract_updates(text, generic_ontology())]


def _changed(first: str, second: str, reply: str = "OK.") -> str:
    return current_text(block(first, "OK.", second, reply, "Go."))


# ---------------------------------------------------------------- said wrong, said again


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        (
            "My security deposit was $2,400.",
            "Correction, the deposit was $2,650.",
            "$2,650",
            "$2,400",
        ),
        ("The invoice total was $1,200.", "Correction: it's $1,250.", "$1,250", "$1,200"),
        ("My desk extension is x4471 if you need me.", "Sorry typo, it's x4417.", "x4417", "x4471"),
        ("Our account number is 88213.", "Typo, it's 88231.", "88231", "88213"),
        ("The meeting is at 14:00.", "Correction: it's 14:30.", "14:30", "14:00"),
        (
            "I want to lose some weight, I'm at 182 lbs.",
            "Weighed in this morning, 179 lbs now!",
            "179 lbs",
            "182 lbs",
        ),
        ("The parcel weighs 12 kg.", "I'm at 11.5 kg now.", "11.5 kg", "12 kg"),
        (
            "The lease ended on January 15.",
            "The lease ended on January 31, not January 15 like I said before.",
            "January 31",
            "January 15",
        ),
        ("We arrive on March 3.", "March 4, not March 3 as I said earlier.", "March 4", "March 3"),
    ],
)
def test_value_said_again_replaces_the_old(first: str, second: str, new: str, old: str) -> None:
    current = _changed(first, second)
    assert new in current
    assert old not in current


@pytest.mark.parametrize(
    "text",
    [
        "I am leaving now.",
        "Is it 179 lbs now?",
        "There are 3 of us now, right?",
        "It was a typo in the docs.",
        "That correction was wrong.",
        "Correction noted.",
    ],
)
def test_no_value_said_again(text: str) -> None:
    assert not [r for r in read_revisions(text, generic_ontology()) if r.new]


def test_redone_number_of_no_held_shape_changes_nothing() -> None:
    # "x4417" has the shape of no value held: the deposit stays.
    current = _changed("My security deposit was $2,400.", "Sorry typo, it's x4417.")
    assert "x4417" not in current


# ---------------------------------------------------------------- a thing given a quantity


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        ("Set my daily calorie target to 2,200.", "Lower the calories to 2,050.", "2,050", "2,200"),
        ("Set my daily calorie target to 2,200.", "Raise the calories to 2,400.", "2,400", "2,200"),
        (
            "Set the weekly mileage goal to 20 miles.",
            "Bump the weekly goal to 25 miles.",
            "25 miles",
            "20 miles",
        ),
        (
            "Coyote time should be 0.1 seconds.",
            "Playtesters say it's too tight, make coyote time 0.15 seconds.",
            "0.15 seconds",
            "0.1 seconds",
        ),
        (
            "Set the jump buffer to 0.08 seconds.",
            "Make the jump buffer 0.1 seconds.",
            "0.1 seconds",
            "0.08 seconds",
        ),
        ("Set the deposit to $500.", "Make the deposit $650.", "$650", "$500"),
        (
            "I need to buy 40 laptops for the new hires.",
            "Make it 45 laptops, hiring added 5 more.",
            "45 laptops",
            "40 laptops",
        ),
        ("Order 12 monitors please.", "Make it 15 monitors.", "15 monitors", "12 monitors"),
    ],
)
def test_quantity_of_a_named_thing(first: str, second: str, new: str, old: str) -> None:
    current = _changed(first, second)
    assert new in current
    assert old not in current


@pytest.mark.parametrize(
    "text",
    [
        "Make sure the build passes.",
        "Make 3 copies of the report.",
        "Make it 5 minutes shorter if you can.",
        "Should we make coyote time 0.15 seconds?",
        "Don't make the deposit $650.",
        "Change the settings to default.",
        "Lower the rest to 5.",
    ],
)
def test_no_quantity_set(text: str) -> None:
    assert not [u for u in _updates(text) if u[0] not in ("unspecified", "people", "duration")]


def test_count_of_other_things_left_alone() -> None:
    current = _changed("I need to buy 40 laptops.", "Make it 45 chairs.")
    assert "40 laptops" in current


# ---------------------------------------------------------------- picks and corrections


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Take 7:30.", "time", "7:30"),
        ("OK, book Friday then.", "date", "Friday"),
        ("Let's do 8pm please.", "time", "8pm"),
        ("Fine, take 6:45pm.", "time", "6:45pm"),
    ],
)
def test_value_picked_alone(text: str, slot: str, value: str) -> None:
    assert (slot, value, "change") in _updates(text)


@pytest.mark.parametrize(
    "text",
    ["Take a seat.", "Take 7:30 or 8?", "Book it.", "Take your time.", "Do 2."],
)
def test_no_value_picked(text: str) -> None:
    assert not [u for u in _updates(text) if u[0] in ("time", "date")]


def test_offered_time_taken() -> None:
    text = block(
        "Book a table for 7pm.", "7pm is waitlisted; 7:30 is open.", "Take 7:30.", "Booked.", "Go."
    )
    assert "7:30" in current_text(text)
    assert "7pm" not in current_text(text)


@pytest.mark.parametrize(
    ("first", "second", "new"),
    [
        ("Make it 6 people.", "Actually it's 5 people, one can't make it.", "5 people"),
        ("A table for 4 people.", "Sorry, it's 3 people.", "3 people"),
        ("A table for 4 people.", "Oops, it's 5 people.", "5 people"),
        ("The time is 7pm.", "Actually the time is 8pm.", "8pm"),
    ],
)
def test_correction_is_no_conflict(first: str, second: str, new: str) -> None:
    text = block(first, "OK.", second, "OK.", "Go.")
    assert new in current_text(text)
    assert not section(text, "conflicts")


def test_plain_second_value_is_still_a_conflict() -> None:
    text = block("A table for 4 people.", "OK.", "A table for 5 people.", "OK.", "Go.")
    assert section(text, "conflicts")


# ---------------------------------------------------------------- numbered places


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        ("I'm on the 11th floor.", "Also I'm on the 12th floor, not 11th.", "12th", "11th"),
        ("We're on the 3rd floor.", "Actually we're on the 4th floor.", "4th", "3rd"),
        ("Seat 14C please.", "Can you switch me to a window? 22A if it's free.", "22A", "14C"),
        ("Put me in row 14.", "Move me to row 9 please.", "9", "14"),
    ],
)
def test_numbered_place_replaced(first: str, second: str, new: str, old: str) -> None:
    current = _changed(first, second)
    assert new in current
    assert old not in current


@pytest.mark.parametrize(
    "text",
    [
        "Which floor is it on?",
        "Apartment 22A if it's free.",
        "22A if it's free.",
        "The 12th floor lounge is nice",
        "Is seat 14C free?",
    ],
)
def test_no_numbered_place(text: str) -> None:
    assert not [u for u in _updates(text) if u[0] in ("floor", "seat", "row")]


# ---------------------------------------------------------------- "it" is the thing just said


@pytest.mark.parametrize(
    ("text", "noun", "value"),
    [
        (
            "The dedupe key should be email only. Wait no, make it email plus tenant_id.",
            "dedupe key",
            "email plus tenant_id",
        ),
        (
            "The sort order should be ascending. Actually, make it descending.",
            "sort order",
            "descending",
        ),
        ("The retry limit is 3. No wait, make it 5.", "retry limit", "5"),
    ],
)
def test_make_it_the_thing_just_said(text: str, noun: str, value: str) -> None:
    current = current_text(block(text, "OK.", "Go."))
    assert f"{noun}={value}" in current
    assert "unspecified" not in current


def test_make_it_with_no_thing_said_is_not_named() -> None:
    assert ("sort order", "descending", "change") not in _updates("Make it descending.")


# ---------------------------------------------------------------- near-misses and Chinese


def test_hour_now_is_no_value_redone() -> None:
    # "It's 10pm now": the hour of the message, no booking time changed.
    current = _changed("The time is 7pm.", "It's 10pm now, hurry.")
    assert "task.time=7pm" in current


def test_amount_now_changes_one_slot() -> None:
    # The budget held is redone; the amount said is not set again as another slot.
    current = _changed("The budget is $500.", "It's $600 now.")
    assert "task.budget=$600" in current
    assert current.count("$600") == 1


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        # The same mechanism in Chinese: a value said wrong, said again with no old part,
        # replaces the user's value of its shape or kind.
        ("预算是500元。", "不对，应该是600元。", "600元", "500元"),
        ("我的体重是75公斤。", "说错了，是73公斤。", "73公斤", "75公斤"),
    ],
)
def test_zh_value_said_again_replaces_the_old(first: str, second: str, new: str, old: str) -> None:
    current = current_text(block(first, "好的。", second, "好的。", "继续。"))
    assert new in current
    assert old not in current


def test_zh_weight_is_labelled_in_chinese() -> None:
    text = block("我的体重是75公斤。", "好的。", "继续。")
    assert "重量: 75公斤" in text
