"""A value corrected, in the same message or the next one (review round 6): "September 9.
Wait, marketing says September 16. Ugh, no, the 23rd" leaves only the last value current,
the earlier ones archived. The value said again is matched to the held value of its kind (a
date, a day of the month, a count, an email, an address's street, a code spelled again);
a value of another kind, a question or a bare "No" corrects nothing. Also the values the
corrections need read first: a headcount, a print size, a titled name, a tag.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, state_text

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.revisions import read_revisions


def _blocks(*user: str) -> str:
    """The block after the user's messages, each answered "OK.", then "Go."."""
    texts: list[str] = []
    for said in user:
        texts += [said, "OK."]
    return block(*texts, "Go.")


def _current(*user: str) -> str:
    return current_text(_blocks(*user))


# ---------------------------------------------------------------- in one message


@pytest.mark.parametrize(
    "said, now, gone",
    [
        ("Set the date to March 3. Actually, March 5.", "March 5", "March 3"),
        ("Set the meeting date to October 2. Wait, no, the 4th.", "October 4", "October 2"),
        (
            "Deliver to 12 Elm Street, Austin TX 78701. Sorry, my mistake, 21 Elm Street.",
            "21 Elm Street, Austin TX 78701",
            "12 Elm Street",
        ),
        ("Table for three people. No wait, five.", "five people", "three"),
        (
            "Ban the player, his name is Dark_Kn1ght. Hmm no, it's Dark_Kn1ghtt with two t's.",
            "Dark_Kn1ghtt",
            "=Dark_Kn1ght [",
        ),
        (
            "Set the banner to 'Sale ends Monday'. Actually, make it Tuesday.",
            "Sale ends Tuesday",
            "Monday",
        ),
        (
            "The moderator is Ms. Clara Voss. Sorry, my mistake, the moderator is Dr. Ivan Petrov.",
            "Dr. Ivan Petrov",
            "Clara Voss",
        ),
        (
            "Set the launch date to May 1. Wait, legal says May 8. Ugh, no, the 15th, final.",
            "May 15",
            "=May 1 [",
        ),
        ("Set the size to 4x6. Hmm, too small. 5x7 then.", "5x7", "4x6"),
    ],
)
def test_en_corrected_in_the_same_message(said: str, now: str, gone: str) -> None:
    text = _blocks(said)
    current = current_text(text)
    assert now in current
    assert gone not in current  # "=X [": that value exactly, not one it begins
    assert gone.strip("=[ ") in state_text(text)  # archived, not lost


# ---------------------------------------------------------------- in the next message


@pytest.mark.parametrize(
    "first, then, now, gone",
    [
        ("Set the date to May 4.", "Wait, the client says May 6.", "May 6", "May 4"),
        ("Set the deadline to June 10.", "No, the 12th.", "June 12", "June 10"),
        ("Dinner for four people.", "Oops, actually 7.", "7 people", "four"),
        (
            "Use jane.doe@gmail.com for the invoice.",
            "Actually, no, use my work one, jane@acme.io.",
            "jane@acme.io",
            "jane.doe@gmail.com",
        ),
        ("Launch date August 5.", "Launch slipped to August 12.", "August 12", "August 5"),
        ("Order 20 prints at 4x6.", "Make them 5x7 instead.", "5x7", "4x6"),
        ("About 30 people.", "Let's say 35 then.", "35", "30"),
        ("Headcount is 120.", "Headcount is now 140.", "140", "120"),
        ("Set the date to March 3.", "Sorry, I mixed it up, March 13.", "March 13", "=March 3 ["),
    ],
)
def test_en_corrected_in_the_next_message(first: str, then: str, now: str, gone: str) -> None:
    text = _blocks(first, then)
    current = current_text(text)
    assert now in current
    assert gone not in current
    assert gone.strip("=[ ") in state_text(text)


# ---------------------------------------------------------------- corrects nothing


