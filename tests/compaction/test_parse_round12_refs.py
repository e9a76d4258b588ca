"""A user's pointer to a place named before ("第一家的电话是多少", "第二家呢", "那就第二家吧",
"还是前面那个吧", "刚才那个景点") resolves to that place's instance, and `place_choices` turns
it into the 名称 update its name would have made; look-alikes ("第一次来北京", "第二天",
"上一个问题", "京城第一家海鲜大咖") point to none."""

from __future__ import annotations

import pytest

from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import (
    PLACE,
    PLACE_DECLINED,
    ParseContext,
    RecentWindow,
    extract_references,
    place_choices,
)
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import SessionState
from ctxengine.messages import Message

from ._crosswoz import ONTO, replay

# "为您推荐金鼎轩和大董(工体店)": two restaurants in one reply (turn index 1 of the window).
TWO = ParseContext(
    focus="餐馆",
    mentions=(("金鼎轩", "餐馆", 1), ("大董(工体店)", "餐馆", 1)),
)
# 颐和园 offered, then 景山公园 in a later reply.
ONE_THEN_ANOTHER = ParseContext(
    focus="景点",
    mentions=(("颐和园", "景点", 1), ("景山公园", "景点", 3)),
)
# A sight, then a hotel: the dialogue is now about hotels.
SIGHT_THEN_HOTEL = ParseContext(
    focus="酒店",
    mentions=(("颐和园", "景点", 1), ("北京香格里拉饭店", "酒店", 3)),
)


def places(text: str, ctx: ParseContext) -> list[tuple[str, str | None]]:
    return [(r.text, r.resolved_to) for r in extract_references(text, ctx) if r.kind == PLACE]


def test_an_ordinal_counts_in_the_latest_list() -> None:
    assert places("第一家的电话是多少？", TWO) == [("第一家", "餐馆[金鼎轩]")]
    assert places("第二家呢？", TWO) == [("第二家", "餐馆[大董(工体店)]")]
    assert places("那就去第二家吧，它家人均多少？", TWO) == [("第二家", "餐馆[大董(工体店)]")]
    assert places("还是第一个吧", TWO) == [("第一个", "餐馆[金鼎轩]")]
    assert places("最后一家怎么样", TWO) == [("最后一家", "餐馆[大董(工体店)]")]
    assert places("第2家地址", TWO) == [("第2家", "餐馆[大董(工体店)]")]
    assert places("第一家餐厅几点开门", TWO) == [("第一家餐厅", "餐馆[金鼎轩]")]
    # Beyond the list, or a kind the list has none of: pointed to, but to nothing known.
    assert places("第三家呢？", TWO) == [("第三家", None)]
    assert places("第二个景点呢？", TWO) == [("第二个景点", None)]


def test_an_ordinal_needs_a_list_still_current() -> None:
    # Two offers in two replies are no list to count in.
    assert places("第一个景点呢？", ONE_THEN_ANOTHER) == [("第一个景点", None)]
    # A place of the list's kind named after it: "第二家" is no longer clear.
    later = ParseContext(focus="餐馆", mentions=(*TWO.mentions, ("全聚德(前门店)", "餐馆", 3)))
    assert places("第二家呢？", later) == [("第二家", None)]
    # The user's own pick of one of the list keeps it current.
    picked = ParseContext(focus="餐馆", mentions=(*TWO.mentions, ("金鼎轩", "餐馆", 2)))
    assert places("第二家呢？", picked) == [("第二家", "餐馆[大董(工体店)]")]


