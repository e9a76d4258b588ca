# ruff: noqa: E501  (conversation text is kept verbatim)
"""Sixth review round, on long agentic sessions in domains the first five rounds did not use: a
CRM de-duplication agent, a conference organiser, a meal planner with dietary rules, a bank-card
dispute, a photo print shop, a game-server admin and an ocean-freight booking; and in Chinese a
宠物医院 booking, 驾校报名, 快递寄件, a 租房合同 drafting assistant, 银行卡挂失, 家电维修 and
考研报名.

The 14 sessions are in `_review_convos6.py`; `test_sessions6_keep_latest_turn_and_pairs` runs each
at 30% and at 15% of its raw tokens. Every other test is the smallest input that shows one defect
found (76: rules read 12, rules lifted/changed 18, values 22, identifiers 2, garbage 19, budget 3;
all fixed since, each with look-alikes and near-misses in its own module). The block is read at a
budget large enough that nothing is shed for room (except under "budget" and the two
shed-tool-result tests under "identifiers"), so what fails is what the engine understood. Some
inputs come from probing the same domains beyond the sessions (other wordings of a rule, its
lift, its exception). "garbage" includes three intent misreads. A few tests pin behaviour that
was right from the start and is worth keeping.

Most sessions are under 900 raw tokens, so both shares hit the 256-token floor: the two budget
runs are usually the same run.
"""

from __future__ import annotations

import pytest
from _review_convos import Convo
from _review_convos6 import CONVOS6
from _review_harness import (
    Step,
    block,
    block_of,
    build,
    compact,
    current_text,
    rules_text,
    section,
    state_text,
)

from ctxengine.convert import validate_pairing
from ctxengine.messages import TextPart


def _session(name: str) -> Convo:
    return next(c for c in CONVOS6 if c.name == name)


# ---------------------------------------------------------------- the sessions themselves


@pytest.mark.parametrize("share", [0.3, 0.15])
@pytest.mark.parametrize("convo", CONVOS6, ids=[c.name for c in CONVOS6])
def test_sessions6_keep_latest_turn_and_pairs(convo: Convo, share: float) -> None:
    ctx = compact(convo.steps, share)
    assert ctx.compacted_context
    shown = [p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)]
    assert any(convo.steps[-1][1] in t for t in shown)
    validate_pairing(ctx.messages)


def test_sessions6_are_half_english_half_chinese_and_long() -> None:
    langs = [c.lang for c in CONVOS6]
    assert len(CONVOS6) == 14 and langs.count("en") == langs.count("zh")
    assert all(20 <= len(build(c.steps)) <= 40 for c in CONVOS6)
    assert all(sum(1 for s in c.steps if s[0] == "call") >= 3 for c in CONVOS6)


# ---------------------------------------------------------------- rules read


def test_rule_nothing_with_x_ever() -> None:
    text = block("My son has a tree-nut allergy, so nothing with nuts, ever.", "OK.", "Go.")
    assert "nothing with nuts" in rules_text(text)


def test_rule_no_x_with_reason_after() -> None:
    text = block(
        "No transshipment through Colombo, we had a six-week delay there last year.", "OK.", "Go."
    )
    assert "No transshipment through Colombo" in rules_text(text)


def test_rule_must_be_under_n_days() -> None:
    text = block("Transit time must be under 34 days too.", "OK.", "Go.")
    assert "under 34 days" in rules_text(text)


def test_rule_everything_x_no_exceptions() -> None:
    text = block("Draft the catering order. Everything vegetarian, no exceptions.", "OK.", "Go.")
    assert "vegetarian" in rules_text(text)


def test_zh_rule_use_formal_register() -> None:
    text = block("写合同的时候用正式书面语，不要出现口语。", "好的。", "继续。")
    assert "正式书面语" in rules_text(text)


def test_zh_rule_amounts_in_both_forms() -> None:
    text = block("金额都要大写小写一起写。", "好的。", "继续。")
    assert "大写小写" in rules_text(text)


