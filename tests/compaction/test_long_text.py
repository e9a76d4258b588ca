"""Long messages are read piece by piece (`ctxengine.compaction.long_text`): every piece is
read, the pieces join back to the message, and what a whole reading finds is still found."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.long_text import pieces
from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.schema import Constraint
from ctxengine.messages import Message

_TEXT = st.text(alphabet="ab 。，.\n？!好的", max_size=400)


@settings(max_examples=300)
@given(_TEXT, st.integers(min_value=2, max_value=60))
def test_pieces_join_back_and_stay_under_the_size(text: str, size: int) -> None:
    parts = list(pieces(text, size))
    assert "".join(parts) == text
    assert all(0 < len(p) <= size for p in parts)


def test_a_piece_ends_at_a_sentence_end_when_there_is_one() -> None:
    text = "不要显示价格。" * 3 + "x" * 5
    parts = list(pieces(text, 16))
    assert parts[0].endswith("。")


def _filler(n: int, zh: bool) -> str:
    unit = "今天天气不错，我们随便聊聊。" if zh else "The weather is fine and we are chatting. "
    return unit * (n // len(unit) + 1)  # whole sentences: a rule after it starts its own


def test_rules_values_and_ids_from_every_piece_of_a_long_user_message() -> None:
    text = (
        "不要显示价格。"
        + _filler(9000, True)
        + "订单号是A12345678。"
        + _filler(9000, True)
        + "收货人改成张伟。"
        + _filler(9000, True)
        + "别用顺丰。"
    )
    parsed = parse_message(
        Message.user(text), turn=3, ontology=generic_ontology(), chunk_chars=2000
    )
    rules = " ".join(c.text for c in parsed.constraints)
    assert "不要显示价格" in rules and "别用顺丰" in rules
    assert any(e.value == "A12345678" for e in parsed.evidence)
    assert any(u.value == "张伟" for u in parsed.updates)
    assert parsed.language == "zh"


def test_a_long_english_message_reads_as_its_whole() -> None:
    sentences = [
        "Never show prices.",
        "My order number is A1234567.",
        "Always reply in English.",
        "Change the recipient to Alice Wong.",
    ]
    text = _filler(3000, False).join(sentences)
    whole = parse_message(Message.user(text), turn=1, chunk_chars=len(text))
    cut = parse_message(Message.user(text), turn=1, chunk_chars=1000)
    assert {c.text for c in cut.constraints} == {c.text for c in whole.constraints}
    assert {(e.kind, e.value) for e in cut.evidence} == {(e.kind, e.value) for e in whole.evidence}
    assert {(u.slot, u.value) for u in cut.updates} == {(u.slot, u.value) for u in whole.updates}


def test_a_long_tool_result_keeps_each_identifier_once() -> None:
    log = "".join(f"worker processed order A{10000000 + i} status ok\n" for i in range(400))
    log += "worker processed order A10000000 status ok\n"  # said again: one item
    msg = Message.tool("c1", log)
    parsed = parse_message(msg, turn=1, chunk_chars=1000)
    values = [e.value for e in parsed.evidence]
    assert "A10000399" in values and "A10000000" in values
    assert len(values) == len(set(values))


def test_a_long_message_is_no_confirmation() -> None:
    text = "好的。" * 4000
    parsed = parse_message(Message.user(text), turn=1, chunk_chars=1000)
    assert parsed.is_confirmation is False


def test_no_reader_sees_more_than_a_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """What keeps the cost linear: the rule readers only ever get a piece of a long text."""
    import ctxengine.compaction.parse_rules as parse_rules

    seen: list[int] = []
    from ctxengine.compaction.constraints import extract_constraints as real

    def spy(text: str) -> list[Constraint]:
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(parse_rules, "extract_constraints", spy)
    parse_message(Message.user(_filler(20000, True)), turn=1, chunk_chars=1000)
    assert len(seen) >= 20 and max(seen) <= 1000
