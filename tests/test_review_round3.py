# ruff: noqa: E501  (conversation text is kept verbatim)
"""Third review round, on sessions unlike the first two rounds' (wedding planning, car rental,
recruiting, real-estate viewings, shopping with tools, translation style rules, DevOps shell
agents, visa paperwork; English and Chinese).

The 14 sessions are in `_review_convos3.py`; `test_sessions3_keep_latest_turn_and_pairs` runs each
at 30% of its raw tokens. Every other test is the smallest input that shows one defect found
(38, all fixed since): the block is read at a budget large enough that nothing is shed for room,
so what fails is what the engine understood.
"""

from __future__ import annotations

import pytest
from _review_convos import Convo
from _review_convos3 import CONVOS3
from _review_harness import (
    block,
    block_of,
    build,
    compact,
    current_text,
    evidence_text,
    rules_text,
    section,
)

from ctxengine.convert import validate_pairing
from ctxengine.messages import TextPart

# ---------------------------------------------------------------- the sessions themselves


@pytest.mark.parametrize("convo", CONVOS3, ids=[c.name for c in CONVOS3])
def test_sessions3_keep_latest_turn_and_pairs(convo: Convo) -> None:
    ctx = compact(convo.steps, 0.3)
    assert ctx.compacted_context
    shown = [p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)]
    assert any(convo.steps[-1][1] in t for t in shown)
    validate_pairing(ctx.messages)


def test_sessions3_are_half_english_half_chinese() -> None:
    langs = [c.lang for c in CONVOS3]
    assert len(CONVOS3) >= 10 and langs.count("en") == langs.count("zh")
    assert all(10 <= len(build(c.steps)) <= 25 for c in CONVOS3)


# ---------------------------------------------------------------- revocations not applied


def test_revoke_scratch_the_cap() -> None:
    text = block(
        "Always keep the total budget under $38,000.",
        "OK.",
        "Scratch the budget cap. The new cap is $45,000.",
        "OK.",
        "Go.",
    )
    assert "$38,000" not in rules_text(text)


def test_revoke_relax_requirement() -> None:
    text = block(
        "Only consider candidates with at least 5 years of Go.",
        "OK.",
        "We can relax the Go requirement: 3 years is enough now.",
        "OK.",
        "Go.",
    )
    assert "at least 5 years of Go" not in rules_text(text)


def test_limit_raised_replaces_rule() -> None:
    text = block(
        "Each heading at most 40 characters.",
        "OK.",
        "Headings can go up to 55 characters now.",
        "OK.",
        "Go.",
    )
    assert "40 characters" not in rules_text(text)


def test_revocation_not_shown_as_rule() -> None:
    text = block(
        "Always use --dry-run first before any kubectl apply.",
        "OK.",
        "You can skip the dry-run from now on.",
        "OK.",
        "Go.",
    )
    assert "skip the dry-run" not in rules_text(text)


def test_zh_revoke_cancel_that_rule() -> None:
    text = block(
        "总预算不能超过25万元。",
        "好的。",
        "预算那条取消吧，不用卡25万了，改成32万。",
        "好的。",
        "继续。",
    )
    assert "不能超过25万元" not in rules_text(text)


def test_zh_revocation_not_shown_as_rule() -> None:
    text = block(
        "总预算不能超过25万元。",
        "好的。",
        "预算那条取消吧，不用卡25万了，改成32万。",
        "好的。",
        "继续。",
    )
    assert "不用卡25万" not in rules_text(text)


def test_zh_revoke_x_also_acceptable() -> None:
    text = block(
        "不要一楼，也不要朝北的。",
        "好的。",
        "朝北的其实也可以接受，只要不是一楼。",
        "好的。",
        "继续。",
    )
    rules = rules_text(text)
    assert "不要一楼" in rules
    assert "朝北" not in rules


def test_zh_revoke_also_fine_to_write() -> None:
    text = block(
        "在职证明上不要写我的月薪。", "好的。", "在职证明上写月薪也可以。", "好的。", "继续。"
    )
    assert "不要写我的月薪" not in rules_text(text)


