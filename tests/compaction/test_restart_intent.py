"""A restart is of the conversation, not of a thing: "how do I reset my password?" or "重置一下
密码" ask for help and keep the task's values; "let's start over" or "重新开始" discard them."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.intents import classify_intents
from ctxengine.messages import Message
from ctxengine.settings import Settings


@pytest.mark.parametrize(
    "text",
    [
        "Let's start over.",
        "Can we start again from scratch?",
        "Restart the conversation please.",
        "Reset everything.",
        "Reset.",
        "let's restart",
        "重新开始吧",
        "我们从头开始",
        "重置对话",
        "清空记录",
        "重置一下吧",
    ],
)
def test_a_restart_of_the_conversation(text: str) -> None:
    assert "restart" in [i.name for i in classify_intents(text, None)]


@pytest.mark.parametrize(
    "text",
    [
        "Also, how do I reset my password?",
        "How do I reset the router?",
        "Restart the server after the deploy.",
        "The job failed, please restart it.",
        "Can you reset the counter to zero?",
        "另外我想重置一下密码，怎么弄？",
        "路由器怎么重置？",
        "服务器需要重启吗",
    ],
)
def test_a_reset_of_a_thing_is_no_restart(text: str) -> None:
    assert "restart" not in [i.name for i in classify_intents(text, None)]


def test_asking_how_to_reset_a_password_keeps_the_task() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("Ship to 12 Oak St, Springfield. Use coupon SAVE20."), 1)
    d.observe(Message.assistant("OK."), 1)
    d.observe(Message.user("Also, how do I reset my password?"), 2)
    block = d.render(2, "en")
    assert "SAVE20" in block
    d = CompactionDistiller(Settings())
    d.observe(Message.user("收货人写张伟，电话 138****1234。"), 1)
    d.observe(Message.assistant("好的。"), 1)
    d.observe(Message.user("另外我想重置一下密码，怎么弄？"), 2)
    assert "138****1234" in d.render(2, "zh")
