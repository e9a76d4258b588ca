"""English garbage of round 7, with its look-alikes: a past opinion or a habit told with
"never"/"always" is no rule (where "Always cc me" is); "I'd rather you never …" is one rule, not
two in conflict; "Assign X to Y instead of Z" acts on records once (where "Use X instead of Y"
holds); "Make it <words>" with nothing of its kind held fills no slot named "unspecified"
(where "Make it 3 people" sets the party); "Her name is on the contract" names nobody (where
"Her name is Anna Lee" does).
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, rules_text, section

from ctxengine.compaction.constraints import extract_constraints


def _rules(text: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.subject) for c in extract_constraints(text)]


def _after(*user: str) -> str:
    msgs: list[str] = []
    for m in user:
        msgs += [m, "OK."]
    return block(*msgs, "Go.")


# --- a past opinion or a habit is no rule ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I never liked the old intro anyway.",
        "We never wanted the extra mics anyway.",
        "He never replied to the invite.",
        "You never answered my question about the fee.",
        "My manager always forgets to approve overtime on time.",
        "The vendor always sends invoices late.",
        "Our auditor always asks for the raw logs.",
        "She always double-books the room.",
        "They always ask for receipts.",
        "You always forget the footer.",
        "You always pad the intro too much.",
    ],
)
def test_told_not_ruled(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Always cc me.", ("require", "cc me")),
        ("Never email me on weekends.", ("forbid", "email me on weekends")),
        ("Please never cc the sponsor.", ("forbid", "cc the sponsor")),
        ("Always double-check the totals.", ("require", "double-check the totals")),
        (
            "Always run the linter before you commit.",
            ("require", "run the linter before you commit"),
        ),
        ("I never want calls after 9.", ("forbid", "want calls after 9")),
        ("The export should always be 48 kHz.", ("require", "48 khz")),
    ],
)
def test_rules_with_always_never_still_read(text: str, rule: tuple[str, str]) -> None:
    assert rule in _rules(text)


def test_make_sure_habit_word_still_a_rule() -> None:
    assert _rules("Make sure the report always includes totals.")[0][0] == "require"


def test_habit_in_block_has_no_constraints() -> None:
    assert not section(_after("The DAG always fails on the first of the month."), "constraints")


# --- "I'd rather you never …": one rule ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'd rather you never email me on weekends.",
        "We'd rather you never call before 9.",
        "I'd rather you never round the totals.",
    ],
)
def test_rather_never_is_one_forbid(text: str) -> None:
    rules = _rules(text)
    assert len(rules) == 1 and rules[0][0] == "forbid"


@pytest.mark.parametrize(
    "text", ["I'd rather you never email me on weekends.", "We'd rather you never call before 9."]
)
def test_rather_never_not_in_conflict(text: str) -> None:
    shown = _after(text)
    assert rules_text(shown) and not section(shown, "conflicts")


@pytest.mark.parametrize("text", ["I'd rather use Slack.", "I'd rather you used Slack."])
def test_rather_alone_still_prefers(text: str) -> None:
    assert [p for p, _ in _rules(text)] == ["prefer"]


# --- a one-off swap of records ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Assign FO-5512 to PR-0603-006 instead of FO-5519.",
        "Reassign PR-0603-006 to FO-5512 instead of FO-5519.",
        "Move PR-0603-006 to FO-5512 instead of FO-5519.",
        "Book FO-5512 on PR-0603-007 instead of FO-5519.",
        "Send the invoice to AP-2231 instead of AP-1100.",
    ],
)
def test_one_off_swap_is_no_rule(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(
    ("text", "kept", "not_"),
    [
        ("Use pnpm instead of npm.", "pnpm", "npm"),
        ("Export to CSV instead of XLSX.", "csv", "xlsx"),
        ("Reply in English instead of French.", "english", "french"),
        ("Use FO-5512 instead of FO-5519.", "fo-5512", "fo-5519"),
    ],
)
def test_standing_instead_still_a_rule(text: str, kept: str, not_: str) -> None:
    rules = _rules(text)
    assert ("require", kept) in rules and ("forbid", not_) in rules


# --- "Make it <words>" with nothing of its kind held --------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        (
            "Set her federal withholding to single with 2 allowances.",
            "Make it married filing jointly.",
        ),
        ("Make it a suite.",),
        ("Make it refundable.",),
    ],
)
def test_make_it_words_no_unspecified_slot(said: tuple[str, ...]) -> None:
    assert "unspecified" not in current_text(_after(*said))


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (("Book a table for 2 at 7pm.", "Make it 3 people."), "people=3 people"),
        (("Book a table for 2 at 7pm.", "Make it 8pm."), "time=8pm"),
        (("Set the priority to P2.", "Make it P1."), "priority=P1"),
    ],
)
def test_make_it_value_still_sets(said: tuple[str, ...], line: str) -> None:
    assert line in current_text(_after(*said))


# --- "name is" + where, not a name ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Her name is on the old contract.",
        "His name is spelled wrong on the badge.",
        "The client's name is in the old contract.",
        "The recipient name is under the old account.",
        "His name is missing from the list.",
    ],
)
def test_where_a_name_is_fills_no_slot(text: str) -> None:
    assert "=" not in current_text(_after(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Her name is Anna Lee.", "Anna Lee"),
        ("My name is Tom.", "Tom"),
        ("Send it to my sister, her name is Maria Costa.", "Maria Costa"),
    ],
)
def test_a_name_still_read(text: str, value: str) -> None:
    assert f"={value}" in current_text(_after(text))
