"""Chinese state slots read whole and kept apart: an address spaced out around its numbers, a
log level, a return date beside the departure, a cart a new build replaces, two people's
phones, and an option picked from a reply's list by its place or its day."""

from __future__ import annotations

import pytest
from _review_harness import Step, block, block_of, current_lines, section


def _current(text: str) -> str:
    return "\n".join(current_lines(text))


def _archived(text: str) -> str:
    return "\n".join(line for line in section(text, "state") if line.startswith(" "))


# ---------------------------------------------------------------- addresses with spaces


@pytest.mark.parametrize(
    ("said", "whole"),
    [
        (
            "地址改成 杭州市滨江区网商路 699 号 4 号楼，公司搬了。",
            "杭州市滨江区网商路 699 号 4 号楼",
        ),
        (
            "收货地址是 北京市朝阳区 建国路 8 号 SOHO 现代城 A 座 1201。",
            "建国路 8 号 SOHO 现代城 A 座 1201",
        ),
        ("地址改成 上海市徐汇区漕溪北路 88 号 3 楼 302 室，谢谢。", "漕溪北路 88 号 3 楼 302 室"),
        (
            "送货地址换成 南京市鼓楼区中山路 18 号 德基广场 B 座，放前台。",
            "中山路 18 号 德基广场 B 座",
        ),
        ("地址写 成都市武侯区天府大道北段 1700 号 2 栋。", "天府大道北段 1700 号 2 栋"),
        ("Change the address to 699 Wangshang Road, Building 4, Hangzhou.", "699 Wangshang Road"),
    ],
)
def test_spaced_address_is_whole(said: str, whole: str) -> None:
    reply = "OK." if said.isascii() else "好的。"
    go = "Go on." if said.isascii() else "继续。"
    assert whole in _current(block(said, reply, go))


@pytest.mark.parametrize(
    ("said", "kept", "cut"),
    [
        # What follows the address in its clause and is no part of a place stays out.
        ("地址改成 杭州市滨江区 明天再说。", "杭州市滨江区", "明天"),
        ("地址是 杭州市西湖区文三路 吧。", "杭州市西湖区文三路", "吧"),
        ("地址改成 杭州市滨江区网商路 699 号，电话 13800001111。", "网商路 699 号", "电话"),
    ],
)
def test_spaced_address_stops_where_the_place_does(said: str, kept: str, cut: str) -> None:
    state = "\n".join(
        line for line in current_lines(block(said, "好的。", "继续。")) if "地址" in line
    )
    assert kept in state and cut not in state


# ---------------------------------------------------------------- a log's level


@pytest.mark.parametrize(
    ("first", "then", "now", "was"),
    [
        (
            "新建 logback-spring.xml，日志级别 INFO。",
            "级别改成 WARN，INFO 太吵了。",
            "WARN",
            "INFO",
        ),
        ("日志级别设为 DEBUG。", "日志级别调成 ERROR 吧。", "ERROR", "DEBUG"),
        ("日志等级是 INFO。", "等级改为 TRACE，要排查问题。", "TRACE", "INFO"),
        (
            "Set the log level to INFO.",
            "Change the log level to WARN, INFO is too noisy.",
            "WARN",
            "INFO",
        ),
        (
            "The logging level should be DEBUG.",
            "Switch the logging level to ERROR.",
            "ERROR",
            "DEBUG",
        ),
    ],
)
def test_log_level_change_is_tracked(first: str, then: str, now: str, was: str) -> None:
    en = first.isascii()
    text = block(
        first,
        "OK." if en else "好的。",
        then,
        "OK." if en else "好的。",
        "Go on." if en else "继续。",
    )
    assert now in _current(text)
    assert was not in _current(text)


@pytest.mark.parametrize(
    "said",
    [
        "级别太高了，先别管。",
        "这是高级别的错误。",
        "级别 INFO 太吵。",  # a remark on the level, no setting
        "日志里全是 ERROR，怎么回事？",
        "INFO 日志太多了。",
    ],
)
def test_level_remarks_set_nothing(said: str) -> None:
    assert "级别" not in _current(block(said, "好的。", "继续。"))


