"""`Message` construction and `starts_turn` are on the per-message hot path: their fast forms
must behave exactly like the plain ones."""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.messages import (
    ImagePart,
    Message,
    Part,
    RawPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)


def _fresh_private(m: Message) -> bool:
    return m.__pydantic_private__ == {"_tokens": {}, "_seq": None}


def test_every_construction_path_starts_with_its_own_empty_private_state() -> None:
    made = [
        Message.user("hi"),
        Message(role="assistant"),
        Message.model_validate({"role": "tool", "parts": []}),
        Message.model_validate_json(Message.user("x").model_dump_json()),
        Message.model_construct(role="user"),
    ]
    assert all(_fresh_private(m) for m in made)
    # One token cache per message: never shared between instances.
    assert len({id(m._tokens) for m in made}) == len(made)


def test_replace_keeps_seq_and_starts_an_empty_token_cache() -> None:
    m = Message.user("hello")
    m._seq = 7
    m._tokens["o200k_base"] = 5
    out = m.replace(name="bob")
    assert out.seq == 7
    assert out._tokens == {}
    assert m._tokens == {"o200k_base": 5}


def test_private_state_survives_copy_and_pickle() -> None:
    m = Message.user("hello")
    m._seq = 3
    assert m.model_copy().seq == 3
    back = pickle.loads(pickle.dumps(m))
    assert back == m
    assert back.seq == 3


def test_an_already_set_private_state_is_left_alone() -> None:
    # pydantic may run post-init on an instance whose private state is already set.
    m = Message.user("hello")
    m._seq = 9
    m.model_post_init(None)
    assert m.seq == 9


def _starts_turn_reference(m: Message) -> bool:
    """The definition `starts_turn` had before it became a single loop."""
    return (
        m.role == "user"
        and not m.injected
        and not any(isinstance(p, ToolResultPart) for p in m.parts)
        and (m.has_user_text or any(isinstance(p, ImagePart) for p in m.parts))
    )


_text = st.sampled_from(["", " ", "\n\t", "\u3000", "hi", " x ", "你好"])
parts: st.SearchStrategy[Part] = st.one_of(
    st.builds(lambda t: TextPart(text=t), _text),
    st.builds(lambda d: ImagePart(detail=d), st.none() | st.just("low")),
    st.builds(lambda t: ThinkingPart(text=t), _text),
    st.builds(lambda c: ToolCallPart(id=c, name="f"), st.just("c1")),
    st.builds(lambda t: ToolResultPart(call_id="c1", content=t), _text),
    st.builds(lambda d: RawPart(data=d), st.just({"type": "audio"})),
)


@given(
    role=st.sampled_from(["system", "developer", "user", "assistant", "tool"]),
    body=st.lists(parts, max_size=4),
    injected=st.booleans(),
)
def test_starts_turn_matches_its_definition(role: Any, body: list[Part], injected: bool) -> None:
    m = Message(role=role, parts=body, injected=injected)
    assert m.starts_turn == _starts_turn_reference(m)


@given(body=st.lists(parts, max_size=4))
def test_text_joins_the_text_parts(body: list[Part]) -> None:
    m = Message(role="user", parts=body)
    assert m.text == "\n".join(p.text for p in body if isinstance(p, TextPart))
