"""Values given in reply to an asked slot that the rule parser used to miss or cut: the stops
near a ride's two ends, an address asked with "在哪", addresses running past a mark, a shaped
value in words of its own, and "有没有" asked rather than denied."""

from __future__ import annotations

from ._crosswoz import END, START, asks, reply
from ._crosswoz import slot_values as said


def test_a_question_about_the_ride_asks_for_both_stops() -> None:
    assert asks("从青松公园坐地铁到白杨饭庄怎么走？")[-2:] == [START, END]
    assert asks("我该在哪里上下地铁呢？") == [START, END]
    assert asks("麻烦帮我查下它们附近的地铁站。") == [START, END]


def test_an_end_joined_to_a_stop_asks_for_its_stop_not_the_end() -> None:
    assert asks("请问起点和终点附近的地铁站分别是什么？") == [START, END]


def test_each_clause_answers_the_stop_of_the_end_it_names() -> None:
    got = reply(
        "请问出发地和目的地附近的地铁站是哪个？",
        "查到了，终点站为白杨街地铁站C1口，起点站是青松路地铁站B口。",
    )
    assert (got.get(START), got.get(END)) == ("青松路地铁站B口", "白杨街地铁站C1口")


def test_stops_pair_in_order_and_a_missing_one_takes_its_turn() -> None:
    got = reply("坐地铁过去怎么走？", "第一个地铁站是金桥地铁站，第二个地铁站是银湖地铁站D2口。")
    assert (got.get(START), got.get(END)) == ("金桥地铁站", "银湖地铁站D2口")
    got = reply(
        "坐地铁过去怎么走？",
        "很遗憾，出发的地方附近没有地铁站，到达的地方附近有地铁站红枫里地铁站A口。",
    )
    assert START not in got
    assert got.get(END) == "红枫里地铁站A口"


def test_a_stop_named_for_a_terminal_keeps_its_kind_word() -> None:
    assert said("目的地附近的地铁站是T3航站楼地铁站。", "a").get(END) == "T3航站楼地铁站"


def test_a_bracketed_label_is_no_name() -> None:
    got = said("(起点) 青松公园附近地铁站是松林地铁站A口。", "a")
    assert got.get("名称") != "(起点)"


def test_where_a_place_is_asks_for_its_address() -> None:
    assert asks("那家店在哪儿？") == ["地址"]
    assert "地址" not in asks("我应该在哪里下车比较方便？")
    assert "地址" not in asks("最近的地铁站在哪？")  # a stop has no address
    got = reply("它在哪？", "它位于北京市朝阳区青年路8号，附近还有几家小吃店。")
    assert got.get("地址") == "北京市朝阳区青年路8号"
    got = reply(
        "青松公园在哪，周边有酒店吗？", "青松公园在北京市丰台区南苑路21号，周边的酒店有甲乙宾馆。"
    )
    assert got.get("地址") == "北京市丰台区南苑路21号"


def test_an_address_runs_past_the_marks_that_end_other_values() -> None:
    assert said("地址是海淀区槐树胡同3、5号。", "a").get("地址") == "海淀区槐树胡同3、5号"
    assert said("地址是丰台区东村西南的石桥口。", "a").get("地址") == "丰台区东村西南的石桥口"
    assert said("地址是朝阳区光华路1号2层 2-05。", "a").get("地址") == "朝阳区光华路1号2层 2-05"
    got = said("地址是在西城区金融街9号，近复兴门地铁站。", "a").get("地址")
    assert got == "西城区金融街9号，近复兴门地铁站"
    # A user's wish ends at the area: what follows "的" is what is sought.
    assert said("帮我找个地址在东城区的酒店").get("地址") == "东城区"


def test_a_colon_labels_a_shaped_value_said_in_words() -> None:
    got = said("营业时间：早上9点--晚上10点；电话：010-12345678。", "a")
    assert got.get("营业时间") == "早上9点--晚上10点"


def test_the_one_value_of_the_asked_shape_answers_past_a_slipped_slot_word() -> None:
    got = reply("这家店的营业时间是什么时候？", "营业的时间是周二 至 周日 10:00-20:00。")
    assert got.get("营业时间") == "周二 至 周日 10:00-20:00"


def test_you_mei_you_asks_for_a_value_rather_than_denying_it() -> None:
    assert said("那边有没有门票价格30元以下的景点？").get("门票") == "30元以下"
    assert "门票" not in said("附近没有门票价格30元以下的景点。")
