"""Place names in shapes the rule parser used to miss, said with no request for a place before
them: a reply's lead that offers or picks a place ("推荐您去尝一尝X", "您可以考虑一下X",
"您可以和家人去X", "我觉得X就挺不错", "我查了一家X的"), the rest of a list a name was read
from ("A，B和C都不错", "为您推荐A、B、C"), and a user's lead to a place ("你知道X吗",
"我想预订X", "我想到X景点去", "尝尝X家的菜", "那就X吧", "把X的地址告诉我")."""

from __future__ import annotations

import pytest

from ctxengine.compaction import name_answers
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

from ._crosswoz import ONTO, names, said


def asked_names(text: str) -> list[str | None]:
    """The names a reply reads after the user asked for a place."""
    context = ParseContext(asked=("名称",))
    parsed = parse_message(Message.assistant(text), turn=2, ontology=ONTO, context=context)
    return [u.value for u in parsed.updates if u.slot == "名称"]


def test_a_lead_that_offers_a_place_with_no_kind_suffix() -> None:
    # Asked for a place, a lead vouches for a name with no kind suffix.
    assert asked_names("推荐您去尝一尝老王家手工饺子。")[-1] == "老王家手工饺子"
    assert asked_names("您可以和家人去后海，晚上很热闹。") == ["后海"]
    assert asked_names("我觉得月坛就挺不错的，您觉得呢？") == ["月坛"]
    # Not asked for, the name must end as a place does.
    assert names("您可以考虑一下昌平博物馆，门票免费。", "a") == ["昌平博物馆"]
    assert names("您可以和家人去后海，晚上很热闹。", "a") == []


def test_a_place_found_or_left_as_the_only_one() -> None:
    text = "我查了一家金鼎轩(地坛店)的，他家人均消费是80元。"
    assert names(text, "a") == ["金鼎轩(地坛店)"]
    text = "那你们只能去小吊梨汤(西单店)了，只有他家有这道菜。"
    assert names(text, "a") == ["小吊梨汤(西单店)"]


def test_a_fact_said_before_the_offered_name_is_no_part_of_it() -> None:
    text = "没有符合的，推荐您去评分4.1分北京友谊宾馆住宿。"
    assert names(text, "a") == ["北京友谊宾馆"]
    # A joiner inside a name is no list: no name is cut at it.
    assert "北京" not in names("推荐您去评分4分的北京和平宾馆住宿。", "a")
    text = "周边没有，我推荐您别的地方的餐馆老北京炸酱面大王，人均消费是40元。"
    assert names(text, "a") == ["老北京炸酱面大王"]


def test_every_candidate_of_an_offered_list_is_read() -> None:
    # The rest of the list after the name the lead offers: each ends as a place does.
    assert names("为您推荐北京饭店、北京友谊宾馆和北京西苑饭店。", "a") == [
        "北京饭店",
        "北京友谊宾馆",
        "北京西苑饭店",
    ]
    assert asked_names("为您推荐香山、玉渊潭、八大处。") == ["香山", "玉渊潭", "八大处"]
    assert names("那推荐您去中山公园或者是景山公园。", "a") == ["中山公园", "景山公园"]
    got = names("当然，推荐你去北海公园，雍和宫和钟鼓楼，你看呢？", "a")
    assert got == ["北海公园", "雍和宫", "钟鼓楼"]


def test_a_list_before_its_verdict_is_read_whole() -> None:
    got = names("好的，前门大街，雍和宫和孔庙都很不错呢。", "a")
    assert sorted(got, key=str) == sorted(["前门大街", "雍和宫", "孔庙"])
    got = names("您觉得北京友谊宾馆或北京西苑饭店咋样？", "a")
    assert got == ["北京友谊宾馆", "北京西苑饭店"]


def test_the_kind_of_a_listed_name_is_the_kind_of_its_list() -> None:
    text = "我推荐两家给你，北京京西宾馆，国家会议中心，你自己选吧。"
    context = ParseContext(asked=("名称",))
    parsed = parse_message(Message.assistant(text), turn=2, ontology=ONTO, context=context)
    assert ("酒店", "国家会议中心") in [(u.entity, u.value) for u in parsed.updates]


