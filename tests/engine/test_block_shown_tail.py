"""The block leaves to the latest turns what they send verbatim beside it: under its cap, a
table cell those turns hold leaves the block first (`render_view`'s `shown`), and the
engine passes them only when the cap leaves them their room and they go out unchanged."""

from __future__ import annotations

from collections.abc import Callable

from ctxengine.engine import ContextEngine, _sends
from ctxengine.messages import Message

from .test_block_budget import restaurants
from .test_session import play

NEAR = "太平洋海底世界博览馆, 中央广播电视塔, 中国人民革命军事博物馆, 玉渊潭公园"


def last_turns() -> list[list[Message]]:
    return [
        [
            Message.user("餐馆周边有什么好玩的景点不？"),
            Message.assistant(f"附近有{NEAR}。"),
        ]
    ]


async def context_of(make_engine: Callable[..., ContextEngine], keeps: int) -> tuple[str, str]:
    eng = make_engine(ontology="crosswoz", agent_max_context_tokens=1000, block_keeps_turns=keeps)
    async with eng:
        s = await eng.session("u", "shown")
        await play(s, restaurants(30) + last_turns())
        await s.add(Message.user("好的，谢谢！"))
        ctx = await s.context()
        assert ctx.tokens <= 1000
        sent = "\n".join(m.text for m in ctx.messages)
        return ctx.compacted_context, sent


async def test_the_reply_sent_beside_the_block_keeps_the_list_out_of_it(
    make_engine: Callable[..., ContextEngine],
) -> None:
    block, sent = await context_of(make_engine, keeps=2)
    assert f"附近有{NEAR}。" in sent  # the model reads the list in the reply
    assert NEAR not in block


async def test_with_no_turn_kept_the_block_writes_the_list(
    make_engine: Callable[..., ContextEngine],
) -> None:
    block, _ = await context_of(make_engine, keeps=0)
    assert NEAR in block


def test_sends_wants_every_line_as_it_is() -> None:
    messages = [Message.user("前缀\n好的，谢谢！"), Message.assistant(f"附近有{NEAR}。")]
    assert _sends(messages, f"附近有{NEAR}。\n好的，谢谢！")
    assert _sends(messages, "")
    assert not _sends(messages, f"附近有{NEAR}。\n好的，多谢！")  # a line changed
    assert not _sends(messages, "附近有玉渊潭公园。")  # a line cut
    assert not _sends([], "好的")
