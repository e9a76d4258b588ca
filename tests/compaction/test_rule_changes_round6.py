"""Later words that lift, replace or make an exception to one earlier rule (review round 6):
a rule called off by what was said about it, a requirement no longer needed or replaced by
another thing "instead", a cutoff that no longer applies, a Chinese rule quoted and taken back
or asked for plainly; and exceptions that keep the rule in force: for one thing or one day, "X
那笔例外", "这次算了", "经房东同意的可以…"."""

from __future__ import annotations

import pytest
from _review_harness import rules_after

# ---------------------------------------------------------------- called off: what was said

_PORK = "No pork."


@pytest.mark.parametrize(
    "said",
    [
        "Forget what I said about pork.",
        "Ignore what I said about pork.",
        "Never mind what I said about pork.",
        "Disregard what I told you about pork.",
        "Please forget what I said about pork.",
    ],
)
def test_what_was_said_called_off_leaves_no_rule(said: str) -> None:
    assert rules_after(_PORK, said) == ""


@pytest.mark.parametrize(
    "said",
    [
        # Asked, or another thing.
        "Did you forget what I said about pork?",
        "Forget what I said about beef.",
    ],
)
def test_what_was_said_kept(said: str) -> None:
    assert "No pork" in rules_after(_PORK, said)


# ---------------------------------------------------------------- an address by its local part

_CC_LEGAL = "Always cc legal@northwind.io on merge reports."


@pytest.mark.parametrize(
    "said",
    [
        "No need to cc legal anymore, they opted out.",
        "No need to cc legal any more.",
        "You don't need to cc legal anymore.",
        "No need to cc legal@northwind.io anymore.",
    ],
)
def test_requirement_no_longer_needed_by_local_part(said: str) -> None:
    assert "Always cc legal" not in rules_after(_CC_LEGAL, said)


@pytest.mark.parametrize(
    "said",
    [
        # Another person, another address.
        "No need to cc sales anymore.",
        "No need to cc legal@contoso.com anymore.",
    ],
)
def test_other_address_no_longer_needed_keeps_rule(said: str) -> None:
    assert "Always cc legal" in rules_after(_CC_LEGAL, said)


# ---------------------------------------------------------------- a thing put in another's place


@pytest.mark.parametrize(
    ("said", "new"),
    [
        ("Cc compliance@northwind.io instead of legal from now on.", "compliance@northwind.io"),
        ("Cc compliance rather than legal going forward.", "compliance"),
        ("From now on, cc compliance@northwind.io instead of legal.", "compliance@northwind.io"),
    ],
)
def test_thing_put_in_place_replaces_rule(said: str, new: str) -> None:
    rules = rules_after(_CC_LEGAL, said)
    assert new in rules
    assert "Always cc legal" not in rules


@pytest.mark.parametrize(
    "said",
    [
        # For one report; another verb; another thing replaced.
        "Cc compliance@northwind.io instead of legal for this report.",
        "Email compliance instead of legal from now on.",
        "Cc compliance instead of sales from now on.",
    ],
)
def test_in_place_of_keeps_rule_it_does_not_replace(said: str) -> None:
    assert "Always cc legal" in rules_after(_CC_LEGAL, said)


# ---------------------------------------------------------------- a cutoff that no longer applies

_FINISH = "The programme must finish by 17:30."


@pytest.mark.parametrize(
    "said",
    [
        "The end time can move to 18:00. The 17:30 cutoff doesn't apply anymore.",
        "The 17:30 cutoff no longer applies.",
        "The 17:30 deadline doesn't apply anymore since the venue stays open.",
        "OK, the 17:30 cutoff does not apply any more.",
    ],
)
def test_cutoff_no_longer_applies(said: str) -> None:
    assert "17:30" not in rules_after(_FINISH, said)


@pytest.mark.parametrize(
    "said",
    [
        # A scope, another time, asked, another thing.
        "The 17:30 cutoff doesn't apply to the workshop.",
        "The 18:00 cutoff doesn't apply anymore.",
        "Does the 17:30 cutoff apply anymore?",
        "The dress code doesn't apply anymore.",
    ],
)
def test_cutoff_still_applies(said: str) -> None:
    assert "17:30" in rules_after(_FINISH, said)


# ---------------------------------------------------------------- zh: a rule quoted and taken back

_CARD = "信用卡别动，那张我还在用。"


