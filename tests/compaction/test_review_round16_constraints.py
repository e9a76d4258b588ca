"""Defects a review of English sessions found in the constraint ledger: rules lifted in plain
words, file names cut at their dot, rules no cue word starts, contradicting only-rules, and
the words before a rule's comma."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession


def rules(text: str) -> list[tuple[str, str, str]]:
    return [(c.polarity, c.subject, c.text) for c in extract_constraints(text)]


# 1. A rule lifted in plain words is revoked; the later words win.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Don't use pandas.", "Actually, you can use pandas now."),
        ("No, I don't want travel insurance.", "Actually, add travel insurance after all."),
        ("Never mention the price.", "You can mention the price now."),
        ("Don't use emojis.", "Emojis are fine now."),
        ("Never cc my manager.", "Go ahead and cc my manager."),
        ("I don't want a window seat.", "I want a window seat after all."),
        ("Don't use pandas for parsing.", "You may use pandas now."),
        ("Don't use pandas.", "OK, you can use pandas for the parser."),
        ("不要用pandas", "可以用pandas"),
        ("不要旅行保险", "还是加上旅行保险吧"),
        ("别用表情", "你可以用表情"),
    ],
)
def test_a_rule_lifted_in_plain_words_is_revoked(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(rule) == "revoked"
    assert s.active() == [lift]
    assert ("c1", "revoked") in s.changes()
    assert rule not in s.block()


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("Don't use pandas.", "You can also use numpy."),
        ("Don't use pandas.", "You can use numpy instead of pandas."),
        ("Don't use pandas.", "Can you use pandas?"),
        ("Don't use pandas.", "If you can use pandas, tell me."),
        ("Don't use pandas.", "Actually, the pandas version is 2.1."),
        ("Never mention the budget.", "Actually, the budget is $50."),
        ("No, I don't want travel insurance.", "Actually, add a checked bag after all."),
        ("Don't use pandas.", "Actually, don't use numpy either."),
        ("不要用pandas", "你可以用pandas吗？"),
        ("不要用pandas", "我们可以用numpy"),
        ("不要旅行保险", "你要咖啡还是要茶？"),
    ],
)
def test_look_alikes_lift_no_rule(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(rule) == "active"
    assert not [c for c in s.changes() if c[0] == "c1"]


@pytest.mark.parametrize(
    "text",
    [
        "You can also use numpy.",
        "Actually, add travel insurance after all.",
        "You can proceed with booking.",
        "Okay, I need to schedule a visit now.",
        "Go ahead and start making the reservation.",
        "还是用顺丰吧",
        "可以用pandas",
    ],
)
def test_plain_words_that_lift_nothing_are_no_rule(text: str) -> None:
    assert LedgerSession(text).entries == []


def test_the_review_session_keeps_only_what_still_holds() -> None:
    s = LedgerSession(
        "Never modify files under tests/.",
        "Don't use pandas.",
        "Feel free to modify files under tests/ now.",
        "Actually, you can use pandas now.",
    )
    assert s.active() == [
        "Feel free to modify files under tests/ now.",
        "Actually, you can use pandas now.",
    ]
    assert sorted(s.changes()) == [("c1", "revoked"), ("c2", "revoked")]


# 2. A file name, a version or a domain stays whole in a rule's subject.


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Never modify src/app.py.", "modify src/app.py"),
        ("Don't touch config/settings.yaml.", "touch config/settings.yaml"),
        ("Never edit tests/conftest.py by hand.", "edit tests/conftest.py by hand"),
        ("Don't call foo.bar() directly.", "call foo.bar() directly"),
        ("Never downgrade below v1.2.3.", "downgrade below v1.2.3"),
        ("Don't link to example.com.", "link to example.com"),
        ("Feel free to modify src/app.json.", "modify src/app.json"),
        ("Only touch src/app.py.", "touch src/app.py"),
        ("Don't use pandas. Thanks", "pandas"),
    ],
)
def test_a_subject_keeps_its_whole_name(text: str, subject: str) -> None:
    assert extract_constraints(text)[0].subject == subject


@pytest.mark.parametrize(
    ("rule", "permission", "status"),
    [
        ("Never modify src/app.py.", "Feel free to modify src/app.json.", "active"),
        ("Never modify src/app.py.", "Feel free to modify src/app.py.", "revoked"),
        ("Don't install v1.2.", "Feel free to install v1.2.3.", "active"),
        ("Don't install v1.2.", "Feel free to install v1.2 again.", "revoked"),
        ("Never edit config/settings.yaml.", "It's fine to edit config/settings.json.", "active"),
        (
            "Never edit config/settings.yaml.",
            "It's fine to edit config/settings.yaml now.",
            "revoked",
        ),
        ("Don't link to example.com.", "Feel free to link to example.org.", "active"),
        ("Don't link to example.com.", "Feel free to link to example.com.", "revoked"),
    ],
)
def test_a_permission_lifts_only_the_file_it_names(rule: str, permission: str, status: str) -> None:
    s = LedgerSession(rule, permission)
    assert s.status(rule) == status
    if status == "active":
        assert rule in s.block()


# 3. Rules no cue word starts, verbatim; the set phrases that look like them are none.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Please use Python 3.12 syntax only.",
            [("only", "python 3.12 syntax", "Please use Python 3.12 syntax only.")],
        ),
        (
            "Reply in English only, please.",
            [("only", "english", "Reply in English only, please.")],
        ),
        ("Touch src/app.py only.", [("only", "touch src/app.py", "Touch src/app.py only.")]),
        (
            "Book B6919 for me. No travel insurance, please.",
            [("forbid", "travel insurance", "No travel insurance, please.")],
        ),
        ("No onions.", [("forbid", "onions", "No onions.")]),
        ("Please, no emojis.", [("forbid", "emojis", "Please, no emojis.")]),
        (
            "Use Decimal with ROUND_HALF_UP, not float.",
            [
                (
                    "require",
                    "decimal with round_half_up",
                    "Use Decimal with ROUND_HALF_UP, not float.",
                ),
                ("forbid", "float", "Use Decimal with ROUND_HALF_UP, not float."),
            ],
        ),
        (
            "Use tabs, not spaces, please.",
            [
                ("require", "tabs", "Use tabs, not spaces, please."),
                ("forbid", "spaces", "Use tabs, not spaces, please."),
            ],
        ),
    ],
)
def test_rules_without_a_cue_word(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rules(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "No, thanks.",
        "No problem.",
        "No worries",
        "No, it's Friday.",
        "No flights were found.",
        "No one is coming.",
        "No preference.",
        "No luck.",
        "I have one question only.",
        "This is for internal use only.",
        "It's Friday, not Thursday.",
        "Book it for 2 people, not 3.",
        "Show me flights, not trains?",
        "Use it not only for work but for play.",
    ],
)
def test_look_alikes_of_those_rules_are_none(text: str) -> None:
    assert rules(text) == []


# 4. A later only-rule naming another thing in the same place replaces the earlier one.


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Only touch src/app.py.", "Only touch src/credits.py."),
        ("Reply only in English.", "Reply only in French."),
        ("Please use Python 3.12 syntax only.", "Please use Python 3.11 syntax only."),
        ("Only use pandas.", "Only use numpy."),
        ("只用简体中文回复", "只用英文回复"),
        ("只能改src/app.py", "只能改src/credits.py"),
        ("只看五星级酒店", "只看四星级酒店"),
    ],
)
def test_a_later_only_rule_supersedes_the_earlier(first: str, second: str) -> None:
    s = LedgerSession(first, second)
    assert s.status(first) == "superseded"
    assert s.active() == [second]
    assert s.conflicts("constraint") == [(first, second, "later_wins")]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Only touch src/app.py.", "Only touch src/credits.py too."),
        ("Only touch src/app.py.", "You may also touch src/credits.py."),
        ("Only use Python.", "Only use metric units."),
        ("Only book hotels near the station.", "Only book hotels with a pool."),
        ("Only reply in English.", "Only show prices in USD."),
        ("Only reply in English.", "Only reply in markdown."),
        ("只看五星级酒店", "只看地铁附近的酒店"),
        ("只能改src/app.py", "也可以改src/credits.py"),
    ],
)
def test_an_only_rule_widened_or_of_another_thing_stays(first: str, second: str) -> None:
    s = LedgerSession(first, second)
    assert s.active() == [first, second]
    assert s.conflicts("constraint") == []


def test_a_widening_without_an_only_rule_is_no_rule() -> None:
    assert LedgerSession("Never use tabs.", "You may also touch src/credits.py.").active() == [
        "Never use tabs."
    ]


# 5. The words before a rule's comma that state nothing of their own stay with it.


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("No, I don't want travel insurance.", "No, I don't want travel insurance."),
        ("Actually, you can use pandas now.", "Actually, you can use pandas now."),
        ("OK, actually, never use tabs.", "OK, actually, never use tabs."),
        ("Hi. No, never use tabs.", "No, never use tabs."),
        ("I like it, never use tabs.", "never use tabs."),
        ("Note: never use tabs.", "never use tabs."),
        ("好的，不要显示价格", "不要显示价格"),
        ("我知道了，不要显示价格", "不要显示价格"),
    ],
)
def test_openers_stay_with_the_rule(text: str, kept: str) -> None:
    assert [c.text for c in extract_constraints(text)] == [kept]
