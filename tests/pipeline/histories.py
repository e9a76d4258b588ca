"""Hypothesis strategies for conversation histories: tool chains, parallel calls, huge
results, Chinese and English text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings

EN_WORDS = ["order", "ship", "price", "Friday", "invoice", "ticket", "refund", "CA1501", "report"]
ZH_WORDS = ["订单", "发货", "价格", "周五", "发票", "退款", "报表", "顺丰", "收货人", "张伟"]


@st.composite
def texts(draw: st.DrawFn, min_words: int = 1, max_words: int = 60) -> str:
    zh = draw(st.booleans())
    words = draw(
        st.lists(
            st.sampled_from(ZH_WORDS if zh else EN_WORDS), min_size=min_words, max_size=max_words
        )
    )
    return ("" if zh else " ").join(words)


@st.composite
def tool_result_text(draw: st.DrawFn) -> str:
    size = draw(st.sampled_from([10, 200, 3000, 25000, 60000]))
    unit = draw(st.sampled_from(["row;", "行数据，", '{"id": 12, "v": "x"}\n']))
    return (unit * (size // len(unit) + 1))[:size]


@st.composite
def turn(draw: st.DrawFn, n: int) -> list[Message]:
    msgs = [Message.user(draw(texts()))]
    for step in range(draw(st.integers(0, 3))):
        k = draw(st.integers(1, 3))
        calls = [
            ToolCallPart(id=f"c{n}_{step}_{i}", name="lookup", arguments='{"q": 1}')
            for i in range(k)
        ]
        msgs.append(
            Message.assistant(draw(st.one_of(st.none(), texts(max_words=5))), tool_calls=calls)
        )
        for c in calls:
            msgs.append(Message.tool(c.id, draw(tool_result_text())))
    msgs.append(Message.assistant(draw(texts())))
    return msgs


@st.composite
def histories(draw: st.DrawFn, min_turns: int = 1, max_turns: int = 30) -> list[Message]:
    n = draw(st.integers(min_turns, max_turns))
    out = [Message.system("You are a helpful assistant. 你是一个助手。")]
    for i in range(n):
        out.extend(draw(turn(i)))
    return out


# Single messages over four call ids, in any order: calls answered, unanswered, answered
# twice, results with no call (for the pairing checks, which must agree on every mix).
_CALL_IDS = st.sampled_from(["a", "b", "c", "d"])
pairing_messages = st.one_of(
    st.builds(lambda t: Message.user(t), st.sampled_from(["hi", "", "next"])),
    st.builds(
        lambda cs: Message.assistant("x", tool_calls=[ToolCallPart(id=c, name="f") for c in cs]),
        st.lists(_CALL_IDS, max_size=3),
    ),
    st.builds(lambda c, n: Message.tool(c, "r" * n), _CALL_IDS, st.integers(0, 50)),
)


def history_settings(tmp: Path, budget: int, turns: int, *, compaction: bool = False) -> Settings:
    """The settings the property tests replay a generated history under: its budget and
    turn limit, tool results cut early enough that the generated ones are cut."""
    return Settings(
        workspace=tmp,
        agent_max_context_tokens=budget,
        agent_max_context_turns=turns,
        tool_result_max_chars=1500,
        compaction=compaction,
    )
