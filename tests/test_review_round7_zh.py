"""Seventh review round, Chinese only, on long agentic sessions in domains the first six rounds
did not use: 医院挂号/复诊, 婚礼策划, 装修报价, 企业报销审批, 机票改签, 保险理赔 and 外卖团餐.

The 7 sessions are in `_review_convos7_zh.py`; `test_sessions7_zh_keep_latest_turn_and_pairs`
runs each at 30% and at 15% of its raw tokens. Every other test is the smallest input that shows
one defect found, marked `xfail(strict=True)` until fixed (60: rules read 19, rules
lifted/changed 18, values 9, identifiers 4, garbage 9, budget 1). 55 are fixed, each with
look-alikes and near-misses in its own module; five stay strict xfails (values 3: a count of an
order line, one of two rooms dropped, one end of a date range; garbage 2: a dish swapped names a
slot after the dish, 联系人 is labelled 收货人), and one wording of a fixed one (a choice given
up for one of no shared kind, "实木太贵，改用强化复合的": the thing, 地板, is not named).
Where a defect has more than one natural wording, the wordings are parameters of one test (one
root cause, counted once).
The block is read at a budget large enough that nothing is shed for room (except under
"budget"), so what fails is what the engine understood. Many inputs come from probing the same
domains beyond the sessions: other wordings of a rule, its lift, its exception, colloquial
spoken Chinese. A few tests pin behaviour that was right and is worth keeping.
"""

from __future__ import annotations

import pytest
from _review_convos import Convo
from _review_convos7_zh import CONVOS7_ZH
from _review_harness import (
    block,
    build,
    compact,
    current_text,
    evidence_text,
    rules_after,
    rules_text,
    section,
    state_text,
)

from ctxengine.convert import validate_pairing
from ctxengine.messages import TextPart


def _session(name: str) -> Convo:
    return next(c for c in CONVOS7_ZH if c.name == name)


def _defect(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=f"round 7: {reason}")


def _after(*user: str) -> str:
    """The block after the user says each of `user` in turn, each answered "好的。"."""
    msgs: list[str] = []
    for m in user:
        msgs += [m, "好的。"]
    return block(*msgs, "继续。")


def _intent(text: str) -> str:
    """The intent the block gives the user's latest message `text`."""
    return section(block("帮我处理一下。", "好的。", text), "intent")[0]


# ---------------------------------------------------------------- the sessions themselves


@pytest.mark.parametrize("share", [0.3, 0.15])
@pytest.mark.parametrize("convo", CONVOS7_ZH, ids=[c.name for c in CONVOS7_ZH])
def test_sessions7_zh_keep_latest_turn_and_pairs(convo: Convo, share: float) -> None:
    ctx = compact(convo.steps, share)
    assert ctx.compacted_context
    shown = [p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)]
    assert any(convo.steps[-1][1] in t for t in shown)
    validate_pairing(ctx.messages)


def test_sessions7_zh_are_chinese_long_with_tools() -> None:
    assert len(CONVOS7_ZH) == 7 and all(c.lang == "zh" for c in CONVOS7_ZH)
    assert all(20 <= len(build(c.steps)) <= 40 for c in CONVOS7_ZH)
    assert all(sum(1 for s in c.steps if s[0] == "call") >= 3 for c in CONVOS7_ZH)


# ---------------------------------------------------------------- rules read


def test_zh_rule_only_expert_pinned() -> None:
    assert "只挂专家号" in rules_after("挂号只挂专家号，普通号不要。")


def test_zh_rule_fee_cap_colloquial_pinned() -> None:
    assert "挂号费别超过五十块钱" in rules_after("挂号费别超过五十块钱哈。")


def test_zh_rule_topic_first_only_want() -> None:
    assert "女医生" in rules_after("医生我只要女医生。")


def test_zh_rule_keep_within() -> None:
    assert "30桌以内" in rules_after("宴会桌数控制在30桌以内。")


def test_zh_rule_not_accept() -> None:
    assert "套餐价" in rules_after("水电改造按实际米数算，不接受套餐价。")


def test_zh_rule_unless_clause_kept() -> None:
    assert "十点" in rules_after("打车费不能报，除非是加班到十点以后。")


def test_zh_rule_time_not_scheduled() -> None:
    assert "周五下午" in rules_after("排课的时候周五下午不排课，老师要教研。")


def test_zh_rule_x_never_wanted() -> None:
    assert "饮料" in rules_after("饮料一律不要，大家自己带水。")


def test_zh_rule_all_must_be() -> None:
    assert "中英文对照" in rules_after("签证材料全部要中英文对照，翻译件要盖章。")


def test_zh_rule_all_amounts_by() -> None:
    assert "含税价" in rules_after("记住，所有的金额都按含税价报给我。")


