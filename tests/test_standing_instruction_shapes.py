"""Standing instructions said in shapes no cue word starts, and their near-misses (review 5).

Each family is read by one general shape in `ctxengine.compaction.constraints`: an instruction of
how to work, for every occasion of a kind ("Use pytest -x for every test run"), for everything
or for every item past a threshold ("Report everything in EUR", "Flag any difference above 10
euros"); a thing wanted, with "always" after it ("Aisle seats always"); how a produced table or
list should be ("the table should be sorted by year, newest first"); and "and only X" joined to
such an instruction.
"""

from __future__ import annotations

import pytest
from _review_harness import block, rule_texts, ruled, rules_text

# ---------------------------------------------------------------- for every occasion / item


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Use pytest -x for every test run.", "Use pytest -x for every test run"),
        ("Use ruff for each commit.", "Use ruff for each commit"),
        ("Also, use UTC timestamps for every log line.", "use UTC timestamps for every log line"),
        ("Run the linter for every change you make.", "Run the linter for every change"),
        ("Cite everything in APA 7th edition.", "Cite everything in APA 7th edition"),
        ("Report everything in EUR.", "Report everything in EUR"),
        ("Quote all prices in USD.", "Quote all prices in USD"),
        ("Write every date as YYYY-MM-DD.", "Write every date as YYYY-MM-DD"),
        ("Flag any difference above 10 euros.", "Flag any difference above 10 euros"),
        ("Flag every expense over $500.", "Flag every expense over $500"),
        ("Mark any invoice older than 30 days.", "Mark any invoice older than 30 days"),
        ("Report everything in EUR, round to 2 decimals.", "round to 2 decimals"),
    ],
)
def test_instruction_for_every_one_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "Show me the price for each room.",
        "Find all flights under $300.",
        "Book any hotel under 200 euros.",
        "Thanks for every reply.",
        "I report everything in EUR.",
        "Did you cite everything in APA?",
        "You reported everything in EUR.",
        "Check every file for TODOs.",
        "Use the blue one for the first slide.",
    ],
)
def test_for_every_near_misses_state_no_rule(text: str) -> None:
    assert rule_texts(text) == []


def test_and_only_joined_to_an_instruction_is_its_own_rule() -> None:
    text = "Cite everything in APA 7th edition, and only peer-reviewed sources, no preprints."
    assert ruled(text, "APA 7th edition")
    assert ruled(text, "only peer-reviewed sources, no preprints")


def test_and_only_after_a_statement_is_no_rule() -> None:
    assert rule_texts("I read the papers, and only the abstracts.") == []


# ---------------------------------------------------------------- "X always"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Also aisle seats always, my husband is tall.", "aisle seats always"),
        ("Aisle seats always.", "Aisle seats always"),
        ("Window seats always, please.", "Window seats always"),
        ("Nonstop flights always.", "Nonstop flights always"),
        ("And metric units always.", "metric units always"),
        ("Oh, and direct flights always, I get airsick.", "direct flights always"),
    ],
)
def test_thing_then_always_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "Same as always.",
        "Thanks as always.",
        "It rains always.",
        "Not always.",
        "Almost always.",
        "I'm late always.",
        "Forever and always.",
        "Love you always.",
    ],
)
def test_always_at_the_end_near_misses(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- "the table should be …"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Oh and the table should be sorted by year, newest first.",
            "sorted by year, newest first",
        ),
        (
            "The list should be ordered by price, cheapest first.",
            "ordered by price, cheapest first",
        ),
        ("The results should be grouped by country.", "grouped by country"),
        ("All amounts should be rounded to whole euros.", "rounded to whole euros"),
        ("The summary needs to be in bullet points.", "in bullet points"),
        ("The report must be sorted by date.", "sorted by date"),
    ],
)
def test_how_an_output_should_be_is_a_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "The table should be ready by noon.",
        "Should the table be sorted by year?",
        "The table should be sorted by year?",
        "The table was sorted by year.",
        "The report should have been sorted by date.",
        "The hotel should be near the station.",
        "The report should be in my inbox by now.",
    ],
)
def test_should_be_near_misses_state_no_rule(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- through the block


def test_block_keeps_every_run_rule_and_threshold_rule() -> None:
    rules = rules_text(
        block(
            "Use pytest -x for every test run.",
            "OK.",
            "Flag any difference above 10 euros.",
            "OK.",
            "Go.",
        )
    )
    assert "pytest -x for every test run" in rules
    assert "above 10 euros" in rules


def test_block_finds_no_rule_in_a_request_for_every_item() -> None:
    assert rules_text(block("Show me the price for each room.", "OK.", "Go.")) == ""
