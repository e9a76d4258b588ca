"""Shapes the rule parser used to miss, found by probing it with sentences of our own (not read
from the benchmark's dialogues): a reply that names the place it found without the leads it
knew ("找到了，X。", "我帮您查到了X", "X比较合适", "X，评分4.6分", "嗯，X吧"), the visit said
before the place ("您可以去看看X"), a list of neighbours that starts with "除了X，还有…", a
night's price ("每晚350元"), the words for a price per head ("人均消费价格", "人均花费"),
a span of days that is no ride ("从周一至周日"), and a booking that buys no product."""

from __future__ import annotations

import pytest

from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

from ._crosswoz import ONTO, asks, dishes, names, nearby, replay, reply, said, slot_values


def asked_names(text: str) -> list[str | None]:
    """The names a reply reads after the user asked for a place."""
    context = ParseContext(asked=("名称",))
    parsed = parse_message(Message.assistant(text), turn=2, ontology=ONTO, context=context)
    return [u.value for u in parsed.updates if u.slot == "名称"]


@pytest.mark.parametrize(
    "text",
    [
        "找到了，金鼎轩。",
        "可以考虑金鼎轩。",
        "好的，金鼎轩比较合适。",
        "金鼎轩，评分4.6分。",
        "我帮您查到了金鼎轩，它的评分是4.6分。",
        "正好有一家金鼎轩。",
        "您不妨去金鼎轩尝尝。",
        "我推荐金鼎轩。",
        "有啊，金鼎轩就是。",
        "可以去金鼎轩用餐。",
        "嗯，金鼎轩吧。",
        "有一家叫金鼎轩的餐馆符合您的要求。",
        "评分没有那么高的，金鼎轩评分4.8分。",
        "很遗憾没有，不过金鼎轩评分4.8分，您可以考虑。",
        "没有5分的，退而求其次，金鼎轩有4.8分。",
        "这样的餐馆没有哦，换一家金鼎轩怎么样？",
        "找不到评分5分的，要不试试金鼎轩？",
        "您可以尝试一下金鼎轩。",
        "有两家餐馆符合：金鼎轩。",
        "为您查到以下餐馆：金鼎轩。",
    ],
)
def test_a_found_place_named_in_more_ways(text: str) -> None:
    # A name with no kind suffix, answering a request for a place.
    assert asked_names(text) == ["金鼎轩"]


def test_a_verdict_of_two_adverbs_is_no_part_of_the_name() -> None:
    assert asked_names("金鼎轩就很不错，评分4.6分。") == ["金鼎轩"]


def test_a_place_called_by_name_is_no_dish() -> None:
    values = slot_values("有一家叫金鼎轩的餐馆符合您的要求。", "a")
    assert "推荐菜" not in values


@pytest.mark.parametrize("visit", ["看看", "逛逛", "走走", "转转"])
def test_the_visit_said_before_the_place_is_no_part_of_its_name(visit: str) -> None:
    text = f"您可以去{visit}天坛公园，评分4.7分。"
    assert [v for _, s, v in said(text, "a") if s == "名称"] == ["天坛公园"]


def test_a_list_of_neighbours_that_starts_with_besides_holds_that_place_too() -> None:
    text = "除了北京饭店，还有北京王府井大饭店、北京华侨大厦和锦江之星(王府井店)。"
    got = nearby(text, ("周边酒店",))
    value = got["周边酒店"]
    for name in ("北京饭店", "北京王府井大饭店", "北京华侨大厦", "锦江之星(王府井店)"):
        assert name in value
    assert "除了" not in value  # the reply's words from the first name on, verbatim
    got = nearby("除了故宫，附近的景点还有景山公园、北海公园。", ("周边景点",))
    assert got["周边景点"].startswith("故宫") and got["周边景点"].endswith("北海公园")
    got = nearby("除了北京饭店以外，周边还有北京王府井大饭店和北京华侨大厦。", ("周边酒店",))
    assert got["周边酒店"].startswith("北京饭店") and "北京华侨大厦" in got["周边酒店"]


