"""Place names and dishes in shapes the rule parser used to miss: a name with a joiner or a
generic slot word inside it, names praised or picked ("X我喜欢", "X是个不错的选择"), and
dishes asked about ("哪家餐馆有X", "谁家的X好吃")."""

from __future__ import annotations

from ._crosswoz import names, said


def test_a_branch_may_hold_a_joiner() -> None:
    assert ("餐馆", "名称", "老街坊涮肉(和义店)") in said("推荐您去老街坊涮肉(和义店)。", "a")
    assert names("行，老街坊涮肉(和义店)的周边有啥景点？") == ["老街坊涮肉(和义店)"]


def test_a_name_may_hold_the_word_of_a_slot_no_place_has() -> None:
    # "语言" names a generic slot; no CrossWOZ place has it.
    assert ("景点", "名称", "北京外国语言大学") in said("建议您去北京外国语言大学转一转。", "a")


def test_a_name_ending_in_its_suffix_may_end_in_jia() -> None:
    assert ("餐馆", "名称", "福满楼酒家") in said("推荐您去人均60元的福满楼酒家用餐。", "a")


def test_a_name_before_a_pronoun_home() -> None:
    assert names("帮我查一下东方明珠大酒店他家的价格是多少") == ["东方明珠大酒店"]


def test_the_pick_from_a_list_is_the_name() -> None:
    offer = "红枫饭庄(中关村店)，金鼎川菜馆(望京店)和蓝湾海鲜酒楼(国贸店)我觉得都不错。"
    assert names(offer, "a")[-1] == "蓝湾海鲜酒楼(国贸店)"
    assert names("蓝湾海鲜酒楼(国贸店)我喜欢，帮我查一下它家的推荐菜") == ["蓝湾海鲜酒楼(国贸店)"]
    assert names("感觉红枫饭庄(中关村店)应该不错，它的地址是？") == ["红枫饭庄(中关村店)"]


def test_names_praised_by_the_assistant() -> None:
    assert names("松鹤公园是个非常不错的景点，很适合你。", "a") == ["松鹤公园"]
    assert names("我觉得北京云景饭店非常不错，推荐给你。", "a") == ["北京云景饭店"]
    assert names("那你的首选就是自然博物馆了。", "a") == ["自然博物馆"]
    assert names("那就只有红星大戏院最符合你的要求了。", "a") == ["红星大戏院"]
    assert names("只有山水农家院能差不多满足你的要求。", "a") == ["山水农家院"]
    assert names("个人感觉\t如意酒店(东四店)还是不错的。", "a") == ["如意酒店(东四店)"]


def test_a_place_one_wants_to_go_to() -> None:
    assert names("我一直都想去红叶岭游玩，它的地址是？") == ["红叶岭"]
    assert names("接下来我朋友要去红叶岭看看") == ["红叶岭"]
    assert names("我不想去红叶岭了") == []
    assert names("我不想去松鹤公园了") == []
    assert names("要不要去松鹤公园转转？", "a") == ["松鹤公园"]


def test_dishes_asked_about() -> None:
    dish = ("餐馆", "推荐菜")
    cases = {
        "哪家餐馆有酱爆鸡丁，人均50元以内的？": "酱爆鸡丁",
        "刚才那几家里，谁家的酸辣粉好吃？": "酸辣粉",
        "帮我找个评分4分以上，红烧肉做得好的餐馆吧。": "红烧肉",
        "最好是有蟹黄包可以吃。": "蟹黄包",
        "我想吃的菜有：葱油拌面、糖醋里脊，哪家有？": "葱油拌面、糖醋里脊",
        "孩子馋糖葫芦了，帮我找个餐馆。": "糖葫芦",
        "我想带爸妈吃涮羊肉，帮我找个餐馆。": "涮羊肉",
        "我想吃的菜是椒盐排条。": "椒盐排条",
    }
    for text, value in cases.items():
        assert (*dish, value) in said(text), text
    assert (*dish, "酱牛肉") in said("没有呢，推荐您吃老街坊涮肉家的酱牛肉。", "a")
    # "馋嘴…" begins a dish's own name: no verb there.
    assert all(v != "嘴鸭" for _, _, v in said("听说馋嘴鸭很好吃，帮我找个餐馆。"))