# ---------------------------------------------------------------- a trip's two ends


@pytest.mark.parametrize(
    ("first", "then", "now", "kept"),
    [
        (
            "10月1日从北京出发，10月5日回。",
            "我妈说想多玩一天，回程改成10月6日。",
            "10月6日",
            "10月1日",
        ),
        ("9月29日出发，10月3日回来。", "返程日期改为10月4日吧。", "10月4日", "9月29日"),
        ("5月1日走，5月4日回。", "返程改到5月5日。", "5月5日", "5月1日"),
        ("10月1日出发，10月5日回。", "去程改到9月30日，早一天走。", "9月30日", "10月5日"),
    ],
)
def test_one_end_of_a_trip_changed_keeps_the_other(
    first: str, then: str, now: str, kept: str
) -> None:
    text = block(first, "好的。", then, "好的。", "继续。")
    assert now in _current(text)
    assert kept not in _archived(text)


def test_a_return_day_then_changed_archives_the_first_return_day() -> None:
    text = block("回程日期是10月5日。", "好的。", "回程改成10月6日。", "好的。", "继续。")
    assert "10月6日" in _current(text)
    assert "10月5日" in _archived(text)


@pytest.mark.parametrize(
    "said",
    [
        "查回程吧。回程也一样，别订红眼。",
        "回程航班要我一起查吗？",
        "回程改成最后一天。",  # no day said
    ],
)
def test_return_talk_without_a_day_sets_no_return_date(said: str) -> None:
    assert "回程" not in _current(block(said, "好的。", "继续。"))


def test_a_reply_listing_return_flights_sets_no_return_date() -> None:
    text = block(
        "查回程。",
        "回程：国航 CA4194 早上 8:20，1450 元；川航 3U8881 下午 16:40，1690 元。",
        "继续。",
    )
    assert "回程" not in _current(text)


@pytest.mark.parametrize(
    ("first", "then", "now"),
    [
        # The end of a range named stays the range's end, in both languages.
        ("我要请年假，5月6日到5月9日。", "结束日期改成5月8日。", "5月6日到5月8日"),
        (
            "The trip is April 14 to April 18.",
            "Change the end date to April 16.",
            "April 14 to April 16",
        ),
    ],
)
def test_the_end_of_a_range_stays_in_the_range(first: str, then: str, now: str) -> None:
    en = first.isascii()
    text = block(
        first,
        "OK." if en else "好的。",
        then,
        "OK." if en else "好的。",
        "Go on." if en else "继续。",
    )
    assert now in _current(text)


# ---------------------------------------------------------------- a new thing a tool made


def _made(first_call: Step, second_call: Step, zh: bool = True) -> str:
    return block_of(
        [
            ("u", "加一瓶酸梅汤。" if zh else "Add a plum drink."),
            first_call,
            ("a", "加好了。" if zh else "Done."),
            (
                "u",
                "换老盛昌吧，来两笼汤包。"
                if zh
                else "Switch to the other shop, two baskets of buns.",
            ),
            second_call,
            ("a", "好了。" if zh else "Done."),
            ("u", "下单。" if zh else "Place the order."),
        ]
    )


_UPDATE = ("call", "update_cart", {"cart_id": "CART-5510872", "add": "酸梅汤"}, {"total": 110.0})


@pytest.mark.parametrize(
    ("second", "zh"),
    [
        (
            (
                "call",
                "build_cart",
                {"shop_id": "SH-77120"},
                {"cart_id": "CART-5511403", "total": 59.0},
            ),
            True,
        ),
        (("call", "create_cart", {"shop_id": "SH-77120"}, {"cart_id": "CART-5511403"}), True),
        (("call", "new_cart", {"shop_id": "SH-77120"}, {"cart_id": "CART-5511403"}), False),
        (("call", "rebuild_cart", {"shop_id": "SH-77120"}, {"cart_id": "CART-5511403"}), False),
    ],
)
def test_a_new_cart_replaces_the_old_one(second: Step, zh: bool) -> None:
    text = _made(_UPDATE, second, zh)
    assert "CART-5511403" in _current(text)
    assert "CART-5510872" not in _current(text)