def test_zh_revoke_no_need_to_ask() -> None:
    text = block(
        "执行任何删除命令前必须先问我。",
        "好的。",
        "删除命令以后不用问我了，直接执行。",
        "好的。",
        "继续。",
    )
    rules = rules_text(text)
    assert "必须先问我" not in rules
    assert "不用问我了" not in rules


# ---------------------------------------------------------------- rules not read whole


def test_rule_use_x_never_y_keeps_positive_half() -> None:
    text = block("Use the formal 'Sie', never 'du'.", "OK.", "Go.")
    assert "Use the formal 'Sie'" in rules_text(text)


def test_rule_keep_x_untranslated() -> None:
    text = block(
        "Keep product names like CloudSync Pro and the API term 'webhook' untranslated.",
        "OK.",
        "Go.",
    )
    assert "CloudSync Pro" in rules_text(text)


def test_zh_budget_change_not_rule_nor_conflict() -> None:
    text = block(
        "只看地铁站步行10分钟以内的，预算每月8000以内。",
        "好的。",
        "预算可以放宽到9500了。",
        "好的。",
        "继续。",
    )
    assert "步行10分钟以内" in rules_text(text)
    assert "9500" not in rules_text(text)
    assert not section(text, "conflicts")


# ---------------------------------------------------------------- slots: values not current


def test_slot_guest_count_now() -> None:
    text = block(
        "The guest count is 140.", "OK.", "Actually the guest count is now 165.", "Noted.", "Go."
    )
    assert "165" in current_text(text)
    assert "140" not in current_text(text)


