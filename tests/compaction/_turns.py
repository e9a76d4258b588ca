"""Builders of ParsedTurn objects for the compaction tests, and the seed article's example."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.schema import (
    Constraint,
    Evidence,
    Intent,
    Language,
    ParsedTurn,
    Reference,
    SlotUpdate,
)
from ctxengine.messages import Message
from ctxengine.settings import Settings

Polarity = Literal["forbid", "require", "only", "prefer"]


def upd(
    slot: str,
    value: str | None,
    *,
    entity: str = "order",
    raw: str = "",
    enum: str | None = None,
    entity_id: str | None = None,
    op: Literal["set", "change", "remove"] = "set",
) -> SlotUpdate:
    return SlotUpdate(
        entity=entity, slot=slot, value=value, raw=raw, enum=enum, entity_id=entity_id, op=op
    )


def rule(text: str, polarity: Polarity, subject: str, *, revokes: bool = False) -> Constraint:
    return Constraint(text=text, polarity=polarity, subject=subject, revokes=revokes)


def user(
    turn: int,
    *,
    lang: Language = "zh",
    intent: str | None = None,
    target: str | None = None,
    updates: Sequence[SlotUpdate] = (),
    constraints: Sequence[Constraint] = (),
    evidence: Sequence[Evidence] = (),
    references: Sequence[Reference] = (),
    entities: Sequence[str] = (),
    confirm: bool = False,
    keeps_earlier: bool = False,
) -> ParsedTurn:
    intents = [Intent(name=intent, confidence=0.9, target=target)] if intent else []
    return ParsedTurn(
        turn=turn,
        role="user",
        language=lang,
        intents=intents,
        updates=list(updates),
        constraints=list(constraints),
        evidence=list(evidence),
        references=list(references),
        entities=list(entities),
        is_confirmation=confirm,
        keeps_earlier=keeps_earlier,
    )


def assistant(turn: int, evidence: Sequence[Evidence] = ()) -> ParsedTurn:
    return ParsedTurn(turn=turn, role="assistant", evidence=list(evidence))


def tool(
    turn: int, *, updates: Sequence[SlotUpdate] = (), evidence: Sequence[Evidence] = ()
) -> ParsedTurn:
    return ParsedTurn(turn=turn, role="tool", updates=list(updates), evidence=list(evidence))


ADDRESS = "北京市朝阳区建国路8号SOHO现代城A座1201"

# What the user said, turn by turn (the article's example plus an earlier recipient, the
# shipping rules and a tool result carrying the order id). Used to measure compression.
USER_TEXT: dict[int, str] = {
    1: "我想买iPhone 15 Pro",
    3: "内存选512GB，颜色要暗紫色",
    5: "不要显示价格，用顺丰",
    7: f"配送地址是{ADDRESS}",
    9: "收货人李娜，电话139****5678",
    12: "优惠券码是IP15PRO2024",
    15: "不用顺丰",
    18: "等等，把收货人改成张伟，电话换138****1234",
}


def ecommerce_turns() -> list[ParsedTurn]:
    """Turns 1-18 of the e-commerce session; turn 18 is left unanswered (pending)."""
    t = USER_TEXT
    return [
        user(
            1,
            intent="product_select",
            target="order.product",
            updates=[upd("product", "iPhone 15 Pro", raw=t[1])],
        ),
        assistant(1),
        user(
            3,
            intent="modify",
            target="order.color",
            updates=[
                upd("memory", "512GB", raw="内存选512GB"),
                upd("color", "暗紫色", raw="颜色要暗紫色", enum="DARK_PURPLE"),
            ],
        ),
        assistant(3),
        user(
            5,
            intent="inform",
            constraints=[
                rule("不要显示价格", "forbid", "价格"),
                rule("用顺丰", "require", "顺丰"),
            ],
        ),
        assistant(5),
        user(
            7,
            intent="modify",
            target="order.address",
            updates=[upd("address", ADDRESS, raw=t[7], entity_id="addr_789")],
            evidence=[Evidence(kind="address", value=ADDRESS, source="user")],
        ),
        assistant(7),
        user(
            9,
            intent="modify",
            target="order.recipient",
            updates=[
                upd("recipient", "李娜", raw="收货人李娜"),
                upd("phone", "139****5678", raw="电话139****5678"),
            ],
        ),
        assistant(9),
        user(
            12,
            intent="inform",
            updates=[upd("coupon", "IP15PRO2024", raw=t[12])],
            evidence=[Evidence(kind="coupon", value="IP15PRO2024", source="user")],
        ),
        tool(
            12,
            updates=[upd("order_id", "SO20240615001")],
            evidence=[
                Evidence(
                    kind="order_id",
                    value="SO20240615001",
                    field="order_id",
                    source="tool:create_order",
                )
            ],
        ),
        assistant(12),
        user(15, intent="modify", constraints=[rule("不用顺丰", "forbid", "顺丰")]),
        assistant(15),
        user(
            18,
            intent="modify",
            target="order.recipient",
            updates=[
                upd("recipient", "张伟", raw="把收货人改成张伟", op="change"),
                upd("phone", "138****1234", raw="电话换138****1234", op="change"),
            ],
        ),
    ]


def alternating(*texts: str, ontology: str | None = None) -> CompactionDistiller:
    """User and assistant messages in turn (a user message opens each turn) through a
    distiller with `ontology` (None: the generic one)."""
    d = CompactionDistiller(Settings(ontology=ontology))
    turn = 0
    for i, text in enumerate(texts):
        if i % 2 == 0:
            turn += 1
            d.observe(Message.user(text), turn)
        else:
            d.observe(Message.assistant(text), turn)
    return d


def slot_values(d: CompactionDistiller) -> dict[str, str]:
    """slot -> current value."""
    return {v.slot: v.value for v in d.state.state.slots.values()}
