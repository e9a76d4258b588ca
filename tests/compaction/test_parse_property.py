"""Invariants of the rule path on arbitrary text: evidence and quoted spans are verbatim."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.parse_rules import message_text
from ctxengine.messages import Message

PIECES = [
    "CA1501",
    "138****1234",
    "+1 415-555-0100",
    "a.b@example.com",
    "https://x.io/a?b=1",
    "¥299.00",
    "$1,200",
    "299元",
    "2024-06-15",
    "6月15日",
    "next Friday",
    "14:30",
    "/etc/app.yaml",
    "C:\\data\\x.csv",
    "src/app.py",
    "os.path.join()",
    "get_user",
    "IP15PRO2024",
    "把收货人改成",
    "张伟",
    "不要",
    "显示价格",
    "，",
    "。",
    " ",
    "only",
    "don't",
    "刚才的图表",
    "the last one",
    "的",
    "颜色要",
    "暗紫色",
    "iPhone 15 Pro",
    "可以",
    "了",
    "?",
    "订单号",
    "ORD123456",
]
ONTO = load_builtin("ecommerce")
texts = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_every_verbatim_field_occurs_in_the_input(text: str) -> None:
    for onto in (None, ONTO):
        parsed = parse_message(Message.user(text), turn=1, ontology=onto)
        for e in parsed.evidence:
            assert e.value and e.value in text
        for u in parsed.updates:
            assert u.raw in text
            assert u.value is None or u.value in text
        for c in parsed.constraints:
            assert c.text in text
        for r in parsed.references:
            assert r.text in text


json_values = st.recursive(
    st.one_of(
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
        st.booleans(),
        st.none(),
    ),
    lambda kids: st.one_of(
        st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8), kids, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values, st.booleans())
def test_tool_result_evidence_is_verbatim(value: object, ascii_only: bool) -> None:
    msg = Message.tool("c1", json.dumps(value, ensure_ascii=ascii_only))
    text = message_text(msg)
    for e in parse_message(msg, turn=1).evidence:
        assert e.value in text
