"""Defects a second review found in the compact call lines, the tool-field room and enum
synonyms inside names, fixed."""

from __future__ import annotations

import json

from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.engine import make_distiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()


def call(cid: str, name: str, **args: object) -> ToolCallPart:
    return ToolCallPart(id=cid, name=name, arguments=json.dumps(args))


def compact_block() -> str:
    """Three turns of calls, rendered just under the full block's size (the compact form)."""
    d = make_distiller(Settings(compaction=True), "calls")
    assert d is not None
    d.observe(Message.user("Find buses"), 1)
    buses = [
        call("a", "FindBus", from_city="Philadelphia", to_city="New York"),
        call("b", "FindBus", from_city="Boston", to_city="Albany"),
    ]
    d.observe(Message.assistant(None, tool_calls=buses), 1)
    d.observe(Message.user("A hotel, please"), 2)
    d.observe(
        Message.assistant(None, tool_calls=[call("c", "SearchHotel", city="Paris", stars="4")]), 2
    )
    d.observe(Message.user("Book it"), 3)
    booking = call(
        "d",
        "BookHotel",
        city="Paris",
        hotel="Le Grand",
        query="a=1; b=2",
        ids=[f"x{i}" for i in range(12)],
    )
    d.observe(Message.assistant(None, tool_calls=[booking]), 3)
    full = d.render(3, "en")
    return d.render(3, "en", max_tokens=COUNTER.count(full) - 5, count=COUNTER.count)


def test_a_value_two_calls_passed_goes_with_the_latest() -> None:
    block = compact_block()
    assert "- call BookHotel: city=Paris; hotel=Le Grand;" in block
    assert "- call SearchHotel: stars=4" in block


def test_two_calls_of_one_tool_in_one_turn_are_not_mixed_on_one_line() -> None:
    lines = [line for line in compact_block().splitlines() if "call FindBus" in line]
    assert all(line.count("=") == 1 for line in lines)
    assert len(lines) == 4


def test_a_value_holding_separators_is_quoted_and_lists_sort_by_number() -> None:
    block = compact_block()
    assert 'query="a=1; b=2"' in block
    assert block.index("ids[2]=x2") < block.index("ids[10]=x10")


def test_stated_evidence_leaves_tool_fields_their_room() -> None:
    s = SessionState(session_id="room")
    s.apply(
        ParsedTurn(
            turn=1,
            role="tool",
            language="en",
            evidence=[
                Evidence(kind="id", field="ticket_id", value="TK-99812", source="tool:get_ticket")
            ],
        )
    )
    for turn in range(2, 20):
        said = [Evidence(kind="date", value=f"March {turn}", source="user")]
        s.apply(ParsedTurn(turn=turn, role="user", language="en", evidence=said))
    assert "TK-99812 (tool:get_ticket)" in s.render(19, "en")


def test_a_colour_word_that_starts_a_name_is_no_colour() -> None:
    d = make_distiller(Settings(compaction=True), "x")
    assert d is not None
    d.observe(Message.user("Let's go with Blue Ginger."), 1)
    assert "color" not in {v.slot for v in d.state.state.slots.values()}  # type: ignore[attr-defined]
    d.observe(Message.user("The color is Blue. Please hurry."), 2)
    assert d.state.state.slots["task.color"].value == "Blue"  # type: ignore[attr-defined]
