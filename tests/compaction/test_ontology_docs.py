"""docs/ontology.md holds: its YAML example loads and does what the table says, and an
ontology built in Python reaches every session through `ContextEngine(ontology=...)`."""

from __future__ import annotations

import re
from pathlib import Path

from ctxengine import ContextEngine, Message
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore

DOC = Path(__file__).resolve().parents[2] / "docs" / "ontology.md"


def doc_yaml() -> str:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    return str(blocks[0])


def test_the_documented_example_loads_and_anchors() -> None:
    onto = Ontology.from_yaml(doc_yaml())
    got = parse_message(Message.user("颜色要暗紫色，工单TK-123456"), turn=1, ontology=onto)
    color = next(u for u in got.updates if u.slot == "color")
    assert (color.entity, color.value, color.enum) == ("product", "暗紫色", "DARK_PURPLE")
    assert any(e.value == "TK-123456" for e in got.evidence)
    hotel = onto.entity_of_name("北京瑰丽酒店")
    assert hotel is not None and hotel.name == "hotel"
    intents = [i.name for i in got.intents]
    refund = parse_message(Message.user("我要退款"), turn=1, ontology=onto)
    assert "refund" in [i.name for i in refund.intents] and "refund" not in intents


async def test_an_ontology_built_in_python_reaches_every_session(tmp_path: Path) -> None:
    shop = Ontology.from_dict(
        {
            "name": "shop",
            "entities": [
                {"name": "order", "id_pattern": r"SO-\d{6}", "slots": ["recipient"], "zh": ["订单"]}
            ],
            "slots": [
                {"name": "recipient", "entity": "order", "zh": ["收货人"], "en": ["recipient"]}
            ],
        }
    )
    settings = Settings(workspace=tmp_path, ontology="ecommerce")  # the object wins
    async with ContextEngine(settings, store=MemoryStore(), ontology=shop) as engine:
        for sid in ("a", "b"):
            session = await engine.session("u", sid)
            await session.add(Message.user("订单SO-123456的收货人改成张伟"))
            ctx = await session.context()
            # A Chinese block names the entity and the slot by their first Chinese words.
            assert "订单.收货人=张伟" in ctx.compacted_context
            assert "SO-123456" in ctx.compacted_context


def test_a_yaml_ontology_is_read_once_per_version_of_the_file(tmp_path: Path) -> None:
    from ctxengine.compaction.distiller import load_ontology

    path = tmp_path / "shop.yaml"
    path.write_text(doc_yaml(), encoding="utf-8")
    first = load_ontology(str(path))
    assert load_ontology(str(path)) is first  # every session shares the compiled one
    path.write_text(doc_yaml().replace("name: shop", "name: shop2"), encoding="utf-8")
    second = load_ontology(str(path))
    assert second is not first and second.name == "shop2"
