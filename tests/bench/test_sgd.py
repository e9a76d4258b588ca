"""The SGD suite's sessions: service calls become paired tool calls, and the ground truth
comes from the dialogues' own state annotations, said in their utterances."""

from __future__ import annotations

import pytest

from bench.sgd import DATA, SGDError, load_dialogues, sgd_scenarios
from ctxengine.messages import Message
from ctxengine.pipeline.pairing import unpaired

pytestmark = pytest.mark.skipif(not DATA.exists(), reason=f"SGD sample not found at {DATA}")


def _said(messages: list[Message]) -> str:
    return "\n".join(m.text for m in messages if m.role in ("user", "assistant") and m.text)


def test_service_calls_are_paired_tool_calls() -> None:
    (session,) = sgd_scenarios(10, group=10)
    calls = [c for m in session.messages for c in m.tool_calls]
    results = [r for m in session.messages for r in m.tool_results]
    assert calls and len(calls) == len(results)
    assert unpaired(session.messages, allow_pending=False) == (set(), set())


def test_truth_is_said_in_the_utterances_and_old_values_are_not_current() -> None:
    sessions = sgd_scenarios(20, group=10)
    assert len(sessions) == 2
    for s in sessions:
        said = _said(s.messages)
        assert s.current_values and s.language == "en" and s.ontology is None
        assert all(v in said for v in s.current_values.values())
        current = set(s.current_values.values())
        olds = [v for vs in s.superseded_values.values() for v in vs]
        assert all(v in said and v not in current for v in olds)
    assert any(s.superseded_values for s in sessions)  # the sample does change its mind


def test_a_missing_archive_is_named() -> None:
    with pytest.raises(SGDError, match="unreadable"):
        load_dialogues(DATA.with_name("nope.zip"))
    assert len(load_dialogues()) == 256
