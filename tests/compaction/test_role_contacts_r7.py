"""A contact number of someone serving the user (a claims officer, a doctor, customer service)
is theirs: given by the assistant it is evidence only, said by the user it is that person's,
never the user's own phone."""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, evidence_text


@pytest.mark.parametrize(
    "reply",
    [
        "理赔专员吴工电话400-820-1234转6617，有问题可以找他。",
        "客服电话是400-800-8888。",
        "王医生的手机是13900001111，急事可以打。",
        "房东电话13700002222，看房前先联系。",
        "对接人李姐电话010-62781234。",
    ],
)
def test_reply_giving_someone_elses_number_sets_no_phone(reply: str) -> None:
    text = block("我的理赔金额是8600元。", reply, "继续。")
    assert "电话=" not in current_text(text)


def test_the_number_stays_evidence() -> None:
    text = block("好的。", "理赔专员吴工电话400-820-1234转6617。", "继续。")
    assert "400-820-1234" in evidence_text(text)


@pytest.mark.parametrize(
    ("said", "owner"),
    [
        ("理赔专员的电话是400-820-1234。", "专员"),
        ("客服电话是400-800-8888，你记一下。", "客服"),
        ("房东手机13700002222。", "房东"),
    ],
)
def test_user_giving_someone_elses_number_files_it_under_them(said: str, owner: str) -> None:
    text = current_text(block(said, "好的。", "继续。"))
    assert f"{owner}.电话=" in text and "任务.电话=" not in text


@pytest.mark.parametrize(
    ("user", "reply"),
    [
        ("我的电话是13812345678。", "好的，您的电话是13812345678。"),
        ("电话13812345678。", "收到，联系电话13812345678。"),
    ],
)
def test_users_own_phone_still_the_task_phone(user: str, reply: str) -> None:
    assert "任务.电话=13812345678" in current_text(block(user, reply, "继续。"))


def test_kin_phone_still_theirs() -> None:
    assert "妈妈.电话=13900001111" in current_text(
        block("我妈手机13900001111。", "好的。", "继续。")
    )
