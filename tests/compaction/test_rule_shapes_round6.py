"""English rules of review round 6 that no cue word starts, read whole: "nothing with X" after
its reason, "No X, <why>" with a past reason, a requirement said as "X must be under 34 days"
or "must be on acid-free paper", a rule made firm by a tail ("Everything vegetarian, no
exceptions", "…, strictly"), a limit "20 minutes max", a step owed first ("Any contact in
Germany needs GDPR consent checked first") and "Ask me before …". Each family with look-alikes
and near-misses that state no rule (a report, a guess, a question, a fact, a time)."""

from __future__ import annotations

import pytest
from _review_harness import block, rules_text

from ctxengine.compaction.constraints import extract_constraints


def _texts(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def _has(text: str, part: str) -> bool:
    return any(part in t for t in _texts(text))


# ---------------------------------------------------------------- "nothing with X"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("My son has a tree-nut allergy, so nothing with nuts, ever.", "nuts"),
        ("Nothing with peanuts, please.", "peanuts"),
        ("Nothing containing gluten.", "gluten"),
        ("Nothing made with pork, ever.", "pork"),
        ("I'm vegan, so nothing with dairy.", "dairy"),
        ("Book the dinner. And nothing with shellfish.", "shellfish"),
        ("Nothing with sesame, no exceptions.", "sesame"),
        ("We keep kosher, so nothing that contains pork.", "pork"),
    ],
)
def test_nothing_with_x_is_a_prohibition(text: str, subject: str) -> None:
    rules = [c for c in extract_constraints(text) if c.cue.lower() == "nothing"]
    assert len(rules) == 1
    assert rules[0].polarity == "forbid"
    assert rules[0].subject == subject
    assert "othing" in rules[0].text and rules[0].text in text


@pytest.mark.parametrize(
    "text",
    [
        "There is nothing with nuts on the menu.",  # said of the menu
        "Nothing with nuts was found in the order.",  # a report
        "Nothing with nuts?",  # asked
        "I had nothing with nuts yesterday.",  # of the speaker, past
        "Nothing with nuts, I checked.",  # what was found
        "I was tired so nothing with caffeine yesterday.",  # what happened
        "Nothing with it.",  # names nothing
        "Nothing with nuts, right?",  # a check
    ],
)
def test_nothing_with_x_near_miss(text: str) -> None:
    assert not [c for c in extract_constraints(text) if c.cue.lower() == "nothing"]


# ---------------------------------------------------------------- "No X, <why>"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "No transshipment through Colombo, we had a six-week delay there last year.",
            "No transshipment through Colombo",
        ),
        ("No connections through Frankfurt, we missed one there in May.", "No connections"),
        ("No Ryanair, I had a terrible experience with them.", "No Ryanair"),
        ("No aisle seats, we got stuck by the galley.", "No aisle seats"),
        ("No red-eyes, last time I was wrecked for days.", "No red-eyes"),
        ("No ferries, we lost a whole day to one in 2019.", "No ferries"),
        ("No shellfish, ever.", "No shellfish, ever."),
        ("No pork, no exceptions.", "No pork, no exceptions."),
    ],
)
def test_no_x_with_a_reason_or_firm_tail_is_a_rule(text: str, kept: str) -> None:
    rules = [c for c in extract_constraints(text) if c.polarity == "forbid"]
    assert len(rules) == 1
    assert kept in rules[0].text


@pytest.mark.parametrize(
    "text",
    [
        "No seats, they're sold out.",  # what was found
        "No flights, I checked.",
        "No flights, we had to drive.",  # what happened instead
        "No rooms, we had a look already.",
        "No luck, we had a six-week delay there.",  # a set phrase
        "No one answered, we had to leave a message.",
        "No exceptions were made.",
        "There were no exceptions.",
    ],
)
def test_no_x_reason_near_miss(text: str) -> None:
    assert not [c for c in extract_constraints(text) if c.polarity == "forbid"]


# ---------------------------------------------------------------- "X must be under 34 days"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Transit time must be under 34 days too.", "under 34 days"),
        ("Prints must be on acid-free paper.", "acid-free"),
        ("Each talk has to be under 20 minutes.", "under 20 minutes"),
        ("All invoices must be in EUR.", "in EUR"),
        ("The total needs to be below $500.", "below $500"),
        ("Deliveries must be before 9 am.", "before 9 am"),
        ("All contracts must be signed by a director.", "signed by a director"),
        ("Also, the hotel has to be within 2 km of the venue.", "within 2 km"),
        ("Transit time must be under 34 days, no exceptions.", "no exceptions"),
    ],
)
def test_must_be_a_bound_or_a_form_is_a_rule(text: str, part: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity == "require"
    assert part in rules[0].text and rules[0].text in text


@pytest.mark.parametrize(
    "text",
    [
        "You must be tired.",  # of the listener
        "The keys must be in the car.",  # a deduction about one thing
        "Transit time must be under 34 days?",  # asked
        "Must transit time be under 34 days?",
        "I guess transit time must be under 34 days.",  # a guess
        "It must be on the second floor.",
        "Prices must be higher in summer.",  # a deduction, no bound or form
        "The package must have been on the truck.",
        "Transit time must be under 34 days, I think.",
    ],
)
def test_must_be_near_miss(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- firm tails


@pytest.mark.parametrize(
    ("text", "part", "subject"),
    [
        (
            "Draft the catering order. Everything vegetarian, no exceptions.",
            "vegetarian",
            "vegetarian",
        ),
        ("Everything gluten-free, no exceptions.", "gluten-free", "gluten-free"),
        ("Reply in English, no exceptions.", "Reply in English", "english"),
        ("All meals halal, without exception.", "halal", "meals halal"),
        ("Window seats for everyone, no matter what.", "Window seats", "window seats for everyone"),
        ("Economy class only for the interns, strictly.", "Economy class", None),
        ("Everything in metric, non-negotiable.", "metric", "metric"),
        ("Carry-on bags only, no exceptions.", "Carry-on", None),
    ],
)
def test_a_firm_tail_makes_a_rule(text: str, part: str, subject: str | None) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity in ("require", "only")
    assert part in rules[0].text and rules[0].text in text
    assert rules[0].text.rstrip(".").endswith(text.rstrip(".").split(",")[-1].strip())
    if subject is not None:
        assert rules[0].subject == subject
    # "no exceptions" is how firmly, never a thing ruled out.
    assert not any("exception" in c.subject for c in rules)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Never book red-eyes, no exceptions.", "Never book red-eyes, no exceptions."),
        ("Don't touch the prod database, ever.", "Don't touch the prod database, ever."),
        ("Always cc my manager, no matter what.", "Always cc my manager, no matter what."),
    ],
)
def test_a_firm_tail_stays_with_a_cued_rule(text: str, kept: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].text == kept


