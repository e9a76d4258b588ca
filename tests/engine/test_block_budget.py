"""The CONTEXT block inside the budget: `block_max_share` of it, or what the latest
`block_keeps_turns` turns leave, while anything may shed; shrunk before it is dropped, and
never at the cost of the latest user message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from .test_session import play

COUNTER = TokenCounter()


def shows(block: str, name: str) -> bool:
    """Whether the block lists the earlier instance `name`: its line (``餐馆[name]: ...``)
    or, in the compact form, its table row (``name|...``)."""
    return any(
        line.startswith((f"餐馆[{name}]", f"{name}|")) or line == name for line in block.split("\n")
    )


def instances_shown(block: str) -> int:
    return sum(shows(block, f"第{i}号老字号餐馆(东城店)") for i in range(100))


def restaurants(n: int) -> list[list[Message]]:
    """n restaurants recommended one after the other, each with an address and a phone: n
    instances the block would list in full."""
    turns = []
    for i in range(n):
        turns.append(
            [
                Message.user(f"帮我找一家餐馆，评分4分以上。第{i}家的地址和电话是多少？"),
                Message.assistant(
                    f"推荐您去第{i}号老字号餐馆(东城店)。地址是北京市东城区某某大街{i}号，"
                    f"电话是010-6500{i:04d}。"
                ),
            ]
        )
    return turns


async def test_block_stays_within_its_share_and_sheds_oldest_instances(
    make_engine: Callable[..., ContextEngine],
) -> None:
    budget = 1500
    eng = make_engine(
        ontology="crosswoz",
        agent_max_context_tokens=budget,
        agent_max_context_turns=6,
        block_keeps_turns=0,
    )
    async with eng:
        s = await eng.session("u", "block")
        await play(s, restaurants(80))
        await s.add(Message.user("最后一家的电话再说一遍？"))
        ctx = await s.context()
        block = ctx.compacted_context
        assert ctx.tokens <= budget
        assert COUNTER.count(block) <= int(budget * Settings().block_max_share)
        # The newest earlier instances made it, the oldest were shed first.
        assert shows(block, "第78号老字号餐馆(东城店)")
        assert not shows(block, "第0号老字号餐馆(东城店)")
        assert ctx.messages[-1].text == "最后一家的电话再说一遍？"


async def test_a_larger_share_shows_more_of_the_history(
    make_engine: Callable[..., ContextEngine],
) -> None:
    shown = []
    for share in (0.2, 0.6):
        eng = make_engine(
            ontology="crosswoz",
            agent_max_context_tokens=1500,
            agent_max_context_turns=6,
            block_max_share=share,
            block_keeps_turns=0,
        )
        async with eng:
            s = await eng.session("u", f"share-{share}")
            await play(s, restaurants(40))
            ctx = await s.context()
            shown.append(instances_shown(ctx.compacted_context))
            assert COUNTER.count(ctx.compacted_context) <= int(1500 * share)
    assert 0 < shown[0] < shown[1]


async def test_a_long_latest_message_shrinks_the_block_by_what_it_needs_not_to_a_quarter(
    make_engine: Callable[..., ContextEngine],
) -> None:
    budget = 1500
    cap = int(budget * Settings().block_max_share)
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, agent_max_context_turns=6
    )
    async with eng:
        s = await eng.session("u", "shrink")
        await play(s, restaurants(40))
        # About 450 tokens: with the block at its cap the request would not fit.
        long_text = "请再核对一下这些餐馆的信息。" + "我们一共八个人，需要包间和停车位。" * 30
        await s.add(Message.user(long_text))
        ctx = await s.context()
        block = ctx.compacted_context
        assert ctx.tokens <= budget
        assert ctx.messages[-1].text == long_text  # never cut
        used = COUNTER.count(block)
        assert used < cap  # it shrank ...
        assert used > cap // 4  # ... by what the message needs, not to a quarter of its cap
        assert shows(block, "第38号老字号餐馆(东城店)")


async def test_a_budget_compaction_leaves_a_quarter_free_with_the_block_counted(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # A block at its cap (80%) cannot leave a quarter free by dropping turns alone: it sheds
    # its lowest ranks at the compaction, so the compaction does not fire turn after turn.
    budget = 1500
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, agent_max_context_turns=30
    )
    async with eng:
        s = await eng.session("u", "quarter")
        target = s.settings.budget_target
        compactions = 0
        for turn in restaurants(40):
            for m in turn:
                if m.role == "assistant":
                    ctx = await s.context()
                    if any(st.stage in ("budget_trim", "budget_compress") for st in ctx.steps):
                        compactions += 1
                        assert ctx.tokens <= target, (ctx.tokens, target)
                await s.add(m)
        assert compactions >= 3


async def test_the_summary_yields_its_room_to_a_block_that_needs_it(
    make_engine: Callable[..., ContextEngine],
) -> None:
    budget = 1500
    share = Settings().block_max_share
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, agent_max_context_turns=6
    )
    async with eng:
        s = await eng.session("u", "yield")
        await play(s, restaurants(40))
        await s.flush()  # the trimmed turns' summaries have landed
        assert s.book.injected_text(budget)  # there is a summary to inject
        ctx = await s.context()
        block = ctx.compacted_context
        assert "此前对话摘要" not in block  # the summary gave way ...
        assert COUNTER.count(block) <= int(budget * share)  # ... within the one allowance
        assert shows(block, "第38号老字号餐馆(东城店)")


async def test_a_small_block_leaves_the_summary_in(
    make_engine: Callable[..., ContextEngine],
) -> None:
    budget = 1500
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, agent_max_context_turns=6
    )
    chat = [
        [Message.user(f"第{i}个问题：今天适合出门散步吗？"), Message.assistant("适合，天气不错。")]
        for i in range(12)
    ]
    async with eng:
        s = await eng.session("u", "small")
        await play(s, restaurants(1) + chat)
        await s.flush()
        ctx = await s.context()
        assert "此前对话摘要" in ctx.compacted_context
        assert "第0号老字号餐馆(东城店)" in ctx.compacted_context
        assert COUNTER.count(ctx.compacted_context) <= int(budget * Settings().block_max_share)


async def test_the_block_takes_what_the_latest_turns_leave(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # Older turns are in the block, distilled: under a tight budget the block may take all
    # but the latest two turns, which stay verbatim, and it then sheds fewer places.
    budget = 1500
    shown = {}
    for keep in (0, 2):
        eng = make_engine(
            ontology="crosswoz",
            agent_max_context_tokens=budget,
            agent_max_context_turns=6,
            block_keeps_turns=keep,
        )
        async with eng:
            s = await eng.session("u", f"keep-{keep}")
            turns = restaurants(80)
            await play(s, turns)
            await s.add(Message.user("最后一家的电话再说一遍？"))
            cap = s._block_cap(budget)
            ctx = await s.context()
            block = ctx.compacted_context
            assert ctx.tokens <= budget
            assert COUNTER.count(block) <= cap
            texts = [m.text for m in ctx.messages]
            assert texts[-1] == "最后一家的电话再说一遍？"
            shown[keep] = instances_shown(block)
            if keep:
                # The previous reply stays verbatim, whichever call dropped the turn before
                # it (a budget compaction spares the latest turns the block yields to).
                assert turns[-1][1].text in texts
                assert COUNTER.count(block) > int(budget * 0.6)
    assert shown[2] >= shown[0] * 0.75


async def test_long_latest_turns_leave_the_block_its_share(
    make_engine: Callable[..., ContextEngine],
) -> None:
    budget = 1500
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, agent_max_context_turns=6
    )
    long_text = "请再核对一下这些餐馆的信息。" + "我们一共八个人，需要包间。" * 12
    async with eng:
        s = await eng.session("u", "long-latest")
        await play(s, restaurants(40))
        latest = [Message.user(long_text), Message.assistant("好的，我来核对。")]
        await play(s, [latest])
        await s.add(Message.user(long_text + "再说一遍。"))
        # The allowance the block is rendered to: the share, as the latest turns leave less.
        assert s._block_cap(budget) == int(budget * Settings().block_max_share)
        ctx = await s.context()
        assert ctx.tokens <= budget
        assert ctx.messages[-1].text == long_text + "再说一遍。"
        assert COUNTER.count(ctx.compacted_context) <= int(budget * Settings().block_max_share)


@pytest.mark.parametrize("budget", [1000, 1300, 1700, 2500])
async def test_a_block_before_the_first_user_message_keeps_the_context_in_budget(
    make_engine: Callable[..., ContextEngine], budget: int
) -> None:
    # Joined to the user message ("\n\n"), the block's tokens may merge with the message's:
    # whatever the allowance, the context as sent (counted whole) stays within the budget.
    eng = make_engine(
        ontology="crosswoz", agent_max_context_tokens=budget, inject_position="first_user"
    )
    async with eng:
        s = await eng.session("u", f"first-user-{budget}")
        for turn in restaurants(40):
            for m in turn:
                if m.role == "assistant":
                    ctx = await s.context()
                    assert COUNTER.messages(ctx.messages) <= budget
                await s.add(m)
        ctx = await s.context()
        assert COUNTER.messages(ctx.messages) <= budget
        assert any("[当前状态]" in m.text for m in ctx.messages if m.role == "user")


async def test_the_previous_reply_stays_verbatim_at_every_call(
    make_engine: Callable[..., ContextEngine],
) -> None:
    # Whatever call a budget compaction falls on, the latest `block_keeps_turns` turns stay:
    # the reply a "好的" confirms is never only in the block.
    # (At 500-650 the block must shed down to what it never sheds for them.)
    for budget in (500, 550, 600, 650, 900, 1200, 1500, 2000):
        eng = make_engine(ontology="crosswoz", agent_max_context_tokens=budget)
        async with eng:
            s = await eng.session("u", f"b{budget}")
            history = restaurants(30)
            for i, (user, reply) in enumerate(history):
                await s.add(user)
                ctx = await s.context()
                texts = [m.text for m in ctx.messages]
                assert texts[-1] == user.text
                if i:
                    assert history[i - 1][1].text in texts, (budget, i)
                assert ctx.tokens <= budget
                await s.add(reply)
