"""`PairingScan` fed a growing list answers exactly what `unpaired` says on the whole list."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.messages import Message
from ctxengine.pipeline.pairing import PairingScan, unpaired

from .histories import pairing_messages

messages = pairing_messages


@given(history=st.lists(messages, max_size=12), pending=st.booleans())
def test_incremental_scan_matches_a_full_scan(history: list[Message], pending: bool) -> None:
    scan = PairingScan()
    grown: list[Message] = []
    for m in history:
        grown.append(m)
        assert scan.unpaired(grown, allow_pending=pending) == unpaired(grown, allow_pending=pending)


@given(history=st.lists(messages, min_size=1, max_size=12))
def test_a_shorter_list_starts_the_scan_over(history: list[Message]) -> None:
    scan = PairingScan()
    scan.unpaired(history)
    shorter = history[: len(history) // 2]
    assert scan.unpaired(shorter) == unpaired(shorter)
