"""Chinese rules lifted, changed or excepted (review round 7), with the look-alikes that must
not touch a rule: a rule is dropped only by words that name it, never by a choice that meets
it, a question, a past report, or a lift of something else."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints, reply_fails_rule

from ._ledger import LedgerSession


def _strip(text: str) -> str:
    return text.removesuffix("。")


def _shown(s: LedgerSession) -> str:
    """The rules the block shows after one more user turn."""
    return "\n".join(e.text for e in s.d.state.ledger.in_force(s.turns + 1))


# 1. A reply that says one listed option is full, another still open, fails no rule.


@pytest.mark.parametrize(
    ("rule", "reply"),
    [
        ("只能改签国航的航班。", "有两班：CA4113已满，CA1519还有座。"),
        ("只挂专家号。", "有两个号：王主任的已满，李主任的还有4个。"),
        ("只要五星级的酒店。", "希尔顿已满，万豪还有房。"),
        ("只订靠窗的座位。", "12A已满，15A还有座。"),
        ("只挂上午的号。", "周一上午已约满，周三上午还有3个号。"),
        ("只坐高铁。", "G101已售罄，G105还有票。"),
        ("只能改签国航的航班。", "国航CA4113已满，国航CA1519还有座。"),
        ("只要五星级的酒店。", "五星级的那家已满，另一家五星级的还有房。"),
    ],
)
def test_one_option_full_another_open_keeps_the_rule(rule: str, reply: str) -> None:
    assert not reply_fails_rule(reply, _strip(rule))
    s = LedgerSession((rule, reply), "那就订第二个吧。")
    assert s.status(_strip(rule)) == "active"


@pytest.mark.parametrize(
    ("rule", "reply"),
    [
        ("只要五星级的酒店。", "没有符合您要求的五星级酒店，推荐四星级的。"),
        ("只要五星级的酒店。", "五星级的都已满，四星级的还有房。"),
        ("只要五星级的酒店。", "五星级的已满，四星级的还有房。"),
        ("只能改签国航的航班。", "国航的航班全部已满，东航还有座。"),
        ("只挂专家号。", "专家号已满，普通号还有5个。"),
        ("只坐高铁。", "G101已满。"),  # nothing left open
        ("只要五星级的酒店。", "抱歉，找不到五星级的酒店，推荐您去四星级的。"),
        ("只订靠窗的座位。", "靠窗的座位已售罄，过道还有座。"),
    ],
)
def test_a_full_option_of_the_rule_s_kind_or_all_full_still_fails_it(rule: str, reply: str) -> None:
    assert reply_fails_rule(reply, _strip(rule))


# 2. Another thing fine too, after a must- or only-rule. Named by a word that shares nothing
# with the rule ("德芙也可以"), it keeps the rule's words before it; naming the kind ("普通号",
# "四星"), it reads alone, the rule shown as the conflict's earlier side (round 20).


@pytest.mark.parametrize(
    ("rule", "widening"),
    [
        ("喜糖必须是费列罗的。", "德芙也可以。"),
        ("快递必须用顺丰。", "京东也可以。"),
    ],
)
def test_a_bare_name_widening_keeps_the_rule_s_words(rule: str, widening: str) -> None:
    s = LedgerSession(rule, widening)
    assert s.status(_strip(rule)) == "superseded"
    assert s.active() == [f"{_strip(rule)}，{_strip(widening)}"]


@pytest.mark.parametrize(
    ("rule", "widening"),
    [
        ("只挂专家号。", "普通号也可以挂。"),
        ("只挂专家号。", "专家号挂不上的话普通号也行。"),
        ("只订川菜馆。", "粤菜馆也可以订。"),
        ("一定要五星级的酒店。", "四星也行。"),
    ],
)
def test_a_widening_that_names_the_kind_reads_alone(rule: str, widening: str) -> None:
    s = LedgerSession(rule, widening)
    assert s.active() == [_strip(widening)]
    assert s.conflicts() == [(_strip(rule), _strip(widening), "later_wins")]


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("只挂专家号。", "普通号也可以挂吗？"),
        ("只挂专家号。", "明天也可以挂。"),
        ("只挂专家号。", "我也可以挂。"),
        ("只挂专家号。", "专家号挂不上的话怎么办？"),
    ],
)
def test_look_alikes_widen_no_only_rule(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"


# 3. "X也行/也没问题" lifts a ban on what its verb does to X, or on X before its topic.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("别打到工资卡。", "工资卡也行，哪张都行。"),
        ("司仪不要找男的。", "男司仪也没问题，只要有经验。"),
        ("别寄到公司。", "公司也可以。"),
        ("摄影师不要找女的。", "女摄影师也行。"),
    ],
)
def test_the_banned_thing_said_fine_lifts_the_ban(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(_strip(rule)) == "revoked"


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("别打到工资卡。", "储蓄卡也行。"),
        ("司仪不要找男的。", "女司仪也没问题。"),
        ("司仪不要找男的。", "男司仪也没问题吗？"),
        ("司仪不要找男的。", "男化妆师也没问题。"),
        ("别打到工资卡。", "工资卡也行吗？"),
        ("别寄到公司。", "家里也可以。"),
    ],
)
def test_another_thing_said_fine_keeps_the_ban(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"


# 4. "X也无所谓了" lets go a ban on that very X.


def test_the_banned_thing_let_go_lifts_the_ban() -> None:
    s = LedgerSession("别给我换航司。", "换航司也无所谓了，只要今天能走就行。")
    assert s.status("别给我换航司") == "revoked"


@pytest.mark.parametrize("other", ["换座位也无所谓了。", "航司无所谓了吗？", "改时间也无所谓了。"])
def test_something_else_let_go_keeps_the_ban(other: str) -> None:
    s = LedgerSession("别给我换航司。", other)
    assert s.status("别给我换航司") == "active"


# 5. A rule named by its topic and a pointer, called off, is lifted and not shown.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("打车费不能报。", "打车费那条取消吧，财务说可以报了。"),
        ("挂号费别超过一百块。", "挂号费那条不用管了。"),
        ("层高不能低于2.6米。", "层高那个要求不用管了。"),
        ("每个班一天最多排两节数学。", "两节数学的限制去掉吧。"),
        ("总预算不能超过25万元。", "预算那条取消吧。"),
    ],
)
def test_a_rule_named_and_called_off_is_lifted_and_not_shown(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(_strip(rule)) == "revoked"
    shown = _shown(s)
    assert _strip(rule) not in shown and "那条" not in shown and "限制" not in shown


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("挂号费别超过一百块。", "预算那条不用管了。"),
        ("层高不能低于2.6米。", "面积那个要求不用管了。"),
        ("每个班一天最多排两节数学。", "两节英语的限制去掉吧。"),
        ("打车费不能报。", "打车费那条取消吗？"),
        ("打车费不能报。", "别把打车费那条取消。"),
        ("打车费不能报。", "住宿费那条取消吧。"),
    ],
)
def test_another_rule_named_keeps_this_one(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"


# 6. "X可以V" (said alone) and "X的事…，可以V了" lift a ban on doing it.


@pytest.mark.parametrize(
    "lift",
    [
        "烟花可以放。",
        "烟花的事我跟酒店谈好了，可以放了。",
        "好的，烟花可以放。",
        "烟花现在可以放。",
    ],
)
def test_the_thing_said_allowed_lifts_the_ban(lift: str) -> None:
    s = LedgerSession("不要放烟花。", lift)
    assert s.status("不要放烟花") == "revoked"
    assert "不要放烟花" not in _shown(s)


@pytest.mark.parametrize(
    "other",
    [
        "烟花还能放吗？",
        "烟花可以放吗？",
        "上次也可以放。",
        "烟花上次可以放。",
        "气球可以放。",
        "我可以放。",
        "红包的事我跟酒店谈好了，可以放了。",
        "音乐可以放。",
    ],
)
def test_a_question_a_past_report_or_another_thing_keeps_the_ban(other: str) -> None:
    s = LedgerSession("不要放烟花。", other)
    assert s.status("不要放烟花") == "active"


def test_the_thing_said_allowed_with_no_ban_is_no_rule() -> None:
    assert LedgerSession("烟花可以放。").active() == []


# 7. A rule quoted with a bare 不 and said not to count any more.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("不要放烟花。", "之前说的不放烟花不算数了。"),
        ("不要放烟花。", "我说的不放烟花不作数了。"),
        ("别用顺丰。", "之前说的别用顺丰不算数了。"),
    ],
)
def test_a_quoted_rule_that_no_longer_counts_is_lifted(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(_strip(rule)) == "revoked"


@pytest.mark.parametrize(
    "other", ["之前说的不放鞭炮不算数了。", "之前说的不放烟花还算数吗？", "我说的不算数。"]
)
def test_another_quote_keeps_the_rule(other: str) -> None:
    s = LedgerSession("不要放烟花。", other)
    assert s.status("不要放烟花") == "active"


# 8. A limit let go one way ("贵点也没关系") lifts a cap, not a floor, on the thing named.


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("挂号费不能超过100块。", "算了，挂号费贵点也没关系，能挂上就行。"),
        ("挂号费别超过一百块。", "挂号费贵一点也没关系。"),
        ("层高不能低于2.6米。", "层高低一点也行。"),
        ("团餐每份不超过25元。", "每份多点也可以。"),
    ],
)
def test_a_limit_let_go_its_way_is_lifted(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert s.status(_strip(rule)) == "revoked"


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("挂号费不能超过100块。", "挂号费便宜点也没关系。"),  # the wrong way: no cap let go
        ("层高不能低于2.6米。", "层高高一点也行。"),
        ("挂号费不能超过100块。", "门票贵点也没关系。"),
        ("挂号费不能超过100块。", "挂号费贵点也没关系吗？"),
        ("挂号费不能超过100块。", "我贵点也没关系。"),
    ],
)
def test_a_limit_let_go_the_other_way_or_of_another_thing_keeps_it(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"


# 9. A limit's value changed ("上限改成三百", "放宽到每份30元") supersedes the limit.


@pytest.mark.parametrize(
    ("rule", "change"),
    [
        ("改签手续费我最多能接受两百。", "手续费上限改成三百吧。"),
        ("团餐每份不超过25元。", "预算放宽到每份30元。"),
        ("酒店每晚不超过五百元。", "预算提高到每晚600元。"),
        ("打车费最多报一百五。", "上限改成两百。"),
    ],
)
def test_a_limit_given_a_new_value_is_superseded(rule: str, change: str) -> None:
    s = LedgerSession(rule, change)
    assert s.status(_strip(rule)) == "superseded"
    assert _strip(change) in s.active()


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("团餐每份不超过25元。", "预算放宽到每份30元吗？"),
        ("团餐每份不超过25元。", "时长放宽到30分钟。"),
        ("改签手续费我最多能接受两百。", "手续费上限改成两百吧。"),  # the same value
        ("改签手续费我最多能接受两百。", "行李额改成三十公斤。"),
    ],
)
def test_a_value_of_something_else_keeps_the_limit(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"


# 10. One-off exceptions (下不为例, 破例) and a part excepted are kept beside the rule.


@pytest.mark.parametrize(
    ("rule", "exception"),
    [
        ("所有费用走公司对公账户。", "这次的定金先用我个人卡付，下不为例。"),
        ("团餐每份不超过25元。", "这周五的团建可以破例一次，每份40元。"),
        ("瓷砖一律用马可波罗的。", "卫生间的瓷砖可以用东鹏的，其他还是马可波罗。"),
        ("每个班一天最多排两节数学。", "初三的班可以一天排三节数学。"),
        ("所有费用走公司对公账户。", "这笔就破个例，走我个人账户。"),
    ],
)
def test_an_exception_is_kept_beside_the_rule(rule: str, exception: str) -> None:
    s = LedgerSession(rule, exception)
    assert s.status(_strip(rule)) == "active"
    assert len(s.active()) == 2 and s.active()[1] in exception


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("所有费用走公司对公账户。", "这次不能破例。"),
        ("所有费用走公司对公账户。", "上次破例了一次。"),
        ("所有费用走公司对公账户。", "能不能破例一次？"),
        ("瓷砖一律用马可波罗的。", "卫生间的灯可以用飞利浦的。"),
        ("每个班一天最多排两节数学。", "初三的班可以排三节数学吗？"),
        ("不要放烟花。", "这次的定金先用我个人卡付，下不为例。"),  # no rule for all
    ],
)
def test_a_look_alike_records_no_exception(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.active() == [_strip(rule)]


# 11. A ban narrowed to less of the thing ("葱可以少放点") replaces the ban on it alone.


def test_a_ban_narrowed_to_less_replaces_it() -> None:
    s = LedgerSession("不要香菜，也不要葱。", "葱可以少放点。")
    assert s.active() == ["不要香菜", "葱可以少放点"]


@pytest.mark.parametrize("other", ["盐可以少放点。", "葱可以少放点吗？", "香菜少放点吗？"])
def test_less_of_another_thing_keeps_the_bans(other: str) -> None:
    s = LedgerSession("不要香菜，也不要葱。", other)
    assert s.active() == ["不要香菜", "也不要葱"]


def test_the_readings_are_lifts_not_rules() -> None:
    # None of them is a rule of its own: each stands only against a rule in force.
    for text in ("烟花可以放。", "挂号费贵点也没关系。", "葱可以少放点。", "下不为例。"):
        assert all(c.revokes for c in extract_constraints(text))


# 12. A correction "…，不是X" lifts a ban on X, or on foods only of the group X names.


@pytest.mark.parametrize(
    ("rule", "correction"),
    [
        ("菜里不能有虾蟹。", "我搞错了，老人是对花生过敏，不是海鲜。"),
        ("菜里不要放虾和蟹。", "我记错了，孩子是对芒果过敏，不是海鲜。"),
        ("不要放花生。", "我说错了，她是对芒果过敏，不是花生。"),
        ("菜里不要放核桃和腰果。", "我弄错了，是海鲜过敏，不是坚果。"),
    ],
)
def test_a_correction_lifts_the_ban_it_names(rule: str, correction: str) -> None:
    s = LedgerSession(rule, correction)
    assert s.status(_strip(rule)) == "revoked"
    assert _strip(rule) not in _shown(s)


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("菜里不能有虾蟹。", "老人是对花生过敏，不是海鲜。"),  # no correction said
        ("菜里不能有虾蟹和花生。", "我搞错了，不是海鲜。"),  # not all of the group
        ("菜里不能有牛肉。", "我搞错了，不是海鲜。"),
        ("菜里不能有虾蟹。", "我搞错了，不是海鲜吗？"),
        ("菜里不能有虾蟹。", "我搞错了，不是坚果。"),
        ("菜里不能有虾蟹。", "我搞错了，不是很严重。"),
    ],
)
def test_a_correction_of_something_else_keeps_the_ban(rule: str, other: str) -> None:
    s = LedgerSession(rule, other)
    assert s.status(_strip(rule)) == "active"
