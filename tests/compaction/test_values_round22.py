"""Values the user changes in words the first rules missed (review round 2): a change told
in the past tense, a second thing the same verb sets, a value corrected against one said
before, one end of a range moved. Look-alikes in English and Chinese, with the near-misses
that must leave the value as it was.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_after, current_lines

# ---------------------------------------------------------------- a change told as done


@pytest.mark.parametrize(
    "said, now",
    [
        ("The shop revised the estimate to $4,125.50.", "$4,125.50"),
        ("They raised the limit to $9,000.", "$9,000"),
        ("The landlord lowered the rent to $2,150.", "$2,150"),
        ("The teacher extended the deadline to Monday Oct 13.", "Oct 13"),
        ("My manager moved the review to Thursday.", "Thursday"),
        ("They postponed the launch to Nov 3.", "Nov 3"),
        ("We updated the budget to $12,000.", "$12,000"),
        ("The airline changed the gate to B14.", "B14"),
    ],
)
def test_en_change_told_in_past_tense(said: str, now: str) -> None:
    assert now in current_after("Let's plan it.", "OK.", said, "Noted.", "Next?")


@pytest.mark.parametrize(
    "said, gone",
    [
        ("Did they revise the estimate to $4,125.50?", "$4,125.50"),
        ("Don't raise the limit to $9,000.", "$9,000"),
        ("They moved the files to the archive.", "archive"),  # no time: no value
        ("We extended the team to everyone.", "everyone"),
    ],
)
def test_en_past_tense_near_misses_set_nothing(said: str, gone: str) -> None:
    assert gone not in current_after("Let's plan it.", "OK.", said, "Noted.", "Next?")


# ---------------------------------------------------------------- a second thing set


@pytest.mark.parametrize(
    "said, first, second",
    [
        ("Change the fee to $16,750 per month and payment to net 45.", "$16,750", "net 45"),
        ("Set the budget to $5,000 and the deadline to Friday.", "$5,000", "Friday"),
        ("Update the venue to Hall B and the caterer to Rossi's.", "Hall B", "Rossi's"),
        ("Move the meeting to Tuesday and the review to Thursday.", "Tuesday", "Thursday"),
        ("Change the color to navy and the font to Inter.", "navy", "Inter"),
        ("Set the retainer to $2,000 and the notice period to 60 days.", "$2,000", "60 days"),
    ],
)
def test_en_second_thing_same_verb(said: str, first: str, second: str) -> None:
    current = current_after("Draft the contract.", "Drafted.", said, "Updated.", "Send it.")
    assert first in current and second in current


@pytest.mark.parametrize(
    "said, gone",
    [
        # "and" joins no second thing set to a value.
        ("Change the fee to $16,750 and tell the client.", "tell"),
        ("Move the meeting to Tuesday and invite Sam to it.", "Sam"),
        ("Change the fee to $16,750 and go to Section 5 next.", "Section 5"),
    ],
)
def test_en_second_thing_near_misses(said: str, gone: str) -> None:
    assert gone not in current_after("Draft the contract.", "Drafted.", said, "Updated.", "Next.")


# ---------------------------------------------------------------- corrected against one said


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        (
            "The accident was on March 2nd.",
            "Correction: the accident was on March 1st, not March 2nd.",
            "March 1st",
            "March 2nd",
        ),
        ("The invoice total is $2,340.", "Sorry, it's $2,430, not $2,340.", "$2,430", "$2,340"),
        (
            "Transfer $1,200 to savings each month.",
            "Make the monthly transfer $1,500 instead of $1,200.",
            "$1,500",
            "$1,200",
        ),
        ("Pay $45.00 for the deposit.", "Pay $54.00 rather than $45.00.", "$54.00", "$45.00"),
        ("事故发生在3月2日。", "更正一下，事故是3月1日，不是3月2日。", "3月1日", "3月2日"),
        ("押金是2,000元。", "不是2,000元，是2,500元。", "2,500元", "2,000元"),
    ],
)
def test_value_corrected_against_one_said(first: str, said: str, now: str, gone: str) -> None:
    current = current_after(first, "Noted.", said, "Updated.", "Next?")
    assert now in current and gone not in current


@pytest.mark.parametrize(
    "first, said, gone",
    [
        # The old part was never said: nothing of the kind is corrected.
        ("The accident was on March 2nd.", "It was March 1st, not March 5th.", "March 1st"),
        # A question corrects nothing.
        ("Transfer $1,200 each month.", "Should it be $1,500 instead of $1,200?", "$1,500"),
        # Two values of different kinds.
        # (The first message sets the date now: what must not happen is Room 4 as the date.)
        ("The meeting is on March 2nd.", "It's Room 4, not March 2nd.", "date=Room"),
        ("押金是2,000元。", "是3月1日，不是2,000元。", "3月1日"),
    ],
)
def test_correction_near_misses_change_nothing(first: str, said: str, gone: str) -> None:
    assert gone not in current_after(first, "Noted.", said, "Updated.", "Next?")


# ---------------------------------------------------------------- an amount settled on


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        ("每月转账金额改成 4,500 元。", "不对，还是 4,000 元吧，4,500 太紧了。", "4,000", "4,500"),
        ("预算改成 8,000 元。", "还是 7,500 元吧，太贵了。", "7,500", "8,000"),
        ("押金改成 3,000 元。", "算了，还是按 2,800 元吧。", "2,800", "3,000"),
        ("Change the budget to $5,000.", "Actually, let's go back to $4,000.", "$4,000", "$5,000"),
        ("Set the tip to $20.", "Hmm, use $15 after all.", "$15", "$20"),
        ("Set the deposit to $900.", "No, revert to $750.", "$750", "$900"),
    ],
)
def test_amount_settled_on_replaces_latest(first: str, said: str, now: str, gone: str) -> None:
    current = current_after(first, "OK.", said, "OK.", "Next?")
    assert now in current and gone not in current


@pytest.mark.parametrize(
    "first, said, kept",
    [
        ("预算改成 8,000 元。", "还是 3 个人吧。", "8,000"),  # a count, no amount
        ("预算改成 8,000 元。", "还是 7,500 元吗？", "8,000"),  # asked
        ("Set the date to Friday.", "Let's go back to $4,000.", "Friday"),  # no amount held
        ("Set the tip to $20.", "Should we go back to $15?", "$20"),
    ],
)
def test_amount_settled_near_misses(first: str, said: str, kept: str) -> None:
    assert kept in current_after(first, "OK.", said, "OK.", "Next?")


# ---------------------------------------------------------------- one end of a range moved


@pytest.mark.parametrize(
    "first, said, kept, now, gone",
    [
        (
            "Book leave from April 14 to April 18.",
            "Change the end date to April 16.",
            "April 14",
            "April 16",
            "April 18",
        ),
        (
            "Book leave from April 14 to April 18.",
            "Change the start date to April 15.",
            "April 18",
            "April 15",
            "April 14",
        ),
        (
            "Reserve the cabin from June 3 to June 7.",
            "Move the end date to June 8.",
            "June 3",
            "June 8",
            "June 7",
        ),
        ("我要请年假，5月6日到5月9日。", "结束日期改成5月8日。", "5月6日", "5月8日", "5月9日"),
        ("我7月10日至7月14日出差。", "开始日期改成7月11日。", "7月14日", "7月11日", "7月10日"),
        ("会议定在3月2日到3月4日。", "结束日期改为3月5日。", "3月2日", "3月5日", "3月4日"),
    ],
)
def test_one_end_of_range_moved(first: str, said: str, kept: str, now: str, gone: str) -> None:
    current = current_after(first, "Submitted.", said, "Updated.", "Approved?")
    assert kept in current and now in current and gone not in current


@pytest.mark.parametrize(
    "first, said, gone",
    [
        # The whole date changed: no end named, no end kept.
        ("Book leave from April 14 to April 18.", "Change the date to April 16.", "April 14"),
        ("我要请年假，5月6日到5月9日。", "日期改成5月8日。", "5月6日到"),
        # One date held, no range: nothing joined to it.
        ("The deadline is April 18.", "Change the end date to April 20.", "April 18 to"),
        ("截止日期是5月9日。", "结束日期改成5月8日。", "5月9日到"),
    ],
)
def test_range_end_near_misses(first: str, said: str, gone: str) -> None:
    assert gone not in current_after(first, "Submitted.", said, "Updated.", "Approved?")


# ---------------------------------------------------------------- said wrong, no old part


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        (
            "急诊花了 6,820.50 元。",
            "金额也不对，加上复诊一共是 7,315.00 元。",
            "7,315.00",
            "6,820.50",
        ),
        ("押金交了 2,000 元。", "押金记错了，其实是 2,500 元。", "2,500", "2,000"),
        ("运费是 35 元。", "运费写错了，应该是 53 元。", "53 元", "35 元"),
        ("取件时间定在周六下午两点到四点。", "改到周日上午吧，周六有事。", "周日上午", "周六"),
        ("面试安排在3月5日。", "那就改到3月7日吧。", "3月7日", "3月5日"),
        ("会议是周二。", "时间变了，是周四。", "周四", "周二"),
    ],
)
def test_zh_value_said_wrong_replaced(first: str, said: str, now: str, gone: str) -> None:
    current = current_after(first, "好的。", said, "好的。", "还要什么？")
    assert now in current and gone not in current


@pytest.mark.parametrize(
    "first, said, gone",
    [
        ("急诊花了 6,820.50 元。", "金额对不对？是 7,315.00 元吗？", "7,315.00"),  # asked
        ("急诊花了 6,820.50 元。", "名字写错了，是张伟。", "金额="),  # no amount said
        ("面试安排在3月5日。", "要不要改到3月7日？", "3月7日"),  # asked
        ("会议是周二。", "不对，是 300 元。", "300 元"),  # no amount said before
    ],
)
def test_zh_said_wrong_near_misses(first: str, said: str, gone: str) -> None:
    assert gone not in current_after(first, "好的。", said, "好的。", "还要什么？")


# ---------------------------------------------------------------- "it" is another thing

_TERM = "Term is 12 months starting June 1, 2027."


@pytest.mark.parametrize(
    "said, now",
    [
        ("Move the non-solicit from clause 9.4 to 11.3 and make it 18 months.", "18 months"),
        ("Move the confidentiality clause to Section 8 and make it 5 years.", "5 years"),
        ("Add the probation period and make it 90 days.", "90 days"),
        ("Put the trial period in Section 2 and make it 30 days.", "30 days"),
        ("Rewrite the non-compete and make it 6 months.", "6 months"),
        ("Draft the cure period in 7.2 and make it 10 days.", "10 days"),
    ],
)
def test_make_it_binds_thing_named(said: str, now: str) -> None:
    text = block(_TERM, "Drafted Section 3 (Term).", said, "Done.", "Next.")
    current = "\n".join(current_lines(text))
    assert now in current and "was: 12 months" not in text


@pytest.mark.parametrize(
    "said, now",
    [
        ("Make it 18 months.", "18 months"),  # no other thing named: the term changes
        ("Actually, make it 24 months.", "24 months"),
        ("Move the meeting to Tuesday and make it 18 months.", "18 months"),  # set already
    ],
)
def test_make_it_near_misses_change_the_term(said: str, now: str) -> None:
    text = block(_TERM, "Drafted Section 3 (Term).", said, "Done.", "Next.")
    assert now in "\n".join(current_lines(text)) and "was: 12 months" in text


# ---------------------------------------------------------------- the law a contract is under


@pytest.mark.parametrize(
    "first, said, now, gone",
    [
        (
            "Use Delaware law throughout.",
            "Scratch Delaware, they insist on New York law.",
            "New York",
            "Delaware",
        ),
        (
            "The contract is under California law.",
            "Switch to Texas law please.",
            "Texas",
            "California",
        ),
        ("Use Nevada law.", "Actually they prefer Swiss law.", "Swiss", "Nevada"),
        ("We go with Ontario law.", "The client wants Quebec law.", "Quebec", "Ontario"),
        ("合同适用纽约州法律。", "不行，改成适用香港法律。", "香港", "纽约州"),
        ("合同按照中国法律。", "对方要求依照新加坡法律。", "新加坡", "中国"),
    ],
)
def test_governing_law_replaced(first: str, said: str, now: str, gone: str) -> None:
    current = current_after(first, "OK.", said, "Updated.", "Send the clause.")
    assert now in current and gone not in current


@pytest.mark.parametrize(
    "said, gone",
    [
        ("Should we use Texas law?", "Texas"),
        ("Don't use Texas law.", "Texas"),
        ("Under the law, this is fine.", "law="),
        ("Cite the case law on this.", "law="),
        ("请找一位法律顾问。", "法律="),
        ("要遵守法律。", "法律="),
    ],
)
def test_governing_law_near_misses(said: str, gone: str) -> None:
    assert gone not in current_after("Draft the contract.", "OK.", said, "Noted.", "Next.")


# ---------------------------------------------------------------- a thing said wrong, in Chinese


@pytest.mark.parametrize(
    "first, said, now",
    [
        ("主卧 3.8 米 × 3.5 米。", "主卧量错了，是 3.8 米 × 3.9 米。", "3.9 米"),
        ("作业是练习册第 37 页到第 40 页。", "页数改了，是第 37 页到第 42 页。", "第 42 页"),
        ("客厅 5 米 × 4 米。", "客厅量错了，应该是 5.2 米 × 4 米。", "5.2 米"),
        ("考场在三楼。", "考场改了，现在是五楼 502。", "五楼 502"),
        ("题号是第 3 题。", "题号写错了，是第 8 题。", "第 8 题"),
        ("阳台 1.5 米宽。", "阳台尺寸记错了，其实是 1.8 米宽。", "1.8 米宽"),
    ],
)
def test_zh_thing_said_wrong_then_right(first: str, said: str, now: str) -> None:
    assert now in current_after(first, "好的。", said, "好的。", "多少钱？")


@pytest.mark.parametrize(
    "said, gone",
    [
        ("页数改了吗？是多少？", "页数="),
        ("主卧量错了，是多少来着？", "主卧="),
        ("我也错了，是我的问题。", "我的问题"),
        ("天气变了，是要下雨。", "要下雨"),
    ],
)
def test_zh_thing_said_wrong_near_misses(said: str, gone: str) -> None:
    assert gone not in current_after("主卧 3.8 米 × 3.5 米。", "好的。", said, "好的。", "多少钱？")