def test_words_like_an_ordinal_point_to_no_place() -> None:
    for text in (
        "第一次来北京，有什么推荐的吗？",
        "第二天我们想去颐和园。",
        "第一个问题是人均多少。",
        "第二个要求是要有停车场。",
        "第三个人也要来",
        "第一家人都来了",
        "第二个菜是什么？",
        "我们第一站去哪？",
        "第一天晚上住哪",
        "上一个问题你还没回答",
        "前面那个路口怎么走？",
        "刚才那个问题呢？",
        "之前那个要求不变",
        "你说的那个菜好吃吗？",
        "帮我再找第二家酒店",
        "京城第一家海鲜大咖(回龙观店)的周边有哪些景点呢？",
    ):
        assert places(text, TWO) == [], text
    # After "个" a detail is that detail's, not a place's.
    for text in (
        "刚才那个价格是多少",
        "你说的那个地址在哪",
        "前面那个电话打不通",
        "之前那个人均多少",
        "你刚才说的那个时间",
        "原来那个计划不变",
        "上一个回答不对",
        "上一次说的那个地铁站",
        "第一个去的地方是故宫",
    ):
        assert places(text, ONE_THEN_ANOTHER) == [], text


def test_back_to_the_place_before_the_latest() -> None:
    assert places("还是前面那个吧", ONE_THEN_ANOTHER) == [("前面那个", "景点[颐和园]")]
    assert places("上一个景点的门票多少？", ONE_THEN_ANOTHER) == [("上一个景点", "景点[颐和园]")]
    assert places("还是原来那个景点吧", ONE_THEN_ANOTHER) == [("原来那个景点", "景点[颐和园]")]
    # "刚才" is the latest of its kind.
    assert places("刚才那个景点的地址呢？", ONE_THEN_ANOTHER) == [
        ("刚才那个景点", "景点[景山公园]")
    ]
    # The noun names a kind the dialogue has left: the latest of it.
    assert places("刚才那个景点的门票是多少？", SIGHT_THEN_HOTEL) == [
        ("刚才那个景点", "景点[颐和园]")
    ]
    assert places("之前那个景点在哪？", SIGHT_THEN_HOTEL) == [("之前那个景点", "景点[颐和园]")]
    assert places("你说的那家酒店的电话是多少？", SIGHT_THEN_HOTEL) == [
        ("你说的那家酒店", "酒店[北京香格里拉饭店]")
    ]


def test_an_unclear_back_pointer_resolves_to_no_place() -> None:
    # One hotel, a sight before it: "前面那个" could be either.
    assert places("前面那个怎么样", SIGHT_THEN_HOTEL) == []
    # Two offered at once: "你说的那家" does not say which.
    assert places("你说的那家有停车场吗？", TWO) == []
    # No place in context: the older reading of "上一个" (the latest item) stands.
    (ref,) = extract_references("还是上一个吧", ParseContext())
    assert (ref.text, ref.kind) == ("上一个", "last")


def test_place_choices_names_the_one_place_pointed_to() -> None:
    def chosen(text: str, ctx: ParseContext = TWO) -> list[tuple[str, str | None]]:
        parsed = parse_message(Message.user(text), turn=2, ontology=ONTO, context=ctx)
        return [
            (u.entity, u.value)
            for u in place_choices(parsed.references, parsed.updates)
            if u.slot == "名称"
        ]

    assert chosen("那就第二家吧") == [("餐馆", "大董(工体店)")]
    assert chosen("第一家的电话是多少？") == [("餐馆", "金鼎轩")]
    # A comparison points to two: no pick.
    assert chosen("第一家和第二家哪个近？") == []
    assert chosen("这两家哪个评分高？") == []
    # "第二家餐厅" read as a name is the pointer, not a place called so.
    assert chosen("那就去第二家餐厅吧") == [("餐馆", "大董(工体店)")]
    assert chosen("上一个景点的门票多少？", ONE_THEN_ANOTHER) == [("景点", "颐和园")]
    # Unresolved: nothing added.
    assert chosen("第三家呢？") == []


