"""Values the user changes in words review round 3 found missed: a thing changed from one
value to another ("婚期从5月22日改到5月29日"), a thing led by a word that joins the message to
the one before ("另外宾客人数改成…"). Look-alikes with the near-misses that must set nothing.
"""

from __future__ import annotations

import pytest
from _review_harness import current_after


def _zh(said: str) -> str:
    return current_after("帮我安排一下。", "好的。", said, "好的。", "继续。")


# ---------------------------------------------------------------- "<thing>从A改到B"


@pytest.mark.parametrize(
    "said, now, gone",
    [
        ("婚期从5月22日改到5月29日。", "5月29日", "5月22日"),
        ("面试时间从周二改到周四。", "周四", "周二"),
        ("交付日期从10号改到15号。", "15号", "10号"),
        ("发布会从上午改到下午三点。", "下午三点", "上午"),
    ],
)
def test_zh_from_a_changed_to_b(said: str, now: str, gone: str) -> None:
    current = _zh(said)
    assert now in current
    assert gone not in current


@pytest.mark.parametrize(
    "said, gone",
    [
        ("婚期要不要从5月22日改到5月29日？", "5月29日"),
        ("别把婚期改到5月29日。", "5月29日"),
    ],
)
def test_zh_from_a_to_b_near_misses(said: str, gone: str) -> None:
    assert gone not in _zh(said)


# ---------------------------------------------------------------- a joining word leads the thing


@pytest.mark.parametrize(
    "said, thing, now",
    [
        ("另外宾客人数改成150人了。", "宾客人数", "150人"),
        ("此外签到台位置换成东门。", "签到台位置", "东门"),
        ("同时交付批次改成第三批。", "交付批次", "第三批"),
        ("顺便主持人换成老周。", "主持人", "老周"),
    ],
)
def test_zh_joining_word_not_in_thing(said: str, thing: str, now: str) -> None:
    current = _zh(said)
    assert f".{thing}={now}" in current
    for joining in ("另外", "此外", "同时", "顺便"):
        assert joining not in current


def test_zh_joining_word_alone_names_nothing() -> None:
    # "另外改成150人": nothing is left to name the thing once the joining word goes.
    assert "另外" not in _zh("另外改成150人。")


# ---------------------------------------------------------------- "the <thing> is now <value>"


def _en(*said: str) -> str:
    return current_after(*said, "Noted.", "Go.")


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        ("The guest count is 140.", "Actually the guest count is now 165.", "165", "140"),
        ("Deploy payments-api v2.14.3.", "The target version is now v2.14.4.", "v2.14.4", None),
        ("The budget is $38,000.", "The new cap is $45,000.", "$45,000", "$38,000"),
        ("The budget is $900.", "Our spending limit is now $1,200.", "$1,200", "$900"),
        ("Let's plan it.", "The table count is now 18.", "18", None),
    ],
)
def test_en_thing_is_now(first: str, said: str, now: str, gone: str | None) -> None:
    current = _en(first, "OK.", said)
    assert now in current
    if gone is not None:
        assert gone not in current


@pytest.mark.parametrize(
    "said, gone",
    [
        ("Is the guest count now 165?", "165"),
        ("The guest count is 165, right?", "165"),
        ("The new cap is $45,000?", "$45,000"),
    ],
)
def test_en_thing_is_now_near_misses(said: str, gone: str) -> None:
    assert gone not in _en("Let's plan it.", "OK.", said)


def test_en_new_cap_of_a_count_is_no_budget() -> None:
    # A cap said in people, not money, is no budget.
    assert "budget" not in _en("Let's plan it.", "OK.", "The new cap is 200 people.")


# ---------------------------------------------------------------- a named thing switched to a code


@pytest.mark.parametrize(
    "said, thing, now",
    [
        ("版本改成 v3.8.1。", "版本", "v3.8.1"),
        ("镜像标签换成 v2.0.7。", "镜像标签", "v2.0.7"),
        ("分支改成 release-4.2。", "分支", "release-4.2"),
        ("基线版本调到 v1.12.3。", "基线版本", "v1.12.3"),
    ],
)
def test_zh_named_thing_switched_to_code(said: str, thing: str, now: str) -> None:
    current = _zh(said)
    assert f".{thing}={now}" in current
    assert "host" not in current


def test_zh_bare_switch_to_host_still_by_shape() -> None:
    # No thing named: the value's own shape still finds its slot.
    assert "host=db-prod-04.internal" in _zh("那就切到 db-prod-04.internal 吧。")


# ---------------------------------------------------------------- "now" leads no value


@pytest.mark.parametrize(
    "asked, told, now",
    [
        ("Change my return to June 24.", "Booked. Return date is now June 24.", "June 24"),
        ("Move the check-in to July 2.", "Done. Check-in date is now July 2.", "July 2"),
        ("Change the pickup time to 9am.", "Done. Pickup time is now 9am.", "9am"),
    ],
)
def test_en_now_not_part_of_value(asked: str, told: str, now: str) -> None:
    current = current_after(asked, told, "Go.")
    assert now in current
    assert f"now {now}" not in current


def test_en_value_starting_with_now_letters_kept_whole() -> None:
    # "Nowra" only begins with the letters of "now": the value keeps them.
    assert "Nowra Hall" in _en("Let's plan it.", "OK.", "Set the venue to Nowra Hall.")


# ---------------------------------------------------------------- "move it to <when>"


@pytest.mark.parametrize(
    "said, now",
    [
        ("Lena asked to move it to Wednesday at 2pm.", "Wednesday at 2pm"),
        ("Please reschedule it to Friday morning.", "Friday morning"),
        ("Can you push it to next Monday, please.", "next Monday"),
        ("They want to move it to Dec 12 at 4pm.", "Dec 12 at 4pm"),
    ],
)
def test_en_move_it_to_a_time_is_its_date(said: str, now: str) -> None:
    current = _en("Schedule a phone screen with Lena on Tuesday at 10am.", "OK.", said)
    assert now in current
    assert "unspecified" not in current


@pytest.mark.parametrize(
    "said, gone",
    [
        ("Push it to main.", "main"),
        ("Move it to the archive folder.", "archive"),
    ],
)
def test_en_move_it_to_no_time_sets_no_date(said: str, gone: str) -> None:
    assert f"date={gone}" not in _en("Let's plan it.", "OK.", said)


# ---------------------------------------------------------------- "pick up at <place> instead"


@pytest.mark.parametrize(
    "said, now",
    [
        ("Actually pick up at Oakland airport instead of SFO.", "Oakland airport"),
        ("Pick me up at Union Station instead.", "Union Station"),
        ("Let's pick up from Terminal 2 instead.", "Terminal 2"),
        ("Pick it up at the Downtown branch instead, please.", "the Downtown branch"),
    ],
)
def test_en_pick_up_at_a_place(said: str, now: str) -> None:
    current = _en("Extend the return to March 11.", "OK.", said)
    assert f"pickup={now}" in current
    assert "up at" not in current and "up from" not in current
    assert "March 11" in current


@pytest.mark.parametrize(
    "said",
    ["Should I pick up at Oakland airport instead?", "Pick up at 5pm instead."],
)
def test_en_pick_up_near_misses(said: str) -> None:
    # Asked, or a time with no place: no pickup place is set by this reading.
    current = _en("Extend the return to March 11.", "OK.", said)
    assert "pickup=Oakland" not in current and "pickup=5pm" not in current