def test_slot_pick_up_instead_of() -> None:
    text = block(
        "Pick up at SFO. Return on March 11.",
        "OK.",
        "Actually pick up at Oakland airport instead of SFO.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "Oakland airport" in current
    assert "up at Oakland" not in current


def test_slot_move_it_has_a_name() -> None:
    text = block(
        "Schedule Lena for a phone screen on Tuesday at 10am.",
        "OK.",
        "Lena asked to move it to Wednesday at 2pm.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "Wednesday at 2pm" in current
    assert "unspecified" not in current


def test_slot_target_version_now() -> None:
    text = block(
        "Deploy payments-api v2.14.3 to staging.",
        "OK.",
        "The target version is now v2.14.4. Deploy that.",
        "OK.",
        "Go.",
    )
    assert "v2.14.4" in current_text(text)


def test_zh_slot_version_not_host() -> None:
    text = block("把 order-svc 升级到 v3.8.0。", "好的。", "版本改成 v3.8.1。", "好的。", "继续。")
    current = current_text(text)
    assert "v3.8.1" in current
    assert "host" not in current


def test_zh_slot_name_drops_connective() -> None:
    text = block("宾客120人。", "好的。", "另外宾客人数改成150人了。", "好的。", "继续。")
    current = current_text(text)
    assert "150人" in current
    assert "另外" not in current


def test_zh_slot_visa_type_change() -> None:
    text = block(
        "我要办日本单次旅游签证。", "好的。", "改成三年多次往返签证吧。", "好的。", "继续。"
    )
    assert "三年多次" in current_text(text)


# ---------------------------------------------------------------- garbage and identifiers


def test_assistant_mention_not_language_slot() -> None:
    text = block("Translate into German.", "Product names stay in English.", "Go.")
    assert "English" not in current_text(text)


def test_reason_clause_not_payment_slot() -> None:
    text = block("Never add the collision damage waiver, my credit card covers it.", "OK.", "Go.")
    assert "payment" not in current_text(text)


def test_amount_with_k_suffix_whole() -> None:
    text = block("The salary band is $185k-$210k.", "OK.", "Go.")
    evidence = evidence_text(text) + current_text(text)
    assert "$185k" in evidence and "$210k" in evidence


def test_pod_name_from_shell_output_kept() -> None:
    text = block_of(
        [
            ("u", "Check the rollout of payments-api on staging."),
            (
                "call",
                "shell",
                {"cmd": "kubectl rollout status deploy/payments-api"},
                "payments-api-7c9f8d6b5-x2kqp   0/1   CrashLoopBackOff",
            ),
            ("a", "The pod is crash-looping."),
            ("u", "Why?"),
        ]
    )
    assert "payments-api-7c9f8d6b5-x2kqp" in text


# ---------------------------------------------------------------- found in a second pass


def test_slot_new_cap_replaces_budget() -> None:
    text = block("The budget is $38,000.", "OK.", "The new cap is $45,000.", "OK.", "Go.")
    current = current_text(text)
    assert "$45,000" in current
    assert "$38,000" not in current


def test_pickup_change_keeps_return_date() -> None:
    text = block(
        "Extend the return to March 11.",
        "OK.",
        "Actually pick up at Oakland airport instead of SFO.",
        "OK.",
        "Go.",
    )
    assert "March 11" in current_text(text)


def test_one_off_exception_shown() -> None:
    text = block(
        "Never add the collision damage waiver.",
        "OK.",
        "For this rental only, go ahead and add the CDW.",
        "OK.",
        "Go.",
    )
    assert "this rental" in text


def test_zh_one_off_exception_keeps_standing_rule() -> None:
    text = block("每次回复都用简体中文。", "好的。", "这次例外，用英文回复。", "好的。", "继续。")
    assert "简体中文" in rules_text(text) + current_text(text)


def test_zh_slot_from_x_to_y() -> None:
    text = block("婚期5月22日。", "好的。", "婚期从5月22日改到5月29日。", "好的。", "继续。")
    current = current_text(text)
    assert "5月29日" in current
    assert "5月22日" not in current


def test_zh_pod_name_from_shell_output_kept() -> None:
    text = block_of(
        [
            ("u", "看下 order-svc 的 pod。"),
            (
                "call",
                "shell",
                {"cmd": "kubectl get pods"},
                "order-svc-5d7b9c8f4-qm2zt   0/1   ImagePullBackOff",
            ),
            ("a", "拉镜像失败。"),
            ("u", "为什么？"),
        ]
    )
    assert "order-svc-5d7b9c8f4-qm2zt" in text


# ---------------------------------------------------------------- real estate and visa sessions


def test_push_viewing_replaces_day() -> None:
    text = block(
        "Book a viewing on Saturday at 11am.",
        "Booked.",
        "Push the viewing to Sunday at 1pm.",
        "Moved.",
        "Go.",
    )
    current = current_text(text)
    assert "Sunday at 1pm" in current
    assert "Saturday" not in current


def test_rule_no_x_over_amount_after_slot() -> None:
    text = block("Max price $620,000, and no HOA fees over $150 a month.", "OK.", "Go.")
    assert "no HOA fees over $150 a month" in rules_text(text)


def test_rule_exception_doesnt_apply_to() -> None:
    text = block(
        "Don't show me anything built before 1990.",
        "OK.",
        "The 1990 rule doesn't apply to historic homes in Travis Heights, those are fine.",
        "OK.",
        "Go.",
    )
    assert "Travis Heights" in text


def test_assistant_echo_no_now_prefixed_slot() -> None:
    text = block("Change my return to June 24.", "Booked. Return date is now June 24.", "Go.")
    assert "now June 24" not in current_text(text)


# ---------------------------------------------------------------- Chinese car repair and translation


def test_zh_rule_limit_then_ask_kept_whole() -> None:
    text = block("维修预算最多5000，超过先问我。", "好的。", "继续。")
    assert "超过先问我" in rules_text(text)


def test_zh_licence_plate_whole() -> None:
    text = block("我的车（车牌 沪A·7K392）在修。", "好的。", "继续。")
    assert "沪A·7K392" in text
    assert "航班" not in text


def test_zh_rule_fixed_translation_kept() -> None:
    text = block("公司名“星河智能”固定译为 Galaxy Intelligence，不要音译。", "好的。", "继续。")
    assert "Galaxy Intelligence" in rules_text(text)


def test_zh_limit_changed_replaces_rule() -> None:
    text = block(
        "每段不超过120个单词。",
        "好的。",
        "段落字数限制改成150个单词吧，120太紧了。",
        "好的。",
        "继续。",
    )
    assert "120个单词" not in rules_text(text)


def test_zh_revoke_x_also_ok() -> None:
    text = block("别给我订电车。", "好的。", "电车其实也行，小区刚装了充电桩。", "好的。", "继续。")
    assert "别给我订电车" not in rules_text(text)
