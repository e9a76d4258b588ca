from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore


def tool_turn(i: int, result_chars: int = 6000, lang: str = "en") -> list[Message]:
    call = ToolCallPart(id=f"call_{i}", name="get_order", arguments=json.dumps({"id": f"A{i:04d}"}))
    user = (
        f"第{i}轮：查一下订单 A{i:04d} 的物流"
        if lang == "zh"
        else f"Turn {i}: where is order A{i:04d}?"
    )
    log = "".join(f"{k}:{k * 7919 % 10007};" for k in range(result_chars // 8))[:result_chars]
    body = json.dumps({"order": f"A{i:04d}", "status": "shipped", "log": log})
    return [
        Message.user(user),
        Message.assistant(None, tool_calls=[call]),
        Message.tool(call.id, body),
        Message.assistant(
            f"Order A{i:04d} has shipped." if lang == "en" else f"订单 A{i:04d} 已发货。"
        ),
    ]


class GatedSummarizer:
    """Summarizes only when released: shows summaries never block the reply."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.calls: list[list[Message]] = []

    async def summarize(self, messages: list[Message], *, language: str) -> str:
        self.calls.append(messages)
        await self.release.wait()
        return "SUMMARY of " + ", ".join(m.text[:20] for m in messages if m.role == "user")


class FlakySummarizer:
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls = 0

    async def summarize(self, messages: list[Message], *, language: str) -> str:
        self.calls += 1
        if self.calls <= self.failures:
            raise RuntimeError(f"model down (call {self.calls})")
        return f"summary after {self.calls} calls"


@pytest.fixture
def make_engine(tmp_path: Path) -> Callable[..., ContextEngine]:
    def make(**kw: object) -> ContextEngine:
        store = kw.pop("store", None) or MemoryStore()
        summarizer = kw.pop("summarizer", None)
        settings = Settings.model_validate({"workspace": tmp_path / "ws", **kw})
        return ContextEngine(settings, store=store, summarizer=summarizer)  # type: ignore[arg-type]

    return make


@pytest.fixture
async def engine(make_engine: Callable[..., ContextEngine]) -> AsyncIterator[ContextEngine]:
    eng = make_engine()
    async with eng:
        yield eng


EngineFactory = Callable[..., ContextEngine]


@pytest.fixture(params=["sqlite", "postgres"])
async def engines(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[EngineFactory]:
    """Builds engines that share one database (a file, or a fresh PostgreSQL schema): a
    restart is a new engine on the same store."""
    from server.conftest import PG_DSN, drop_schema, postgres_reachable

    from ctxengine.store import PostgresStore, SQLiteStore, Store

    backend: str = request.param
    schema = f"ctxrestore_{uuid.uuid4().hex[:16]}"
    if backend == "postgres" and not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432 (user postgres, db test)")
    made: list[ContextEngine] = []

    def make(**kw: object) -> ContextEngine:
        store: Store = (
            SQLiteStore(tmp_path / "restore.db")
            if backend == "sqlite"
            else PostgresStore(PG_DSN, schema=schema)
        )
        settings = Settings.model_validate({"workspace": tmp_path / "ws", **kw})
        eng = ContextEngine(settings, store=store)
        made.append(eng)
        return eng

    yield make
    for eng in made:
        await eng.close()
    if backend == "postgres":
        drop_schema(schema)
