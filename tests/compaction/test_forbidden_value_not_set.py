"""A value the same message forbids is the rule's subject, not a choice: "Never use PDF."
sets no format (and so records no conflict with itself); a value set earlier and forbidden
now is removed, the conflict recorded, as before."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def run(*texts: str, ontology: str | None = None) -> CompactionDistiller:
    d = CompactionDistiller(Settings(ontology=ontology))
    for turn, text in enumerate(texts, start=1):
        d.observe(Message.user(text), turn)
    return d


@pytest.mark.parametrize(
    ("text", "ontology"),
    [
        ("Never use PDF.", None),
        ("Don't send it as PDF.", None),
        ("Avoid JSON for this.", None),
        ("Don't use FedEx.", "ecommerce"),
        ("不要顺丰", "ecommerce"),
        ("别用顺丰", "ecommerce"),
        ("不要暗紫色", "ecommerce"),
        ("我不要经济型的", "crosswoz"),
    ],
)
def test_a_value_the_same_message_forbids_is_not_set(text: str, ontology: str | None) -> None:
    d = run(text, ontology=ontology)
    assert d.state.state.slots == {}
    assert d.state.ledger.conflicts == []
    kinds = [e.kind for e in d.state.audit.events]
    assert "transition" not in kinds and "conflict" not in kinds


@pytest.mark.parametrize(
    ("text", "ontology", "slot", "value"),
    [
        ("Send it as PDF, not Word.", None, "format", "PDF"),
        ("Switch to UPS, don't use FedEx.", "ecommerce", "shipping", "UPS"),
        ("不要暗紫色，要黑色", "ecommerce", "color", "黑色"),
        ("快递用京东，不要顺丰", "ecommerce", "shipping", "京东"),
    ],
)
def test_the_other_value_of_the_message_is_still_set(
    text: str, ontology: str | None, slot: str, value: str
) -> None:
    d = run(text, ontology=ontology)
    values = {k.split(".")[-1]: v.value for k, v in d.state.state.slots.items()}
    assert values.get(slot, "").startswith(value), values


def test_a_value_set_earlier_and_forbidden_now_is_removed_with_a_conflict() -> None:
    d = run("Send it as PDF.", "Never use PDF.")
    assert "task.format" not in d.state.state.slots
    assert [c.earlier.text for c in d.state.ledger.conflicts] == ["PDF"]
