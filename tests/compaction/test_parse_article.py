"""The article's e-commerce dialogue, parsed and anchored to the shipped e-commerce ontology."""

from __future__ import annotations

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.schema import ParsedTurn
from ctxengine.messages import Message

ONTO = load_builtin("ecommerce")


def parse(turn: int, text: str) -> ParsedTurn:
    return parse_message(Message.user(text), turn=turn, ontology=ONTO)


def test_turn_1_product_model_is_evidence_and_entity() -> None:
    p = parse(1, "我想买iPhone 15 Pro")
    assert p.language == "zh"
    assert ("product_model", "iPhone 15 Pro") in [(e.kind, e.value) for e in p.evidence]
    assert "product:iPhone 15 Pro" in p.entities
    assert [(u.slot, u.value) for u in p.updates] == [("model", "iPhone 15 Pro")]
    assert "product_select" in [i.name for i in p.intents]


def test_turn_3_memory_and_color_anchor_to_dark_purple() -> None:
    p = parse(3, "内存选512GB，颜色要暗紫色")
    assert [(u.entity, u.slot, u.value, u.enum) for u in p.updates] == [
        ("product", "memory", "512GB", None),
        ("product", "color", "暗紫色", "DARK_PURPLE"),
    ]


def test_turn_7_address_kept_whole() -> None:
    p = parse(7, "配送地址是北京市朝阳区建国路8号SOHO现代城A座1201")
    (u,) = p.updates
    assert (u.entity, u.slot, u.value) == (
        "order",
        "address",
        "北京市朝阳区建国路8号SOHO现代城A座1201",
    )
    assert "address_set" in [i.name for i in p.intents]


def test_turn_12_coupon_is_evidence_update_and_entity() -> None:
    p = parse(12, "优惠券码是IP15PRO2024")
    (u,) = p.updates
    assert (u.slot, u.value, u.entity_id) == ("coupon", "IP15PRO2024", "IP15PRO2024")
    assert "IP15PRO2024" in [e.value for e in p.evidence]
    assert "coupon:IP15PRO2024" in p.entities


def test_turn_18_contact_update() -> None:
    p = parse(18, "等等，把收货人改成张伟，电话换138****1234")
    assert [(u.slot, u.value, u.op) for u in p.updates] == [
        ("recipient", "张伟", "change"),
        ("phone", "138****1234", "change"),
    ]
    assert ("phone", "138****1234") in [(e.kind, e.value) for e in p.evidence]
    names = [i.name for i in p.intents]
    assert names[0] == "modify"
    assert "contact_update" in names
    assert not p.is_confirmation


def test_the_report_format_rule_of_the_article() -> None:
    p = parse(18, "把报表导出成Excel不要PDF")
    assert {(c.polarity, c.subject) for c in p.constraints} == {
        ("require", "excel"),
        ("forbid", "pdf"),
    }
