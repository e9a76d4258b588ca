"""Rules lifted in English by naming them (review round 7): by their topic ("Scratch that rule
about paging", "The paging rule no longer applies", "Disregard what I said about paging"), by
an order to stop what a requirement asks ("Stop cc'ing Priya", "Quit copying Priya"), by what
the rule kept from being done, allowed again ("Weekend visits are allowed again", "Go ahead and
page for P3s too"). Each with its look-alikes that must lift nothing: another topic, a question,
a past report, a negated lift, an approval of a thing, a lift naming only the rule's verb. A
rule is never dropped by a lift that does not name it."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _shown(*turns: str) -> list[str]:
    """The rules the block shows after `turns` and one more user turn."""
    s = LedgerSession(*turns, "Next?")
    return [e.text for e in s.d.state.ledger.in_force(s.turns)]


PAGING = "Never page the on-call after midnight for a P3."
CC = "Always cc Priya on incident updates."
WEEKEND = "Never schedule a visit on a weekend."


# ---------------------------------------------------------------- a rule named by its topic


@pytest.mark.parametrize(
    "lift",
    [
        "Scratch the rule about paging.",
        "Forget what I said about paging.",
        "Drop the paging rule, we have a new rota.",
        "Ignore my earlier rule about paging.",
        "That paging rule is off now.",
        "The paging rule doesn't apply anymore.",
        "OK, the paging rule no longer applies.",
        "Please disregard the paging restriction.",
        "Never mind the rule about paging.",
    ],
)
def test_rule_named_by_topic_is_lifted(lift: str) -> None:
    s = LedgerSession(PAGING, lift)
    assert s.status(PAGING) == "revoked"
    assert PAGING not in _shown(PAGING, lift)


@pytest.mark.parametrize(
    "said",
    [
        "Is the paging rule still on?",
        "Don't drop the paging rule.",
        "Scratch that rule about the budget.",
        "Disregard what I said about the invoices.",
        "Ignore the typo.",
        "The paging rule is important.",
        "We dropped the paging rule at my last job.",
        "Forget what I said about paging the DBA.",
        "Never mind, the paging can wait.",
    ],
)
def test_other_topic_or_no_lift_keeps_the_rule(said: str) -> None:
    assert PAGING in _shown(PAGING, said)


def test_a_named_lift_drops_only_the_rule_it_names() -> None:
    shown = _shown(PAGING, CC, "Scratch that rule about paging.")
    assert PAGING not in shown and CC in shown


def test_a_named_lift_of_metadata_keeps_the_paging_rule() -> None:
    rule = "Never produce documents with native metadata intact."
    shown = _shown(rule, PAGING, "Ignore my earlier instruction about metadata.")
    assert rule not in shown and PAGING in shown


# ---------------------------------------------------------------- an order to stop what a rule asks


@pytest.mark.parametrize(
    "stop",
    [
        "Stop cc'ing Priya.",
        "Please stop ccing Priya on those.",
        "OK, quit cc'ing Priya.",
        "Stop copying Priya on incident updates.",
        "Quit copying Priya, she's on leave.",
    ],
)
def test_stop_doing_what_a_requirement_asks_lifts_it(stop: str) -> None:
    s = LedgerSession(CC, stop)
    assert s.status(CC) == "revoked"
    assert CC not in _shown(CC, stop)


@pytest.mark.parametrize(
    "said",
    [
        "We stopped cc'ing him last year.",
        "Can you stop cc'ing Priya?",
        "Stop cc'ing Marco.",
        "Stop asking me before each rerun.",
        "I quit copying Priya ages ago.",
        "Quit asking about the rota.",
    ],
)
def test_stop_look_alikes_keep_the_requirement(said: str) -> None:
    assert CC in _shown(CC, said)


def test_quit_alone_is_a_rule_of_its_own() -> None:
    # With no requirement to lift, "Quit …ing" orders what "Stop …ing" does.
    assert _shown("Quit copying legal on the drafts.") == ["Quit copying legal on the drafts."]


# ---------------------------------------------------------------- allowed again


@pytest.mark.parametrize(
    "lift",
    [
        "Weekend visits are allowed again.",
        "Weekends are OK now.",
        "Weekends are fine now.",
        "You can schedule weekend visits again.",
        "Go ahead and schedule weekend visits.",
    ],
)
def test_what_a_rule_kept_from_allowed_lifts_it(lift: str) -> None:
    assert WEEKEND not in _shown(WEEKEND, lift)


@pytest.mark.parametrize(
    "said",
    [
        "Weekday visits are allowed again.",
        "Evening visits are OK now.",
        "Is the weekend rule still on?",
        "The weekend was fine.",
        "Visits are fine now.",
        "You can schedule weekend visits at site 104 again.",
    ],
)
def test_allowed_look_alikes_keep_the_rule(said: str) -> None:
    assert WEEKEND in _shown(WEEKEND, said)


def test_go_ahead_naming_the_rules_scope_lifts_it() -> None:
    assert PAGING not in _shown(PAGING, "Go ahead and page for P3s too.")


@pytest.mark.parametrize(
    "said", ["Go ahead and page the DBA.", "Go ahead and page for P2s.", "The P3s look fine now."]
)
def test_go_ahead_naming_only_the_verb_or_another_thing_keeps_the_rule(said: str) -> None:
    assert PAGING in _shown(PAGING, said)
