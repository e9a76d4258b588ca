"""MemoryStore: the in-process fake, shipped so tests and ephemeral runs need no database.

It passes the same conformance suite as the real backends. Values are kept in their JSON form
(messages via `dump_messages`) so it accepts and rejects exactly what the databases do, and a
caller mutating a dict after storing it cannot change what was stored. Each method runs without
awaiting, so every operation is atomic on the event loop without a lock.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ctxengine.messages import Message
from ctxengine.store._common import (
    check_dict,
    check_key,
    check_limit,
    check_now,
    decode_message,
    encode_messages_utf8,
    from_json,
    to_json,
    utcnow,
)
from ctxengine.store.base import (
    Event,
    Job,
    SessionInfo,
    SessionKey,
    StoredMessage,
    StoreError,
)


@dataclass
class _Session:
    created_at: datetime
    last_active_at: datetime
    # JSON bodies kept as UTF-8 bytes: decoding every message to str on the hot path buys
    # nothing, since only `load_messages` reads them back (and pydantic parses bytes).
    messages: list[tuple[bytes, datetime]] = field(default_factory=list)
    state: dict[str, str] = field(default_factory=dict)
    events: list[tuple[str, str, datetime]] = field(default_factory=list)


@dataclass
class _JobRow:
    key: SessionKey
    kind: str
    payload: str
    created_at: datetime
    attempts: int = 0
    last_error: str | None = None
    done: bool = False


class MemoryStore:
    """A `Store` held in process memory; everything is lost when the process ends."""

    def __init__(self) -> None:
        self._sessions: dict[SessionKey, _Session] = {}
        self._jobs: dict[int, _JobRow] = {}
        self._job_ids = itertools.count(1)

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    def _ensure(self, key: SessionKey, now: datetime) -> _Session:
        try:
            session = self._sessions.get(key)
        except TypeError:  # an unhashable id: say which, as for any other bad key
            check_key(key)
            raise
        if session is None:
            # A key equal to a stored one passed this check when its session was created.
            check_key(key)
            session = self._sessions[key] = _Session(created_at=now, last_active_at=now)
        return session

    def _lookup(self, key: SessionKey) -> _Session | None:
        """The stored session of a checked `key` (None if new): a stored key was checked when
        its session was created, so only a new one is checked again (once per call is enough
        on the hot path)."""
        try:
            session = self._sessions.get(key)
        except TypeError:
            check_key(key)
            raise
        if session is None:
            check_key(key)
        return session

    def _info(self, key: SessionKey, s: _Session) -> SessionInfo:
        return SessionInfo(key, s.created_at, s.last_active_at, len(s.messages))

    # sessions
    async def touch_session(self, key: SessionKey, *, now: datetime | None = None) -> None:
        at = check_now(now)
        self._ensure(key, at).last_active_at = at

    async def get_session(self, key: SessionKey) -> SessionInfo | None:
        check_key(key)
        session = self._sessions.get(key)
        return None if session is None else self._info(key, session)

    async def list_sessions(self, user_id: str | None = None) -> list[SessionInfo]:
        return [
            self._info(k, s)
            for k, s in sorted(
                self._sessions.items(), key=lambda kv: (kv[0].user_id, kv[0].session_id)
            )
            if user_id is None or k.user_id == user_id
        ]

    async def delete_session(self, key: SessionKey) -> None:
        check_key(key)
        self._drop(key)

    def _drop(self, key: SessionKey) -> None:
        self._sessions.pop(key, None)
        for job_id in [i for i, job in self._jobs.items() if job.key == key]:
            del self._jobs[job_id]

    async def purge_idle(self, idle_before: datetime) -> list[SessionKey]:
        cutoff = check_now(idle_before, "idle_before")
        idle = sorted(
            (k for k, s in self._sessions.items() if s.last_active_at < cutoff),
            key=lambda k: (k.user_id, k.session_id),
        )
        for key in idle:
            self._drop(key)
        return idle

    # messages
    async def append_messages(
        self, key: SessionKey, messages: list[Message], *, now: datetime | None = None
    ) -> list[int]:
        at = check_now(now)
        session = self._lookup(key)
        if not messages:
            return []
        bodies = encode_messages_utf8(messages)  # before any change: a bad message stores nothing
        if session is None:
            session = self._ensure(key, at)
        session.last_active_at = at
        rows = session.messages
        first = len(rows) + 1
        rows.extend([(body, at) for body in bodies])
        return list(range(first, first + len(bodies)))

    async def load_messages(
        self, key: SessionKey, *, after_seq: int = 0, limit: int | None = None
    ) -> list[StoredMessage]:
        check_key(key)
        check_limit(limit, after_seq)
        session = self._sessions.get(key)
        if session is None:
            return []
        # Slice before numbering: a restore reads the tail of a long history.
        start = after_seq
        if limit is not None:
            start = max(start, len(session.messages) - limit)
        return [
            StoredMessage(seq, decode_message(body), at)
            for seq, (body, at) in enumerate(session.messages[start:], start=start + 1)
        ]

    async def count_messages(self, key: SessionKey) -> int:
        check_key(key)
        session = self._sessions.get(key)
        return 0 if session is None else len(session.messages)

    # state
    async def get_state(self, key: SessionKey, name: str) -> dict[str, Any] | None:
        check_key(key)
        session = self._sessions.get(key)
        text = None if session is None else session.state.get(name)
        return None if text is None else dict(from_json(text))

    async def set_state(self, key: SessionKey, name: str, value: dict[str, Any]) -> None:
        what = f"state {name!r}"  # formatted once for both checks
        check_dict(value, what)
        text = to_json(value, what)
        # The time only dates a session created here (state does not mark activity).
        session = self._lookup(key)
        if session is None:
            session = self._ensure(key, utcnow())
        session.state[name] = text

    # audit events
    async def add_events(
        self, key: SessionKey, kind_and_data: list[tuple[str, dict[str, Any]]]
    ) -> None:
        check_key(key)
        rows = []
        for i, (kind, data) in enumerate(kind_and_data):
            check_dict(data, f"event {i} ({kind!r}) data")
            rows.append((kind, to_json(data, f"event {i} ({kind!r}) data")))
        if not rows:
            return
        at = utcnow()
        self._ensure(key, at).events.extend((kind, text, at) for kind, text in rows)

    async def list_events(self, key: SessionKey, *, after_seq: int = 0) -> list[Event]:
        check_key(key)
        session = self._sessions.get(key)
        if session is None:
            return []
        return [
            Event(seq, kind, dict(from_json(text)), at)
            for seq, (kind, text, at) in enumerate(session.events, start=1)
            if seq > after_seq
        ]

    # background jobs
    async def add_job(self, key: SessionKey, kind: str, payload: dict[str, Any]) -> int:
        check_dict(payload, f"job {kind!r} payload")
        text = to_json(payload, f"job {kind!r} payload")
        at = utcnow()
        self._ensure(key, at)
        job_id = next(self._job_ids)
        self._jobs[job_id] = _JobRow(key, kind, text, at)
        return job_id

    async def pending_jobs(self, key: SessionKey | None = None) -> list[Job]:
        if key is not None:
            check_key(key)
        return [
            Job(
                i, j.key, j.kind, dict(from_json(j.payload)), j.attempts, j.last_error, j.created_at
            )
            for i, j in sorted(self._jobs.items())
            if not j.done and (key is None or j.key == key)
        ]

    def _job(self, job_id: int) -> _JobRow:
        job = self._jobs.get(job_id)
        if job is None:
            raise StoreError(f"memory store: no job with id {job_id}")
        return job

    async def complete_job(self, job_id: int) -> None:
        self._job(job_id).done = True

    async def fail_job(self, job_id: int, error: str) -> None:
        job = self._job(job_id)
        job.attempts += 1
        job.last_error = error
