"""The model path: an LLM fills the ParsedTurn schema through structured output; `merge` joins it
with the rule path.

The model sees the message, the ontology's slot names and the JSON schema of what to return.
Its answer is validated; a malformed answer raises `ModelParseError` naming the field. The
merge trusts the model for meaning (intents, slots it reads better than rules) but never for
exact strings: any value it claims was said (evidence, slot values, rule clauses, reference
phrases) must occur verbatim in the message, or it is dropped, since a model may paraphrase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field, ValidationError

from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.parse_rules import _schema_role, message_text
from ctxengine.compaction.schema import (
    GENERIC_INTENTS,
    Constraint,
    Evidence,
    Intent,
    Language,
    ParsedTurn,
    Reference,
    SlotUpdate,
)
from ctxengine.messages import Message

T = TypeVar("T")
K = TypeVar("K")


class JSONModel(Protocol):
    """Anything that answers with a JSON object matching `schema` (structured output)."""

    async def complete_json(self, system: str, user: str, schema: dict[str, Any]) -> dict[str, Any]:
        """Return the model's JSON answer for `user` under `system`."""
        ...


class ModelParseError(ValueError):
    """The model's answer does not fit the ParsedTurn schema."""


class ModelOutput(BaseModel):
    """What the model fills: a ParsedTurn without the fields the caller already knows."""

    language: Language = "en"
    intents: list[Intent] = Field(default_factory=list)
    updates: list[SlotUpdate] = Field(default_factory=list)
    constraints: list[Constraint] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    is_confirmation: bool = False


OUTPUT_SCHEMA: dict[str, Any] = ModelOutput.model_json_schema()

_SYSTEM = """You parse one message of a conversation into JSON that matches the given schema.
- intents: what the user does; names from {intents}; confidence 0..1.
- updates: slot values set/changed/removed; slot names from: {slots}. value is the exact text \
from the message (never translate or paraphrase); op is set, change or remove.
- constraints: user rules ("don't show prices"): text is the exact clause; polarity forbid, \
require, only or prefer; subject is what the rule applies to; revokes is true when the \
user lifts an earlier rule.
- references: phrases pointing back ("the last one", "刚才的图表"), exact text.
- evidence: exact values (ids, codes, phones, e-mails, URLs, amounts, dates), copied character \
for character.
- is_confirmation: true only when the whole message is a bare confirmation ("ok", "好的").
Answer with the JSON object only."""


class ModelParser:
    """Parse a message through a JSONModel into the shared schema."""

    def __init__(self, model: JSONModel, *, ontology: Ontology | None = None) -> None:
        self._model = model
        self._ontology = ontology

    def system_prompt(self) -> str:
        intents = list(GENERIC_INTENTS)
        slots = "recipient, phone, address, date, time, color, ..."
        if self._ontology is not None:
            intents += [i.name for i in self._ontology.intents]
            slots = ", ".join(s.name for s in self._ontology.slots)
        return _SYSTEM.format(intents=", ".join(intents), slots=slots)

    async def parse(self, message: Message, *, turn: int) -> ParsedTurn:
        """The model's reading of `message`, with `source="model"`.

        Raises:
            ModelParseError: the answer is not an object of the schema (names the field).
        """
        text = message_text(message)
        answer = await self._model.complete_json(self.system_prompt(), text, OUTPUT_SCHEMA)
        if not isinstance(answer, dict):
            raise ModelParseError(
                f"model answer: expected a JSON object, got {type(answer).__name__}"
            )
        try:
            out = ModelOutput.model_validate(answer)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(root)"
            raise ModelParseError(f"model answer: {where}: {err['msg']}") from None
        return ParsedTurn(
            turn=turn,
            role=_schema_role(message),
            source="model",
            **out.model_dump(),
        )


def merge(rule: ParsedTurn, model: ParsedTurn, text: str) -> ParsedTurn:
    """Join the two readings of one message.

    Args:
        rule: the rule path's reading.
        model: the model path's reading.
        text: the message text both read; model strings not found in it verbatim are dropped.

    Per field: intents by name, higher confidence wins; updates by (slot, op), higher
    confidence wins; constraints by (polarity, subject, revokes), higher confidence wins;
    references by text, a rule resolution is kept; evidence is the union, rules first, keyed
    by value (rules never paraphrase); `is_confirmation` and `language` are the rule's, which
    read the shape of the text exactly.
    """

    def verbatim(s: str | None) -> bool:
        return s is None or s in text

    intents = _best(
        {i.name: i for i in rule.intents}, model.intents, lambda i: i.name, lambda i: i.confidence
    )
    m_updates = [
        u if verbatim(u.raw) else u.model_copy(update={"raw": u.value or ""})
        for u in model.updates
        if verbatim(u.value)
    ]
    # Keyed by slot and op, not entity: the model may not know the ontology's entity names.
    updates = _best(
        {(u.slot, u.op): u for u in rule.updates},
        m_updates,
        lambda u: (u.slot, u.op),
        lambda u: u.confidence,
    )
    constraints = _best(
        {(c.polarity, c.subject.lower(), c.revokes): c for c in rule.constraints},
        [c for c in model.constraints if c.text and verbatim(c.text)],
        lambda c: (c.polarity, c.subject.lower(), c.revokes),
        lambda c: c.confidence,
    )
    refs = {r.text: r for r in rule.references}
    for r in model.references:
        if r.text and verbatim(r.text) and r.text not in refs:
            refs[r.text] = r
    evidence = list(rule.evidence)
    seen = {e.value for e in evidence}
    for e in model.evidence:
        if e.value and e.value in text and e.value not in seen:
            evidence.append(e)
            seen.add(e.value)
    entities = list(dict.fromkeys([*rule.entities, *model.entities]))
    return rule.model_copy(
        update={
            "intents": sorted(intents, key=lambda i: -i.confidence),
            "updates": updates,
            "constraints": constraints,
            "references": list(refs.values()),
            "evidence": evidence,
            "entities": entities,
            "source": "merged",
        }
    )


def _best(
    base: dict[K, T], extra: list[T], key: Callable[[T], K], conf: Callable[[T], float]
) -> list[T]:
    out = dict(base)
    for item in extra:
        k = key(item)
        if k not in out or conf(item) > conf(out[k]):
            out[k] = item
    return list(out.values())
