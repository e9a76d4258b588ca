"""Review 6, values: an option picked by a number its details give, a part of an address
corrected, a contact's new number after "换号了", and a change of a kin's contact.

"Alcantara EUR 9,800 or Braco de Prata EUR 6,200." listed no option (no cue before it, a
currency code no price reader knew), so "Go with the cheaper one." picked nothing; a reply
naming the records a tool gave ("Alcantara or Braco de Prata?") offered no prices to compare
either. "收件地址写错了，是 5 栋 1702，不是 702" replaced the whole address with "5 栋
1702"; "我妈手机换号了，新号 139…" read the phone as "号"; "Change my mom's phone to …" was
read as no change.
"""

from __future__ import annotations

import json

import pytest
from _review_harness import Step, block, block_of, current_text

from ctxengine.compaction.measures import (
    ZH_MEASURED_ITEM,
    en_priced_inline,
    pick_by_measure,
    price_of,
    tool_records,
    zh_measure,
)
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import RecentWindow
from ctxengine.messages import Message

VENUES = [
    {"id": "VEN-LX-0412", "name": "Alcantara", "day_rate_eur": 9800},
    {"id": "VEN-LX-0988", "name": "Braco de Prata", "day_rate_eur": 6200},
]


def _pick(reply: str, user: str, tool: object | None = None) -> list[tuple[str, str, str | None]]:
    """The updates `user` makes after a search, an optional tool result and `reply`."""
    window = RecentWindow(8)
    window.append(parse_message(Message.user("Find venues."), turn=1))
    if tool is not None:
        window.append(parse_message(Message.tool("call_1", json.dumps(tool)), turn=1))
    window.append(parse_message(Message.assistant(reply), turn=1))
    parsed = parse_message(Message.user(user), turn=2, context=window.context())
    return [(u.entity, u.slot, u.value) for u in parsed.updates]


def _picked(reply: str, user: str, tool: object | None = None) -> list[str | None]:
    return [v for _, _, v in _pick(reply, user, tool)]


# --- an option picked by comparing a number its details give -----------------------------


@pytest.mark.parametrize(
    ("reply", "user", "name"),
    [
        (
            "Alcantara EUR 9,800 or Braco de Prata EUR 6,200.",
            "Go with the cheaper one.",
            "Braco de Prata",
        ),
        (
            "Alcantara EUR 9,800 or Braco de Prata EUR 6,200.",
            "The cheapest, please.",
            "Braco de Prata",
        ),
        (
            "Alcantara EUR 9,800 or Braco de Prata EUR 6,200.",
            "Let's take the less expensive one.",
            "Braco de Prata",
        ),
        (
            "Alcantara EUR 9,800 or Braco de Prata EUR 6,200.",
            "Book the more expensive one.",
            "Alcantara",
        ),
        (
            "Alcantara €9,800, Braco de Prata €6,200 or Tivoli €7,100.",
            "I'll take the cheapest option.",
            "Braco de Prata",
        ),
        (
            "Alcantara 9,800 euros or Braco de Prata 6,200 euros.",
            "Go with the cheaper one.",
            "Braco de Prata",
        ),
        (
            "Alcantara for USD 900 and Braco de Prata for USD 1,200.",
            "We'll go with the cheaper one.",
            "Alcantara",
        ),
        ("Options: UA 455 (2h 10m) or DL 120 (3h 5m).", "Book the shorter one.", "UA 455"),
        ("Options: UA 455 (2h 10m) or DL 120 (3h 5m).", "Book the longest one.", "DL 120"),
        (
            "Options: Kinzie Hotel (0.8 km), Hotel Julian (2.5 km).",
            "Book the closest one.",
            "Kinzie Hotel",
        ),
    ],
)
def test_an_option_picked_by_a_number_it_gives(reply: str, user: str, name: str) -> None:
    assert name in _picked(reply, user)


@pytest.mark.parametrize(
    ("reply", "user", "name"),
    [
        ("Alcantara or Braco de Prata?", "Go with the cheaper one.", "Braco de Prata"),
        (
            "I found Alcantara and Braco de Prata. Which one?",
            "The cheapest, please.",
            "Braco de Prata",
        ),
        ("Options: Braco de Prata, Alcantara.", "Take the more expensive one.", "Alcantara"),
        ("Alcantara or Braco de Prata?", "Book the less expensive one.", "Braco de Prata"),
    ],
)
def test_an_option_priced_by_the_tool_record_it_names(reply: str, user: str, name: str) -> None:
    assert name in _picked(reply, user, {"venues": VENUES})


