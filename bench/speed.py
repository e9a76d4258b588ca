"""Per-turn cost of every method against history length, and its peak memory (issue 5, part 4).

Each method builds the context an agent sends before every assistant message of a turn. What
that costs per turn depends on how the method is used:

- **ctxengine** and **ctxengine_pipeline** keep state across turns, so a synthetic agent session
  (`bench/_sessions.py`) is replayed turn by turn through one engine `Session` (compaction on and
  off) and every turn is timed: all its `add()` and `context()` calls. The median at a history
  length L is over the last max(L / 10, 20) turns up to L.
- **recency**, **langchain_trim** and **summary_buffer** are stateless: a user of those recomputes
  the context from the whole history before every model call. At a sampled turn t their per-turn
  cost is the time of `Method.run(history so far, budget)` once per assistant message of turn t.
  Timing every turn would be quadratic in the session length, so `samples` turns are timed just
  before each reported history length.

Every cost is divided by the time a fresh `TokenCounter` takes to count only the new turn's
messages, measured in the same loop right before or after (alternating), so machine noise hits
both alike. The issue's target is a ratio of at most 2, judged for the session methods on
their cost without the time spent inside the store (`ratio_median_no_store`): persistence is
the store's work, not the pipeline's, and costs what the backend costs (the in-memory one
here); `ratio_median` includes it.

Peak memory is the `tracemalloc` peak in a separate, untimed pass (tracing slows everything
down): for the session methods the whole replay of a session (their retained state included),
for the stateless ones the context of its last turn. The session is the longest one measured
unless `memory_turns` says otherwise.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bench._sessions import Language, agent_session
from bench.bench_pipeline import TimedStore, cold_copies
from ctxengine.engine import ContextEngine, Session
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

TARGET_RATIO = 2.0
# Fewest turns behind a session method's median at one history length.
SESSION_WINDOW = 20
# Methods replayed through an engine session, and whether the compaction engine is on.
SESSION_METHODS: dict[str, bool] = {"ctxengine_pipeline": False, "ctxengine": True}


class MethodOutputLike(Protocol):
    """What `bench.methods.MethodOutput` provides that this suite reads."""

    tokens: int


class ContextMethod(Protocol):
    """`bench.methods.Method` as this suite sees it."""

    @property
    def name(self) -> str: ...

    async def run(self, history: list[Message], budget: int) -> Any: ...


@dataclass(frozen=True)
class SpeedConfig:
    """What to measure.

    Attributes:
        lengths: History lengths (turns) at which the per-turn cost is reported.
        languages: Session languages; each is a separate synthetic session.
        samples: Turns timed per length for the stateless methods.
        budget: The context budget in tokens, the same for every method (the engine default).
        memory: Whether to run the tracemalloc pass.
        memory_turns: Session length of the tracemalloc pass (None: the longest length);
            tracing slows the engine several times over, so quick runs use a shorter one.
    """

    lengths: tuple[int, ...] = (20, 100, 500, 1000)
    languages: tuple[Language, ...] = ("en", "zh")
    samples: int = 8
    budget: int = 50000
    memory: bool = True
    memory_turns: int | None = None


@dataclass
class SpeedRow:
    """The per-turn cost of one method at one history length, in one language."""

    method: str
    language: str
    history_turns: int
    timed_turns: int
    median_ms: float
    p99_ms: float
    tokenize_median_ms: float
    ratio_median: float
    ratio_p99: float
    meets_target: bool
    # Session methods: the same without the time spent in the store (persistence), the
    # figure issue 2's target is judged on; None for the stateless methods (they store nothing).
    ratio_median_no_store: float | None = None


@dataclass
class SpeedResult:
    """Every row, the peak memory per method (bytes) and the settings used."""

    rows: list[SpeedRow] = field(default_factory=list)
    peak_memory: dict[str, int] = field(default_factory=dict)
    memory_turns: int = 0
    config: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "target_ratio": TARGET_RATIO,
            "config": self.config,
            "rows": [asdict(r) for r in self.rows],
            "peak_memory_bytes": self.peak_memory,
            "memory_turns": self.memory_turns,
        }


Tick = Callable[[str], None]


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 1]) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def tokenize_seconds(messages: list[Message]) -> float:
    """Time for a fresh counter to count fresh copies of `messages` (nothing cached)."""
    counter = TokenCounter()
    copies = cold_copies(messages)
    start = time.perf_counter()
    for m in copies:
        counter.message(m)
    return time.perf_counter() - start


def windows(lengths: Sequence[int], samples: int) -> dict[int, list[int]]:
    """For each length L the 1-based turns timed for it: the last `samples` turns up to L."""
    return {n: list(range(max(1, n - samples + 1), n + 1)) for n in lengths}


def _row(
    method: str,
    lang: str,
    n: int,
    costs: list[float],
    tok: list[float],
    stored: list[float] | None = None,
) -> SpeedRow:
    ratios = [c / t for c, t in zip(costs, tok, strict=True) if t > 0]
    med = statistics.median(ratios)
    no_store = None
    if stored is not None:
        no_store = statistics.median(
            (c - st) / t for c, t, st in zip(costs, tok, stored, strict=True) if t > 0
        )
    return SpeedRow(
        method=method,
        language=lang,
        history_turns=n,
        timed_turns=len(costs),
        median_ms=statistics.median(costs) * 1000,
        p99_ms=percentile(costs, 0.99) * 1000,
        tokenize_median_ms=statistics.median(tok) * 1000,
        ratio_median=med,
        ratio_p99=percentile(ratios, 0.99),
        meets_target=(no_store if no_store is not None else med) <= TARGET_RATIO,
        ratio_median_no_store=no_store,
    )


async def _session_turn(session: Session, turn: list[Message]) -> None:
    # What an agent does: build the context before each model call, add what arrives.
    for m in turn:
        if m.role == "assistant":
            await session.context()
        await session.add(m)


def _settings(workspace: Path, compaction: bool, budget: int) -> Settings:
    return Settings(workspace=workspace, compaction=compaction, agent_max_context_tokens=budget)


async def replay_session(
    turns: list[list[Message]], compaction: bool, budget: int, workspace: Path
) -> tuple[list[float], list[float], list[float]]:
    """Per-turn engine seconds, tokenize seconds and seconds inside the store (part of the
    engine seconds), every turn of `turns`."""
    costs: list[float] = []
    tok: list[float] = []
    stored: list[float] = []
    store = TimedStore(MemoryStore())
    async with ContextEngine(_settings(workspace, compaction, budget), store=store) as engine:
        session = await engine.session("bench", "speed", restore=False)
        for i, turn in enumerate(turns):
            first = i % 2 == 0
            if first:
                tok.append(tokenize_seconds(turn))
            store.spent = 0.0
            start = time.perf_counter()
            await _session_turn(session, turn)
            costs.append(time.perf_counter() - start)
            stored.append(store.spent)
            if not first:
                tok.append(tokenize_seconds(turn))
            # Background summaries run between turns, outside the per-turn figure (as in
            # bench_pipeline.py): they do not delay the model call.
            await session.flush()
    return costs, tok, stored


async def _recompute_turn(
    method: ContextMethod, before: list[Message], turn: list[Message], budget: int
) -> float:
    history = list(before)
    elapsed = 0.0
    for m in turn:
        if m.role == "assistant":
            start = time.perf_counter()
            await method.run(history, budget)
            elapsed += time.perf_counter() - start
        history.append(m)
    return elapsed


async def time_stateless(
    method: ContextMethod, turns: list[list[Message]], timed: dict[int, list[int]], budget: int
) -> dict[int, tuple[list[float], list[float]]]:
    """For each length, the per-turn seconds and tokenize seconds of its timed turns."""
    prefix_len = [0]
    for messages in turns:
        prefix_len.append(prefix_len[-1] + len(messages))
    flat = [m for t in turns for m in t]
    out: dict[int, tuple[list[float], list[float]]] = {}
    for n, sample_turns in timed.items():
        costs: list[float] = []
        tok: list[float] = []
        for k, t in enumerate(sample_turns):
            turn = turns[t - 1]
            before = flat[: prefix_len[t - 1]]
            if k % 2 == 0:
                tok.append(tokenize_seconds(turn))
            costs.append(await _recompute_turn(method, before, turn, budget))
            if k % 2 == 1:
                tok.append(tokenize_seconds(turn))
        out[n] = (costs, tok)
    return out


async def peak_memory(
    method: ContextMethod, turns: list[list[Message]], budget: int, workspace: Path
) -> int:
    """tracemalloc peak (bytes) of the method over the longest session (see module doc)."""
    tracemalloc.start()
    try:
        if method.name in SESSION_METHODS:
            await replay_session(turns, SESSION_METHODS[method.name], budget, workspace)
        else:
            flat = [m for t in turns[:-1] for m in t]
            await _recompute_turn(method, flat, turns[-1], budget)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


async def run_speed(
    methods: Sequence[ContextMethod], config: SpeedConfig, tick: Tick = lambda _: None
) -> SpeedResult:
    """Measure every method at every length and language (see the module docstring)."""
    longest = max(config.lengths)
    timed = windows(config.lengths, config.samples)
    result = SpeedResult(config=asdict(config))
    with tempfile.TemporaryDirectory(prefix="ctxengine-speed-") as tmp:
        for lang in config.languages:
            session = agent_session(longest, lang)
            for method in methods:
                tick(f"speed {method.name} {lang} {longest} turns")
                # Cold copies per method: token counts and strings' UTF-8 forms cached by one
                # must not help the next.
                turns = [cold_copies(t) for t in session]
                if method.name in SESSION_METHODS:
                    ws = Path(tmp) / f"{method.name}-{lang}"
                    compaction = SESSION_METHODS[method.name]
                    costs, tok, stored = await replay_session(turns, compaction, config.budget, ws)
                    for n in config.lengths:
                        # Every turn is timed anyway: use the last 10% up to n, at least
                        # SESSION_WINDOW turns (turn shapes vary: a median of five short
                        # turns says little) and the stateless methods' sample.
                        lo = max(0, n - max(config.samples, n // 10, SESSION_WINDOW))
                        result.rows.append(
                            _row(method.name, lang, n, costs[lo:n], tok[lo:n], stored[lo:n])
                        )
                else:
                    per = await time_stateless(method, turns, timed, config.budget)
                    for n, (costs, tok) in per.items():
                        result.rows.append(_row(method.name, lang, n, costs, tok))
        if config.memory:
            lang = config.languages[0]
            n = config.memory_turns or longest
            session = agent_session(n, lang)
            result.memory_turns = n
            for method in methods:
                tick(f"memory {method.name} {lang} {n} turns")
                turns = [cold_copies(t) for t in session]
                ws = Path(tmp) / f"mem-{method.name}"
                result.peak_memory[method.name] = await peak_memory(
                    method, turns, config.budget, ws
                )
    return result


def _opt(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def format_table(result: SpeedResult) -> str:
    """A fixed-width table of the rows, then the peak memory per method."""
    head = (
        f"{'method':<20} {'lang':<4} {'turns':>5} {'med ms':>8} {'p99 ms':>8} "
        f"{'tok ms':>7} {'ratio med':>9} {'no-store':>8} {'ratio p99':>9} {'<=2x':>4}"
    )
    lines = [head, "-" * len(head)]
    for r in result.rows:
        lines.append(
            f"{r.method:<20} {r.language:<4} {r.history_turns:>5} {r.median_ms:>8.2f} "
            f"{r.p99_ms:>8.2f} {r.tokenize_median_ms:>7.3f} {r.ratio_median:>9.1f} "
            f"{_opt(r.ratio_median_no_store):>8} "
            f"{r.ratio_p99:>9.1f} {'yes' if r.meets_target else 'no':>4}"
        )
    if result.peak_memory:
        lines.append("")
        lines.append(f"peak memory, {result.memory_turns} turns (tracemalloc):")
        for name, peak in result.peak_memory.items():
            lines.append(f"  {name:<20} {peak / 2**20:8.1f} MiB")
    return "\n".join(lines)
