# ruff: noqa: E501  (conversation text is kept verbatim)
"""Fifth review round, on long agentic sessions (20-40 messages, several tool calls with JSON
results each): a coding agent refactoring a repo, a refund desk, a travel agent, a research
assistant, a finance spreadsheet agent, home automation, a recruiting coordinator; and in Chinese
a medical-appointment bot, an e-commerce order desk, a social-insurance helper, a 外卖 agent, a
报销 assistant, a coding agent and a travel agent.

The 14 sessions are in `_review_convos5.py`; `test_sessions5_keep_latest_turn_and_pairs` runs each
at 30% and at 15% of its raw tokens. Every other test is the smallest input that shows one defect
found (64: rules read 21, rules lifted/changed 10, values 17, identifiers 7, budget 2, garbage 7;
all fixed since, each with look-alikes and near-misses in its own module). The block is read at a
budget large enough that nothing is shed for room (except under "budget"), so what fails is what
the engine understood.
"""

from __future__ import annotations

import pytest
from _review_convos import Convo
from _review_convos5 import CONVOS5
from _review_harness import (
    Step,
    block,
    block_of,
    build,
    compact,
    current_text,
    rules_text,
    section,
)

from ctxengine.convert import validate_pairing
from ctxengine.messages import TextPart


def _session(name: str) -> Convo:
    return next(c for c in CONVOS5 if c.name == name)


# ---------------------------------------------------------------- the sessions themselves


@pytest.mark.parametrize("share", [0.3, 0.15])
@pytest.mark.parametrize("convo", CONVOS5, ids=[c.name for c in CONVOS5])
def test_sessions5_keep_latest_turn_and_pairs(convo: Convo, share: float) -> None:
    ctx = compact(convo.steps, share)
    assert ctx.compacted_context
    shown = [p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)]
    assert any(convo.steps[-1][1] in t for t in shown)
    validate_pairing(ctx.messages)


def test_sessions5_are_half_english_half_chinese_and_long() -> None:
    langs = [c.lang for c in CONVOS5]
    assert len(CONVOS5) == 14 and langs.count("en") == langs.count("zh")
    assert all(20 <= len(build(c.steps)) <= 40 for c in CONVOS5)
    assert all(sum(1 for s in c.steps if s[0] == "call") >= 3 for c in CONVOS5)


# ---------------------------------------------------------------- rules read


def test_rule_use_x_for_every_run() -> None:
    text = block("Use pytest -x for every test run.", "OK.", "Go.")
    assert "pytest -x" in rules_text(text)


def test_rule_trailing_always() -> None:
    text = block("Also aisle seats always, my husband is tall.", "OK.", "Go.")
    assert "aisle seats always" in rules_text(text).lower()


