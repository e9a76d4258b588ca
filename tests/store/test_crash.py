"""A process killed while working on a job loses nothing that was committed.

The child process appends messages, stores a summary job, picks it up and starts completing it
(the completion written but not committed) when it is killed with SIGKILL. A new store on the
same file must show every message, the job still pending with its payload, and no trace of
the half-done work.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from ctxengine.messages import Message
from ctxengine.store import SessionKey, SQLiteStore
from ctxengine.testing.process import reap

CHILD = Path(__file__).with_name("_crash_child.py")

TURNS = 20


async def test_sigkill_mid_job_keeps_job_pending_and_messages(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path), str(TURNS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = await asyncio.to_thread(child.stdout.readline)
        assert line.startswith("WORKING"), child.stderr.read() if child.stderr else line
        job_id = int(line.split()[1])
        os.kill(child.pid, signal.SIGKILL)
    finally:
        reap(child)
    assert child.returncode == -signal.SIGKILL

    store = SQLiteStore(path)
    await store.open()
    try:
        key = SessionKey("alice", "s1")
        jobs = await store.pending_jobs()
        assert [(j.id, j.key, j.kind, j.payload, j.attempts) for j in jobs] == [
            (job_id, key, "summary", {"seqs": [1, 2, 3], "note": "总结 these"}, 0)
        ]
        loaded = await store.load_messages(key)
        assert [m.message.text for m in loaded] == [
            text for i in range(TURNS) for text in (f"turn {i} 第{i}轮", f"reply {i}")
        ]
        # The uncommitted seq bump was rolled back: numbering continues without a gap.
        assert await store.append_messages(key, [Message.user("after")]) == [2 * TURNS + 1]
        await store.complete_job(job_id)
        assert await store.pending_jobs() == []
    finally:
        await store.close()
