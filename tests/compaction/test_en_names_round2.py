"""More shapes of an English offer's name, each read only where English puts a name.

"X is a 4 star hotel" at the start of a sentence, "one is X" / "another 2 star inn is X", a
name after the comma that closes a described offer ("I found a 3 star hotel, X"), "a hotel
known as X"; and inside a name, a spaced dash ("Harbor Point - A Seaside Retreat"), a
lower-case bracket ("(east end)"), a lower-case kind of place ("BW inn by Lakeside") and "@".
Each shape has look-alikes of its own that must give no name, or no more of one.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import name_evidence


def _names(text: str, role: str = "assistant") -> list[str]:
    return [e.value for e in name_evidence(text, role)]


# --- X is a 4 star hotel ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Willow Creek Inn is a 3 star hotel.", "Willow Creek Inn"),
        ("I found 6 hotels. Marlow House Suites is a 4 star hotel.", "Marlow House Suites"),
        (
            "There are 4 options. Luigi's Trattoria is a nice restaurant in Austin.",
            "Luigi's Trattoria",
        ),
        ("Sure. The Copper Pot is a very popular bistro that opens at noon.", "The Copper Pot"),
        ("3 Rivers Lodge is an affordable 2 star hotel near the lake.", "3 Rivers Lodge"),
        ("Yes, Jazz Under The Stars is a popular event in Denver.", "Jazz Under The Stars"),
    ],
)
def test_a_described_name_at_a_sentence_start(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "This is a good idea.",
        "Python is a language.",
        "Python is a great place to start.",
        "GitHub is a good place for that.",
        "Monday is a nice day for it.",
        "It is a 4 star hotel.",
        "That is a nice restaurant.",
        "The hotel is a 3 star hotel.",
        "This Hotel is a nice hotel.",
        "Paris is a beautiful city.",
        "Docker is a container platform.",
        "5 PM is a good time for the event.",
        "My friend said Blue Ginger is a nice restaurant.",
        "We stayed in Washington D.C. It is a nice place.",
    ],
)
def test_is_a_look_alikes_yield_no_name(text: str) -> None:
    assert _names(text) == []


# --- one is X / another one is X ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I found 7 inns and one is Pine Hollow Inn, with free parking.", "Pine Hollow Inn"),
        ("There are 5 shows, one is Comedy Night Live at 8 pm.", "Comedy Night Live"),
        ("Another one is Sunrise Motor Lodge.", "Sunrise Motor Lodge"),
        ("Okay, another 2 star hotel is Bayside Budget Inn.", "Bayside Budget Inn"),
        ("Sure. One 4 star hotel is Grand Meridian Hotel.", "Grand Meridian Hotel"),
    ],
)
def test_one_is_a_name(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "One is enough.",
        "One is fine, thanks.",
        "No one is Here yet.",
        "Step one is Install Python.",
        "Which one is Cheaper?",
        "This one is Better.",
        "One is Monday, the other is Tuesday.",
        "One is at 5 PM.",
        "One is a 4 star hotel.",
        "One is Python, the other is Rust.",
        "Another one is fine.",
        "Another option is Redis.",
        "Only one is Available.",
    ],
)
def test_one_is_look_alikes_yield_no_name(text: str) -> None:
    assert _names(text) == []


# --- a name after the comma of a described offer -----------------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I found a 3 star hotel, Maple Court Inn.", "Maple Court Inn"),
        ("There is a cozy cafe, Bean There Coffee, on Main Street.", "Bean There Coffee"),
        ("We have a 2 star motel, Desert Rose Motel which has a pool.", "Desert Rose Motel"),
        ("There's a 4 star hotel, it's Harbor Lights Hotel.", "Harbor Lights Hotel"),
    ],
)
def test_a_name_after_an_offers_comma(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Sure, Monday works.",
        "I found a hotel, but it is full.",
        "There is a restaurant, I think.",
        "I found a nice restaurant, John.",
        "I found a hotel, Mr. Smith Jones.",
        "I found a hotel, New York has more.",
        "There's a cafe, Monday to Friday.",
        "I found a hotel, Thanks for waiting.",
        "Yes, Python is a language, Java Script too.",
        "There is a hotel, Yes or No?",
    ],
)
def test_comma_look_alikes_yield_no_name(text: str) -> None:
    assert _names(text) == []


# --- a hotel known as X ------------------------------------------------------------------------
def test_a_place_known_as_a_name() -> None:
    assert _names("There is a 2 star hotel known as the Maple Leaf Inn.") == ["Maple Leaf Inn"]


@pytest.mark.parametrize(
    "text",
    [
        "He is known as Big Mike.",
        "It is also known as Python's GIL.",
        "She's known as The Boss.",
        "This is known as Dependency Injection.",
        "I am known as Dave Smith.",
        "The method known as Quick Sort works.",
        "A pattern known as Unit Of Work.",
        "Better known as Monday Blues.",
    ],
)
def test_known_as_look_alikes_yield_no_name(text: str) -> None:
    assert _names(text) == []


# --- inside a name: a spaced dash ------------------------------------------------------------
def test_a_spaced_dash_inside_a_name() -> None:
    text = "There is a 5 star hotel named Harbor Point - A Seaside Retreat."
    assert _names(text) == ["Harbor Point - A Seaside Retreat"]
    assert _names("How about Oak Hill - Twin Pines?") == ["Oak Hill - Twin Pines"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Docker - the container tool", []),
        ("Step 1 - Install Python", []),
        ("Note - This is important", []),
        ("How about Blue Ginger - It's quiet.", ["Blue Ginger"]),
        ("How about Blue Ginger - 5 PM?", ["Blue Ginger"]),
        ("How about Blue Ginger - Monday?", ["Blue Ginger"]),
        ("Let's go with Elm Court - Thanks!", ["Elm Court"]),
        ("How about Elm Court - it has a pool.", ["Elm Court"]),
        ("How about Elm Court - That's near you.", ["Elm Court"]),
    ],
)
def test_dash_look_alikes_add_nothing(text: str, names: list[str]) -> None:
    assert _names(text) == names


# --- inside a name: a lower-case bracket --------------------------------------------------------
def test_a_lower_case_bracket_of_a_name() -> None:
    text = "How about the 3 star hotel called Riverside Inn (east end)?"
    assert _names(text) == ["Riverside Inn (east end)"]


@pytest.mark.parametrize(
    "text",
    [
        "How about Elm Court (my favourite)?",
        "How about Elm Court (if available)?",
        "How about Elm Court (see below)?",
        "How about Elm Court (it has a pool)?",
        "How about Elm Court (recommended)?",
        "How about Elm Court (the cheapest one)?",
        "How about Elm Court (about 20 dollars)?",
        "How about Elm Court (your pick)?",
    ],
)
def test_bracket_look_alikes_keep_only_the_name(text: str) -> None:
    assert _names(text) == ["Elm Court"]


# --- inside a name: a lower-case kind of place, and @ ------------------------------------------
def test_a_lower_case_kind_of_place_inside_a_name() -> None:
    text = "I have found the BW inn by Lakeside Plaza, a 3 star hotel."
    assert _names(text) == ["BW inn by Lakeside Plaza"]
    assert _names("There is a 2 star hotel, Rooms @ Central Station.") == [
        "Rooms @ Central Station"
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("How about Aspen Lodge hotel?", ["Aspen Lodge"]),
        ("Let's go with Marriott hotel Monday.", ["Marriott"]),
        ("How about Blue Ginger restaurant at 5 PM?", ["Blue Ginger"]),
        ("How about Blue Ginger restaurant The?", ["Blue Ginger"]),
        ("Let's go with Elm Court hotel This Friday.", ["Elm Court"]),
        ("Book Rosewood Terrace hotel for Tuesday.", ["Rosewood Terrace"]),
        ("Python is a language, and Flask is a framework.", []),
        ("Email me @ Slack please.", []),
    ],
)
def test_kind_of_place_look_alikes_add_nothing(text: str, names: list[str]) -> None:
    assert _names(text) == names


# --- a lone kind of place is no name -----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("How about a Hotel called Birch Hall?", ["Birch Hall"]),
        ("What about a 3 star Hotel named Lark Rise?", ["Lark Rise"]),
        ("How about the Restaurant?", []),
        ("What about a Cafe?", []),
    ],
)
def test_a_lone_kind_of_place_is_no_name(text: str, names: list[str]) -> None:
    assert _names(text) == names