@pytest.mark.parametrize(
    ("reply", "user", "tool"),
    [
        # A tie picks none.
        ("Alcantara EUR 6,200 or Braco de Prata EUR 6,200.", "Go with the cheaper one.", None),
        # A question about which is cheaper picks none.
        ("Alcantara EUR 9,800 or Braco de Prata EUR 6,200.", "Which one is cheaper?", None),
        # Turned down, not picked.
        ("Alcantara EUR 9,800 or Braco de Prata EUR 6,200.", "Not the cheaper one.", None),
        # No prices at all: nothing to compare.
        ("Alcantara or Braco de Prata?", "Go with the cheaper one.", None),
        # A duration is no price: "the cheaper one" of items that give only durations.
        ("Options: UA 455 (2h 10m) or DL 120 (3h 5m).", "Book the cheaper one.", None),
        # "closer to" compares with a place, no item.
        (
            "Options: Kinzie Hotel (0.8 km), Hotel Julian (2.5 km).",
            "Is there anything closer to the lake?",
            None,
        ),
        # The reply names one record only: no list to compare in.
        ("Braco de Prata is available.", "Go with the cheaper one.", {"venues": VENUES}),
        # Prose with prices that is no list of options.
        ("The deposit is EUR 500 and the fee is EUR 50.", "Go with the cheaper one.", None),
    ],
)
def test_a_comparison_that_picks_nothing(reply: str, user: str, tool: object | None) -> None:
    assert _picked(reply, user, tool) == []


def test_the_cheaper_venue_is_current_in_the_block() -> None:
    steps: list[Step] = [
        ("u", "Find venues."),
        ("call", "venue_search", {"city": "Lisbon"}, {"venues": VENUES}),
        ("a", "Alcantara or Braco de Prata?"),
        ("u", "The cheapest, please."),
        ("a", "OK."),
        ("u", "Go."),
    ]
    current = current_text(block_of(steps))
    assert "Braco de Prata" in current
    assert "Alcantara" not in current


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("EUR 9,800", 9800.0),
        ("$229/night", 229.0),
        ("6,200 euros", 6200.0),
        ("4280 元", 4280.0),
        ("¥468/晚", 468.0),
    ],
)
def test_prices_in_any_currency_form(text: str, value: float) -> None:
    assert price_of(text) == value


def test_inline_priced_list_needs_every_item_priced() -> None:
    assert en_priced_inline("Alcantara EUR 9,800 or Braco de Prata EUR 6,200.") == [
        ("Alcantara", "EUR 9,800"),
        ("Braco de Prata", "EUR 6,200"),
    ]
    assert en_priced_inline("Alcantara EUR 9,800 or Braco de Prata.") == []
    assert en_priced_inline("Sure, that costs EUR 50 or so.") == []


def test_tool_records_give_their_measures() -> None:
    fields = [
        ("venues[0].name", "Alcantara"),
        ("venues[0].day_rate_eur", "9800"),
        ("venues[1].name", "Braco de Prata"),
        ("venues[1].day_rate_eur", "6,200"),
    ]
    records = tool_records(fields)
    assert records == (("Alcantara", "price=9800"), ("Braco de Prata", "price=6200"))
    assert pick_by_measure(records, "price", low=True) == 1


@pytest.mark.parametrize(
    ("text", "low"),
    [("便宜的那个", True), ("最便宜的", True), ("按刚才那个便宜的报", True), ("贵的那个", False)],
)
def test_a_chinese_price_cue_names_the_measure(text: str, low: bool) -> None:
    m = ZH_MEASURED_ITEM.search(text)
    assert m is not None
    assert zh_measure(m) == ("price", low)


# --- a part of an address corrected ---------------------------------------------------


