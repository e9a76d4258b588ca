"""English answers to a question that do not name the slot, with the generic ontology: a slot
with a value shape (phone, email, date, time, price, budget) takes only a value of that shape,
another slot takes a piece only when it reads as a value rather than a sentence, and a
thousands separator parts no clauses."""

from __future__ import annotations

import pytest

from ctxengine.compaction.ontology import Ontology, OntologyError, generic_ontology, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

from ._crosswoz import reply

GENERIC = generic_ontology()


# --- a slot with a value shape takes a value of that shape ---------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "slot", "value"),
    [
        (
            "What is their phone number?",
            "It does, and the numbr is 415-555-0134",
            "phone",
            "415-555-0134",
        ),
        (
            "Could you give me the phone?",
            "Sure thing, you can call (212) 555-0199.",
            "phone",
            "(212) 555-0199",
        ),
        (
            "What's their email?",
            "You can write to them at desk@maplegrove.org.",
            "email",
            "desk@maplegrove.org",
        ),
        (
            "What date would that be?",
            "It falls on March 12th this year.",
            "date",
            "March 12th this year",
        ),
        ("What time does the tour start?", "The first group leaves at 9:45 am.", "time", "9:45 am"),
        (
            "What's the price?",
            "They're on Elm Road and the rent is $2,350 a month.",
            "price",
            "$2,350",
        ),
        ("What's your budget?", "Somewhere near 300 dollars, I guess.", "budget", "300 dollars"),
    ],
)
def test_a_shaped_slot_takes_the_value_of_its_shape(
    question: str, answer: str, slot: str, value: str
) -> None:
    assert reply(question, answer, GENERIC).get(slot) == value


@pytest.mark.parametrize(
    ("question", "answer", "slot"),
    [
        # A temperature, a count of people, a rating: no date, time or price.
        ("What's the weather like that day?", "It will be around 75 degrees.", "date"),
        ("Which day works?", "The table is for 6 people.", "date"),
        ("What time is best?", "It gets to 90 degrees by noon.", "time"),
        ("What's the price?", "It's rated 4.5 stars by guests.", "price"),
        ("What's the price?", "There are 3 rooms left for 2 people.", "price"),
        ("What's your budget?", "We are a party of 5.", "budget"),
        # A sentence with no value of the shape at all.
        ("What is their phone number?", "It does, they have one.", "phone"),
        ("What's their email?", "Just write to the front desk.", "email"),
        ("What time do they close?", "They close fairly late.", "time"),
        ("What's the price?", "It's pretty expensive for the area.", "price"),
    ],
)
def test_a_shaped_slot_takes_nothing_without_its_shape(
    question: str, answer: str, slot: str
) -> None:
    assert slot not in reply(question, answer, GENERIC)


def test_a_shape_alone_names_no_slot() -> None:
    # Unlike a value pattern, a shape needs the question: a date said in passing is no `date`.
    parsed = parse_message(
        Message.assistant("See you on Friday at 5 pm, it's $40."), turn=1, ontology=GENERIC
    )
    assert {u.slot for u in parsed.updates}.isdisjoint({"date", "time", "price"})
    assert [s.name for s, _ in GENERIC.value_patterns] == ["memory"]


def test_a_domain_ontology_has_shapes_only_on_the_generic_slots() -> None:
    crosswoz = load_builtin("crosswoz")
    shaped = {"phone", "email", "date", "time", "price", "budget", "coupon"}
    assert {s.name for s, _ in crosswoz.value_shapes} == shaped
    assert {s.name for s, _ in GENERIC.value_shapes} == shaped


def test_an_unknown_shape_is_an_ontology_error() -> None:
    with pytest.raises(OntologyError, match="unknown value shape 'zipcode'"):
        Ontology.from_dict({"name": "x", "slots": [{"name": "zip", "value_shape": "zipcode"}]})


def test_a_chinese_answer_keeps_its_rule() -> None:
    # Chinese answers are read as before: the shapes are for English replies.
    assert reply("电话是多少？", "您可以拨打010-85221888", GENERIC) == {
        "phone": "您可以拨打010-85221888"
    }


# --- a slot without a shape takes a value, not a sentence -----------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "slot", "value"),
    [
        (
            "What's the address?",
            "They're located at 88 Harbor View Drive and it's quiet.",
            "address",
            "88 Harbor View Drive",
        ),
        ("What's the address?", "It's 12 Willow Lane.", "address", "12 Willow Lane"),
        (
            "Where is it? What's the address?",
            "You'll find it at 301 Cedar Park Avenue, near the mall.",
            "address",
            "301 Cedar Park Avenue",
        ),
        (
            "What's the address?",
            "The office is situated at the Old Mill, by the river.",
            "address",
            "the Old Mill",
        ),
        ("Who is the recipient?", "Sure, it's May Chen.", "recipient", "May Chen"),
        ("Who is the recipient?", "Will Ortega.", "recipient", "Will Ortega"),
        ("What size do they have?", "Medium.", "size", "Medium"),
        ("What size do they have?", "Sure, extra large.", "size", "extra large"),
    ],
)
def test_an_unshaped_slot_takes_what_reads_as_a_value(
    question: str, answer: str, slot: str, value: str
) -> None:
    assert reply(question, answer, GENERIC).get(slot) == value


@pytest.mark.parametrize(
    ("question", "answer", "slot"),
    [
        ("What's the address?", "It does, and they open early.", "address"),
        ("What's the address?", "They're located downtown and it's lovely.", "address"),
        ("What's the address?", "It is close to the park.", "address"),
        ("What's the address?", "There is free parking out front.", "address"),
        ("What's the address?", "It was built in 1920 by a sailor.", "address"),
        ("Who is the recipient?", "It does, and they asked me to check.", "recipient"),
        ("Who is the recipient?", "She will call you back shortly.", "recipient"),
        ("Who is the recipient?", "We don't know yet.", "recipient"),
        ("What size do they have?", "They have a big one in stock.", "size"),
        ("What size do they have?", "You can pick whichever you like.", "size"),
    ],
)
def test_an_unshaped_slot_takes_no_sentence(question: str, answer: str, slot: str) -> None:
    assert slot not in reply(question, answer, GENERIC)


# --- a thousands separator parts no clauses -------------------------------------------------


def test_a_thousands_separator_stays_in_its_number() -> None:
    got = reply("What's the address and the price?", "14 Birch Street, $4,300.", GENERIC)
    assert got == {"address": "14 Birch Street", "price": "$4,300"}
    got = reply("What's the price and the date?", "It is 1,275 dollars, on June 3rd.", GENERIC)
    assert got == {"price": "1,275 dollars", "date": "June 3rd"}


@pytest.mark.parametrize(
    ("answer", "quantity"),
    [
        # A comma with no thousand right after a digit parts the clauses still.
        ("$40, 12", "12"),
        ("$40,12", "12"),
        ("$40,1200", "1200"),
        ("$40 each, 300", "300"),
        ("$40, 300", "300"),
        ("$40,12 units", "12 units"),
        ("$40, 25", "25"),
        ("$40 per night, 18", "18"),
        ("$40, 2,500 units", "2,500 units"),
    ],
)
def test_a_comma_that_is_no_thousands_separator_parts_clauses(answer: str, quantity: str) -> None:
    got = reply("What is the price and the quantity?", answer, GENERIC)
    assert got == {"price": "$40", "quantity": quantity}
