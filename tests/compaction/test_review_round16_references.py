"""Defects a review of English sessions with no ontology found in offered lists and in the
user's pointers to their items.

"Options: Palmer House Hilton ($229/night), Hotel Julian ($259/night), Kinzie Hotel
($199/night)." kept no name, nor did a numbered list ("1. X - $229/night") or "I found A for
$x, B for $y and C for $z" past its first; "Book the second option", then "actually book the
last one instead", left no choice. Each listed name is now evidence, and a pointer to an item
("the second option", "the last one", "option 3", "the cheaper one", "the 7pm one", the item's
name after a verb that picks) makes it the user's choice, a later pick archiving it.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.compaction.references import (
    OPTION,
    OPTION_ASKED,
    OPTION_DECLINED,
    RecentWindow,
    place_choices,
)
from ctxengine.compaction.schema import Reference
from ctxengine.engine import make_distiller
from ctxengine.messages import Message
from ctxengine.settings import Settings

from ._turns import alternating, slot_values

HOTELS = (
    "Options: Palmer House Hilton ($229/night), Hotel Julian ($259/night), "
    "Kinzie Hotel ($199/night)."
)
FLIGHTS = (
    "I found three flights on March 14: UA 1542 at 7:05am ($189.40), AA 2231 at 1:30pm "
    "($212.00), and B6 917 at 7:00pm ($164.99)."
)


def names(text: str) -> list[str]:
    return [e.value for e in name_evidence(text, "assistant")]


# --- the names of an offered list are evidence ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (HOTELS, ["Palmer House Hilton", "Hotel Julian", "Kinzie Hotel"]),
        (
            "1. Palmer House Hilton - $229/night\n2. Hotel Julian - $259/night\n"
            "3. Kinzie Hotel - $199/night",
            ["Palmer House Hilton", "Hotel Julian", "Kinzie Hotel"],
        ),
        (
            "I found Palmer House Hilton for $229, Hotel Julian for $259 and Kinzie Hotel for "
            "$199.",
            ["Palmer House Hilton", "Hotel Julian", "Kinzie Hotel"],
        ),
        (FLIGHTS, ["UA 1542", "AA 2231", "B6 917"]),
        (
            "Here are some options:\n1. Nobu\n2. Katsuya\n3. Sugarfish",
            ["Nobu", "Katsuya", "Sugarfish"],
        ),
        ("How about Nobu, Katsuya, or Sugarfish?", ["Nobu", "Katsuya", "Sugarfish"]),
        (
            "I found three hotels: Ace Hotel (4 stars), The Hoxton (5 stars) and Freehand "
            "Chicago (3 stars).",
            ["Ace Hotel", "The Hoxton", "Freehand Chicago"],
        ),
        ("- **Hotel Julian** ($259)\n- **Kinzie Hotel** ($199)", ["Hotel Julian", "Kinzie Hotel"]),
        (
            "There are two choices: Blue Ginger at 7pm or Red Lantern at 8:30pm.",
            ["Blue Ginger", "Red Lantern"],
        ),
    ],
)
def test_every_name_of_an_offered_list_is_kept(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1. Install Python\n2. Run Tests\n3. Open Settings", []),
        ("To fix it:\n1. Open Settings\n2. Click Save", []),
        ("Note: Redis (6379), Postgres (5432).", []),
        ("Error codes: E1 (timeout), E2 (retry).", []),
        ("Steps: Open Settings, Click Save.", []),
        ("We met Alice, Bob and Carol yesterday.", []),
        ("Available days: Monday, Tuesday, Friday.", []),
        ("I found Old Mill Tavern, which serves brunch.", ["Old Mill Tavern"]),
        ("How about Riverside Grand Hotel, a quiet 3 star place?", ["Riverside Grand Hotel"]),
        ("How about Portland, Oregon?", ["Portland"]),
        ("I found Blue Ginger, Main Street.", ["Blue Ginger"]),
    ],
)
def test_lists_of_no_offer_name_nothing_more(text: str, expected: list[str]) -> None:
    assert names(text) == expected


# --- a pointer to an item is the user's choice ----------------------------------------------


def _after(offer: str) -> ParseContext:
    window = RecentWindow(8)
    window.append(parse_message(Message.user("Find me a hotel near the Loop."), turn=1))
    window.append(parse_message(Message.assistant(offer), turn=1))
    return window.context()


def choice(text: str, offer: str = HOTELS) -> list[tuple[str, str | None]]:
    parsed = parse_message(Message.user(text), turn=2, context=_after(offer))
    return [(u.slot, u.value) for u in parsed.updates if u.slot in ("hotel", "flight", "name")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Book the second option.", "Hotel Julian"),
        ("Hmm, actually book the last one instead.", "Kinzie Hotel"),
        ("The first one, please.", "Palmer House Hilton"),
        ("Let's go with the cheaper one.", "Kinzie Hotel"),
        ("I'll take the most expensive one.", "Hotel Julian"),
        ("Book option 3.", "Kinzie Hotel"),
        ("Let's book Hotel Julian.", "Hotel Julian"),
        ("Not the first one, the third one.", "Kinzie Hotel"),
        ("The $229 one works.", "Palmer House Hilton"),
        ("Can you book the second hotel?", "Hotel Julian"),
        ("I'd like the third.", "Kinzie Hotel"),
    ],
)
def test_a_pointer_to_an_offered_item_picks_it(text: str, name: str) -> None:
    assert choice(text) == [("hotel", name)]


@pytest.mark.parametrize(
    "text",
    [
        "Is the second one near the Loop?",
        "The second one is too expensive.",
        "What's the price of the last one?",
        "I don't want the first option.",
        "The first or the second, which is closer?",
        "Book the fourth one.",
        "Which one is cheaper?",
        "Tell me about the area first.",
        "Is Hotel Julian near the Loop?",
        "Skip the second one.",
        "I liked it in the first place.",
        "That was the last time I checked.",
    ],
)
def test_a_pointer_that_asks_declines_or_misses_picks_nothing(text: str) -> None:
    assert choice(text) == []


def test_a_flight_list_is_picked_by_order_and_by_time() -> None:
    assert choice("Book the second option.", FLIGHTS) == [("flight", "AA 2231")]
    assert choice("Actually, use the 7pm one instead.", FLIGHTS) == [("flight", "B6 917")]
    assert choice("Book the 1:30pm one.", FLIGHTS) == [("flight", "AA 2231")]


def test_a_list_of_names_of_no_kind_is_picked_as_a_name() -> None:
    offer = "How about Nobu, Katsuya, or Sugarfish?"
    assert choice("The second one sounds good.", offer) == [("name", "Katsuya")]


def test_the_pointers_kind_says_pick_decline_or_question() -> None:
    ctx = _after(HOTELS)
    kinds = {
        text: [r.kind for r in parse_message(Message.user(text), turn=2, context=ctx).references]
        for text in (
            "Book the second option.",
            "Not the second option.",
            "Is the second option near the Loop?",
        )
    }
    assert kinds == {
        "Book the second option.": [OPTION],
        "Not the second option.": [OPTION_DECLINED],
        "Is the second option near the Loop?": [OPTION_ASKED],
    }


def test_two_items_picked_at_once_are_no_choice() -> None:
    refs = [
        Reference(text="the first", kind=OPTION, resolved_to="hotel[A]"),
        Reference(text="the second", kind=OPTION, resolved_to="hotel[B]"),
    ]
    assert place_choices(refs, []) == []


def test_with_no_list_offered_the_last_one_is_still_the_latest_item() -> None:
    parsed = parse_message(Message.user("Use the last one."), turn=2, context=ParseContext())
    assert [(r.text, r.kind) for r in parsed.references] == [("the last one", "last")]


def test_chinese_ordinals_still_pick_a_place_beside_an_english_list() -> None:
    ctx = ParseContext(
        focus="餐馆",
        mentions=(("金鼎轩", "餐馆", 0), ("大董(工体店)", "餐馆", 0)),
        offered=(("Hotel Julian", ""), ("Kinzie Hotel", "")),
        offered_kind="hotel",
    )
    onto = load_builtin("crosswoz")
    parsed = parse_message(Message.user("那就第二家吧"), turn=2, ontology=onto, context=ctx)
    assert [(r.text, r.resolved_to) for r in parsed.references] == [
        ("第二家", "餐馆[大董(工体店)]")
    ]
    assert [(u.slot, u.value) for u in parsed.updates] == [("名称", "大董(工体店)")]


def test_the_session_keeps_the_hotel_picked_last_and_the_one_before() -> None:
    texts = [
        "Find me a hotel in Chicago near the Loop for 2 nights.",
        HOTELS,
        "Book the second option.",
        "Booking it now.",
        "Hmm, actually book the last one instead.",
        "Done.",
    ]
    for day in range(1, 7):
        texts += [f"What's the weather like in Chicago on day {day}?", f"Day {day}: mild."]
    texts.append("Which hotel did I book?")
    d = alternating(*texts)
    assert slot_values(d)["hotel"] == "Kinzie Hotel"
    assert [v.value for v in d.state.state.history("task.hotel")] == ["Hotel Julian"]
    assert [(c.earlier.text, c.later.text) for c in d.state.ledger.conflicts] == [
        ("Hotel Julian", "Kinzie Hotel")
    ]


def test_a_numbered_list_keeps_its_names_in_the_block() -> None:
    d = make_distiller(Settings(compaction=True), "x")
    assert d is not None
    d.observe(Message.user("Find me a hotel in Chicago for 2 nights."), 1)
    d.observe(
        Message.assistant(
            "1. Palmer House Hilton - $229/night\n2. Hotel Julian - $259/night\n"
            "3. Kinzie Hotel - $199/night"
        ),
        1,
    )
    d.observe(Message.user("ok"), 2)
    block = d.render(2, "en")
    for name in ("Palmer House Hilton", "Hotel Julian", "Kinzie Hotel"):
        assert f"- name: {name} (assistant)" in block
