"""A reply of several clauses with figures in them is a report, not the single value a slot
word in the question asked for ("物流状态" asks about a status, not the shipping method)."""

from __future__ import annotations

from ctxengine.compaction.ontology import generic_ontology

from ._crosswoz import reply

GENERIC = generic_ontology()


def test_a_report_answers_no_slot() -> None:
    got = reply(
        "帮我查一下订单 B20931 的物流状态，什么时候能到？",
        "孙丽本月下了 12 个订单，最大的一笔是台灯，金额 99.5 元。",
        GENERIC,
    )
    assert "shipping" not in got


def test_a_short_answer_still_answers() -> None:
    assert reply("你们用什么快递？", "顺丰。", GENERIC).get("shipping") == "顺丰"


def test_the_state_of_a_slot_is_not_the_slot() -> None:
    from ._crosswoz import asks

    assert asks("帮我查一下订单 B20931 的物流状态", GENERIC) == []
    assert asks("快递进度怎么样了？", GENERIC) == []
    assert asks("用的什么快递？", GENERIC) == ["shipping"]