def test_zh_rule_ask_me_first_about_any() -> None:
    assert "先问我" in rules_after("今后凡是要花钱的事都得先问我一声。")


def test_zh_rule_beng() -> None:
    assert "红眼航班" in rules_after("甭给我订红眼航班，我熬不了夜。")


def test_zh_rule_before_x_first_y() -> None:
    assert "过目" in rules_after("下单之前先把明细发我过目。")


def test_zh_rule_from_now_always_write() -> None:
    assert "北京云帆科技有限公司" in rules_after("以后发票抬头统一写“北京云帆科技有限公司”。")


def test_zh_rule_no_matter_what_must() -> None:
    assert "直飞" in rules_after("不管多贵都要直飞，不转机。")


@pytest.mark.parametrize(
    "said, words",
    [
        ("转机的航班一概不考虑。", "转机"),
        ("经济舱以外的免谈，公司不给报。", "经济舱"),
    ],
)
def test_zh_rule_flat_refusal(said: str, words: str) -> None:
    assert words in rules_after(said)


def test_zh_rule_over_my_dead_body() -> None:
    assert "六点前" in rules_after("打死我也不坐早上六点前的航班。")


def test_zh_rule_condition_kept() -> None:
    assert "超出预算" in rules_after("要是超出预算，一律先停下来问我。")


def test_zh_rule_by_standard() -> None:
    assert "一百" in rules_after("报销的时候餐费每人每天按一百标准，多的自己掏。")


def test_zh_rule_cannot_make_it() -> None:
    assert "下午" in rules_after("能挂上午就挂上午，下午我去不了。")


@pytest.mark.parametrize(
    "said, words",
    [
        ("座位要靠过道的，靠窗的不要。", "靠过道"),
        ("赔款打到我招行那张卡上，别打到工资卡。", "招行"),
    ],
)
def test_zh_rule_positive_half_kept(said: str, words: str) -> None:
    assert words in rules_after(said)


# ---------------------------------------------------------------- rules lifted/changed


def test_zh_also_fine_bare_noun_pinned() -> None:
    # "德芙也可以" after "必须是费列罗的" does count as a change of the rule (a conflict)...
    assert section(_after("喜糖必须是费列罗的。", "德芙也可以。"), "conflicts")


def test_zh_must_rule_widened_keeps_first_choice() -> None:
    # ... but what is left reads "德芙也可以" alone: 喜糖 and 费列罗 are gone.
    assert "费列罗" in rules_text(_after("喜糖必须是费列罗的。", "德芙也可以。"))


@pytest.mark.parametrize(
    "lift",
    ["专家号挂不上的话普通号也行。", "普通号也可以挂。"],
)
def test_zh_only_rule_widened(lift: str) -> None:
    assert "普通号" in rules_text(_after("只挂专家号。", lift))


def test_zh_cap_lifted_dearer_ok() -> None:
    text = rules_text(_after("挂号费不能超过100块。", "算了，挂号费贵点也没关系，能挂上就行。"))
    assert "100块" not in text


@pytest.mark.parametrize("lift", ["烟花的事我跟酒店谈好了，可以放了。", "烟花可以放。"])
def test_zh_ban_lifted_can_do_now(lift: str) -> None:
    assert "不要放烟花" not in rules_text(_after("不要放烟花。", lift))


def test_zh_exception_for_one_room() -> None:
    text = rules_text(
        _after("瓷砖一律用马可波罗的。", "卫生间的瓷砖可以用东鹏的，其他还是马可波罗。")
    )
    assert "东鹏" in text


@pytest.mark.parametrize(
    "rule, lift, old",
    [
        ("打车费不能报。", "打车费那条取消吧，财务说可以报了。", "打车费不能报"),
        ("转机的航班不考虑。", "转机那条作废，只要能到就行。", "不考虑"),
    ],
)
def test_zh_rule_item_cancelled(rule: str, lift: str, old: str) -> None:
    text = rules_text(_after(rule, lift))
    assert "那条" not in text and old not in text


@pytest.mark.parametrize(
    "rule, lift, old",
    [
        ("挂号费别超过一百块。", "挂号费那条不用管了。", "一百块"),
        ("层高不能低于2.6米。", "层高那个要求不用管了。", "2.6米"),
    ],
)
def test_zh_rule_item_never_mind(rule: str, lift: str, old: str) -> None:
    assert old not in rules_text(_after(rule, lift))


def test_zh_ban_lifted_dont_care() -> None:
    text = rules_text(_after("别给我换航司。", "换航司也无所谓了，只要今天能走就行。"))
    assert "别给我换航司" not in text


def test_zh_limit_changed_old_rule_kept() -> None:
    text = rules_text(_after("改签手续费我最多能接受两百。", "手续费上限改成三百吧。"))
    assert "两百" not in text