def test_rule_must_be_on() -> None:
    text = block("Prints must be on acid-free paper.", "OK.", "Go.")
    assert "acid-free" in rules_text(text)


def test_rule_needs_checked_first() -> None:
    text = block("Any contact in Germany needs GDPR consent checked first.", "OK.", "Go.")
    assert "GDPR consent" in rules_text(text)


def test_rule_n_minutes_max_strictly() -> None:
    text = block("Speakers get 20 minutes max, strictly.", "OK.", "Go.")
    assert "20 minutes max" in rules_text(text)


def test_rule_ask_me_before() -> None:
    text = block("Ask me before withdrawing any dispute.", "OK.", "Go.")
    assert "Ask me before withdrawing" in rules_text(text)


def test_zh_rule_confirm_anything_over_amount() -> None:
    text = block("以后凡是超过 500 的项目都先跟我确认。", "好的。", "继续。")
    assert "先跟我确认" in rules_text(text)


def test_zh_rule_dont_pay_for_me() -> None:
    text = block("报名费我自己交，你别代付。", "好的。", "继续。")
    assert "别代付" in rules_text(text)


# ---------------------------------------------------------------- rules lifted/changed


def test_one_pair_exception_keeps_rule() -> None:
    text = block(
        "Never merge a record that has an open opportunity attached.",
        "OK.",
        "For this pair you can merge anyway.",
        "OK.",
        "Go.",
    )
    assert "open opportunity" in rules_text(text)


def test_exception_for_one_file_kept() -> None:
    text = block(
        "Don't crop anything, ever.", "OK.", "For IMG_2305.jpg you can crop it.", "OK.", "Go."
    )
    assert "IMG_2305.jpg" in rules_text(text)


def test_revoke_cutoff_doesnt_apply_anymore() -> None:
    text = block(
        "The programme must finish by 17:30.",
        "OK.",
        "The end time can move to 18:00. The 17:30 cutoff doesn't apply anymore.",
        "OK.",
        "Go.",
    )
    assert "17:30" not in rules_text(text)


def test_revoke_forget_what_i_said_not_a_rule() -> None:
    text = block("No pork.", "OK.", "Forget what I said about pork.", "OK.", "Go.")
    assert not section(text, "constraints")


def test_zh_revoke_both_days_fine_again() -> None:
    text = block(
        "以后只能排周日。",
        "好的。",
        "不对，我看错排班表了，还是周六周日都可以排。",
        "好的。",
        "继续。",
    )
    assert "只能排周日" not in rules_text(text)


def test_zh_revoke_freeze_it_too() -> None:
    text = block(
        "信用卡别动，那张我还在用。",
        "好的。",
        "刚才说信用卡别动，现在想想还是一起冻结吧。",
        "好的。",
        "继续。",
    )
    assert "信用卡别动" not in rules_text(text)


def test_zh_rule_narrowed_with_consent() -> None:
    text = block(
        "合同里不许转租。",
        "好的。",
        "转租那条可以放宽一点，经房东书面同意的可以转租。",
        "好的。",
        "继续。",
    )
    assert "书面同意" in rules_text(text)


def test_revoke_no_need_anymore() -> None:
    text = block(
        "Always cc legal@northwind.io on merge reports.",
        "OK.",
        "No need to cc legal anymore, they opted out.",
        "OK.",
        "Go.",
    )
    assert "Always cc legal" not in rules_text(text)


