"""State, event and job JSON: `to_json` writes exactly what the stdlib encoder it replaced on
the hot path wrote, and refuses exactly what it refused."""

from __future__ import annotations

import enum
import json
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ctxengine.store._common import to_json
from ctxengine.store.base import StoreError

STDLIB = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class Color(enum.Enum):
    RED = "red"


class Size(enum.IntEnum):
    BIG = 2


class Name(str):
    pass


leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text()
    | st.sampled_from([Color.RED, Size.BIG, Name("n"), uuid.UUID(int=7), (1, "a")])
)
values = st.recursive(
    leaf,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers(0, 9), inner, max_size=4)
    ),
    max_leaves=12,
)


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _same(value: dict[str, Any]) -> None:
    try:
        expected = STDLIB.encode(value)
    except (TypeError, ValueError):
        with pytest.raises(StoreError, match="state 'x' is not JSON-serializable"):
            to_json(value, "state 'x'")
        return
    assert to_json(value, "state 'x'") == expected


@given(value=st.dictionaries(st.text(), values, max_size=4))
def test_to_json_writes_and_refuses_what_the_stdlib_encoder_does(value: dict[str, Any]) -> None:
    _same(value)


@pytest.mark.parametrize(
    "value",
    [
        {"turns": 3, "prefix": []},
        {"f": 1e16, "g": 1.5e-7, "h": -0.0},
        {"nan": float("nan")},
        {"inf": [float("inf")]},
        {"big": 2**64},
        {"k": "lone \ud800 surrogate"},
        {"ctl": '\x00\x1f\x7f\u2028"\\\n'},
        {1: "int key"},
        {"e": Color.RED},
        {"e": Size.BIG},
        {"u": uuid.UUID(int=1)},
        {"d": datetime(2026, 1, 1, tzinfo=UTC)},
        {"deep": _nested(80)},
    ],
    ids=repr,
)
def test_values_either_encoder_treats_its_own_way(value: dict[Any, Any]) -> None:
    _same(value)


def test_a_cycle_is_still_a_store_error() -> None:
    cycle: dict[str, Any] = {}
    cycle["self"] = cycle
    with pytest.raises(StoreError, match="not JSON-serializable"):
        to_json(cycle, "state 'x'")
