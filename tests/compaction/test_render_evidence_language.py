"""Evidence lines in the conversation's language: kind and source labels (the value and a
tool's own field path stay verbatim)."""

from __future__ import annotations

from ctxengine.compaction.schema import Evidence, Language
from ctxengine.compaction.state import SessionState

from ._turns import user

CASES: tuple[tuple[Language, str], ...] = (
    ("zh", "- 订单号: A-778812 (工具:get_order) [本轮]"),
    ("en", "- order_id: A-778812 (tool:get_order) [this turn]"),
)


def test_evidence_labels_follow_the_conversations_language() -> None:
    for lang, line in CASES:
        s = SessionState(session_id="t")
        ev = Evidence(kind="order_id", value="A-778812", source="tool:get_order")
        s.apply(user(1, lang=lang, evidence=[ev]))
        assert line in s.render(1, lang).split("\n")


def test_a_field_path_and_a_stated_source_in_chinese() -> None:
    s = SessionState(session_id="t")
    evidence = [
        Evidence(kind="date", value="2025-08-15", field="orders[1].updated_at", source="tool:q"),
        Evidence(kind="phone", value="010-65001234", source="assistant"),
    ]
    s.apply(user(1, evidence=evidence))
    lines = s.render(1, "zh").split("\n")
    assert "- 日期.orders[1].updated_at: 2025-08-15 (工具:q) [本轮]" in lines
    assert "- 电话: 010-65001234 (助手) [本轮]" in lines


def test_a_value_the_user_gave_is_not_marked_as_the_assistants_when_repeated() -> None:
    from ctxengine.compaction.distiller import CompactionDistiller
    from ctxengine.messages import Message
    from ctxengine.settings import Settings

    d = CompactionDistiller(Settings(compaction=True))
    d.observe(Message.user("I need to change my order ORD-4471."), 1)
    d.observe(Message.assistant("Sure, I've updated order ORD-4471."), 1)
    block = d.render(2, "en")
    line = next(x for x in block.splitlines() if "ORD-4471" in x)
    assert "(assistant)" not in line
    # Said by the assistant only, it is marked.
    d = CompactionDistiller(Settings(compaction=True))
    d.observe(Message.user("Where is my order?"), 1)
    d.observe(Message.assistant("Your order ORD-4471 has shipped."), 1)
    line = next(x for x in d.render(2, "en").splitlines() if "ORD-4471" in x)
    assert "(assistant)" in line
