"""Defects a review of English sessions found in evidence: flight numbers written with a space
("UA 1542"), the destination of "from X to Y", and a call argument shown under a key and a
source that were not the latest call's."""

from __future__ import annotations

import json

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.patterns import extract_evidence
from ctxengine.engine import make_distiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()


def of_kind(text: str, kind: str) -> list[str]:
    return [e.value for e in extract_evidence(text, "user", ()) if e.kind == kind]


def distiller() -> CompactionDistiller:
    d = make_distiller(Settings(compaction=True), "x")
    assert isinstance(d, CompactionDistiller)
    return d


def call(
    d: CompactionDistiller, turn: int, cid: str, name: str, args: object, result: object
) -> None:
    part = ToolCallPart(id=cid, name=name, arguments=json.dumps(args))
    d.observe(Message.assistant(None, tool_calls=[part]), turn)
    d.observe(Message.tool(cid, json.dumps(result)), turn)


# --- 1. flight numbers written with a space ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "flight"),
    [
        ("I'm on flight UA 1542 tomorrow, confirmation code QX7P2L.", "UA 1542"),
        ("Take B6 919.", "B6 919"),
        ("Switched: B6 917 at 7:00pm is on hold.", "B6 917"),
        ("I booked 9W 123 for Monday.", "9W 123"),
        ("My flight U2 8012 leaves at noon", "U2 8012"),
        ("flight UA 15 is delayed", "UA 15"),  # a short number after a word for a flight
        ("The flight number is DL 45.", "DL 45"),
        ("Flight: AA 2231", "AA 2231"),
        ("DL123 still works without a space", "DL123"),
        ("航班CA 1234明天起飞", "CA 1234"),
        ("CA 1234航班延误了", "CA 1234"),
        ("航班号是MU 51", "MU 51"),
        ("我改签到3U 8881", "3U 8881"),
    ],
)
def test_a_flight_number_with_a_space_is_kept_verbatim(text: str, flight: str) -> None:
    assert of_kind(text, "flight") == [flight]


@pytest.mark.parametrize(
    "text",
    [
        "I bought an MP 3 player",
        "Play it on PS 5",
        "Room 12 is free",
        "Step 2: run the installer",
        "Save the file as UTF 8",
        "an IPv 6 address",
        "Q 3 results are out",
        "The meeting is at 10 AM 1030 is too late",
        "Our Q3 2024 revenue grew",
        "The FY 2024 budget is set",
        "I still use the iPhone SE 2020",
        "ISO 9001 certified",
        "Dallas, TX 75001",
        "a RTX 4090 card",
        "take US 101 north",
        "the price is 1,234.5",
        "他在PS 5上玩",
    ],
)
def test_look_alikes_are_no_flight(text: str) -> None:
    assert of_kind(text, "flight") == []


def test_the_block_keeps_a_flight_number_written_with_a_space() -> None:
    d = distiller()
    d.observe(Message.user("I'm on flight UA 1542 tomorrow, confirmation code QX7P2L."), 1)
    d.observe(Message.assistant("Got it. Your flight DL123 connects with AA2231 in Atlanta."), 1)
    d.observe(Message.user("What do I have?"), 2)
    block = d.render(2, "en")
    assert "- flight: UA 1542 [1 turn ago]" in block
    assert "- flight: DL123 (assistant)" in block


# --- 2. "from X to Y" ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Find flights from Boston to Chicago on Thursday.", ["Boston", "Chicago"]),
        ("I'm flying from New York to San Francisco.", ["New York", "San Francisco"]),
        ("I need a train from Paris to Lyon.", ["Paris", "Lyon"]),
        ("Book a bus from Sacramento to Los Angeles for March 3rd.", ["Sacramento", "Los Angeles"]),
        ("I want to drive from Portland, OR to Seattle, WA.", ["Portland, OR", "Seattle, WA"]),
        ("a trip from Rio de Janeiro to St. Louis", ["Rio de Janeiro", "St. Louis"]),
        ("I need flights to Denver", ["Denver"]),
        ("I need a cab to Heathrow.", ["Heathrow"]),
        ("a taxi to Union Station please", ["Union Station"]),
    ],
)
def test_a_journey_keeps_both_ends(text: str, places: list[str]) -> None:
    assert of_kind(text, "place") == places


