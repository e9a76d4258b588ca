"""Chinese standing instructions no classic cue word starts, the counterparts of the English
shapes ("Use X for every run", "Flag any expense above 500", "aisle seats always", "the table
should be sorted by date", "Output with columns A, B, C", "Ask me before …", "…, no
exceptions", "Report everything in EUR, round to 2 decimals"), each read as a rule kept whole.
Each family with near-misses that state no rule: a past report, a question, a one-off request,
another person's habit, a fact, and a search criterion of a CrossWOZ-like dialogue."""

from __future__ import annotations

import pytest
from _review_harness import block, rules_text

from ctxengine.compaction.constraints import extract_constraints


def _texts(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def _kept(text: str, whole: str) -> None:
    texts = _texts(text)
    assert any(whole in t for t in texts), texts
    assert all(t in text for t in texts)


# ---------------------------------------------------------------- "每次…都用 X"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("每次跑测试都用 pytest -x", "每次跑测试都用 pytest -x"),
        ("以后每次跑测试都用 pytest -x。", "每次跑测试都用 pytest -x"),
        ("每次提交都用英文写 commit message", "每次提交都用英文写 commit message"),
        ("每回导出都用 UTF-8 编码", "每回导出都用 UTF-8 编码"),
        ("每次报价都用美元", "每次报价都用美元"),
        ("每次写周报都按公司模板", "每次写周报都按公司模板"),
        ("另外，每一次部署都用 staging 环境", "每一次部署都用 staging 环境"),
        ("跑测试每次都一律用 pytest -x", "跑测试每次都一律用 pytest -x"),
    ],
)
def test_each_time_use_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "上次都用的 pytest",  # a report
        "每次都用 pytest 吗？",  # asked
        "这次用 pytest 跑一下",  # one occasion
        "我每次跑测试都用 pytest",  # the speaker's habit
        "他每次都用 pytest",  # someone else's
        "每次跑测试都用了 pytest",  # what was done
        "每次跑测试都用的 pytest",  # what was used
        "以前每次都用 pytest",  # the past
        "每次都用 pytest 的话会很慢",  # supposed
    ],
)
def test_each_time_use_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "超过N的都标出来"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("超过500的报销都标出来", "超过500的报销都标出来"),
        ("金额超过1000的都标红", "金额超过1000的都标红"),
        ("凡是超过500的报销都标出来。", "凡是超过500的报销都标出来"),
        ("报销超过500的都单独列出来", "报销超过500的都单独列出来"),
        ("高于2000元的支出一律标黄", "高于2000元的支出一律标黄"),
        ("500以上的报销都标注一下", "500以上的报销都标注一下"),
        ("超过两万的合同都标记出来", "超过两万的合同都标记出来"),
        ("以后低于60分的成绩都提醒我", "低于60分的成绩都提醒我"),
    ],
)
def test_over_threshold_marked_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "超过500的报销都标出来了",  # done
        "超过500的报销都标出来了吗？",  # asked
        "要评分4.5分以上的",  # a search criterion
        "超过500的报销有三笔",  # a fact
        "超过500的报销标出来没有？",  # asked
        "评分4.5分以上的都有哪些？",  # a search
        "超过500的我都标出来了",  # a report
        "他把超过500的都标出来了",  # of someone else
        "帮我找评分4.5分以上的酒店",  # a search criterion
    ],
)
def test_over_threshold_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "座位一直要靠过道的"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("座位一直要靠过道的", "座位一直要靠过道的"),
        ("座位永远要靠窗的", "座位永远要靠窗的"),
        ("房间一直要朝南的", "房间一直要朝南的"),
        ("航班一直要直飞的", "航班一直要直飞的"),
        ("座位每次都要靠过道", "座位每次都要靠过道"),
        ("酒店一直要订全季", "酒店一直要订全季"),
        ("单位一直要用公制", "单位一直要用公制"),
        ("另外，座位一直要靠过道的，我老公个子高。", "座位一直要靠过道的"),
    ],
)
def test_always_wanted_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "座位一直是靠过道的",  # a fact
        "座位一直要靠过道的吗？",  # asked
        "他座位一直要靠过道的",  # of someone else
        "座位一直没有靠过道的",  # a fact
        "路一直要走很久",  # a state
        "我一直要加班",  # the speaker's lot
        "价格一直要涨的",  # a forecast
        "座位一直要靠过道的话就没了",  # supposed
    ],
)
def test_always_wanted_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "表格按日期排序"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("表格按日期排序", "表格按日期排序"),
        ("表格按日期倒序排，最新的在前", "表格按日期倒序排，最新的在前"),
        ("列表按时间先后排列", "列表按时间先后排列"),
        ("报表一律按部门分组", "报表一律按部门分组"),
        ("清单按金额从大到小排", "清单按金额从大到小排"),
        ("另外，表格要按日期排序。", "表格要按日期排序"),
        ("输出的表格按年份排序，最新的在前。", "输出的表格按年份排序，最新的在前"),
        ("结果按价格排序，从低到高", "结果按价格排序，从低到高"),
    ],
)
def test_sorted_by_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "表格按日期排序了吗？",  # asked
        "表格已经按日期排序了",  # done
        "表格是按日期排序的",  # a fact
        "我把表格按日期排序了",  # a report
        "帮我把表格按日期排序一下",  # one request
        "能不能按日期排序？",  # asked
        "表格按日期排序的话会很乱",  # supposed
        "这张表格按日期排序一下",  # this one, once
        "表格按日期排好了",  # done
    ],
)
def test_sorted_by_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "列出 A、B、C 三列"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("输出的时候列出 日期、金额、备注 三列", "输出的时候列出 日期、金额、备注 三列"),
        ("表格列出日期、金额、备注三列", "表格列出日期、金额、备注三列"),
        ("导出的时候分成 日期、金额、备注 三列", "导出的时候分成 日期、金额、备注 三列"),
        ("表格包含名称、价格、评分三列", "表格包含名称、价格、评分三列"),
        ("汇总表按 日期、金额、备注 三列输出", "汇总表按 日期、金额、备注 三列输出"),
        ("表头：日期、金额、备注", "表头：日期、金额、备注"),
        ("另外，输出用日期、金额和备注三列。", "输出用日期、金额和备注三列"),
        ("报表字段为 日期、部门、金额", "报表字段为 日期、部门、金额"),
    ],
)
def test_columns_wanted_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "表格有日期、金额、备注三列",  # a fact
        "上次列出了日期、金额、备注三列",  # a report
        "要不要列出日期、金额、备注三列？",  # asked
        "表格列出日期、金额、备注三列了吗",  # asked
        "第三列是备注",  # a fact
        "他列出了日期、金额、备注三列",  # of someone else
        "日期、金额、备注三列都是空的",  # a fact
        "这次列出日期、金额、备注三列就行",  # once
        "表格的列是日期、金额、备注",  # a description
    ],
)
def test_columns_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "动之前先问我"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("动之前先问我", "动之前先问我"),
        ("改代码之前先问我", "改代码之前先问我"),
        ("删除文件之前先跟我确认", "删除文件之前先跟我确认"),
        ("发邮件前先给我看一下", "发邮件前先给我看一下"),
        ("下单之前先问一下我", "下单之前先问一下我"),
        ("付款以前先问我。", "付款以前先问我"),
        ("动数据库之前都先问我", "动数据库之前都先问我"),
        ("提交之前要先跟我确认", "提交之前要先跟我确认"),
    ],
)
def test_ask_me_first_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "动之前先问了我",  # a report
        "动之前要不要先问你？",  # asked
        "动之前先问问他",  # another person
        "他动之前先问我了",  # a report
        "动之前先问我吗？",  # asked
        "上次动之前先问的我",  # the past
        "下午5点之前先问我",  # a time, once
        "明天之前先问我",  # a time, once
        "我出门之前先问了你",  # the speaker, past
    ],
)
def test_ask_me_first_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- "…，没有例外"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("素食，没有例外", "素食，没有例外"),
        ("全部素食，没有例外。", "全部素食，没有例外"),
        ("一律用英文回复，没有例外", "一律用英文回复，没有例外"),
        ("只坐经济舱，没有例外", "只坐经济舱，没有例外"),
        ("回复用英文，没有例外", "回复用英文，没有例外"),
        ("所有餐食都要清真，没有例外", "所有餐食都要清真，没有例外"),
        ("全部走公司账户，绝无例外", "全部走公司账户，绝无例外"),
        ("统一用人民币，概不例外", "统一用人民币，概不例外"),
    ],
)
def test_firm_tail_is_kept_with_its_rule(text: str, whole: str) -> None:
    _kept(text, whole)
    # "没有例外" is how firmly, never a thing ruled out.
    assert not any("例外" in c.subject for c in extract_constraints(text))