@pytest.mark.parametrize(
    "first, then, kept, absent",
    [
        ("Dinner for four people.", "Wait, 3 nights.", "four people", "3 nights"),
        ("Set the date to May 4.", "No, the 2nd one.", "May 4", "2nd"),
        ("Set the date to May 4.", "Wait, May 6?", "May 4", "May 6"),
        ("Set the date to May 4.", "No, thanks.", "May 4", "thanks"),
        ("Ship to 48 Larkspur Lane.", "No, 3 boxes.", "48 Larkspur Lane", "3 boxes"),
        ("Dinner for four people.", "No, 2023 was the last time.", "four people", "2023"),
        ("Set the date to May 4.", "Is the keynote Dr. Amara Okafor?", "May 4", "Okafor"),
        ("Set the date to May 4.", "Actually, May 4 works for everyone.", "May 4", "works"),
        (
            "Set the banner to 'Sale ends Monday' and book the call for Tuesday.",
            "Go ahead.",
            "Sale ends Monday",
            "Sale ends Tuesday",
        ),
        ("Set the size to 4x6.", "Wait, 5 nights then.", "4x6", "5 nights"),
        ("Ship to 48 Larkspur Lane.", "Actually 2.", "48 Larkspur Lane", "2 Larkspur"),
        (
            "Set the banner to 'Sale ends Monday', no emojis, and move the call to Tuesday.",
            "Go ahead.",
            "Sale ends Monday",
            "Sale ends Tuesday",
        ),
    ],
)
def test_en_not_a_correction(first: str, then: str, kept: str, absent: str) -> None:
    current = _current(first, then)
    assert kept in current
    assert absent not in current


def test_en_other_things_named_with_titles_both_stand() -> None:
    current = _current("The keynote is Dr. Amara Okafor.", "The panel chair is Prof. Henrik Dahl.")
    assert "Dr. Amara Okafor" in current and "Prof. Henrik Dahl" in current


# ---------------------------------------------------------------- values read first


@pytest.mark.parametrize(
    "said, value",
    [
        ("The invoice name is wrong, it's Keller Bau GmbH, not Keller Build.", "Keller Bau GmbH"),
        ("The consignee name is wrong, it's Vermeer Wonen BV, not Vermeer Home.", "Vermeer Wonen"),
        ("Tag them with urgent.", "urgent"),
        ("Label the files as draft, not final.", "draft"),
        ("Tag all merged contacts with q3-dedupe, not dedupe-q3.", "q3-dedupe"),
        ("Order 20 prints at 4x6.", "4x6"),
        ("Posters in 18x24, please.", "18x24"),
        ("Headcount is 120.", "120"),
        ("About 30 people.", "30 people"),
        ("Expecting 45 guests.", "45 guests"),
        ("The keynote is Dr. Amara Okafor.", "Dr. Amara Okafor"),
    ],
)
def test_en_values_the_corrections_need(said: str, value: str) -> None:
    assert value in _current(said)


@pytest.mark.parametrize(
    "said, absent",
    [
        ("Tag him with a note about the refund.", "note"),
        ("The total is wrong, it's too high.", "too high"),
        ("About 30 people attended last year.", "30"),
        ("Attendance is 85%.", "85"),
        ("Headcount is 120, right?", "120"),
        ("Prices slipped to $40.", "$40"),
        ("Is the keynote Dr. Amara Okafor?", "Okafor"),
        ("Don't tag them with urgent.", "urgent"),
        ("The 3x4 grid looks fine.", "3x4"),
    ],
)
def test_en_not_values(said: str, absent: str) -> None:
    assert absent not in _current(said)


# ---------------------------------------------------------------- the parse itself


@pytest.mark.parametrize(
    "said, new",
    [
        ("Wait, marketing says September 16.", ["September 16"]),
        ("Ugh, no, the 23rd, final answer.", ["23rd"]),
        ("Hmm no, it's xX_Shad0w_Xx with a zero.", ["xX_Shad0w_Xx"]),
        ("Actually six, she's bringing her boyfriend.", ["six"]),
        ("Oh, my mistake, 84 Larkspur Lane.", ["84 Larkspur Lane"]),
        ("Let's say 240 then, we cap registration.", ["240"]),
        ("Cargo ready date slipped to August 27.", ["August 27"]),
        ("Make them 8x10 instead. Hmm, too big. 6x8 then.", ["8x10", "6x8"]),
    ],
)
def test_en_said_again_read(said: str, new: list[str]) -> None:
    found = [r.new for r in read_revisions(said, generic_ontology()) if r.kind == "said"]
    assert found == new


@pytest.mark.parametrize(
    "said",
    [
        "No, thanks.",
        "No, the 2nd one.",
        "Wait, September 16?",
        "Actually, I need 2 rooms.",
        "No, 2 adults and a child.",
        "Sorry, I can't make it.",
        "Actually, September 16 works.",
        "Prices slipped to $40.",
    ],
)
def test_en_said_again_not_read(said: str) -> None:
    assert not [r for r in read_revisions(said, generic_ontology()) if r.kind == "said"]


# ---------------------------------------------------------------- Chinese: as before


def test_zh_correction_still_replaces() -> None:
    current = _current("日期定在9月9日。", "不对，是9月16日。")
    assert "9月16日" in current
    assert "9月9日" not in current
