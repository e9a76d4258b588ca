"""A block names entities and slots in the conversation's language (the ontology's words),
while the state keeps the canonical names."""

from __future__ import annotations

from ctxengine.compaction.ontology import Ontology, display_labels, load_builtin
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import upd, user

COUNTER = TokenCounter()
SHOP = load_builtin("ecommerce")


def _session() -> SessionState:
    s = SessionState(session_id="labels")
    s.apply(user(1, updates=[upd("recipient", "李娜"), upd("color", "暗紫色", entity="product")]))
    s.apply(user(2, updates=[upd("recipient", "张伟", op="change")]))
    return s


def test_a_chinese_block_writes_the_ontologys_chinese_words() -> None:
    block = _session().render(3, "zh", labels=SHOP.labels("zh"))
    assert "订单.收货人=张伟" in block
    assert "商品.颜色=暗紫色" in block
    assert "order." not in block and "recipient" not in block


def test_an_english_block_keeps_english_names() -> None:
    block = _session().render(3, "en", labels=SHOP.labels("en"))
    assert "order.recipient=张伟" in block
    assert "product.color=暗紫色" in block


def test_the_state_keeps_canonical_names() -> None:
    s = _session()
    s.render(3, "zh", labels=SHOP.labels("zh"))
    assert "order.recipient" in s.state.slots
    assert "订单.收货人" not in s.state.slots


def test_the_compact_form_labels_the_entity_its_slots_and_old_values() -> None:
    s = _session()
    labels = SHOP.labels("zh")
    full = s.render(3, "zh", labels=labels)
    compact = s.render(
        3, "zh", labels=labels, max_tokens=COUNTER.count(full) - 1, count=COUNTER.count
    )
    assert "订单: 收货人=张伟" in compact
    assert "旧值: 收货人=李娜" in compact
    assert "recipient" not in compact


def test_instance_tables_label_their_kind_and_columns() -> None:
    onto = Ontology.from_dict(
        {
            "name": "trip",
            "include_generic": False,
            "entities": [{"name": "hotel", "zh": ["酒店"], "slots": ["名称", "phone"]}],
            "slots": [
                {"name": "名称", "entity": "hotel"},
                {"name": "phone", "entity": "hotel", "zh": ["电话"]},
            ],
        }
    )
    s = SessionState(session_id="trip")
    for turn, (name, phone) in enumerate([("A酒店", "010-1"), ("B酒店", "010-2")], 1):
        s.apply(user(turn, updates=[upd("名称", name, entity="hotel")]))
        s.apply(user(turn, updates=[upd("phone", phone, entity="hotel")]))
    s.apply(user(3, updates=[upd("名称", "C酒店", entity="hotel")]))
    labels = onto.labels("zh")
    full = s.render(3, "zh", labels=labels)
    compact = s.render(
        3, "zh", labels=labels, max_tokens=COUNTER.count(full) - 1, count=COUNTER.count
    )
    assert "酒店[A酒店]: 电话=010-1" in full
    assert "酒店(名称|电话):" in compact and "A酒店|010-1" in compact
    assert "hotel" not in full + compact and "phone" not in full + compact


def test_a_name_already_in_the_language_or_without_a_word_stays() -> None:
    cw = display_labels(load_builtin("crosswoz"), "zh")
    assert cw.key("餐馆.人均消费") == "餐馆.人均消费"
    assert cw.entity("餐馆[鼎泰丰]") == "餐馆[鼎泰丰]"
    assert cw.key("task.评分") == "任务.评分"
    # An English conversation about the Chinese ontology names its entities in English.
    assert display_labels(load_builtin("crosswoz"), "en").entity("餐馆[鼎泰丰]") == (
        "restaurant[鼎泰丰]"
    )
    bare = Ontology.from_dict({"name": "x", "include_generic": False, "slots": [{"name": "sku"}]})
    assert bare.labels("zh").key("task.sku") == "任务.sku"


def test_shards_are_labelled_too() -> None:
    from ctxengine.compaction.shards import shard_state

    shards = shard_state(_session(), COUNTER, 4000, current_turn=3, labels=SHOP.labels("zh"))
    text = "\n".join(sh.text for sh in shards)
    assert "订单.收货人=张伟" in text and "recipient" not in text
