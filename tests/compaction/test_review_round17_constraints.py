"""Defects a review of English sessions found in permissions: a permission that only names a
rule's subject lifted the rule, a permission with a limit lost the limit, a widening or an
exception was lost, "You don't need to X" was read as "forbid X", and rules were cut at a
comma from their contrast, their condition or their object."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession

# 1. A permission lifts a rule only when what it permits is the forbidden action.


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Never push to main.", "Feel free to ask me before you push to main."),
        ("Don't use pandas.", "Feel free to suggest alternatives to pandas."),
        ("Don't use pandas.", "Feel free to read about pandas."),
        ("Never mention prices.", "It's fine to ask me about prices."),
        ("Don't use emojis.", "Feel free to explain why emojis are bad."),
        ("Never delete the logs.", "It's ok to archive the logs before you delete them."),
        ("Don't use numpy.", "Feel free to compare numpy with other libraries."),
        ("Never commit to the release branch.", "Feel free to review the release branch."),
    ],
)
def test_a_permission_about_the_subject_lifts_no_rule(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "active"


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Never push to main.", "Feel free to push to main."),
        ("Don't use pandas.", "Feel free to use pandas."),
        ("Don't use pandas.", "It's fine to use pandas now."),
        ("Never mention prices.", "Feel free to mention prices."),
        ("Don't use emojis.", "You can use emojis again."),
        ("Don't use pandas.", "Actually, you can use pandas now — we already depend on it."),
    ],
)
def test_a_permission_of_the_forbidden_action_lifts_it(rule: str, permission: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "revoked"
    assert s.active() == [permission]


# 2. A permission with a limit of its own narrows the rule; its sentence is kept whole.


@pytest.mark.parametrize(
    ("rule", "permission"),
    [
        ("Don't use pandas.", "You can use pandas in the notebook, but not in src/."),
        ("Don't use pandas.", "Feel free to use pandas in scripts, but never in the library."),
        ("Never use emojis.", "You can use emojis in the changelog, but nowhere else."),
        ("Don't use pandas.", "You can use pandas, but only in the notebook."),
    ],
)
def test_a_limited_permission_supersedes_the_rule_with_its_whole_sentence(
    rule: str, permission: str
) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == "superseded"
    assert s.active() == [permission]
    assert s.conflicts() == [(rule, permission, "later_wins")]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Only run the unit tests, not the integration suite.", None),
        ("Only touch src/app.py, not src/credits.py.", None),
        ("Never use tabs, not even in Makefiles.", None),
        ("If you can't avoid pandas, tell me first.", None),
        ("If you must use pandas, don't import it at module level.", None),
        ("When in doubt, never push to main.", None),
        ("You can tell me what travel insurance would cost, just don't add it.", None),
        (
            "OK. Only run the unit tests, not the integration suite.",
            "Only run the unit tests, not the integration suite.",
        ),
    ],
)
def test_a_rule_keeps_its_contrast_condition_and_object(text: str, kept: str | None) -> None:
    assert [c.text for c in extract_constraints(text)] == [kept or text]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Don't use pandas, we want to keep dependencies light.", "Don't use pandas"),
        ("Only book hotels, not to worry.", "Only book hotels"),
        ("If you have a minute, could you check the logs?", None),
        ("If it rains, we stay home.", None),
        ("Never use tabs, I hate them.", "Never use tabs"),
        ("I don't need to run black.", None),
        ("When it rains, we stay home.", None),
        ("If you like, never mind.", None),
    ],
)
def test_look_alikes_keep_their_own_clause(text: str, rule: str | None) -> None:
    assert [c.text for c in extract_constraints(text)] == ([rule] if rule else [])


# 3. Widening and exceptions are recorded; a restated wider only-rule supersedes.


@pytest.mark.parametrize(
    ("rule", "widening"),
    [
        (
            "Only touch src/app.py and src/rounding.py.",
            "Also you may edit src/credits.py now, not just the two files.",
        ),
        ("Only touch src/app.py.", "You can also edit src/credits.py."),
        ("Only touch src/app.py.", "You may edit src/credits.py too."),
        ("Only edit README.md.", "You can also edit CHANGELOG.md."),
    ],
)
def test_a_widening_permission_is_kept_beside_the_only_rule(rule: str, widening: str) -> None:
    s = LedgerSession(rule, widening)
    assert s.active() == [rule, widening]


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("Only touch src/app.py.", "You can also use pandas."),
        ("Only reply in English.", "You can also ask me questions."),
        ("Only touch src/app.py.", "You may also want to rest."),
        ("Never use tabs.", "You may also touch src/credits.py."),
    ],
)
def test_a_permission_of_another_kind_widens_nothing(rule: str, other: str) -> None:
    assert LedgerSession(rule, other).active() == [rule]


@pytest.mark.parametrize(
    ("rule", "exception"),
    [
        (
            "Never modify files under tests/.",
            "You can modify tests/conftest.py, but only that file.",
        ),
        (
            "Never modify files under docs/.",
            "You can modify docs/index.md, but nothing else there.",
        ),
        (
            "Always run black before committing.",
            "You don't need to run black on the generated files.",
        ),
        ("Always cc my manager on emails.", "No need to cc my manager on emails to the team."),
        ("Always run the full test suite.", "You don't have to run the full test suite for docs."),
    ],
)
def test_an_exception_is_kept_beside_the_rule(rule: str, exception: str) -> None:
    s = LedgerSession(rule, exception)
    assert s.active() == [rule, exception]
    assert s.conflicts() == []


def test_you_dont_need_to_is_no_prohibition() -> None:
    (c,) = extract_constraints("You don't need to run black on the generated files.")
    assert c.polarity == "require" and c.revokes
    s = LedgerSession("Always run black.", "You don't need to run black.")
    assert s.status("Always run black.") == "revoked"
    # With no rule it relaxes, it is a remark.
    assert LedgerSession("You don't need to book a table.").active() == []


@pytest.mark.parametrize(
    ("narrow", "wide"),
    [
        ("Only touch src/app.py.", "Only touch src/app.py and src/rounding.py."),
        ("Only edit README.md.", "Only edit README.md or CHANGELOG.md."),
        ("Only reply in English.", "Only reply in English and French."),
    ],
)
def test_a_restated_wider_only_rule_supersedes(narrow: str, wide: str) -> None:
    s = LedgerSession(narrow, wide)
    assert s.status(narrow) == "superseded"
    assert s.active() == [wide]
    assert s.conflicts() == [(narrow, wide, "later_wins")]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Only use Python.", "Only use Python 3.12 syntax and type hints."),
        ("Only reply in English.", "Only reply in markdown and plain text."),
    ],
)
def test_an_only_rule_that_adds_another_kind_supersedes_nothing(first: str, second: str) -> None:
    assert LedgerSession(first, second).active() == [first, second]
