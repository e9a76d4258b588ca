"""Values found missing in review: an event's date or time told ("The meeting is on October 2.
Wait, no, the 4th."), and an alternative the assistant proposed taken ("Would you like lustre
instead of matte?" -> "OK, lustre then.", "Yes please", "yes, switch").

"The meeting is on October 2" set nothing: only a verb ("set the meeting date to …") set a
date, so the correction in the same message had no date to correct. A past "was on" tells an
event that happened, no value to hold (as "the deadline was Friday" is history); a question
asks, and "on the agenda" names no day.

"Sure, lustre." said a known kind alone, with no noun: it now names its thing when that thing
was talked of lately (a held or proposed paper), so "OK, first." in other talk sets no cabin.
"Would you like lustre instead of matte?" is a proposal of the reply's: "Yes please" or "yes,
switch" takes it, "No, stick with matte." keeps matte.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, state_text

from ctxengine.compaction.intents import takes_change
from ctxengine.compaction.kinds import bare_kind_choices


def _blocks(*user: str) -> str:
    """The block after the user's messages, each answered "OK.", then "Go."."""
    texts: list[str] = []
    for said in user:
        texts += [said, "OK."]
    return block(*texts, "Go.")


# ---------------------------------------------------------------- an event's date or time


@pytest.mark.parametrize(
    ("said", "now"),
    [
        ("The meeting is on October 2.", "date=October 2"),
        ("The call is at 3pm.", "time=3pm"),
        ("Our party is on Saturday at 7pm.", "date=Saturday"),
        ("Our party is on Saturday at 7pm.", "time=7pm"),
        ("The interview is on the 12th of May.", "date=the 12th of May"),
        ("My appointment is at 10:30 on June 3.", "time=10:30"),
        ("My appointment is at 10:30 on June 3.", "date=June 3"),
        ("The flight is on Friday, thanks.", "date=Friday"),
        ("The wedding will be on August 14, 2027.", "date=August 14, 2027"),
        ("FYI the team meeting is now at noon.", "time=noon"),
    ],
)
def test_an_event_date_or_time_told(said: str, now: str) -> None:
    assert now in current_text(_blocks(said))


@pytest.mark.parametrize(
    ("said", "now", "gone"),
    [
        ("The meeting is on October 2. Wait, no, the 4th.", "October 4", "October 2"),
        ("The call is on March 3. Actually, March 5.", "March 5", "March 3"),
        ("The party is on May 1. Sorry, May 8.", "May 8", "May 1"),
    ],
)
def test_an_event_date_told_then_corrected(said: str, now: str, gone: str) -> None:
    text = _blocks(said)
    assert now in current_text(text)
    assert gone not in current_text(text)
    assert gone in state_text(text)  # archived, not lost


def test_an_event_date_corrected_in_the_next_message() -> None:
    text = _blocks("The meeting is on October 2.", "Sorry, the 4th.")
    assert "October 4" in current_text(text)
    assert "October 2" not in current_text(text)


@pytest.mark.parametrize(
    "said",
    [
        "The meeting was on October 2.",  # past: an event that happened, no value to hold
        "Is the meeting on October 2?",  # asked
        "The meeting is on October 2?",  # asked
        "The meeting is on the agenda.",  # no day
        "The call is at the office.",  # a place
        "The meeting is at risk.",
        "The party is on me tonight.",
        "The meeting isn't on October 2.",  # denied
        "The ball is on the table.",  # no event
        "The meeting room is on floor 3.",
    ],
)
def test_no_event_date_or_time_told(said: str) -> None:
    current = current_text(_blocks(said))
    assert "date=" not in current
    assert "time=" not in current


# ---------------------------------------------------------------- an alternative proposed

_PROPOSED = ("Matte paper, please.", "Would you like lustre instead of matte? Same price.")


@pytest.mark.parametrize(
    "answer",
    [
        "OK, lustre then.",
        "Sure, lustre.",
        "Yes, go with lustre",
        "Lustre then, please.",
        "Yes please.",
        "Yes, switch.",
        "OK, switch it please.",
        "Sounds good.",
    ],
)
def test_the_proposed_alternative_taken(answer: str) -> None:
    text = block(*_PROPOSED, answer, "OK.", "Go.")
    current = current_text(text).lower()
    assert "paper=lustre" in current
    assert "matte" not in current
    assert "matte" in state_text(text).lower()  # archived


@pytest.mark.parametrize(
    "answer",
    [
        "No, stick with matte.",
        "No thanks.",
        "Lustre?",  # asked
        "Lustre.",  # no assent: a word said back
        "What is lustre?",
        "Is lustre shinier?",
        "No, switch nothing.",
        "OK, but keep the matte paper.",
    ],
)
def test_the_proposed_alternative_not_taken(answer: str) -> None:
    current = current_text(block(*_PROPOSED, answer, "OK.", "Go.")).lower()
    assert "paper=matte" in current
    assert "lustre" not in current


@pytest.mark.parametrize(
    ("texts", "now", "gone"),
    [
        (
            ("Window seat, please.", "How about the aisle seat instead?", "Yes please."),
            "aisle",
            "window",
        ),
        (
            ("Glossy finish, please.", "Would you prefer satin instead of glossy finish?", "Sure."),
            "satin",
            "glossy",
        ),
    ],
)
def test_other_proposals_taken(texts: tuple[str, str, str], now: str, gone: str) -> None:
    current = current_text(block(*texts, "OK.", "Go.")).lower()
    assert now in current
    assert gone not in current


def test_a_chinese_proposal_taken() -> None:
    texts = ("哑光纸，谢谢。", "要不要换成亮光的？价格一样。")
    for answer in ("好，那就亮光的吧", "换吧"):
        current = current_text(block(*texts, answer, "好的。", "继续。"))
        assert "亮光" in current
        assert "哑光" not in current


@pytest.mark.parametrize(
    ("text", "recent", "kinds"),
    [
        ("Sure, lustre.", ["paper"], [("paper", "lustre")]),
        ("OK, window then.", ["seat"], [("seat", "window")]),
        ("Yes, express please.", ["shipping"], [("shipping", "express")]),
        ("OK, first.", [], []),  # no cabin talked of
        ("Sure, lustre.", ["seat"], []),  # another thing talked of
        ("Lustre.", ["paper"], []),  # no assent, no "then"
        ("Sure, economy.", ["class"], []),  # a class or a shipping speed: not said which
        ("OK, lustre is nice but pricey.", ["paper"], []),  # more than the kind
    ],
)
def test_a_bare_kind_assented(text: str, recent: list[str], kinds: list[tuple[str, str]]) -> None:
    assert [(s, v) for _, _, s, v, _ in bare_kind_choices(text, recent)] == kinds


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("yes, switch", True),
        ("Switch it.", True),
        ("OK, swap it please!", True),
        ("换吧", True),
        ("好，那就换吧。", True),
        ("Don't switch.", False),
        ("Switch to lustre.", False),  # a value said: read as one
        ("Should I switch?", False),
        ("yes, switch the lights off", False),
    ],
)
def test_a_change_taken_by_pointing_at_it(text: str, taken: bool) -> None:
    assert takes_change(text) is taken