def test_zh_exception_for_one_group() -> None:
    text = rules_text(_after("每个班一天最多排两节数学。", "初三的班可以一天排三节数学。"))
    assert "初三" in text


def test_zh_limit_relaxed_to() -> None:
    text = rules_text(_after("团餐每份不超过25元。", "预算放宽到每份30元。"))
    assert "25元" not in text


def test_zh_allergy_rule_corrected() -> None:
    text = rules_text(_after("菜里不能有虾蟹。", "我搞错了，老人是对花生过敏，不是海鲜。"))
    assert "虾蟹" not in text


@pytest.mark.parametrize(
    "rule, lift, words",
    [
        ("所有费用走公司对公账户。", "这次的定金先用我个人卡付，下不为例。", "定金"),
        ("团餐每份不超过25元。", "这周五的团建可以破例一次，每份40元。", "团建"),
    ],
)
def test_zh_one_off_exception(rule: str, lift: str, words: str) -> None:
    assert words in rules_text(_after(rule, lift))


@pytest.mark.parametrize(
    "rule, lift, old",
    [
        ("别打到工资卡。", "工资卡也行，哪张都行。", "别打到工资卡"),
        ("司仪不要找男的。", "男司仪也没问题，只要有经验。", "不要找男的"),
    ],
)
def test_zh_ban_lifted_also_fine(rule: str, lift: str, old: str) -> None:
    assert old not in rules_text(_after(rule, lift))


def test_zh_ban_narrowed_to_less() -> None:
    assert "少放" in rules_text(_after("不要香菜，也不要葱。", "葱可以少放点。"))


def test_zh_rule_no_longer_counts() -> None:
    assert "不要放烟花" not in rules_text(_after("不要放烟花。", "之前说的不放烟花不算数了。"))


def test_zh_limit_removed() -> None:
    text = rules_text(_after("每个班一天最多排两节数学。", "两节数学的限制去掉吧。"))
    assert "两节数学" not in text


@pytest.mark.parametrize(
    "rule, reply, pick",
    [
        ("只能改签国航的航班。", "有两班：CA4113已满，CA1519还有座。", "那就CA1519吧。"),
        ("只挂专家号。", "有两个号：王主任的已满，李主任的还有4个。", "那就李主任吧。"),
    ],
)
def test_zh_full_option_keeps_rule(rule: str, reply: str, pick: str) -> None:
    text = block(rule, reply, pick, "好的。", "继续。")
    assert rule.rstrip("。") in rules_text(text)


# ---------------------------------------------------------------- values


def test_zh_date_changed_pinned() -> None:
    text = _after("帮我挂协和医院心内科的号，时间是12月9日上午。", "把时间改成12月10日下午。")
    assert "12月10日下午" in current_text(text)
    assert "12月9日上午" not in current_text(text)


def test_zh_claim_amount_changed_pinned() -> None:
    text = _after("理赔金额我申请的是8600元。", "医院又补了一张发票，理赔金额变成9120元了。")
    assert "9120元" in current_text(text) and "8600" not in current_text(text)


def test_zh_budget_raised_to() -> None:
    assert "18万" in current_text(_after("装修预算是15万。", "预算提到18万吧。"))


@pytest.mark.parametrize(
    "first, change, new",
    [
        ("机票改签到东航MU5101。", "MU5101不要了，还是改国航CA1519。", "CA1519"),
        ("喜宴菜单选A套餐。", "A套餐太贵了，换B套餐。", "B套餐"),
        ("复诊挂王主任的号。", "王主任约满了，换成李主任吧。", "李主任"),
    ],
)
def test_zh_choice_replaced(first: str, change: str, new: str) -> None:
    assert new in current_text(_after(first, change))


@_defect("'实木太贵，改用强化复合的' records no current value (the thing, 地板, is unnamed)")
def test_zh_choice_replaced_thing_unnamed() -> None:
    assert "强化复合" in current_text(_after("地板用实木的。", "实木太贵，改用强化复合的。"))


@_defect("'订60份午餐' stays current as 商品 after '份数改成75份'")
def test_zh_count_changed_old_order_line_dropped() -> None:
    assert "60份" not in current_text(_after("周五要订60份午餐。", "份数改成75份。"))


@_defect("'双床那间不要了' leaves the room count at 两间")
def test_zh_one_of_two_rooms_dropped() -> None:
    text = current_text(_after("酒店房间订两间，一间大床一间双床。", "双床那间不要了。"))
    assert "两间" not in text


def test_zh_own_phone_after_spouses() -> None:
    text = current_text(_after("我老婆手机号是13900001111，我的是13812345678，订单留我的。"))
    assert "13812345678" in text


def test_zh_time_moved_relative() -> None:
    text = current_text(_after("团餐送达时间是中午11点半。", "送达时间提前半小时。"))
    assert "11点半" not in text


