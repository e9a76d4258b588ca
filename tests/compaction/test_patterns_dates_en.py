"""English dates said the way people say them: an ordinal of a month, today and tomorrow, a
weekday by itself; kept verbatim as date evidence."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Could we move the demo to the 14th of May?", "the 14th of May"),
        ("Pay it by the 3rd of next month.", "the 3rd of next month"),
        ("Ship it tomorrow morning", "tomorrow"),
        ("Book the day after tomorrow, please", "the day after tomorrow"),
        ("I'm free tonight", "tonight"),
        ("Let's meet on Thursday.", "Thursday"),
        ("i'll head out on friday", "friday"),
        ("until next Tuesday", "next Tuesday"),  # the longer span wins
    ],
)
def test_english_dates_are_evidence(text: str, date: str) -> None:
    assert [(s.kind, s.value) for s in find_spans(text)] == [("date", date)]


@pytest.mark.parametrize("text", ["Have a great day", "Days like these", "a day-to-day task"])
def test_day_words_that_name_no_date(text: str) -> None:
    assert find_spans(text) == []
