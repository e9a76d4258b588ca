"""Chinese gaps found in review: "最多" said of how long a way takes ("路上最多40分钟") or as a
guess ("最多也就40分钟吧") read as a rule, and a third person's name ("他的名字是小黑") read as
the recipient in a message where nothing is sent. Each with look-alikes that must still be read
as before (a limit said as a requirement, a recipient's name when something is sent).
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, rule_texts

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.slots import extract_updates


def slots_of(text: str) -> list[str]:
    return [u.slot for u in extract_updates(text, generic_ontology())]


# ---------------------------------------------------------------- "最多" of a way, a guess


@pytest.mark.parametrize(
    "text",
    [
        "路上最多40分钟。",
        "最多也就40分钟吧。",
        "从家到公司路上最多40分钟。",
        "开车最多40分钟就到了。",
        "走路最多十分钟。",
        "车程最多一个半小时。",
        "打车过去最多半小时。",
        "坐车最多也就二十分钟。",
        "最多也就两三个人吧。",
        "至多也就半小时。",
        "酒店离景点不远，步行最多15分钟。",
    ],
)
def test_a_ways_length_or_a_guess_is_no_rule(text: str) -> None:
    assert rule_texts(text) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("单程最多40分钟。", "单程最多40分钟"),
        ("通勤时间最多40分钟。", "通勤时间最多40分钟"),
        ("会议最多40分钟。", "会议最多40分钟"),
        ("午休最多40分钟。", "午休最多40分钟"),
        ("开车单程最多40分钟。", "单程最多40分钟"),
        ("每次回复最多三句话。", "最多三句话"),
        ("最多推荐两个。", "最多推荐两个"),
        ("路上最多停一次。", "最多停一次"),
        ("路上最多花40分钟。", "最多花40分钟"),
    ],
)
def test_a_limit_by_zui_duo_is_still_a_rule(text: str, words: str) -> None:
    assert any(words in t for t in rule_texts(text))


def test_way_length_not_in_the_block() -> None:
    text = block("帮我找个离公司近的房子，路上最多40分钟。", "好的。", "继续。")
    assert "最多40分钟" not in text


# ---------------------------------------------------------------- a third person's name


@pytest.mark.parametrize(
    "text",
    [
        "把那个捣乱的玩家封禁掉，他的名字是小黑。",
        "他的名字是小黑。",
        "玩家的名字是小黑。",
        "那个玩家名字是小黑，封了他。",
        "她的名字是李娜，帮我把她禁言。",
        "房东的名字是王强。",
        "他的姓名是张伟。",
        "那个人的名字是王强。",
        "我朋友的名字是李娜。",
    ],
)
def test_a_third_persons_name_is_no_recipient_zh(text: str) -> None:
    found = slots_of(text)
    assert "recipient" not in found
    assert "name" in found


@pytest.mark.parametrize(
    "text",
    [
        "寄给我弟弟，他的名字是小明。",
        "帮我寄个快递给我朋友，她的名字是李娜。",
        "这个包裹送给我妈，她的名字是王芳。",
        "我朋友的名字是李娜，礼物送到她家。",
        "收货人的名字是小明。",
        "名字是小明。",
        "我的名字是李娜。",
        "他的名字是小明，快递寄到他公司。",
    ],
)
def test_a_recipients_or_own_name_is_still_the_recipient_zh(text: str) -> None:
    assert "recipient" in slots_of(text)


def test_a_things_name_keeps_its_thing() -> None:
    # "公司的名字": a company's name, read by the thing it names, no person's.
    assert slots_of("公司的名字是星辰科技。") == ["公司名字"]


def test_banned_player_named_in_the_block_zh() -> None:
    current = current_text(block("把那个捣乱的玩家封禁掉，他的名字是小黑。", "好的。", "继续。"))
    assert "收货人" not in current
    assert "小黑" in current


@pytest.mark.parametrize("text", ["玩家名字叫小黑，把他封了。", "把这个玩家踢出去，他名字叫小黑。"])
def test_a_players_name_by_jiao_is_no_recipient(text: str) -> None:
    # "叫" names no slot value yet; whatever reads it later must not make the player a recipient.
    assert "recipient" not in slots_of(text)
