"""An event moved in time ("Push the viewing to Sunday at 1pm", "看房推迟到周日下午1点") moves
the date or time it was booked for, held as the date or the time: the old one is no longer
current. A thing that is a time itself (a deadline), an event with no time held, and a move in
space or in code keep their own readings."""

from __future__ import annotations

import pytest
from _review_harness import block, current_lines


def _current(*user: str) -> str:
    """The current-state lines after each of `user` said in turn, each answered "OK."."""
    texts: list[str] = []
    for said in user:
        texts += [said, "OK." if said.isascii() else "好的。"]
    texts.append("Go." if user[0].isascii() else "继续。")
    return "\n".join(current_lines(block(*texts)))


@pytest.mark.parametrize(
    "booked, moved, now, old",
    [
        (
            "Book a viewing on Saturday at 11am.",
            "Push the viewing to Sunday at 1pm.",
            "Sunday at 1pm",
            "Saturday",
        ),
        (
            "Book a viewing on Saturday at 11am.",
            "Move the viewing to Sunday.",
            "Sunday",
            "Saturday",
        ),
        (
            "Book a viewing on Saturday at 11am.",
            "Push it to Sunday at 1pm.",
            "Sunday at 1pm",
            "Saturday",
        ),
        (
            "Schedule the interview for Tuesday at 3pm.",
            "Move the interview to Thursday at 10am.",
            "Thursday at 10am",
            "Tuesday",
        ),
        ("The appointment is on May 3.", "Postpone the appointment to May 10.", "May 10", "May 3"),
        ("Book a table for Friday at 7pm.", "Push the reservation to 8pm.", "8pm", "7pm"),
        ("周六上午11点约看房。", "把看房改到周日下午1点。", "周日下午1点", "周六"),
        ("周六上午11点约看房。", "看房推迟到周日下午1点吧。", "周日下午1点", "周六"),
        ("周二下午3点面试。", "面试提前到周一上午10点。", "周一上午10点", "周二"),
    ],
)
def test_event_moved_replaces_its_time(booked: str, moved: str, now: str, old: str) -> None:
    current = _current(booked, moved)
    assert now in current
    assert old not in current


def test_event_moved_to_a_clock_keeps_the_day() -> None:
    current = _current("Book a viewing on Saturday at 11am.", "Reschedule the viewing to 1pm.")
    assert "date=Saturday" in current and "1pm" in current


@pytest.mark.parametrize(
    "said, kept",
    [
        # No time held: the event's own value.
        ("Postpone the launch to next Monday.", "launch=next Monday"),
        ("把看房推迟到周日。", "看房=周日"),
    ],
)
def test_event_with_no_time_held_keeps_its_name(said: str, kept: str) -> None:
    assert kept in _current(said)


@pytest.mark.parametrize(
    "moved, kept",
    [
        # A thing that is a time itself is its own value, not the viewing's day.
        ("Move the deadline to Dec 19.", "deadline=Dec 19"),
        # A move in space or in code holds no time.
        ("Move the meeting to the big room.", ""),
        ("Push the branch to origin.", ""),
        ("Push it to main.", ""),
    ],
)
def test_no_event_time_moved(moved: str, kept: str) -> None:
    current = _current("Book a viewing on Saturday at 11am.", moved)
    assert "date=Saturday" in current
    assert kept in current


def test_deadline_moved_after_set_is_its_own() -> None:
    current = _current("Set the deadline to Dec 18.", "Push the deadline to Dec 20.")
    assert "deadline=Dec 20" in current and "Dec 18" not in current
