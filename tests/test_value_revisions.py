"""How a value held changes without being said whole: a part swapped, a value taken back,
the first value said wins, an old value said only to name it, a thing's own value moved.

Look-alikes of the review round's defects (tests/test_review_round.py), English and Chinese,
with the near-misses that must leave the value as it was.
"""

from __future__ import annotations

import pytest
from _review_harness import current_after

from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

_ADDRESS_EN = "Ship it to 88 Howard St, Unit 12, San Francisco, CA 94105."
_ADDRESS_ZH = "收货地址改成杭州市西湖区文三路398号。"


@pytest.mark.parametrize(
    "said, now, gone",
    [
        ("Oh wait, Unit 14, not Unit 12.", "Unit 14", "Unit 12"),
        ("Sorry, it's Unit 14, not Unit 12.", "Unit 14", "Unit 12"),
        ("Not Unit 12 but Unit 14.", "Unit 14", "Unit 12"),
        ("Unit 14, not 12 — my mistake.", "Unit 14", "Unit 12"),
        ("Hmm, 94107, not 94105.", "94107", "94105"),
    ],
)
def test_en_part_swapped(said: str, now: str, gone: str) -> None:
    current = current_after(_ADDRESS_EN, "Updated.", said, "OK.", "Thanks.")
    assert now in current and gone not in current
    assert "88 Howard St" in current  # the rest of the address stays


@pytest.mark.parametrize(
    "said, now, gone",
    [
        ("不是文三路398号，是文二路398号。", "文二路398号", "文三路"),
        ("是文二路398号，不是文三路398号。", "文二路398号", "文三路"),
        ("不是文三路，而是文二路，刚才说错了。", "文二路398号", "文三路"),
        ("文二路398号而不是文三路398号。", "文二路398号", "文三路"),
        ("不对，不是398号，是389号。", "文三路389号", "398号"),
    ],
)
def test_zh_part_swapped(said: str, now: str, gone: str) -> None:
    current = current_after(_ADDRESS_ZH, "已修改。", said, "好的。", "几点到？")
    assert now in current and gone not in current
    assert "杭州市西湖区" in current


@pytest.mark.parametrize(
    "first, said, kept",
    [
        (_ADDRESS_EN, "Unit 14 is nice.", "Unit 12"),
        (_ADDRESS_EN, "Do it now, not later.", "Unit 12"),
        (_ADDRESS_EN, "Unit 14, not Unit 12?", "Unit 12"),
        (_ADDRESS_EN, "Not today, but thanks.", "Unit 12"),
        (_ADDRESS_ZH, "不是说了吗，地址没问题。", "文三路398号"),
        (_ADDRESS_ZH, "不是我，是我同事下单的。", "文三路398号"),
        (_ADDRESS_ZH, "是文二路398号，不是文三路398号？", "文三路398号"),
        (_ADDRESS_ZH, "不是很急，是想确认一下。", "文三路398号"),
    ],
)
def test_no_swap_leaves_the_value(first: str, said: str, kept: str) -> None:
    assert kept in current_after(first, "OK.", said, "OK.", "Go on.")


_REGION = ("Deploy to us-east-1.", "OK.", "Deploy to eu-west-1.", "OK.")
_TIME_ZH = ("时间改到上午10点。", "好的。", "时间改到下午3点。", "好的。")


@pytest.mark.parametrize(
    "said",
    [
        "Wait, ignore that, us-east-1 is correct.",
        "Actually, go back to us-east-1.",
        "Change it back to us-east-1.",
        "Revert to us-east-1.",
        "Use us-east-1 after all.",
        "us-east-1 was right.",
    ],
)
def test_en_value_taken_back(said: str) -> None:
    current = current_after(*_REGION, said, "OK.", "Go.")
    assert "us-east-1" in current and "eu-west-1" not in current