@pytest.mark.parametrize(
    "text",
    [
        "没有例外",  # names nothing
        "结果都一样，没有例外",  # a fact
        "这条规则有没有例外？",  # asked
        "去年的都是素食，没有例外",  # a report
        "有例外吗？",  # asked
        "谢谢，没有例外",  # names nothing
        "都是素食，没有例外吗？",  # asked
        "大家都来了，没有例外",  # a report
    ],
)
def test_firm_tail_near_misses(text: str) -> None:
    assert not _texts(text)


# ---------------------------------------------------------------- format clauses kept whole


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("所有金额一律按人民币报，保留两位小数", "所有金额一律按人民币报，保留两位小数"),
        ("金额都用万元为单位，保留一位小数", "金额都用万元为单位，保留一位小数"),
        ("价格一律用美元，精确到分", "价格一律用美元，精确到分"),
        ("日期统一用 YYYY-MM-DD，并且注明时区", "日期统一用 YYYY-MM-DD，并且注明时区"),
        ("所有报价都用欧元，四舍五入到整数", "所有报价都用欧元，四舍五入到整数"),
        ("以后都用英文回复，标注出处", "以后都用英文回复，标注出处"),
        ("每次报价都用美元，保留两位小数", "每次报价都用美元，保留两位小数"),
        ("金额一律以万元为单位，保留两位小数。", "金额一律以万元为单位，保留两位小数"),
    ],
)
def test_format_clauses_after_a_standing_rule_are_kept(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    ("text", "alone"),
    [
        # A clause with a rule of its own stays apart.
        ("所有金额一律按人民币报，不要保留小数", "所有金额一律按人民币报"),
        # A one-off request after a rule is not the rule's.
        ("所有金额一律按人民币报，你看一下", "所有金额一律按人民币报"),
        # Asked about, not said.
        ("所有金额一律按人民币报，保留两位小数？", "所有金额一律按人民币报"),
        # Done, not to do.
        ("所有金额一律按人民币报，保留两位小数了", "所有金额一律按人民币报"),
        # A forbidding rule keeps to itself.
        ("不要用美元，保留两位小数", "不要用美元"),
        # A plain request has no format to carry.
        ("帮我订酒店，用支付宝付", "xx-nothing"),
        # A search criterion stays a slot value.
        ("找一家评分4.5分以上的酒店，用微信付", "xx-nothing"),
        # A one-off: nothing standing to extend.
        ("这次用人民币报，保留两位小数", "xx-nothing"),
    ],
)
def test_format_clauses_near_misses(text: str, alone: str) -> None:
    texts = _texts(text)
    if alone == "xx-nothing":
        assert not any("保留" in t or "付" in t for t in texts), texts
    else:
        assert alone in texts, texts


