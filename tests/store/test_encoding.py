"""Stored message bodies: the orjson path writes exactly pydantic's JSON, and whatever orjson
does not take as plain JSON goes to pydantic, so the same messages are accepted and refused."""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
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
from ctxengine.store._common import decode_message, encode_messages, encode_messages_utf8
from ctxengine.store.base import StoreError


def pydantic_json(m: Message) -> bytes:
    return m.__pydantic_serializer__.to_json(m)


json_leaf = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text()
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
texts = st.text(max_size=80)
parts: st.SearchStrategy[Part] = st.one_of(
    st.builds(TextPart, text=texts),
    st.builds(ImagePart, source=st.dictionaries(st.text(), json_value, max_size=2)),
    st.builds(ThinkingPart, text=texts, signature=st.none() | texts),
    st.builds(ToolCallPart, id=texts, name=texts, arguments=texts),
    st.builds(
        ToolResultPart,
        call_id=texts,
        content=texts,
        is_error=st.booleans(),
        blocks=st.none() | st.lists(st.dictionaries(st.text(), json_value, max_size=2)),
    ),
    st.builds(RawPart, data=st.dictionaries(st.text(), json_value, max_size=2)),
)
messages = st.builds(
    Message,
    role=st.sampled_from(["system", "developer", "user", "assistant", "tool"]),
    parts=st.lists(parts, max_size=3),
    name=st.none() | texts,
    injected=st.booleans(),
    content_form=st.sampled_from([None, "string", "parts", "null", "absent"]),
    extra=st.dictionaries(st.text(), json_value, max_size=3),
)


def _encodes_the_same(m: Message) -> None:
    try:
        expected = pydantic_json(m)
    except ValueError:
        with pytest.raises(StoreError, match="message 0 is not JSON-serializable"):
            encode_messages_utf8([m])
        return
    assert encode_messages_utf8([m]) == [expected]


@given(m=messages)
def test_bodies_are_pydantics_json_byte_for_byte(m: Message) -> None:
    _encodes_the_same(m)


class Color(enum.Enum):
    RED = "red"


class Size(enum.IntEnum):
    BIG = 2


@dataclass
class Point:
    x: int


@pytest.mark.parametrize(
    "value",
    [
        datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        {1, 2},
        (1, "a"),
        b"bytes",
        Color.RED,
        Size.BIG,
        uuid.UUID(int=7),
        Point(3),
        2**80,
        float("nan"),
        float("inf"),
        {1: "int key"},
        "lone \ud800 surrogate",
    ],
    ids=repr,
)
def test_values_orjson_would_encode_its_own_way_match_pydantic(value: Any) -> None:
    _encodes_the_same(Message.user("x", extra={"v": value}))


def test_a_message_that_cannot_be_encoded_is_a_store_error_naming_it() -> None:
    ok, bad = Message.user("fine"), Message.user("bad", extra={"v": object()})
    with pytest.raises(StoreError, match="message 1 is not JSON-serializable"):
        encode_messages_utf8([ok, bad])


@given(m=messages)
def test_bodies_decode_to_the_same_message(m: Message) -> None:
    try:
        (text,) = encode_messages([m])
    except StoreError:
        return  # refused alike (checked above)
    back = decode_message(text)
    assert back.model_dump_json() == m.model_dump_json()
