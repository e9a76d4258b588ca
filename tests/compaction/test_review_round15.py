"""Defects a third review found in places, enum words inside names, names and call lines."""

from __future__ import annotations

import json

import pytest

from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.patterns import extract_evidence
from ctxengine.engine import make_distiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from ._turns import alternating, slot_values

COUNTER = TokenCounter()


def places(text: str) -> list[str]:
    return [e.value for e in extract_evidence(text, "user", ()) if e.kind == "place"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm going to New York.", "New York"),
        ("I want to go to Paris.", "Paris"),
        ("I'm heading to Chicago on Friday.", "Chicago"),
        ("We're moving to Denver next month.", "Denver"),
        ("I'm staying in Denver 3 nights.", "Denver"),  # a count after a place is no part
        ("I travel to Paris 4 times a year.", "Paris"),
        ("flying to Boston 2 weeks from now", "Boston"),
    ],
)
def test_a_journey_names_its_place_whole(text: str, place: str) -> None:
    assert places(text) == [place]


@pytest.mark.parametrize(
    "text",
    [
        "Show me the logs in Grafana",
        "The table in Postgres is locked",
        "It breaks every week in Production",
        "We shipped the fix in Release 4",
        "My home directory in Ubuntu is full",
        "The events in Kafka are late",
        "the address field in Settings is empty",
        "I moved to Kubernetes last week",
    ],
)
def test_engineering_talk_names_no_place(text: str) -> None:
    assert places(text) == []


def colour_of(text: str) -> str | None:
    return slot_values(alternating(text)).get("color")


def test_a_courtesy_after_a_colour_leaves_it_a_colour() -> None:
    assert colour_of("The color is Blue Please.") == "Blue"
    assert colour_of("Let's go with Blue Ginger.") is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Let's go with Nobu since it is close.", "Nobu"),
        ("How about Nobu but earlier?", "Nobu"),
        ("How about KFC?", "KFC"),
        ("How about DoubleTree by Hilton?", "DoubleTree by Hilton"),
        ("How about LaGuardia?", "LaGuardia"),
    ],
)
def test_real_names_are_kept(text: str, name: str) -> None:
    assert name in [e.value for e in name_evidence(text, "assistant")]


def test_a_value_passed_again_goes_with_the_latest_call() -> None:
    d = make_distiller(Settings(compaction=True), "x")
    assert d is not None
    calls = [
        ("SearchHotel", {"city": "Paris", "stars": "4"}),
        ("BookHotel", {"city": "Paris", "name": "Ritz"}),
        ("SearchHotel", {"city": "Paris", "stars": "5"}),
    ]
    for turn, (tool, args) in enumerate(calls, 1):
        d.observe(Message.user(f"step {turn}"), turn)
        part = ToolCallPart(id=f"c{turn}", name=tool, arguments=json.dumps(args))
        d.observe(Message.assistant(None, tool_calls=[part]), turn)
    full = d.render(3, "en")
    compact = d.render(3, "en", max_tokens=COUNTER.count(full) - 3, count=COUNTER.count)
    assert "- call SearchHotel: city=Paris; stars=5" in compact
    assert "- call BookHotel: name=Ritz" in compact


def test_a_value_said_and_returned_is_written_once() -> None:
    d = make_distiller(Settings(compaction=True), "x")
    assert d is not None
    d.observe(Message.user("Find me a hotel"), 1)
    part = ToolCallPart(id="c1", name="FindHotel", arguments=json.dumps({"city": "Phoenix"}))
    d.observe(Message.assistant(None, tool_calls=[part]), 1)
    d.observe(Message.tool("c1", json.dumps([{"name": "Ace Hotel Phoenix"}])), 1)
    d.observe(Message.assistant("I found a 3 star hotel called Ace Hotel Phoenix."), 1)
    block = d.render(1, "en")
    assert block.count("Ace Hotel Phoenix") == 1
    assert "- name: Ace Hotel Phoenix (assistant)" in block
