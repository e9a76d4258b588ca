"""Parser and state rules behind the fidelity targets: limit rules, a forbid with its
alternative, possessives, lead-ins, phrases that imply a slot, assistant-informed values, and
the render cap that never cuts what the user or the assistant wrote."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.layers import EvidenceLayer, IntentLayer, StateLayer
from ctxengine.compaction.ledger import Ledger
from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.render import RenderOptions, build_view
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.slots import extract_updates
from ctxengine.compaction.state import SessionState
from ctxengine.messages import Message

from ._turns import rule, upd, user


def texts(text: str) -> list[tuple[str, str]]:
    return [(c.text, c.polarity) for c in extract_constraints(text)]


@pytest.mark.parametrize(
    ("text", "clause", "polarity"),
    [
        ("每次回复不超过三句话，记住了。", "每次回复不超过三句话", "require"),
        ("最多推荐两个方案。", "最多推荐两个方案", "require"),
        ("至少提前一天通知我。", "至少提前一天通知我", "require"),
        ("Keep every reply under three sentences.", "Keep every reply under three sentences.",
         "require"),
        ("Reply in no more than two lines.", "Reply in no more than two lines.", "require"),
        ("Give me at least three options.", "Give me at least three options.", "require"),
    ],
)  # fmt: skip
def test_limits_are_rules_with_the_verbatim_clause(text: str, clause: str, polarity: str) -> None:
    assert texts(text) == [(clause, polarity)]


@pytest.mark.parametrize("text", ["keep going", "Keep it up!", "最多能便宜多少？", "at least?"])
def test_limit_words_outside_a_rule_are_no_rule(text: str) -> None:
    assert texts(text) == []


def test_possessive_object_is_a_rule_not_a_modifier() -> None:
    assert texts("回复里不要出现我的全名。") == [("回复里不要出现我的全名", "forbid")]
    assert texts("不要迟到的方案") == []  # a relative clause still is no rule


@pytest.mark.parametrize(
    ("text", "clause", "subjects"),
    [
        ("导出不要用PDF，用Excel。", "导出不要用PDF，用Excel", ["pdf", "excel"]),
        ("不用京东快递了，改用EMS。", "不用京东快递了，改用EMS", ["京东快递", "ems"]),
        ("Don't use PDF, export as Excel.", "Don't use PDF, export as Excel.", ["pdf", "excel"]),
        ("Don't use FedEx anymore, use UPS instead.", "Don't use FedEx anymore, use UPS instead.",
         ["fedex", "ups"]),
    ],
)  # fmt: skip
def test_forbid_runs_through_the_clause_naming_the_alternative(
    text: str, clause: str, subjects: list[str]
) -> None:
    found = extract_constraints(text)
    assert [c.text for c in found] == [clause, clause]
    assert [(c.polarity, c.subject) for c in found] == [
        ("forbid", subjects[0]),
        ("require", subjects[1]),
    ]


@pytest.mark.parametrize(
    "text",
    ["不要显示价格，用顺丰", "Don't show prices, use bullet points.", "不要PDF，用Excel可以吗？"],
)
def test_a_second_instruction_or_a_question_is_not_the_alternative(text: str) -> None:
    assert all("，" not in c.text and ", " not in c.text for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "clause"),
    [("提醒一下：不要显示价格。", "不要显示价格"),
     ("Note: Don't show prices.", "Don't show prices."),
     ("10:30不要打电话", "10:30不要打电话")],
)  # fmt: skip
def test_lead_in_label_is_dropped_but_times_are_kept(text: str, clause: str) -> None:
    assert [c.text for c in extract_constraints(text)] == [clause]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我想买一台小米14 Ultra。", [("product", "小米14 Ultra", "set")]),
        ("I want to buy a Pixel 8 Pro.", [("product", "Pixel 8 Pro", "set")]),
        ("收货人写李娜。", [("recipient", "李娜", "set")]),
        ("希望6月15日送到。", [("date", "6月15日", "set")]),
        ("送货日期改到7月2日。", [("date", "7月2日", "change")]),
        ("快递用京东快递。", [("shipping", "京东快递", "set")]),
        ("不用顺丰了，改用京东快递。", [("shipping", None, "remove"),
                                      ("shipping", "京东快递", "change")]),
        ("Ship it to 1200 Market St, Apt 5B, San Francisco, CA 94103.",
         [("address", "1200 Market St, Apt 5B, San Francisco, CA 94103", "set")]),
        ("Change the shipping address to 88 Queen St W, Suite 400, Toronto, ON M5H 2M5.",
         [("address", "88 Queen St W, Suite 400, Toronto, ON M5H 2M5", "change")]),
        ("Please deliver by March 3.", [("date", "March 3", "set")]),
        ("Change the delivery date to April 12.", [("date", "April 12", "change")]),
        ("I'd like it in Midnight Blue.", [("color", "Midnight Blue", "set")]),
        ("Use DHL Express for shipping.", [("shipping", "DHL Express", "set")]),
        ("I'll pay with a Visa card.", [("payment", "a Visa card", "set")]),
        ("Don't use UPS anymore, use DHL Express instead.",
         [("shipping", None, "remove"), ("shipping", "DHL Express", "change")]),
    ],
)  # fmt: skip
def test_phrases_that_imply_the_slot(
    text: str, expected: list[tuple[str, str | None, str]]
) -> None:
    found = extract_updates(text, generic_ontology())
    assert [(u.slot, u.value, u.op) for u in found] == expected


@pytest.mark.parametrize("text", ["我想买什么好？", "在哪里买？", "帮我换成大一号的"])
def test_questions_and_vague_changes_set_nothing(text: str) -> None:
    assert extract_updates(text, generic_ontology()) == []


@given(st.text(max_size=80))
def test_every_phrase_value_is_verbatim(text: str) -> None:
    for u in extract_updates(text, generic_ontology()):
        assert u.value is None or u.value in text


def _assistant(turn: int, text: str) -> ParsedTurn:
    return parse_message(Message.assistant(text), turn=turn)


def test_assistant_informed_value_enters_the_state_below_the_user() -> None:
    s = SessionState()
    s.apply(_assistant(1, "可以，收货地址是九渡河镇撞道口村。"))
    assert s.state.slots["task.address"].source == "assistant"
    # The user's value replaces the assistant's; the assistant's never replaces the user's.
    s.apply(user(2, updates=[upd("address", "北京市朝阳区建国路8号", entity="task")]))
    s.apply(_assistant(2, "收货地址是九渡河镇撞道口村。"))
    assert s.state.slots["task.address"].value == "北京市朝阳区建国路8号"


def test_assistant_value_an_active_rule_forbids_never_enters() -> None:
    s = SessionState()
    s.apply(user(1, constraints=[rule("不要用顺丰", "forbid", "顺丰")]))
    s.apply(_assistant(1, "快递用顺丰。"))
    assert "task.shipping" not in s.state.slots


def test_restart_still_drops_what_the_user_set() -> None:
    s = SessionState()
    s.apply(user(1, updates=[upd("product", "iPad"), upd("order_id", "SO1")]))
    s.apply(user(2, intent="restart"))
    assert s.snapshot()["slots"] == {"order.order_id": "SO1"}


def test_render_cap_never_cuts_what_the_user_or_assistant_wrote() -> None:
    evidence = EvidenceLayer()
    for i in range(6):
        evidence.add(Evidence(kind="id", value=f"USER-{i}"), i + 1, "user")
        evidence.add(Evidence(kind="id", value=f"ASSIST-{i}"), i + 1, "assistant")
    for i in range(30):
        evidence.add(Evidence(kind="field", value=f"tool-{i}"), 20, "tool:search")
    view = build_view(
        intents=IntentLayer(),
        state=StateLayer(),
        evidence=evidence,
        ledger=Ledger(),
        current_turn=20,
        language="en",
        last_user_turn=20,
        options=RenderOptions(max_evidence=5),
    )
    values = [e.value for e in view.evidence]
    assert {f"USER-{i}" for i in range(6)} | {f"ASSIST-{i}" for i in range(6)} <= set(values)
    # Tool fields have a count cap of their own, however much was said.
    assert sum(v.startswith("tool-") for v in values) == 5
