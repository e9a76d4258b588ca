"""Review 6, values: a Chinese pick by comparing the listed options ("按刚才那个便宜的报"), and a
thing's known kind chosen ("Matte paper, please.") then kept against an assistant's proposal
("No, stick with matte.").

"有周末班 4280 元和周末VIP班 5600 元。" offered no list (no colon, no number before each item),
and a Chinese reply naming a tool's records offered none either, so the Chinese comparative
(`measures.ZH_MEASURED_ITEM`) had no items to compare; the Chinese option reader did not read
comparatives at all. "Matte paper, please." set nothing: no verb set the paper, so "stick with
matte" had nothing to keep.
"""

from __future__ import annotations

import json

import pytest
from _review_harness import Step, block, block_of, current_text

from ctxengine.compaction.kinds import kind_choices, zh_kind_choices
from ctxengine.compaction.measures import zh_priced_inline
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import RecentWindow
from ctxengine.messages import Message

CLASSES = [
    {"class_id": "CLS-0117-W1", "name": "周末班", "price": 4280},
    {"class_id": "CLS-0117-VIP", "name": "周末VIP班", "price": 5600},
]


def _zh_picked(reply: str, user: str, tool: object | None = None) -> list[str | None]:
    """The values `user` sets after a question, an optional tool result and `reply`."""
    window = RecentWindow(8)
    window.append(parse_message(Message.user("查一下有哪些选择。"), turn=1))
    if tool is not None:
        text = json.dumps(tool, ensure_ascii=False)
        window.append(parse_message(Message.tool("call_1", text), turn=1))
    window.append(parse_message(Message.assistant(reply), turn=1))
    parsed = parse_message(Message.user(user), turn=2, context=window.context())
    return [u.value for u in parsed.updates]


# --- a Chinese pick by comparing the options' prices, durations or distances ----------------


@pytest.mark.parametrize(
    ("user", "name"),
    [
        ("按刚才那个便宜的报。", "周末班"),
        ("就要便宜的那个吧。", "周末班"),
        ("报最便宜的。", "周末班"),
        ("那就便宜点的那个。", "周末班"),
        ("贵的那个吧。", "周末VIP班"),
        ("选最贵的。", "周末VIP班"),
    ],
)
def test_a_comparative_picks_among_the_records_a_chinese_reply_names(user: str, name: str) -> None:
    reply = "有周末班和周末VIP班两种。"
    assert name in _zh_picked(reply, user, {"classes": CLASSES})


SHOPS = [
    {"name": "万达店", "distance_km": 3.2, "price": 120},
    {"name": "春熙店", "distance_km": 0.8, "price": 150},
]


@pytest.mark.parametrize(
    ("user", "name"),
    [("去最近的那家。", "春熙店"), ("远的那个吧。", "万达店"), ("便宜的那家吧。", "万达店")],
)
def test_a_comparative_picks_by_the_measure_it_names(user: str, name: str) -> None:
    assert name in _zh_picked("附近有万达店和春熙店。", user, {"shops": SHOPS})


@pytest.mark.parametrize(
    ("reply", "user", "name"),
    [
        ("有周末班 4280 元和周末VIP班 5600 元。", "便宜的那个吧。", "周末班"),
        ("有周末班 4280 元和周末VIP班 5600 元。", "要贵的那个。", "周末VIP班"),
        ("亚朵酒店 ¥468/晚，全季酒店 ¥359/晚。", "订便宜的那家。", "全季酒店"),
        ("可选：标准间 380 元，大床房 420 元，套房 880 元。", "最便宜的吧。", "标准间"),
    ],
)
def test_a_comparative_picks_among_priced_items_a_chinese_reply_lists(
    reply: str, user: str, name: str
) -> None:
    assert name in _zh_picked(reply, user)


@pytest.mark.parametrize(
    ("reply", "user", "flight"),
    [
        (
            "有两班：CA4113 早上 7:30，1450 元；3U8886 中午 12:15，980 元。",
            "便宜的那班吧。",
            "3U8886",
        ),
        ("有两班：CA4113 飞行 2小时10分钟；3U8886 飞行 3小时。", "时间最短的那班。", "CA4113"),
        ("有两班：CA4113 飞行 2小时10分钟；3U8886 飞行 3小时。", "要快的那个。", "CA4113"),
    ],
)
def test_the_chinese_option_reader_reads_a_comparative(reply: str, user: str, flight: str) -> None:
    assert flight in _zh_picked(reply, user)


@pytest.mark.parametrize(
    ("reply", "user"),
    [
        # A question, a refusal: no pick.
        ("有周末班 4280 元和周末VIP班 5600 元。", "哪个便宜？"),
        ("有周末班 4280 元和周末VIP班 5600 元。", "便宜的那个怎么样？"),
        ("有周末班 4280 元和周末VIP班 5600 元。", "不要便宜的那个。"),
        # A tie, or one price only: which is cheaper is not said.
        ("有周末班 4280 元和周末VIP班 4280 元。", "便宜的那个吧。"),
        ("有两班：CA4113 早上 7:30，1450 元；3U8886 中午 12:15。", "便宜的那班吧。"),
        # No measure of that kind: no distances to compare.
        ("有周末班 4280 元和周末VIP班 5600 元。", "最近的那个吧。"),
        # Parts of one bill, no options.
        ("总价 4280 元和税费 300 元。", "便宜的那个吧。"),
    ],
)
def test_no_chinese_comparative_pick(reply: str, user: str) -> None:
    picked = [v for v in _zh_picked(reply, user) if v]
    assert not any(name in picked for name in ("周末班", "周末VIP班", "CA4113", "3U8886"))