@pytest.mark.parametrize(
    "said",
    [
        "刚才说信用卡别动，现在想想还是一起冻结吧。",
        "刚才说信用卡别动，还是一起冻结吧。",
        "之前说信用卡别动，不过现在想想还是冻结了吧。",
    ],
)
def test_zh_rule_quoted_and_taken_back(said: str) -> None:
    assert "信用卡别动" not in rules_after(_CARD, said)


@pytest.mark.parametrize(
    "said",
    [
        # The rule said again, a reason, another card quoted.
        "刚才说信用卡别动，现在想想还是别动了吧。",
        "刚才说储蓄卡别动，现在想想还是一起冻结吧。",
    ],
)
def test_zh_rule_quoted_not_taken_back(said: str) -> None:
    assert "信用卡别动" in rules_after(_CARD, said)


def test_zh_taken_back_lifts_a_rule_with_its_cue_first() -> None:
    assert "顺丰" not in rules_after("不要用顺丰。", "之前说不要用顺丰，想了想还是用顺丰吧。")


# ---------------------------------------------------------------- zh: asked for plainly

_NO_CALLS = "千万别给我打电话，发微信就行。"


@pytest.mark.parametrize(
    "said",
    [
        "这几天微信登不上，有事直接打电话吧。",
        "有事直接打电话吧。",
        "那就直接打电话吧。",
    ],
)
def test_zh_direct_request_lifts_rule(said: str) -> None:
    assert "别给我打电话" not in rules_after(_NO_CALLS, said)


@pytest.mark.parametrize(
    "said",
    [
        # Another channel, asked, another person's phone.
        "直接发微信吧。",
        "有事直接打电话吗？",
        "直接打我老婆电话吧。",
    ],
)
def test_zh_direct_request_keeps_rule(said: str) -> None:
    assert "别给我打电话" in rules_after(_NO_CALLS, said)


def test_zh_direct_request_with_no_rule_is_none() -> None:
    assert rules_after("有事直接打电话吧。") == ""


# ---------------------------------------------------------------- an exception for one thing


@pytest.mark.parametrize(
    ("rule", "said", "kept", "named"),
    [
        (
            "Never merge a record that has an open opportunity attached.",
            "For this pair you can merge anyway.",
            "open opportunity",
            "this pair",
        ),
        ("Don't crop anything, ever.", "For IMG_2305.jpg you can crop it.", "crop", "IMG_2305"),
        ("Don't crop anything, ever.", "For IMG_2305.jpg, you may crop it.", "crop", "IMG_2305"),
        (
            "Never restart a server while players are online.",
            "For mc-us-02 you can restart it anyway.",
            "players are online",
            "mc-us-02",
        ),
        (
            "Never merge a record that has an open opportunity attached.",
            "For that record you can merge it.",
            "open opportunity",
            "that record",
        ),
    ],
)
def test_exception_for_one_thing_keeps_rule(rule: str, said: str, kept: str, named: str) -> None:
    rules = rules_after(rule, said)
    assert kept in rules.split("\n")[0]
    assert named in rules


def test_permission_with_no_thing_named_lifts_rule() -> None:
    rules = rules_after("Don't crop anything, ever.", "Actually you can crop now.")
    assert "Don't crop anything" not in rules


def test_for_this_reason_is_no_thing() -> None:
    rules = rules_after(
        "Never merge a record that has an open opportunity attached.",
        "For this reason you can merge anyway.",
    )
    assert "open opportunity" not in rules


# ---------------------------------------------------------------- an exception for one day

_CHILI = "Keep the kids' meals mild, no chili."


@pytest.mark.parametrize(
    "said",
    [
        "A little chili is fine for Friday, they're older now.",
        "Some chili is okay on Saturday.",
        "Chili is fine for Friday.",
        "A bit of chili is OK for the Friday dinner.",
    ],
)
def test_exception_for_one_day_kept_beside_rule(said: str) -> None:
    rules = rules_after(_CHILI, said)
    assert "no chili" in rules
    assert "day" in rules.split("\n")[-1]


@pytest.mark.parametrize(
    "said",
    [
        # Asked; another thing; no rule against it.
        "Is chili fine for Friday?",
        "Garlic is fine for Friday.",
    ],
)
def test_no_exception_for_one_day(said: str) -> None:
    rules = rules_after(_CHILI, said)
    assert "no chili" in rules
    assert "Friday" not in rules


def test_one_day_ok_with_no_rule_is_none() -> None:
    assert rules_after("Chili is fine for Friday.") == ""


# ---------------------------------------------------------------- zh: one thing excepted