@_defect("changing the return day (回来那天改成Y) replaces the whole trip range")
def test_zh_return_day_changed_keeps_start() -> None:
    text = current_text(_after("出差日期是11月3日到11月7日。", "回来那天改成11月8日。"))
    assert "11月3日" in text


@pytest.mark.parametrize(
    "said",
    [
        "出发地不要上海了，换成杭州。",
        "目的地不要日本了，换成韩国。",
        "手机号别用13812345678了，换成139****5678。",
    ],
)
def test_zh_slot_change_not_rule(said: str) -> None:
    assert "换成" not in rules_text(_after(said))


def test_zh_assistant_phone_not_users() -> None:
    text = block(
        "我的理赔金额是8600元。", "理赔专员吴工电话400-820-1234转6617，有问题可以找他。", "继续。"
    )
    assert "电话" not in current_text(text)


# ---------------------------------------------------------------- identifiers


def test_zh_masked_phone_kept_pinned() -> None:
    text = _after("联系人换成李娜，电话139****5678。")
    assert "139****5678" in text


def test_zh_id_card_tail_kept() -> None:
    assert "4417" in _after("我的就诊卡号是JZK-0098213，身份证尾号4417。")


def test_zh_phone_tail_not_phone() -> None:
    text = current_text(_after("我手机尾号是5678，你可以打138****5678。"))
    assert "电话=5678" not in text


def test_zh_contract_number_whole() -> None:
    assert "ZX(2026)第0315号" in _after("合同编号ZX(2026)第0315号，总价26.8万元。")


def test_zh_decimal_wan_amount_kept() -> None:
    assert "26.8万" in _after("合同总价26.8万元，首付三成。")


# ---------------------------------------------------------------- garbage


def test_zh_dont_take_it_seriously_not_rule() -> None:
    assert not section(_after("哈哈，我就是随便问问，别当真。"), "constraints")


@pytest.mark.parametrize(
    "first, fix, junk",
    [
        ("孩子上三年级二班。", "班级弄错了，是三年级五班。", "班级弄"),
        ("护照号E12345678。", "护照号有个数字错了，是E12345687。", "有个数字"),
    ],
)
def test_zh_got_it_wrong_not_slot_name(first: str, fix: str, junk: str) -> None:
    assert junk not in current_text(_after(first, fix))


@_defect("'香菇滑鸡换成土豆牛腩' makes a slot named after the dish")
def test_zh_dish_swap_not_slot_name() -> None:
    text = current_text(_after("香菇滑鸡要40份。", "香菇滑鸡换成土豆牛腩。"))
    assert "香菇滑鸡=" not in text


@_defect("a patient's contact person is labelled 收货人 (consignee)")
def test_zh_contact_person_not_consignee() -> None:
    text = current_text(_after("联系人写张伟，电话13812345678。"))
    assert "收货人" not in text


def test_zh_rule_lead_in_dropped() -> None:
    text = rules_after("规矩是这样：报销单上每一张发票都得有税号。")
    assert "规矩是这样" not in text


@pytest.mark.parametrize("said", ["保单号是PICC2026110300457。", "报销单号BX-2026-11-0087。"])
def test_zh_policy_number_not_order_number(said: str) -> None:
    assert "订单号" not in evidence_text(_after(said))


@pytest.mark.parametrize(
    "said",
    [
        "帮我总结一下现在理赔的进度。",
        "最后跟我核对一下新票的信息。",
        "把最新报价的要点给我列一下。",
        "帮我看看下周的号。",
    ],
)
def test_zh_summary_request_is_query_intent(said: str) -> None:
    assert _intent(said).startswith("查询")


def test_zh_switch_is_modify_intent() -> None:
    assert _intent("MU5101不要了，还是改国航CA1519。").startswith("修改")


def test_zh_refund_it_is_cancel_intent() -> None:
    assert _intent("这个号帮我退了吧。").startswith("取消")


# ---------------------------------------------------------------- budget


def test_zh_budget_keeps_invoice_number() -> None:
    ctx = compact(_session("zh_insurance_claim").steps, 0.3)
    seen = ctx.compacted_context + "".join(
        p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)
    )
    assert "沪医票2026-0451178" in seen


def test_zh_budget_keeps_claim_ids_pinned() -> None:
    ctx = compact(_session("zh_insurance_claim").steps, 0.15)
    assert "RPT2026112800931" in ctx.compacted_context
    assert "PICC2026110300457" in ctx.compacted_context


def test_zh_block_headers_in_chinese_pinned() -> None:
    text = _after("出发城市是上海，到达成都。", "出发地改成杭州。")
    assert "[当前状态]" in text and "[State]" not in text
    assert "杭州" in state_text(text)
