"""A Chinese value revised under the user's own word for its thing, where no ontology slot
word names it: a value said wrong ("面积我说错了，是95平", "不对，月工资是13500"), decided on
("导出还是用4K吧"), redone ("截止日期改一下，用 2026-06-30"), allowed up to ("可以选到20学分"),
a bound moved ("时长再短点吧，2分30秒以内"), a count of things changed by its measure word
("改成3张吧"), and a pick between two options named ("A和B我选B"). Near-misses (a reason, a
time, a question, a wish, a negation, a pick of neither option) set nothing."""

from __future__ import annotations

import pytest
from _review_harness import current_after

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.slots import extract_updates


def _slots(text: str) -> dict[str, str | None]:
    return {u.slot: u.value for u in extract_updates(text, generic_ontology())}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("面积我说错了，是95平。", "面积", "95平"),
        ("金额我刚才写错了，是3,200.00元", "金额", "3,200.00元"),
        ("哦收入写错了，工资薪金应该是 248,400.00。", "工资薪金", "248,400.00"),
        ("不对，月工资是13500，12000是税后。", "月工资", "13500"),
        ("不对，房租应该是4500", "房租", "4500"),
        ("身高记错了，是178厘米", "身高", "178厘米"),
        ("房号之前说错了，是1203", "房号", "1203"),
        ("主卧量错了，是 3.8 米", "主卧", "3.8 米"),
    ],
)
def test_value_said_wrong_then_right(text: str, slot: str, value: str) -> None:
    assert _slots(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "方案不对，原因是预算不够",  # a reason, no value
        "不对，其实是我记错了",
        "你说得不对，这是我的问题",
        "不对，月工资是多少？",  # asked
        "面积我说错了",  # no right value said
    ],
)
def test_wrong_near_misses_set_nothing_named(text: str) -> None:
    assert not {s for s in _slots(text) if s not in ("budget", "price", "people")}


def test_english_correction_is_the_english_readers() -> None:
    # Not these readers': the English "my <thing> is <value>" names it in English words.
    assert _slots("No, my monthly salary is 13500.") == {"monthly salary": "13500"}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("导出还是用4K吧。", "导出", "4K"),
        ("字体还是用宋体吧", "字体", "宋体"),
        ("封面就用第二张图", "封面", "第二张图"),
        ("报告格式改一下，用表格", "报告格式", "表格"),
        ("截止日期改一下，用 2026-06-30。", "截止日期", "2026-06-30"),
        ("份数改一下，20份", "份数", "20份"),
        ("时长再短点吧，2分30秒以内。", "时长", "2分30秒以内"),
        ("字数再少一些，800字以内", "字数", "800字以内"),
        ("视频再短一点，控制在90秒内", "视频", "90秒内"),
        ("重量再轻点，5公斤以下", "重量", "5公斤以下"),
    ],
)
def test_thing_decided_redone_or_bound_moved(text: str, slot: str, value: str) -> None:
    assert _slots(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "我还是用4K吧",  # no thing named
        "下次就用新模板",  # a time, no thing
        "导出还是用4K吗？",
        "导出还是用什么好？",
        "格式改一下，谢谢",  # no value
        "这个改一下，用表格",
        "截止日期改一下，用哪天好？",
        "时长再短点吧",
        "时长再短点吧，越短越好",  # no bound said
    ],
)
def test_decided_near_misses_set_nothing(text: str) -> None:
    assert _slots(text) == {}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("辅导员说我这学期可以选到20学分。", "学分", "20学分"),
        ("报销额度可以提到5000元", "报销额度", "5000元"),
        ("年假可以休到15天", "年假", "15天"),
        ("最多能选到25学分了", "学分", "25学分"),
    ],
)
def test_allowed_up_to(text: str, slot: str, value: str) -> None:
    assert _slots(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "如果可以选到20学分就好了",  # a wish
        "可以选到20学分吗？",
        "不能选到20学分",
        "不可以选到20学分",
        "最多能借到10本书",  # a measure word and a noun name no thing
        "可以选到第20名",
    ],
)
def test_allowed_near_misses_set_nothing(text: str) -> None:
    assert _slots(text) == {}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("买2张票。", "张数", "2张"),
        ("我朋友也要去，改成3张吧。", "张数", "3张"),
        ("门票改成3张", "张数", "3张"),
        ("订两间房", "间数", "两间"),
        ("改成4间吧", "间数", "4间"),
        ("加到5份", "份数", "5份"),
        ("买3台电脑", "台数", "3台"),
    ],
)
def test_count_by_measure_word(text: str, slot: str, value: str) -> None:
    assert _slots(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    ["改成3张吗？", "改成第3张", "不要改成3张", "改成3点", "改成3月5日", "改成3个人"],
)
def test_count_near_misses(text: str) -> None:
    assert not {s for s in _slots(text) if s.endswith("数") and s != "人数"}


@pytest.mark.parametrize(
    "text, slot, value",
    [
        ("住房贷款利息和住房租金我选贷款利息。", "住房", "贷款利息"),
        ("基础套餐和高级套餐我选高级套餐", "套餐", "高级套餐"),
        ("红烧肉和糖醋排骨，我要糖醋排骨", "选择", "糖醋排骨"),
        ("标准版和专业版之间我选专业版", "选择", "专业版"),
        ("上午场和下午场，我们选下午场", "选择", "下午场"),  # "午场" is no word
    ],
)
def test_pick_between_two_options(text: str, slot: str, value: str) -> None:
    assert _slots(text).get(slot) == value


@pytest.mark.parametrize(
    "text",
    [
        "A套餐和B套餐我选C套餐",  # neither option
        "住房贷款利息和住房租金我选哪个？",
        "我和朋友都要去",
        "苹果和香蕉都要一点",
    ],
)
def test_pick_near_misses(text: str) -> None:
    assert _slots(text) == {}


@pytest.mark.parametrize(
    "first, change, old, new",
    [
        ("房子89平，6楼没电梯。", "面积我说错了，是95平。", "89平", "95平"),
        ("买2张票。", "我朋友也要去，改成3张吧。", "2张", "3张"),
        ("订两间房。", "改成3间吧。", "两间", "3间"),
        ("报告格式用Word。", "报告格式改一下，用PDF。", "Word", "PDF"),
        ("导出1080p。", "导出还是用4K吧。", "1080p", "4K"),
        ("总共选18学分。", "辅导员说我这学期可以选到20学分。", "18学分", "20学分"),
    ],
)
def test_revised_value_current_through_engine(first: str, change: str, old: str, new: str) -> None:
    current = current_after(first, "好的。", change, "好的。", "继续。")
    assert new in current
    assert old not in current
