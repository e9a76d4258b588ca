"""The constraint ledger: verbatim rules, statuses, conflicts and subject matching."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.compaction.ledger import (
    Ledger,
    normalize_subject,
    says_earlier_stands,
    subjects_match,
)

from ._turns import rule

ALIASES = {"顺丰": "sf express"}


def test_normalize_folds_width_case_particles_and_plurals() -> None:
    assert normalize_subject("ＰＤＦ") == normalize_subject("pdf")
    assert normalize_subject("价格的") == normalize_subject("价格")
    assert normalize_subject("the Prices") == normalize_subject("price")
    assert normalize_subject("address") == "address"  # "ss" is not a plural
    assert normalize_subject("顺丰", ALIASES) == normalize_subject("SF Express")


def test_subjects_match_by_substring_in_both_languages() -> None:
    assert subjects_match(normalize_subject("顺丰"), normalize_subject("顺丰快递"))
    assert subjects_match(normalize_subject("PDF"), normalize_subject("pdf format"))
    assert not subjects_match(normalize_subject("ship"), normalize_subject("relationship"))
    assert not subjects_match(normalize_subject("价"), normalize_subject("代价"))
    assert not subjects_match(normalize_subject("顺丰"), normalize_subject("圆通"))


def test_opposite_polarity_later_wins_with_both_sides_verbatim() -> None:
    led = Ledger()
    led.add(rule("用顺丰", "require", "顺丰"), 5)
    res = led.add(rule("不用顺丰快递", "forbid", "顺丰快递"), 15)
    [c] = res.conflicts
    assert (c.earlier.text, c.earlier.turn) == ("用顺丰", 5)
    assert (c.later.text, c.later.turn) == ("不用顺丰快递", 15)
    assert c.resolution == "later_wins"
    assert [e.text for e in led.active()] == ["不用顺丰快递"]
    assert led.entries[0].status == "superseded" and led.entries[0].status_by == "c2"


def test_earlier_stands_keeps_the_first_rule_active() -> None:
    led = Ledger()
    led.add(rule("用顺丰", "require", "顺丰"), 5)
    res = led.add(rule("不用顺丰", "forbid", "顺丰"), 15, earlier_stands=True)
    assert res.conflicts[0].resolution == "earlier_stands"
    assert [e.text for e in led.active()] == ["用顺丰"]
    assert led.entries[1].status == "superseded"


def test_reinstate_earlier_flips_a_resolved_conflict() -> None:
    led = Ledger()
    led.add(rule("用顺丰", "require", "顺丰"), 5)
    [c] = led.add(rule("不用顺丰", "forbid", "顺丰"), 15).conflicts
    changes = led.reinstate_earlier(c, 16)
    assert [(ch.entry, ch.new) for ch in changes] == [("c2", "superseded"), ("c1", "active")]
    assert [e.text for e in led.active()] == ["用顺丰"]
    assert c.resolution == "earlier_stands" and c.turn == 16


def test_revocation_sets_revoked_without_a_conflict() -> None:
    led = Ledger()
    led.add(rule("不要显示价格", "forbid", "价格"), 5)
    res = led.add(rule("可以显示价格了", "prefer", "价格", revokes=True), 20)
    assert res.conflicts == []
    assert led.entries[0].status == "revoked" and led.entries[0].status_turn == 20
    # Imposing the rule again replaces the permission quietly.
    again = led.add(rule("还是不要显示价格", "forbid", "价格"), 22)
    assert again.conflicts == []
    assert [e.text for e in led.active()] == ["还是不要显示价格"]


def test_restating_a_rule_refreshes_instead_of_duplicating() -> None:
    led = Ledger()
    led.add(rule("不要显示价格", "forbid", "价格"), 5)
    res = led.add(rule("不要显示价格", "forbid", "价格"), 9)
    assert res.entry is None and res.restated == "c1"
    assert len(led.entries) == 1 and led.entries[0].last_turn == 9


def test_same_polarity_different_subjects_coexist() -> None:
    led = Ledger()
    led.add(rule("只用简体中文", "only", "简体中文"), 2)
    led.add(rule("never export as PDF", "forbid", "PDF"), 3)
    led.add(rule("export as Excel", "require", "excel"), 4)
    assert len(led.active()) == 3 and led.conflicts == []


def test_keep_earlier_cues() -> None:
    assert says_earlier_stands(["算了，还是按原来的吧"])
    assert says_earlier_stands(["Let's keep the original plan"])
    assert not says_earlier_stands(["用顺丰"])


@given(st.lists(st.tuples(st.booleans(), st.sampled_from(["顺丰", "价格", "pdf"])), max_size=30))
def test_the_last_rule_on_a_subject_is_the_only_active_one(ops: list[tuple[bool, str]]) -> None:
    led = Ledger()
    for turn, (forbid, subject) in enumerate(ops, start=1):
        text = ("不要" if forbid else "要") + subject
        led.add(rule(text, "forbid" if forbid else "require", subject), turn)
    for subject in {s for _, s in ops}:
        active = [e for e in led.active() if e.subject == subject]
        last_forbid = [f for f, s in ops if s == subject][-1]
        # Later wins: exactly one rule on the subject is in force, the last one given.
        assert [e.polarity for e in active] == ["forbid" if last_forbid else "require"]
