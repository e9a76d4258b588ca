"""The one storage protocol every backend implements.

A store keeps, per (user, session):

- sessions: created/last-active times, for restore and retention;
- messages: append-only history, numbered by a per-session sequence (`seq`, from 1);
- state: small JSON documents by key (compaction layers, the `/context clear` boundary, ...);
- events: the audit log, append-only;
- jobs: pending background work (summaries), stored before the work starts so a crash loses
  nothing; a job is done only when `complete_job` is called.

Every method is scoped by user and session: there is no call that reads across users (only the
admin listings `list_sessions(None)` and `pending_jobs(None)` span them). Writes to state,
events or jobs create the session row if needed, so `delete_session`/`purge_idle` reach them.
Times are timezone-aware UTC.
Backends: `MemoryStore` (a fake for tests and ephemeral use), `SQLiteStore` (the default),
`PostgresStore`. `tests/store/conformance.py` is the suite they all pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from ctxengine.messages import Message


@dataclass(frozen=True)
class SessionKey:
    user_id: str
    session_id: str


@dataclass(frozen=True)
class SessionInfo:
    key: SessionKey
    created_at: datetime
    last_active_at: datetime
    message_count: int


@dataclass(frozen=True)
class StoredMessage:
    seq: int
    message: Message
    created_at: datetime


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str
    data: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class Job:
    id: int
    key: SessionKey
    kind: str
    payload: dict[str, Any]
    attempts: int
    last_error: str | None
    created_at: datetime
    extra: dict[str, Any] = field(default_factory=dict)


class StoreError(RuntimeError):
    """A store operation failed; the message names the backend, the operation and the cause."""


@runtime_checkable
class Store(Protocol):
    async def open(self) -> None:
        """Connect and apply pending migrations. Idempotent."""

    async def close(self) -> None: ...

    # sessions
    async def touch_session(self, key: SessionKey, *, now: datetime | None = None) -> None:
        """Create the session if new and mark it active.

        Args:
            key: The session.
            now: The activity time (timezone-aware); defaults to the current UTC time. Tests of
                retention pass an old time here to make a session idle.
        """

    async def get_session(self, key: SessionKey) -> SessionInfo | None: ...

    async def list_sessions(self, user_id: str | None = None) -> list[SessionInfo]: ...

    async def delete_session(self, key: SessionKey) -> None:
        """Remove the session with its messages, state, events and jobs."""

    async def purge_idle(self, idle_before: datetime) -> list[SessionKey]:
        """Delete every session last active before `idle_before`; return what was removed."""

    # messages (append-only)
    async def append_messages(
        self, key: SessionKey, messages: list[Message], *, now: datetime | None = None
    ) -> list[int]:
        """Append in order, atomically; return the assigned seqs. Safe under concurrent writers.

        Also touches the session (creating it if new). Seqs of a session are unique, gapless and
        start at 1. An empty list is a no-op that returns `[]`.

        Args:
            key: The session.
            messages: The messages, stored with every field (`id`, `injected`, `extra`, ...).
            now: Creation and activity time (timezone-aware); defaults to the current UTC time.
        """

    async def load_messages(
        self, key: SessionKey, *, after_seq: int = 0, limit: int | None = None
    ) -> list[StoredMessage]:
        """Messages with seq > after_seq in order; with `limit`, the LAST `limit` of them."""

    async def count_messages(self, key: SessionKey) -> int: ...

    # state
    async def get_state(self, key: SessionKey, name: str) -> dict[str, Any] | None: ...

    async def set_state(self, key: SessionKey, name: str, value: dict[str, Any]) -> None: ...

    # audit events
    async def add_events(
        self, key: SessionKey, kind_and_data: list[tuple[str, dict[str, Any]]]
    ) -> None:
        """Append audit events in order (seq per session, from 1)."""

    async def list_events(self, key: SessionKey, *, after_seq: int = 0) -> list[Event]: ...

    # background jobs
    async def add_job(self, key: SessionKey, kind: str, payload: dict[str, Any]) -> int: ...

    async def pending_jobs(self, key: SessionKey | None = None) -> list[Job]:
        """Jobs not completed yet, oldest first (all sessions when key is None)."""

    async def complete_job(self, job_id: int) -> None:
        """Mark the job done; it leaves `pending_jobs`. Unknown ids raise `StoreError`."""

    async def fail_job(self, job_id: int, error: str) -> None:
        """Record a failed attempt (attempts + 1, last_error); the job stays pending."""
