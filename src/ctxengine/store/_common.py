"""Helpers every backend shares: key and time checks, the JSON forms of stored values.

Each backend stores messages as the JSON of `ctxengine.messages.dump_messages`, and state, event
data and job payloads as JSON text. Text rather than a native JSON type, because PostgreSQL's
`jsonb` rejects `\\u0000`, which tool output may contain.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import orjson

from ctxengine import messages as msgs
from ctxengine.messages import Message
from ctxengine.store.base import SessionKey, StoreError


def utcnow() -> datetime:
    return datetime.now(UTC)


def check_now(now: datetime | None, what: str = "now") -> datetime:
    """`now` as an aware UTC datetime; the current time when None."""
    if now is None:
        return utcnow()
    if now.tzinfo is None or now.utcoffset() is None:
        raise StoreError(f"{what} must be timezone-aware, got naive {now.isoformat()}")
    return now.astimezone(UTC)


def check_key(key: SessionKey) -> None:
    """Reject keys that would make scoping ambiguous (empty or non-string ids)."""
    for field_name in ("user_id", "session_id"):
        value = getattr(key, field_name, None)
        if not isinstance(value, str) or not value:
            raise StoreError(f"session key: {field_name} must be a non-empty string, got {value!r}")


def check_limit(limit: int | None, after_seq: int) -> None:
    if limit is not None and limit < 0:
        raise StoreError(f"load_messages: limit must be >= 0, got {limit}")
    if after_seq < 0:
        raise StoreError(f"load_messages: after_seq must be >= 0, got {after_seq}")


# `json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)`, without
# building the encoder again on every call (state is written once per turn).
_JSON_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def to_json(value: Any, what: str) -> str:
    """JSON text of `value`; `what` names it in the error (e.g. "state 'layers'")."""
    if _plain(value, 0):
        # Only str keys, strings, ints, bools, None, lists and dicts (exact types): orjson
        # writes these byte for byte as the stdlib encoder does, ~5x faster (state is written
        # every turn). It still refuses what it cannot take (an int over 64 bits, a lone
        # surrogate); the stdlib encoder decides those as before.
        try:
            return orjson.dumps(value).decode()
        except TypeError:  # orjson.JSONEncodeError included
            pass
    try:
        return _JSON_ENCODER.encode(value)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} is not JSON-serializable: {exc}") from exc


_SCALARS: frozenset[type] = frozenset({str, int, bool, type(None)})
# Deeper than this goes to the stdlib encoder (which also tells a cycle from depth).
_MAX_PLAIN_DEPTH = 64


def _plain(value: Any, depth: int) -> bool:
    """Whether `value` holds nothing but the types orjson and the stdlib encoder write alike.

    Floats are left out (the two spell some exponents differently: 1e+16 / 1e16, and orjson
    writes NaN as null where the stdlib encoder refuses it), and so are subclasses, tuples,
    enums, UUIDs and everything else either encoder treats its own way.
    """
    kind = type(value)
    if kind in _SCALARS:
        return True
    if depth >= _MAX_PLAIN_DEPTH:
        return False
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str or (type(v) not in _SCALARS and not _plain(v, depth + 1)):
                return False
        return True
    if kind is list:
        for v in value:  # a loop, not all(genexpr): state is written every turn
            if type(v) not in _SCALARS and not _plain(v, depth + 1):
                break
        else:
            return True
    return False


def check_dict(value: Any, what: str) -> None:
    if not isinstance(value, dict):
        raise StoreError(f"{what} must be a dict, got {type(value).__name__}")


def from_json(text: str) -> Any:
    return json.loads(text)


def encode_messages(messages: list[Message]) -> list[str]:
    """One JSON text per message, every field kept (id, injected, extra, ...)."""
    return [body.decode() for body in encode_messages_utf8(messages)]


# The models whose instance `__dict__` is exactly what pydantic serializes: every field, in
# declaration order, none excluded or aliased, no extras (`extra="forbid"`).
_PLAIN_MODELS: frozenset[type] = frozenset(
    {
        msgs.Message,
        msgs.TextPart,
        msgs.ImagePart,
        msgs.ThinkingPart,
        msgs.ToolCallPart,
        msgs.ToolResultPart,
        msgs.RawPart,
    }
)
# Types orjson would encode its own way (datetimes, dataclasses, subclasses of str/int/dict/
# list) go to `_fields` instead, which refuses them: pydantic encodes those messages.
_ORJSON_OPTIONS = (
    orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def _fields(obj: Any) -> dict[str, Any]:
    if type(obj) in _PLAIN_MODELS:
        fields: dict[str, Any] = obj.__dict__
        return fields
    raise TypeError(type(obj).__name__)


def _encode_message(m: Message) -> bytes:
    """The JSON pydantic's serializer writes for `m`, byte for byte.

    orjson over the field dicts takes ~40% of pydantic's time (every message of every turn goes
    through here). Whatever it does not take as plain JSON (a datetime or a set in `extra`, an
    integer over 64 bits, ...) is left to pydantic, so both accept and reject the same messages.
    """
    try:
        return orjson.dumps(m, default=_fields, option=_ORJSON_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError included
        return m.__pydantic_serializer__.to_json(m)


def encode_messages_utf8(messages: list[Message]) -> list[bytes]:
    """`encode_messages` as UTF-8 bytes, for a backend that can keep them as they are."""
    try:
        if len(messages) == 1:  # add() of one message, the usual call: `_encode_message` inline
            m = messages[0]
            try:
                return [orjson.dumps(m, default=_fields, option=_ORJSON_OPTIONS)]
            except TypeError:
                return [m.__pydantic_serializer__.to_json(m)]
        return [_encode_message(m) for m in messages]
    except ValueError:
        pass
    # Rare: find the message to name (a comprehension is cheaper than a loop on every call).
    for i, m in enumerate(messages):
        try:
            _encode_message(m)
        except ValueError as exc:
            raise StoreError(f"message {i} is not JSON-serializable: {exc}") from exc
    raise AssertionError("unreachable: a message failed to encode once only")  # pragma: no cover


def decode_message(text: str | bytes) -> Message:
    return msgs.Message.model_validate_json(text)


def iso(ts: datetime) -> str:
    """Fixed-width UTC ISO form, so SQLite can compare timestamps as strings."""
    return ts.astimezone(UTC).isoformat(timespec="microseconds")


def from_iso(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)