def test_neighbours_listed_after_besides_are_no_candidates() -> None:
    state = replay(
        [
            ("user", "帮我找一家评分4.5分以上的餐馆。"),
            ("assistant", "推荐您去金鼎轩。"),
            ("user", "它的周边有什么酒店？"),
            ("assistant", "除了北京饭店，还有北京王府井大饭店、北京华侨大厦。"),
        ]
    )
    current = {k: v.value for k, v in state.state.slots.items()}
    assert current["餐馆.名称"] == "金鼎轩"
    assert "北京饭店" in current["餐馆.周边酒店"]
    assert "酒店.名称" not in current


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("北京如家快捷酒店符合要求，每晚350元。", "350元"),
        ("推荐您住北京如家快捷酒店，350元一晚。", "350元"),
        ("这家酒店一晚上要420元。", "420元"),
    ],
)
def test_a_nights_price_is_the_hotels_price(text: str, price: str) -> None:
    assert slot_values(text, "a")["价格"] == price


@pytest.mark.parametrize("word", ["人均消费价格", "人均价格", "人均花费"])
def test_more_words_for_the_price_per_head(word: str) -> None:
    text = f"推荐您去{word}134元的利苑酒家（金宝店）用餐。"
    assert slot_values(text, "a")["人均消费"] == "134元"


def test_a_span_of_days_is_no_ride() -> None:
    values = slot_values("它家从周一至周日 10:00-22:00都营业。", "a")
    assert "出发地" not in values and "目的地" not in values
    assert values["营业时间"] == "周一至周日 10:00-22:00"
    # A ride between two places still has its two ends.
    values = slot_values("我想从故宫坐地铁到北京饭店。")
    assert values["出发地"] == "故宫" and values["目的地"] == "北京饭店"


def test_how_long_to_stay_asks_for_the_visits_length() -> None:
    assert asks("这个景点要玩多久？") == ["游玩时间"]
    assert reply("这个景点要玩多久？", "一般玩2小时 - 3小时。")["游玩时间"] == "2小时 - 3小时"


def test_booking_a_place_of_a_kind_buys_no_product() -> None:
    values = slot_values("我要订一家舒适型的酒店，要有叫醒服务。")
    assert "product" not in values
    assert values["酒店类型"] == "舒适型"
    # Buying still buys.
    assert slot_values("我想订一台小米平板。")["product"] == "小米平板"


def test_names_listed_after_a_colon_are_all_read() -> None:
    assert asked_names("有两个景点符合：颐和园和圆明园。") == ["颐和园", "圆明园"]


@pytest.mark.parametrize(
    "text",
    ["时间比较合适。", "那就这样吧。", "这个价格比较合适。", "要不您换个条件？", "环境评分4.6分。"],
)
def test_a_remark_in_a_reply_to_a_request_for_a_place_names_none(text: str) -> None:
    assert asked_names(text) == []


def test_learning_about_a_place_names_it() -> None:
    assert [v for _, s, v in said("我想了解一下北京饭店。") if s == "名称"] == ["北京饭店"]
    assert [v for _, s, v in said("给我介绍一下北京饭店吧。") if s == "名称"] == ["北京饭店"]


@pytest.mark.parametrize("text", ["打车从故宫回北京饭店。", "我想从故宫前往北京饭店，帮我叫车。"])
def test_a_taxi_ride_said_with_other_verbs_has_its_two_ends(text: str) -> None:
    got = {(e, s): v for e, s, v in said(text)}
    assert got[("出租", "出发地")] == "故宫"
    assert got[("出租", "目的地")] == "北京饭店"


def test_coming_back_names_no_end() -> None:
    values = slot_values("我要从北京饭店打车到故宫，然后再回来。")
    assert values["目的地"] == "故宫"


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("他家的招牌是烤鸭。", "烤鸭"),
        ("必点烤鸭和炸酱面。", "烤鸭和炸酱面"),
        ("烤鸭是他家的特色菜。", "烤鸭"),
        ("最有名的菜是烤鸭。", "烤鸭"),
        ("建议点烤鸭。", "烤鸭"),
        ("他家主打烤鸭。", "烤鸭"),
    ],
)
def test_the_dishes_a_place_is_known_for(text: str, dish: str) -> None:
    assert dishes(text, "a") == [dish]