def test_a_place_turned_down_is_no_pick() -> None:
    for text in ("第一家太贵了，还有别的吗", "不要第一家", "除了第一家，还有吗", "第二家不太合适"):
        refs = extract_references(text, TWO)
        assert [r.kind for r in refs] == [PLACE_DECLINED], text
        assert place_choices(refs, []) == [], text
    refs = extract_references("前面那个不要了", ONE_THEN_ANOTHER)
    assert [(r.kind, r.resolved_to) for r in refs] == [(PLACE_DECLINED, "景点[颐和园]")]
    # One turned down, the other asked about: the other is the pick.
    refs = extract_references("第一家太贵了，第二家呢？", TWO)
    assert [u.value for u in place_choices(refs, [])] == ["大董(工体店)"]


def test_place_choices_keeps_a_name_the_message_says() -> None:
    refs = extract_references("第二家和全聚德比呢", TWO)
    said = [SlotUpdate(entity="餐馆", slot="名称", value="全聚德")]
    assert [u.value for u in place_choices(refs, said)] == ["全聚德"]
    # Idempotent: the pick is itself a name.
    refs = extract_references("那就第二家吧", TWO)
    once = place_choices(refs, [])
    assert place_choices(refs, once) == once


def replay_with_choices(turns: list[tuple[str, str]]) -> SessionState:
    """The dialogue through the rule parser and the state, a user's pointer to a place made
    the 名称 update it stands for (`place_choices`), each message read in the context of the
    turns before it."""
    window = RecentWindow(24)
    state = SessionState()
    turn = 0
    for role, text in turns:
        turn += role == "user"
        msg = Message.user(text) if role == "user" else Message.assistant(text)
        parsed = parse_message(msg, turn=turn, ontology=ONTO, context=window.context())
        if role == "user":
            parsed.updates = place_choices(parsed.references, parsed.updates)
        window.append(parsed)
        state.apply(parsed)
    return state


def test_each_fact_lands_on_the_place_pointed_to() -> None:
    s = replay_with_choices(
        [
            ("user", "帮我找两家评分高的餐馆，想吃烤鸭。"),
            ("assistant", "为您推荐金鼎轩和大董(工体店)，两家都有烤鸭，评分都在4.5分以上。"),
            ("user", "第一家的电话是多少？"),
            ("assistant", "电话是010-64296888。"),
            ("user", "第二家呢？"),
            ("assistant", "它家的电话是010-65516788。"),
            ("user", "那就去第二家吧，它家人均多少？"),
            ("assistant", "人均消费是280元。"),
        ]
    )
    got = {k: v.value for k, v in s.state.slots.items()}
    assert got["餐馆[金鼎轩].电话"] == "010-64296888"
    assert got["餐馆.名称"] == "大董(工体店)"
    assert got["餐馆.电话"] == "010-65516788"
    assert got["餐馆.人均消费"] == "280元"


def test_back_to_the_earlier_offer_makes_it_current_again() -> None:
    s = replay_with_choices(
        [
            ("user", "帮我找个景点，评分4.5以上。"),
            ("assistant", "推荐您去颐和园，评分4.8分，门票30元。"),
            ("user", "有没有门票便宜一点的？"),
            ("assistant", "那推荐您去景山公园，门票2元。"),
            ("user", "还是前面那个吧，它的地址是什么？"),
            ("assistant", "地址是北京市海淀区新建宫门路19号。"),
        ]
    )
    got = {k: v.value for k, v in s.state.slots.items()}
    assert got["景点.名称"] == "颐和园"
    assert got["景点.门票"] == "30元"
    assert got["景点.地址"] == "北京市海淀区新建宫门路19号"
    assert got["景点[景山公园].门票"] == "2元"


def test_the_engine_files_facts_asked_by_ordinal_on_the_place_meant() -> None:
    # Through the distiller as a session runs it (no helper applying the choice).
    state = replay(
        [
            ("user", "帮我推荐两家评分4.5分以上的餐馆。"),
            ("assistant", "推荐您去金鼎轩和大董(工体店)。"),
            ("user", "第一家的电话是多少？"),
            ("assistant", "电话是010-64296888。"),
            ("user", "第二家呢？"),
            ("assistant", "电话是010-65516788。"),
            ("user", "那就去第二家吧。"),
        ]
    ).state
    values = {k: v.value for k, v in state.slots.items()}
    assert values["餐馆[金鼎轩].电话"] == "010-64296888"
    assert values["餐馆.名称"] == "大董(工体店)"
    assert values["餐馆.电话"] == "010-65516788"


