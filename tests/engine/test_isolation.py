"""Isolation (issue 4 part 6): two users with the same session id and the same words never see
each other's context, store rows, memory files or memory search results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ctxengine.engine import ContextEngine, Session
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.index import SQLiteMemoryIndex
from ctxengine.memory.tools import MemoryToolError, MemoryTools
from ctxengine.messages import Message
from ctxengine.store import SessionKey

from .conftest import EngineFactory
from .test_restore import play

# Ids that a careless path sanitizer would map to one directory.
PAIRS = [("alice", "bob"), ("team/a", "team_a")]


def said(user: str, i: int) -> list[Message]:
    secret = f"{user}-secret-{i}"
    return [
        Message.user(f"Remember my locker code {secret}. 请记住我的储物柜密码 {secret}。"),
        Message.assistant(f"Noted: locker code {secret}. 已记下储物柜密码 {secret}。"),
    ]


async def run_user(eng: ContextEngine, user: str) -> Session:
    s = await eng.session(user, "s1")  # the same session id for both users
    await play(s, [said(user, i) for i in range(1, 9)])
    await s.context()
    await s.flush()
    return s


@pytest.mark.parametrize(("a", "b"), PAIRS)
async def test_users_never_mix(engines: EngineFactory, tmp_path: Path, a: str, b: str) -> None:
    async with engines(agent_max_context_turns=3) as eng:
        sa, sb = await run_user(eng, a), await run_user(eng, b)
        for s, me, other in ((sa, a, b), (sb, b, a)):
            # Context (summaries included).
            ctx = await s.context()
            text = "\n".join(m.text for m in ctx.messages) + ctx.compacted_context
            assert f"{me}-secret-8" in text
            assert f"{other}-secret" not in text
            # Store rows.
            rows = await eng.store.load_messages(SessionKey(me, "s1"))
            assert len(rows) == 16
            assert all(f"{me}-secret" in r.message.text for r in rows)
            assert not any(f"{other}-secret" in r.message.text for r in rows)
            # Memory files: the summaries of what left each context went to its user only.
            daily = s.book.files.daily_path().read_text(encoding="utf-8")
            assert f"{me}-secret-1" in daily
            assert f"{other}-secret" not in daily
        assert sa.book.files.root != sb.book.files.root
        sessions = {info.key for info in await eng.store.list_sessions(a)}
        assert sessions == {SessionKey(a, "s1")}

        # Memory search, with both users' files in one index.
        index = SQLiteMemoryIndex(tmp_path / "memory_index.db")
        try:
            for me, other in ((a, b), (b, a)):
                tools = MemoryTools(index, MemoryFiles(eng.workspace, me))
                for query in ("locker code", "储物柜密码"):
                    out = json.loads(await tools.memory_search(query, max_results=50, min_score=0))
                    assert out["results"], (me, query)
                    dumped = json.dumps(out, ensure_ascii=False)
                    assert f"{me}-secret" in dumped
                    assert f"{other}-secret" not in dumped
                # A path reaching for the other user's files is refused.
                other_root = MemoryFiles(eng.workspace, other).root.name
                with pytest.raises(MemoryToolError):
                    await tools.memory_get(f"../{other_root}/memory/x.md")
        finally:
            await index.close()