@pytest.mark.parametrize("text", ["他家的特色是环境好。", "环境是他家的特色。", "最有名的是故宫。"])
def test_a_feature_or_a_place_called_famous_is_no_dish(text: str) -> None:
    assert dishes(text, "a") == []


def test_more_words_ask_for_the_dishes() -> None:
    assert asks("他家拿手菜是啥？") == ["推荐菜"]


@pytest.mark.parametrize("text", ["算了，还是吃烤鸭吧。", "我们改吃烤鸭吧。", "那换成吃烤鸭。"])
def test_a_dish_chosen_again_or_instead(text: str) -> None:
    assert dishes(text) == ["烤鸭"]


def test_going_back_to_an_earlier_dish_makes_it_current_again() -> None:
    state = replay(
        [
            ("user", "帮我找一家人均50-100元的餐馆，想吃烤鸭。"),
            ("assistant", "推荐您去便宜坊烤鸭店，人均88元。"),
            ("user", "我改主意了，想吃火锅。"),
            ("assistant", "那推荐您去海底捞火锅(王府井店)，人均130元。"),
            ("user", "算了，还是吃烤鸭吧。"),
        ]
    )
    assert state.state.slots["餐馆.推荐菜"].value == "烤鸭"


@pytest.mark.parametrize(
    "text", ["刚才那家金鼎轩人均多少？", "之前说的那个金鼎轩人均多少？", "上次那家金鼎轩人均多少？"]
)
def test_a_pointer_back_before_a_name_is_no_part_of_it(text: str) -> None:
    assert names(text) == ["金鼎轩"]


@pytest.mark.parametrize("text", ["还是去前面那家吧。", "就去刚才那个吧。"])
def test_a_pointer_back_names_no_place(text: str) -> None:
    assert names(text) == []


def test_more_words_for_a_places_phone_and_prices() -> None:
    # The CrossWOZ phone slot, not the generic one, takes "联系电话".
    assert reply("联系电话是多少啊？", "联系电话是88204686！") == {"电话": "88204686"}
    assert reply("房费多少？", "400元。") == {"价格": "400元"}
    assert reply("这个景点票钱多少？", "40元。") == {"门票": "40元"}


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("我想找300-400元一晚的酒店。", "300-400元"),
        ("每晚300到400元的酒店有吗？", "300到400元"),
        ("每晚500元以内就行。", "500元以内"),
    ],
)
def test_a_nights_price_may_be_a_range_or_a_bound(text: str, price: str) -> None:
    assert slot_values(text)["价格"] == price


# Found in review: sentences the round's new rules must not misread.
@pytest.mark.parametrize(
    "text",
    ["给你们推荐一个比较实惠的金鼎轩。", "我给你推荐一家口碑不错的金鼎轩。"],
)
def test_a_recommendation_with_a_remark_before_the_name_still_names_it(text: str) -> None:
    assert asked_names(text) == ["金鼎轩"]


@pytest.mark.parametrize(
    "text", ["不如试试他们家的烤鸭。", "要不试试他家的宫保鸡丁？", "您可以尝试一下他们的北京烤鸭。"]
)
def test_a_dish_of_the_place_offered_is_no_place(text: str) -> None:
    assert asked_names(text) == []


@pytest.mark.parametrize(
    "text",
    ["这几家里最好吃的是金鼎轩。", "他家主打的是性价比。", "他家的招牌是服务。", "建议您点外卖。"],
)
def test_what_a_place_is_known_for_besides_dishes_is_no_dish(text: str) -> None:
    assert dishes(text, "a") == []


@pytest.mark.parametrize(
    "text", ["我们还是吃完饭再去故宫吧。", "还是吃饱了再说吧。", "我改吃素了。"]
)
def test_a_meal_finished_or_a_diet_is_no_dish(text: str) -> None:
    assert dishes(text) == []


