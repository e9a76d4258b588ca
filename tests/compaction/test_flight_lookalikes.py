"""A flight number's shape ("CA1234", "UA 857") that is something else: a code with a section
suffix ("CS2031-02"), a department's course ("CS2031", "EE 301"), an abbreviation before a
phone number ("HR 010-6278 3301"). Real flights stay flights."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [v for k, v in _spans(text) if k == kind]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("操作系统 CS2031-02、机器学习 CS3102-01。", "CS2031-02"),
        ("I'm in section MA1101-03 this term", "MA1101-03"),
        ("部件号 AB1234-56 缺货", "AB1234-56"),
        ("Part CA1234-5678 is back-ordered", "CA1234-5678"),
        ("I picked CS2031 and EE3001", "CS2031"),  # a department and a course
        ("The compiler says TS2339", "TS2339"),
    ],
)
def test_a_code_with_a_flight_shape_is_a_code(text: str, code: str) -> None:
    assert code in _values(text, "code")
    assert _values(text, "flight") == []


@pytest.mark.parametrize(
    "text",
    [
        "好的，可以联系公司HR 010-6278 3301。",
        "Ask HR 010 about it",
        "Room AB 012 is free",
        "I took CS 101 last year",
        "他选了EE 301",
        "HR 2031 handles leave",
    ],
)
def test_an_abbreviation_and_a_number_is_no_flight(text: str) -> None:
    assert _values(text, "flight") == []


@pytest.mark.parametrize(
    ("text", "flight"),
    [
        ("改签到CA1234", "CA1234"),
        ("Book UA 857.", "UA 857"),
        ("Take B6 919.", "B6 919"),
        ("My flight is CS 2031 tomorrow.", "CS 2031"),  # the text speaks of flying
        ("Flight TS2339 to Montreal is delayed.", "TS2339"),
        ("航班 ME 201 几点起飞？", "ME 201"),
        ("AB 012 flight boards at gate 5", "AB 012"),
        ("UA857/UA858 both run daily", "UA857"),
        ("I'm on CA1234, landing 9pm", "CA1234"),
    ],
)
def test_real_flights_stay_flights(text: str, flight: str) -> None:
    assert flight in _values(text, "flight")
