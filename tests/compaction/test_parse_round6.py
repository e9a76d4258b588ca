"""Values the rule parser used to miss in replies: a nearby list after a count or a look-at
cue, the nearby kind asked by what one does there or after a question word, stops given in
"、"-parted clauses or led by a ride's end word, addresses with a landmark after a comma,
an answer followed by an offer of more help, and opening hours with no digit or in pieces of
one shape."""

from __future__ import annotations

from ._crosswoz import END, START, asks, reply


def test_a_counted_nearby_kind_lists_after_the_comma() -> None:
    got = reply("它的电话是多少？", "电话是62345678，周边有两个景点，白杨湖、红叶山庄。")
    assert got.get("周边景点") == "白杨湖、红叶山庄"


def test_the_places_to_look_at_answer_an_asked_nearby_kind() -> None:
    got = reply("那附近有什么餐馆吗？", "您可以看看甲乙面馆和丙丁小厨。")
    assert got.get("周边餐馆") == "甲乙面馆和丙丁小厨"


def test_dining_handy_nearby_asks_for_the_restaurants() -> None:
    assert asks("那边周围就餐方便吗？") == ["周边餐馆"]
    got = reply("那边周围就餐方便吗？", "挺方便的，周边有甲乙面馆、丙丁小厨。")
    assert got.get("周边餐馆") == "甲乙面馆、丙丁小厨"


def test_a_question_word_lets_more_words_stand_before_the_kind() -> None:
    assert asks("附近还有什么别的好一点的景点吗？") == ["周边景点"]
    # Without a question word the wider gap is a search, not a question about the list.
    assert asks("附近有能吃到红烧肉这道菜的餐馆吗？") == []


def test_i_want_to_know_asks() -> None:
    assert asks("我想要知道周边景点和周边餐馆。") == ["周边景点", "周边餐馆"]


def test_stops_in_clauses_parted_by_a_list_mark() -> None:
    got = reply(
        "我要坐地铁从青松宾馆到白杨饭庄，告诉我两地附近的地铁站。",
        "青松宾馆地铁站是松林地铁站、白杨饭庄地铁站是杨树地铁站B口。",
    )
    assert (got.get(START), got.get(END)) == ("松林地铁站", "杨树地铁站B口")


def test_a_ride_end_word_leading_a_stop_gives_that_ends_stop() -> None:
    got = reply("从青松宾馆坐地铁到白杨饭庄怎么坐？", "起点在松林地铁站A2口；终点在杨树地铁站C口。")
    assert (got.get(START), got.get(END)) == ("松林地铁站A2口", "杨树地铁站C口")
    assert "出发地" not in got and "目的地" not in got


def test_an_address_keeps_the_landmark_beside_it_and_what_it_was() -> None:
    got = reply("它在哪？", "地址是北京市丰台区青松路，丰台区图书馆旁。")
    assert got.get("地址") == "北京市丰台区青松路，丰台区图书馆旁"
    got = reply("它的地址是什么？", "地址是白杨街与红叶路交叉口，原青松电影院。")
    assert got.get("地址") == "白杨街与红叶路交叉口，原青松电影院"
    got = reply("它的地址是什么？", "地址是白杨街8号，原来的店已经搬走了。")
    assert got.get("地址") == "白杨街8号"


def test_an_offer_of_more_help_is_no_part_of_the_answer() -> None:
    got = reply("那它的具体地址呢？", "北京市海淀区青松路18号，还需要其他信息么?")
    assert got.get("地址") == "北京市海淀区青松路18号"


def test_hours_open_all_day_have_no_digit() -> None:
    got = reply("它几点营业？地址在哪？", "营业时间是周一至周日 全天，地址在白杨路6号。")
    assert got.get("营业时间") == "周一至周日 全天"
    assert "电话" not in reply("电话是多少？", "电话是全天都能打通的。")


def test_labelled_hours_run_on_over_pieces_of_one_shape() -> None:
    got = reply("它的营业时间呢？", "营业时间:11:00—14:30,17:00—21:30，欢迎光临。")
    assert got.get("营业时间") == "11:00—14:30,17:00—21:30"


def test_a_remark_on_the_slot_may_stand_before_its_amount() -> None:
    got = reply("这家酒店的价格是多少？", "价格确实有一点贵哦，是688元。")
    assert got.get("价格") == "688元"
    got = reply("好的。", "它的游玩时间比较短，只要1小时 - 2小时。")
    assert got.get("游玩时间") == "1小时 - 2小时"
    # A remark naming another slot leaves the amount to that slot.
    got = reply("它评分怎么样？", "青松语言大学评分非常高，为5分。")
    assert got.get("评分") == "5分" and "language" not in got


def test_a_request_runs_on_to_the_end_of_its_sentence() -> None:
    assert asks("请帮我查一下青松餐厅，这家店的人均消费，多谢！") == ["人均消费"]
    got = reply("请帮我查一下青松餐厅，这家店的人均消费，多谢！", "是96元。")
    assert got.get("人均消费") == "96元"
    # A clause with an amount states a wish, not a question.
    assert "人均消费" not in asks("帮我查一下评分4分以上的餐馆，人均消费50-100元。")
    # A clause of the user's own plans after the request asks nothing.
    assert "价格" not in asks("告诉我电话，我问一下包间的价格，再看看周边。")