def test_what_is_no_place_is_not_read_as_one() -> None:
    # A way to get there, a dish, a question: no names.
    assert names("两地离得很近，您可以考虑步行呢。", "a") == []
    assert "招牌烤鸭" not in names("建议您尝尝招牌烤鸭和干炸丸子，都很好吃。", "a")
    assert names("给你推荐两个没有评分的景点怎么样？", "a") == []
    # A remark after a comma is no member of a list.
    text = "我一直想去北京天文馆，一直都没空，它的电话是多少？"
    assert names(text) == ["北京天文馆"]


def test_a_list_of_neighbours_offered_is_no_place_offered() -> None:
    text = "它附近吃饭的地方挺多的，您可以去东来顺饭庄、四季民福烤鸭店。"
    assert names(text, "a") == []


def test_a_user_lead_to_a_place() -> None:
    assert names("你好，你知道1949餐厅吗，人均多少？") == ["1949餐厅"]
    assert names("我想预订速8酒店(北京西站店)，能查下评分吗？") == ["速8酒店(北京西站店)"]
    assert names("吃完饭我想到慕田峪长城景点去玩，地址在哪？") == ["慕田峪长城"]
    assert names("那就玉渊潭公园吧，这个景点在哪？") == ["玉渊潭公园"]
    assert names("那您把北京友谊宾馆的电话告诉我一下。") == ["北京友谊宾馆"]


def test_the_kind_word_after_a_user_name_says_its_kind() -> None:
    text = "你知道星程民宿北京望京店的酒店吗？地址在哪？"
    assert ("酒店", "名称", "星程民宿北京望京店") in said(text)


def test_a_user_lead_to_no_place() -> None:
    assert names("那就明天吧。") == []
    assert names("那就这样吧。") == []
    assert names("明天我到北京去玩，想找个免费的景点。") == []
    assert names("电话是多少？我订个座位。") == []


def test_a_user_lead_reads_only_what_reads_as_a_place() -> None:
    # A duration, a time, a count, an amount, a verb, a city, a dish, a person: no place.
    for text in [
        "好的，我们入住两天。电话是多少？",
        "那就三点吧，地址在哪？",
        "我想订一张桌子",
        "那就100元以内吧",
        "我去问问吧",
        "你知道怎么去故宫吗？",
        "我住北京",
        "尝尝老王家的饺子",
        "你知道北京烤鸭吗？",
        "给我北京烤鸭的价格",
    ]:
        assert names(text) == [], text


def test_an_assistant_lead_with_no_place_asked_reads_no_remark() -> None:
    for text in [
        "去之前最好预约，地址在东城区。",
        "我觉得应该没问题",
        "我觉得李明说得对",
        "我觉得北京烤鸭很好吃",
        "我查了一个小时，没有找到",
        "您也可以去问问工作人员",
    ]:
        assert names(text, "a") == [], text
    # "更", "最" end a name as "很" does: the place is read, not the remark on it.
    assert names("我觉得故宫更合适", "a") == ["故宫"]
    assert asked_names("我觉得月坛最合适") == ["月坛"]


def test_a_list_takes_no_member_that_is_no_place() -> None:
    assert names("推荐你去北海公园，白天或者晚上都行。", "a") == ["北海公园"]
    assert "鱼香肉丝" not in names("为您推荐宫保鸡丁、鱼香肉丝和麻婆豆腐", "a")
    assert "上海" not in names("推荐你去北京，上海和广州都很好", "a")
    assert "颐和园" not in names("您可以去故宫、天坛与颐和园游玩", "a")


def test_a_long_list_is_read_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each list is walked once: twice the members cost at most twice the checks."""
    calls = [0]
    real = name_answers._is_name

    def counted(value: str, onto: Ontology) -> bool:
        calls[0] += 1
        return real(value, onto)

    monkeypatch.setattr(name_answers, "_is_name", counted)

    def cost(n: int) -> int:
        calls[0] = 0
        text = "前门大街和雍和宫和" * n
        listed = [text[i : i + 4] for i in range(0, len(text), 9)]
        name_answers.listed_mates(text, listed, ONTO)
        return calls[0]

    small, large = cost(40), cost(80)
    assert large <= 2 * small + 50
