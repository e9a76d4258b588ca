# ruff: noqa: E501  (conversation text is kept verbatim)
"""English slot values and their changes (review round 5, "values"): a thing renamed, a mind
changed "after all", a number corrected by its wrong end ("it's 415-555-0128, not 0182"), a
trip's return day moved, a flight switched to by the one described then its number, the
second of a priced numbered list, a plural thing's style ("switch the citations to Chicago"),
a value for some days only that keeps the others', and a day proposed as a question. Each
group has look-alikes that must read the same and near-misses that must not."""

from __future__ import annotations

import pytest
from _review_harness import Step, block, block_of, current_text, section

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.slots import extract_updates


def _updates(text: str) -> list[tuple[str, str | None, str]]:
    return [(u.slot, u.value, u.op) for u in extract_updates(text, generic_ontology())]


def _values(text: str) -> dict[str, str | None]:
    return {slot: value for slot, value, _ in _updates(text)}


def _current(*texts: str) -> str:
    """The current-state lines after user `texts`, each answered "OK.", then "Go."."""
    turns: list[str] = []
    for t in texts:
        turns += [t, "OK."]
    return current_text(block(*turns, "Go."))


# ---------------------------------------------------------------- renamed, and when


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        (
            "Hmm, rename the branch to refactor/payments-cleanup.",
            "branch",
            "refactor/payments-cleanup",
        ),
        ("I renamed the branch to feature/login-v2 yesterday.", "branch", "feature/login-v2"),
        ("Rename the file to notes.md please.", "file", "notes.md"),
        ("I renamed the project to Atlas already.", "project", "Atlas"),
        ("We renamed the channel to #release-train a few days ago.", "channel", "#release-train"),
        ("I changed the venue to the Grand Hall an hour ago.", "venue", "the Grand Hall"),
        ("Could you rename the branch to hotfix/login?", "branch", "hotfix/login"),
        ("I moved the deadline to Friday just now.", "deadline", "Friday"),
    ],
)
def test_a_rename_sets_the_new_name_without_when_it_was_done(
    text: str, slot: str, value: str
) -> None:
    assert _values(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "Should I rename the branch to hotfix/login?",
        "Don't rename the branch to hotfix/login.",
        "The rename went fine yesterday.",
        "Renaming things is hard.",
        "I renamed it yesterday.",
        "Never rename the branch to main.",
        "Why did you rename the branch to hotfix/login?",
        "Do not rename the file to notes.md.",
    ],
)
def test_no_rename_is_read_where_none_is_made(text: str) -> None:
    assert not [u for u in _updates(text) if u[0] in ("branch", "file")]


def test_a_renamed_branch_is_the_current_one() -> None:
    current = _current(
        "Use branch refactor/payments-retry.",
        "I renamed the branch to refactor/payments-cleanup yesterday.",
    )
    assert "task.branch=refactor/payments-cleanup [" in current
    assert "yesterday" not in current and "payments-retry" not in current


# ---------------------------------------------------------------- after all; a refund's destination


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Refund it to store credit please.", "store credit"),
        ("Refund it to my Visa.", "Visa"),
        ("Refund the rest to the Amex card.", "Amex card"),
        ("Could you refund it to my Visa?", "Visa"),
        ("Refund it as store credit.", "store credit"),
        ("OK refund it back to the original card.", "original card"),
        ("Actually, refund it to the Visa after all.", "Visa"),
        ("Please refund the difference to my gift card.", "gift card"),
    ],
)
def test_where_a_refund_goes_is_its_value(text: str, value: str) -> None:
    assert _values(text).get("refund") == value


@pytest.mark.parametrize(
    "text",
    [
        "The refund to Visa was slow.",
        "I want a full refund to my card.",
        "Should I refund it to Visa?",
        "Don't refund it to Visa.",
        "Is a refund to store credit possible?",
        "My refund to PayPal never arrived.",
        "Any refund to the card takes a week?",
        "Never refund it to store credit.",
    ],
)
def test_no_refund_value_is_read_from_talk_about_refunds(text: str) -> None:
    assert "refund" not in _values(text)


