"""A reply that changes or proposes to change a value the user gave ("已为您改为明天下午3点",
"要不要改成大床房？", "I've changed it to 8pm, OK?"), confirmed by the user's next message
("好的", "可以", "OK", "yes"), makes the proposed value current as of the confirmation; the
user's old value is archived. Anything else the user says (no, the original, a question,
another topic) or a reply that only lists options or states a fact changes nothing."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def current(s: LedgerSession) -> dict[str, str]:
    return {v.slot: v.value for v in s.d.state.state.slots.values()}


def archived(s: LedgerSession) -> list[str]:
    return [a.value for a in s.d.state.state.archive]


@pytest.mark.parametrize(
    ("said", "reply", "confirm", "slot", "old", "new"),
    [
        (
            "预约时间是明天上午10点",
            "已为您改为明天下午3点",
            "好的",
            "time",
            "明天上午10点",
            "明天下午3点",
        ),
        ("我要订标准间", "要不要改成大床房？", "可以", "product", "标准间", "大床房"),
        ("收货人是李娜", "已为您把收货人改为张伟", "好的", "recipient", "李娜", "张伟"),
        ("The time is 7pm", "I've changed it to 8pm, OK?", "OK", "time", "7pm", "8pm"),
        (
            "Book a table for 4 people",
            "Shall I change it to 6 people?",
            "yes",
            "people",
            "4 people",
            "6 people",
        ),
        (
            "The recipient is John Smith",
            "I've changed the recipient to Jane Doe.",
            "OK",
            "recipient",
            "John Smith",
            "Jane Doe",
        ),
    ],
)
def test_a_confirmed_change_of_the_assistant_becomes_current(
    said: str, reply: str, confirm: str, slot: str, old: str, new: str
) -> None:
    s = LedgerSession((said, reply), confirm)
    assert current(s)[slot] == new
    assert old in archived(s)
    moves = [
        e["data"] for e in s.events if e.get("kind") == "transition" and e["data"]["new"] == new
    ]
    assert [(m["old"], m["turn"]) for m in moves] == [(old, 2)]


@pytest.mark.parametrize(
    ("said", "reply", "answer", "slot", "old"),
    [
        # The user turns the change down, goes back, asks, or moves on.
        ("预约时间是明天上午10点", "已为您改为明天下午3点", "不要", "time", "明天上午10点"),
        ("预约时间是明天上午10点", "已为您改为明天下午3点", "还是原来的吧", "time", "明天上午10点"),
        ("预约时间是明天上午10点", "已为您改为明天下午3点", "可以吗？", "time", "明天上午10点"),
        (
            "预约时间是明天上午10点",
            "要不要改成明天下午3点？",
            "附近有停车场吗？",
            "time",
            "明天上午10点",
        ),
        ("我要订标准间", "要不要改成大床房？", "不用了，谢谢", "product", "标准间"),
        ("The time is 7pm", "I've changed it to 8pm, OK?", "no", "time", "7pm"),
        ("The time is 7pm", "I've changed it to 8pm, OK?", "Is there parking?", "time", "7pm"),
        ("The time is 7pm", "Shall I move it to 8pm?", "No, keep the original", "time", "7pm"),
        # Options listed, a fact stated, something else changed: nothing proposed for it.
        ("我要订标准间", "有标准间、大床房和双床房，您要哪种？", "好的", "product", "标准间"),
        ("预约时间是明天上午10点", "您预约的时间是明天下午3点", "好的", "time", "明天上午10点"),
        ("The time is 7pm", "Your table is at 8pm.", "OK", "time", "7pm"),
        ("The time is 7pm", "We have Hilton or Marriott available.", "yes", "time", "7pm"),
        (
            "The recipient is John Smith",
            "I've updated the system to version 2.",
            "OK",
            "recipient",
            "John Smith",
        ),
        ("预约时间是明天上午10点", "已为您改为顺丰快递", "好的", "time", "明天上午10点"),
    ],
)
def test_look_alikes_leave_the_users_value_current(
    said: str, reply: str, answer: str, slot: str, old: str
) -> None:
    s = LedgerSession((said, reply), answer)
    assert current(s)[slot] == old


def test_a_proposal_waits_for_the_next_message_only() -> None:
    # A confirmation two messages later confirms the later reply, not the change.
    s = LedgerSession(
        ("预约时间是明天上午10点", "已为您改为明天下午3点"), ("附近有停车场吗？", "有的。"), "好的"
    )
    assert current(s)["time"] == "明天上午10点"
