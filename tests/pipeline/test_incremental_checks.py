"""Checks the window settles while a message is added (pairing flags, the longest tool result)
answer what the full checks answer on the whole turn."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.messages import Message, ToolCallPart
from ctxengine.pipeline.pairing import PairingScan, unpaired
from ctxengine.pipeline.stages import truncate_turn
from ctxengine.pipeline.turns import Turn, flatten, split_turns
from ctxengine.pipeline.window import Window
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from .histories import histories, pairing_messages

C = TokenCounter()

messages = pairing_messages


def _clean(msgs: list[Message], *, allow_pending: bool) -> bool:
    missing, orphans = unpaired(msgs, allow_pending=allow_pending)
    return not missing and not orphans


@given(history=st.lists(messages, max_size=12), pending=st.booleans())
def test_paired_is_unpaired_finding_nothing(history: list[Message], pending: bool) -> None:
    scan = PairingScan()
    grown: list[Message] = []
    for m in history:
        grown.append(m)
        assert scan.paired(grown, allow_pending=pending) == _clean(grown, allow_pending=pending)


@given(history=st.lists(messages, max_size=12))
def test_turn_flags_set_on_add_match_the_full_checks(history: list[Message]) -> None:
    turn = Turn(index=1)
    for m in history:
        turn.add(m, C)
        assert turn.paired == _clean(turn.messages, allow_pending=False)
        # Left unknown only when calls are unanswered (pending or not: decided on demand).
        if turn.paired_pending is not None:
            assert turn.paired_pending == _clean(turn.messages, allow_pending=True)
        assert turn.pairing.longest_result == max(
            (len(r.content) for x in turn.messages for r in x.tool_results), default=0
        )


@given(history=st.lists(messages, max_size=16), checks=st.lists(st.booleans(), max_size=16))
def test_window_is_paired_matches_a_full_check(history: list[Message], checks: list[bool]) -> None:
    """Per turn: historical turns complete, the current one complete but for pending calls."""
    w = Window(Settings(agent_max_context_turns=1000, agent_max_context_tokens=10**7), C)
    for i, m in enumerate(history):
        w.add(m)
        if i < len(checks) and not checks[i]:
            continue  # also skip some checks: flags then settle over several adds
        *done, current = w.turns
        expected = all(_clean(t.messages, allow_pending=False) for t in done) and _clean(
            current.messages, allow_pending=True
        )
        assert w.is_paired() == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=histories(), limit=st.sampled_from([200, 3000, 30000]))
def test_stage1_cuts_exactly_what_truncate_turn_cuts(history: list[Message], limit: int) -> None:
    s = Settings(
        tool_result_max_chars=limit, agent_max_context_turns=1000, agent_max_context_tokens=10**8
    )
    w = Window(s, C)
    for m in history:
        w.add(m)
    result = w.prepare(reserved=0, language="en")
    prefix, turns = split_turns(history, C)
    expected = [*prefix, *flatten([truncate_turn(t, limit, "en", C) for t in turns[:-1]])]
    expected += turns[-1].messages if turns else []
    assert [m.model_dump() for m in result.messages] == [m.model_dump() for m in expected]


def test_a_turn_built_whole_is_still_checked_by_stage1() -> None:
    # Turns made from a message list (restore, compression) carry no add-time scan.
    call = ToolCallPart(id="c", name="f")
    msgs = [
        Message.user("q"),
        Message.assistant(None, tool_calls=[call]),
        Message.tool("c", "x" * 900),
    ]
    w = Window(Settings(tool_result_max_chars=200), C)
    w.set_turns([Turn(1, messages=list(msgs)), Turn(2, messages=[Message.user("next")])])
    out = w.prepare(reserved=0, language="en").messages
    assert len(out[2].tool_results[0].content) <= 200