@pytest.mark.parametrize(
    "text",
    [
        "We migrated from GitHub to GitLab.",
        "Move the repo from GitHub to GitLab.",
        "Copy the data from Staging to Production",
        "Translate it from English to French",
        "It runs from Monday to Friday",
        "Open it from March to June",
        "Go to Settings then Profile.",
        "I'll talk to Mary about it.",
        "We upgraded from Postgres 14 to Postgres 16",
    ],
)
def test_a_from_to_outside_travel_names_no_place(text: str) -> None:
    assert of_kind(text, "place") == []


def test_the_block_keeps_where_a_journey_ends() -> None:
    d = distiller()
    d.observe(Message.user("Find flights from Boston to Chicago on Thursday."), 1)
    d.observe(Message.assistant("Sure."), 1)
    d.observe(Message.user("ok"), 2)
    block = d.render(2, "en")
    assert "- place: Boston [1 turn ago]" in block
    assert "- place: Chicago [1 turn ago]" in block


# --- 3. a call argument is the latest call's -----------------------------------------------


def test_an_argument_found_in_a_result_is_named_as_the_call_names_it() -> None:
    d = distiller()
    d.observe(Message.user("Find flights BOS to ORD on 2025-03-14."), 1)
    offers = {"flights": [{"flight": "UA 1542"}, {"flight": "B6 917"}]}
    call(d, 1, "c1", "search_flights", {"origin": "BOS", "date": "2025-03-14"}, offers)
    d.observe(Message.user("Hold the cheaper one."), 2)
    call(d, 2, "c2", "hold_flight", {"flight": "B6 917", "passengers": 2}, {"hold_id": "HLD-1"})
    d.observe(Message.user("thanks"), 3)
    full = d.render(3, "en")
    assert "- field.flight: B6 917 (call:hold_flight) [1 turn ago]" in full
    assert "flights[1].flight" not in full
    compact = d.render(3, "en", max_tokens=COUNTER.count(full) - 3, count=COUNTER.count)
    assert "- call hold_flight: flight=B6 917; passengers=2" in compact


def test_a_value_passed_by_a_newer_call_goes_with_that_call() -> None:
    d = distiller()
    d.observe(Message.user("Only touch src/app.py."), 1)
    content = {"path": "src/app.py", "content": "x = 1"}
    call(d, 1, "c1", "read_file", {"path": "src/app.py"}, content)
    for turn in range(2, 8):
        d.observe(Message.user(f"Explain helper number {turn}."), turn)
        d.observe(Message.assistant("It rounds."), turn)
    d.observe(Message.user("Fix it now."), 8)
    call(d, 8, "c2", "write_file", {"path": "src/app.py", "patch": "+y"}, {"ok": True})
    d.observe(Message.user("What rules hold?"), 9)
    block = d.render(9, "en")
    assert "- path.path: src/app.py (call:write_file) [1 turn ago]" in block
    assert "call:read_file" not in block
    zh = d.render(9, "zh")
    assert "src/app.py (调用:write_file)" in zh


def test_the_same_tool_passing_a_value_under_another_name_takes_that_name() -> None:
    d = distiller()
    d.observe(Message.user("step 1"), 1)
    call(d, 1, "c1", "search_flights", {"origin": "BOS"}, [])
    d.observe(Message.user("step 2"), 2)
    call(d, 2, "c2", "search_flights", {"destination": "BOS"}, [])
    d.observe(Message.user("step 3"), 3)
    block = d.render(3, "en")
    assert "- field.destination: BOS (call:search_flights) [1 turn ago]" in block
    assert "field.origin" not in block


def test_a_value_a_tool_returns_after_the_call_keeps_the_calls_name() -> None:
    d = distiller()
    d.observe(Message.user("Book it."), 1)
    call(d, 1, "c1", "book_hotel", {"name": "Kinzie Hotel"}, {"hotel": {"name": "Kinzie Hotel"}})
    d.observe(Message.user("thanks"), 2)
    block = d.render(2, "en")
    assert "- field.name: Kinzie Hotel (call:book_hotel) [1 turn ago]" in block
    assert "hotel.name" not in block