@pytest.mark.parametrize(
    "second",
    [
        # A tool that reads, or one that makes nothing new, leaves the cart the task holds.
        (
            "call",
            "get_cart",
            {"cart_id": "CART-5511403"},
            {"cart_id": "CART-5511403", "total": 59.0},
        ),
        ("call", "search_carts", {"user": "u1"}, {"cart_id": "CART-5511403"}),
        # A new thing of another key is no new cart.
        ("call", "create_coupon", {"shop_id": "SH-77120"}, {"coupon_id": "CPN-88812"}),
        # A value that is no id.
        ("call", "build_cart", {"shop_id": "SH-77120"}, {"cart_id": "pending"}),
    ],
)
def test_reads_and_other_things_keep_the_cart(second: Step) -> None:
    assert "CART-5510872" in _current(_made(_UPDATE, second))


def test_a_made_id_the_task_does_not_hold_stays_evidence() -> None:
    first = ("call", "add_note", {"text": "少冰"}, {"ok": True})
    second = ("call", "build_cart", {"shop_id": "SH-77120"}, {"cart_id": "CART-5511403"})
    text = _made(first, second)
    assert "CART-5511403" not in _current(text)
    assert "CART-5511403" in "\n".join(section(text, "evidence"))


# ---------------------------------------------------------------- two people's phones


@pytest.mark.parametrize(
    ("first", "then", "theirs", "mine"),
    [
        (
            "我妈手机 138****1234。",
            "短信提醒别发她手机了，她不会看，发我手机 139****5678。",
            "138****1234",
            "139****5678",
        ),
        ("我老婆的电话是 13812345678。", "我的手机是 13900001111。", "13812345678", "13900001111"),
        ("妈妈的手机号是 13700002222。", "我的电话是 13600003333。", "13700002222", "13600003333"),
        (
            "My mom's phone is 617-555-0100.",
            "Don't text her phone, she never reads it. Text my phone 617-555-0199.",
            "617-555-0100",
            "617-555-0199",
        ),
        (
            "My wife's email is ann@example.com.",
            "My email is bob@example.com.",
            "ann@example.com",
            "bob@example.com",
        ),
    ],
)
def test_two_peoples_contacts_are_both_current(
    first: str, then: str, theirs: str, mine: str
) -> None:
    en = first.isascii()
    text = block(
        first,
        "OK." if en else "好的。",
        then,
        "OK." if en else "好的。",
        "Go on." if en else "继续。",
    )
    assert theirs in _current(text) and mine in _current(text)
    assert not section(text, "conflicts")


@pytest.mark.parametrize(
    ("first", "then", "now", "was"),
    [
        # One person's number changed is still a change, whoever's it is.
        ("我妈手机 138****1234。", "我妈手机改成 139****5678。", "139****5678", "138****1234"),
        ("我妈的电话是 13812345678。", "妈妈电话改为 13900001111。", "13900001111", "13812345678"),
        ("手机 13812345678。", "手机改成 13900001111。", "13900001111", "13812345678"),
        (
            "My mom's phone is 617-555-0100.",
            "My mom's phone is now 617-555-0111.",
            "617-555-0111",
            "617-555-0100",
        ),
        (
            "My phone is 617-555-0100.",
            "Change my phone to 617-555-0111.",
            "617-555-0111",
            "617-555-0100",
        ),
    ],
)
def test_one_persons_new_number_replaces_theirs(first: str, then: str, now: str, was: str) -> None:
    en = first.isascii()
    text = block(
        first,
        "OK." if en else "好的。",
        then,
        "OK." if en else "好的。",
        "Go on." if en else "继续。",
    )
    assert now in _current(text)
    assert was not in _current(text)


# ---------------------------------------------------------------- an option picked from a list

_FLIGHTS = "有三班：CA4113 早上 7:30；3U8886 中午 12:15；HU7147 晚上 21:50。"


def _picked(said: str, reply: str = _FLIGHTS) -> str:
    return _current(
        block_of([("u", "查航班。"), ("a", reply), ("u", said), ("a", "好的。"), ("u", "继续。")])
    )


