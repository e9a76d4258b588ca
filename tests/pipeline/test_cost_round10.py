"""Round 10 of the per-turn cost work: the settled context() path and `copy_with`.

- `copy_with(model, changes)` builds what `model.model_copy(update=changes)` builds.
- `Window.settled_tokens` tells when `prepare` would have nothing to do, and what it counts.
- `Window.prepare` with nothing to do (most calls follow a single add) answers from the
  running totals without a stage pass, and context() returns what it returns without the
  shortcut (property test against a session whose window never takes it).
- `memo_values` reads a compaction layer's memo from pydantic's private dict.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.compaction.layers import EvidenceLayer, memo_values
from ctxengine.compaction.schema import Evidence
from ctxengine.engine import ContextEngine
from ctxengine.messages import Message, TextPart, ToolCallPart, ToolResultPart, copy_with
from ctxengine.pipeline.window import Window
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

from .histories import histories, history_settings
from .side_by_side import replay_both

texts = st.text(max_size=80)


# --- copy_with ------------------------------------------------------------------------------
@given(old=texts, new=texts, injected=st.booleans(), seq=st.none() | st.integers(1, 10**6))
def test_copy_with_builds_what_model_copy_builds(
    old: str, new: str, injected: bool, seq: int | None
) -> None:
    m = Message.user(old, injected=injected, extra={"k": [1, "x"]})
    m._seq = seq
    m._tokens["o200k_base"] = 7
    changes: dict[str, Any] = {"parts": [TextPart(text=new)], "name": "n"}
    ours, theirs = copy_with(m, changes), m.model_copy(update=changes)
    assert ours == theirs
    assert ours.model_dump_json() == theirs.model_dump_json()
    assert ours.model_fields_set == theirs.model_fields_set
    assert ours.__pydantic_private__ == theirs.__pydantic_private__
    assert ours.seq == seq


def test_copy_with_leaves_the_original_and_its_dicts_alone() -> None:
    part = ToolResultPart(call_id="c1", content="a very long tool output", extra={"x": 1})
    cut = copy_with(part, {"content": "cut", "blocks": None})
    assert (part.content, cut.content) == ("a very long tool output", "cut")
    assert cut.call_id == "c1" and cut.extra == {"x": 1}
    # Its own field dict and set of set fields: changing the copy cannot reach the original.
    assert cut.__dict__ is not part.__dict__
    assert cut.model_fields_set is not part.model_fields_set
    assert "blocks" in cut.model_fields_set and "blocks" not in part.model_fields_set


# --- Window.settled_tokens ------------------------------------------------------------------
def _window(max_turns: int = 20) -> tuple[Window, TokenCounter]:
    counter = TokenCounter()
    return Window(Settings(agent_max_context_turns=max_turns), counter), counter


def test_settled_tokens_is_the_running_total_when_no_stage_has_work() -> None:
    w, _ = _window()
    w.add(Message.system("be brief"))
    w.add(Message.user("what time is it in Lisbon?"))
    assert w.settled_tokens(10, 10**6) == w.tokens + 10
    assert w.settled_tokens(10, w.tokens + 10) == w.tokens + 10  # at the budget: still fits
    assert w.settled_tokens(10, w.tokens + 9) is None  # over it: stage 3 has work


def test_settled_tokens_takes_stage1_only_where_nothing_is_cut() -> None:
    w, _ = _window()
    limit = w.settings.tool_result_max_chars
    w.add(Message.user("first question"))
    w.add(Message.tool("c0", "short output"))
    w.add(Message.user("second question"))
    # The first turn just became historical; its results are all under the limit: stage 1
    # would cut nothing, and the turn is marked as looked at, as stage 1 marks it.
    assert w.settled_tokens(0, 10**6) == w.tokens
    assert w.turns[0].truncated and w._truncated_upto == 1
    w.add(Message.tool("c1", "x" * (limit + 1)))
    w.add(Message.user("third question"))
    # The second turn holds a result over the limit: stage 1 has work, left to `prepare`.
    assert w.settled_tokens(0, 10**6) is None
    assert not w.turns[1].truncated and w._truncated_upto == 1
    step = w.prepare(reserved=0, language="en").steps
    assert [s.stage for s in step] == ["truncate"]
    assert w.settled_tokens(0, 10**6) == w.tokens


def test_settled_tokens_is_none_over_the_turn_limit() -> None:
    w, _ = _window(max_turns=2)
    for i in range(3):
        w.add(Message.user(f"question {i}"))
        w.add(Message.assistant(f"answer {i}"))
    assert w.settled_tokens(0, 10**6) is None  # three turns over a limit of two: stage 2
    w.prepare(reserved=0, language="en")
    assert len(w.turns) <= 2
    assert w.settled_tokens(0, 10**6) == w.tokens


# --- the settled context() path -------------------------------------------------------------
async def _compare(history: list[Message], s: Settings, tmp: Path) -> int:
    """Replays `history` into a session with the shortcut and one whose window never takes
    it; returns how many `prepare` calls took it."""
    hits = 0
    async with (
        ContextEngine(s.updated(workspace=tmp / "settled"), store=MemoryStore()) as a,
        ContextEngine(s.updated(workspace=tmp / "full"), store=MemoryStore()) as b,
    ):
        fast = await a.session("u", "s")
        full = await b.session("u", "s")
        full.window.settled_tokens = lambda reserved, budget: None  # type: ignore[method-assign]
        original = fast.window.settled_tokens

        def counted(reserved: int, budget: int) -> int | None:
            nonlocal hits
            tokens = original(reserved, budget)
            hits += tokens is not None
            return tokens

        fast.window.settled_tokens = counted  # type: ignore[method-assign]

        await replay_both(fast, full, history)
    return hits


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    history=histories(max_turns=25),
    budget=st.integers(600, 20000),
    turns=st.integers(2, 12),
)
def test_the_settled_prepare_returns_what_the_stages_return(
    history: list[Message], budget: int, turns: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        s = history_settings(Path(tmp), budget, turns)
        asyncio.run(_compare(history, s, Path(tmp)))


def _call(call_id: str) -> Message:
    return Message.assistant(None, tool_calls=[ToolCallPart(id=call_id, name="weather")])


def test_a_call_after_a_plain_append_runs_no_stage1_pass() -> None:
    async def run(tmp: Path) -> list[int]:
        stage1_passes = 0
        async with ContextEngine(
            Settings(workspace=tmp, compaction=False), store=MemoryStore()
        ) as engine:
            session = await engine.session("u", "s")
            original = session.window._truncate_history

            def counting(language: Any) -> Any:
                nonlocal stage1_passes
                stage1_passes += 1
                return original(language)

            session.window._truncate_history = counting  # type: ignore[method-assign]
            seen = []
            await session.add(Message.user("look up the weather in Oslo"))
            await session.context()  # the first call: no historical turn yet
            seen.append(stage1_passes)
            await session.add(Message.assistant("It is 4 degrees and raining."))
            await session.add(Message.user("and tomorrow?"))
            await session.context()  # a new historical turn with nothing to cut: no pass
            seen.append(stage1_passes)
            await session.add(_call("c1"))
            await session.add(Message.tool("c1", "forecast: snow"))
            ctx = await session.context()  # a message within the turn: no stage has work
            seen.append(stage1_passes)
            assert ctx.tokens == session.window.tokens + session.counter.reply_overhead
            long = "y" * (session.settings.tool_result_max_chars + 1)
            await session.add(_call("c2"))
            await session.add(Message.tool("c2", long))
            await session.add(Message.user("and the day after?"))
            ctx = await session.context()  # a result over the limit went historical: stage 1
            seen.append(stage1_passes)
            assert [s.stage for s in ctx.steps] == ["truncate"]
            return seen

    with tempfile.TemporaryDirectory() as tmp:
        seen = asyncio.run(run(Path(tmp)))
    assert seen == [0, 0, 0, 1]


def test_the_settled_path_is_taken_between_turns_and_within_them() -> None:
    turns = []
    for i in range(12):
        turns += [
            Message.user(f"question number {i} about the shipment"),
            Message.assistant(f"answer number {i}: it left the depot"),
        ]
    with tempfile.TemporaryDirectory() as tmp:
        s = Settings(workspace=Path(tmp), compaction=False)
        hits = asyncio.run(_compare(turns, s, Path(tmp)))
    assert hits >= 6


# --- memo_values (compaction layers) ----------------------------------------------------------
def test_memo_values_is_the_models_own_memo_dict() -> None:
    layer = EvidenceLayer()
    assert memo_values(layer) is layer._memo.values
    other = EvidenceLayer()
    assert memo_values(other) is not memo_values(layer)  # one memo per model
    # The change log it backs: what was added since a mark, read through the fast path.
    _, mark = layer.changes((-1, 0))
    item, new = layer.add(Evidence(kind="order_id", value="A0042"), turn=3, source="user")
    changed, _ = layer.changes(mark)
    assert new and changed == [item.id]
    assert layer._memo.values["log"] == [item.id]