def test_rule_replaced_instead_of_from_now_on() -> None:
    text = block(
        "Always cc legal@northwind.io on merge reports.",
        "OK.",
        "Cc compliance@northwind.io instead of legal from now on.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "compliance@northwind.io" in rules
    assert "Always cc legal" not in rules


def test_time_rule_loosened_after_all() -> None:
    text = block(
        "Don't schedule anything before 9am Lisbon time.",
        "OK.",
        "8:30 starts are okay after all, the venue opens early.",
        "OK.",
        "Go.",
    )
    assert "before 9am" not in rules_text(text)


def test_limit_make_it_replaces_rule() -> None:
    text = block(
        "No more than two merges per batch.",
        "OK.",
        "Make it five per batch, two is too slow.",
        "OK.",
        "Go.",
    )
    assert "two merges" not in rules_text(text)


def test_exception_for_one_day_kept() -> None:
    text = block(
        "Keep the kids' meals mild, no chili.",
        "OK.",
        "A little chili is fine for Friday, they're older now.",
        "OK.",
        "Go.",
    )
    assert "Friday" in rules_text(text)


def test_zh_limit_raised_by_value() -> None:
    text = block(
        "押金不能超过一个月房租。", "好的。", "押金改成两个月也可以，她同意了。", "好的。", "继续。"
    )
    assert "不能超过一个月" not in rules_text(text)


def test_zh_revoke_call_me_directly() -> None:
    text = block(
        "千万别给我打电话，发微信就行。",
        "好的。",
        "这几天微信登不上，有事直接打电话吧。",
        "好的。",
        "继续。",
    )
    assert "别给我打电话" not in rules_text(text)


def test_zh_revoke_domestic_also_fine() -> None:
    text = block(
        "疫苗只打进口的。", "好的。", "国产的也行，进口的缺货就打国产的。", "好的。", "继续。"
    )
    assert "国产" in rules_text(text) or "只打进口" not in rules_text(text)


def test_zh_this_once_exception_kept() -> None:
    text = block(
        "维修配件必须用原厂的。",
        "好的。",
        "原厂配件要等两周，那就用副厂的吧，这次算了。",
        "好的。",
        "继续。",
    )
    assert "副厂" in rules_text(text) or "必须用原厂" not in rules_text(text)


def test_zh_revoke_use_real_name() -> None:
    text = block(
        "寄件人信息不要写真实姓名，写林女士就行。",
        "好的。",
        "寄件人就写真名吧，林秀英，快递那边要实名。",
        "好的。",
        "继续。",
    )
    assert "不要写真实姓名" not in rules_text(text)


def test_zh_exception_for_one_payment_kept() -> None:
    text = block(
        "所有费用一律走对公账户。", "好的。", "押金那笔例外，走我个人账户。", "好的。", "继续。"
    )
    assert "押金" in rules_text(text)


def test_zh_revoke_not_only_evenings() -> None:
    text = block(
        "上门时间只能是晚上 7 点以后，白天家里没人。",
        "好的。",
        "周六白天我其实在家，下午也可以来，不用非得晚上了。",
        "好的。",
        "继续。",
    )
    assert "晚上 7 点以后" not in rules_text(text)


def test_exception_for_one_host_kept_beside_rule() -> None:
    text = block(
        "Never restart a server while players are online.",
        "OK.",
        "For mc-us-01 you can restart even with players on, I'll announce it.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "Never restart a server while players are online" in rules
    assert "mc-us-01" in rules


def test_zh_partial_permission_keeps_rule() -> None:
    text = block(
        "任何检查都不要用全麻。", "好的。", "镇静可以，但全麻还是绝对不行。", "好的。", "继续。"
    )
    assert "全麻" in rules_text(text)


def test_rule_from_now_on_prefix() -> None:
    text = block("New rule from now on: keep each dinner under 650 kcal per serving.", "OK.", "Go.")
    assert "under 650 kcal per serving" in rules_text(text)


# ---------------------------------------------------------------- values


def test_slot_date_corrected_twice_in_one_message() -> None:
    text = block(
        "Set the send date to September 9. Wait, marketing says September 16. Ugh, no, the 23rd, final answer.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "23" in current
    assert "September 9" not in current


def test_slot_date_corrected_wait_says() -> None:
    text = block(
        "Set the date to September 9.", "OK.", "Wait, marketing says September 16.", "OK.", "Go."
    )
    current = current_text(text)
    assert "September 16" in current
    assert "September 9" not in current


def test_slot_date_corrected_day_only() -> None:
    text = block("Set the date to September 16.", "OK.", "No, the 23rd.", "OK.", "Go.")
    assert "September 16" not in current_text(text)


def test_slot_headcount_corrected_twice() -> None:
    text = block(
        "Dinner for four people.",
        "OK.",
        "Friday is five people, not four. Actually six, she's bringing her boyfriend.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "six" in current or "6" in current
    assert "four" not in current


def test_slot_address_corrected_same_message() -> None:
    text = block(
        "Ship to 48 Larkspur Lane, Portland OR 97211. Oh, my mistake, 84 Larkspur Lane.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "84 Larkspur Lane" in current
    assert "48 Larkspur Lane" not in current


def test_slot_address_corrected_next_message() -> None:
    text = block(
        "Ship to 48 Larkspur Lane.", "OK.", "Oh, my mistake, 84 Larkspur Lane.", "OK.", "Go."
    )
    assert "84 Larkspur Lane" in current_text(text)
    assert "48 Larkspur Lane" in state_text(text)  # archived under it, not current
    assert "48 Larkspur Lane" not in current_text(text)


def test_slot_name_corrected_one_character() -> None:
    text = block(
        "Ban the griefer, his name is xX_Shadow_Xx. Hmm no, it's xX_Shad0w_Xx with a zero.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "xX_Shad0w_Xx" in current
    assert "xX_Shadow_Xx" not in current


def test_slot_print_size_changed_twice() -> None:
    text = block(
        "40 prints at 5x7.", "OK.", "Make them 8x10 instead. Hmm, too big. 6x8 then.", "OK.", "Go."
    )
    current = current_text(text)
    assert "6x8" in current
    assert "5x7" not in current and "8x10" not in current


def test_slot_keynote_speaker_corrected() -> None:
    text = block(
        "The keynote is Dr. Amara Okafor. Sorry, I mixed it up, the keynote is Prof. Henrik Dahl.",
        "OK.",
        "Go.",
    )
    assert "Henrik Dahl" in current_text(text)


def test_slot_headcount_now_then() -> None:
    text = block(
        "About 220 people.",
        "OK.",
        "Headcount is now 250. Let's say 240 then, we cap registration.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "240" in current
    assert "220" not in current and "250" not in current


def test_slot_email_use_actually_no_use() -> None:
    text = block(
        "Use jpike.home@proton.me.",
        "OK.",
        "Actually, no, use my work one, jordan.pike@lumenlabs.io.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "jordan.pike@lumenlabs.io" in current
    assert "jpike.home@proton.me" not in current


def test_slot_quoted_text_amended() -> None:
    text = block("Set the MOTD to 'Season 7 starts Friday'. Wait, make it Saturday.", "OK.", "Go.")
    assert "Friday" not in current_text(text)


def test_slot_company_name_corrected() -> None:
    text = block(
        "The consignee name is wrong, it's Vermeer Wonen BV, not Vermeer Home.", "OK.", "Go."
    )
    assert "Vermeer Wonen BV" in current_text(text)


def test_slot_date_slipped_to() -> None:
    text = block(
        "Cargo ready August 20.", "OK.", "Cargo ready date slipped to August 27.", "OK.", "Go."
    )
    current = current_text(text)
    assert "August 27" in current
    assert "August 20" not in current


def test_slot_tag_x_not_y() -> None:
    text = block("Tag all merged contacts with q3-dedupe, not dedupe-q3.", "OK.", "Go.")
    assert "q3-dedupe" in current_text(text) + rules_text(text)


def test_zh_slot_time_no_demonstrative() -> None:
    text = block(
        "约14:00的。", "好的。", "时间改一下，14点我要开会，改到16:30那个。", "好的。", "继续。"
    )
    current = current_text(text)
    assert "16:30" in current
    assert "那个" not in current


def test_zh_slot_licence_class_changed() -> None:
    text = block("我想学C1手动挡。", "好的。", "还是学自动挡C2吧。", "好的。", "继续。")
    current = current_text(text)
    assert "C2" in current
    assert "C1" not in current


def test_zh_slot_lease_term_changed() -> None:
    text = block("租期一年。", "好的。", "租期也改成两年。", "好的。", "继续。")
    assert "两年" in current_text(text)


def test_zh_slot_ship_home_instead() -> None:
    text = block(
        "新卡寄到公司，地址是深圳南山区科技园科苑路 15 号 A 座 9 楼。",
        "好的。",
        "新卡还是别寄公司了，寄到家里吧，福田区景田北路 88 号。",
        "好的。",
        "继续。",
    )
    current = current_text(text)
    assert "景田北路" in current
    assert "科苑路" not in current


def test_zh_slot_partial_address_correction() -> None:
    text = block(
        "地址是广州市越秀区东风中路 318 号 5 栋 702。",
        "好的。",
        "收件地址写错了，是 5 栋 1702，不是 702。",
        "好的。",
        "继续。",
    )
    current = current_text(text)
    assert "1702" in current
    assert "东风中路 318 号" in current  # the street is not what was corrected


def test_slot_choice_kept_after_assistant_proposal() -> None:
    text = block(
        "Matte paper, please.",
        "Would you like lustre instead of matte? Same price.",
        "No, stick with matte.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "matte" in current.lower()
    assert "lustre" not in current.lower()


def test_slot_pick_the_cheaper_one() -> None:
    venues = [
        {"id": "VEN-LX-0412", "name": "Alcantara", "day_rate_eur": 9800},
        {"id": "VEN-LX-0988", "name": "Braco de Prata", "day_rate_eur": 6200},
    ]
    steps: list[Step] = [
        ("u", "Find venues."),
        ("call", "venue_search", {"city": "Lisbon"}, {"venues": venues}),
        ("a", "Alcantara EUR 9,800 or Braco de Prata EUR 6,200."),
        ("u", "Go with the cheaper one."),
        ("a", "OK."),
        ("u", "Go."),
    ]
    current = current_text(block_of(steps))
    assert "Braco de Prata" in current or "VEN-LX-0988" in current


def test_zh_slot_pick_the_cheaper_one() -> None:
    classes = [
        {"class_id": "CLS-0117-W1", "name": "周末班", "price": 4280},
        {"class_id": "CLS-0117-VIP", "name": "周末VIP班", "price": 5600},
    ]
    steps: list[Step] = [
        ("u", "查一下有哪些班。"),
        ("call", "school_classes", {"school_id": "DS-CD-0117"}, {"classes": classes}),
        ("a", "有周末班 4280 元和周末VIP班 5600 元。"),
        ("u", "按刚才那个便宜的报。"),
        ("a", "好的。"),
        ("u", "继续。"),
    ]
    current = current_text(block_of(steps))
    assert "CLS-0117-W1" in current or "周末班" in current


def test_zh_phone_corrected_archived() -> None:
    text = block(
        "电话 159****4410。", "好的。", "对了电话留错了，是 159****4401。", "好的。", "继续。"
    )
    assert "159****4401" in current_text(text)
    assert "159****4410" in state_text(text)
    assert "159****4410" not in current_text(text)


def test_zh_rent_changed() -> None:
    text = block("月租 4200，押一付三。", "好的。", "租金改成 4000。", "好的。", "继续。")
    assert "4000" in current_text(text)
    assert "4200" not in current_text(text)


# ---------------------------------------------------------------- identifiers


def test_tool_result_keeps_every_pair_id() -> None:
    pairs = [
        {"a": "CNT-004417", "b": "CNT-019283", "name": "Lena Vogt", "score": 0.97},
        {"a": "CNT-007731", "b": "CNT-020015", "name": "Marco Bianchi", "score": 0.91},
        {"a": "CNT-011902", "b": "CNT-021446", "name": "Sophie Laurent", "score": 0.86},
    ]
    steps: list[Step] = [
        ("u", "Pull the duplicates report for the EMEA region."),
        ("call", "crm_duplicates", {"region": "EMEA"}, {"pairs": pairs, "total": 3}),
        ("a", "Three candidate pairs: Lena Vogt, Marco Bianchi and Sophie Laurent."),
        ("u", "What's the third pair?"),
    ]
    ctx = compact(steps, 0.6)  # the result itself is shed: the block stands for it
    seen = ctx.compacted_context + "".join(
        p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)
    )
    for pair in pairs:
        assert str(pair["a"]) in seen and str(pair["b"]) in seen


def test_long_tool_json_keeps_ids_when_shed() -> None:
    rows = [
        ("CNSHA", "Gate in", "MSKU7214539"),
        ("CNSHA", "Gate in", "MSKU7214840"),
        ("CNSHA", "Loaded", "MSKU7214539"),
        ("CNSHA", "Loaded", "MSKU7214840"),
        ("SGSIN", "Discharged", "MSKU7214539"),
        ("SGSIN", "Discharged", "MSKU7214840"),
        ("SGSIN", "Loaded", "MSKU7214539"),
        ("SGSIN", "Held - customs inspection", "MSKU7214840"),
        ("LKCMB", "Discharged", "MSKU7214539"),
        ("LKCMB", "Loaded", "MSKU7214539"),
        ("NLRTM", "ETA", "MSKU7214539"),
        ("SGSIN", "Inspection note INSP-SG-448120", "MSKU7214840"),
    ]
    events = [
        {
            "ts": f"2027-08-{10 + i:02d}T0{i % 10}:15:00Z",
            "location": loc,
            "event": ev,
            "container": c,
        }
        for i, (loc, ev, c) in enumerate(rows)
    ]
    result = {
        "booking_ref": "MAEU261884530",
        "vessel": "Maersk Eindhoven 433W",
        "events": events,
        "bl_no": "MAEU2618845301",
    }
    steps: list[Step] = [
        ("u", "Track booking MAEU261884530."),
        ("call", "track", {"booking_ref": "MAEU261884530"}, result),
        ("a", "One container is held at Singapore for a customs inspection."),
        ("u", "Which one, and what's the inspection reference? And the B/L number?"),
    ]
    ctx = compact(steps, 0.6)
    seen = ctx.compacted_context + "".join(
        p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)
    )
    assert "MAEU2618845301" in seen
    assert "INSP-SG-448120" in seen


def test_zh_id_numbers_in_call_args_kept() -> None:
    text = block_of(_session("zh_driving_school").steps)
    assert "510107199203154418" in text
    assert "EN-2027-0913-0288" in text


def test_container_numbers_kept() -> None:
    text = block_of(_session("en_freight").steps)
    assert "MSKU7214539" in text and "MSKU7214840" in text
    assert "MAEU261884530" in text


# ---------------------------------------------------------------- garbage


def test_dish_name_not_color() -> None:
    text = block("Quesadillas Thursday.", "Thursday: black bean quesadillas.", "Go.")
    assert "color" not in current_text(text)


def test_white_borders_not_color() -> None:
    text = block("Don't crop anything, ever, I'd rather have white borders.", "OK.", "Go.")
    assert "color" not in current_text(text)


def test_the_empty_one_not_slot_name() -> None:
    text = block("Update the empty one to 1.21.3 and restart it.", "OK.", "Go.")
    assert "empty one" not in current_text(text)


def test_email_is_old_not_value() -> None:
    text = block("The contact email is old.", "OK.", "Go.")
    assert "email=old" not in current_text(text)


def test_move_to_not_unspecified_slot() -> None:
    text = block("Move it to the Eindhoven then.", "OK.", "Go.")
    assert "unspecified" not in current_text(text)


def test_banned_player_not_recipient() -> None:
    text = block("Ban the griefer, his name is xX_Shad0w_Xx.", "OK.", "Go.")
    assert "recipient" not in current_text(text)


def test_never_heard_of_not_rule() -> None:
    text = block("I've never heard of GlobalTech.", "OK.", "Go.")
    assert not section(text, "constraints")


def test_permission_to_act_not_rule() -> None:
    text = block("You can unblock online payments again.", "OK.", "Go.")
    assert not section(text, "constraints")


def test_zh_over_budget_by_not_budget() -> None:
    text = block(
        "预算不超过 4500。",
        "交运的通过率最高，虽然超预算 480，要不要考虑？",
        "不考虑。",
        "好的。",
        "继续。",
    )
    assert "480" not in current_text(text)


def test_zh_applicant_not_consignee() -> None:
    text = block("好，报这个。身份证号 510107199203154418，姓名刘思远。", "好的。", "继续。")
    assert "收货人" not in current_text(text)


def test_zh_exam_subject_not_language() -> None:
    text = block("科目是 101 政治、201 英语一、301 数学一。", "好的。", "继续。")
    assert "语言" not in current_text(text)


def test_zh_leave_card_alone_not_payment_method() -> None:
    text = block("信用卡别动，那张我还在用。", "好的。", "继续。")
    assert "支付方式" not in current_text(text)


def test_zh_fragment_write_it_down_not_rule() -> None:
    text = block("合同里不许转租，这条一定要写明。", "好的。", "继续。")
    assert "- 这条一定要写明" not in text


def test_zh_fragment_dont_pick_wrong_not_rule() -> None:
    text = block("考试科目里数学要考数学一，不要选错了。", "好的。", "继续。")
    assert "- 不要选错了" not in text


def test_zh_reason_not_rule() -> None:
    text = block("药材怕压，别用中通。", "好的。", "继续。")
    assert "- 药材怕压" not in text


def test_zh_listed_option_ruled_out_no_conflict() -> None:
    text = block(
        "寄到广州。",
        "三个选择：顺丰 58 元；京东 52 元；中通 24 元。",
        "别用中通。",
        "好的。",
        "继续。",
    )
    assert not section(text, "conflicts")


def test_zh_this_once_not_cancel_intent() -> None:
    text = block("修冰箱。", "好的。", "那就用副厂的吧，这次算了。")
    assert not any("取消" in line for line in section(text, "intent"))


def test_question_about_changes_not_modify_intent() -> None:
    text = block("Order prints.", "OK.", "Is it too late to change anything?")
    assert section(text, "intent")[0].startswith("query")


def test_send_me_again_is_query_intent() -> None:
    text = block(
        "Book it.", "OK.", "Good. Send me the hold and agenda ids again with the headcount."
    )
    assert section(text, "intent")[0].startswith("query")


# ---------------------------------------------------------------- budget


def test_budget_keeps_remaining_pair() -> None:
    ctx = compact(_session("en_crm_dedupe").steps, 0.3)
    assert "CNT-021446" in ctx.compacted_context


def test_zh_budget_keeps_disputed_transactions() -> None:
    ctx = compact(_session("zh_card_loss").steps, 0.3)
    assert "T20270902-01233" in ctx.compacted_context
    assert "T20270902-01240" in ctx.compacted_context


def test_budget_keeps_held_venue() -> None:
    ctx = compact(_session("en_conference").steps, 0.3)
    assert "VEN-LX-0988" in ctx.compacted_context


def test_zh_budget_keeps_old_rule() -> None:
    ctx = compact(_session("zh_pet_clinic").steps, 0.15)
    assert "不要用全麻" in ctx.compacted_context
    assert "BK-RP-771034" in ctx.compacted_context
