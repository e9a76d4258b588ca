"""Parse fixes of round 10: search criteria and slot values said in Chinese in shapes the rules
missed (a criterion asked in a question about the places sought, an option after a classifier,
an amount after a wish, a dish planned with company), without binding criteria inside names."""

from __future__ import annotations

from ._crosswoz import START, dishes, reply, said, slot_values


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
    assert got.get("周边景点", "") != "故宫"
