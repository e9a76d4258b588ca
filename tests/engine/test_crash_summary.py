"""SIGKILL in the middle of a summary (issue 4 part 8): the job survives and completes after
the restart, its summary lands in the daily file, and no message is lost."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from ctxengine.engine import ContextEngine
from ctxengine.settings import Settings
from ctxengine.store import SessionKey, SQLiteStore
from ctxengine.summaries import job_messages
from ctxengine.testing.process import reap

from .conftest import tool_turn

TURNS = 7

# The child: a real engine on a SQLite file whose summarizer blocks until a file appears
# (it never does), so a summary job is in flight when the parent kills it.
CHILD = """
import asyncio, sys
from pathlib import Path
from ctxengine.engine import ContextEngine
from ctxengine.settings import Settings
from ctxengine.store import SQLiteStore
sys.path.insert(0, sys.argv[4])
from engine.conftest import tool_turn

class Blocking:
    async def summarize(self, messages, *, language):
        print("SUMMARIZING", flush=True)
        while not Path(sys.argv[3]).exists():
            await asyncio.sleep(0.05)
        return "released"

async def main():
    settings = Settings.model_validate({"workspace": sys.argv[2], "agent_max_context_turns": 4})
    eng = ContextEngine(settings, store=SQLiteStore(sys.argv[1]), summarizer=Blocking())
    await eng.open()
    s = await eng.session("alice", "s1")
    for i in range(1, int(sys.argv[5]) + 1):
        for m in tool_turn(i, 200):
            if m.role == "assistant":
                await s.context()
            await s.add(m)
    await s.context()
    print("ADDED", flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


async def test_sigkill_during_a_summary_loses_nothing(tmp_path: Path) -> None:
    db, ws = tmp_path / "crash.db", tmp_path / "ws"
    tests_dir = str(Path(__file__).resolve().parents[1])
    args = [str(db), str(ws), str(tmp_path / "never"), tests_dir, str(TURNS)]
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: list[str] = []
    try:
        assert child.stdout is not None
        while "ADDED" not in seen:
            line = await asyncio.to_thread(child.stdout.readline)
            assert line, child.stderr.read() if child.stderr else "child ended"
            seen.append(line.strip())
        assert "SUMMARIZING" in seen  # a summary was in flight
        os.kill(child.pid, signal.SIGKILL)
    finally:
        reap(child)
    assert child.returncode == -signal.SIGKILL

    key = SessionKey("alice", "s1")
    settings = Settings.model_validate({"workspace": ws, "agent_max_context_turns": 4})
    async with ContextEngine(settings, store=SQLiteStore(db)) as eng:
        pending = await eng.store.pending_jobs(key)
        assert pending, "the interrupted summary job is still pending"
        pending_texts = {m.text for j in pending for m in await job_messages(eng.store, key, j)}
        assert "Turn 1: where is order A0001?" in pending_texts
        # Every message said before the kill is in the history.
        rows = await eng.store.load_messages(key)
        expected = [m for i in range(1, TURNS + 1) for m in tool_turn(i, 200)]
        assert [r.message.text for r in rows] == [m.text for m in expected]
        assert [r.message.role for r in rows] == [m.role for m in expected]

        s = await eng.session("alice", "s1")  # resumes the pending jobs
        await s.flush()
        assert await eng.store.pending_jobs(key) == []
        daily = s.book.files.daily_path().read_text(encoding="utf-8")
        assert "A0001" in daily
        done = {e["job_id"] for e in s.audit if e.get("event") == "summary_written"}
        assert done == {j.id for j in pending}
        # ... and its summary is part of the session again.
        assert any("A0001" in r.text for r in s.book.records)
        ctx = await s.context()
        assert any(m.role == "user" and "A0001" in m.text for m in ctx.messages)
    async with ContextEngine(settings, store=SQLiteStore(db)) as eng:
        s = await eng.session("alice", "s1")
        assert any("A0001" in r.text for r in s.book.records)  # stored, not only in memory
