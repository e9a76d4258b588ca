"""An English rule is the sentence it is written in: a full stop before a space ends it, the
dots of a file name, a version or a decimal do not."""

from __future__ import annotations

from ctxengine.compaction.constraints import extract_constraints


def rules(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def test_a_rule_does_not_take_the_sentence_before_it() -> None:
    text = "Look at the flaky test in src/app.py first. Make sure the export stays in CSV."
    assert rules(text) == ["Make sure the export stays in CSV."]


def test_a_rule_does_not_run_into_the_next_sentence() -> None:
    text = "Never email the client directly. Why did the build fail on Monday"
    assert rules(text) == ["Never email the client directly."]


def test_dots_inside_names_and_numbers_do_not_end_a_rule() -> None:
    assert rules("Never downgrade to v2.10.4 or edit config.yaml by hand.") == [
        "Never downgrade to v2.10.4 or edit config.yaml by hand."
    ]
