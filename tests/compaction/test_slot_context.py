"""Words read as slots, rules or intents where they stand for something else (review rounds 5
and 6, "garbage"): a field's or a company's name read as the recipient, a test run's "green" as
a colour, a tool call's "remove" as a slot, "那个测试" as the slot 个测试, an amount due as a way
to pay, "超预算 480" as the budget, "英语一" as a language, "信用卡别动" as a card chosen, a
reply's list of carriers as one chosen; "这条一定要写明", "不要选错了" and "药材怕压" as rules;
"这次算了" as a cancel. Each group has look-alikes that must keep their reading."""

from __future__ import annotations

import pytest
from _review_harness import block_of, current_text

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.intents import classify_intents
from ctxengine.compaction.slot_context import edits_a_list

from ._turns import alternating, slot_values


def values(*texts: str) -> dict[str, str]:
    return slot_values(alternating(*texts))


def rules(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def intents(text: str) -> list[str]:
    return [i.name for i in classify_intents(text, None)]


# --- 1. a thing's name is no recipient ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("The model field name should be reason_code, not reason.", "field name", "reason_code"),
        ("The column name should be customer_id.", "column name", "customer_id"),
        ("The branch name is feature/login-fix.", "branch name", "feature/login-fix"),
        ("The file name should be report_v2.pdf.", "file name", "report_v2.pdf"),
        ("Company name: Acme Robotics Ltd.", "company name", "Acme Robotics Ltd"),
        ("文件名字改成 final_report.docx。", "文件名字", "final_report.docx"),
        ("公司名字是杭州云栖科技有限公司。", "公司名字", "杭州云栖科技有限公司"),
        ("学校名字写北京第一实验小学。", "学校名字", "北京第一实验小学"),
    ],
)
def test_a_things_name_is_its_own_slot(text: str, slot: str, value: str) -> None:
    got = values(text)
    assert "recipient" not in got
    assert got.get(slot) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("My name is Dana Whitfield.", "Dana Whitfield"),
        ("The contact name is Priya Raman.", "Priya Raman"),
        ("Full name: Jonas Berg.", "Jonas Berg"),
        ("姓名：刘洋", "刘洋"),
        ("名字写张伟。", "张伟"),
        ("收货人是李娜", "李娜"),
    ],
)
def test_a_persons_name_stays_the_recipient(text: str, value: str) -> None:
    assert values(text).get("recipient") == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("好，报这个。身份证号 510107199203154418，姓名刘思远。", "刘思远"),
        ("身份证号 110101199003071234，姓名王磊。", "王磊"),
        ("报名信息：姓名陈静，电话13812345678。", "陈静"),
        ("挂号用的姓名是李娜。", "李娜"),
    ],
)
def test_an_applicants_name_is_no_consignee(text: str, value: str) -> None:
    got = values(text)
    assert "recipient" not in got
    assert got.get("姓名") == value


def test_the_employers_corrected_name_is_kept_under_its_own_word() -> None:
    got = values(
        "新单位是上海澜舟信息技术有限公司。",
        "好的。",
        "新单位名字我说错了，是上海澜舟智能科技有限公司，不是信息技术。",
    )
    assert got == {"单位名字": "上海澜舟智能科技有限公司"}


# --- 2. an amount beside a slot word is no value of it ---------------------------------------


@pytest.mark.parametrize(
    "texts",
    [
        ("下单吧。", "订单已创建，待支付 3598 元。"),
        ("下单吧。", "已支付 128 元，订单号稍后发您。"),
        ("付款 199 元就行。",),
        ("预算不超过 4500。", "这家超预算 480，要不要考虑？"),
        ("这家超出预算 300 元也行。",),
        ("比预算多 200 可以接受。",),
        ("It's over budget by 480.",),
    ],
)
def test_an_amount_due_or_over_is_no_value(texts: tuple[str, ...]) -> None:
    got = values(*texts)
    assert "payment" not in got
    assert got.get("budget") in (None, "4500")


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("支付方式改成支付宝。", "payment", "支付宝"),
        ("付款用微信支付。", "payment", "微信支付"),
        ("预算是 5000。", "budget", "5000"),
        ("预算改成 6000。", "budget", "6000"),
    ],
)
def test_a_way_to_pay_and_a_budget_still_set(text: str, slot: str, value: str) -> None:
    assert values(text).get(slot) == value


# --- 3. a member said of something else is no choice ------------------------------------------


@pytest.mark.parametrize(
    "texts",
    [
        ("Run the tests.", "Green again: 38 passed."),
        ("Run CI.", "CI is red: 3 failing tests."),
        ("Run the suite.", "All green, 120 tests passed."),
        ("科目是 101 政治、201 英语一、301 数学一。",),
        ("科目是 101 政治、201 英语二、302 数学二。",),
        ("英语成绩还没出来。",),
        ("信用卡别动，那张我还在用。",),
        ("支付宝先别动。",),
        ("Leave the credit card alone.",),
        ("寄到广州。", "三个选择：顺丰 58 元；京东 52 元；中通 24 元。"),
        ("寄到广州。", "可以选：\n- 顺丰 58 元\n- 中通 24 元"),
    ],
)
def test_a_member_said_of_something_else_is_no_choice(texts: tuple[str, ...]) -> None:
    got = values(*texts)
    assert not {"color", "language", "payment", "shipping"} & got.keys()