_CORPORATE = "所有费用一律走对公账户。"


@pytest.mark.parametrize(
    "said",
    ["押金那笔例外，走我个人账户。", "押金例外，走我个人账户。", "押金这笔算例外吧，走我个人卡。"],
)
def test_zh_one_thing_excepted_beside_rule(said: str) -> None:
    rules = rules_after(_CORPORATE, said)
    assert "一律走对公账户" in rules
    assert "押金" in rules


@pytest.mark.parametrize("said", ["押金那笔例外吗？", "这个例外。"])
def test_zh_no_thing_excepted(said: str) -> None:
    rules = rules_after(_CORPORATE, said)
    assert "一律走对公账户" in rules
    assert "例外" not in rules


def test_zh_excepted_with_no_rule_for_all_is_none() -> None:
    assert "例外" not in rules_after("押金那笔例外，走我个人账户。")


# ---------------------------------------------------------------- zh: another kind, this once

_GENUINE = "维修配件必须用原厂的。"


@pytest.mark.parametrize(
    "said",
    [
        "原厂配件要等两周，那就用副厂的吧，这次算了。",
        "那就用副厂的吧，就这一次。",
        "还是用副厂的吧，仅此一次。",
    ],
)
def test_zh_this_once_exception_beside_rule(said: str) -> None:
    rules = rules_after(_GENUINE, said)
    assert "必须用原厂" in rules
    assert "副厂" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Not for this once; another kind of thing.
        "那就用顺丰吧，这次算了。",
        "用副厂的吗？这次算了。",
    ],
)
def test_zh_no_this_once_exception(said: str) -> None:
    rules = rules_after(_GENUINE, said)
    assert "必须用原厂" in rules
    assert "顺丰" not in rules


# ---------------------------------------------------------------- zh: allowed with consent

_NO_SUBLET = "合同里不许转租。"


@pytest.mark.parametrize(
    "said",
    [
        "转租那条可以放宽一点，经房东书面同意的可以转租。",
        "经房东书面同意的可以转租。",
        "征得房东同意后可以转租。",
    ],
)
def test_zh_rule_narrowed_to_consent(said: str) -> None:
    rules = rules_after(_NO_SUBLET, said)
    assert "同意" in rules
    assert "合同里不许转租" not in rules


@pytest.mark.parametrize("said", ["经房东书面同意的可以转租吗？", "经房东同意的可以养宠物。"])
def test_zh_consent_narrows_no_other_rule(said: str) -> None:
    assert "合同里不许转租" in rules_after(_NO_SUBLET, said)


# ---------------------------------------------------------------- a time bound loosened

_BEFORE_NINE = "Don't schedule anything before 9am Lisbon time."


@pytest.mark.parametrize(
    "said",
    [
        "8:30 starts are okay after all, the venue opens early.",
        "8:30 starts are fine now.",
        "8:30 is fine after all, the venue opens early.",
    ],
)
def test_earlier_time_allowed_loosens_before_rule(said: str) -> None:
    rules = rules_after(_BEFORE_NINE, said)
    assert "before 9am" not in rules
    assert "8:30" in rules


@pytest.mark.parametrize(
    "said",
    [
        # A time the rule allows anyway; asked.
        "9:30 starts are okay after all.",
        "Is 8:30 okay after all?",
    ],
)
def test_time_not_loosened(said: str) -> None:
    assert "before 9am" in rules_after(_BEFORE_NINE, said)


def test_later_time_allowed_loosens_after_rule() -> None:
    rules = rules_after("Don't book any meetings after 6pm.", "7:30 is fine after all.")
    assert "after 6pm" not in rules


def test_earlier_time_does_not_loosen_after_rule() -> None:
    assert "after 6pm" in rules_after(
        "Don't book any meetings after 6pm.", "5:30 is fine after all."
    )


# ---------------------------------------------------------------- a count said again in words

_TWO_MERGES = "No more than two merges per batch."


@pytest.mark.parametrize(
    "said",
    [
        "Make it five per batch, two is too slow.",
        "Make it 5 per batch.",
        "Make it three per batch.",
    ],
)
def test_count_per_unit_replaces_limit(said: str) -> None:
    assert "two merges" not in rules_after(_TWO_MERGES, said)


@pytest.mark.parametrize(
    "said",
    [
        # Asked; another unit; the same count; no unit.
        "Make it five per batch?",
        "Make it five per page.",
        "Make it two per batch.",
        "Make it five.",
    ],
)
def test_count_per_unit_keeps_limit(said: str) -> None:
    assert "two merges" in rules_after(_TWO_MERGES, said)