@pytest.mark.parametrize(
    "text",
    ["附近的那家不错。", "最近的订单查一下。", "家长的那个电话。", "这是很宝贵的经验。"],
)
def test_a_word_inside_another_is_no_comparative(text: str) -> None:
    from ctxengine.compaction.measures import ZH_MEASURED_ITEM

    assert ZH_MEASURED_ITEM.search(text) is None


def test_a_chinese_inline_priced_list() -> None:
    assert zh_priced_inline("有周末班 4280 元和周末VIP班 5600 元。") == [
        ("周末班", "4280 元"),
        ("周末VIP班", "5600 元"),
    ]
    assert zh_priced_inline("和平饭店 ¥500/晚，或者锦江饭店 ¥450/晚") == [
        ("和平饭店", "¥500/晚"),
        ("锦江饭店", "¥450/晚"),
    ]
    assert zh_priced_inline("您的订单 4280 元。") == []
    assert zh_priced_inline("总价 4280 元和税费 300 元。") == []


def test_the_cheaper_class_in_the_block() -> None:
    steps: list[Step] = [
        ("u", "查一下有哪些班。"),
        ("call", "school_classes", {"school_id": "DS-CD-0117"}, {"classes": CLASSES}),
        ("a", "有周末班和周末VIP班，价格不一样。"),
        ("u", "那就报便宜的那个吧。"),
        ("a", "好的。"),
        ("u", "继续。"),
    ]
    current = current_text(block_of(steps))
    assert "周末班" in current
    assert "周末VIP班" not in current


# --- a thing's known kind chosen, and kept against a proposal ---------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Matte paper, please.", "paper", "matte"),
        ("Glossy finish, please!", "paper", "glossy"),
        ("OK, a window seat please.", "seat", "window"),
        ("Express shipping, please.", "shipping", "express"),
        ("Business class, please.", "class", "business"),
        ("Thin crust, please.", "crust", "thin"),
        ("No, stick with matte.", "paper", "matte"),
        ("Keep the aisle seat.", "seat", "aisle"),
        ("Let's stay with glossy then.", "paper", "glossy"),
        ("I'd like matte paper.", "paper", "matte"),
        ("I'll take the aisle seat.", "seat", "aisle"),
        ("Give me a window seat.", "seat", "window"),
    ],
)
def test_a_known_kind_chosen(text: str, slot: str, value: str) -> None:
    assert [(s, v) for _, _, s, v, _ in kind_choices(text)] == [(slot, value)]


@pytest.mark.parametrize(
    "text",
    [
        "Fresh towels, please.",  # no known kind of towel
        "No matte paper, please.",  # refused
        "Matte paper?",  # asked
        "Stick with the plan.",  # no kind
        "Don't stick with matte.",
        "Should we stick with matte?",
        "Economy, please.",  # a class or a shipping speed: not said which
        "Window seat paper, please.",  # a kind of another thing
        "Aisle paper, please.",
        "I don't want matte paper.",
        "Would you like matte paper?",
        "Do I need matte paper?",
    ],
)
def test_no_known_kind_chosen(text: str) -> None:
    assert kind_choices(text) == []


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("哑光纸，谢谢。", "纸张", "哑光"),
        ("要哑光的。", "纸张", "哑光"),
        ("那就靠窗的座位吧。", "座位", "靠窗"),
        ("不，还是用哑光。", "纸张", "哑光"),
        ("坚持哑光。", "纸张", "哑光"),
        ("就用原来的哑光纸。", "纸张", "哑光"),
        ("换回亮光的吧。", "纸张", "亮光"),
        ("我要哑光纸。", "纸张", "哑光"),
    ],
)
def test_a_chinese_known_kind_chosen(text: str, slot: str, value: str) -> None:
    assert [(s, v) for _, _, s, v, _ in zh_kind_choices(text)] == [(slot, value)]


@pytest.mark.parametrize(
    "text",
    [
        "不要哑光的。",
        "哑光的？",
        "还是用哑光吗？",
        "还是用哑光还是亮光？",
        "要不要坚持哑光",
        "哑光效果怎么样",
    ],
)
def test_no_chinese_known_kind_chosen(text: str) -> None:
    assert zh_kind_choices(text) == []


@pytest.mark.parametrize(
    ("texts", "kept", "proposed"),
    [
        (
            (
                "Window seat, please.",
                "Would you prefer an aisle seat? It has more legroom.",
                "No, keep the window seat.",
            ),
            "window",
            "aisle",
        ),
        (
            (
                "Glossy finish, please.",
                "Matte hides fingerprints better. Switch?",
                "No, stick with glossy.",
            ),
            "glossy",
            "matte",
        ),
        (("哑光纸，谢谢。", "要不要换成亮光的？价格一样。", "不，还是用哑光。"), "哑光", "亮光"),
        (("要靠窗的座位。", "靠过道的更方便，要换吗？", "坚持靠窗。"), "靠窗", "靠过道"),
    ],
)
def test_the_choice_is_kept_against_a_proposal(
    texts: tuple[str, str, str], kept: str, proposed: str
) -> None:
    current = current_text(block(*texts, "OK.", "Go.")).lower()
    assert kept in current
    assert proposed not in current
