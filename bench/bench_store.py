"""Store latency: append per turn and restore (load the last N messages), per backend.

Run: python bench/bench_store.py [--restore-n 50] [--repeats 30]

For sessions of 100 and 1,000 turns on each backend it appends turn by turn (a user message,
then the assistant's reply, each its own `append_messages` call, as they arrive in the engine)
and then loads the last N messages `--repeats` times. Prints medians, p99 and the ratio to the
in-memory store measured in the same run. PostgreSQL (127.0.0.1:5432, db test) uses a temporary
schema and is skipped when unreachable. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ctxengine.messages import Message, ToolCallPart
from ctxengine.store import MemoryStore, PostgresStore, SessionKey, SQLiteStore, Store

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"
TURN_COUNTS = (100, 1000)


@dataclass(frozen=True)
class Result:
    backend: str
    turns: int
    append_median_ms: float
    append_p99_ms: float
    restore_median_ms: float


def turn_messages(i: int) -> list[Message]:
    """A turn of realistic size: mixed Chinese/English user text, a longer reply."""
    user = Message.user(f"第{i}轮：请帮我查一下 order #{i:05d} 的物流状态，然后总结。 " * 3)
    if i % 4 == 0:
        call = ToolCallPart(id=f"call_{i}", name="lookup", arguments=f'{{"order": "{i:05d}"}}')
        reply = Message.assistant("Looking it up. " * 10, tool_calls=[call])
    else:
        reply = Message.assistant(f"Order {i:05d} 已发货，预计明天送达。 " * 20)
    return [user, reply]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def measure(name: str, store: Store, turns: int, restore_n: int, repeats: int) -> Result:
    key = SessionKey("bench", f"{name}-{turns}-{uuid.uuid4().hex[:6]}")
    append_ms: list[float] = []
    for i in range(turns):
        start = time.perf_counter()
        for message in turn_messages(i):
            await store.append_messages(key, [message])
        append_ms.append((time.perf_counter() - start) * 1000)
    restore_ms: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        loaded = await store.load_messages(key, limit=restore_n)
        restore_ms.append((time.perf_counter() - start) * 1000)
        assert len(loaded) == min(restore_n, 2 * turns)
    return Result(
        name,
        turns,
        statistics.median(append_ms),
        percentile(append_ms, 0.99),
        statistics.median(restore_ms),
    )


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1.0):
            return True
    except OSError:
        return False


async def main(restore_n: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory(prefix="ctxengine-bench-") as tmp:
        results = await run_all(Path(tmp), restore_n, repeats)
    print_table(results, restore_n)


async def run_all(
    tmp: Path, restore_n: int, repeats: int, turn_counts: Sequence[int] = TURN_COUNTS
) -> list[Result]:
    """Measure every backend (PostgreSQL when reachable) at every session length."""
    schema = f"ctxbench_{uuid.uuid4().hex[:10]}"
    factories: dict[str, Callable[[], Store]] = {
        "memory": MemoryStore,
        "sqlite": lambda: SQLiteStore(tmp / "full.db"),
        "sqlite(sync=NORMAL)": lambda: SQLiteStore(tmp / "normal.db", synchronous="NORMAL"),
    }
    if postgres_reachable():
        factories["postgres"] = lambda: PostgresStore(PG_DSN, schema=schema)
    else:
        print("postgres: 127.0.0.1:5432 not reachable, skipped")

    results: list[Result] = []
    try:
        for name, factory in factories.items():
            store = factory()
            await store.open()
            try:
                # Warm up (file growth, connections, caches) so the first row is not penalized.
                await measure(name, store, 20, restore_n, 3)
                for turns in turn_counts:
                    results.append(await measure(name, store, turns, restore_n, repeats))
            finally:
                await store.close()
    finally:
        if "postgres" in factories:
            await drop_schema(schema)
    return results


async def drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    async with await psycopg.AsyncConnection.connect(PG_DSN, autocommit=True) as conn:
        await conn.execute(
            sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
        )


def print_table(results: list[Result], restore_n: int) -> None:
    base = {r.turns: r for r in results if r.backend == "memory"}
    header = (
        f"{'backend':<20} {'turns':>6} {'append med ms':>14} {'p99 ms':>8} {'x mem':>7}"
        f" {f'restore {restore_n} med ms':>20} {'x mem':>7}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        m = base[r.turns]
        print(
            f"{r.backend:<20} {r.turns:>6} {r.append_median_ms:>14.3f} {r.append_p99_ms:>8.3f}"
            f" {ratio(r.append_median_ms, m.append_median_ms):>7}"
            f" {r.restore_median_ms:>20.3f}"
            f" {ratio(r.restore_median_ms, m.restore_median_ms):>7}"
        )


def ratio(value: float, base: float) -> str:
    return f"{value / base:.1f}" if base > 0 else "-"


def run(entry: Callable[[int, int], Coroutine[Any, Any, None]]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--restore-n", type=int, default=50, help="messages loaded on restore")
    parser.add_argument("--repeats", type=int, default=30, help="restore measurements per row")
    args = parser.parse_args()
    asyncio.run(entry(args.restore_n, args.repeats))


if __name__ == "__main__":
    run(main)