@pytest.mark.parametrize(
    ("second", "value"),
    [
        ("Actually switch it to store credit after all.", "store credit"),
        ("Switch it to store credit after all, please.", "store credit"),
        ("Hmm, change it to store credit after all.", "store credit"),
        ("Make it store credit after all.", "store credit"),
    ],
)
def test_a_change_of_mind_after_all_changes_the_held_value(second: str, value: str) -> None:
    current = _current("Refund it to Visa.", second)
    assert f"task.refund={value} [" in current
    assert "after all" not in current and "unspecified" not in current


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I renamed the project to Atlas after all.", "Atlas"),
        ("Set the venue to the Grand Hall after all.", "the Grand Hall"),
        ("Change the font to Arial after all.", "Arial"),
        ("Move the deadline to Friday after all.", "Friday"),
    ],
)
def test_after_all_is_no_part_of_any_value(text: str, value: str) -> None:
    assert value in _values(text).values()


# ---------------------------------------------------------------- "it's X, not Y"


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        (
            "Text it to 415-555-0182.",
            "The number is wrong by the way, it's 415-555-0128, not 0182.",
            "415-555-0128",
            "415-555-0182",
        ),
        (
            "Call me at 415-555-0182.",
            "Sorry, it's 415-555-0128, not 415-555-0182.",
            "415-555-0128",
            "415-555-0182",
        ),
        (
            "My phone is 212-555-0147.",
            "Oops, it should be 212-555-0174, not 0147.",
            "212-555-0174",
            "212-555-0147",
        ),
        ("Book it for Tuesday.", "It should be Thursday, not Tuesday.", "Thursday", "Tuesday"),
        ("Book it for Tuesday.", "Hmm it's Thursday, not Tuesday.", "Thursday", "Tuesday"),
        ("Book a table at 7pm.", "Wait, it's 8pm, not 7pm.", "8pm", "7pm"),
        ("Book it for June 12.", "It is June 21, not June 12.", "June 21", "June 12"),
        (
            "Text it to 415-555-0182.",
            "That should be 415-555-0128, not 0182.",
            "415-555-0128",
            "415-555-0182",
        ),
    ],
)
def test_a_value_said_against_the_wrong_one_replaces_it(
    first: str, second: str, new: str, old: str
) -> None:
    current = _current(first, second)
    assert new in current
    assert old not in current


@pytest.mark.parametrize(
    "text",
    [
        "It's fine, not a problem.",
        "It's late, not early.",
        "It's 5 minutes away, not far.",
        "It's a gift, not for me.",
        "Is it 415-555-0128, not 0182?",
        "It's expensive, not worth it.",
        "It's Paris, not London that I love.",
        "That should be fine, not an issue.",
    ],
)
def test_no_value_is_corrected_without_two_of_one_shape(text: str) -> None:
    assert not [u for u in _updates(text) if u[0] in ("phone", "date", "time")]


# ---------------------------------------------------------------- a trip's return day


@pytest.mark.parametrize(
    "second",
    [
        "We have to come back June 20 instead, not the 22nd.",
        "Return June 20 instead.",
        "Actually let's fly back on June 20.",
        "Can we come back June 20 instead?",
        "My boss wants me back, so we'll head back June 20 instead.",
        "Change of plan: coming back on June 20 instead.",
        "Change of plans, we return on June 20.",
        "Could we fly back June 20 instead?",
    ],
)
def test_a_new_return_day_replaces_the_trips_end(second: str) -> None:
    current = _current("Leaving June 12, back June 22.", second)
    assert "June 12 to June 20" in current
    assert "June 22" not in current


@pytest.mark.parametrize(
    "text",
    [
        "Leaving June 12, back June 22.",
        "Should we come back June 20 instead?",
        "Coming back June 20 is a bad idea.",
        "I'm returning the shoes instead.",
        "Actually I'll come back to this later.",
        "Return the jacket, not the shirt.",
        "We came back June 20 last year.",
        "Why come back June 20?",
        "Leaving June 12, not coming back June 22.",
        "We won't fly back on June 20 now.",
    ],
)
def test_no_return_day_change_is_read_without_one(text: str) -> None:
    assert not [u for u in _updates(text) if u[2] == "change" and u[0] == "date"]


