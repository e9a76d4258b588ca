"""The model path through a fake JSONModel, and the merge rules."""

from __future__ import annotations

from typing import Any

import pytest

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message, parse_message_dual
from ctxengine.compaction.parse_model import OUTPUT_SCHEMA, ModelParseError, ModelParser, merge
from ctxengine.messages import Message

TEXT = "等等，把收货人改成张伟，电话换138****1234"
ONTO = load_builtin("ecommerce")


class FakeModel:
    """Answers a fixed JSON object and records what it was asked."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.calls: list[tuple[str, str, dict[str, Any]]] = []

    async def complete_json(self, system: str, user: str, schema: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((system, user, schema))
        return self.answer  # type: ignore[no-any-return]


MODEL_ANSWER: dict[str, Any] = {
    "language": "zh",
    "intents": [
        {"name": "contact_update", "confidence": 0.98},
        {"name": "modify", "confidence": 0.5},
    ],
    "updates": [
        {"slot": "recipient", "value": "张伟", "op": "change", "confidence": 0.98},
        # A paraphrased value: not in the text, so it must be dropped.
        {"slot": "phone", "value": "138-xxxx-1234", "op": "change", "confidence": 0.99},
    ],
    "constraints": [
        {"text": "保持原地址不变", "polarity": "require", "subject": "地址"},  # not said
    ],
    "references": [],
    "evidence": [
        {"kind": "phone", "value": "138****1234"},
        {"kind": "name", "value": "张伟"},
        {"kind": "phone", "value": "13800001234"},  # invented
    ],
    "is_confirmation": False,
}


async def test_model_parser_sends_schema_and_ontology_slots() -> None:
    fake = FakeModel(MODEL_ANSWER)
    parsed = await ModelParser(fake, ontology=ONTO).parse(Message.user(TEXT), turn=18)
    system, user, schema = fake.calls[0]
    assert user == TEXT
    assert schema == OUTPUT_SCHEMA
    assert "recipient" in system and "coupon" in system
    assert parsed.source == "model"
    assert parsed.turn == 18 and parsed.role == "user"


async def test_merge_keeps_verbatim_values_only_and_higher_confidence() -> None:
    model = await ModelParser(FakeModel(MODEL_ANSWER), ontology=ONTO).parse(
        Message.user(TEXT), turn=18
    )
    rule = parse_message(Message.user(TEXT), turn=18, ontology=ONTO)
    merged = merge(rule, model, TEXT)
    assert merged.source == "merged"
    values = [e.value for e in merged.evidence]
    assert "13800001234" not in values  # invented by the model
    assert values.count("138****1234") == 1  # union without duplicates
    assert "张伟" in values  # a verbatim model value is welcome
    assert all(v in TEXT for v in values)
    by_slot = {u.slot: u for u in merged.updates}
    assert by_slot["recipient"].confidence == 0.98  # model more confident
    assert by_slot["phone"].value == "138****1234"  # paraphrase dropped, rule kept
    assert [c.text for c in merged.constraints] == []  # unsaid clause dropped
    conf = {i.name: i.confidence for i in merged.intents}
    assert conf["contact_update"] == 0.98
    assert conf["modify"] == max(i.confidence for i in rule.intents if i.name == "modify")
    assert merged.intents == sorted(merged.intents, key=lambda i: -i.confidence)


@pytest.mark.parametrize(
    ("answer", "where"),
    [
        ({"intents": [{"name": "x", "confidence": 3}]}, "intents.0.confidence"),
        ({"constraints": [{"text": "t", "polarity": "maybe", "subject": "s"}]}, "polarity"),
        (["not", "an", "object"], "expected a JSON object"),
    ],
)
async def test_out_of_schema_answer_is_a_clear_error(answer: Any, where: str) -> None:
    with pytest.raises(ModelParseError, match=where.replace(".", r"\.")):
        await ModelParser(FakeModel(answer)).parse(Message.user(TEXT), turn=1)


async def test_dual_falls_back_to_rules_when_model_answer_is_bad() -> None:
    bad = ModelParser(FakeModel({"intents": "nope"}))
    parsed = await parse_message_dual(Message.user(TEXT), turn=18, model=bad, ontology=ONTO)
    assert parsed.source == "rules"
    assert parsed == parse_message(Message.user(TEXT), turn=18, ontology=ONTO)


async def test_dual_merges_and_anchors() -> None:
    answer = {"updates": [{"slot": "color", "value": "深紫色", "op": "change", "confidence": 0.9}]}
    text = "颜色换成深紫色吧"
    good = ModelParser(FakeModel(answer), ontology=ONTO)
    parsed = await parse_message_dual(Message.user(text), turn=4, model=good, ontology=ONTO)
    assert parsed.source == "merged"
    (u,) = [u for u in parsed.updates if u.slot == "color"]
    assert u.enum == "DARK_PURPLE"
