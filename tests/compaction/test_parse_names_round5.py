"""Place names and dishes in shapes the rule parser used to miss: names holding an option word
or a joiner, names after a remark's cue ("听说X挺好玩"), kinds of place named by their own
words (岛, 农场, 大厦), one place recommended without "去", and dishes given without a slot
word ("找一家有X，人均…", "这里的X很好吃")."""

from __future__ import annotations

from ._crosswoz import dishes, names, said


def test_a_name_may_hold_an_option_word() -> None:
    # "温泉" is a hotel facility; the name has its own words beside it.
    assert names("北京松涛温泉酒店和东城宾馆都不错。", "a") == ["北京松涛温泉酒店", "东城宾馆"]
    assert names("帮我找一家豪华型酒店。") == []


def test_a_branch_is_no_description() -> None:
    assert names("阿福小厨(后沙店)很不错呢！人均40元。", "a") == ["阿福小厨(后沙店)"]


def test_names_after_a_remark() -> None:
    assert names("一直听说青龙峡谷挺好玩的，要门票吗？") == ["青龙峡谷"]
    assert names("我同事说顺心旅馆连锁(东坝店)挺好的，它的电话是？") == ["顺心旅馆连锁(东坝店)"]
    assert names("我认为北京松涛酒店很适合您。", "a") == ["北京松涛酒店"]
    assert names("我看北京松涛宾馆就很适合你们住。", "a") == ["北京松涛宾馆"]
    assert names("麻烦帮我看看北京松涛宾馆的价格。") == ["北京松涛宾馆"]


def test_a_place_to_go_to_then_a_visit() -> None:
    assert names("要不带孩子到北京自然博物馆去逛逛？", "a") == ["北京自然博物馆"]


def test_kinds_of_place_by_their_own_words() -> None:
    assert ("景点", "名称", "青山农场") in said("那就是青山农场，很适合带孩子。", "a")
    assert ("景点", "名称", "鸳鸯岛") in said("鸳鸯岛吧。", "a")
    assert ("景点", "名称", "北京星光蜡像馆") in said("推荐您去北京星光蜡像馆。", "a")
    assert ("酒店", "名称", "北京金桥大厦") in said("我建议你们住北京金桥大厦。", "a")
    assert names("云门艺术区名字听着真特别，它周边有什么？") == ["云门艺术区"]


def test_an_ordinal_is_part_of_a_name() -> None:
    assert names("为您推荐天下第一家烤肉(东坝店)。", "a") == ["天下第一家烤肉(东坝店)"]


def test_a_place_called_so() -> None:
    assert names("我知道一个叫老马家(东四店)的餐馆，很有特色。", "a") == ["老马家(东四店)"]


def test_a_list_joined_by_yiji() -> None:
    offer = "北京松涛宾馆，北京云山饭店以及北京东园会馆都是很好的选择。"
    assert names(offer, "a")[-1] == "北京东园会馆"
    assert "北京云山饭店以及北京东园会馆" not in names(offer, "a")


def test_a_joiner_after_one_character_is_the_names_own() -> None:
    assert names("但我推荐祥和小厨(望京店)，人均50元。", "a") == ["祥和小厨(望京店)"]


def test_one_place_recommended_without_go() -> None:
    assert names("那必须得去草原人家蒙古包美食了。", "a") == ["草原人家蒙古包美食"]
    assert names("推荐老北京大碗面，人均30元。", "a") == ["老北京大碗面"]
    assert names("推荐度很高，您可以去看看。", "a") == []


def test_a_particle_ends_no_name() -> None:
    assert names("那就去老王家吧。") == []


def test_two_characters_before_a_restaurant_word() -> None:
    assert names("带孩子就去大众口味的餐厅，比如翠竹餐厅。", "a") == ["翠竹餐厅"]
    assert names("比如川菜餐厅，都挺好吃。", "a") == []


def test_a_discourse_opener_is_no_part_of_a_name() -> None:
    assert names("相比之下老李炸酱面(西单店)我觉得更适合您。", "a") == ["老李炸酱面(西单店)"]


def test_a_dish_first_among_the_criteria() -> None:
    assert dishes("请帮我找一家有红豆饼，人均消费是50-100元的餐馆。") == ["红豆饼"]
    assert dishes("这些餐馆哪家有芝麻烧饼并且人均消费是100元以内？") == ["芝麻烧饼"]


def test_a_dish_the_place_is_praised_for() -> None:
    assert dishes("我听说这里的烤羊排很好吃。") == ["烤羊排"]
    assert dishes("建议您去老李家，它家的酸菜鱼超级好吃。", "a") == ["酸菜鱼"]
    assert dishes("您可以去他家品尝特色烤鸭、干炸丸子。", "a") == ["特色烤鸭、干炸丸子"]


def test_a_dish_to_treat_someone_to() -> None:
    assert dishes("周末我要请客户吃清蒸鲈鱼，帮我找家人均200元的餐馆。") == ["清蒸鲈鱼"]


def test_a_meal_is_no_dish() -> None:
    assert dishes("今天我想吃顿好的。") == []


def test_a_dish_may_start_with_you() -> None:
    # "有机" (organic) is the dish's own word, not the verb "有".
    assert dishes("我想找家餐馆吃有机菠菜这道菜。") == ["有机菠菜"]


def test_dishes_the_words_after_them_call_these() -> None:
    # "这些菜" names the list before it, as "这两道菜" does.
    got = dishes("不过青松小馆有糖醋里脊和干炸丸子这些菜，您看行吗？", "a")
    assert got == ["糖醋里脊和干炸丸子"]