@pytest.mark.parametrize(
    ("first", "fix", "kept", "new"),
    [
        (
            "地址是广州市越秀区东风中路 318 号 5 栋 702。",
            "收件地址写错了，是 5 栋 1702，不是 702。",
            "东风中路 318 号",
            "1702",
        ),
        (
            "地址是广州市越秀区东风中路 318 号 5 栋 702。",
            "地址写错了，是 1702，不是 702。",
            "东风中路 318 号",
            "1702",
        ),
        (
            "地址是广州市越秀区东风中路 318 号 5 栋 702。",
            "是 6 栋 702，不是 5 栋 702。",
            "东风中路 318 号",
            "6 栋 702",
        ),
        (
            "地址是杭州市西湖区文三路 398 号。",
            "地址写错了，是文二路 398 号，不是文三路 398 号。",
            "杭州市西湖区",
            "文二路 398 号",
        ),
        (
            "Ship to 5 Main Street, Unit 12.",
            "The address is Unit 14, not Unit 12.",
            "5 Main Street",
            "Unit 14",
        ),
        (
            "Ship to 5 Main Street, Unit 12.",
            "Oh wait, Unit 14, not Unit 12.",
            "5 Main Street",
            "Unit 14",
        ),
        (
            "Ship to 5 Main Street, Unit 12.",
            "The address should be Unit 14, not Unit 12.",
            "5 Main Street",
            "Unit 14",
        ),
        (
            "地址是北京市朝阳区建国路 88 号 3 单元 501。",
            "地址不对，是 3 单元 502，不是 501。",
            "建国路 88 号",
            "502",
        ),
    ],
)
def test_a_part_of_an_address_corrected(first: str, fix: str, kept: str, new: str) -> None:
    current = current_text(block(first, "OK.", fix, "OK.", "Go."))
    assert new in current
    assert kept in current


@pytest.mark.parametrize(
    ("first", "fix", "new", "gone"),
    [
        # A whole new address, its old part said: the new one whole.
        (
            "地址是杭州市西湖区文三路 398 号。",
            "地址是上海市浦东新区世纪大道 100 号，不是杭州那个。",
            "世纪大道 100 号",
            "文三路",
        ),
        # A new value with no old part: the new one whole.
        (
            "地址是广州市越秀区东风中路 318 号 5 栋 702。",
            "地址改成深圳市南山区科苑路 15 号。",
            "科苑路 15 号",
            "东风中路",
        ),
    ],
)
def test_a_whole_address_replaced_stays_whole(first: str, fix: str, new: str, gone: str) -> None:
    current = current_text(block(first, "好的。", fix, "好的。", "继续。"))
    assert new in current
    assert gone not in current


# --- a contact's new number after "换号了"; a kin's contact changed ---------------------


@pytest.mark.parametrize(
    ("text", "entity", "value"),
    [
        ("我妈手机换号了，新号 13912345678。", "妈妈", "13912345678"),
        ("我妈手机换号了，新号码是 13912345678。", "妈妈", "13912345678"),
        ("我爸电话换号了，现在是 13812345678", "爸爸", "13812345678"),
        ("手机换号了，新号 139-1234-5678。", "task", "139-1234-5678"),
        ("手机号换了，新号 13912345678。", "task", "13912345678"),
        ("Change my mom's phone to 415-555-0199.", "mom", "415-555-0199"),
        ("Update mom's phone to 415-555-0199.", "mom", "415-555-0199"),
        ("Please change my wife's email to ana@example.com.", "spouse", "ana@example.com"),
        ("Change my dad’s phone number to 415-555-0199", "dad", "415-555-0199"),
        ("Change my phone to 415-555-0199.", "task", "415-555-0199"),
    ],
)
def test_a_contact_changed_is_its_owners(text: str, entity: str, value: str) -> None:
    updates = [(u.entity, u.value) for u in parse_message(Message.user(text), turn=2).updates]
    assert (entity, value) in updates


@pytest.mark.parametrize(
    "text",
    [
        "我妈手机换号了。",  # no new number said: no value, least of all "号"
        "手机换号了，还没记住。",
        "我妈手机换号了吗？",
        "手机换号了。下周再告诉你 13912345678",  # the number is another sentence's
        "Did my mom's phone change?",
        "My mom's phone changed.",
        "Change my mom's phone plan.",
        "Change of plans: my mom's phone is off.",
    ],
)
def test_a_change_said_with_no_new_value_sets_none(text: str) -> None:
    updates = parse_message(Message.user(text), turn=2).updates
    assert all(u.value not in ("号", "号码") for u in updates)
    assert not [u for u in updates if u.slot == "phone" and u.op == "change"]


def test_the_new_number_is_the_kins_current_phone() -> None:
    text = block(
        "我妈的手机是 13800001111。",
        "好的。",
        "我妈手机换号了，新号 13912345678。",
        "好的。",
        "继续。",
    )
    current = current_text(text)
    assert "13912345678" in current
    assert "13800001111" not in current
    assert "=号" not in current


def test_a_kins_phone_changed_in_english_replaces_it() -> None:
    text = block(
        "My mom's phone is 415-555-0100.",
        "OK.",
        "Change my mom's phone to 415-555-0199.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "mom.phone=415-555-0199" in current
    assert "415-555-0100" not in current
    assert "task.phone" not in current
