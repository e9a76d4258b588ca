"""Keyword-led ids whatever the keyword's case ("Order A1234 has shipped" is an order, not a
flight), and enum synonyms inside code are not values ("src/app.json" sets no format)."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.patterns import find_spans
from ctxengine.messages import Message
from ctxengine.settings import Settings


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("Order A1234 has shipped.", "order_id", "A1234"),
        ("ORDER #DD2024001 shipped", "order_id", "DD2024001"),
        ("Order number: 88231 is late", "order_id", "88231"),
        ("order A1234 has shipped", "order_id", "A1234"),
        ("Coupon code SAVE50NOW8888 works", "coupon", "SAVE50NOW8888"),
        ("Promo Code: SPRING24 applied", "coupon", "SPRING24"),
        ("Ticket 12345 opened", "ticket", "12345"),
        ("Case number 7788 is open", "ticket", "7788"),
        ("订单号DD20240315001", "order_id", "DD20240315001"),
    ],
)
def test_a_keyword_led_id_whatever_the_case(text: str, kind: str, value: str) -> None:
    spans = find_spans(text)
    assert [(s.kind, s.value) for s in spans if s.value == value] == [(kind, value)]


@pytest.mark.parametrize(
    "text",
    ["I am on UA1542 tomorrow", "Flight DL123 is delayed", "航班CA1234延误了"],
)
def test_a_flight_without_an_order_word_is_still_a_flight(text: str) -> None:
    assert "flight" in [s.kind for s in find_spans(text)]


def test_in_order_to_is_no_order_id() -> None:
    assert not [
        s for s in find_spans("We did it in order to ship 1234 parcels") if s.kind == "order_id"
    ]


def _formats(text: str) -> list[str]:
    onto: Ontology = CompactionDistiller(Settings()).ontology
    return [member for _, slot, member in onto.find_members(text) if slot.name == "format"]


@pytest.mark.parametrize(
    "text",
    [
        "Feel free to modify src/app.json.",
        "resp = requests.post(url, json=payload)",
        "Open report.pdf and read it",
        "call df.to_json() on it",
        "the file lives in /data/pdf/2024",
        "run it with --json",
        "set output_pdf to true",
        "from config_json import load",
    ],
)
def test_an_enum_synonym_inside_code_is_not_a_value(text: str) -> None:
    assert _formats(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Export as JSON please",
        "I want the report in pdf.",
        "Send it as PDF.",
        "Make it json, not csv.",
        "把格式改成PDF",
        "格式用json",
        "JSON (pretty printed) is fine",
        "pdf/A is not needed, plain PDF works",
    ],
)
def test_an_enum_synonym_in_words_is_a_value(text: str) -> None:
    assert _formats(text)


def test_the_block_has_no_format_from_a_path() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("Feel free to modify src/app.json."), 1)
    assert "format" not in d.render(1, "en")
