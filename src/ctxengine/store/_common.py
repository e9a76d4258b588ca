"""Helpers every backend shares: key and time checks, the JSON forms of stored values.

Each backend stores messages as the JSON of `ctxengine.messages.dump_messages`, and state, event
data and job payloads as JSON text. Text rather than a native JSON type, because PostgreSQL's
`jsonb` rejects `\\u0000`, which tool output may contain.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

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


def to_json(value: Any, what: str) -> str:
    """JSON text of `value`; `what` names it in the error (e.g. "state 'layers'")."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} is not JSON-serializable: {exc}") from exc


def check_dict(value: Any, what: str) -> None:
    if not isinstance(value, dict):
        raise StoreError(f"{what} must be a dict, got {type(value).__name__}")


def from_json(text: str) -> Any:
    return json.loads(text)


def encode_messages(messages: list[Message]) -> list[str]:
    """One JSON text per message, every field kept (id, injected, extra, ...)."""
    return [body.decode() for body in encode_messages_utf8(messages)]


def encode_messages_utf8(messages: list[Message]) -> list[bytes]:
    """`encode_messages` as UTF-8 bytes, for a backend that can keep them as they are."""
    out: list[bytes] = []
    # pydantic's own encoder: about 3x faster than dump + json.dumps, and per-turn cost
    # matters here (every message goes through it). Called directly: `model_dump_json` adds a
    # Python wrapper that only forwards its defaults (the same JSON comes out).
    for i, m in enumerate(messages):
        try:
            out.append(m.__pydantic_serializer__.to_json(m))
        except ValueError as exc:
            raise StoreError(f"message {i} is not JSON-serializable: {exc}") from exc
    return out


def decode_message(text: str | bytes) -> Message:
    return msgs.Message.model_validate_json(text)


def iso(ts: datetime) -> str:
    """Fixed-width UTC ISO form, so SQLite can compare timestamps as strings."""
    return ts.astimezone(UTC).isoformat(timespec="microseconds")


def from_iso(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)
