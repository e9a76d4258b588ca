"""Retention: sessions idle longer than `retention_days` are deleted, and it really runs.

`purge_idle_sessions` is one pass: the store deletes every idle session (messages, state,
events, jobs) and this module removes that session's directory in the workspace, if any.
Per-user memory (MEMORY.md, daily files) is not session data and is never touched here.
`RetentionTask` runs the pass at start and then every `interval_seconds` in an asyncio task;
a failed pass is logged and kept in `last_error`, and the next pass still runs.

Workspace layout of per-session files (the one place that names it)::

    <workspace>/users/<user>/sessions/<session>/
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from ctxengine.memory.files import safe_component
from ctxengine.settings import Settings
from ctxengine.store._common import check_now
from ctxengine.store.base import SessionKey, Store

log = logging.getLogger(__name__)


def session_dir(workspace: Path, key: SessionKey) -> Path:
    """The directory for one session's files; ids are made safe path components."""
    return (
        workspace
        / "users"
        / safe_component(key.user_id)
        / "sessions"
        / safe_component(key.session_id)
    )


def _remove_dir(path: Path) -> None:
    if path.is_symlink():
        path.unlink()  # remove the link only, never what it points to
    elif path.is_dir():
        shutil.rmtree(path)


async def purge_idle_sessions(
    store: Store, workspace: Path, retention_days: float, now: datetime | None = None
) -> list[SessionKey]:
    """Delete sessions last active more than `retention_days` before `now`.

    Args:
        store: An opened store.
        workspace: The workspace whose per-session directories are removed with the sessions.
        retention_days: Idle time after which a session goes; must be positive.
        now: The current time (timezone-aware); defaults to now in UTC.

    Returns:
        The sessions removed.

    Raises:
        ValueError: `retention_days` is not positive.
    """
    if not retention_days > 0:
        raise ValueError(f"retention_days must be > 0, got {retention_days}")
    cutoff = check_now(now) - timedelta(days=retention_days)
    removed = await store.purge_idle(cutoff)
    for key in removed:
        await asyncio.to_thread(_remove_dir, session_dir(workspace, key))
    if removed:
        log.info("retention: removed %d idle session(s) older than %s", len(removed), cutoff)
    return removed


@dataclass(frozen=True)
class RetentionRun:
    """The outcome of one pass: what was removed, or the error that stopped it."""

    removed: list[SessionKey]
    error: str | None = None


class RetentionTask:
    """Runs `purge_idle_sessions` now and then every `interval_seconds` until stopped.

    Args:
        store: An opened store.
        workspace: The workspace directory.
        retention_days: See `purge_idle_sessions`.
        interval_seconds: Pause between passes; must be positive.
        on_run: Called after each pass with its outcome (for monitoring and tests).
    """

    def __init__(
        self,
        store: Store,
        workspace: Path,
        *,
        retention_days: float,
        interval_seconds: float,
        on_run: Callable[[RetentionRun], None] | None = None,
    ) -> None:
        if not retention_days > 0:
            raise ValueError(f"retention_days must be > 0, got {retention_days}")
        if not interval_seconds > 0:
            raise ValueError(f"interval_seconds must be > 0, got {interval_seconds}")
        self.store = store
        self.workspace = workspace
        self.retention_days = retention_days
        self.interval_seconds = interval_seconds
        self.on_run = on_run
        self.runs = 0
        self.last_error: str | None = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def from_settings(
        cls, store: Store, settings: Settings, on_run: Callable[[RetentionRun], None] | None = None
    ) -> RetentionTask:
        return cls(
            store,
            settings.workspace,
            retention_days=settings.retention_days,
            interval_seconds=settings.gc_interval_seconds,
            on_run=on_run,
        )

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def run_once(self) -> RetentionRun:
        """One pass; errors are caught, logged and returned, never raised."""
        try:
            removed = await purge_idle_sessions(self.store, self.workspace, self.retention_days)
            outcome = RetentionRun(removed)
        except Exception as exc:  # a failed pass must not end the schedule
            log.exception("retention: pass failed")
            outcome = RetentionRun([], f"{type(exc).__name__}: {exc}")
        self.runs += 1
        self.last_error = outcome.error
        if self.on_run is not None:
            self.on_run(outcome)
        return outcome

    async def _loop(self) -> None:
        while True:
            await self.run_once()
            await asyncio.sleep(self.interval_seconds)

    def start(self) -> None:
        """Start the schedule on the running loop. Raises RuntimeError if already running."""
        if self.running:
            raise RuntimeError("retention task is already running")
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="ctxengine-gc")

    async def stop(self) -> None:
        """Cancel the schedule and wait for it to end. Safe to call when not running."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
