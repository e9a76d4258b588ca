"""A vague count ("a few hours", "a couple of nights") is no exact value: it is not kept as
evidence, while an exact one ("3 nights") still is."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [v for k, v in _spans(text) if k == kind]


@pytest.mark.parametrize(
    "text",
    [
        "Newark is ok if it gets me there a few hours earlier.",
        "Let's stay a couple of nights.",
        "A few days later it broke.",
        "It takes a few weeks to ship.",
        "It's a couple of hours away",
    ],
)
def test_a_vague_count_is_no_evidence(text: str) -> None:
    assert _values(text, "duration") == []


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("for 3 nights", "3 nights"),
        ("Book it for five days.", "five days"),
        ("a five day stay", "five day stay"),
        ("it takes 2 hours", "2 hours"),
        ("two-week trip", "two-week"),
    ],
)
def test_an_exact_count_stays_evidence(text: str, duration: str) -> None:
    assert _values(text, "duration") == [duration]