# ---------------------------------------------------------------- the one described, then its number


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Hmm no checked bag. Switch to the nonstop TAP one then, TP218.", "TP218"),
        ("Take the cheaper one, UA9640.", "UA9640"),
        ("Switch to the early flight - B6 919.", "B6 919"),
        ("Book the evening option: DL120.", "DL120"),
        ("Let's switch to the direct one, AA 100.", "AA 100"),
        ("OK take the later one then, LH 431.", "LH 431"),
        ("Go with the Delta one (DL 88).", "DL 88"),
        ("Switch to the overnight one, UA 2.", "UA 2"),
    ],
)
def test_a_pick_described_then_numbered_is_the_flight(text: str, code: str) -> None:
    assert _values(text).get("flight") == code


@pytest.mark.parametrize(
    "text",
    [
        "Take the cheaper one.",
        "Switch to the nonstop TAP one then.",
        "Is the nonstop one TP218?",
        "Take the cheaper one, north of here.",
        "Don't book the early one, UA9640.",
        "Should I take the cheaper one, UA9640?",
        "The nonstop one, TP218, is full.",
        "Switch to the other one, thanks.",
    ],
)
def test_no_flight_is_picked_by_a_description_alone(text: str) -> None:
    assert "flight" not in _values(text)


def test_a_switch_to_the_described_flight_replaces_the_pick_with_no_conflict() -> None:
    text = block(
        "Take UA9640.",
        "OK.",
        "Hmm no checked bag. Switch to the nonstop TAP one then, TP218.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "TP218" in current and "UA9640" not in current
    assert not section(text, "conflicts")


# ---------------------------------------------------------------- the second of a priced list


def _picked(reply: str, pick: str) -> str:
    steps: list[Step] = [
        ("u", "Find options."),
        ("a", reply),
        ("u", pick),
        ("a", "OK."),
        ("u", "Go."),
    ]
    return current_text(block_of(steps))


@pytest.mark.parametrize(
    ("reply", "pick", "want"),
    [
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "Let's take the second one.", "UA9640"),
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "The first one, please.", "TP218"),
        (
            "Options: 1) TP218 $1,412; 2) UA9640 $1,188; 3) AZ615 $1,090.",
            "Take the last one.",
            "AZ615",
        ),
        ("1) TP218 €1,412, 2) UA9640 €1,188.", "I'll take the second one.", "UA9640"),
        (
            "1) Hotel Julian $259/night; 2) Kinzie Hotel $229/night.",
            "The second one.",
            "Kinzie Hotel",
        ),
        (
            "1) Hotel Julian £259 a night, 2) Kinzie Hotel £229 a night.",
            "Book the first one.",
            "Hotel Julian",
        ),
        (
            "Here are two: 1) TP218 $1,412 nonstop; 2) UA9640 $1,188 via Newark.",
            "Let's take the second one.",
            "UA9640",
        ),
        ("1) TP218 $1,412.60; 2) UA9640 $1,188.20.", "Let's take the second one.", "UA9640"),
    ],
)
def test_an_ordinal_picks_from_a_numbered_list_priced_after_each_name(
    reply: str, pick: str, want: str
) -> None:
    assert want in _picked(reply, pick)


@pytest.mark.parametrize(
    ("reply", "pick"),
    [
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "Is the second one nonstop?"),
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "Not the second one."),
        ("1) Restart Apache $5; 2) Clear Cache $3.", "The second one."),
        ("Steps: 1) Pay $20; 2) Confirm.", "Do the second one."),
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "Thanks."),
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "Which one is cheaper?"),
        ("1) TP218 $1,412; 2) UA9640 $1,188.", "What does the second one cost with bags?"),
        ("I found two errors: 1) Timeout $1; 2) Refused $2.", "Fix the second one."),
    ],
)
def test_no_pick_is_made_from_a_question_or_a_list_of_steps(reply: str, pick: str) -> None:
    current = _picked(reply, pick)
    assert "UA9640" not in current and "Clear Cache" not in current and "Refused" not in current


