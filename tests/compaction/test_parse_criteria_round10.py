"""Parse fixes of round 10: search criteria and slot values said in Chinese in shapes the rules
missed (a criterion asked in a question about the places sought, an option after a classifier,
an amount after a wish, a dish planned with company), without binding criteria inside names."""

from __future__ import annotations

import re

import pytest

from ctxengine.compaction.ontology import EntityDef, Ontology, generic_ontology
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

from ._crosswoz import END, ONTO, START, asks, dishes, reply, said, slot_values

GENERIC = generic_ontology()


def _generic(text: str) -> dict[str, tuple[str | None, str]]:
    """slot -> (value, op) of what `text` says under the generic ontology."""
    parsed = parse_message(Message.user(text), turn=1, ontology=GENERIC)
    return {u.slot: (u.value, u.op) for u in parsed.updates}


def test_an_option_before_its_kind_word_is_sought_in_a_question() -> None:
    # "有…的豪华型酒店吗" looks for a kind of hotel, not asks about the one in focus.
    assert slot_values("请问有评分4分以上的高档型宾馆吗？").get("酒店类型") == "高档型"
    assert slot_values("能给我介绍一家评分高一点的经济型酒店吗？").get("酒店类型") == "经济型"
    assert slot_values("附近的景点里有评分4分以上的免费景点吗？").get("门票") == "免费"


def test_an_option_asked_of_the_place_in_focus_is_not_set() -> None:
    assert "酒店类型" not in slot_values("它是豪华型酒店吗？")
    assert "酒店设施" not in slot_values("这家酒店有健身房吗？")


def test_an_option_picked_among_the_places_named() -> None:
    assert slot_values("那几个景点中有没有免费的呀？").get("门票") == "免费"
    assert slot_values("这些景点里面有不免费的吗？").get("门票") == "不免费"
    got = slot_values("帮我看看天坛周边的景点有没有免费又能玩2小时的？")
    assert got.get("门票") == "免费"


def test_a_pick_among_places_without_the_slot_sets_nothing() -> None:
    # A restaurant has no facilities: "酒吧" among restaurants is a neighbour's name.
    assert "酒店设施" not in slot_values("它周边的餐馆里有酒吧、老北京涮肉吗？")


def test_an_option_after_a_classifier_or_a_modal() -> None:
    assert slot_values("周末想带孩子出去，帮我推荐一处免费景点。").get("门票") == "免费"
    assert slot_values("帮我找一座可以免费参观的景点吧。").get("门票") == "免费"


def test_an_option_inside_a_name_stays_in_the_name() -> None:
    values = [v for _, s, v in said("我想了解一下北京金港温泉酒店在哪？") if s == "酒店设施"]
    assert values == []


def test_an_amount_after_a_wish_for_less() -> None:
    got = slot_values("想找个景点，门票便宜些30元以下的。")
    assert got.get("门票") == "30元以下"
    assert slot_values("想找家餐馆，人均消费低一点80元左右。").get("人均消费") == "80元左右"


def test_an_amount_opening_the_clause_after_a_remark() -> None:
    got = slot_values("玩的时间不要太长，2小时 - 3小时就行。")
    assert got.get("游玩时间") == "2小时 - 3小时"


def test_a_visit_length_said_shortly() -> None:
    assert slot_values("有没有时长2小时 - 3小时的景点？").get("游玩时间") == "2小时 - 3小时"


def test_a_rough_length_before_the_hours() -> None:
    got = slot_values("想找个能玩一上午大约2小时 - 4小时的景点。")
    assert got.get("游玩时间") == "2小时 - 4小时"


def test_a_length_asked_is_no_value() -> None:
    assert "游玩时间" not in slot_values("那个景点游玩时间要多久？")
    assert reply("那个景点游玩时间要多久？", "3小时 - 4小时。").get("游玩时间") == "3小时 - 4小时"


def test_dishes_eaten_in_the_restaurants_sought() -> None:
    got = dishes("我打算在天坛附近的餐馆中吃涮羊肉、炸酱面，人均100元左右。")
    assert got == ["涮羊肉、炸酱面"]


