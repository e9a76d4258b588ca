"""Under a token cap, the compact form spends fewer tokens on what carries no value: a rule
is written without its time marker (it holds now whenever it was said), while the full form
keeps every marker. A fact a newer fact replaced (``早先``) stays longer than the request beside
an earlier place's fact. The block's allowance is every token the latest turns leave."""

from __future__ import annotations

from pathlib import Path

from ctxengine.compaction.layers import ArchivedValue, SlotValue
from ctxengine.compaction.ledger import ConstraintEntry
from ctxengine.compaction.render import (
    HEADERS,
    ContextView,
    _join,
    render_view,
    view_lines,
    view_text,
)
from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()


def value(entity: str, slot: str, text: str, turn: int, requested: str | None = None) -> SlotValue:
    return SlotValue(
        key=f"{entity}.{slot}",
        entity=entity,
        slot=slot,
        value=text,
        turn=turn,
        source="user",
        requested=requested,
    )


def rule(text: str, turn: int) -> ConstraintEntry:
    return ConstraintEntry(
        id=f"c{turn}",
        text=text,
        polarity="forbid",
        subject="价格",
        norm_subject="价格",
        turn=turn,
        last_turn=turn,
    )


def capped_view() -> ContextView:
    """A view whose full form is over a small cap: a few earlier places and one old rule."""
    places = [
        (
            f"餐馆[第{i}家小馆]",
            i,
            [value(f"餐馆[第{i}家小馆]", "电话", f"010-5555{i:04d}", i)],
        )
        for i in range(1, 9)
    ]
    return ContextView(
        current_turn=30,
        language="zh",
        slots=[value("餐馆", "名称", "今晚这家", 29)],
        constraints=[rule("别给我推荐太贵的地方", 3)],
        instances=places,
    )


def test_a_capped_block_writes_its_rules_without_time_markers() -> None:
    v = capped_view()
    full = view_text(v)
    assert "- 别给我推荐太贵的地方 [27轮前]" in full
    capped = render_view(v, max_tokens=COUNTER.count(full) - 20, count=COUNTER.count)
    assert "- 别给我推荐太贵的地方\n" in capped + "\n"
    assert "轮前]" not in capped.split("[约束]")[1]


def test_the_uncapped_block_keeps_the_rule_marker() -> None:
    v = capped_view()
    assert render_view(v, max_tokens=10_000, count=COUNTER.count) == view_text(v)
    assert "- 别给我推荐太贵的地方 [27轮前]" in render_view(v)


def earlier_fact_view() -> ContextView:
    """The current restaurant's phone replaced an earlier candidate's; an earlier restaurant
    whose price was found against what the user asked for."""
    phone = value("餐馆", "电话", "010-66668888", 12)
    earlier = ArchivedValue(
        key="餐馆.电话",
        value="010-12345678",
        set_turn=5,
        superseded_turn=12,
        replaced_by="010-66668888",
        source="assistant",
    )
    price = value("餐馆[河边小院]", "人均消费", "88元", 4, requested="50-100元")
    return ContextView(
        current_turn=12,
        language="zh",
        slots=[value("餐馆", "名称", "山脚下的馆子", 12), phone],
        earlier={"餐馆.电话": [earlier]},
        instances=[("餐馆[河边小院]", 4, [price])],
    )


def test_an_earlier_fact_outlasts_the_request_beside_an_earlier_places_fact() -> None:
    v = earlier_fact_view()
    compact = _join(view_lines(v, compact=True), HEADERS["zh"], v.name_slot)
    assert "早先: 电话=010-12345678" in compact and "用户要求: 50-100元" in compact
    block = render_view(v, max_tokens=COUNTER.count(compact) - 1, count=COUNTER.count)
    assert "用户要求" not in block
    assert "  早先: 电话=010-12345678" in block.split("\n")
    assert "河边小院||88元" in block.split("\n")


def lunch_spots(n: int) -> list[list[Message]]:
    """n lunch places suggested one after another, each with a phone number."""
    return [
        [
            Message.user(f"附近还有别的午饭地方吗？这次想吃第{i}种口味。"),
            Message.assistant(f"可以试试第{i}号小面馆(西城店)，电话是010-7300{i:04d}。"),
        ]
        for i in range(n)
    ]


async def test_the_block_takes_every_token_the_latest_turns_leave(tmp_path: Path) -> None:
    budget = 1200
    settings = Settings(
        workspace=tmp_path,
        ontology="crosswoz",
        agent_max_context_tokens=budget,
        agent_max_context_turns=6,
    )
    async with ContextEngine(settings, store=MemoryStore()) as eng:
        s = await eng.session("u", "allowance")
        for turn in lunch_spots(60):
            for m in turn:
                if m.role == "assistant":
                    await s.context()
                await s.add(m)
        await s.add(Message.user("第三家的电话是多少？"))
        c = s.counter
        left = budget - s.window.tail_tokens(settings.block_keeps_turns)
        # No slack below what the latest turns leave: a capped block is rendered to its count.
        assert s._block_cap(budget) == left - c.reply_overhead - c.message_overhead
        ctx = await s.context()
        assert ctx.tokens <= budget
        assert COUNTER.count(ctx.compacted_context) <= s._block_cap(budget)
