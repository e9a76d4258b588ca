"""Rules changed, excepted or narrowed in English (review round 7): a limit named and given a
new value ("The 48-minute cap is now 50 minutes", "Loosen the 48-minute cap to 50"), a new
limit for one item ("Episode 212 can run to 55 minutes"), an exception for a scope ("Sundays
are fine for site 104", "You may name participants in internal notes", "You can trim the intro
music a bit"), a narrowing with "only" ("tickets only for prod DAGs"). Each with look-alikes that
must leave the rule as it was: another limit ("the backfill limit"), a question, a remark, a
permission naming another thing, an only-rule of its own."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _shown(*turns: str) -> list[str]:
    """The rules the block shows after `turns` and one more user turn."""
    s = LedgerSession(*turns, "Next?")
    return [e.text for e in s.d.state.ledger.in_force(s.turns)]


EPISODE = "Keep each episode under 48 minutes."
PAGING = "Never page the on-call after midnight for a P3."
WEEKEND = "Never schedule a visit on a weekend."
NAMES = "Never put participant names in emails."
MUSIC = "Don't touch the intro music."
TICKET = "Always open an incident ticket before you rerun a DAG."


# ---------------------------------------------------------------- a limit given a new value


@pytest.mark.parametrize(
    "change",
    [
        "The 48-minute cap is now 50 minutes.",
        "Loosen the 48-minute cap to 50.",
        "Relax the episode limit to 50 minutes.",
        "Extend the 48-minute limit to 55.",
        "The episode cap is now 55 minutes.",
        "Tighten the 48-minute cap to 45.",
        "OK, the 48-minute limit is now 52 minutes under the new format.",
        "Raise the limit to 50 minutes.",
    ],
)
def test_limit_named_with_a_new_value_replaces_the_rule(change: str) -> None:
    s = LedgerSession(EPISODE, change)
    assert s.status(EPISODE) == "superseded"
    assert _shown(EPISODE, change) == [change]


@pytest.mark.parametrize(
    "said",
    [
        "The 9-hour cap is now 10 hours.",
        "Bump the backfill limit to 14 days.",
        "Relax the backfill limit to 20 days.",
        "Is the 48-minute cap now 50?",
        "The 30-minute cap is now 40 minutes.",
        "Loosen up a bit.",
    ],
)
def test_another_limit_or_a_question_keeps_the_rule(said: str) -> None:
    assert EPISODE in _shown(EPISODE, said)


@pytest.mark.parametrize(
    "change",
    [
        "Bump the backfill limit to 14 days, we upgraded the warehouse.",
        "Raise the limit to 50.",
        "The cap is now 50.",
    ],
)
def test_a_limit_does_not_supersede_a_rule_whose_number_names_a_thing(change: str) -> None:
    # "P3" is a priority's name, no limit a change of one moves.
    s = LedgerSession(PAGING, change)
    assert s.status(PAGING) == "active" and s.conflicts() == []


@pytest.mark.parametrize(
    "item",
    [
        "Episode 212 can run to 55 minutes.",
        "The bonus episode can run to 55 minutes.",
        "The next episode can go up to 55 minutes.",
        "Episode #213 can run to 52 minutes, it's a two-parter.",
    ],
)
def test_a_new_limit_for_one_item_is_kept_beside_the_rule(item: str) -> None:
    shown = _shown(EPISODE, item)
    assert EPISODE in shown and any(item.split(",")[0].rstrip(".") in t for t in shown)


def test_a_new_limit_for_every_item_replaces_the_rule() -> None:
    assert EPISODE not in _shown(EPISODE, "Episodes can run to 55 minutes now.")


# ---------------------------------------------------------------- an exception for a scope


@pytest.mark.parametrize(
    ("rule", "exception"),
    [
        (WEEKEND, "Saturday visits are fine for site 104."),
        (WEEKEND, "Sundays are fine for site 212."),
        (NAMES, "You may name participants in internal notes."),
        (
            "Only use participant IDs in messages, never names.",
            "It's fine to use first names with the site coordinator.",
        ),
        (MUSIC, "You can trim the intro music a bit."),
        (MUSIC, "Actually you can shorten the intro music to 10 seconds."),
        (MUSIC, "You can change the intro music for the finale."),
        (NAMES, "It's fine to put participant names in the audit log."),
    ],
)
def test_an_exception_is_kept_beside_the_rule(rule: str, exception: str) -> None:
    shown = _shown(rule, exception)
    assert rule in shown and exception in shown


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (WEEKEND, "Saturday was fine for site 104."),
        (WEEKEND, "Site 104 is fine."),
        (MUSIC, "The intro music is fine."),
        (MUSIC, "You can tell me if the intro music is too long."),
        (NAMES, "You may name the files in internal notes."),
        (NAMES, "You can email participants in internal notes?"),
        (MUSIC, "You can trim the outro a bit."),
    ],
)
def test_a_remark_beside_the_rule_is_no_exception(rule: str, said: str) -> None:
    assert _shown(rule, said) == [rule]


# ---------------------------------------------------------------- a narrowing with "only"


@pytest.mark.parametrize(
    ("rule", "narrowing"),
    [
        (TICKET, "From now on, tickets only for prod DAGs."),
        (TICKET, "Tickets only for prod DAGs."),
        (TICKET, "The ticket rule only applies to prod DAGs."),
        (
            "Don't run payroll without my sign-off.",
            "The sign-off rule only applies to regular runs.",
        ),
        (
            "Never produce documents with native metadata.",
            "Actually, strip metadata only from emails.",
        ),
        (TICKET, "OK, incident tickets only for prod DAGs going forward."),
    ],
)
def test_a_narrowing_is_kept_with_the_rule(rule: str, narrowing: str) -> None:
    shown = _shown(rule, narrowing)
    assert rule in shown and narrowing in shown


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (TICKET, "Tickets only for prod DAGs?"),
        (TICKET, "Coffee only for guests."),
        (TICKET, "I only work on Mondays."),
        (TICKET, "The sign-off rule only applies to regular runs."),
        (PAGING, "Tickets only for prod DAGs."),
    ],
)
def test_a_narrowing_of_no_rule_in_force_is_dropped(rule: str, said: str) -> None:
    assert _shown(rule, said) == [rule]


def test_an_only_rule_said_again_still_replaces_the_earlier() -> None:
    assert _shown("Reply only in English.", "Reply only in French.") == ["Reply only in French."]
