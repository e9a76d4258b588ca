"""The agent offers memory_search / memory_get bound to the session's user."""

from __future__ import annotations

import json
from pathlib import Path

from ctxengine.agent import Agent
from ctxengine.engine import ContextEngine
from ctxengine.llm import ChatClient, RetryPolicy
from ctxengine.memory.files import MemoryFiles
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.testing import OpenAICompatibleServer, Reply, ScriptedModel, ToolCall


async def test_memory_search_tool_finds_this_users_memory_only(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    MemoryFiles(ws, "alice").append_daily("订单 A7788 的收货人是张伟，不要显示价格。")
    MemoryFiles(ws, "bob").append_daily("订单 B9900 的收货人是李娜。")
    model = ScriptedModel(
        [
            Reply(tool_calls=(ToolCall("memory_search", {"query": "收货人"}, id="m1"),)),
            "张伟",
        ]
    )
    async with OpenAICompatibleServer(model) as srv:
        settings = Settings(workspace=ws, memory_embedder="none")
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("alice", "s1")
            async with ChatClient(
                srv.base_url, model="m", retry=RetryPolicy(max_retries=0)
            ) as client:
                agent = Agent(session, client)
                result = await agent.run_turn("之前的收货人是谁？")
    assert result.reply == "张伟"
    names = [t["function"]["name"] for t in model.requests[0].body["tools"]]
    assert {"memory_search", "memory_get"} <= set(names)
    tool_msg = next(m for m in model.requests[1].messages if m["role"] == "tool")
    hits = json.loads(tool_msg["content"])
    text = json.dumps(hits, ensure_ascii=False)
    assert "A7788" in text and "B9900" not in text
