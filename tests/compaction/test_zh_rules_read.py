"""Chinese rules review rounds 5 and 6 found not read, cut, or read where there is none.

Read: a "别" jieba joins to the word before it ("你别代付", "办理过程中别让我跑线下"), a kind
named before a bare "不要" ("超过40分钟的不要", "9点以前的都不要"), an allergy with no "对"
("她青霉素过敏"), what the thing sought must have ("要有无障碍设施"), a "格式" clause
("格式 chore(logging): xxx"), how a topic is written ("金额都要大写小写一起写"), what to do
first for whatever is over an amount ("以后凡是超过 500 的项目都先跟我确认"), and the way
wanted for a task before a prohibition ("写合同的时候用正式书面语，不要出现口语").

Not rules: a quantity changed ("改成只买一台"), what follows from a fact ("标准是 500 一晚，那
就不用自付了"), and "the same for X" before a rule ("回程也一样，别订红眼"). Each group has
look-alikes that must still be read and near-misses that must not.
"""

from __future__ import annotations

import pytest
from _review_harness import block, rules_text

from ctxengine.compaction.constraints import extract_constraints


def _rules(text: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.subject) for c in extract_constraints(text) if not c.revokes]


def _texts(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


# ---------------------------------------------------------------- "别" joined by jieba


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("你别代付", "代付"),
        ("报名费我自己交，你别代付。", "代付"),
        ("办理过程中别让我跑线下", "让我跑线下"),
        ("开车时别打电话", "打电话"),
        ("你别推荐酒吧。", "酒吧"),
        ("路上别走高速", "走高速"),
        ("会上别提预算", "预算"),
        ("推荐菜别太辣", "太辣"),
    ],
)
def test_zh_bie_joined_to_the_word_before_is_a_rule(text: str, subject: str) -> None:
    assert ("forbid", subject) in _rules(text)


@pytest.mark.parametrize(
    "text", ["我别的都不要", "你别客气", "你别误会", "你别人云亦云", "你别是在开玩笑吧"]
)
def test_zh_bie_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


# ---------------------------------------------------------------- "<kind>的不要"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("45分钟太久了，超过40分钟的不要。", "超过40分钟的"),
        ("9点以前的都不要", "9点以前的"),
        ("太贵的不要", "太贵的"),
        ("经停的航班都不要", "经停的航班"),
        ("辣的我都不要", "辣的"),
        ("两千以上的一律不要", "两千以上的"),
        ("评分低于4分的不要", "评分低于4分的"),
        ("需要转机的统统不要", "需要转机的"),
    ],
)
def test_zh_kind_before_a_bare_buyao_is_ruled_out(text: str, subject: str) -> None:
    assert ("forbid", subject) in _rules(text)


@pytest.mark.parametrize(
    "text", ["我的不要", "别人的不要", "这个的不要", "贵的不要吗？", "这些的不要"]
)
def test_zh_kind_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


def test_zh_kind_dropped_is_a_change_not_a_new_rule() -> None:
    # "五星级的不要了，四星就行": a change of mind about a rule, no standing forbid of 五星级.
    assert ("forbid", "五星级的") not in _rules("五星级的不要了，四星就行")


def test_zh_time_threshold_kept_beside_the_other_rules() -> None:
    text = _texts("不要坐红眼航班，也别太早，9点以前的都不要。")
    assert "9点以前的都不要" in text and "不要坐红眼航班" in text


# ---------------------------------------------------------------- allergies with no "对"


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("她青霉素过敏，还有头孢也过敏，开药一定要避开这两类。", ["青霉素", "头孢"]),
        ("我花粉过敏", ["花粉"]),
        ("孩子芒果过敏，别推荐芒果", ["芒果"]),
        ("老公海鲜过敏", ["海鲜"]),
        ("我对海鲜过敏", ["海鲜"]),
        ("对了，她对芒果过敏", ["芒果"]),
    ],
)
def test_zh_allergy_without_dui_is_a_rule(text: str, things: list[str]) -> None:
    forbids = [s for p, s in _rules(text) if p == "forbid"]
    assert all(t in forbids for t in things)


