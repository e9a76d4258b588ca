"""A permission for one occasion through the engine: the block of its own turn carries it
beside the rule; the block of the user's next turn carries the rule alone (round 21)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message


@pytest.mark.parametrize(
    ("rule", "once", "later", "reply"),
    [
        ("不要显示价格", "这次可以显示价格", "帮我订周五的酒店", "好的。"),
        ("Don't show prices.", "This once you may show the price.", "Book it for Friday.", "OK."),
    ],
)
async def test_the_block_carries_a_one_off_permission_on_its_turn_only(
    make_engine: Callable[..., ContextEngine], rule: str, once: str, later: str, reply: str
) -> None:
    eng = make_engine()
    async with eng:
        s = await eng.session("u", "s")
        blocks = []
        for text in (rule, once, later):
            await s.add(Message.user(text))
            blocks.append((await s.context()).compacted_context)
            await s.add(Message.assistant(reply))
        assert rule in blocks[1] and once in blocks[1]
        assert rule in blocks[2] and once not in blocks[2]
