"""Chinese slot changes of review round 6, by their wording:

- a value moved to, then a demonstrative pointing back at the option it names ("改到16:30那个"):
  the value without the demonstrative;
- a thing changed with an adverb between it and the verb ("租期也改成两年"): the thing still
  names the slot;
- where a parcel goes ("寄到家里吧，福田区景田北路 88 号"): the address after the verb, spaces
  around its numbers included, replaces the address held; a prohibition, a question or a day
  is no address;
- a code-like value settled on after all ("还是学自动挡C2吧"): a change, its slot found by the
  value's shape (the held value of the same shape, else none named); "还是" joining two
  options ("C1还是C2"), a question or a refusal settles on nothing.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, state_text

from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.slots import UNSPECIFIED
from ctxengine.messages import Message


def _updates(text: str) -> list[tuple[str, str | None]]:
    return [(u.slot, u.value) for u in parse_message(Message.user(text), turn=1).updates]


def _revised(text: str) -> list[str]:
    return [r.new for r in parse_message(Message.user(text), turn=1).revisions if r.new]


# ---------------------------------------------------------------- a pointer after the value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("时间改一下，14点我要开会，改到16:30那个。", "16:30"),
        ("那就改到周三那班吧。", "周三"),
        ("改到15:45那一个。", "15:45"),
        ("还是改到周五那天吧。", "周五"),
        ("改到下午那场。", "下午"),
        ("那就改到3号那趟。", "3号"),
        ("改到10:30这个。", "10:30"),
        ("那就改到周日那次吧。", "周日"),
        # "的" between the value and its pointer belongs to the pointer.
        ("改到16:30的那个吧。", "16:30"),
        ("改到周五的那天。", "周五"),
    ],
)
def test_pointer_after_moved_value_is_dropped(text: str, value: str) -> None:
    assert value in _revised(text)
    assert not any(("那" in v or "这" in v) for v in _revised(text))


@pytest.mark.parametrize(
    "text",
    [
        "改到那个吧。",  # a pointer alone: no value said
        "改到这个。",
    ],
)
def test_pointer_alone_is_no_value(text: str) -> None:
    assert all(v in ("那个", "这个") for v in _revised(text))


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("约14:00的。", "时间改一下，14点我要开会，改到16:30那个。", "16:30", "14:00"),
        ("约14:00的。", "改到15:30那个吧。", "15:30", "14:00"),
        ("约周一的。", "还是改到周三那天吧。", "周三", "周一"),
    ],
)
def test_moved_value_is_current_without_pointer(
    first: str, change: str, new: str, old: str
) -> None:
    current = current_text(block(first, "好的。", change, "好的。", "继续。"))
    assert new in current
    assert "那个" not in current and "那天" not in current
    assert old not in current


# ---------------------------------------------------------------- an adverb before the verb


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("租期也改成两年。", "租期", "两年"),
        ("押金都改为三个月。", "押金", "三个月"),
        ("房型也换成大床房。", "房型", "大床房"),
        ("付款周期就改成季付。", "付款周期", "季付"),
        ("包装也要换成礼盒装。", "包装", "礼盒装"),
        ("座位又换成靠窗。", "座位", "靠窗"),
        ("会议室再换成5楼大会议室。", "会议室", "5楼大会议室"),
        ("套餐也要换成年卡。", "套餐", "年卡"),
    ],
)
def test_adverb_between_thing_and_verb(text: str, slot: str, value: str) -> None:
    assert (slot, value) in _updates(text)


@pytest.mark.parametrize(
    "text",
    [
        "我也改成两年。",  # who changes it, no thing
        "他们也换成大床房。",
        "那就换成大床房吧。",
        "还是换成中通吧。",
        "别也改成两年。",
        "房型也换成什么好？",
        "你就改成这样。",
        "也改成两年吧。",
    ],
)
def test_adverb_without_a_thing_names_no_slot(text: str) -> None:
    slots = [s for s, _ in _updates(text)]
    assert not any(s in ("我", "他们", "你", "也", "那") for s in slots)
    assert not any(v and ("什么" in v or "这样" in v) for _, v in _updates(text))


def test_lease_term_changed_with_adverb_is_current() -> None:
    text = block("租期一年。", "好的。", "押金也改成三个月。", "好的。", "继续。")
    assert "三个月" in current_text(text)


# ---------------------------------------------------------------- where a parcel goes


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("寄到福田区景田北路 88 号。", "福田区景田北路 88 号"),
        ("新卡还是别寄公司了，寄到家里吧，福田区景田北路 88 号。", "福田区景田北路 88 号"),
        ("送到朝阳区建国路8号SOHO现代城A座1201。", "朝阳区建国路8号SOHO现代城A座1201"),
        ("寄到公司，海淀区中关村大街27号。", "海淀区中关村大街27号"),
        ("改寄到：浦东新区世纪大道100号。", "浦东新区世纪大道100号"),
        ("快递到杭州市西湖区文三路 398 号吧。", "杭州市西湖区文三路 398 号"),
        ("发到南山区科技园科苑路 15 号 A 座 9 楼，谢谢。", "南山区科技园科苑路 15 号 A 座 9 楼"),
        ("配送到天河区体育西路 103 号。", "天河区体育西路 103 号"),
    ],
)
def test_address_after_where_it_goes(text: str, address: str) -> None:
    assert ("address", address) in _updates(text)


@pytest.mark.parametrize(
    "text",
    [
        "别寄到福田区景田北路 88 号。",  # a prohibition
        "不要送到朝阳区建国路8号。",
        "不用寄到公司，海淀区中关村大街27号。",
        "能寄到福田区景田北路 88 号吗？",  # a question
        "寄到家里吧，明天10号到。",  # a day, no address
        "送到3号楼。",  # no place's word
        "发到我邮箱吧。",
        "快递到了吗？",
    ],
)
def test_no_address_where_it_goes(text: str) -> None:
    assert not any(s == "address" for s, _ in _updates(text))


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        (
            "新卡寄到公司，地址是深圳南山区科技园科苑路 15 号 A 座 9 楼。",
            "新卡还是别寄公司了，寄到家里吧，福田区景田北路 88 号。",
            "景田北路",
            "科苑路",
        ),
        (
            "收货地址是朝阳区建国路8号。",
            "还是寄到海淀区中关村大街27号吧。",
            "中关村大街",
            "建国路",
        ),
        (
            "地址是杭州市西湖区文三路 398 号。",
            "改送到：浦东新区世纪大道100号。",
            "世纪大道",
            "文三路",
        ),
    ],
)
def test_address_moved_replaces_the_held_one(first: str, change: str, new: str, old: str) -> None:
    text = block(first, "好的。", change, "好的。", "继续。")
    current = current_text(text)
    assert new in current
    assert old not in current
    assert old in state_text(text)  # archived, not lost


# ---------------------------------------------------------------- a code settled on after all


def _settled(text: str) -> list[str | None]:
    return [v for s, v in _updates(text) if s == UNSPECIFIED]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("还是学自动挡C2吧。", "C2"),
        ("那还是用P1好了。", "P1"),
        ("我还是报C2吧", "C2"),
        ("还是C2自动挡吧", "C2"),
        ("算了，还是选v2吧。", "v2"),
        ("那就还是部署到us-east-1吧", "us-east-1"),
        ("我们还是考B2吧。", "B2"),
        ("嗯，还是用 P3 算了", "P3"),
    ],
)
def test_code_settled_on_after_all(text: str, value: str) -> None:
    assert value in _settled(text)


@pytest.mark.parametrize(
    "text",
    [
        "还是别学C2吧。",  # turned down
        "还是不要用P1了吧",  # turned down
        "学C1还是C2吧？",  # asked
        "C1还是C2吧",  # two options weighed: "还是" joins them
        "你觉得学C1还是C2好",  # asked, no particle
        "还是C2吗？",  # asked
        "还是学自动挡吧。",  # no code
        "我还是觉得C2难",  # a remark, no choice
        "还是用4K吧",  # a number and its unit: a quantity, no code
        "还是买8G的吧",
    ],
)
def test_no_code_settled_on(text: str) -> None:
    assert _settled(text) == []


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("我想学C1手动挡。", "还是学自动挡C2吧。", "C2", "C1"),
        ("优先级改成P2。", "那还是用P1好了。", "P1", "P2"),
        ("切到 db-prod-03 吧。", "算了，还是 db-prod-04 吧。", "db-prod-04", "db-prod-03"),
    ],
)
def test_code_settled_on_is_current(first: str, change: str, new: str, old: str) -> None:
    text = block(first, "好的。", change, "好的。", "继续。")
    current = current_text(text)
    assert new in current
    assert old not in current


def test_code_settled_on_archives_the_held_code() -> None:
    text = block("优先级改成P2。", "好的。", "那还是用P1好了。", "好的。", "继续。")
    assert "P2" in state_text(text)  # archived, not lost
