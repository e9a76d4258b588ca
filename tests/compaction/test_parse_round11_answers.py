"""Round 11: replies that answer a slot the user asked without naming it, and questions that ask
a slot without its word."""

from __future__ import annotations

import pytest

from ._crosswoz import END, START, asks, reply


def test_what_a_visit_takes_is_its_length() -> None:
    assert reply("这个景点要玩多久？", "大概需要2小时 - 3小时。") == {"游玩时间": "2小时 - 3小时"}
    assert reply("这个景点要玩多久？", "需要1小时 - 2小时左右。") == {
        "游玩时间": "1小时 - 2小时左右"
    }
    assert reply("这家酒店多少钱一晚？", "要598元") == {"价格": "598元"}


def test_a_reply_that_does_not_know_gives_no_value() -> None:
    assert reply("这个景点要玩多久？", "这个我不太清楚，您需要我查一下吗？") == {}
    assert reply("这个景点要玩多久？", "我不知道哦") == {}
    assert reply("这是什么类型的酒店？", "不太清楚") == {}
    assert reply("这家酒店多少钱一晚？", "这个不清楚，建议您打电话问问。") == {}


def test_a_judgement_alone_is_no_amount() -> None:
    assert reply("吃一顿大概多少钱？", "不贵的") == {}
    assert reply("吃一顿大概多少钱？", "大概80块") == {"人均消费": "大概80块"}


def test_what_was_done_for_the_user_is_no_value() -> None:
    assert reply("打车的话是什么车？", "已经帮您叫好车了") == {}
    assert reply("打车的话是什么车？", "已经帮您叫好车了，是一辆白色丰田") == {
        "车型": "一辆白色丰田"
    }


def test_yes_before_the_amount_is_no_part_of_it() -> None:
    assert reply("要买票吗？", "需要，40元一张") == {"门票": "40元一张"}


def test_the_clause_with_an_amount_answers_the_slot_left() -> None:
    q = "这景点的评分怎么样？能游玩多长时间呢？"
    assert reply(q, "评分是4.3分，可游玩3个小时！") == {"评分": "4.3分", "游玩时间": "3个小时"}
    # A remark after the other slot's value answers nothing.
    assert reply(q, "评分是4.3分，您可以去看看") == {"评分": "4.3分"}
    assert reply(q, "评分是4.3分，还不错！") == {"评分": "4.3分"}


def test_questions_that_ask_a_slot_without_its_word() -> None:
    assert asks("这个景点几点开门？") == ["营业时间"]
    assert asks("它家一般都什么时间营业呀？") == ["营业时间"]
    assert asks("逛一圈要多久？") == ["游玩时间"]
    assert asks("去那里需要多长时间游玩？") == ["游玩时间"]
    assert asks("这家酒店多少钱一晚？") == ["价格"]
    assert asks("进去要收费吗？") == ["门票"]
    assert asks("怎么联系他们？") == ["电话"]
    assert asks("它家有什么好吃的？") == ["推荐菜"]
    assert asks("这家店评价怎么样？") == ["评分"]
    assert asks("吃一顿大概多少钱？") == ["人均消费"]
    assert asks("这家酒店属于什么类型啊？") == ["酒店类型"]
    assert asks("打车的话是什么车？") == ["车型"]


def test_look_alike_questions_ask_no_such_slot() -> None:
    assert asks("附近有什么好吃的？") == ["周边餐馆"]
    assert asks("停车收费吗？") == []
    assert asks("我坐什么车去比较好？") == []
    assert asks("什么类型的车都可以") == []
    assert asks("打车要多久能到？") == []


def test_a_reply_to_a_phrased_question_is_bound() -> None:
    assert reply("这个景点几点开门？", "周一至周日 09:00-17:00") == {
        "营业时间": "周一至周日 09:00-17:00"
    }
    assert reply("这家店评价怎么样？", "4.7分，很受欢迎") == {"评分": "4.7分"}
    assert reply("它家有什么好吃的？", "烤鸭、炸酱面都不错") == {"推荐菜": "烤鸭、炸酱面"}
    assert reply("这家酒店多少钱一晚？", "498元") == {"价格": "498元"}


