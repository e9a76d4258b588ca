"""Place names and dishes in more shapes the rule parser used to miss: a name the kind word
after it calls one ("X这个景点"), a name a place is called by ("一家餐馆叫X"), a name offered
with "推荐给您", after "请问" or as the one found ("只找到一个…的X，您看"), a "…人家"
restaurant; dishes after "想吃点", listed before "这几个菜" or given as examples of a
place's dishes, and a dish after the restaurant's name ("X餐厅吃Y")."""

from __future__ import annotations

from ._crosswoz import dishes, names, said


def test_a_name_the_kind_word_after_it_calls_one() -> None:
    assert ("景点", "名称", "青石沟生态农庄") in said("您不妨看看青石沟生态农庄这个景点。", "a")
    assert names("你听过老杨家涮肉坊这家餐馆吗？") == ["老杨家涮肉坊"]
    # A remark or a question before the kind word names nothing.
    assert names("看来这个酒店不太行，再换一家吧。") == []
    assert names("请问一下这家餐馆几点关门？") == []
    assert names("你知道不知道这个景点要门票吗？") == []


def test_the_name_a_place_is_called_by() -> None:
    assert names("我只查到一家餐馆叫福满楼酒家。", "a") == ["福满楼酒家"]
    assert names("倒是有一家挺合适的，叫松风阁饭庄，口碑不错。", "a") == ["松风阁饭庄"]
    # A metro station is no place the task is about.
    assert names("两个地方离得很近，都在一个站，叫东四地铁站B口。", "a") == []


def test_a_name_offered_to_the_user() -> None:
    assert names("推荐给您如意快捷酒店(望京店)，价格289元。", "a") == ["如意快捷酒店(望京店)"]
    assert names("推荐给您老街口涮肉评分4.6，菜品也齐全。", "a") == ["老街口涮肉"]


def test_a_name_asked_about_after_please() -> None:
    assert names("请问北京松林假日酒店是什么档次的？") == ["北京松林假日酒店"]


def test_the_one_place_found_with_its_facts_before_it() -> None:
    text = "条件放宽一些后，我找到一个人均消费是45元的南城香，您看可以吗？"
    assert names(text, "a") == ["南城香"]
    # "您的要求" is no place.
    assert names("找到一家评分4.5分的，符合您的要求，您看行吗？", "a") == []


def test_only_x_comes_close() -> None:
    text = "查了一下，只有西山森林公园最接近您的要求。"
    assert names(text, "a") == ["西山森林公园"]
    assert names("查询后只有北京宏兴饭庄(北苑店)贴近您的要求。", "a") == ["北京宏兴饭庄(北苑店)"]


def test_a_homely_restaurant_named_renjia() -> None:
    assert ("餐馆", "名称", "湘江人家") in said("合适的只有湘江人家了，评分是4.2分。", "a")


def test_a_verdict_is_no_part_of_a_name() -> None:
    assert names("好，那去香山是一个不错的选择。", "a") == ["香山"]


def test_what_the_place_has_is_no_neighbour_list() -> None:
    # "有X的餐馆是Y": the dish the place sought has; Y is the place, not a neighbour.
    text = "有酸汤鱼和米豆腐的餐馆是黔味小馆(朝阳店)，还有别的要求吗？"
    assert names(text, "a") == ["黔味小馆(朝阳店)"]


def test_a_dish_after_a_little() -> None:
    assert dishes("天这么冷，想吃点羊肉串，帮我找家评分高的餐馆。") == ["羊肉串"]
    assert dishes("我想吃点东西，附近有餐馆吗？") == []


def test_dishes_before_these_dishes_with_a_comma() -> None:
    text = "他家炒肝, 卤煮，这几个菜味道很正。"
    assert dishes(text, "a") == ["炒肝, 卤煮"]


def test_dishes_given_as_examples_of_a_place() -> None:
    text = "为您推荐松风阁饭庄，它家招牌菜不少，有酱肘子、干炸丸子等。"
    assert dishes(text, "a") == ["酱肘子、干炸丸子"]


def test_a_dish_after_the_restaurant_name() -> None:
    out = said("推荐您去翠园餐厅吃麻酱凉面，那里的面做得很好。", "a")
    assert ("餐馆", "名称", "翠园餐厅") in out
    assert ("餐馆", "推荐菜", "麻酱凉面") in out
