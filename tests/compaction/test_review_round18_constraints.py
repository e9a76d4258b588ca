"""Defects a review of English sessions found in rules: an assistant's acknowledgement that
said "no" or "but" relaxed the user's rule, a prohibition stayed in force after the user said
the thing was fine again, the second rule of a sentence joined by ", and" was lost, limited
permissions ("this once", a part of a path, skipping a step for some commits) were dropped, and
"use 10 retries, not 8" was read as a rule."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession

# 1. A reply relaxes a rule only when it says the rule cannot be met.


@pytest.mark.parametrize(
    ("rule", "reply"),
    [
        (
            "Always run the linter before committing.",
            "Sure, I'll always run it. There is no linter config yet, but I'll use the defaults.",
        ),
        (
            "Only use the staging cluster for this deploy.",
            "Understood, no production, only staging.",
        ),
        ("I prefer a window seat.", "Sure. Note there is no extra fee for window seats."),
        ("I prefer a window seat.", "Noted, but I can't promise anything, not every plane varies."),
        ("Only use Python for the scripts.", "Got it, no shell scripts, only Python."),
        ("Always reply in English.", "Sure, I will. No problem at all."),
        ("I prefer vegetarian dishes.", "Noted, no meat then, but the soup has some butter."),
        ("Only touch src/app.py.", "OK, only that file, not the tests."),
    ],
)
def test_an_acknowledgement_relaxes_no_rule(rule: str, reply: str) -> None:
    s = LedgerSession((rule, reply), "Go ahead and run the tests.")
    assert s.status(rule) == "active"


@pytest.mark.parametrize(
    ("rule", "reply"),
    [
        (
            "I prefer a window seat.",
            "Sorry, no window seats are available, I booked an aisle seat.",
        ),
        ("I prefer a window seat.", "Unfortunately window seats are sold out on that flight."),
        (
            "Only book a five-star hotel.",
            "No hotel meets your requirements, the closest is 4-star.",
        ),
        ("I prefer an aisle seat.", "I couldn't find an aisle seat on that flight, sorry."),
        ("I prefer a quiet room.", "Sorry, there is no quiet room available, but room 12 is free."),
        ("只要五星级的酒店。", "没有符合您要求的五星级酒店，推荐四星级的。"),
        ("只要五星级的酒店。", "抱歉，找不到五星级的酒店，推荐您去四星级的。"),
        ("I prefer a hotel with a pool.", "None of the hotels have a pool, the best match is X."),
    ],
)
def test_a_reply_that_says_the_rule_cannot_be_met_relaxes_it(rule: str, reply: str) -> None:
    s = LedgerSession((rule, reply), "OK, book it.")
    assert s.status(rule.removesuffix("。")) == "relaxed"


def test_a_chinese_acknowledgement_relaxes_no_rule() -> None:
    s = LedgerSession(("只要五星级的酒店。", "好的，只要五星级的，没有问题。"), "好的，就订这家。")
    assert s.status("只要五星级的酒店") == "active"


def test_a_declined_rule_turned_down_stays() -> None:
    rule = "I prefer a window seat."
    s = LedgerSession(
        (rule, "Sorry, no window seats are available."), "No, I really want a window seat."
    )
    assert s.status(rule) == "active"


# 2. "X is fine", "go ahead and use X", "let's go back to X after all" lift a prohibition on X.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Don't ship it with FedEx.", "Actually, FedEx is fine, go ahead and use FedEx."),
        ("Don't ship it with FedEx.", "Go ahead and use FedEx."),
        ("Don't ship it with FedEx.", "Actually, FedEx is fine."),
        ("Never pay with PayPal.", "Go ahead and use PayPal."),
        ("Don't use pandas.", "Actually, pandas is fine with me."),
        ("I don't want an exchange.", "Wait, let's go back to the exchange after all."),
        ("Never push directly to main.", "You can push to main now."),
        ("Don't ever call the client.", "You can call the client now."),
    ],
)
def test_a_lift_of_the_rule_s_thing_revokes_it(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "revoked"
    assert s.active() == [lift]
    assert s.conflicts() == []


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Don't ship it with FedEx.", "Go ahead and use UPS."),
        ("Don't ship it with FedEx.", "FedEx is fine."),  # no change of mind said
        ("Don't ship it with FedEx.", "Actually, is FedEx fine?"),
        ("Never ship with FedEx.", "Go ahead and use the FedEx box."),
        ("Never pay with PayPal.", "Actually, the card is fine."),
        ("I don't want an exchange.", "Let's go back to the hotel after all."),
        ("Never push to main.", "You can push to staging now."),
        ("Don't use pandas.", "Actually, it is fine."),
    ],
)
def test_a_lift_of_something_else_keeps_the_rule(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "active"


def test_the_refund_session_keeps_the_exchange() -> None:
    first = "Actually, I don't want an exchange, I want a full refund instead."
    s = LedgerSession(first, "Wait, let's go back to the exchange after all. Cancel the refund.")
    assert "Actually, I don't want an exchange" not in s.active()


# 3. Two cues joined by ", and": two rules.


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "Always run `make test` before you commit, and only use the feature branch "
            "fix/oom-retry.",
            "feature branch fix/oom-retry",
        ),
        ("Always run tests, and only use the feature branch.", "feature branch"),
        ("Reply in French, and only use metric units.", "metric units"),
        ("Never push to main, but only deploy from CI.", "deploy from ci"),
        ("Always cc Bob, and only email the team list.", "email the team list"),
    ],
)
def test_a_joined_only_rule_is_a_rule(text: str, second: str) -> None:
    only = [c for c in extract_constraints(text) if c.polarity == "only"]
    assert [c.subject.lower() for c in only] == [second]


@pytest.mark.parametrize(
    "text",
    [
        "I have two cards, and only one works.",
        "We tried it, and only then it worked.",
        "I like it, and only use it on weekends.",
        "We deploy on Fridays, and only run the smoke tests.",
        "The shop opens at 9, and only sells bread.",
    ],
)
def test_a_joined_only_that_is_no_instruction_is_no_rule(text: str) -> None:
    assert [c for c in extract_constraints(text) if c.polarity == "only"] == []


# 4. Limited permissions: an exception beside the rule.


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Never push directly to main.", "You can push to main this once."),
        (
            "Never push directly to main.",
            "You may push to main this once for the hotfix, since CI is green.",
        ),
        ("Never push to main.", "You can push to main just this once."),
        (
            "Don't touch anything under infra/terraform/.",
            "You can touch infra/terraform/staging/ now.",
        ),
        ("Never modify files under tests/.", "You can modify tests/conftest.py now."),
        (
            "Always run make test before you commit.",
            "OK, you can skip make test for docs-only commits from now on.",
        ),
        ("Always run the linter before committing.", "You can skip the linter this time."),
        ("Don't call the client.", "You can call the client today."),
    ],
)
def test_a_limited_permission_is_kept_beside_the_rule(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "active"
    assert s.active() == [rule, permission]
    assert s.conflicts() == []


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Always run make test before you commit.", "You can skip make test now."),
        ("Always run the linter before committing.", "You can skip the linter."),
    ],
)
def test_skipping_the_whole_step_lifts_the_rule(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "revoked"


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Always run make test before you commit.", "You can skip the intro."),
        ("Never push to main.", "You can push to staging this once."),
        ("Don't touch anything under infra/terraform/.", "You can touch src/app.py now."),
        ("Never modify files under tests/.", "You can read the docs now."),
    ],
)
def test_a_permission_about_something_else_is_no_rule(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "active"
    assert s.active() == [rule]


# 5. "use N X, not M": a value changed, no rule.


@pytest.mark.parametrize(
    "text",
    [
        "Actually use 10 retries, not 8.",
        "Actually, set the timeout to 30 seconds, not 60.",
        "Actually, book 2 rooms, not 3.",
        "You can use 3 workers, not 8.",
        "Actually use 4 threads, not two.",
    ],
)
def test_a_number_corrected_is_no_rule(text: str) -> None:
    assert extract_constraints(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Actually use Postgres, not MySQL.",
        "You can use pandas now, but not in src/.",
        "Actually use pandas 2, not numpy.",
    ],
)
def test_a_thing_contrasted_is_still_a_rule(text: str) -> None:
    assert extract_constraints(text) != []


def test_the_retries_session_has_no_rule() -> None:
    s = LedgerSession("Set MAX_RETRIES to 8.", "Actually use 10 retries, not 8.")
    assert s.active() == []
