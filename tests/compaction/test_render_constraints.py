"""The constraints section: every active rule's sentence, verbatim, once."""

from __future__ import annotations

from ctxengine.compaction.state import SessionState

from ._turns import rule, user


def test_a_sentence_holding_two_rules_is_written_once_and_both_rules_stay_active() -> None:
    s = SessionState(session_id="t")
    said = "Never book a red-eye flight, take the morning train instead."
    s.apply(
        user(
            1,
            lang="en",
            constraints=[
                rule(said, "forbid", "red-eye flight"),
                rule(said, "require", "morning train"),
            ],
        )
    )
    s.apply(user(2, lang="en"))
    block = s.render(2, "en")
    assert block.count(said) == 1
    assert f"- {said} [1 turn ago]" in block.split("\n")
    assert {r.subject for r in s.ledger.active()} == {"red-eye flight", "morning train"}


def test_two_sentences_are_two_lines() -> None:
    s = SessionState(session_id="t")
    s.apply(user(1, constraints=[rule("不要显示价格", "forbid", "价格")]))
    s.apply(user(2, constraints=[rule("必须用顺丰发货", "require", "顺丰")]))
    block = s.render(2, "zh")
    assert "- 不要显示价格 [1轮前]" in block.split("\n")
    assert "- 必须用顺丰发货 [本轮]" in block.split("\n")