def test_a_dish_wished_for_with_praise_or_company() -> None:
    assert dishes("在王府井附近能不能吃到正宗的卤煮火烧呀？") == ["卤煮火烧"]
    assert dishes("晚上我准备跟室友一起吃酸菜鱼，有推荐的餐馆吗？") == ["酸菜鱼"]


def test_a_recommendation_asked_for_is_no_dish() -> None:
    assert dishes("附近有推荐的餐馆吗？") == []


def test_a_dish_asked_of_a_place_and_called_a_dish_after() -> None:
    assert dishes("那他家有糖醋里脊吗，我很想吃这道菜。") == ["糖醋里脊"]


def test_a_meal_with_company_is_no_dish() -> None:
    assert dishes("我打算和朋友一起吃饭，帮我找家餐馆。") == []
    assert dishes("周末要和客户吃点便饭，帮我找家安静的餐馆。") == []
    assert dishes("这回总算能吃到好吃的特色啦。") == []


def test_a_dish_led_by_its_slot_word_in_praise() -> None:
    got = dishes("您可以去那家店，它家的招牌菜酱牛肉还是很受欢迎的。", "assistant")
    assert got == ["酱牛肉"]


def test_an_address_after_its_word_with_no_verb() -> None:
    got = slot_values("它的电话是62345678，地址朝阳区建国路88号院。", "assistant")
    assert got.get("地址") == "朝阳区建国路88号院"
    assert "地址" not in slot_values("地址告诉我一下。")


def test_a_stop_said_where_it_is_or_by_its_own_word() -> None:
    got = slot_values("出发地附近地铁站在西单地铁站A口。", "assistant")
    assert got.get(START) == "西单地铁站A口"
    got = slot_values("起始站是西单地铁站，到达站无。", "assistant")
    assert got.get(START) == "西单地铁站"
    assert "目的地附近地铁站" not in got


def test_a_nearby_list_after_a_colon_is_not_one_name() -> None:
    got = slot_values("周边景点：故宫、景山公园、北海公园。", "assistant")
    assert got.get("周边景点") == "故宫、景山公园、北海公园"


# Review of round 10.


def test_a_value_changed_to_none_is_cleared() -> None:
    # Only a ride's stop answered "无" has no value; a change to "none" clears the value.
    assert _generic("Actually, switch the coupon code to none please.")["coupon"][0] == "none"
    assert _generic("优惠码换成无吧。")["coupon"][0] == "无"
    assert _generic("Please set the budget to none.")["budget"][0] == "none"


def test_a_clause_opening_with_a_number_is_no_amount_of_another_shape() -> None:
    assert "价格" not in slot_values("房价高了些，3个人住倒也划算。")
    assert "门票" not in slot_values("门票不贵，9点就开门了。")
    assert "游玩时间" not in slot_values("游玩时间随便，8点出门就好。")
    assert "人均消费" not in slot_values("人均消费贵了点，4个人花了600。")
    assert "营业时间" not in slot_values("营业时间晚些10点关门最好。")
    assert "价格" not in slot_values("价格还行，2晚总共900元。", "assistant")
    assert "color" not in _generic("颜色浅一些，3号色就可以。")


def test_an_amount_of_the_slots_shape_still_opens_the_clause() -> None:
    assert slot_values("房价低一些，300元以下的。").get("价格") == "300元以下"


def test_an_option_asked_of_one_place_named_by_a_demonstrative() -> None:
    for text in (
        "这是一家高档型酒店吗？",
        "它是个经济型酒店吗？",
        "这家旅馆属于舒适型酒店吗？",
        "这家宾馆里有游泳池吗？",
        "这个酒店中有没有棋牌室？",
        "那个景点有免费的吗？",
        "它有免费的吗？",
    ):
        assert not {"酒店类型", "酒店设施", "门票"} & set(slot_values(text)), text


def test_an_option_asked_of_a_places_neighbours_is_sought() -> None:
    assert slot_values("这家酒店附近有免费的景点吗？").get("门票") == "免费"


