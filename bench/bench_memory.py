"""Memory search benchmark: keyword-only vs hybrid, recall@5 and latency, SQLite and PostgreSQL.

    python bench/bench_memory.py [--chunks 10000] [--queries 200] [--embedder static|e5]
        [--weights 0.3,0.5,0.7] [--truth newest|sampled] [--half-life 30] [--no-pg]

Builds one user's memory of synthetic but realistic daily notes (Chinese and English, about
half each), one fact per note, then asks paraphrased questions whose answer is one known note
("过敏" becomes "忌口", "flight leaves" becomes "fly out"), so a query shares the person or
project with dozens of notes but its wording only partly with the answer. Recall@5 is the share
of queries whose answer note is in the top five hits. Not a test: it prints a table.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from ctxengine.memory.base import IndexBase
from ctxengine.memory.embed import Embedder, load_default_embedder
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.index import SQLiteMemoryIndex
from ctxengine.memory.index_pg import PostgresMemoryIndex
from ctxengine.memory.search import MemoryConfig

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"
TODAY = date(2025, 6, 1)
NOTES_PER_FILE = 20

ZH = [
    ("{name}对{food}过敏，聚餐时点菜要避开。", "{name}有什么忌口"),
    ("{name}的航班{code}周{day}从{city}起飞。", "{name}什么时候坐飞机离开{city}"),
    ("{zproj}项目的预算上调到{num}万元。", "{zproj}要花多少钱"),
    ("{name}负责{zproj}的上线，截止日期是{month}月{dd}日。", "{zproj}最晚哪天发布"),
    ("{name}喜欢喝{drink}，不加糖。", "{name}爱喝什么饮料"),
    ("{city}办公室的门禁密码改成了{code}。", "怎么进{city}的办公室"),
]
EN = [
    ("{ename} is allergic to {efood}; avoid it at team dinners.", "what can't {ename} eat"),
    (
        "{ename}'s flight {code} leaves {ecity} on {eday} morning.",
        "when does {ename} fly out of {ecity}",
    ),
    ("The {eproj} budget was raised to {num} thousand dollars.", "how much money does {eproj} get"),
    ("{ename} owns the {eproj} launch, due on {emonth} {dd}.", "deadline for shipping {eproj}"),
    ("{ename} drinks {edrink} without sugar every morning.", "favorite beverage of {ename}"),
    (
        "The door code of the {ecity} office changed to {code}.",
        "how to get into the {ecity} office",
    ),
]
FILLER_ZH = [
    "今天的站会比较短，大家同步了进度。",
    "下午和团队讨论了接口设计，还有一些细节没定。",
    "记得周报里补上测试覆盖率的数据。",
    "晚上整理了一下文档，明天继续。",
]
FILLER_EN = [
    "Standup was short today and everyone shared progress.",
    "We discussed the API design in the afternoon; some details remain open.",
    "Remember to add coverage numbers to the weekly report.",
    "Tidied up the docs in the evening, will continue tomorrow.",
]
GIVEN_ZH = [
    "伟",
    "芳",
    "敏",
    "静",
    "磊",
    "洋",
    "艳",
    "勇",
    "军",
    "杰",
    "娟",
    "涛",
    "明",
    "超",
    "秀英",
    "华",
    "平",
    "刚",
    "桂英",
    "建国",
    "晓东",
    "丽娜",
    "志强",
    "文博",
    "子涵",
    "雨桐",
]
FIRST_EN = [
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Erin",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "Mallory",
    "Niaj",
    "Olivia",
    "Peggy",
    "Rupert",
    "Sybil",
    "Trent",
    "Victor",
    "Walter",
    "Yvonne",
    "Zara",
    "Liam",
    "Noah",
    "Emma",
    "Mia",
]
LAST_EN = [
    "Smith",
    "Jones",
    "Brown",
    "Moore",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "King",
    "Wright",
    "Scott",
    "Green",
    "Baker",
    "Adams",
    "Nelson",
    "Hill",
    "Carter",
    "Mitchell",
    "Turner",
]
SLOTS = {
    # Pools large enough that a person or project names only a handful of notes.
    "name": [a + b for a in "张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高" for b in GIVEN_ZH],
    "food": ["花生", "海鲜", "牛奶", "鸡蛋", "芒果", "小麦"],
    "city": ["上海", "北京", "深圳", "杭州", "成都", "武汉", "南京", "西安"],
    "day": list("一二三四五六日"),
    "zproj": [
        f"{a}{b}"
        for a in ("蓝鲸", "北斗", "天河", "星火", "长城", "昆仑", "神舟", "白鹭")
        for b in ("甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸")
    ],
    "drink": ["乌龙茶", "美式咖啡", "豆浆", "绿茶", "拿铁"],
    "ename": [f"{a} {b}" for a in FIRST_EN for b in LAST_EN],
    "efood": ["peanuts", "shellfish", "dairy", "eggs", "gluten", "soy"],
    "ecity": ["Berlin", "Paris", "Tokyo", "Austin", "Dublin", "Oslo", "Lisbon"],
    "eday": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    "eproj": [
        f"{a} {b}"
        for a in ("Orion", "Atlas", "Hermes", "Nova", "Zephyr", "Vega", "Lyra")
        for b in ("Alpha", "Beta", "Gamma", "Delta", "Omega", "Sigma", "Kappa", "Theta")
    ],
    "edrink": ["oolong tea", "black coffee", "soy milk", "green tea", "latte"],
    "emonth": ["March", "April", "May", "June", "July"],
}


@dataclass(frozen=True)
class Target:
    query: str
    path: str
    line: int


def fill(template: str, rng: random.Random) -> dict[str, str]:
    values = {k: rng.choice(v) for k, v in SLOTS.items()}
    values.update(
        code=f"{rng.choice('ABCDEFGH')}{rng.randint(100, 9999)}",
        num=str(rng.randint(10, 990)),
        month=str(rng.randint(1, 12)),
        dd=str(rng.randint(1, 28)),
    )
    return values


def build(
    files: MemoryFiles, chunks: int, queries: int, rng: random.Random, *, truth: str = "newest"
) -> list[Target]:
    """Write notes for about `chunks` chunks and pick `queries` of them as answers.

    Many notes share one question ("蓝鲸甲要花多少钱" is asked of every budget note of that
    project, about twenty of them; "how to get into the Berlin office" of two hundred door-code
    notes), and the notes record changes ("raised to", "changed to"), so the right answer is the
    newest of them. `truth="newest"` counts that one; `truth="sampled"` counts one picked at
    random among them, as the first version of this benchmark did, which no ranking can find
    better than by chance.
    """
    facts: list[tuple[str, str, int, tuple[date, int]]] = []
    # Two notes (with the blank line between) fit one 300-character chunk.
    n_files = -(-2 * chunks // NOTES_PER_FILE)
    for f in range(n_files):
        day = TODAY - timedelta(days=f % 365, weeks=52 * (f // 365))
        rel = f"memory/{day.isoformat()}.md"
        lines: list[str] = [f"# {day.isoformat()}", ""]
        for _ in range(NOTES_PER_FILE):
            zh = rng.random() < 0.5
            fact, question = rng.choice(ZH if zh else EN)
            values = fill(fact, rng)
            filler = rng.sample(FILLER_ZH if zh else FILLER_EN, 2)
            sep = "" if zh else " "
            lines.append(sep.join([filler[0], fact.format(**values), filler[1]]))
            facts.append((question.format(**values), rel, len(lines), (day, len(lines))))
            lines.append("")
        path = files.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines), encoding="utf-8")
    picked = rng.sample(facts, queries)
    if truth == "sampled":
        return [Target(q, p, line) for q, p, line, _ in picked]
    newest: dict[str, tuple[str, int, tuple[date, int]]] = {}
    for q, p, line, when in facts:
        if q not in newest or when > newest[q][2]:
            newest[q] = (p, line, when)
    return [Target(q, newest[q][0], newest[q][1]) for q, *_ in picked]


async def run(index: IndexBase, files: MemoryFiles, targets: list[Target]) -> tuple[float, ...]:
    start = time.perf_counter()
    stats = await index.sync_user(files)
    build_s = time.perf_counter() - start
    await index.search(files.user_id, "warm up", max_results=5)  # loads the vector cache
    latencies: list[float] = []
    found = 0
    for t in targets:
        start = time.perf_counter()
        hits = await index.search(files.user_id, t.query, max_results=5, min_score=0.0)
        latencies.append((time.perf_counter() - start) * 1000)
        found += any(h.path == t.path and h.start_line <= t.line <= h.end_line for h in hits)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    return stats.chunks_written, build_s, statistics.median(latencies), p99, found / len(targets)


def pg_ok() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_DSN, connect_timeout=2):
            return True
    except Exception:
        return False


@dataclass(frozen=True)
class Row:
    """One backend x mode: chunks indexed, index time, query latency and recall@5."""

    backend: str
    mode: str
    chunks: int
    index_s: float
    median_ms: float
    p99_ms: float
    recall_at_5: float


async def measure_all(
    chunks: int, queries: int, embedder: Embedder | None, seed: int, use_pg: bool
) -> tuple[int, list[Row]]:
    """Build the notes, then measure SQLite (and PostgreSQL when `use_pg` and reachable),
    keyword-only and, when `embedder` is given, hybrid. Returns (queries asked, rows)."""
    # Notes are one line of 50-200 characters; 300-character chunks hold one or two notes.
    config = MemoryConfig(chunk_chars=300, overlap_chars=0)
    clock = lambda: datetime(TODAY.year, TODAY.month, TODAY.day, tzinfo=UTC)  # noqa: E731
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = MemoryFiles(Path(tmp) / "ws", f"bench-{seed}")
        targets = build(files, chunks, queries, random.Random(seed))
        backends = ["sqlite"] + (["postgres"] if use_pg and pg_ok() else [])
        for backend in backends:
            for mode, emb in (("keyword", None), ("hybrid", embedder)):
                if mode == "hybrid" and emb is None:
                    continue
                index = await _open_index(backend, mode, emb, Path(tmp), config, clock)
                await index.delete_user(files.user_id)
                try:
                    n, build_s, med, p99, recall = await run(index, files, targets)
                    rows.append(Row(backend, mode, int(n), build_s, med, p99, recall))
                    if backend == "postgres":
                        await index.delete_user(files.user_id)
                finally:
                    await index.close()
    return len(targets), rows


async def _open_index(
    backend: str,
    mode: str,
    embedder: Embedder | None,
    tmp: Path,
    config: MemoryConfig,
    clock: Callable[[], datetime],
) -> IndexBase:
    """A fresh index of one backend for one mode (keyword or hybrid)."""
    if backend == "sqlite":
        return SQLiteMemoryIndex(tmp / f"{mode}.db", embedder=embedder, config=config, clock=clock)
    return PostgresMemoryIndex(
        PG_DSN, prefix=f"membench_{mode}", embedder=embedder, config=config, clock=clock
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chunks", type=int, default=10000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--embedder", default="static", choices=["static", "e5"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-pg", action="store_true")
    parser.add_argument(
        "--weights",
        default="0.3,0.5,0.7",
        help="comma-separated vector weights; one hybrid row each",
    )
    parser.add_argument("--truth", default="newest", choices=["newest", "sampled"])
    parser.add_argument("--half-life", type=float, default=MemoryConfig.half_life_days)
    args = parser.parse_args()
    weights = [float(w) for w in args.weights.split(",") if w.strip()]

    embedder: Embedder | None = load_default_embedder(args.embedder)
    if embedder is None:
        print(f"embedder {args.embedder!r} not installed: hybrid rows are skipped", file=sys.stderr)
    # Notes are one line of 50-200 characters; 300-character chunks hold one or two notes.
    config = MemoryConfig(chunk_chars=300, overlap_chars=0, half_life_days=args.half_life)
    clock = lambda: datetime(TODAY.year, TODAY.month, TODAY.day, tzinfo=UTC)  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        # A user id of its own: runs by others on the shared PostgreSQL never touch its rows.
        files = MemoryFiles(Path(tmp) / "ws", f"bench-{args.seed}-{uuid.uuid4().hex[:8]}")
        targets = build(
            files, args.chunks, args.queries, random.Random(args.seed), truth=args.truth
        )
        rows: list[tuple[str, str, tuple[float, ...]]] = []
        backends = ["sqlite"] + ([] if args.no_pg or not pg_ok() else ["postgres"])
        for backend in backends:
            for mode, emb in (("keyword", None), ("hybrid", embedder)):
                if mode == "hybrid" and emb is None:
                    continue
                index = await _open_index(backend, mode, emb, Path(tmp), config, clock)
                await index.delete_user(files.user_id)
                try:
                    # One index per mode; each hybrid weight re-ranks the same stored rows.
                    for w in weights if mode == "hybrid" else [0.0]:
                        index.config = replace(config, vector_weight=w)
                        label = f"hybrid {w:.1f}" if mode == "hybrid" else mode
                        rows.append((backend, label, await run(index, files, targets)))
                    if backend == "postgres":
                        await index.delete_user(files.user_id)
                finally:
                    await index.close()
    model = embedder.model_id if embedder else "-"
    print(
        f"\n{len(targets)} paraphrased queries ({args.truth} answer), embedder {model},"
        f" half-life {args.half_life:g} days\n"
    )
    print(
        f"{'backend':9} {'mode':11} {'chunks':>7} {'index s':>8} {'median ms':>10} "
        f"{'p99 ms':>8} {'recall@5':>9}"
    )
    for backend, mode, (n, build_s, med, p99, recall) in rows:
        print(
            f"{backend:9} {mode:11} {int(n):7d} {build_s:8.1f} {med:10.2f} {p99:8.2f} {recall:9.3f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
