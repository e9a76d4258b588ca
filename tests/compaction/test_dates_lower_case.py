"""Dates written with a lower-case month ("march 3rd"), as chat often writes them."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import extract_evidence


def dates(text: str) -> list[str]:
    return [e.value for e in extract_evidence(text, "user", ()) if e.kind == "date"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("I need the car until march 3rd please.", "march 3rd"),
        ("check in on june 21st, 2025", "june 21st, 2025"),
        ("december 5, 2024 works for me", "december 5, 2024"),
        ("pick it up october 1st", "october 1st"),
        ("from september 30th to the end", "september 30th"),
    ],
)
def test_a_lower_case_month_with_an_ordinal_or_a_year_is_a_date(text: str, date: str) -> None:
    assert date in dates(text)


@pytest.mark.parametrize(
    "text",
    [
        "the troops march 15 miles a day",
        "I may 3rd that motion",
        "we march 2 by 2",
        "march 10 people to the gate",
        "a march of 20 thousand",
        "augusta 5th street",
        "the june 1 thing",  # no ordinal and no year: too weak in lower case
        "mayday 3rd call",
    ],
)
def test_look_alikes_are_no_date(text: str) -> None:
    assert dates(text) == []