# ---------------------------------------------------------------- the block


def test_rules_show_in_the_block() -> None:
    out = block(
        "帮我整理一下报销单。每次跑测试都用 pytest -x。超过500的报销都标出来。"
        "表格按日期排序，最新的在前。动之前先问我。",
        "好的。",
    )
    rules = rules_text(out)
    for part in (
        "每次跑测试都用 pytest -x",
        "超过500的报销都标出来",
        "表格按日期排序，最新的在前",
        "动之前先问我",
    ):
        assert part in rules, rules


def test_crosswoz_criteria_stay_out_of_the_rules() -> None:
    out = block(
        "你好，帮我找一家评分4.5分以上的酒店，要有免费wifi的。",
        "为您推荐如家酒店，评分4.6分。",
        "好的，价格在500-600元之间的有吗？",
    )
    assert "4.5分以上" not in rules_text(out)


# ---------------------------------------------------------------- "最长40分钟"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("最多40分钟", "最多40分钟"),
        ("最长40分钟", "最长40分钟"),
        ("面试最长40分钟", "面试最长40分钟"),
        ("顶多两页", "顶多两页"),
        ("每场40分钟封顶", "每场40分钟封顶"),
        ("回复上限三句话", "回复上限三句话"),
        ("报告顶多两页，没有例外", "报告顶多两页，没有例外"),
        ("另外，演讲最长20分钟。", "演讲最长20分钟"),
    ],
)
def test_at_most_is_a_rule(text: str, whole: str) -> None:
    _kept(text, whole)


@pytest.mark.parametrize(
    "text",
    [
        "顶多也就半小时吧",  # a guess
        "最长就40分钟",  # a guess
        "那部电影最长两小时",  # a fact of a thing pointed at
        "最长40分钟吗？",  # asked
        "路上顶多30分钟",  # how long the way takes
        "上次最长40分钟",  # the past
        "开会最长40分钟了",  # a fact
        "他最长跑了40分钟",  # of someone else
        "步行最长10分钟",  # a way's length
    ],
)
def test_at_most_near_misses(text: str) -> None:
    assert not _texts(text)