def test_an_option_inside_a_name_of_a_nearby_list_stays_in_the_name() -> None:
    got = slot_values("它附近的酒店有：如家酒店、温泉酒店。", "assistant")
    assert "酒店设施" not in got
    got = slot_values("周边景点有天坛、免费景点地坛。", "assistant")
    assert "门票" not in got


def test_a_rides_length_is_no_visits_length() -> None:
    assert slot_values("坐地铁的时长大概半小时，30分钟吧。") == {}
    assert "游玩时间" not in slot_values("打车时长15分钟左右。")
    assert "游玩时间" not in slot_values("去那个好玩的地方大约1小时车程。")


def test_a_time_of_day_is_no_length() -> None:
    assert "游玩时间" not in slot_values("这里最好玩的时间是下午4点。")


def test_a_taxis_start_is_no_metro_stop() -> None:
    assert START not in asks("打车的起始站在哪里？")


def test_a_stop_after_zai_is_a_station() -> None:
    assert END not in slot_values("目的地附近地铁站在西边，步行3分钟。")
    assert END not in slot_values("到达站在旁边。")
    assert END not in slot_values("目的地附近的地铁站在走路能到的地方。")


def test_an_address_with_no_verb_starts_with_its_area() -> None:
    assert "地址" not in slot_values("地址我印象里是海淀区中关村大街。")
    assert "地址" not in slot_values("位置好像是在海淀区。")
    assert "地址" not in slot_values("位置太远了在郊区。")
    # The generic ontology's address slot, said in Chinese with no verb, too.
    assert _generic("收货地址海淀区中关村大街27号院。")["address"][0] == "海淀区中关村大街27号院"


def test_an_address_changed_with_a_polite_lead() -> None:
    got = _generic("收货地址麻烦改一下海淀区中关村大街27号院。")
    assert got["address"] == ("海淀区中关村大街27号院", "change")


def test_a_meal_had_or_refused_is_no_dish() -> None:
    assert dishes("昨天在饭馆里吃了涮羊肉。") == []
    assert dishes("我不打算跟朋友吃烤肉。") == []
    assert dishes("我不想吃麻辣烫。") == []
    assert dishes("它家的炸酱面还是算了吧，我不爱吃。") == []
    assert dishes("他家的卤煮还是别点了。") == []
    # Praise after "还是" still names the dish.
    assert dishes("它家的卤煮还是非常不错的。", "assistant") == ["卤煮"]
    assert dishes("它家有炸酱面吗，这道菜我不爱吃。") == []


def test_a_long_question_about_one_place_is_parsed_in_linear_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The characters scanned for entity words grow with the text, not with its square.
    scanned = 0
    words, mentions = Ontology.entity_words, Ontology.entity_mentions

    def count_words(self: Ontology, text: str) -> list[re.Match[str]]:
        nonlocal scanned
        scanned += len(text)
        return words(self, text)

    def count_mentions(self: Ontology, text: str) -> list[tuple[int, EntityDef]]:
        nonlocal scanned
        scanned += len(text)
        return mentions(self, text)

    monkeypatch.setattr(Ontology, "entity_words", count_words)
    monkeypatch.setattr(Ontology, "entity_mentions", count_mentions)
    work = []
    for n in (50, 200):
        scanned = 0
        text = "这家酒店里有健身房" * n + "？"
        parse_message(Message.user(text), turn=1, ontology=ONTO)
        work.append(scanned / len(text))
    assert work[1] < 1.5 * work[0]


def test_minutes_of_a_walk_are_no_rating() -> None:
    # "5分钟" is a length of time; "5分" alone is still a rating.
    assert "评分" not in slot_values("地铁站在东边，走路5分钟就到。", role="assistant")
    assert slot_values("我想找评分5分的餐馆。").get("评分") == "5分"


def test_a_kind_of_place_booked_is_no_product() -> None:
    # "订一家酒店" books a hotel (a kind of place the ontology knows), not a product.
    assert "product" not in slot_values("我们还想订一家酒店。")
    assert "product" not in slot_values("我打算订一家酒店住三晚。")
    assert slot_values("我想买一台投影仪").get("product") == "投影仪"