@pytest.mark.parametrize(
    "said",
    ["还是改回上午10点吧。", "换回上午10点。", "上午10点才是对的。", "还是上午10点吧。"],
)
def test_zh_value_taken_back(said: str) -> None:
    current = current_after(*_TIME_ZH, said, "好的。", "提醒我。")
    assert "上午10点" in current and "下午3点" not in current


@pytest.mark.parametrize(
    "steps, said, kept",
    [
        (_REGION, "us-east-1 is slow.", "eu-west-1"),
        (_REGION, "Is us-east-1 correct?", "eu-west-1"),
        (_REGION, "eu-west-1 is correct.", "eu-west-1"),
        (_REGION, "Deploy to production.", "eu-west-1"),
        (_TIME_ZH, "还是算了吧。", "下午3点"),
        (_TIME_ZH, "回到正题。", "下午3点"),
        (_TIME_ZH, "上午10点是对的吗？", "下午3点"),
        (_TIME_ZH, "上午10点我有会。", "下午3点"),
    ],
)
def test_nothing_taken_back(steps: tuple[str, ...], said: str, kept: str) -> None:
    assert kept in current_after(*steps, said, "OK.", "Go.")


_TWO_ADDRESSES_ZH = (
    "收货地址是北京市朝阳区建国路88号。",
    "好的。",
    "地址写上海市徐汇区漕溪北路18号。",
    "好的。",
)
_TWO_ADDRESSES_EN = (
    "Ship it to 12 Oak Ave, Austin, TX 78701.",
    "OK.",
    "Ship it to 5 Pine Rd, Dallas, TX 75201.",
    "OK.",
)


@pytest.mark.parametrize(
    "steps, said, first, later",
    [
        (_TWO_ADDRESSES_ZH, "地址以我第一次说的为准。", "建国路88号", "漕溪北路"),
        (_TWO_ADDRESSES_ZH, "收货地址按最开始给的那个。", "建国路88号", "漕溪北路"),
        (_TWO_ADDRESSES_ZH, "以我第一次说的为准。", "建国路88号", "漕溪北路"),
        (_TWO_ADDRESSES_ZH, "地址用最初说的吧。", "建国路88号", "漕溪北路"),
        (_TWO_ADDRESSES_EN, "Use the first address I gave.", "12 Oak Ave", "5 Pine Rd"),
        (_TWO_ADDRESSES_EN, "The first address I gave is correct.", "12 Oak Ave", "5 Pine Rd"),
        (_TWO_ADDRESSES_EN, "Go with what I said first.", "12 Oak Ave", "5 Pine Rd"),
        (_TWO_ADDRESSES_EN, "Keep the first address.", "12 Oak Ave", "5 Pine Rd"),
    ],
)
def test_first_value_wins(steps: tuple[str, ...], said: str, first: str, later: str) -> None:
    current = current_after(*steps, said, "OK.", "Confirm.")
    assert first in current and later not in current


@pytest.mark.parametrize(
    "steps, said, later",
    [
        (_TWO_ADDRESSES_ZH, "地址以最后一次说的为准。", "漕溪北路"),
        (_TWO_ADDRESSES_ZH, "我第一次来上海。", "漕溪北路"),
        (_TWO_ADDRESSES_EN, "Use the first one.", "5 Pine Rd"),
        (_TWO_ADDRESSES_EN, "It's my first order.", "5 Pine Rd"),
    ],
)
def test_first_not_said_later_stays(steps: tuple[str, ...], said: str, later: str) -> None:
    assert later in current_after(*steps, said, "OK.", "Confirm.")


def _values(text: str) -> list[str]:
    parsed = parse_message(Message.user(text), turn=1)
    return [u.value or "" for u in parsed.updates]


@pytest.mark.parametrize(
    "said, old",
    [
        ("原来的邮箱是 li.wei@example.cn，不要再用了。", "li.wei@example.cn"),
        ("我以前的邮箱是 li.wei@example.cn，已经停用了。", "li.wei@example.cn"),
        ("之前的手机号是13800001111，别打这个。", "13800001111"),
        ("旧的收货地址是北京市朝阳区建国路88号，不用了。", "建国路88号"),
    ],
)
def test_old_value_said_is_no_new_value(said: str, old: str) -> None:
    assert not any(old in v for v in _values(said))


