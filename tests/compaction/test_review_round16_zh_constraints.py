"""Chinese rules a review found misread: a rule called off in so many words ("取消不显示价格的
要求", "之前说不要显示价格，取消这个要求", "显示价格吧"), one rule said twice in a sentence
("不要显示价格，以后都别显示"), and "只要" + what is wanted ("我只要发票")."""

from __future__ import annotations

from typing import Any

import pytest

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message
from ctxengine.settings import Settings


def session(*texts: str) -> tuple[CompactionDistiller, list[dict[str, Any]]]:
    """User and assistant messages in turn; the distiller and every audit event."""
    d = CompactionDistiller(Settings())
    events: list[dict[str, Any]] = []
    turn = 0
    for i, text in enumerate(texts):
        if i % 2 == 0:
            turn += 1
            events += d.observe(Message.user(text), turn)
        else:
            events += d.observe(Message.assistant(text), turn)
    return d, events


def rule_lines(d: CompactionDistiller) -> list[str]:
    block = d.state.render(d.state.last_user_turn, "zh")
    return [line for line in block.split("\n") if line.startswith("- ")]


@pytest.mark.parametrize(
    ("rule", "lifted"),
    [
        ("不要显示价格", "取消不显示价格的要求"),
        ("不要显示价格", "之前说不要显示价格，取消这个要求"),
        ("不要显示价格", "现在可以告诉我价格了"),
        ("不要显示价格", "显示价格吧"),
        ("不要显示价格", "价格可以显示了"),
        ("不要显示价格", "可以显示价格了"),
        ("不要显示价格", "恢复显示价格"),
        ("不要显示价格", "不用再遵守不显示价格的要求了"),
        ("不要显示价格", "不用再不显示价格了"),
        ("不要显示价格", "那个不要显示价格的要求取消吧"),
        ("不要显示价格", "不要显示价格那条作废"),
        ("不要显示价格", "刚才说别显示价格，那个取消吧"),
        ("不要显示价格", "之前说不要显示价格，现在可以了"),
        ("不要显示价格", "把价格显示出来吧"),
        ("不要显示价格", "告诉我价格吧"),
        ("不要显示价格", "好的，价格显示出来吧"),
        ("别用表情", "取消别用表情的规定"),
        ("别用表情", "用表情吧"),
        ("不要推荐川菜", "之前说不要推荐川菜，作废吧"),
        ("不要推荐川菜", "川菜可以推荐了"),
    ],
)
def test_a_rule_called_off_in_so_many_words_is_revoked(rule: str, lifted: str) -> None:
    d, events = session(rule, "好的。", lifted, "好的。")
    first = d.state.ledger.entries[0]
    assert first.text == rule and first.status == "revoked"
    assert any(
        e["kind"] == "constraint_status"
        and e["data"]["entry"] == first.id
        and e["data"]["new"] == "revoked"
        for e in events
    )
    # The revocation is shown as the ledger shows others, and the quoted rule is no new rule.
    assert rule_lines(d) == [f"- {lifted} [本轮]"]
    assert [e.text for e in d.state.ledger.active() if not e.revokes] == []


@pytest.mark.parametrize(
    "text",
    [
        "显示地址吧",  # another subject
        "取消订单",
        "不要把订单取消",
        "可以告诉我价格了吗？",  # asked
        "价格多少？",
        "刚才说不要香菜，取消订单吧",  # an order cancelled, not the rule
        "我说的不要香菜，取消订单",
        "显示价格不要带小数吧",  # a rule about decimals
        "我想用现金支付吧",
        "帮我推荐一家餐馆吧",
    ],
)
def test_look_alikes_leave_the_rule_in_force(text: str) -> None:
    d, events = session("不要显示价格", "好的。", text, "好的。")
    assert d.state.ledger.entries[0].status == "active"
    assert "- 不要显示价格 [1轮前]" in rule_lines(d)
    assert not any(e["kind"] == "constraint_status" for e in events)
    assert not any(e.revokes for e in d.state.ledger.entries)


@pytest.mark.parametrize(
    "text",
    [
        "显示价格吧",
        "告诉我地址吧",
        "把地址发给我吧",
        "用中文吧",
        "价格显示出来吧",
        "好的，告诉我电话吧",
        "给我推荐一家吧",
        "把他家的详细地址告诉我吧",
    ],
)
def test_a_request_with_no_rule_to_lift_is_no_rule(text: str) -> None:
    d, _ = session(text, "好的。")
    assert d.state.ledger.entries == []
    assert rule_lines(d) == []


@pytest.mark.parametrize(
    "text",
    ["不要取消订单的要求", "别把这个要求取消", "取消这个要求", "推荐给我吧", "我显示出来吧"],
)
def test_no_revocation_is_read_from_look_alikes(text: str) -> None:
    assert not any(c.revokes for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("不要显示价格，以后都别显示", "价格"),
        ("不要显示价格，以后都别再显示了", "价格"),
        ("不要显示价格，以后都别显示。", "价格"),
        ("不要推荐酒店，以后都别推荐", "酒店"),
        ("别显示价格，千万别显示", "价格"),
        ("必须用顺丰，一定要用", "顺丰"),
    ],
)
def test_one_sentence_restating_its_rule_is_one_rule(text: str, subject: str) -> None:
    found = extract_constraints(text)
    assert [(c.subject, c.text) for c in found] == [(subject, text.rstrip("。"))]


@pytest.mark.parametrize(
    ("text", "subjects"),
    [
        ("不要用PDF，也别用Word", ["pdf", "word"]),
        ("不要显示价格，别推荐酒店", ["价格", "酒店"]),
        ("不要推荐酒店，也别显示价格", ["酒店", "价格"]),
        ("以后都别显示", ["显示"]),
    ],
)
def test_rules_with_objects_of_their_own_stay_apart(text: str, subjects: list[str]) -> None:
    assert [c.subject for c in extract_constraints(text)] == subjects


def test_the_restated_rule_is_one_line_in_the_block() -> None:
    d, _ = session("不要显示价格，以后都别显示", "明白。")
    assert rule_lines(d) == ["- 不要显示价格，以后都别显示 [本轮]"]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("只要发票", "发票"),
        ("我只要发票", "发票"),
        ("我只要发票。", "发票"),
        ("我只要靠窗的座位", "靠窗的座位"),
        ("我们只要中文菜单", "中文菜单"),
        ("那我只要一份宫保鸡丁", "一份宫保鸡丁"),
        ("其实我只要一间大床房", "一间大床房"),
        ("只要便宜的", "便宜的"),
    ],
)
def test_only_wanting_a_thing_is_a_rule(text: str, subject: str) -> None:
    assert [(c.polarity, c.subject) for c in extract_constraints(text)] == [("only", subject)]


@pytest.mark.parametrize(
    "text",
    [
        "只要你喜欢就行",
        "只要能到就可以",
        "只要价格合适，哪家都行",
        "只要有空",
        "只要不下雨就去",
        "坐地铁只要十分钟",
        "只要靠近地铁就行",
        "那只要可以吃到一品东坡肉的餐馆就可以。",
        "只要有我想吃的东西，别的都无所谓。",
        "只要一到就告诉我",
    ],
)
def test_as_long_as_is_no_rule(text: str) -> None:
    assert [c for c in extract_constraints(text) if c.polarity == "only"] == []


def test_only_the_invoice_and_no_gift_are_two_rules_in_the_block() -> None:
    d, _ = session("只要发票，不要赠品。", "好的，只开发票，不附赠品。")
    assert rule_lines(d) == ["- 只要发票 [本轮]", "- 不要赠品 [本轮]"]