# Found in review.
def test_an_assistants_pointer_to_a_place_makes_no_place_of_that_name() -> None:
    state = replay(
        [
            ("user", "帮我推荐两家评分4.5分以上的餐馆。"),
            ("assistant", "推荐您去金鼎轩和大董(工体店)。"),
            ("user", "它们的电话是多少？"),
            ("assistant", "第一家餐厅的电话是010-64296888，第二家餐厅的电话是010-65516788。"),
        ]
    ).state
    assert not any("第一家" in k or "第二家" in k for k in state.slots)
    assert not any(v.value and "第" in v.value for v in state.slots.values() if v.slot == "名称")


@pytest.mark.parametrize(
    "text", ["还有第二家吗？", "第一家不错，但是太远了。", "这是北京第一家的老字号。"]
)
def test_a_question_for_another_a_turn_down_or_a_remark_picks_no_place(text: str) -> None:
    state = replay(
        [
            ("user", "帮我推荐两家评分4.5分以上的餐馆。"),
            ("assistant", "推荐您去金鼎轩和大董(工体店)。"),
            ("user", text),
        ]
    ).state
    # The latest offered stays the candidate: nothing was picked.
    assert state.slots["餐馆.名称"].value == "大董(工体店)"


def test_a_neighbour_named_next_is_a_place_of_its_listed_kind() -> None:
    state = replay(
        [
            ("user", "我想找个景点玩，门票免费的。"),
            ("assistant", "您可以去北海公园，门票免费。"),
            ("user", "附近有什么好吃的吗？"),
            ("assistant", "附近有护国寺小吃店和烤肉季。"),
            ("user", "我想去烤肉季，电话是多少？"),
            ("assistant", "烤肉季的电话是010-64042554。"),
        ]
    ).state
    values = {k: v.value for k, v in state.slots.items()}
    assert values["餐馆.名称"] == "烤肉季"
    assert values["餐馆.电话"] == "010-64042554"
    assert values["景点.名称"] == "北海公园"


# Found in review: neighbours are places of their kind for a later name, but no list of
# options and not the place the dialogue is about.
def test_a_neighbour_list_is_no_list_of_options_for_an_ordinal() -> None:
    state = replay(
        [
            ("user", "帮我推荐两家餐馆。"),
            ("assistant", "为您推荐金鼎轩和大董(工体店)。"),
            ("user", "金鼎轩周边有什么餐馆？"),
            ("assistant", "金鼎轩周边的餐馆有便宜坊。"),
            ("user", "那第二家的电话是多少？"),
        ]
    ).state
    assert state.slots["餐馆.名称"].value == "大董(工体店)"


def test_a_kind_end_is_the_place_the_user_chose_not_a_neighbour() -> None:
    state = replay(
        [
            ("user", "我想住北京饭店。"),
            ("assistant", "好的，北京饭店的电话是010-1234。"),
            ("user", "故宫周边有什么酒店？"),
            ("assistant", "故宫周边的酒店有如家和汉庭。"),
            ("user", "好的，我想从故宫打车回酒店。"),
        ]
    ).state
    assert state.slots["出租.目的地"].value == "北京饭店"


def test_names_holding_he_are_not_cut_into_neighbours() -> None:
    from ctxengine.compaction.references import _members

    assert _members("颐和园和雍和宫") == ["颐和园", "雍和宫"]
    assert _members("北京和平宾馆和如家") == ["北京和平宾馆和如家"]
    assert _members("和府捞面") == ["和府捞面"]
