"""A negation right before an action cue turns it around: "Do not cancel anything" is no
cancel, "不要取消订单" no cancel, "别改了" no modify, "不行" no confirm; proposals that only
look negative ("要不换成黑色吧", "Why not change it") still are what they say."""

from __future__ import annotations

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.intents import classify_intents
from ctxengine.messages import Message
from ctxengine.settings import Settings


def names(text: str) -> list[str]:
    return [i.name for i in classify_intents(text, None)]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Look up order A5555. Do not cancel anything.", "cancel"),
        ("Please don't change the address.", "modify"),
        ("I don't want to change anything.", "modify"),
        ("Don't ever cancel my subscription.", "cancel"),
        ("There is no need to update the date.", "modify"),
        ("We never restart the job by hand.", "restart"),
        ("It doesn't confirm anything yet.", "confirm"),
        ("Do not reset the counter.", "restart"),
        ("不要取消订单", "cancel"),
        ("我不想取消了", "cancel"),
        ("别改了，就这样", "modify"),
        ("不要再改了", "modify"),
        ("不用换成黑色", "modify"),
        ("不行", "confirm"),
        ("不可以", "confirm"),
        ("无需重置密码", "restart"),
        ("I was going to cancel the order but I changed my mind, keep it.", "cancel"),
        ("I was about to change the date, but Friday is fine.", "modify"),
        ("I meant to cancel it last week.", "cancel"),
        ("I almost cancelled it.", "cancel"),
        ("本来想取消订单，后来想想还是留着吧", "cancel"),
        ("原本要改地址，现在不用了", "modify"),
    ],
)
def test_a_negated_cue_is_not_the_intent(text: str, intent: str) -> None:
    assert intent not in names(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Cancel my order.", "cancel"),
        ("Change the address to 5 Main St.", "modify"),
        ("Why not change it to Friday?", "modify"),
        ("I don't know, maybe change it to Friday.", "modify"),
        ("Never mind.", "cancel"),
        ("Start over.", "restart"),
        ("Not that one. Cancel the second order.", "cancel"),
        ("Go ahead and confirm it.", "confirm"),
        ("取消订单", "cancel"),
        ("不要了", "cancel"),
        ("改成黑色", "modify"),
        ("我觉得不如换成黑色", "modify"),
        ("要不换成黑色吧", "modify"),
        ("不过换成黑色也行", "modify"),
        ("不妨改成周五", "modify"),
        ("换成黑色吧，不要蓝色", "modify"),
        ("可以", "confirm"),
        ("I was told to cancel it, so cancel the order.", "cancel"),
        ("Please cancel it; I was going to wait but no.", "cancel"),
    ],
)
def test_an_affirmed_cue_still_counts(text: str, intent: str) -> None:
    assert intent in names(text)


def test_the_block_does_not_call_a_negated_cancel_the_intent() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("Look up order A5555. Do not cancel anything."), 1)
    block = d.render(1, "en")
    assert "cancel" not in block.split("[Intent]")[1].split("\n")[1]
    d = CompactionDistiller(Settings())
    d.observe(Message.user("帮我查一下订单DD20240315001，不要取消"), 1)
    block = d.render(1, "zh")
    assert "取消" not in block.split("[用户意图]")[1].split("\n")[1]
