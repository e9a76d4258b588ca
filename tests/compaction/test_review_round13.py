"""Defects a review found in the call-field cap, the English answers and dates, fixed."""

from __future__ import annotations

import json

import pytest

from ctxengine.compaction.patterns import extract_evidence
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.engine import make_distiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings

from ._turns import alternating, slot_values


def _turn(turn: int, role: str, evidence: list[Evidence]) -> ParsedTurn:
    return ParsedTurn(turn=turn, role=role, language="en", evidence=evidence)


def test_a_newer_subtask_field_hides_no_call_argument() -> None:
    s = SessionState(session_id="x")
    codes = [Evidence(kind="code", value=f"ORD-{10000 + i}", source="user") for i in range(13)]
    s.apply(_turn(1, "user", codes))
    s.apply(
        _turn(
            2,
            "assistant",
            [
                Evidence(kind="field", field="city", value="Santa Rosa", source="call:Search"),
                Evidence(kind="field", field="cuisine", value="Thai", source="call:Search"),
            ],
        )
    )
    s.apply(_turn(3, "tool", [Evidence(kind="result", value="X-RESULT", source="subtask:pay")]))
    block = s.render(3, "en")
    assert "Santa Rosa (call:Search)" in block
    assert "Thai (call:Search)" in block


def test_old_call_arguments_do_not_evict_a_new_result() -> None:
    d = make_distiller(Settings(compaction=True), "x")
    assert d is not None
    for i in range(1, 131):
        args = {"city": f"City{i}", "cuisine": f"c{i}"}
        rows = [{"restaurant_name": f"Place {i}-{j}"} for j in range(3)]
        call = ToolCallPart(id=f"c{i}", name="Find", arguments=json.dumps(args))
        d.observe(Message.user(f"Find a place, task {i}."), i)
        d.observe(Message.assistant(None, tool_calls=[call]), i)
        d.observe(Message.tool(f"c{i}", json.dumps(rows)), i)
    block = d.render(130, "en")
    assert "Place 130-0 (tool:Find)" in block
    assert "City130 (call:Find)" in block


def test_a_field_both_passed_and_returned_is_labelled_as_the_call() -> None:
    s = SessionState(session_id="x")
    s.apply(
        _turn(1, "tool", [Evidence(kind="field", field="city", value="Napa", source="tool:Find")])
    )
    s.apply(
        _turn(
            2, "assistant", [Evidence(kind="field", field="city", value="Napa", source="call:Book")]
        )
    )
    block = s.render(2, "en")
    assert "Napa (call:Book)" in block
    assert "Napa (tool:Find)" not in block


def answered(question: str, answer: str) -> dict[str, str]:
    return slot_values(alternating(question, answer))


@pytest.mark.parametrize(
    ("question", "answer", "slot", "value"),
    [
        ("What is the date?", "It's not March 3rd, it's March 4th.", "date", "March 4th"),
        ("What is the time?", "It's not available at 7 pm, only 9 pm.", "time", "9 pm"),
        ("What is the price?", "Between $40 and $60.", "price", "Between $40 and $60"),
        ("What is the price?", "$40-$60.", "price", "$40-$60"),
        ("What is the price?", "It's cheaper than $40.", "price", "cheaper than $40"),
        ("What is the date?", "Yes, no later than March 4th.", "date", "no later than March 4th"),
        ("What time is the show?", "Noon.", "time", "Noon"),
        ("What time is the show?", "Half past seven.", "time", "Half past seven"),
        ("What is the recipient's name?", "No, it's Mary Ann.", "recipient", "Mary Ann"),
        ("What size is it?", "Medium, but it runs small.", "size", "Medium"),
        ("What size is it?", "Large, I think.", "size", "Large"),
    ],
)
def test_english_answers_give_the_value_meant(
    question: str, answer: str, slot: str, value: str
) -> None:
    assert answered(question, answer).get(slot) == value


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the date?", "Sorry, March 3rd is sold out."),
        ("What is the date?", "Around 80 degrees."),
        ("What is the recipient's name?", "Not sure, sorry."),
        ("What is the recipient's name?", "Unknown."),
        ("What is the recipient's name?", "Nope."),
        ("What's the phone number?", "Sure, it's on their website."),
        ("What is the time?", "Unfortunately 7 pm is fully booked."),
        ("What is the date?", "No."),
    ],
)
def test_english_answers_that_give_nothing(question: str, answer: str) -> None:
    assert answered(question, answer) == {}


def stated(text: str) -> dict[str, str]:
    return slot_values(alternating(text))


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Here's what my address is: 12 Oak Street.", "address", "12 Oak Street"),
        ("Let me tell you what my phone number is: 415-555-0134.", "phone", "415-555-0134"),
        ("This is what the date is: March 5th.", "date", "March 5th"),
        ("The price is 1,000 dollars.", "price", "1,000 dollars"),
        ("My budget is $2,500 for the trip", "budget", "$2,500"),
    ],
)
def test_statements_set_their_value(text: str, slot: str, value: str) -> None:
    assert stated(text).get(slot) == value


@pytest.mark.parametrize(
    "text", ["What exact date is the concert?", "What time and date is the concert?"]
)
def test_questions_with_words_before_the_slot_set_nothing(text: str) -> None:
    assert stated(text) == {}


@pytest.mark.parametrize(
    "text",
    [
        "we march 1st in the parade",
        "the band will march 2nd in line",
        "they march 3rd, right after us",
        "march 32nd",
        "you march 4th behind the flag",
        "I can march 5th if you want",
    ],
)
def test_marching_is_no_date(text: str) -> None:
    assert [e for e in extract_evidence(text, "user", ()) if e.kind == "date"] == []


def test_a_range_of_lower_case_dates_keeps_both_ends() -> None:
    found = [e.value for e in extract_evidence("from june 3rd to march 1st", "user", ())]
    assert "june 3rd" in found and "march 1st" in found