# ---------------------------------------------------------------- a plural thing's style


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        (
            "Actually, switch the citations to Chicago author-date, my advisor prefers it.",
            "citations",
            "Chicago author-date",
        ),
        ("Set the units to Celsius.", "units", "Celsius"),
        ("Change the labels to French please.", "labels", "French"),
        ("Switch the timestamps to UTC.", "timestamps", "UTC"),
        ("Change the headings to Title Case.", "headings", "Title Case"),
        ("Update the references to IEEE style.", "references", "IEEE style"),
        ("Switch the prices to EUR.", "prices", "EUR"),
        ("Switch the captions to Helvetica.", "captions", "Helvetica"),
    ],
)
def test_a_plural_things_named_style_is_its_value(text: str, slot: str, value: str) -> None:
    assert _values(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "Change the colors to something brighter.",
        "Move the files to Dropbox.",
        "Change the ones to red.",
        "Switch the citations to something shorter.",
        "Should I switch the citations to Chicago?",
        "Don't switch the citations to Chicago.",
        "Change the details to what we said.",
        "Switch the others to Chicago.",
        "Move the flights to Monday.",
        "Push the deadlines to Friday.",
    ],
)
def test_no_plural_value_without_a_name_or_a_quantity(text: str) -> None:
    got = _values(text)
    assert not {"citations", "colors", "files", "ones", "details", "others", "flights"} & set(got)
    assert "deadlines" not in got


def test_a_citation_style_switch_is_current() -> None:
    current = _current(
        "Cite everything in APA 7th edition.",
        "Actually, switch the citations to Chicago author-date, my advisor prefers it.",
    )
    assert "task.citations=Chicago author-date [" in current


# ---------------------------------------------------------------- a value for some days only


@pytest.mark.parametrize(
    ("second", "scoped", "kept"),
    [
        (
            "On Fridays make it 23:30 instead, the rest stays at 22:00.",
            "task.time on Fridays=23:30",
            "task.time=22:00",
        ),
        (
            "Every Saturday make it 23:30, the other days remain 22:00.",
            "task.time on Saturdays=23:30",
            "task.time=22:00",
        ),
        (
            "Make it 23:30 on weekends, the rest stays at 22:00.",
            "task.time on weekends=23:30",
            "task.time=22:00",
        ),
        (
            "On weekdays make it 21:00, everything else stays at 22:00.",
            "task.time on weekdays=21:00",
            "task.time=22:00",
        ),
        (
            "For Sundays change it to 23:00, the others stay at 22:00.",
            "task.time on Sundays=23:00",
            "task.time=22:00",
        ),
        (
            "On Mondays make it 20:00 instead; the rest stays at 22:00.",
            "task.time on Mondays=20:00",
            "task.time=22:00",
        ),
    ],
)
def test_a_value_for_some_days_keeps_the_others(second: str, scoped: str, kept: str) -> None:
    current = _current("Run the routine at 22:00.", second)
    assert scoped in current and kept in current


@pytest.mark.parametrize(
    "text",
    [
        "On Fridays make it 23:30 instead.",
        "Make it 23:30 every Friday.",
        "Every weekend make it 9am.",
    ],
)
def test_a_value_for_some_days_has_its_own_slot(text: str) -> None:
    assert [u[0] for u in _updates(text) if u[1]] in (
        ["time on Fridays"],
        ["time on weekends"],
    )


@pytest.mark.parametrize(
    ("second", "new"),
    [
        ("Make it 23:30 instead.", "task.time=23:30"),
        ("On Friday make it 23:30.", "task.time=23:30"),
        ("Make it 23:30 from now on.", "task.time=23:30"),
        ("Change it to 23:30, every day.", "task.time=23:30"),
        ("Fridays are busy. Make it 23:30.", "task.time=23:30"),
    ],
)
def test_a_value_for_every_day_replaces_the_held_one(second: str, new: str) -> None:
    current = _current("Run the routine at 22:00.", second)
    assert f"{new} [" in current and " on " not in current


# ---------------------------------------------------------------- a day proposed as a question