@pytest.mark.parametrize(
    "text",
    [
        "Everything was vegetarian, no exceptions.",  # a report
        "Everything vegetarian, no exceptions?",  # asked
        "Strictly speaking, that is fine.",
        "It's the best pizza, ever.",
        "Are there any exceptions?",
        "They serve everything vegetarian, strictly speaking.",
        "I love it, period.",
        "Thanks, no exceptions.",
    ],
)
def test_firm_tail_near_miss(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- "20 minutes max"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Speakers get 20 minutes max, strictly.", "20 minutes max"),
        ("Two pages max.", "Two pages max"),
        ("Each panel gets 45 minutes maximum.", "45 minutes maximum"),
        ("Three sentences max per reply.", "Three sentences max"),
        ("Guests can have 2 drinks max.", "2 drinks max"),
        ("Slides: 10 slides tops.", "10 slides tops"),
        ("Keynotes get 40 minutes, max.", "40 minutes, max"),
        ("Every speaker gets 15 minutes minimum.", "15 minutes minimum"),
    ],
)
def test_n_units_max_is_a_limit(text: str, part: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity == "require"
    assert part in rules[0].text and rules[0].text in text


@pytest.mark.parametrize(
    "text",
    [
        "The walk is 20 minutes max.",  # a fact
        "It took 20 minutes max.",  # past
        "Do speakers get 20 minutes max?",  # asked
        "The drive takes 10 minutes max.",
        "I slept 5 hours max.",
        "We waited 20 minutes max.",
        "Speakers got 20 minutes max.",
        "Max called twice.",
    ],
)
def test_n_units_max_near_miss(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- "needs X first"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Any contact in Germany needs GDPR consent checked first.", "GDPR consent"),
        ("Each new vendor requires a signed NDA first.", "signed NDA"),
        ("Any merge needs a review first.", "review"),
        ("All contacts in France need consent verified first.", "consent verified"),
        ("Every PR needs to be approved before merging.", "approved before merging"),
        ("Refunds need my sign-off beforehand.", "my sign-off"),
        ("Every booking needs a quote in advance.", "quote"),
        ("Any change must have a ticket first.", "ticket"),
    ],
)
def test_a_step_owed_first_is_a_rule(text: str, part: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity == "require"
    assert part in rules[0].text and rules[0].text in text


@pytest.mark.parametrize(
    "text",
    [
        "Every plant needs water.",  # a fact
        "Every plant needs water before noon.",
        "Any contact in Germany needs GDPR consent checked first?",  # asked
        "The contact needs GDPR consent checked first.",  # one contact, a remark
        "Everyone needs a break first.",
        "Any contact in Germany needed GDPR consent checked first.",  # past
        "This form needs a signature first.",
        "I need a coffee first.",
    ],
)
def test_a_step_owed_first_near_miss(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- "Ask me before …"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Ask me before withdrawing any dispute.", "Ask me before withdrawing"),
        ("Check with me before booking anything.", "Check with me before booking"),
        ("Please ask me first before you cancel an order.", "ask me first before you cancel"),
        ("Confirm with me before sending any email.", "Confirm with me before sending"),
        ("Let me know before you delete anything.", "Let me know before you delete"),
        ("Run it by me before you sign anything.", "Run it by me before you sign"),
        ("Get my OK before charging the card.", "Get my OK before charging"),
        ("And ask us before each refund.", "ask us before each refund"),
    ],
)
def test_ask_me_before_is_a_rule(text: str, part: str) -> None:
    rules = extract_constraints(text)
    assert len(rules) == 1
    assert rules[0].polarity == "require"
    assert part in rules[0].text and rules[0].text in text


@pytest.mark.parametrize(
    "text",
    [
        "Ask me before 5 pm.",  # a time, once
        "He asked me before leaving.",
        "Did you ask me before withdrawing it?",
        "Ask me before?",
        "You should have asked me before withdrawing it.",
        "Ask me about the dispute.",
        "Ask me before the meeting tomorrow.",
        "They told me before leaving that it was fine.",
    ],
)
def test_ask_me_before_near_miss(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- in the block


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("No ferries, we lost a whole day to one in 2019.", "No ferries"),
        ("Prints must be on archival paper.", "archival paper"),
        ("Everything halal, no exceptions.", "halal"),
        ("Panels get 30 minutes max, strictly.", "30 minutes max"),
        ("Each supplier needs a credit check first.", "credit check"),
        ("Check with me before refunding any order.", "Check with me before refunding"),
        ("So nothing with peanuts, ever.", "nothing with peanuts"),
    ],
)
def test_rules_shown_in_the_block(said: str, shown: str) -> None:
    assert shown in rules_text(block(said, "OK.", "Go."))