def test_rule_cite_in_style_and_only() -> None:
    text = block(
        "Cite everything in APA 7th edition, and only peer-reviewed sources, no preprints.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "APA 7th edition" in rules
    assert "peer-reviewed" in rules


def test_rule_only_x_no_y_kept_whole() -> None:
    text = block("Only peer-reviewed sources, no preprints.", "OK.", "Go.")
    assert "no preprints" in rules_text(text)


def test_rule_output_table_columns_kept() -> None:
    text = block("Output as a markdown table with columns Citation, Finding, N.", "OK.", "Go.")
    assert "Citation, Finding, N" in rules_text(text) + current_text(text)


def test_rule_should_be_sorted() -> None:
    text = block("Oh and the table should be sorted by year, newest first.", "OK.", "Go.")
    assert "sorted by year, newest first" in rules_text(text)


def test_rule_report_in_and_round() -> None:
    text = block("Report everything in EUR, round to 2 decimals.", "OK.", "Go.")
    assert "round to 2 decimals" in rules_text(text)


def test_rule_flag_above_amount() -> None:
    text = block("Flag any difference above 10 euros.", "OK.", "Go.")
    assert "above 10 euros" in rules_text(text)


def test_rule_never_x_do_y_kept_whole() -> None:
    text = block("Never overwrite the original ledger, write to a copy.", "OK.", "Go.")
    assert "write to a copy" in rules_text(text)


def test_rule_dont_email_text_it_kept_whole() -> None:
    text = block("Please don't email me the label, text it to 415-555-0182.", "OK.", "Go.")
    assert "text it to 415-555-0182" in rules_text(text)


def test_rule_pronoun_keeps_its_referent() -> None:
    text = block(
        "Was there a restocking fee? I don't want to pay one, if there is, cancel the return.",
        "No fee.",
        "Go.",
    )
    assert all("restocking" in line for line in section(text, "constraints") if "pay one" in line)


def test_rule_one_off_exception_not_cut() -> None:
    text = block(
        "Keep every interview to 45 minutes.",
        "OK.",
        "Yes put her last. And for this loop only, 30 minute interviews are fine, Priya needs to leave by 12.",
        "OK.",
        "Go.",
    )
    assert "- And for this loop only" not in text
    assert "30 minute" in rules_text(text)


def test_zh_rule_dont_make_me_go_offline() -> None:
    text = block("嗯。办理过程中别让我跑线下，能线上办的都线上办。", "好的。", "继续。")
    assert "别让我跑线下" in rules_text(text)


def test_zh_rule_over_n_minutes_not_wanted() -> None:
    text = block("45分钟太久了，超过40分钟的不要。换老盛昌吧。", "好的。", "继续。")
    assert "超过40分钟的不要" in rules_text(text)


def test_zh_rule_must_have_facility() -> None:
    text = block("酒店找春熙路附近的，要有无障碍设施，每晚 800 以内。", "好的。", "继续。")
    assert "无障碍设施" in rules_text(text)


def test_zh_rule_commit_message_format() -> None:
    text = block("提交的时候 commit message 用英文，格式 chore(logging): xxx。", "好的。", "继续。")
    assert "chore(logging)" in rules_text(text)


def test_zh_rule_time_threshold_kept() -> None:
    text = block("不要坐红眼航班，也别太早，9点以前的都不要。", "好的。", "继续。")
    assert "9点以前" in rules_text(text)


def test_zh_allergy_rule_names_the_drugs() -> None:
    text = block("她青霉素过敏，还有头孢也过敏，开药一定要避开这两类。", "好的。", "继续。")
    assert "青霉素" in rules_text(text) + current_text(text)


def test_zh_quantity_change_not_rule() -> None:
    text = block(
        "买两台。", "好的。", "等下，改成只买一台，另一台我同事自己买。", "好的。", "继续。"
    )
    assert "只买一台" not in rules_text(text)


def test_zh_consequence_not_rule() -> None:
    text = block("住宿标准我问了行政，标准是 500 一晚，那就不用自付了。", "好的。", "继续。")
    assert "不用自付" not in rules_text(text)


def test_zh_same_for_return_not_a_bare_rule() -> None:
    text = block(
        "不要坐红眼航班。", "好的。", "查回程吧。回程也一样，别订红眼。", "好的。", "继续。"
    )
    assert "- 回程也一样" not in text


# ---------------------------------------------------------------- rules lifted/changed


def test_rule_switch_to_from_now_on() -> None:
    text = block(
        "Use pytest -x for every test run.",
        "OK.",
        "And switch to pytest -x -q from now on, the output is too noisy.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "pytest -x -q" in rules
    assert "Use pytest -x for every test run" not in rules


def test_rule_narrowed_by_exception() -> None:
    text = block(
        "Don't touch migrations/ at all.",
        "OK.",
        "Actually you can edit migrations/0008_refund_reason.py, it's not deployed yet. The other migrations stay untouched.",
        "OK.",
        "Go.",
    )
    assert "0008_refund_reason.py" in rules_text(text)


def test_revoke_rule_doesnt_matter_anymore() -> None:
    text = block(
        "Never book anything with a layover over 3 hours.",
        "OK.",
        "The layover rule doesn't matter anymore since we're nonstop anyway.",
        "OK.",
        "Go.",
    )
    assert "layover over 3 hours" not in rules_text(text)


def test_limit_can_be_up_to_replaces_rule() -> None:
    text = block(
        "Keep each summary under 150 words.",
        "OK.",
        "Summaries can be up to 200 words now, 150 is too tight.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "150 words" not in rules
    assert "200 words" in rules


def test_zh_revoke_x_can_be_added() -> None:
    text = block(
        "我不吃香菜，也不要葱。", "好的。", "葱其实可以放，我就是不吃香菜。", "好的。", "继续。"
    )
    rules = rules_text(text)
    assert "香菜" in rules
    assert "不要葱" not in rules


def test_zh_revoke_phone_also_fine() -> None:
    text = block(
        "以后有进度通知用短信，不要打电话，我上班接不了。",
        "好的。",
        "通知方式算了，电话也可以，中午12点到1点之间打就行。",
        "好的。",
        "继续。",
    )
    assert "不要打电话" not in rules_text(text)


def test_zh_revoke_change_it_too() -> None:
    text = block(
        "legacy 目录下的先别动，那是要下线的代码。",
        "好的。",
        "legacy 那个 XmlExporter 也改了吧，产品说还要用半年。",
        "好的。",
        "继续。",
    )
    # One file of the kept directory to be changed is an exception beside the rule, not its
    # end: the rest of legacy/ is still to be retired untouched.
    rules = rules_text(text)
    assert "XmlExporter" in rules
    assert "legacy 目录下的先别动" in rules


def test_zh_limit_standard_is_now() -> None:
    text = block(
        "住宿标准是每晚不超过 450 元，超了的部分我自己出。",
        "好的。",
        "住宿标准我问了行政，深圳是一线城市，标准是 500 一晚。",
        "好的。",
        "继续。",
    )
    assert "450" not in rules_text(text)


def test_zh_allergy_corrected() -> None:
    text = block(
        "她对青霉素和头孢过敏，开药要避开。",
        "好的。",
        "其实头孢那个是我记错了，她头孢不过敏。青霉素是真的。",
        "好的。",
        "继续。",
    )
    rules = rules_text(text)
    assert "青霉素" in rules
    assert "头孢过敏" not in rules and "和头孢" not in rules


def test_zh_time_rule_narrowed() -> None:
    text = block(
        "不要坐红眼航班，也别太早，9点以前的都不要。",
        "好的。",
        "早上的其实可以，8点以后就行，我们早起惯了。",
        "好的。",
        "继续。",
    )
    assert "8点" in rules_text(text)


# ---------------------------------------------------------------- values


def test_slot_branch_renamed() -> None:
    text = block(
        "Commit it on a branch refactor/payments-retry.",
        "Done.",
        "Hmm, rename the branch to refactor/payments-cleanup.",
        "Renamed.",
        "Go.",
    )
    current = current_text(text)
    assert "refactor/payments-cleanup" in current
    assert "refactor/payments-retry" not in current


def test_slot_after_all_not_in_value() -> None:
    text = block(
        "Refund it to Visa.", "OK.", "Actually switch it to store credit after all.", "OK.", "Go."
    )
    current = current_text(text)
    assert "store credit" in current
    assert "after all" not in current and "unspecified" not in current


def test_slot_corrected_phone() -> None:
    text = block(
        "Text it to 415-555-0182.",
        "OK.",
        "The number is wrong by the way, it's 415-555-0128, not 0182.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "415-555-0128" in current
    assert "415-555-0182" not in current


def test_slot_return_date_instead() -> None:
    text = block(
        "Leaving June 12, back June 22.",
        "OK.",
        "We have to come back June 20 instead, not the 22nd.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "June 20" in current
    assert "June 22" not in current


def test_slot_switch_flight() -> None:
    text = block(
        "Take UA9640.",
        "OK, UA9640 via Newark.",
        "Hmm no checked bag. Switch to the nonstop TAP one then, TP218.",
        "OK.",
        "Go.",
    )
    current = current_text(text)
    assert "TP218" in current
    assert "UA9640" not in current


def test_slot_take_the_second_one() -> None:
    text = block_of(
        [
            ("u", "Find flights."),
            (
                "call",
                "flight_search",
                {"from": "BOS"},
                {
                    "offers": [
                        {"flight": "TP218", "price": 1412},
                        {"flight": "UA9640", "price": 1188},
                    ]
                },
            ),
            ("a", "1) TP218 $1,412; 2) UA9640 $1,188."),
            ("u", "Let's take the second one."),
            ("a", "OK."),
            ("u", "Go."),
        ]
    )
    assert "UA9640" in current_text(text)


def test_slot_citation_style_switch() -> None:
    text = block(
        "Cite everything in APA 7th edition.",
        "OK.",
        "Actually, switch the citations to Chicago author-date, my advisor prefers it.",
        "OK.",
        "Go.",
    )
    assert "Chicago author-date" in current_text(text) + rules_text(text)


def test_slot_threshold_instead() -> None:
    text = block(
        "Flag any difference above 10 euros.",
        "OK.",
        "Make the threshold 25 euros instead, 10 flags too much noise.",
        "OK.",
        "Go.",
    )
    assert "25 euros" in current_text(text) + rules_text(text)


def test_slot_weekday_override_keeps_default() -> None:
    text = block(
        "Run the routine at 22:00.",
        "OK.",
        "On Fridays make it 23:30 instead, the rest stays at 22:00.",
        "OK.",
        "Go.",
    )
    assert "22:00" in current_text(text)


def test_slot_move_to_monday() -> None:
    text = block(
        "Schedule the loop on Thursday at 09:30.",
        "OK.",
        "Thursday fell through. Can we do Monday the 17th?",
        "Moved.",
        "Go.",
    )
    current = current_text(text)
    assert "Monday" in current
    assert "Thursday" not in current


def test_zh_address_with_spaces_whole() -> None:
    text = block("地址改成 杭州市滨江区网商路 699 号 4 号楼，公司搬了。", "好的。", "继续。")
    assert "699 号 4 号楼" in current_text(text)


def test_zh_two_peoples_phones_no_conflict() -> None:
    text = block(
        "我妈手机 138****1234。",
        "好的。",
        "短信提醒别发她手机了，她不会看，发我手机 139****5678。",
        "好的。",
        "继续。",
    )
    assert not section(text, "conflicts")


def test_zh_new_cart_replaces_old() -> None:
    text = block_of(
        [
            ("u", "加一瓶酸梅汤。"),
            ("call", "update_cart", {"cart_id": "CART-5510872", "add": "酸梅汤"}, {"total": 110.0}),
            ("a", "加好了。"),
            ("u", "换老盛昌吧，来两笼汤包。"),
            (
                "call",
                "build_cart",
                {"shop_id": "SH-77120"},
                {"cart_id": "CART-5511403", "total": 59.0},
            ),
            ("a", "新购物车 CART-5511403，59 元。"),
            ("u", "下单。"),
        ]
    )
    assert "CART-5510872" not in current_text(text)


def test_zh_log_level_change() -> None:
    text = block(
        "新建 logback-spring.xml，日志级别 INFO。",
        "好的。",
        "级别改成 WARN，INFO 太吵了。",
        "好的。",
        "继续。",
    )
    assert "WARN" in current_text(text) + rules_text(text)


def test_zh_return_change_keeps_departure() -> None:
    text = block(
        "10月1日从北京出发，10月5日回。",
        "好的。",
        "我妈说想多玩一天，回程改成10月6日。",
        "好的。",
        "继续。",
    )
    state = section(text, "state")
    assert "10月6日" in current_text(text)
    assert not any("10月1日" in line for line in state if line.startswith(" "))


def test_zh_slot_take_the_second_one() -> None:
    text = block_of(
        [
            ("u", "查航班。"),
            ("a", "有三班：CA4113 早上 7:30；3U8886 中午 12:15；HU7147 晚上 21:50。"),
            ("u", "那就第二个吧。"),
            ("a", "好的。"),
            ("u", "继续。"),
        ]
    )
    assert "3U8886" in current_text(text)


def test_zh_slot_move_to_other_listed_day() -> None:
    text = block_of(
        [
            ("u", "挂李主任的号。"),
            ("a", "有两个号：3月8日 09:30 和 3月11日 10:10。"),
            ("u", "要第一个吧。"),
            ("a", "已约3月8日 09:30。"),
            ("u", "哎呀8号她要去我姐家，改成11号那个吧。"),
            ("a", "已改约到3月11日 10:10。"),
            ("u", "那11号要空腹吗？"),
        ]
    )
    assert "11" in current_text(text)


# ---------------------------------------------------------------- identifiers/references


def test_iban_in_user_message_kept() -> None:
    text = block(
        "Pay Kettler.",
        "OK.",
        "The Kettler IBAN in our master data is wrong, the correct one is DE44 5001 0517 5407 3249 13.",
        "OK.",
        "Go.",
    )
    assert "DE44 5001 0517 5407 3249 13" in text


def test_tool_ibans_kept_with_second_result() -> None:
    rows = [
        {
            "vendor": "Kettler GmbH",
            "iban": "DE44 5001 0517 5407 3249 31",
            "amount": 12840.5,
            "ccy": "EUR",
            "ref": "INV-2027-0311",
        },
        {
            "vendor": "Nordic Pulp AB",
            "iban": "SE35 5000 0000 0549 1000 0003",
            "amount": 88250.0,
            "ccy": "SEK",
            "ref": "NP-88112",
        },
        {
            "vendor": "Hale & Co",
            "iban": "GB33 BUKB 2020 1555 5555 55",
            "amount": 4310.0,
            "ccy": "GBP",
            "ref": "HC/0399",
        },
    ]
    bank = [
        {"amount_eur": -12840.5, "memo": "INV-2027-0311"},
        {"amount_eur": -7702.18, "memo": "NP-88112"},
    ]
    steps: list[Step] = [
        ("u", "Reconcile the March vendor payments against the bank export."),
        ("call", "read_sheet", {"file": "ledger.xlsx"}, {"rows": rows}),
        ("call", "read_csv", {"file": "bank_march.csv"}, {"rows": bank}),
        ("u", "What's the account number for Hale & Co again?"),
    ]
    text = block_of(steps)
    assert "GB33 BUKB 2020 1555 5555 55" in text
    assert "SE35 5000 0000 0549 1000 0003" in text


def test_doi_in_text_not_date() -> None:
    text = block(
        "Find sources.", "The bioRxiv one (10.1101/2023.04.11.536402) is a preprint.", "Go."
    )
    assert "10.1101/2023.04.11.536402" in text
    assert "date: 2023.04.11" not in text


def test_dotted_entity_id_whole() -> None:
    text = block("Disable automation.motion_hall_3b please.", "OK.", "Go.")
    assert "automation.motion_hall_3b" in text


def test_zh_dotted_test_name_whole() -> None:
    text = block("PaymentClientTest.shouldLogRetryCount 失败了，看一下。", "好的。", "继续。")
    assert "PaymentClientTest.shouldLogRetryCount" in text


def test_seat_numbers_kept() -> None:
    text = block("Hold it.", "Held as PNR QX7T2M until May 3, aisle seats 23C and 24C.", "Go.")
    assert "23C" in text and "24C" in text


def test_zh_phone_with_spaces_whole() -> None:
    text = block(
        "收货人写张伟，电话 186 2107 4432。",
        "好的。",
        "收货人改成李娜，电话 137 0571 2290。",
        "好的。",
        "继续。",
    )
    assert "137 0571 2290" in current_text(text)
    assert "「137」" not in text


# ---------------------------------------------------------------- budget/pairing


def test_budget_keeps_meeting_link() -> None:
    ctx = compact(_session("en_interview_slots").steps, 0.3)
    assert "https://acme.zoom.us/j/91827364510" in ctx.compacted_context


def test_zh_budget_keeps_live_cart() -> None:
    ctx = compact(_session("zh_takeout_order").steps, 0.3)
    assert "CART-5511403" in ctx.compacted_context


# ---------------------------------------------------------------- garbage


def test_field_name_not_recipient_slot() -> None:
    text = block("The model field name should be reason_code, not reason.", "OK.", "Go.")
    assert "recipient" not in current_text(text)


def test_assistant_green_not_color_slot() -> None:
    text = block("Run the tests.", "Green again: 38 passed.", "Go.")
    assert "color" not in current_text(text)


def test_tool_call_verbs_not_slots() -> None:
    text = block_of(
        [
            ("u", "Replace a.kowalski with d.nwosu on the panel."),
            (
                "call",
                "update_panel",
                {"loop_id": "LOOP-3391", "remove": "a.kowalski", "add": "d.nwosu"},
                {"ok": True},
            ),
            ("a", "Done."),
            ("u", "Who's on the panel?"),
        ]
    )
    current = current_text(text)
    assert "task.remove" not in current and "task.add" not in current


def test_zh_measure_word_not_slot() -> None:
    text = block("那个测试改成用 ListAppender 断言。", "好的。", "继续。")
    assert "个测试" not in current_text(text)


def test_zh_amount_due_not_payment_method() -> None:
    text = block("下单吧。", "订单已创建，待支付 3598 元。", "继续。")
    assert "支付方式" not in current_text(text)


def test_zh_employer_not_consignee() -> None:
    text = block(
        "新单位是上海澜舟信息技术有限公司。",
        "好的。",
        "新单位名字我说错了，是上海澜舟智能科技有限公司，不是信息技术。",
        "好的。",
        "继续。",
    )
    assert "收货人" not in current_text(text)


def test_zh_slot_name_not_english() -> None:
    text = block(
        "新单位是上海澜舟信息技术有限公司。",
        "好的。",
        "新单位名字我说错了，是上海澜舟智能科技有限公司，不是信息技术。",
        "好的。",
        "继续。",
    )
    assert "上海澜舟智能科技有限公司" in current_text(text)
    assert "org=" not in current_text(text)