@pytest.mark.parametrize(
    "said, new",
    [
        ("邮箱是 li.wei@example.cn。", "li.wei@example.cn"),
        ("新的邮箱是 li.wei@example.cn。", "li.wei@example.cn"),
        ("手机号是13800001111。", "13800001111"),
        ("收货地址是北京市朝阳区建国路88号。", "建国路88号"),
    ],
)
def test_value_not_called_old_is_set(said: str, new: str) -> None:
    assert any(new in v for v in _values(said))


@pytest.mark.parametrize(
    "said, now",
    [
        ("Move it to Wednesday Dec 9 at 8:30 AM Pacific instead.", "8:30 AM"),
        ("Change it to Friday at 9 AM.", "9 AM"),
        ("Make it Thursday 3:30 PM.", "3:30 PM"),
        ("Move it to 4 PM.", "4 PM"),
    ],
)
def test_moved_again(said: str, now: str) -> None:
    current = current_after("Move it to 2 PM.", "Moved to 2:00 PM PT.", said, "Done.", "Remind me.")
    assert now in current and "2 PM" not in current


def test_manner_is_no_time() -> None:
    current = current_after("Move it to 2 PM.", "Moved.", "Make it spicy.", "Done.", "Remind me.")
    assert "2 PM" in current


@pytest.mark.parametrize(
    "said, noun, value",
    [
        ("Set the deadline to Dec 18.", "deadline", "Dec 18"),
        ("Move the deadline to Dec 19.", "deadline", "Dec 19"),
        ("Push the deadline to Friday.", "deadline", "Friday"),
        ("Postpone the launch to next Monday.", "launch", "next Monday"),
        ("Change the budget to $500.", "budget", "$500"),
        ("Update the priority to high.", "priority", "high"),
    ],
)
def test_thing_set_to_value(said: str, noun: str, value: str) -> None:
    parsed = parse_message(Message.user(said), turn=1)
    assert [(u.slot, u.value) for u in parsed.updates] == [(noun, value)]


@pytest.mark.parametrize(
    "said",
    [
        "Move the files to docs/.",
        "Push the branch to origin.",
        "Should we move the deadline to Friday?",
        "Don't set the timeout to 0.",
        "Set the table for dinner.",
        "Move the meeting to the big room.",
    ],
)
def test_no_thing_set(said: str) -> None:
    parsed = parse_message(Message.user(said), turn=1)
    assert not [u for u in parsed.updates if u.slot not in ("date", "time")]


def test_deadline_moved_twice() -> None:
    current = current_after(
        "Set the deadline to Dec 18.", "OK.", "Push the deadline to Dec 20.", "OK.", "When?"
    )
    assert "Dec 20" in current and "Dec 18" not in current


@pytest.mark.parametrize(
    "said, value",
    [
        ("Deploy to us-east-1.", "us-east-1"),
        ("Switch it to ap-southeast-2.", "ap-southeast-2"),
        ("Migrate everything to eu-central-1.", "eu-central-1"),
        ("切到 us-west-2 吧。", "us-west-2"),
    ],
)
def test_region_switched_to(said: str, value: str) -> None:
    current = current_after(said, "OK.", "Go.")
    assert f"region={value}" in current


@pytest.mark.parametrize("said", ["Deploy to production.", "Move it to 2 PM.", "Deploy it now."])
def test_no_region(said: str) -> None:
    assert "region=" not in current_after(said, "OK.", "Go.")


@pytest.mark.parametrize(
    "said, slot, value",
    [
        ("挪到下午4点吧。", "time", "下午4点"),
        ("调到周五。", "date", "周五"),
        ("换回顺丰吧。", "shipping", "顺丰"),
        ("改回明天。", "date", "明天"),
        ("还是改回上午10点吧。", "time", "上午10点"),
        ("时间调回上午9点。", "time", "上午9点"),
    ],
)
def test_zh_change_back_verbs(said: str, slot: str, value: str) -> None:
    parsed = parse_message(Message.user(said), turn=1)
    assert (slot, value) in [(u.slot, u.value) for u in parsed.updates]