@pytest.mark.parametrize(
    ("first", "second", "new", "old"),
    [
        (
            "Schedule the loop on Thursday at 09:30.",
            "Thursday fell through. Can we do Monday the 17th?",
            "Monday",
            "Thursday",
        ),
        ("Book it for 7pm.", "Could we do 8pm?", "8pm", "7pm"),
        ("Book the dentist for Thursday.", "Hmm, can we do Friday?", "Friday", "Thursday"),
        ("Book it for June 12.", "Can we do June 14 instead?", "June 14", "June 12"),
        ("Book a table at 7pm.", "Could you book 8:30pm?", "8:30pm", "7pm"),
        ("Schedule the call on Thursday.", "Ugh. Can we do Monday then?", "Monday", "Thursday"),
        (
            "Book the dentist for Thursday.",
            "So can we please do Tuesday the 3rd?",
            "Tuesday the 3rd",
            "Thursday",
        ),
        ("Book it for 7pm.", "Can we try 9pm?", "9pm", "7pm"),
    ],
)
def test_a_day_proposed_as_a_question_is_the_new_value(
    first: str, second: str, new: str, old: str
) -> None:
    current = _current(first, second)
    assert new in current and old not in current


@pytest.mark.parametrize(
    "second",
    [
        "Can we do better?",
        "What can we do Monday?",
        "Can we do it?",
        "Can we do that?",
        "Why can't we do Monday?",
        "Can we do something fun?",
        "Can we do a quick call first?",
        "Could we do it later?",
    ],
)
def test_no_day_is_proposed_by_a_question_without_one(second: str) -> None:
    current = _current("Schedule the loop on Thursday at 09:30.", second)
    assert "Monday" not in current


# ---------------------------------------------------------------- in Chinese: renamed, some days only


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("分支改名为 refactor/payments-cleanup。", "分支", "refactor/payments-cleanup"),
        ("我昨天把分支改名为 feature/login 了。", "分支", "feature/login"),
        ("把项目重命名为 Atlas。", "项目", "Atlas"),
        ("文件更名为 notes.md。", "文件", "notes.md"),
        ("频道改名成 release-train 吧。", "频道", "release-train"),
        ("帮我把仓库重命名为 ctx-core。", "仓库", "ctx-core"),
    ],
)
def test_zh_a_rename_sets_the_new_name(text: str, slot: str, value: str) -> None:
    assert _values(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    ["这个名字改名为什么好？", "不要把分支改名为 main。", "他的名字叫张伟。", "改名为啥？"],
)
def test_zh_no_rename_where_none_is_made(text: str) -> None:
    assert not [u for u in _updates(text) if u[1] and u[0] in ("分支", "名字", "他的名字")]


@pytest.mark.parametrize(
    ("second", "scoped", "kept"),
    [
        ("周五改成23:30，其他天还是22:00。", "任务.时间（周五）=23:30", "任务.时间=22:00"),
        ("周末改成23:30，其余照旧22:00。", "任务.时间（周末）=23:30", "任务.时间=22:00"),
        ("每周五改成23:30，别的日子不变22:00。", "任务.时间（每周五）=23:30", "任务.时间=22:00"),
        ("工作日改成21:00，其他天都还是22:00。", "任务.时间（工作日）=21:00", "任务.时间=22:00"),
    ],
)
def test_zh_a_value_for_some_days_keeps_the_others(second: str, scoped: str, kept: str) -> None:
    current = current_text(block("每天22:00运行。", "好的。", second, "好的。", "继续。"))
    assert scoped in current and kept in current


@pytest.mark.parametrize(
    "second",
    ["周五改成23:30。", "改成23:30吧。", "周五那次改成23:30。", "时间改成23:30，周五再说。"],
)
def test_zh_a_value_for_one_day_replaces_the_held_one(second: str) -> None:
    current = current_text(block("每天22:00运行。", "好的。", second, "好的。", "继续。"))
    assert "任务.时间=23:30" in current and "（" not in current


@pytest.mark.parametrize(
    "text",
    [
        "周末我要请客户吃清蒸鲈鱼，帮我找家人均200元的餐馆。",
        "每周五我们订4个人的桌。",
        "Every Friday we book a table for 4 people.",
        "On weekends the price is $20.",
        "工作日预算是500元。",
        "On Fridays the budget is $300.",
    ],
)
def test_a_value_set_on_some_days_is_no_override(text: str) -> None:
    assert not [slot for slot, _, _ in _updates(text) if "（" in slot or " on " in slot]