@pytest.mark.parametrize(
    "text",
    [
        "皮肤过敏了",
        "她容易过敏",
        "很多人花生过敏",
        "他有过敏",
        "对了她也过敏",
        "花生过敏的人很多",
        "你对什么过敏吗？",
        "春天过敏",
    ],
)
def test_zh_allergy_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


# ---------------------------------------------------------------- "要有…"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("酒店找春熙路附近的，要有无障碍设施，每晚 800 以内。", "无障碍设施"),
        ("房间得有窗户", "窗户"),
        ("酒店还要有健身房和泳池", "健身房和泳池"),
        ("民宿要有停车位", "停车位"),
        ("需要有独立卫浴", "独立卫浴"),
    ],
)
def test_zh_must_have_a_feature_is_a_rule(text: str, subject: str) -> None:
    assert ("require", subject) in _rules(text)


@pytest.mark.parametrize(
    "text",
    [
        "你要有耐心",
        "我要有个地方住",
        "要有问题，随时找我",
        "要有问题随时找我",
        "要有停车场吗？",
        "要有空就来玩",
        "要有时间的话我们去",
        # A search's criteria, its values: "one that has …", what a list holds.
        "价格在800-900元的，得有免费市内电话的。",
        "要有暖气的哈",
        "推荐菜里要有回锅肉与小肉包",
    ],
)
def test_zh_must_have_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


def test_zh_must_have_with_a_cue_is_read_once() -> None:
    assert len(_rules("必须有无障碍设施")) == 1


# ---------------------------------------------------------------- "格式 …"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("提交的时候 commit message 用英文，格式 chore(logging): xxx。", "chore(logging)"),
        ("日期格式：YYYY-MM-DD", "YYYY-MM-DD"),
        ("输出格式用 JSON", "JSON"),
        ("格式统一为“标题-日期”", "标题-日期"),
        ("格式按公司模板", "公司模板"),
        ("文件名格式是 report_日期.xlsx", "report_日期.xlsx"),
    ],
)
def test_zh_format_clause_is_a_rule(text: str, shown: str) -> None:
    assert any(shown in t for t in _texts(text))


def test_zh_format_rule_keeps_what_it_is_for() -> None:
    text = "提交的时候 commit message 用英文，格式 chore(logging): xxx。"
    assert "提交的时候 commit message 用英文，格式 chore(logging): xxx" in _texts(text)


@pytest.mark.parametrize(
    "text",
    [
        "格式不对",
        "这个格式挺好",
        "格式是什么？",
        "PDF格式的文件我打不开",
        "格式是正确的",
        "格式有问题",
    ],
)
def test_zh_format_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


# ---------------------------------------------------------------- "<topic>都要…写"


@pytest.mark.parametrize(
    "text",
    [
        "金额都要大写小写一起写",
        "日期一律要写成YYYY-MM-DD",
        "标题都要加粗显示",
        "数字都得保留两位小数",
        "注释都要用英文写",
        "合同里所有金额都要同时写大写和小写",
    ],
)
def test_zh_topic_format_is_one_rule(text: str) -> None:
    assert _texts(text) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "我们都要写报告",
        "这些都要写进去",
        "酒店和机票都要订好",
        "金额都要写清楚了吗？",
        "作业都要写完了",
    ],
)
def test_zh_topic_format_look_alikes_are_no_rule(text: str) -> None:
    assert _rules(text) == []


# ---------------------------------------------------------------- "凡是超过 N 的…先…"


@pytest.mark.parametrize(
    "text",
    [
        "以后凡是超过 500 的项目都先跟我确认",
        "超过1000的订单先问我",
        "凡是超过 2000 元的都要先报批",
        "金额超过一万的项目都先发我看",
        "超过5000的都要CFO签字",
    ],
)
def test_zh_over_an_amount_first_ask_is_a_rule(text: str) -> None:
    assert _texts(text) == [text]