@pytest.mark.parametrize("said", ["挪到那边去。", "调到静音。", "改回来吧。", "换回去吧。"])
def test_zh_change_back_without_value(said: str) -> None:
    parsed = parse_message(Message.user(said), turn=1)
    assert not parsed.updates and not [r for r in parsed.revisions if r.new]


@pytest.mark.parametrize(
    "reply, name",
    [
        ("Switched to Hertz, confirmation HZ-4410.", "Hertz"),
        ("We switched you over to Delta.", "Delta"),
        ("Swapped to Enterprise, same price.", "Enterprise"),
        ("I have changed it to the Hilton Garden Inn.", "Hilton Garden Inn"),
    ],
)
def test_reply_switched_to_name_kept(reply: str, name: str) -> None:
    assert [e.value for e in name_evidence(reply, "assistant")] == [name]


@pytest.mark.parametrize(
    "reply",
    [
        "Switched it to dark mode.",
        "Changed to tomorrow.",
        "Switched to 3 PM.",
        "I switched that to Friday.",
    ],
)
def test_reply_switched_to_no_name(reply: str) -> None:
    assert name_evidence(reply, "assistant") == []


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        ("The date is Friday.", "Let's do Saturday, not Friday.", "date=Saturday", "Friday"),
        ("The date is Friday.", "I said Saturday, not Friday.", "date=Saturday", "Friday"),
        ("Ship it with UPS.", "Sorry, FedEx, not UPS.", "FedEx", "UPS"),
    ],
)
def test_whole_value_swapped_by_its_own_words(first: str, said: str, now: str, gone: str) -> None:
    current = current_after(first, "OK.", said, "OK.", "Go.")
    assert now in current and gone not in current


@pytest.mark.parametrize("said", ["我先确认一下是不是还有房间。", "可不是吗，地址挺远的。"])
def test_zh_question_forms_swap_nothing(said: str) -> None:
    parsed = parse_message(Message.user(said), turn=1)
    assert not [r for r in parsed.revisions if r.kind == "swap"]


@pytest.mark.parametrize(
    "steps, said, back, gone",
    [
        (_REGION, "Scratch that.", "us-east-1", "eu-west-1"),
        (_REGION, "Wait, ignore that.", "us-east-1", "eu-west-1"),
        (_REGION, "Sorry, forget what I just said.", "us-east-1", "eu-west-1"),
        (_REGION, "Disregard my last message.", "us-east-1", "eu-west-1"),
        (_TIME_ZH, "当我没说。", "上午10点", "下午3点"),
        (_TIME_ZH, "刚才那句不算。", "上午10点", "下午3点"),
        (_TIME_ZH, "忽略我刚才说的。", "上午10点", "下午3点"),
        (_TIME_ZH, "不好意思，刚才的作废。", "上午10点", "下午3点"),
    ],
)
def test_latest_change_taken_back(steps: tuple[str, ...], said: str, back: str, gone: str) -> None:
    current = current_after(*steps, said, "OK.", "Go.")
    assert back in current and gone not in current


@pytest.mark.parametrize(
    "steps, said, kept",
    [
        (_REGION, "Ignore that warning.", "eu-west-1"),
        (_REGION, "Cancel that.", "eu-west-1"),
        (_REGION, "Never forget this.", "eu-west-1"),
        (_REGION, "Scratch that, deploy to ap-south-1.", "ap-south-1"),
        (_TIME_ZH, "忽略这个报错。", "下午3点"),
        (_TIME_ZH, "我刚才说的算数。", "下午3点"),
    ],
)
def test_nothing_taken_back_by_ignore(steps: tuple[str, ...], said: str, kept: str) -> None:
    assert kept in current_after(*steps, said, "OK.", "Go.")
