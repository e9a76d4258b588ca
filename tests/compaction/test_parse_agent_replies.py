"""An agent's replies are no answers by position: "稍等，我看看" says it will look, and a long
report that never names the asked slot does not tell which sentence answers it."""

from __future__ import annotations

from ctxengine.compaction.ontology import Ontology, generic_ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

from ._crosswoz import ONTO as CROSSWOZ
from ._crosswoz import asks
from ._crosswoz import reply as reply_after

GENERIC = generic_ontology()


def reply(question: str, answer: str, onto: Ontology) -> dict[str, str | None]:
    assert asks(question, onto), "the question must ask a slot for the test to mean anything"
    return reply_after(question, answer, onto)


def test_saying_it_will_look_answers_nothing() -> None:
    for holding in ("稍等，我看看。", "我先查一下。", "请稍等片刻。", "Let me check."):
        assert reply("那家店的电话是多少？", holding, CROSSWOZ) == {}, holding


def test_the_answer_after_a_holding_clause_still_counts() -> None:
    got = reply("那家店的电话是多少？", "我看一下，是010-66668888。", CROSSWOZ)
    assert got.get("电话") == "010-66668888"


def test_a_long_report_binds_no_sentence_to_the_asked_slot() -> None:
    question = "帮我查一下订单 A10001 用的是什么快递？"
    report = (
        "订单 A20002 已从广州仓发出。测试失败是因为连接提前关闭了。"
        "下一步把修复部署到预发环境。版本 3.1.0 修改了默认编码。"
    )
    assert "shipping" not in reply(question, report, GENERIC)


def test_a_short_reply_still_answers_by_position() -> None:
    got = reply("那家店的地址在哪？", "在青松区白杨路18号。", CROSSWOZ)
    assert (got.get("地址") or "").endswith("白杨路18号")


def test_a_slot_word_inside_a_code_identifier_is_no_slot() -> None:
    def slots(text: str) -> dict[str, str | None]:
        parsed = parse_message(Message.user(text), turn=1, ontology=GENERIC)
        return {u.slot: u.value for u in parsed.updates}

    assert "coupon" not in slots("把 web/cart.py 里的 apply_coupon 改成异步的")
    assert slots("把 coupon 改成 SPRING25")["coupon"] == "SPRING25"