def test_a_name_that_holds_hui_is_not_cut_at_it() -> None:
    values = slot_values("从北京回民餐厅打车到故宫怎么走？")
    assert values["出发地"] == "北京回民餐厅" and values["目的地"] == "故宫"


def test_a_pointer_back_before_a_name_said_with_how_is_it() -> None:
    assert names("刚才那家金鼎轩怎么样？") == ["金鼎轩"]


def test_a_metro_stop_is_no_place_of_a_kind() -> None:
    assert names("您可以到西直门地铁站A口坐车。", "a") == []
    # A branch named after a stop is still a place.
    assert names("推荐您去美食城(梨园地铁站店)。", "a") == ["美食城(梨园地铁站店)"]


@pytest.mark.parametrize("text", ["那您看大董(工体店)怎么样？", "那你看金鼎轩行吗？"])
def test_a_place_offered_with_so_how_about_is_named(text: str) -> None:
    assert len(names(text, "a")) == 1


def test_the_next_offer_after_a_turn_down_gets_its_own_facts() -> None:
    state = replay(
        [
            ("user", "帮我找一家评分4.5分以上的餐馆。"),
            ("assistant", "推荐您去金鼎轩，人均150元。"),
            ("user", "这家太贵了，换一家吧。"),
            ("assistant", "那您看大董(工体店)怎么样？人均98元。"),
        ]
    )
    values = {k: v.value for k, v in state.state.slots.items()}
    assert values["餐馆.名称"] == "大董(工体店)"
    assert values["餐馆.人均消费"] == "98元"
    assert values["餐馆[金鼎轩].人均消费"] == "150元"


def test_so_how_about_a_time_is_no_place() -> None:
    assert names("那您看明天下午三点怎么样？", "a") == []
    assert names("那您看一下北京饭店怎么样？", "a") == ["北京饭店"]


def test_a_cheaper_one_offered_with_yes() -> None:
    state = replay(
        [
            ("user", "帮我找一家评分4.5分以上的酒店。"),
            ("assistant", "为您找到了北京丽晶酒店，评分4.7分，每晚1200元。"),
            ("user", "太贵了，还有便宜点的吗？"),
            ("assistant", "有的，如家精选酒店(北京王府井店)，每晚450元。"),
        ]
    )
    values = {k: v.value for k, v in state.state.slots.items()}
    assert values["酒店.名称"] == "如家精选酒店(北京王府井店)"
    assert values["酒店.价格"] == "450元"
    assert values["酒店[北京丽晶酒店].价格"] == "1200元"


def test_yes_to_what_is_near_still_lists_a_neighbour() -> None:
    state = replay(
        [
            ("user", "帮我找个景点。"),
            ("assistant", "推荐您去故宫。"),
            ("user", "附近有酒店吗？"),
            ("assistant", "有的，北京饭店。"),
        ]
    )
    values = {k: v.value for k, v in state.state.slots.items()}
    assert values["景点.周边酒店"] == "北京饭店"
    assert "酒店.名称" not in values


@pytest.mark.parametrize(
    "turns",
    [
        [
            ("user", "帮我找个景点。"),
            ("assistant", "推荐您去故宫。"),
            ("user", "附近有酒店吗？"),
            ("assistant", "有的，北京饭店，每晚800元。"),
        ],
        [
            ("user", "帮我找一家烤鸭店。"),
            ("assistant", "推荐您去全聚德(前门店)，人均200元。"),
            ("user", "附近有景点吗？"),
            ("assistant", "有的啊，天安门广场，免费。"),
        ],
    ],
)
def test_yes_to_what_is_near_with_a_fact_after_it_offers_no_place(
    turns: list[tuple[str, str]],
) -> None:
    state = replay(turns).state
    names_now = [v.value for k, v in state.slots.items() if k.endswith(".名称")]
    assert "北京饭店" not in names_now and "天安门广场" not in names_now
    # The neighbour is recorded as one, the fact after it no part of the list.
    near = [v.value for k, v in state.slots.items() if ".周边" in k]
    assert near in (["北京饭店"], ["天安门广场"])
