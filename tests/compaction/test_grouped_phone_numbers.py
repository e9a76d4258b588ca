"""Phone numbers written in groups ("138 1234 5678", "010-6278 3301", "(415) 555 0134", "+86
138 1234 5678") are one number: kept whole as evidence and as a phone slot's value, not cut
at the first space. Sums, dates and counts in groups are no phone."""

from __future__ import annotations

import pytest

from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.patterns import find_spans
from ctxengine.messages import Message


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [v for k, v in _spans(text) if k == kind]


def _slot_values(text: str, slot: str) -> list[str | None]:
    parsed = parse_message(Message.user(text), turn=1)
    return [u.value for u in parsed.updates if u.slot == slot]


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("有事发短信，手机 138 1234 5678。", "138 1234 5678"),
        ("我的手机号是139-1234-5678", "139-1234-5678"),
        ("国际拨打 +86 138 1234 5678", "+86 138 1234 5678"),
        ("你们可以联系公司HR了，电话 010-6278 3301。", "010-6278 3301"),
        ("前台电话(021) 5555 1234", "(021) 5555 1234"),
        ("深圳办公室 0755 8888 6666", "0755 8888 6666"),
        ("座机 010 62783301", "010 62783301"),
        ("Call me at (415) 555 0134.", "(415) 555 0134"),
        ("Call me at (415) 555-0134.", "(415) 555-0134"),
        ("My cell is 415 555 0134", "415 555 0134"),
        ("Office: 415.555.0134", "415.555.0134"),
        ("Reach me on +1 415 555 0134", "+1 415 555 0134"),
    ],
)
def test_a_grouped_phone_number_is_kept_whole(text: str, phone: str) -> None:
    assert _values(text, "phone") == [phone]


@pytest.mark.parametrize(
    "text",
    [
        "付了 ¥138 1234 5678",  # a sum's sign before it
        "The date is 2024 05 01",
        "We sold 100 200 3000 units",  # no area code opens with 1
        "run 139 2024-05-01",  # a mobile's groups are split the same way both times
        "version 1.415.555.0134",
        "costs $415 555 0134",
        "区号 010 就行",
        "编号 1381234 5678",
    ],
)
def test_numbers_in_groups_that_are_no_phone(text: str) -> None:
    assert _values(text, "phone") == []


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("手机 138 1234 5678", "138 1234 5678"),
        ("电话 010-6278 3301", "010-6278 3301"),
        ("电话是 (021) 5555 1234", "(021) 5555 1234"),
        ("phone (415) 555 0134", "(415) 555 0134"),
        ("my phone is 415 555 0134", "415 555 0134"),
        # near-misses: a whole number was read whole before
        ("手机 13812345678", "13812345678"),
        ("电话 010-62783301", "010-62783301"),
    ],
)
def test_a_phone_slot_takes_the_whole_grouped_number(text: str, phone: str) -> None:
    assert _slot_values(text, "phone") == [phone]
