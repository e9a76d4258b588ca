"""`with_parts` is `Message.replace(parts=...)` without the constructor: same message out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.messages import Message, Part, TextPart, ToolResultPart
from ctxengine.pipeline.stages import with_parts
from ctxengine.tokens import TokenCounter

texts = st.text(min_size=0, max_size=200)


@given(old=texts, new=texts, injected=st.booleans(), seq=st.none() | st.integers(1, 10**6))
def test_with_parts_equals_replace(old: str, new: str, injected: bool, seq: int | None) -> None:
    m = Message.user(old, injected=injected, extra={"k": [1, "x"]})
    m._seq = seq
    parts: list[Part] = [TextPart(text=new), ToolResultPart(call_id="c", content=new)]
    fast, slow = with_parts(m, parts), m.replace(parts=parts)
    assert fast == slow
    assert fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.seq == slow.seq == seq


def test_with_parts_starts_with_an_empty_token_cache() -> None:
    counter = TokenCounter()
    m = Message.user("a long enough sentence to count")
    before = counter.message(m)
    out = with_parts(m, [TextPart(text="x")])
    # The copy is counted afresh (no count carried over), and the original keeps its own.
    assert counter.message(out) == counter.count("x") + counter.message_overhead
    assert counter.message(m) == before
    assert out._tokens is not m._tokens
