"""English names of what an assistant offers or a user picks, kept verbatim as evidence.

With no ontology, nothing else in the block names the place once its turn is gone: the parser
reads the name after a cue that introduces one ("called X", "How about X?", "Let's go with X")
or before one that recommends it ("X might be a good fit"), and nothing from capitals alone.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.layers import EvidenceItem
from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.render import _NAME_EVIDENCE, _evidence_rank
from ctxengine.messages import Message


def _names(text: str, role: str = "assistant") -> list[str]:
    return [e.value for e in name_evidence(text, role)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # called / named
        ("I have a 4 star inn called Maple Ridge Lodge for you.", "Maple Ridge Lodge"),
        ("There is a small bistro called 7 Pines Kitchen downtown.", "7 Pines Kitchen"),
        (
            "One option is a hostel named Harbor View Hostel (Old Town).",
            "Harbor View Hostel (Old Town)",
        ),
        ("It's a seafood place named The Salty Pelican.", "The Salty Pelican"),
        # How about X? / What about X?
        ("How about Riverside Grand Hotel, a quiet 3 star place?", "Riverside Grand Hotel"),
        ("What about Casa de la Luna?", "Casa de la Luna"),
        ("How about Aspen Lodge in Denver?", "Aspen Lodge"),
        ("How about the 2 star Pinewood Motel?", "Pinewood Motel"),
        ("how about Denny's?", "Denny's"),
        ("What about O'Hara's Pub?", "O'Hara's Pub"),
        # X might be a good fit
        (
            "Greenleaf Suites by Hilton Midtown might be a good fit.",
            "Greenleaf Suites by Hilton Midtown",
        ),
        ("I think Copper Kettle Diner would be a great choice for you.", "Copper Kettle Diner"),
        ("Then Blue Lagoon Spa could be a nice option.", "Blue Lagoon Spa"),
        # I found X
        ("I found Old Mill Tavern, which serves brunch.", "Old Mill Tavern"),
        ("I've found St. Anne's Guest House in the area.", "St. Anne's Guest House"),
        ("We found 12 Oaks Inn & Suites for those dates.", "12 Oaks Inn & Suites"),
        # There is X
        ("There's Lakeshore Cafe near the station.", "Lakeshore Cafe"),
        ("There is Villa Rosa that has rooms left.", "Villa Rosa"),
        # it's the X
        ("I have one in that range, it's the Sunset Boulevard Lodge.", "Sunset Boulevard Lodge"),
        ("Yes it is the Museum of Modern Glass.", "Museum of Modern Glass"),
        # I'd like to book X
        ("I'd like to book Hotel Marigold, please.", "Hotel Marigold"),
        ("Please book a table at Golden Dragon Palace for two.", "Golden Dragon Palace"),
        ("Could you reserve Cedar Point Cabins for me?", "Cedar Point Cabins"),
        # Let's go with X
        ("Let's go with Rosewood Terrace.", "Rosewood Terrace"),
        ("I'll go with the House of Noodles then.", "House of Noodles"),
        # others that offer a place
        ("You may want to check out 88 Orchard Lofts.", "88 Orchard Lofts"),
        ("Would you like Seabreeze Resort and Spa? It has a pool.", "Seabreeze Resort and Spa"),
        ("Would you prefer P.J. Clarke's instead?", "P.J. Clarke's"),
    ],
)
def test_reads_the_name_offered_or_picked(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        # called / named: a person who calls, no capitalised name, a day, a time
        "I called you earlier about the booking.",
        "They called me back yesterday.",
        "We named it after our grandmother.",
        "The file is named report_final.txt.",
        "It is called on Monday.",
        "Who called at 5 PM?",
        "He called Tuesday morning.",
        "A dish called something with noodles.",
        # How about / What about
        "How about tomorrow?",
        "How about 5 PM?",
        "What about Monday?",
        "How about March 3rd?",
        "What about the price?",
        "How about you?",
        "What about the one in Chicago?",
        "How about a table for Friday?",
        # might be a good fit
        "That might be a good fit.",
        "It would be a great choice.",
        "Tuesday could be a nice option.",
        "The second one might be a good fit.",
        "Something cheaper would be a good choice.",
        "A 3 star hotel might be a good fit.",
        "Either might be a good fit.",
        "This One could be a good option.",
        # I found
        "I found nothing for those dates.",
        "I found 3 restaurants nearby.",
        "I found it in my email.",
        "I've found your booking.",
        "We found that the price went up.",
        "I found a few options.",
        "I found Monday works best.",
        "I found 10 hotels. Shall I list them?",
        # There is
        "There is nothing open today.",
        "There's a problem with the card.",
        "There is 1 result.",
        "There is no availability.",
        "There's Tuesday or Wednesday.",
        "Is there anything else?",
        "There are 4 options.",
        "There is the 5 PM show.",
        # it's the
        "It's the best one.",
        "It's the same price.",
        "It's the 5th of June.",
        "It's the only option.",
        "it's the one I booked.",
        "It's the Monday after.",
        "It is the last available slot.",
        "It's the 3 PM flight.",
        # book / reserve
        "I'd like to book a room.",
        "I'd like to book it.",
        "I'd like to book for Monday.",
        "I'd like to book 2 tickets.",
        "I'd like to book the hotel.",
        "Please book at 7 PM.",
        "Can you reserve a table for 4 people?",
        "I want to book that one.",
        # go with
        "Let's go with that.",
        "Let's go with the first one.",
        "Let's go with Monday.",
        "Let's go with 3 PM.",
        "I'll go with it.",
        "Let's go with the cheaper option.",
        "We'll go with 2 people.",
        "Let's go with March 5th.",
        # no cue at all: greetings, confirmations, sentence starts
        "Please confirm: 2 rooms at Hotel Marigold on March 4th.",
        "Yes, Hotel Marigold sounds nice.",
        "Hello there, I need a hotel in Boston.",
        "Thanks, that is all.",
        "Would you like to make a reservation?",
        "Do you want me to book it?",
        "Check out the menu online.",
    ],
)
def test_look_alikes_yield_no_name(text: str) -> None:
    assert _names(text) == []


def test_each_name_once_in_text_order() -> None:
    text = "How about Elm Court? If not, there's Birch Hall. How about Elm Court then?"
    assert _names(text) == ["Elm Court", "Birch Hall"]


@pytest.mark.parametrize("role", ["user", "assistant"])
def test_parser_keeps_the_name_as_evidence_of_its_speaker(role: str) -> None:
    msg = Message.user("Let's go with Juniper Hall.")
    if role == "assistant":
        msg = Message.assistant("How about Juniper Hall? It has 4 stars.")
    parsed = parse_message(msg, turn=1, ontology=generic_ontology())
    names = [(e.value, e.source) for e in parsed.evidence if e.kind == "name"]
    assert names == [("Juniper Hall", role)]


def test_chinese_text_reads_no_english_names() -> None:
    msg = Message.assistant("推荐您去How about Juniper Hall那家酒店，环境很好，价格也合适。")
    parsed = parse_message(msg, turn=1, ontology=generic_ontology())
    assert parsed.language == "zh"
    assert not [e for e in parsed.evidence if e.kind == "name"]


def test_a_name_sheds_before_call_arguments_and_ids() -> None:
    def item(kind: str, source: str) -> EvidenceItem:
        return EvidenceItem(
            id=f"{kind}-x", kind=kind, value="x", sources=[source], first_seen=1, last_seen=1
        )

    name = _evidence_rank(item("name", "assistant"))
    assert name == _NAME_EVIDENCE
    assert name < _evidence_rank(item("field", "call:Reserve"))
    assert name < _evidence_rank(item("order_id", "user"))
    assert name > _evidence_rank(item("field", "tool:Search"))
