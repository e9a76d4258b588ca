"""Defects a review of English sessions with no ontology found in what "the first / second /
last one" counts in.

A numbered list of bare names ("1. Hertz Loop\\n2. Avis Wacker Drive") and a labelled list
("Nearby restaurants: Lou Malnati's, Girl & the Goat, Alinea.") were read as no list, so "book
the second one" picked from the hotels offered turns before and replaced the booked hotel.
An ordinal now counts in the latest list the assistant gave, whatever it lists (a list that
offers nothing, as steps or failing tests, picks nothing); an older list only when the pointer
names its kind ("the second hotel"). A verb that does something other than choose ("fix the
last one", "explain the second option") picks nothing either.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import latest_list, name_evidence
from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.compaction.references import (
    OPTION,
    OPTION_ACTED,
    PLACE,
    RecentWindow,
)
from ctxengine.messages import Message

from ._turns import alternating, slot_values

HOTELS = (
    "Options: Palmer House Hilton ($229/night), Hotel Julian ($259/night), "
    "Kinzie Hotel ($199/night)."
)
CARS = "1. Hertz Loop\n2. Avis Wacker Drive\n3. Enterprise State Street"
RESTAURANTS = "Nearby restaurants: Lou Malnati's, Girl & the Goat, Alinea."
TESTS = (
    "Three tests fail:\n1. tests/test_invoice.py::test_half_up\n"
    "2. tests/test_credit.py::test_negative\n3. tests/test_tax.py::test_vat_rounding"
)
FIXES = (
    "The fix options are:\n- Option A: use Decimal with ROUND_HALF_UP\n"
    "- Option B: use the money library\n- Option C: keep float and add an epsilon"
)

PICKED = ("hotel", "name", "restaurant", "car", "flight")


def names(text: str) -> list[str]:
    return [e.value for e in name_evidence(text, "assistant")]


def _after(*replies: str) -> ParseContext:
    window = RecentWindow(8)
    for i, reply in enumerate(replies, start=1):
        window.append(parse_message(Message.user("What is there?"), turn=i))
        window.append(parse_message(Message.assistant(reply), turn=i))
    return window.context()


def choice(text: str, *replies: str) -> list[tuple[str, str | None]]:
    parsed = parse_message(Message.user(text), turn=9, context=_after(*replies))
    return [(u.slot, u.value) for u in parsed.updates if u.slot in PICKED]


def kinds(text: str, *replies: str) -> list[tuple[str, str, str | None]]:
    parsed = parse_message(Message.user(text), turn=9, context=_after(*replies))
    return [(r.text, r.kind, r.resolved_to) for r in parsed.references]


# --- lists that were read as none ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (CARS, ["Hertz Loop", "Avis Wacker Drive", "Enterprise State Street"]),
        (RESTAURANTS, ["Lou Malnati's", "Girl & the Goat", "Alinea"]),
        (
            "- Blue Bottle Coffee\n- Sightglass\n- Ritual Roasters",
            ["Blue Bottle Coffee", "Sightglass", "Ritual Roasters"],
        ),
        (
            "Nearby museums: Art Institute, Field Museum, Adler Planetarium.",
            ["Art Institute", "Field Museum", "Adler Planetarium"],
        ),
        ("Car rentals nearby: Hertz, Avis, Enterprise.", ["Hertz", "Avis", "Enterprise"]),
        # Look-alikes that list no names: steps, terms, days, errors, headings of one word.
        ("1. Install Python\n2. Run Tests\n3. Open Settings", []),
        ("1. Open Settings\n2. Click Save", []),
        ("Restaurants: Open Yelp, Search Pizza.", []),
        ("Available days: Monday, Tuesday, Friday.", []),
        ("Error codes: E1 (timeout), E2 (retry).", []),
        ("Steps: Open Settings, Click Save.", []),
        ("1. Introduction\n2. Background", []),
        ("1. Hertz Loop - open late\n2. Run the tests first", []),
    ],
)
def test_bare_numbered_and_labelled_lists_name_their_items(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    ("text", "items", "offers"),
    [
        (CARS, ["Hertz Loop", "Avis Wacker Drive", "Enterprise State Street"], True),
        (
            TESTS,
            [
                "tests/test_invoice.py::test_half_up",
                "tests/test_credit.py::test_negative",
                "tests/test_tax.py::test_vat_rounding",
            ],
            False,
        ),
        ("1. Open settings 2. Click Save", ["Open settings", "Click Save"], False),
        ("To fix it:\n1. Open Settings\n2. Click Save", ["Open Settings", "Click Save"], False),
        ("Steps: open the app, pay, and confirm.", ["open the app", "pay", "confirm"], False),
        ("Done, the file is saved.", [], False),
        ("Sure: I can do that, and more.", [], False),
        ("Here is what I found: Hotel A has a pool, and it is close.", [], False),
        ("It costs $2. That is cheap.", [], False),
    ],
)
def test_the_latest_list_of_any_kind_is_read(text: str, items: list[str], offers: bool) -> None:
    found, offered = latest_list(text)
    assert ([name for name, _ in found], offered) == (items, offers)


# --- an ordinal counts in the latest list ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Book the second one for Saturday.", [("name", "Avis Wacker Drive")]),
        ("The first one, please.", [("name", "Hertz Loop")]),
        ("Let's go with the last one.", [("name", "Enterprise State Street")]),
        ("I'll take option 2.", [("name", "Avis Wacker Drive")]),
        ("Reserve the third one.", [("name", "Enterprise State Street")]),
        # Its kind named: the older list of hotels.
        ("Actually, book the second hotel.", [("hotel", "Hotel Julian")]),
        ("Is the second one open late?", []),
        ("Not the first one.", []),
        ("Book the fourth one.", []),
    ],
)
def test_an_ordinal_after_two_lists_counts_in_the_latest(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert choice(text, HOTELS, CARS) == expected


def test_a_labelled_list_of_restaurants_is_the_one_picked_from() -> None:
    assert choice("Reserve a table at the first one for 7pm.", HOTELS, RESTAURANTS) == [
        ("restaurant", "Lou Malnati's")
    ]
    assert choice("The last one sounds good.", HOTELS, RESTAURANTS) == [("restaurant", "Alinea")]
    assert choice("Book the cheaper one.", HOTELS, RESTAURANTS) == []


def test_the_latest_list_offering_nothing_shadows_an_older_offer() -> None:
    for text in (
        "Book the second one.",
        "The first one, please.",
        "Go with the last one.",
        "Fix the second one first.",
    ):
        assert choice(text, HOTELS, TESTS) == [], text
        (ref,) = kinds(text, HOTELS, TESTS)
        assert ref[1] == OPTION_ACTED
        assert ref[2] is not None and ref[2].startswith("item[tests/")
    steps = "To book it:\n1. Open the app\n2. Pay the deposit"
    assert choice("Book the second one.", HOTELS, steps) == []
    assert choice("Book the second hotel.", HOTELS, steps) == [("hotel", "Hotel Julian")]


# --- a verb that does not choose picks nothing -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Now fix the last one.",
        "Explain the second option.",
        "Run the first one again.",
        "Delete the last one.",
        "Open the second one.",
        "Check the first option for me.",
        "Can you compare the first one with the budget?",
        "Tell me about the second option.",
        "Cancel the last one.",
    ],
)
def test_an_ordinal_after_a_verb_that_does_not_choose_picks_nothing(text: str) -> None:
    assert choice(text, FIXES) == []
    (ref,) = kinds(text, FIXES)
    assert ref[1] == OPTION_ACTED and ref[2] is not None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Go with the first option.", "Option A"),
        ("Let's use the second one.", "Option B"),
        ("Pick the last one.", "Option C"),
        ("Check it and then go with the second option.", "Option B"),
        ("The first one, please.", "Option A"),
        ("Try the last option instead.", "Option C"),
        ("I'd like the second one.", "Option B"),
        ("Switch to the first one.", "Option A"),
    ],
)
def test_an_ordinal_after_a_verb_that_chooses_still_picks(text: str, name: str) -> None:
    assert choice(text, FIXES) == [("name", name)]
    assert [k for _, k, _ in kinds(text, FIXES)] == [OPTION]


def test_chinese_ordinals_are_unchanged_beside_english_lists() -> None:
    ctx = ParseContext(
        focus="餐馆",
        mentions=(("金鼎轩", "餐馆", 0), ("大董(工体店)", "餐馆", 0)),
        offered=(("tests/a.py", ""), ("tests/b.py", "")),
        offered_kind="item",
        earlier_lists=(("hotel", (("Hotel Julian", ""), ("Kinzie Hotel", ""))),),
    )
    onto = load_builtin("crosswoz")
    for text, name in (
        ("那就第二家吧", "大董(工体店)"),
        ("最后一家怎么样", "大董(工体店)"),
        ("第一个吧", "金鼎轩"),
    ):
        parsed = parse_message(Message.user(text), turn=2, ontology=onto, context=ctx)
        assert [(r.kind, r.resolved_to) for r in parsed.references] == [(PLACE, f"餐馆[{name}]")]
        assert [(u.slot, u.value) for u in parsed.updates] == [("名称", name)]


# --- the sessions the review ran --------------------------------------------------------------


def test_the_car_picked_from_the_latest_list_leaves_the_hotel_booked() -> None:
    d = alternating(
        "Find a hotel in Chicago for 2 nights.",
        HOTELS,
        "Book the Kinzie Hotel.",
        "Kinzie Hotel booked, confirmation HTL-55190.",
        "Which car rentals are near the hotel?",
        CARS,
        "Book the second one for Saturday.",
        "Avis booked.",
        "ok",
    )
    values = slot_values(d)
    assert values["hotel"] == "Kinzie Hotel"
    assert values["name"] == "Avis Wacker Drive"
    assert not d.state.ledger.conflicts


def test_the_restaurant_picked_leaves_the_hotel_booked() -> None:
    d = alternating(
        "I need a hotel in Chicago near the Loop from March 15 for 2 nights.",
        HOTELS,
        "Book the Kinzie Hotel.",
        "Kinzie Hotel booked, confirmation HTL-55190.",
        "Any good restaurants nearby?",
        RESTAURANTS,
        "Reserve a table at the first one for 7pm.",
        "Table at Lou Malnati's at 7pm reserved.",
        "What do I have?",
    )
    values = slot_values(d)
    assert values["hotel"] == "Kinzie Hotel"
    assert values["restaurant"] == "Lou Malnati's"
    assert not d.state.ledger.conflicts
    block = d.render(5, "en")
    for name in ("Girl & the Goat", "Alinea"):
        assert f"- name: {name} (assistant)" in block


def test_fixing_the_last_one_keeps_the_option_chosen() -> None:
    d = alternating(
        "The repo is at /home/dev/billing.",
        TESTS,
        "Fix the second one first.",
        FIXES,
        "Go with the first option.",
        "Done, src/credit.py now uses Decimal with ROUND_HALF_UP.",
        "Now fix the last one.",
        "Working on test_vat_rounding.",
        "What am I working on?",
    )
    assert slot_values(d)["name"] == "Option A"
    assert not d.state.ledger.conflicts