@pytest.mark.parametrize(
    "text", ["超过500的项目都先问我吗？", "超过500的项目都先做完了", "超过500的我先看看吗？"]
)
def test_zh_over_an_amount_look_alikes_are_no_rule(text: str) -> None:
    assert not any(p == "require" for p, _ in _rules(text))


# ---------------------------------------------------------------- "<task>的时候用X，不要Y"


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("写合同的时候用正式书面语，不要出现口语。", "写合同的时候用正式书面语"),
        ("回复客户的时候用敬语，不要用网络用语", "回复客户的时候用敬语"),
        ("退款原路返回，不要退到余额", "退款原路返回"),
        ("开车时打开导航，别打电话", "开车时打开导航"),
    ],
)
def test_zh_way_wanted_for_a_task_is_kept_beside_the_prohibition(text: str, wanted: str) -> None:
    texts = _texts(text)
    assert wanted in texts and len(texts) == 2


@pytest.mark.parametrize(
    ("text", "not_wanted"),
    [
        ("我去的时候坐地铁，不要推荐打车", "坐地铁"),
        ("上次订的时候用支付宝，别再用了", "上次订的时候用支付宝"),
        ("如果下雨，别安排户外", "如果下雨"),
    ],
)
def test_zh_said_of_someone_or_a_past_time_is_no_way_wanted(text: str, not_wanted: str) -> None:
    assert not_wanted not in _texts(text)


# ---------------------------------------------------------------- not rules


@pytest.mark.parametrize(
    "text",
    ["改成只买一台", "换成只订一间", "改为只要两份", "等下，改成只买一台，另一台我同事自己买。"],
)
def test_zh_quantity_changed_is_no_rule(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("那我只要一份宫保鸡丁", "一份宫保鸡丁"),
        ("改成只推荐两个", "两个"),
        ("改成只用微信支付", "微信支付"),
    ],
)
def test_zh_only_rules_beside_the_quantity_change_stay(text: str, subject: str) -> None:
    assert ("only", subject) in _rules(text)


@pytest.mark.parametrize(
    "text",
    [
        "住宿标准我问了行政，标准是 500 一晚，那就不用自付了。",
        "酒店含早，这样就不用另外买早餐了",
        "有直达车，就不用换乘了",
    ],
)
def test_zh_consequence_is_no_rule(text: str) -> None:
    assert not any(p == "forbid" for p, _ in _rules(text))


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("我有车，那就不用推荐地铁了", "地铁"),
        ("价格不用显示了", "显示"),
        ("那就不用帮我订了", "帮我订"),
    ],
)
def test_zh_no_need_asked_of_the_assistant_stays_a_rule(text: str, subject: str) -> None:
    assert ("forbid", subject) in _rules(text)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("回程也一样，别订红眼。", "别订红眼"),
        ("返程同样处理，别订早班", "别订早班"),
        ("这次也一样，不要靠窗", "不要靠窗"),
    ],
)
def test_zh_same_for_another_is_no_rule_of_its_own(text: str, rule: str) -> None:
    assert _texts(text) == [rule]


# ---------------------------------------------------------------- in the block


def test_zh_block_reads_the_rules_in_one_message() -> None:
    text = block(
        "她青霉素过敏，还有头孢也过敏。酒店要有无障碍设施，超过40分钟的不要。", "好的。", "继续。"
    )
    rules = rules_text(text)
    assert "青霉素" in rules and "头孢" in rules
    assert "要有无障碍设施" in rules and "超过40分钟的不要" in rules


def test_zh_block_keeps_no_quantity_or_consequence_as_rule() -> None:
    text = block(
        "买两台。",
        "好的。",
        "改成只买一台吧，标准是 500 一晚，那就不用自付了。你别代付。",
        "好的。",
        "继续。",
    )
    rules = rules_text(text)
    assert "只买一台" not in rules and "不用自付" not in rules
    assert "你别代付" in rules
