"""Values changed, corrected, titled and given to people (review round 7, English; and three
name and place readings the lead found): each idea with wordings that must now work and
look-alikes that must not set or alter a value.

- a date that "moves / shifts to" a day (`revisions._SLIPPED_TO`);
- "Bump / up / raise it to <quantity>" (`slots._MAKE_IT`, `_BUMPED`);
- a title in quotes (`slots._titles`);
- a person in a role, swapped in or added to it (`person_roles`, `SessionState._swapped_person`,
  `_add_to_role`);
- a phone, a code or an amount corrected with no slot word (`revisions._SAID_VALUE`,
  `_EN_REDONE`);
- a day restated with "now" / "instead" (`revisions._ON_DAY_NOW`);
- whose a name is: the user's own, a passenger's (`own_names`); where a Chinese ticket goes.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, evidence_text, section, state_text


def _after(*user: str) -> str:
    """The block after the user says each of `user`, each answered with an acknowledgement."""
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in user[0])
    ack, go = ("好的。", "继续。") if zh else ("OK.", "Go.")
    msgs: list[str] = []
    for m in user:
        msgs += [m, ack]
    return block(*msgs, go)


def _current(*user: str) -> str:
    return current_text(_after(*user))


# ---------------------------------------------------------------- a date moves to a day


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("The pay date is the 25th.", "The pay date moves to the 24th.", "the 24th", "the 25th"),
        ("The pay date is the 25th.", "The pay date shifted to the 23rd.", "the 23rd", "the 25th"),
        ("The deadline is May 3.", "The deadline moved to May 10.", "May 10", "May 3"),
        (
            "The launch date is June 2.",
            "The launch date has shifted to June 9.",
            "June 9",
            "June 2",
        ),
        (
            "The pay date is the 25th.",
            "The pay date moves to the 24th due to the bank holiday.",
            "the 24th",
            "the 25th",
        ),
    ],
)
def test_date_moves_to_changes_it(first: str, change: str, new: str, old: str) -> None:
    current = _current(first, change)
    assert new in current and old not in current


@pytest.mark.parametrize(
    "other",
    [
        "The meeting moved me to tears.",
        "We moved to Denver last year.",
        "The focus shifts to hiring.",
        "Did the pay date move to the 24th?",
    ],
)
def test_moved_without_a_new_day_changes_nothing(other: str) -> None:
    current = _current("The pay date is the 25th.", other)
    assert "the 25th" in current


# ---------------------------------------------------------------- bump / up / raise it to


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("Set the export bitrate to 128 kbps.", "Bump it to 256 kbps.", "256 kbps", "128 kbps"),
        ("Set the export bitrate to 128 kbps.", "Bump it to 160.", "160", "128"),
        ("Set the volume to 30.", "Raise it to 40.", "40", "30"),
        ("Set the volume to 30.", "Lower it to 20.", "20", "30"),
        ("Set the sample rate to 44.1 kHz.", "Up it to 96 kHz.", "96 kHz", "44.1"),
    ],
)
def test_bump_it_to_changes_the_quantity(first: str, change: str, new: str, old: str) -> None:
    current = _current(first, change)
    assert new in current and old not in current


@pytest.mark.parametrize(
    "other",
    [
        "I bumped into Sam at the studio.",
        "Bump it to main.",
        "Bump it to the top of the queue.",
        "Don't bump it to 192.",
    ],
)
def test_bump_without_a_quantity_changes_nothing(other: str) -> None:
    current = _current("Set the export bitrate to 128 kbps.", other)
    assert "128 kbps" in current


def test_bump_an_hour_after_a_time_still_moves_the_time() -> None:
    current = _current("Book a table at 7pm.", "Bump it to 8.")
    assert "time=8" in current and "7pm" not in current


# ---------------------------------------------------------------- a title in quotes


@pytest.mark.parametrize(
    ("text", "slot", "title"),
    [
        ('The working title is "Tides of March".', "working title", "Tides of March"),
        ('Name it "Blue Hour".', "title", "Blue Hour"),
        ('Rename the episode "Low Water".', "episode title", "Low Water"),
        ('The subject line should be "Q3 Payroll Summary".', "subject line", "Q3 Payroll Summary"),
        ("Title it \u201cSalt and Static\u201d.", "title", "Salt and Static"),
    ],
)
def test_quoted_title_is_kept(text: str, slot: str, title: str) -> None:
    assert f"{slot}={title}" in _current(text)


@pytest.mark.parametrize(
    "text",
    [
        'He said "Why Tides Lie" was a bad title.',
        'Call it "done" when tests pass.',
        'Is the title "Why Tides Lie"?',
        'Don\'t call it "Why Tides Lie".',
        'She told me "The title is wrong".',
        "Title it something catchy.",
    ],
)
def test_quoted_speech_is_no_title(text: str) -> None:
    assert not section(_after(text), "state")


# ---------------------------------------------------------------- a person in a role


@pytest.mark.parametrize(
    ("first", "swap", "slot", "new", "old"),
    [
        (
            "The reviewer is Raj Mehta.",
            "Replace Raj with Nina Cole.",
            "reviewer",
            "Nina Cole",
            "Raj Mehta",
        ),
        (
            "The custodian is Karen Liu.",
            "Swap Karen out for Dr. Amy Chu.",
            "custodian",
            "Dr. Amy Chu",
            "Karen Liu",
        ),
        (
            "The reviewer is Raj Mehta.",
            "Swap Raj for Nina Cole.",
            "reviewer",
            "Nina Cole",
            "Raj Mehta",
        ),
    ],
)
def test_person_swapped_in_replaces_the_one_held(
    first: str, swap: str, slot: str, new: str, old: str
) -> None:
    current = _current(first, swap)
    assert f"{slot}={new}" in current and old not in current


def test_person_swapped_for_a_pronoun_is_kept() -> None:
    current = _current("Put Ilse Maren on LH-4410.", "Replace her with Captain Tomas Quist.")
    assert "Captain Tomas Quist" in current


@pytest.mark.parametrize(
    "text",
    [
        "Swap seats with me.",
        "Replace the battery with a new one.",
        "I bumped into Tom Becker at the gym.",
        "The problem is Microsoft Teams.",
        "Is the reviewer Raj Mehta?",
        "Add Tom Becker to the thread.",
        "The printer is Canon Pixma.",
    ],
)
def test_no_person_in_a_role(text: str) -> None:
    assert not section(_after(text), "state")


def test_swap_asked_changes_nothing() -> None:
    current = _current("The reviewer is Raj Mehta.", "Should I swap Raj for Nina Cole?")
    assert "reviewer=Raj Mehta" in current and "Nina Cole" not in current


def test_person_added_to_role_joins_the_one_held() -> None:
    current = _current("The custodian is Karen Liu.", "Add Tom Becker as a custodian too.")
    assert "custodian=Karen Liu, Tom Becker" in current


def test_person_added_to_an_empty_role_is_its_first() -> None:
    assert "custodian=Tom Becker" in _current("Add Tom Becker as a custodian.")


def test_a_remark_on_the_person_changes_nothing() -> None:
    current = _current("The reviewer is Raj Mehta.", "Raj is out sick.")
    assert "reviewer=Raj Mehta" in current


# ---------------------------------------------------------------- a value corrected


@pytest.mark.parametrize(
    ("first", "fix", "new", "old"),
    [
        (
            "Use cost center CC-4410-OPS for the overtime.",
            "Actually, it's CC-4401-OPS.",
            "CC-4401-OPS",
            "CC-4410-OPS",
        ),
        (
            "Use cost center CC-4410-OPS for the overtime.",
            "Sorry, CC-4401-OPS.",
            "CC-4401-OPS",
            "CC-4410-OPS",
        ),
        (
            "Send the reminder to +1 617 555 0142.",
            "The number is wrong, it's +1 617 555 0124.",
            "+1 617 555 0124",
            "+1 617 555 0142",
        ),
        ("Set the overtime rate to $31.50.", "No, $32.75.", "$32.75", "$31.50"),
    ],
)
def test_corrected_value_becomes_current(first: str, fix: str, new: str, old: str) -> None:
    current = _current(first, fix)
    assert new in current and old not in current


@pytest.mark.parametrize(
    ("first", "other"),
    [
        ("Use cost center CC-4410-OPS for the overtime.", "No, it's fine."),
        ("Use cost center CC-4410-OPS for the overtime.", "Wait, is it CC-4401-OPS?"),
        ("Send the reminder to +1 617 555 0142.", "That number's wrong."),
    ],
)
def test_no_correction_sets_no_value(first: str, other: str) -> None:
    assert not section(_after(first, other), "state")


def test_another_amount_leaves_the_one_set() -> None:
    current = _current("Set the overtime rate to $31.50.", "Also add a $50 bonus.")
    assert "overtime rate=$31.50" in current and "$50" not in current


# ---------------------------------------------------------------- a day restated


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("Visit 3 is on March 12.", "Visit 3 is on March 14 now.", "March 14", "March 12"),
        ("The call is on May 2.", "It's on May 5 now.", "May 5", "May 2"),
        ("Book her on March 12.", "She'll come on the 14th instead.", "March 14", "March 12"),
        ("Book him on June 3.", "He comes on June 6 instead.", "June 6", "June 3"),
    ],
)
def test_day_restated_replaces_the_old(first: str, change: str, new: str, old: str) -> None:
    current = _current(first, change)
    assert new in current and old not in current


@pytest.mark.parametrize(
    ("first", "other"),
    [
        ("Visit 3 is on March 12.", "Visit 4 is on March 14."),
        ("Book her on March 12.", "We're on the 14th now."),
        ("Book her on March 12.", "Is she on the 14th now?"),
    ],
)
def test_another_day_said_leaves_the_held_one(first: str, other: str) -> None:
    text = _after(first, other)
    assert "March 12" in current_text(text) or "March 12" in evidence_text(text)
    assert "was: March 12" not in state_text(text)


# ---------------------------------------------------------------- whose a name is


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("My name is Wang Fang, book me a flight to Shanghai.", "task.name=Wang Fang"),
        ("My full name is Wang Fang and I need a hotel in Shanghai.", "task.name=Wang Fang"),
        ("我叫王芳，帮我订一张去上海的机票。", "任务.姓名=王芳"),
        ("我的名字是王芳，帮我订酒店。", "任务.姓名=王芳"),
        ("乘客姓名是张伟。", "任务.乘客=张伟"),
        ("乘机人的姓名是张伟。", "任务.乘机人=张伟"),
        ("The passenger's name is Zhang Wei.", "task.passenger=Zhang Wei"),
        ("The guest name is Anna Berg.", "task.guest=Anna Berg"),
    ],
)
def test_own_or_passengers_name_is_no_recipient(text: str, line: str) -> None:
    current = _current(text)
    assert line in current
    assert "recipient" not in current and "收货人" not in current


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("My name is Dana Whitfield.", "task.recipient=Dana Whitfield"),
        ("My name is Dana Whitfield, ship it to my office.", "task.recipient=Dana Whitfield"),
        ("我叫王芳。", "任务.收货人=王芳"),
        ("我叫王芳，寄到北京市海淀区。", "任务.收货人=王芳"),
        ("收货人的姓名是张伟。", "任务.收货人=张伟"),
    ],
)
def test_a_name_with_nothing_booked_stays_the_recipient(text: str, line: str) -> None:
    assert line in _current(text)


@pytest.mark.parametrize("text", ["我叫车去机场。", "我叫他们先走，帮我订机票。", "我叫了外卖。"])
def test_called_is_no_name(text: str) -> None:
    current = _current(text)
    assert "姓名" not in current and "收货人" not in current


def test_own_name_and_destination_survive_acknowledgements() -> None:
    text = _after("我叫王芳，帮我订一张去上海的机票。")
    assert "王芳" in current_text(text)
    assert "上海" in evidence_text(text)


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("帮我订一张去上海的机票。", ["上海"]),
        ("订从北京到上海浦东的高铁票。", ["北京", "上海浦东"]),
        ("飞成都的航班几点？", ["成都"]),
        ("我想买一张到杭州的火车票。", ["杭州"]),
    ],
)
def test_zh_ticket_destination_is_kept(text: str, places: list[str]) -> None:
    evidence = evidence_text(_after(text))
    assert all(f"地点: {p}" in evidence for p in places)


@pytest.mark.parametrize(
    "text", ["我要去订机票。", "我去买机票。", "门票多少钱？", "去查一下机票价格。"]
)
def test_zh_ticket_without_a_place_keeps_none(text: str) -> None:
    assert "地点" not in evidence_text(_after(text))
