""" "Change the date to Friday" when no date is held yet changes the date said last (kept as
date evidence): it is archived, not left beside the new one as if still standing."""

from __future__ import annotations

from ctxengine.compaction.distiller import CompactionDistiller

from ._crosswoz import distill


def _replay(turns: list[tuple[str, str]]) -> CompactionDistiller:
    return distill(turns, ontology=None)


def test_the_date_said_before_is_what_changes() -> None:
    d = _replay(
        [
            ("user", "Ship the parcel on the 9th of June, please."),
            ("assistant", "Okay."),
            ("user", "Actually change the date to Monday."),
        ]
    )
    s = d.state
    assert s.state.slots["task.date"].value == "Monday"
    assert [a.value for a in s.state.archive if a.key == "task.date"] == ["the 9th of June"]
    block = d.render(2, "en")
    assert "task.date=Monday" in block
    assert "was: the 9th of June [1 turn ago]" in block  # as of when it was said
    assert "- date: the 9th of June" not in block  # its evidence line is history now
    assert any(c.subject == "task.date" for c in s.ledger.conflicts)


def test_nothing_is_implied_without_a_value_of_that_kind() -> None:
    d = _replay([("user", "Hello there."), ("user", "Change the date to Monday.")])
    assert d.state.state.slots["task.date"].value == "Monday"
    assert not [a for a in d.state.state.archive if a.key == "task.date"]


def test_chinese_too() -> None:
    d = _replay([("user", "帮我订12月5日去上海的机票"), ("user", "日期改成12月6日吧")])
    assert d.state.state.slots["task.date"].value == "12月6日"
    assert [a.value for a in d.state.state.archive if a.key == "task.date"] == ["12月5日"]
