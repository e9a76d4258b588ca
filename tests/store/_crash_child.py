"""Child process of test_crash.py: stores work, starts a job, then waits to be killed.

Usage: python _crash_child.py DB_PATH TURNS
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import time

from ctxengine.messages import Message
from ctxengine.store import SessionKey, SQLiteStore


async def main(path: str, turns: int) -> None:
    store = SQLiteStore(path)
    await store.open()
    key = SessionKey("alice", "s1")
    for i in range(turns):
        await store.append_messages(
            key, [Message.user(f"turn {i} 第{i}轮"), Message.assistant(f"reply {i}")]
        )
    job_id = await store.add_job(key, "summary", {"seqs": [1, 2, 3], "note": "总结 these"})
    [job] = await store.pending_jobs(key)
    assert job.id == job_id
    # Working on it: its completion and a seq bump are written but not yet committed.
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("BEGIN IMMEDIATE")
    raw.execute(
        "UPDATE jobs SET completed_at = '2026-01-01T00:00:00+00:00' WHERE id = ?", (job_id,)
    )
    raw.execute("UPDATE sessions SET last_seq = last_seq + 1")
    print("WORKING", job_id, flush=True)
    time.sleep(600)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