def test_where_to_get_on_or_off_asks_one_stop() -> None:
    assert asks("从故宫坐地铁去798艺术区的话在哪下车？")[-1:] == [END]
    assert END not in asks("从故宫坐地铁去798艺术区，在哪上车？")
    assert asks("从故宫坐地铁去798艺术区，在哪上车？")[-1:] == [START]
    # Both, with one question word: "哪个站上车下车", "上下地铁".
    assert asks("我应该在地铁的哪个站上车下车呢？")[-2:] == [START, END]
    q = "从故宫坐地铁去798艺术区的话在哪下车？"
    assert reply(q, "望京南地铁站C口") == {END: "望京南地铁站C口"}


def test_the_stop_got_off_at_is_the_ends() -> None:
    q = "从故宫坐地铁去798艺术区，地铁怎么坐？"
    assert reply(q, "坐到望京南地铁站C口下车") == {END: "望京南地铁站C口"}
    assert reply(q, "在天安门东地铁站上车就行") == {START: "天安门东地铁站"}
    assert reply(q, "在望京南地铁站下车就到了") == {END: "望京南地铁站"}


def test_an_amount_slot_takes_only_a_piece_with_an_amount() -> None:
    q = "这个景点要玩多久？"
    assert reply(q, "它位于北京市东城区") == {}
    assert reply(q, "周一闭馆") == {}
    assert reply(q, "建议您早点去，人比较多") == {}
    assert reply(q, "大概半天吧。") == {"游玩时间": "大概半天"}


def test_getting_on_is_no_answer_to_where_to_get_off() -> None:
    assert reply("坐地铁的话在哪下车？", "西单地铁站上车") == {}


def test_more_questions_that_ask_a_slot_without_its_word() -> None:
    assert asks("开门时间是几点？") == ["营业时间"]
    assert asks("他家几点钟关门？") == ["营业时间"]
    assert asks("这个景点免费吗？") == ["门票"]
    assert asks("入场费多少？") == ["门票"]
    assert asks("一间房多少钱？") == ["价格"]
    assert asks("必点的菜有哪些？") == ["推荐菜"]
    assert asks("这家店多少分？") == ["评分"]
    assert asks("这家酒店什么级别的？") == ["酒店类型"]
    assert asks("一个人的话大概多少钱？") == ["人均消费"]
    # A free car park or a walk's minutes ask for no ticket or rating.
    assert asks("停车免费吗？") == []
    assert asks("走过去要几分钟？") == []


def test_remarks_questions_back_and_distances_are_no_answer() -> None:
    q = "它家有什么好吃的？"
    assert reply(q, "他家环境不错，服务也好") == {}
    assert reply(q, "您想吃辣的还是不辣的？") == {}
    assert reply(q, "宫保鸡丁和水煮鱼") == {"推荐菜": "宫保鸡丁和水煮鱼"}
    assert reply("打车的话是什么车？", "车马上就到") == {}
    assert reply("这家店在哪儿？", "离这儿不远，走路5分钟") == {}
    assert reply("这家店在哪儿？", "北京市西城区西单北大街120号") == {
        "地址": "北京市西城区西单北大街120号"
    }


def test_an_address_by_the_landmark_it_is_near() -> None:
    got = reply("这家店在哪儿？", "就在八达岭(近八达岭长城)")
    assert got.get("地址") == "八达岭(近八达岭长城)"
    assert reply("这家店在哪儿？", "地铁在知春里地铁站B口") == {}


# Found in review.
@pytest.mark.parametrize(
    ("question", "answer", "slot", "value"),
    [
        ("这个景点要玩多久？", "半个小时就够了。", "游玩时间", "半个小时就够"),
        ("人均多少钱？", "一百块钱左右。", "人均消费", "一百块钱左右"),
        ("门票多少钱？", "不收费的。", "门票", "不收费的"),
        ("这个景点要玩多久？", "大概3小时，不知道您带不带孩子。", "游玩时间", "大概3小时"),
        (
            "它家地址在哪？",
            "北京市东城区王府井大街88号(近地铁站步行5分钟)。",
            "地址",
            "北京市东城区王府井大街88号(近地铁站步行5分钟)",
        ),
    ],
)
def test_an_answer_without_digits_or_with_a_note_is_read(
    question: str, answer: str, slot: str, value: str
) -> None:
    assert reply(question, answer)[slot] == value


@pytest.mark.parametrize(
    "question", ["北京饭店的停车场收费吗？", "故宫是什么级别的景区？", "去故宫一个人大概多少钱？"]
)
def test_a_question_about_something_else_asks_no_place_slot(question: str) -> None:
    assert asks(question) == []