_DEPOSIT = "押金不能超过一个月房租。"


@pytest.mark.parametrize(
    "said", ["押金改成两个月也可以，她同意了。", "押金改成两个月吧。", "押金改成2个月也可以。"]
)
def test_zh_limit_said_again_in_words(said: str) -> None:
    rules = rules_after(_DEPOSIT, said)
    assert "不能超过一个月" not in rules
    assert "押金改成" in rules


@pytest.mark.parametrize("said", ["押金改成两个月吗？", "租金改成两个月也可以。"])
def test_zh_limit_in_words_kept(said: str) -> None:
    assert "不能超过一个月" in rules_after(_DEPOSIT, said)


# ---------------------------------------------------------------- zh: things all fine

_SUNDAY_ONLY = "以后只能排周日。"


@pytest.mark.parametrize(
    "said",
    [
        "不对，我看错排班表了，还是周六周日都可以排。",
        "周六和周日都可以排。",
        "其实周六、周日都可以排。",
    ],
)
def test_zh_things_all_fine_widen_only_rule(said: str) -> None:
    rules = rules_after(_SUNDAY_ONLY, said)
    assert "只能排周日" not in rules
    assert "周六" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Asked; the speaker; another verb; one thing only.
        "周六周日都可以排吗？",
        "我周六周日都可以。",
        "周六周日都可以休息。",
        "周日都可以排。",
    ],
)
def test_zh_things_all_fine_keep_only_rule(said: str) -> None:
    assert "只能排周日" in rules_after(_SUNDAY_ONLY, said)


def test_zh_things_all_fine_with_no_rule_is_none() -> None:
    assert rules_after("周六周日都可以排。") == ""


# ---------------------------------------------------------------- zh: another "X的" fine too

_IMPORTED = "疫苗只打进口的。"


@pytest.mark.parametrize(
    "said", ["国产的也行，进口的缺货就打国产的。", "国产的也行。", "国产的其实也可以。"]
)
def test_zh_other_de_kept_beside_only_rule(said: str) -> None:
    rules = rules_after(_IMPORTED, said)
    assert "国产" in rules


@pytest.mark.parametrize("said", ["国产的也行吗？", "进口的也行。", "国产的。"])
def test_zh_no_other_de(said: str) -> None:
    rules = rules_after(_IMPORTED, said)
    assert "只打进口的" in rules
    assert "国产" not in rules


def test_zh_other_de_with_no_only_rule_is_none() -> None:
    assert rules_after("国产的也行。") == ""


# ---------------------------------------------------------------- zh: a forbidden thing, shortened

_NO_REAL_NAME = "寄件人信息不要写真实姓名，写林女士就行。"


@pytest.mark.parametrize(
    "said", ["寄件人就写真名吧，林秀英，快递那边要实名。", "寄件人就写真名吧。", "那就写真名吧。"]
)
def test_zh_shortened_thing_asked_lifts_rule(said: str) -> None:
    assert "不要写真实姓名" not in rules_after(_NO_REAL_NAME, said)


@pytest.mark.parametrize(
    "said",
    [
        # Another place; asked; another name.
        "收件人就写真名吧。",
        "寄件人就写真名吗？",
        "寄件人就写林秀英吧。",
    ],
)
def test_zh_shortened_thing_keeps_rule(said: str) -> None:
    assert "不要写真实姓名" in rules_after(_NO_REAL_NAME, said)


def test_zh_request_with_a_topic_still_lifts_its_rule() -> None:
    assert "不要显示价格" not in rules_after("不要显示价格。", "价格就显示出来吧。")


@pytest.mark.parametrize(
    "said",
    [
        # With no rule in force, each is a request or a remark, no rule of its own.
        "For this pair you can merge anyway.",
        "For IMG_2305.jpg you can crop it.",
        "Make it five per batch.",
        "8:30 starts are okay after all.",
    ],
)
def test_change_with_no_rule_in_force_is_none(said: str) -> None:
    assert rules_after(said) == ""


@pytest.mark.parametrize(
    "said",
    [
        "押金改成两个月也可以。",
        "刚才说信用卡别动，现在想想还是一起冻结吧。",
        "那就用副厂的吧，这次算了。",
    ],
)
def test_zh_change_with_no_rule_in_force_is_none(said: str) -> None:
    assert rules_after(said) == ""