@pytest.mark.parametrize(
    ("said", "flight"),
    [
        ("那就第二个吧。", "3U8886"),
        ("第一班吧。", "CA4113"),
        ("最后一个。", "HU7147"),
        ("头一个就行。", "CA4113"),
        ("要中午那个。", "3U8886"),
        ("12:15那班吧。", "3U8886"),
        ("就订 3U8886 吧。", "3U8886"),
        ("那就3U8886吧。", "3U8886"),
    ],
)
def test_a_flight_picked_by_its_place_time_or_number(said: str, flight: str) -> None:
    assert f"={flight}" in _picked(said)


def test_flights_listed_with_commas_are_counted_too() -> None:
    reply = "为您查到两班：MU5101 08:00，CA1501 09:00。"
    assert "=CA1501" in _picked("第二个吧。", reply)


@pytest.mark.parametrize(
    "said",
    [
        "第二个问题是行李额多少？",  # a second question, no item
        "第二个太晚了，不要。",  # turned down
        "第四个吧。",  # past the list's end
        "第二个几点到？",  # asked about
        "3U8886 几点到？",
        "不要 3U8886。",
    ],
)
def test_no_flight_picked(said: str) -> None:
    assert "航班" not in _picked(said)


def test_one_flight_is_no_list() -> None:
    assert "航班" not in _picked("第二个吧。", "有一班：CA4113 早上 7:30。")


def test_an_english_pick_by_number_still_sets_the_flight() -> None:
    text = block_of(
        [
            ("u", "Find flights."),
            ("a", "Three options: CA4113 at 7:30; 3U8886 at 12:15; HU7147 at 21:50."),
            ("u", "I'll take 3U8886."),
            ("a", "OK."),
            ("u", "Go on."),
        ]
    )
    assert "3U8886" in _current(text)


_SLOTS = "有两个号：3月8日 09:30 和 3月11日 10:10。"


def _booked(*turns: str) -> str:
    steps: list[Step] = [("u", "挂李主任的号。"), ("a", _SLOTS)]
    for i, said in enumerate(turns):
        steps.append(("u" if i % 2 == 0 else "a", said))
    return _current(block_of(steps))


@pytest.mark.parametrize(
    ("turns", "now", "not_now"),
    [
        (
            (
                "要第一个吧。",
                "已约3月8日 09:30。",
                "哎呀8号她要去我姐家，改成11号那个吧。",
                "已改约到3月11日 10:10。",
                "那11号要空腹吗？",
            ),
            "3月11日 10:10",
            "3月8日",
        ),
        (("要第二个吧。", "好的。", "继续。"), "3月11日 10:10", "3月8日"),
        (("约8号那个。", "好的。", "继续。"), "3月8日 09:30", "3月11日"),
        (("要10:10那个吧。", "好的。", "继续。"), "3月11日 10:10", "3月8日"),
        (
            ("要第一个吧。", "好的。", "还是换成第二个吧。", "好的。", "继续。"),
            "3月11日 10:10",
            "3月8日",
        ),
    ],
)
def test_an_appointment_slot_picked_and_moved(
    turns: tuple[str, ...], now: str, not_now: str
) -> None:
    state = _booked(*turns)
    assert now in state and not_now not in state


@pytest.mark.parametrize(
    "said",
    [
        "12号那个有吗？",  # a day not listed
        "11号那个医生是谁？",  # asked about
        "8号那个不行，我没空。",  # turned down
    ],
)
def test_no_appointment_slot_picked(said: str) -> None:
    assert "日期" not in _booked(said, "好的。", "继续。")


def test_a_list_of_places_still_counts_places() -> None:
    # A numbered list of names is counted by the place pointers, as before.
    text = block_of(
        [
            ("u", "推荐几家烤鸭店。"),
            ("a", "为您推荐：1）全聚德，2）便宜坊，3）大董。"),
            ("u", "那就第二家吧。"),
            ("a", "好的。"),
            ("u", "继续。"),
        ]
    )
    assert "便宜坊" in _current(text)
