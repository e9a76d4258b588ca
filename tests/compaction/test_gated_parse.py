"""The parser's gates skip only scans that would find nothing: with every gate held open, the
same messages parse to the same turns."""

from __future__ import annotations

import pytest

from ctxengine.compaction import answers, gates, name_answers, outcomes, slot_phrases, slots
from ctxengine.compaction.ontology import Ontology, generic_ontology, load_builtin
from ctxengine.compaction.parse import parse_history
from ctxengine.messages import Message

# Look-alikes on both sides of the gates: cue words present, absent, in another case, spelled
# with the long s or the Kelvin sign, inside other words.
_ZH = [
    ("user", "帮我找一家评分4.5分以上的餐馆，人均消费不超过100元"),
    ("assistant", "推荐您去北京饭店(王府井店)，评分4.6分"),
    ("user", "那就北京饭店吧，它家的电话是多少？"),
    ("assistant", "电话是010-65137766，地址在东城区王府井大街"),
    ("user", "不用顺丰了，改用京东快递，而不是中通"),
    ("assistant", "抱歉，没有找到符合您要求的酒店，不过附近有如家酒店、汉庭酒店"),
    ("user", "从故宫打车到北京饭店，车型和车牌分别是什么"),
    ("assistant", "给您叫了一辆黑色的大众，车牌号京A12345"),
    ("user", "我想去天坛公园看看，门票免费吗？几点开门"),
    ("assistant", "天坛公园门票15元，营业时间6:00-22:00，您可以考虑一下"),
    ("user", "好的，谢谢，再见"),
    ("user", "不太合适，换一家吧"),
    ("assistant", "您选择北京饭店吧，评分很高"),  # a lead held by 您 alone
    ("user", "那就天坛公园吧"),
]
_EN = [
    ("user", "I'd like to book a table for 4 people on March 10th at 7pm"),
    ("assistant", "Sorry, there are no tables at 7pm, but 8pm is available"),
    ("user", "Make it 8pm instead, and ship it to 12 Main Street with FedEx"),
    ("user", "Pay with PayPal instead of my Visa, please"),
    ("assistant", "Hotel Julian and The Drake are both downtown. Which one?"),
    ("user", "The second one. We're 3 now. Cancel the Chicago trip"),
    ("user", "ſhip it to 5 Elm Road and take the \u212aL 1542 flight"),  # long s, Kelvin sign
    ("user", "Never mind, forget it. What time does the AA flight leave?"),
    ("user", "my coupon SPRING20 can't be applied, the promo has expired"),
    ("user", "ok sure, go ahead"),
]


def _open_gates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gates.Gate, "shut", lambda self, text, low=None: False)
    monkeypatch.setattr(answers, "lacks", lambda needs, text: False)
    monkeypatch.setattr(slot_phrases, "lacks_words", lambda words, low: False)
    every = frozenset().union(
        name_answers._OFFER_CHARS,
        name_answers._MENTION_CHARS,
        outcomes._DENY_CHARS,
        slots._BOUND_CHARS,
        slots._CHANGE_CHARS,
    )
    for module in (name_answers, outcomes, slots):
        monkeypatch.setattr(module, "chars_in", lambda text: frozenset(text) | every)


def _dump(turns: list[tuple[str, str]], onto: Ontology) -> list[str]:
    messages = [Message.user(t) if r == "user" else Message.assistant(t) for r, t in turns]
    return [p.model_dump_json() for p in parse_history(messages, ontology=onto)]


@pytest.mark.parametrize(
    ("turns", "onto_name"),
    [(_ZH, "crosswoz"), (_ZH, None), (_EN, None), (_EN, "crosswoz")],
)
def test_gates_change_no_parse(
    monkeypatch: pytest.MonkeyPatch, turns: list[tuple[str, str]], onto_name: str | None
) -> None:
    onto = load_builtin(onto_name) if onto_name else generic_ontology()
    gated = _dump(turns, onto)
    _open_gates(monkeypatch)
    onto = load_builtin(onto_name) if onto_name else generic_ontology()
    assert _dump(turns, onto) == gated


# Each lead held by one of the characters its gate looks for, and near-misses that name a
# place with no lead at all (the gate turns those away; nothing is offered either way).
_OFFERS = [
    ("您选择北京饭店吧", "北京饭店"),
    ("你选择北京饭店吧", "北京饭店"),
    ("只能去北京饭店了", "北京饭店"),
    ("我觉得北京饭店挺不错", "北京饭店"),
    ("还真有一家北京饭店的", "北京饭店"),
    ("不妨考虑北京饭店吧", "北京饭店"),
    ("可以考虑北京饭店吧", "北京饭店"),
    ("推荐去北京饭店吧", "北京饭店"),
    ("北京饭店评分很高", None),
    ("北京饭店和全聚德都在王府井", None),
]
_MENTIONS = [
    ("你们知道北京饭店吗", "北京饭店"),
    ("把北京饭店的地址告诉我", "北京饭店"),
    ("那就北京饭店吧", "北京饭店"),
    ("我想去北京饭店", "北京饭店"),
    ("尝尝全聚德家的烤鸭", "全聚德"),
    ("试试全聚德家的烤鸭", "全聚德"),
    ("将北京饭店的电话给我", "北京饭店"),
    ("北京饭店的电话多少", None),
]


@pytest.mark.parametrize(("text", "name"), _OFFERS)
def test_offer_gate_keeps_every_lead(text: str, name: str | None) -> None:
    names = [n for _, n in name_answers.offered_names(text, load_builtin("crosswoz"))]
    assert names == ([name] if name else [])


@pytest.mark.parametrize(("text", "name"), _MENTIONS)
def test_mention_gate_keeps_every_lead(text: str, name: str | None) -> None:
    names = [n for _, n in name_answers.mentioned_names(text, load_builtin("crosswoz"))]
    assert names == ([name] if name else [])
