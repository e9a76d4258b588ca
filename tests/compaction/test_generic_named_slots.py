"""Values the generic ontology has no slot word for: a thing changed to a value names its own
slot ("会议室换成…", "change the meeting room to …"), a tool's version, how often vs how
long, a stay's check-in and check-out dates, values whose brackets stay balanced, a street
address after a dash, a Chinese name in an English message, a coupon answered by its code.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.slots import extract_updates


def _set(text: str, *, requests: bool = True) -> dict[str, str | None]:
    return {u.slot: u.value for u in extract_updates(text, generic_ontology(), requests=requests)}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("会议室换成5楼-泰山会议室。", "会议室", "5楼-泰山会议室"),
        ("会议时长改成45分钟。", "会议时长", "45分钟"),
        ("房型换成大床房。", "房型", "大床房"),
        ("帮我把房型换成大床房吧", "房型", "大床房"),
        ("座位改为靠窗的。", "座位", "靠窗"),
        ("发票抬头改为个人", "发票抬头", "个人"),
        ("请把会议主题换成季度复盘。", "会议主题", "季度复盘"),
        ("把提醒方式改成短信吧", "提醒方式", "短信"),
        ("Python 版本升到 3.12。", "Python 版本", "3.12"),
        ("Change the meeting room to Taishan.", "meeting room", "Taishan"),
        ("Please switch our default branch to main", "default branch", "main"),
        ("Could you switch the venue to the Grand Hall?", "venue", "the Grand Hall"),
        ("set the retry limit to 5", "retry limit", "5"),
    ],
)
def test_thing_changed_names_its_slot(text: str, slot: str, value: str) -> None:
    assert _set(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "换成什么好呢？",
        "房型换成什么好呢？",
        "改成这样可以吗",
        "我们会换成新方案",
        "别把房型换成大床房",
        "What should I change it to?",
        "Can you change the plan to something cheaper?",
        "Change the font to something bigger",
    ],
)
def test_no_value_said_sets_nothing(text: str) -> None:
    assert _set(text) == {}


def test_known_slot_word_keeps_its_slot() -> None:
    assert _set("时间改成下午3点") == {"time": "下午3点"}
    assert _set("change the date to March 3") == {"date": "March 3"}
    assert _set("还是换成中通吧") == {"shipping": "中通"}


def test_assistant_change_names_no_slot() -> None:
    assert _set("房型换成大床房。", requests=False) == {}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("Target Python 3.11.", "Python version", "3.11"),
        ("Wait, change of plan: target Python 3.12, not 3.11.", "Python version", "3.12"),
        ("我们的服务用 Python 3.10。", "Python 版本", "3.10"),
        ("we run Postgres 16.1 in prod", "Postgres version", "16.1"),
        ("Upgrade to Node.js 20.11 please", "Node.js version", "20.11"),
    ],
)
def test_tool_version(text: str, slot: str, value: str) -> None:
    assert _set(text).get(slot) == value


@pytest.mark.parametrize(
    "text", ["I'm on Section 3.2", "It costs 3.5 dollars", "Rated 4.5 on Yelp"]
)
def test_no_tool_version(text: str) -> None:
    assert not any(s.endswith("version") for s in _set(text))


@pytest.mark.parametrize(
    "text, slot",
    [
        ("Change it to every other week.", "frequency"),
        ("make it twice a month", "frequency"),
        ("make it weekly", "frequency"),
        ("And make it 45 minutes instead of 30.", "duration"),
        ("Make it an hour.", "duration"),
        ("make it 90 mins", "duration"),
    ],
)
def test_frequency_and_length_have_own_slots(text: str, slot: str) -> None:
    assert slot in _set(text)


@pytest.mark.parametrize("text", ["make it every time", "Make it quick please"])
def test_no_frequency(text: str) -> None:
    assert "frequency" not in _set(text)


@pytest.mark.parametrize(
    "text, check_in, check_out",
    [
        ("帮我订12月24日到26日杭州西湖边的酒店，两晚。", "12月24日", "26日"),
        ("12月3号至5号住两晚", "12月3号", "5号"),
        ("入住日期改为25号", "25号", None),
        ("退房日期改成27日，多住一晚。", None, "27日"),
        ("change the check-out date to Dec 27", None, "Dec 27"),
    ],
)
def test_stay_ends_are_two_slots(text: str, check_in: str | None, check_out: str | None) -> None:
    got = _set(text)
    assert got.get("check_in") == check_in and got.get("check_out") == check_out
    assert "date" not in got


@pytest.mark.parametrize("text", ["12月3日到5日去北京玩", "会议从12月3日到5日"])
def test_date_range_without_a_stay(text: str) -> None:
    assert "check_in" not in _set(text)


@pytest.mark.parametrize(
    "text, value",
    [
        (
            "已改为北京时间 12月10日 08:00（纽约 12月9日 19:00）。",
            "12月10日 08:00（纽约 12月9日 19:00）",
        ),
        ("地址是北京市(朝阳区 三里屯", "北京市"),
        # A full-width bracket closed by a half-width one is closed (real text mixes them).
        (
            "地址是北京市朝阳区东三环北路36号（地铁十号线呼家楼站c1口)。",
            "北京市朝阳区东三环北路36号（地铁十号线呼家楼站c1口)",
        ),
        ("地址是海淀区中关村大街1号(近地铁站）。", "海淀区中关村大街1号(近地铁站）"),
    ],
)
def test_value_brackets_balanced(text: str, value: str) -> None:
    assert value in _set(text, requests=False).values()


@pytest.mark.parametrize(
    "text, value",
    [
        (
            "Hmm, no, send it home after all — 14 Elm Rd, Newton, MA 02458.",
            "14 Elm Rd, Newton, MA 02458",
        ),
        (
            "Please deliver to my office instead: 500 Boylston St, Floor 9, Boston, MA 02116.",
            "500 Boylston St, Floor 9, Boston, MA 02116",
        ),
        (
            "Mail it to my sister — 22 Oak Street, Apt 3, Austin, TX",
            "22 Oak Street, Apt 3, Austin, TX",
        ),
        ("Ship it: 12 Wharf Way, Portland", "12 Wharf Way, Portland"),
    ],
)
def test_address_after_dash(text: str, value: str) -> None:
    assert _set(text).get("address") == value


@pytest.mark.parametrize(
    "text",
    [
        "Send it - 3 days from now",
        "send me the report — 3 Pages Max",
        "Ship it to my mom: she lives far",
    ],
)
def test_no_address_after_dash(text: str) -> None:
    assert "address" not in _set(text)


@pytest.mark.parametrize(
    "text, name",
    [
        ("The first one you mentioned yesterday — 鼎泰丰 on 5th Ave.", "鼎泰丰"),
        ("Booked 鼎泰丰 for 4 at 7pm.", "鼎泰丰"),
        ("Try 全聚德(清华园店) tonight", "全聚德(清华园店)"),
    ],
)
def test_chinese_name_in_english(text: str, name: str) -> None:
    assert name in [e.value for e in name_evidence(text, "user")]


def test_single_chinese_character_is_no_name() -> None:
    assert name_evidence("ok 好", "user") == []


def test_kind_of_place_names_no_slot() -> None:
    # A kind the domain ontology knows ("酒店") is read by its own rules, not named a slot.
    crosswoz = load_builtin("crosswoz")
    assert extract_updates("酒店换成便宜一点的", crosswoz) == []
    assert {u.slot for u in extract_updates("房型换成大床房", crosswoz)} == {"房型"}
