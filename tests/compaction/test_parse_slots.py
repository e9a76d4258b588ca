"""Slot updates, intents, confirmations and language on real sentences in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from ctxengine.compaction.intents import classify_intents, detect_language, is_confirmation
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.outcomes import within
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.compaction.references import RecentWindow
from ctxengine.messages import Message


def updates(text: str, context: ParseContext | None = None) -> list[tuple[str, str | None, str]]:
    parsed = parse_message(Message.user(text), turn=1, context=context)
    return [(u.slot, u.value, u.op) for u in parsed.updates]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("把收货人改成张伟", [("recipient", "张伟", "change")]),
        ("收件人是李雷", [("recipient", "李雷", "set")]),
        ("颜色要暗紫色", [("color", "暗紫色", "set")]),
        ("内存选512GB", [("memory", "512GB", "set")]),
        ("改用信用卡支付", [("payment", "信用卡支付", "change")]),
        ("不要顺丰了", [("shipping", None, "remove")]),
        ("change the date to Friday", [("date", "Friday", "change")]),
        ("use Excel instead", [("format", "Excel", "change")]),
        ("make it blue", [("color", "blue", "change")]),
        ("my email is john.doe@example.com.", [("email", "john.doe@example.com", "set")]),
        ("set the budget to $500 please", [("budget", "$500", "set")]),
    ],
)
def test_slot_updates(text: str, expected: list[tuple[str, str | None, str]]) -> None:
    assert updates(text) == expected


def test_generic_updates_are_anchored_to_enum_members() -> None:
    parsed = parse_message(Message.user("颜色要深紫色，不要顺丰了"), turn=1)
    by_slot = {u.slot: u for u in parsed.updates}
    assert by_slot["color"].enum == "DARK_PURPLE"
    assert by_slot["shipping"].op == "remove"
    assert "顺丰" in by_slot["shipping"].raw


def test_an_english_place_slot_is_set_without_a_zh_verb() -> None:
    # The place rule looks at the verb only where the pattern has one (en_set has none).
    assert updates("my address is 12 Main Street, Springfield.") == [
        ("address", "12 Main Street, Springfield", "set")
    ]


def test_questions_are_not_values() -> None:
    assert updates("收货地址是在哪？") == []
    assert updates("What time is it?") == []


def test_use_instead_without_enum_value_falls_back_to_last_slot() -> None:
    ctx = ParseContext(last_slot="date")
    assert updates("use the 3rd instead", ctx) == [("date", "the 3rd", "change")]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("帮我查一下CA1501航班", "query"),
        ("What is the price?", "query"),
        ("把收货人改成张伟", "modify"),
        ("change the date to Friday", "modify"),
        ("取消订单", "cancel"),
        ("never mind, forget it", "cancel"),
        ("重新开始吧", "restart"),
        ("let's start over", "restart"),
        ("你好", "chitchat"),
        ("thank you!", "chitchat"),
        ("好的，就这样", "confirm"),
        ("我的邮箱是a@b.cn", "inform"),
    ],
)
def test_top_intent(text: str, intent: str) -> None:
    parsed = parse_message(Message.user(text), turn=1)
    assert parsed.intents[0].name == intent
    assert all(0.0 <= i.confidence <= 1.0 for i in parsed.intents)


def test_domain_intent_from_ontology_keywords() -> None:
    names = [i.name for i in classify_intents("我想买iPhone 15 Pro", generic_ontology())]
    assert "product_select" not in names  # the generic ontology declares no domain intents


@pytest.mark.parametrize(
    "text",
    [
        "好的",
        "好",
        "行",
        "可以",
        "继续",
        "嗯嗯",
        "对",
        "没问题",
        "好的，继续",
        "好的谢谢",
        "ok",
        "OK.",
        "okay",
        "sure",
        "yes",
        "go on",
        "continue",
        "sounds good!",
    ],
)
def test_bare_confirmations(text: str) -> None:
    assert is_confirmation(text)


@pytest.mark.parametrize(
    "text",
    [
        "好的，把颜色改成蓝色",
        "ok, change the date",
        "好，北京裕龙国际酒店的价格贵吗？",
        "yesterday",
        "",
        "继续推荐餐馆",
    ],
)
def test_confirmation_with_content_is_not_bare(text: str) -> None:
    assert not is_confirmation(text)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("我想买iPhone 15 Pro", "zh"),
        ("Export as Excel", "en"),
        ("内存选512GB", "zh"),
        ("use 顺丰 for shipping please thanks", "en"),
        ("", "en"),
    ],
)
def test_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang


# CrossWOZ-style values (the crosswoz ontology): example sentences in the dataset's shapes.
CW = load_builtin("crosswoz")


def cw(
    text: str, *, role: str = "user", context: ParseContext | None = None
) -> list[tuple[str, str, str | None]]:
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    parsed = parse_message(msg, turn=1, ontology=CW, context=context)
    return [(u.entity, u.slot, u.value) for u in parsed.updates if u.slot != "名称"]


def cw_values(text: str, slot: str, **kw: Any) -> list[str | None]:
    return [v for _, s, v in cw(text, **kw) if s == slot]


def test_phone_answers_take_the_number_or_nothing() -> None:
    asked = ParseContext(asked=("电话",), focus="酒店")
    assert cw_values("您可以拨打010-12345678。", "电话", role="a", context=asked) == [
        "010-12345678"
    ]
    # "谁家提供免费市内电话？" -> "都不提供呢。": no number, no phone.
    assert cw_values("都不提供呢。", "电话", role="a", context=asked) == []
    assert cw_values("某某酒店符合您的要求。", "电话", role="a", context=asked) == []


def test_phone_numbers_in_a_row_are_one_statement_and_lose_the_colon() -> None:
    # Two numbers for one place, in a row: one value, both lines (the second is no change of
    # the first).
    two = "010-11112222,010-33334444"
    assert cw_values(f"电话是{two}。", "电话", role="a") == [two]
    assert cw_values("电话是010-11112222、010-33334444。", "电话", role="a") == [
        "010-11112222、010-33334444"
    ]
    assert cw_values("电话有两个，分别是87654321和12345678。", "电话", role="a") == ["87654321"]
    assert cw_values("电话是：010-11112222。", "电话", role="a") == ["010-11112222"]
    # Only the phone's own shape: a price in the same reply stays a price.
    assert cw_values("价格是322元，电话是87654321。", "电话", role="a") == ["87654321"]


def test_an_answer_skips_the_value_of_a_slot_not_asked() -> None:
    asked = ParseContext(asked=("电话", "地址"), focus="景点")
    got = cw("010-12345678；北京市东城区某某街4号。", role="a", context=asked)
    assert ("景点", "地址", "北京市东城区某某街4号") in got
    assert all(v != "010-12345678" for _, s, v in got if s == "地址")


def test_dishes_listed_after_the_slot_word_stay_one_value() -> None:
    assert cw_values("推荐菜有红烧鱼, 小炒肉。", "推荐菜", role="a") == ["红烧鱼, 小炒肉"]
    assert cw_values("它家推荐菜很多有年糕、凉面、豆汁。", "推荐菜", role="a") == [
        "年糕、凉面、豆汁"
    ]
    assert cw_values("推荐菜有 蛋炒饭, 酸辣汤……", "推荐菜", role="a") == ["蛋炒饭, 酸辣汤"]
    assert cw_values("帮我找个推荐菜有烤鸭的餐馆吧。", "推荐菜") == ["烤鸭"]
    # "有" followed by no value.
    assert cw_values("电话有两个。", "电话", role="a") == []
    assert cw_values("人均消费有点高。", "人均消费") == []
    assert cw_values("帮我查一下它家的推荐菜都有啥？", "推荐菜") == []


def test_nearby_entity_the_message_looks_for_owns_the_values() -> None:
    assert ("景点", "评分", "4.5分以上") in cw("在某某酒店周边的景点里，找个评分4.5分以上的。")
    assert ("酒店", "评分", "4分以上") in cw("我想在景点附近找个评分是4分以上的酒店住宿。")
    # The name before "的周边" is the anchor's, not the sought place's.
    parsed = parse_message(
        Message.user("在北京某某城的周边餐馆里，哪个评分是5分？"), turn=1, ontology=CW
    )
    assert {(u.entity, u.slot) for u in parsed.updates} >= {("餐馆", "评分")}
    assert all(u.entity != "餐馆" for u in parsed.updates if u.slot == "名称")


def test_a_value_belongs_to_the_entity_word_it_modifies() -> None:
    got = cw("逛完景点，帮我找个评分4.5分以上，人均消费50-100元的餐馆。")
    assert ("餐馆", "评分", "4.5分以上") in got


def test_a_place_word_inside_an_address_names_no_entity() -> None:
    ctx = ParseContext(focus="餐馆")
    got = cw("地址是某某大街2号某某酒店66层。", role="a", context=ctx)
    assert got == [("餐馆", "地址", "某某大街2号某某酒店66层")]
    assert cw_values("地址：北京市某区某路26号。", "地址", role="a") == ["北京市某区某路26号"]


def test_facilities_as_features_not_as_names() -> None:
    assert cw_values("想找一家酒店各处提供wifi的酒店。", "酒店设施") == ["酒店各处提供wifi"]
    assert cw_values("推荐您去什刹海酒吧街转转。", "酒店设施", role="a") == []
    assert cw_values("周边餐馆有小王饭馆, 酒吧, 老李面馆。", "酒店设施", role="a") == []
    assert cw_values("推荐您入住北京某某温泉酒店。", "酒店设施", role="a") == []
    # "无烟房" is a feature, not "无" + something absent.
    assert cw_values("帮我推荐一个能提供无烟房的经济型酒店。", "酒店设施") == ["无烟房"]


def test_facility_questions_search_or_ask() -> None:
    # Looking for a place with it: a criterion.
    assert cw_values("哪家酒店有会议室呢？", "酒店设施") == ["会议室"]
    # Asking whether the place in focus has it: no value.
    assert cw_values("这家酒店有会议室吗？", "酒店设施") == []
    assert cw_values("帮确定下酒店设施是否包含健身房。", "酒店设施") == []


def test_free_tickets_and_amounts() -> None:
    assert cw_values("帮我找一个免费的景点。", "门票") == ["免费"]
    assert cw_values("请推荐一个门票不免费的景点。", "门票") == ["不免费"]
    assert cw_values("想找一个提供早餐服务免费的酒店。", "门票") == []
    assert cw_values("找一个票价在20-50元之间的景点。", "门票") == ["20-50元"]
    assert cw_values("门票1元钱。", "门票", role="a") == ["1元"]
    assert cw_values("门票也只有20元。", "门票", role="a") == ["20元"]
    assert cw_values("价格也是不错的。", "价格", role="a") == []
    # "是不是" asks; the copula takes no "不是5分" (the rating's own shape may still read 5分).
    assert "不是5分" not in cw_values("评分是不是5分？", "评分")


def test_opening_hours_keep_all_their_ranges() -> None:
    hours = "周一至周日 10:00-14:00 17:00-21:00 非营业时段 2018-01-01至2018-01-03 全天"
    assert cw_values(f"营业时间是{hours}。", "营业时间", role="a") == [hours]
    asked = ParseContext(asked=("营业时间",), focus="餐馆")
    assert cw_values("周一至周日 10:00-22:00。", "营业时间", role="a", context=asked) == [
        "周一至周日 10:00-22:00"
    ]


def test_nearby_answers_drop_the_assent_and_take_the_examples() -> None:
    asked = ParseContext(asked=("周边景点",), focus="餐馆")
    assert cw_values("没问题，餐馆周边只有某某艺术馆。", "周边景点", role="a", context=asked) == [
        "某某艺术馆"
    ]
    got = cw_values("有，还都是有名的景点呢，如甲公园, 乙寺。", "周边景点", role="a", context=asked)
    assert got == ["甲公园, 乙寺"]


def test_a_good_place_to_eat_is_no_attraction() -> None:
    # "地方" (a place) says nothing about which kind: the rating stays with the restaurant.
    ctx = ParseContext(focus="餐馆")
    got = cw("某某包子铺是个不错的地方呢，这里评分是3.5分。", role="a", context=ctx)
    assert ("餐馆", "评分", "3.5分") in got


def test_a_branch_name_in_brackets_names_no_entity() -> None:
    parsed = parse_message(
        Message.user("就选某某连锁酒店(某某门地铁站店)吧，它的电话是多少？"), turn=1, ontology=CW
    )
    assert parsed.focus == "酒店"


def test_station_slots_said_as_the_start_or_end_station() -> None:
    got = cw("起点的地铁站为甲地铁站B口，终点的地铁站为乙地铁站D2口。", role="a")
    assert ("地铁", "出发地附近地铁站", "甲地铁站B口") in got
    assert ("地铁", "目的地附近地铁站", "乙地铁站D2口") in got


def test_nearby_list_after_a_remark() -> None:
    ctx = ParseContext(focus="餐馆")
    got = cw_values(
        "它家周边餐馆还挺多呢，有甲烤鸭店, 乙面馆等。", "周边餐馆", role="a", context=ctx
    )
    assert got == ["甲烤鸭店, 乙面馆"]


def cw_names(
    text: str, *, role: str = "user", context: ParseContext | None = None
) -> list[tuple[str, str | None]]:
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    parsed = parse_message(msg, turn=1, ontology=CW, context=context)
    return [(u.entity, u.value) for u in parsed.updates if u.slot == "名称"]


def test_a_branch_store_takes_the_kind_of_its_stem() -> None:
    # A bare "店" ends a branch: the stem before it says hotel or restaurant.
    assert cw_names("推荐您去某某酒店北京西站第二店。", role="a") == [
        ("酒店", "某某酒店北京西站第二店")
    ]
    assert cw_names("推荐您去某某民宿公寓北京国贸店。", role="a") == [
        ("酒店", "某某民宿公寓北京国贸店")
    ]
    assert cw_names("推荐您去老王小吃店。", role="a") == [("餐馆", "老王小吃店")]


def test_a_chain_branch_in_brackets_is_no_attraction() -> None:
    # "…谷" would say attraction; a branch "(…店)" says a chain store.
    assert cw_names("推荐您去和美谷(西单店)。", role="a") == [("餐馆", "和美谷(西单店)")]
    assert cw_names("推荐您去某某旅馆连锁(西单店)。", role="a") == [
        ("酒店", "某某旅馆连锁(西单店)")
    ]


def test_a_street_of_snacks_is_an_attraction() -> None:
    assert cw_names("推荐您去鬼街小吃。", role="a") == [("景点", "鬼街小吃")]


def test_the_kind_word_after_a_name_types_it() -> None:
    # "…园" would say attraction; the word after the name says restaurant.
    assert ("餐馆", "杏花园") in cw_names("杏花园餐馆周边有哪些酒店呢？")


def test_an_anchor_name_is_not_typed_by_what_is_sought_after_it() -> None:
    ctx = ParseContext(focus="餐馆")
    text = "在某某居(西单店)周边的酒店里，找个评分4.5分以上的高档型酒店。"
    assert cw_names(text, context=ctx) == [("餐馆", "某某居(西单店)")]
    assert ("酒店", "评分", "4.5分以上") in cw(text, context=ctx)


def test_an_entity_word_inside_a_name_names_no_entity() -> None:
    # "饭店" inside "北京某某饭店" (a hotel's name) is no mention of a restaurant.
    got = cw("北京某某饭店电话是010-12345678。", role="a", context=ParseContext(focus="餐馆"))
    assert got == [("酒店", "电话", "010-12345678")]


def test_a_name_a_recent_turn_read_keeps_its_kind_when_mentioned_again() -> None:
    # The window hands on the names its turns read, with their kinds.
    window = RecentWindow(4)
    for text in ("推荐您去某某食府。", "您可以去某某公园看看。"):
        window.append(parse_message(Message.assistant(text), turn=1, ontology=CW))
    assert window.context().named == {"某某食府": "餐馆", "某某公园": "景点"}
    # A reply offered "某某山" (a one-character ending) for a meal: the user's next question
    # is about that restaurant, not an attraction its ending would say.
    ctx = ParseContext(focus="餐馆", named={"某某山": "餐馆"})
    text = "某某山的营业时间是几点？"
    assert cw_names(text, context=ctx) == [("餐馆", "某某山")]
    assert cw_names(text) == [("景点", "某某山")]  # no earlier reading: its ending decides
    # A kind said right after the name still wins ("某某山这个景点").
    assert cw_names("某某山这个景点门票多少？", context=ctx) == [("景点", "某某山")]
    # An earlier reading (often from a word said with the name: "某某饭店这家餐厅") outweighs
    # the ending alone, but not a slot only the ending's kind has said in the message.
    eats = ParseContext(named={"某某饭店": "餐馆", "某某公园": "餐馆"})
    assert cw_names("某某饭店的营业时间是？", context=eats) == [("餐馆", "某某饭店")]
    assert cw_names("某某山的门票多少钱？", context=ctx) == [("景点", "某某山")]
    assert cw_names("某某公园的门票多少钱？", context=eats) == [("景点", "某某公园")]


def test_a_named_place_owns_the_values_after_it() -> None:
    got = cw("去某某湖吧，评分是4.6分。", role="a", context=ParseContext(focus="酒店"))
    assert got == [("景点", "评分", "4.6分")]


def test_a_bar_ending_a_name_is_kept() -> None:
    assert cw_names("推荐您去冰城串吧。", role="a") == [("餐馆", "冰城串吧")]
    # A particle 吧 still goes.
    assert cw_names("推荐您去某某烤鸭店吧。", role="a") == [("餐馆", "某某烤鸭店")]


def test_values_said_not_to_hold_are_not_set() -> None:
    assert cw_values("没有评分为5分的酒店，推荐评分4.9分的。", "评分", role="a") == ["4.9分"]
    assert cw_values("评分不是5分的，而是4.6分的。", "评分", role="a") == ["4.6分"]
    # A question whether it holds still asks for it.
    assert cw_values("有没有评分5分的景点？", "评分") == ["5分"]


def test_a_numbered_slot_takes_no_words() -> None:
    assert cw_values("电话留一个给我吧。", "电话") == []
    assert cw_values("评分是积分啊？", "评分") == []


def test_criteria_asked_of_what_is_nearby_are_its_own() -> None:
    got = cw("附近餐馆有没有评分是4.5分以上的？", context=ParseContext(focus="酒店"))
    assert ("餐馆", "评分", "4.5分以上") in got


def test_a_slot_only_one_entity_has_says_what_is_sought() -> None:
    got = cw("有没有评分在4.5分以上，能玩1小时 - 2小时的地方？")
    assert ("景点", "评分", "4.5分以上") in got


def test_a_second_question_about_what_is_near_keeps_the_focus() -> None:
    parsed = parse_message(
        Message.user("这家餐馆周边有什么酒店啊？有什么景点呢？"), turn=1, ontology=CW
    )
    assert parsed.focus == "餐馆"


def test_an_adverb_between_slot_and_value_bridges_only_amounts_and_members() -> None:
    assert cw_values("推荐您去那座剧院吧，门票还免费。", "门票", role="a") == ["免费"]
    assert cw_values("评分也是4.5分。", "评分", role="a") == ["4.5分"]
    assert cw_values("这家的人均消费只需35元。", "人均消费", role="a") == ["35元"]
    assert cw_values("那里的门票才10元。", "门票", role="a") == ["10元"]
    assert cw_values("价格还是挺好的。", "价格", role="a") == []


def test_free_said_of_an_amenity_is_no_free_ticket() -> None:
    hotel = ParseContext(focus="酒店")
    assert cw("酒店需要有免费wifi和停车场。", context=hotel) == []
    assert cw("酒店有免费停车场吗？", context=hotel) == []
    assert cw("有没有免费的景点？", context=hotel) == [("景点", "门票", "免费")]
    assert ("景点", "门票", "免费") in cw("找个免费A级景区。")  # one letter is no amenity
    assert ("酒店", "酒店设施", "免费市内电话") in cw("我想找一家有免费市内电话的酒店。")


def test_a_bound_said_before_a_criterions_amount_is_part_of_its_value() -> None:
    assert cw("门票不超过50元的景点。") == [("景点", "门票", "不超过50元")]
    assert cw("评分高于4分的酒店") == [("酒店", "评分", "高于4分")]
    assert cw("评分不低于4.5分的景点") == [("景点", "评分", "不低于4.5分")]
    assert cw("人均不超过100元的餐馆") == [("餐馆", "人均消费", "不超过100元")]
    assert cw("价格低于500元的酒店") == [("酒店", "价格", "低于500元")]
    # Said to be absent, it is no value.
    assert cw("抱歉，没有评分高于4分的酒店。", role="a", context=ParseContext(focus="酒店")) == []


def test_what_one_goes_to_do_says_what_a_name_with_no_kind_ending_is() -> None:
    sights = ParseContext(focus="景点")
    assert cw_names("我打算去松风阁吃饭。", context=sights) == [("餐馆", "松风阁")]
    eats = ParseContext(focus="餐馆")
    assert cw_names("我们想去松风阁游玩。", context=eats) == [("景点", "松风阁")]
    # A kind ending still decides ("…公园"), and with nothing done the focus does.
    assert cw_names("我们想去青山公园吃饭。", context=eats) == [("景点", "青山公园")]
    assert cw_names("我打算去松风阁。", context=sights) == [("景点", "松风阁")]


def test_bounds_read_both_ways_and_strictly() -> None:
    assert within("60元", "不多于50元") is False and within("60元", "不大于50元") is False
    assert within("40元", "不小于50元") is False and within("50元", "不小于50元")
    # "高于", "超过", "不到" leave the amount itself out; "以上", "不超过" keep it.
    assert within("4分", "高于4分") is False and within("300元", "不到300元") is False
    assert within("4分", "4分以上") and within("50元", "不超过50元")
    assert within("4分", "大于等于4分") and within("4分", "高于或等于4分")
    # A reply's bound is no fact, and its bare amount is none either.
    assert cw("推荐故宫，评分高于4.5分。", role="a", context=ParseContext(focus="景点")) == []
    # A reply's bound is a remark on several places, no request.
    assert cw("这些景点的门票都不超过50元。", role="a", context=ParseContext(focus="景点")) == []


def test_doing_says_a_names_kind_only_after_going_and_not_for_a_slot_word() -> None:
    hotel = ParseContext(focus="酒店")
    assert cw_names("汉庭吃的怎么样？", context=hotel) == [("酒店", "汉庭")]
    eats = ParseContext(focus="餐馆")
    assert ("景点", "游玩时间", "1小时") in cw("某某洞游玩时间为1小时。", context=eats)
    assert cw_names("某某洞游玩时间为1小时。", context=eats) == [("餐馆", "某某洞")]