@pytest.mark.parametrize(
    ("texts", "slot", "value"),
    [
        (("Make it green.",), "color", "green"),
        (("I want the red one.",), "color", "red"),
        (("回复用英语。",), "language", "英语"),
        (("Reply in English.",), "language", "English"),
        (("用信用卡付。",), "payment", "信用卡"),
        (("寄到广州。", "已为您改用顺丰。"), "shipping", "顺丰"),
        (("换成顺丰。",), "shipping", "顺丰"),
    ],
)
def test_a_member_chosen_still_sets(texts: tuple[str, ...], slot: str, value: str) -> None:
    assert values(*texts).get(slot) == value


# --- 4. a tool call's edit and a thing after a measure word -----------------------------------


@pytest.mark.parametrize(
    "key", ["remove", "add", "add_members", "remove_users", "to_add", "delete"]
)
def test_an_edit_key_sets_nothing(key: str) -> None:
    assert edits_a_list(key)


@pytest.mark.parametrize(
    ("args", "kept"),
    [
        ({"loop_id": "LOOP-3391", "remove": "a.kowalski", "add": "d.nwosu"}, "LOOP-3391"),
        ({"group": "GRP-77", "add_members": "j.doe", "remove_members": "k.lee"}, "GRP-77"),
        ({"ticket": "TCK-4410", "to_remove": "ops-2", "to_add": "ops-9"}, "TCK-4410"),
    ],
)
def test_a_setting_calls_edits_set_no_slot(args: dict[str, str], kept: str) -> None:
    text = block_of(
        [
            ("u", "Swap the people on it."),
            ("call", "update_panel", args, {"ok": True}),
            ("a", "Done."),
            ("u", "Who's on it now?"),
        ]
    )
    current = current_text(text)
    assert kept in current
    assert not any(
        f"task.{key}" in current for key in args if key not in ("loop_id", "group", "ticket")
    )


@pytest.mark.parametrize("key", ["priority", "host", "added_by", "padding", "removal_date"])
def test_a_setting_key_is_no_edit(key: str) -> None:
    assert not edits_a_list(key)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("这个字段改成 reason_code。", "字段", "reason_code"),
        ("消息队列换成 Kafka。", "消息队列", "Kafka"),
    ],
)
def test_a_thing_after_a_pointer_is_named_without_its_measure_word(
    text: str, slot: str, value: str
) -> None:
    assert values(text).get(slot) == value


@pytest.mark.parametrize(
    "text", ["那个测试改成用 ListAppender 断言。", "一个接口改成用 gRPC 调用。"]
)
def test_a_new_way_of_doing_is_no_value(text: str) -> None:
    got = values(text)
    assert not any(k.startswith("个") or v == "用" for k, v in got.items())
    assert got == {}


# --- 5. rules: a stress, a slip and a reason are none of their own ----------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("合同里不许转租，这条一定要写明。", ["合同里不许转租"]),
        ("回复不要用英文，这一点千万别忘了。", ["回复不要用英文"]),
        ("不许养宠物，那条规定必须写进去。", ["不许养宠物"]),
        ("考试科目里数学要考数学一，不要选错了。", ["考试科目里数学要考数学一"]),
        ("寄顺丰，别搞错了。", ["寄顺丰"]),
        ("不要选错了。", []),
        ("药材怕压，别用中通。", ["别用中通"]),
        ("玻璃杯易碎，别用中通。", ["别用中通"]),
    ],
)
def test_a_stress_slip_or_reason_is_no_rule(text: str, kept: list[str]) -> None:
    assert rules(text) == kept


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("不要写错名字。", "不要写错名字"),
        ("这条路不要走。", "这条路不要走"),
        ("用顺丰，别用中通。", "用顺丰，别用中通"),
    ],
)
def test_a_rule_beside_them_stays(text: str, rule: str) -> None:
    assert rule in rules(text)


# --- 6. 算了 after what it concedes is no cancel ------------------------------------------------


@pytest.mark.parametrize("text", ["那就用副厂的吧，这次算了。", "用副厂的算了。"])
def test_a_concession_is_no_cancel(text: str) -> None:
    assert "cancel" not in intents(text)


@pytest.mark.parametrize(
    "text", ["算了，不修了。", "那就算了吧。", "算了", "唉算了", "这次就算了，下次再说。"]
)
def test_giving_up_is_still_a_cancel(text: str) -> None:
    assert "cancel" in intents(text)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("用英语一句话概括。", "language", "英语"),
        ("I'd like to test the red one.", "color", "red"),
        ("Check if the green one is in stock, I want it.", "color", "green"),
    ],
)
def test_a_member_near_a_subject_or_run_word_still_sets(text: str, slot: str, value: str) -> None:
    assert values(text).get(slot) == value


def test_a_pointed_rule_alone_stays_a_rule() -> None:
    # With no rule before it in the message, "这条" may point at a clause said earlier.
    assert rules("这条不要删。") == ["这条不要删"]
