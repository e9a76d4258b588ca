"""Per-turn cost of the short-term pipeline against the tokenization of the new turn (issue 2).

Run::

    python bench/bench_pipeline.py [--turns 20,100,500] [--repeat N] [--json out.json]
                                   [--langs en,zh] [--compaction on,off] [--breakdown|--profile]

For each language (English, Chinese) and session length it builds a synthetic agent session
(`bench/_sessions.py`: user requests, 0-4 tool calls with JSON results of 200-8000 characters,
replies) and replays it through a `ContextEngine` session (MemoryStore, the default extractive
summarizer, default Settings: 50000 tokens / 20 turns) as an agent would: `add()` for every
message and `context()` before every assistant message. Each session runs with the compaction
distiller on (the default) and off (`compaction=False`, the short-term pipeline alone; column
*cmp*). Per turn it measures

- **pipeline**: the wall time of all `add()` and `context()` calls of the turn;
- **tokenize**: in the same loop, right before or after (the order alternates, so machine noise
  hits both alike), the time a fresh `TokenCounter` takes to count copies of only the new
  turn's messages (no cached counts); both sides get their own copies with new string objects
  (`cold_copies`), as a message arriving from the wire is: shared strings would let the side
  that ran first warm them for the other;
- **ratio** = pipeline / tokenize. The issue's target: at most 2x, flat as history grows.

Background summaries run in the same event loop (their CPU work in a worker thread). They are
kept out of the per-turn figures: the pipeline calls never yield with the in-memory store, so a
summary job submitted during a turn starts only when the benchmark awaits `flush()` after the
turn, which is timed on its own and reported as *sum ms*. Each sample records how many
summaries completed inside the turn anyway (`summaries_in_turn` in the JSON; 0 when isolated).

Columns: *pipe p50/p99* (ms per turn), *ratio p50/p99*, *first/last* (median ratio over the
first and the last 20% of the turns), *flat* (yes when last/first <= 1.25), *hist tok* (tokens of
the whole history at the end), *ctx tok* (tokens of the last context sent), *sum ms* (mean
summary time per turn, outside the pipeline figure); *no-store*: ratio p50 without the time
spent inside the store (persistence: appending history, writing state), the pipeline the issue
defines (window, stages, injections); *<=2x*: the no-store ratio p50 meets the target.
`--clock cpu` reads the main thread's CPU time instead of wall time (steadier on a shared
machine). `--breakdown` adds wall-clock timers around the pipeline's parts (store append,
window add, stages, pairing repair, injections, distiller) in microseconds per turn and as a
multiple of the tokenization; `--profile` a cProfile of the pipeline calls only (it inflates
pure-Python code, so prefer `--breakdown` for shares). With `--repeat N` per-turn times are
medians of N runs.

Not a test: nothing is asserted here (tests/test_bench_smoke.py checks the output structure).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

if __package__ in (None, ""):  # run as a script: make `bench._sessions` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._breakdown import breakdown_text, profile_text, timers
from bench._sessions import Language, agent_session
from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

DEFAULT_TURNS = (20, 100, 500)
LANGUAGES: tuple[Language, ...] = ("en", "zh")
TARGET_RATIO = 2.0
# Last-20% median ratio over first-20% median ratio below this counts as flat.
FLAT_TOLERANCE = 1.25
EDGE_SHARE = 0.2


# The clock every figure is read from: wall time by default; `--clock cpu` reads the main
# thread's CPU time instead (the pipeline runs there, summaries in worker threads), so other
# processes on a shared machine do not move the figures.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
_clock: list[Callable[[], float]] = [time.perf_counter]


def _now() -> float:
    return _clock[0]()


class Hooks(Protocol):
    """Switched on around the pipeline calls only (cProfile.Profile fits)."""

    def enable(self) -> None: ...

    def disable(self) -> None: ...


def _nothing() -> None:
    pass


@dataclass
class TurnSample:
    """What one turn cost; times in seconds."""

    turn: int
    messages: int
    context_calls: int
    pipeline_s: float
    tokenize_s: float
    summary_s: float
    new_tokens: int
    history_tokens: int
    context_tokens: int
    context_messages: int
    steps: list[str] = field(default_factory=list)
    summaries_in_turn: int = 0  # summaries done before the post-turn flush (should be 0)
    store_s: float = 0.0  # part of pipeline_s spent inside Store calls (persistence)

    @property
    def ratio(self) -> float:
        return self.pipeline_s / self.tokenize_s if self.tokenize_s > 0 else float("inf")

    @property
    def ratio_no_store(self) -> float:
        """The pipeline without persistence (window, stages, injections): the issue's figure."""
        t = self.pipeline_s - self.store_s
        return t / self.tokenize_s if self.tokenize_s > 0 else float("inf")


@dataclass
class RunResult:
    """Every turn of one replayed session."""

    language: Language
    turns: int
    samples: list[TurnSample]
    summaries_written: int
    compaction: bool  # the compaction distiller observed every message
    ratio_no_store_p50: float = 0.0  # the same without the time spent in the Store


@dataclass
class RunSummary:
    """The figures printed for one language x length."""

    language: Language
    turns: int
    pipeline_p50_ms: float
    pipeline_p99_ms: float
    tokenize_p50_ms: float
    ratio_p50: float
    ratio_p99: float
    ratio_first: float
    ratio_last: float
    flat: bool
    meets_target: bool
    history_tokens: int
    context_tokens: int
    summary_ms_per_turn: float
    summaries_written: int
    compaction: bool  # the compaction distiller observed every message
    ratio_no_store_p50: float = 0.0  # the same without the time spent in the Store


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 1]) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def cold_copies(messages: list[Message]) -> list[Message]:
    """Copies with an empty token cache and new string objects, as messages arriving from the
    wire are: a str caches its UTF-8 form once encoded (Chinese text) and the tokenizer reads
    that form, so strings shared between the pipeline and the baseline (or between repeats)
    would let whichever ran first warm them for the other."""
    return [Message.model_validate_json(m.model_dump_json()) for m in messages]


def _tokenize(messages: list[Message]) -> tuple[float, int]:
    counter = TokenCounter()  # fresh: nothing cached, like a new turn arriving
    copies = cold_copies(messages)
    start = _now()
    n = sum(counter.message(m) for m in copies)
    return _now() - start, n


class TimedStore:
    """A Store proxy that adds up the time spent in store calls (persistence), so the pipeline
    can be reported with and without it."""

    def __init__(self, inner: MemoryStore) -> None:
        self.inner = inner
        self.spent = 0.0

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if not callable(attr):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = _now()
            try:
                return await attr(*args, **kwargs)
            finally:
                self.spent += _now() - start

        # Built once per method: a new closure on every call was the proxy's own cost, timed
        # as pipeline time outside `spent`.
        setattr(self, name, timed)
        return timed


async def replay(
    turns: list[list[Message]],
    language: Language,
    workspace: Path,
    *,
    compaction: bool = True,
    hooks: Hooks | None = None,
) -> RunResult:
    """Replay `turns` through a fresh engine session and time every turn.

    `compaction` is the one setting changed from the defaults (on by default): off isolates
    the short-term pipeline. `hooks` (a cProfile.Profile, breakdown timers) are enabled around
    the pipeline calls only.
    """
    on = hooks.enable if hooks else _nothing
    off = hooks.disable if hooks else _nothing
    settings = Settings(workspace=workspace, compaction=compaction)
    samples: list[TurnSample] = []
    history = 0
    store = TimedStore(MemoryStore())
    async with ContextEngine(settings, store=store) as engine:
        session = await engine.session("bench", f"{language}-{len(turns)}", restore=False)
        reply_overhead = engine.counter.reply_overhead
        for i, messages in enumerate(turns):
            baseline_first = i % 2 == 0
            records_before = len(session.book.records)
            if baseline_first:
                tokenize_s, new_tokens = _tokenize(messages)
            pipeline_s = 0.0
            store.spent = 0.0
            calls = 0
            steps: list[str] = []
            ctx = None
            for m in messages:
                if m.role == "assistant":
                    on()
                    start = _now()
                    ctx = await session.context()
                    pipeline_s += _now() - start
                    off()
                    calls += 1
                    steps.extend(s.stage for s in ctx.steps)
                on()
                start = _now()
                await session.add(m)
                pipeline_s += _now() - start
                off()
            store_s = store.spent
            if not baseline_first:
                tokenize_s, new_tokens = _tokenize(messages)
            # Summaries that finished inside the turn would have shared its time: counted, so a
            # change that makes the pipeline yield to the loop shows up here.
            leaked = len(session.book.records) - records_before
            start = _now()
            await session.flush()
            summary_s = _now() - start
            history += new_tokens
            samples.append(
                TurnSample(
                    turn=i + 1,
                    messages=len(messages),
                    context_calls=calls,
                    pipeline_s=pipeline_s,
                    tokenize_s=tokenize_s,
                    summary_s=summary_s,
                    new_tokens=new_tokens,
                    history_tokens=history + reply_overhead,
                    context_tokens=ctx.tokens if ctx else 0,
                    context_messages=len(ctx.messages) if ctx else 0,
                    steps=steps,
                    summaries_in_turn=leaked,
                    store_s=store_s,
                )
            )
        written = len(session.book.records)
        distilled = session.distiller is not None
    return RunResult(language, len(turns), samples, written, distilled)


def merge_repeats(runs: list[RunResult]) -> RunResult:
    """One result whose per-turn times are the medians over repeated runs of a session."""
    first = runs[0]
    merged: list[TurnSample] = []
    for k, sample in enumerate(first.samples):
        same = [r.samples[k] for r in runs]
        merged.append(
            TurnSample(
                **{
                    **asdict(sample),
                    "pipeline_s": statistics.median(s.pipeline_s for s in same),
                    "tokenize_s": statistics.median(s.tokenize_s for s in same),
                    "summary_s": statistics.median(s.summary_s for s in same),
                    "store_s": statistics.median(s.store_s for s in same),
                }
            )
        )
    return RunResult(first.language, first.turns, merged, first.summaries_written, first.compaction)


def summarize(result: RunResult) -> RunSummary:
    """The printed figures of one run (see the module docstring)."""
    s = result.samples
    ratios = [x.ratio for x in s]
    edge = max(1, int(len(s) * EDGE_SHARE))
    first = statistics.median(ratios[:edge])
    last = statistics.median(ratios[-edge:])
    p50 = statistics.median(ratios)
    return RunSummary(
        language=result.language,
        turns=result.turns,
        pipeline_p50_ms=statistics.median(x.pipeline_s for x in s) * 1000,
        pipeline_p99_ms=percentile([x.pipeline_s for x in s], 0.99) * 1000,
        tokenize_p50_ms=statistics.median(x.tokenize_s for x in s) * 1000,
        ratio_p50=p50,
        ratio_p99=percentile(ratios, 0.99),
        ratio_first=first,
        ratio_last=last,
        flat=last <= first * FLAT_TOLERANCE,
        # Judged on the pipeline without persistence (`ratio_no_store`): the figure.
        meets_target=statistics.median(x.ratio_no_store for x in s) <= TARGET_RATIO,
        history_tokens=s[-1].history_tokens,
        context_tokens=s[-1].context_tokens,
        summary_ms_per_turn=statistics.fmean(x.summary_s for x in s) * 1000,
        summaries_written=result.summaries_written,
        compaction=result.compaction,
        ratio_no_store_p50=statistics.median(x.ratio_no_store for x in s),
    )


_HEADER = (
    f"{'lang':<4} {'cmp':<3} {'turns':>5} {'pipe p50':>9} {'pipe p99':>9} {'tok p50':>8} "
    f"{'ratio p50':>9} {'no-store':>8} {'ratio p99':>9} {'first':>6} {'last':>6} {'flat':>4} "
    f"{'<=2x':>4} {'hist tok':>9} {'ctx tok':>8} {'sum ms':>7}"
)


def format_table(rows: Sequence[RunSummary]) -> str:
    """A fixed-width table of run summaries (times in ms)."""
    lines = [_HEADER, "-" * len(_HEADER)]
    for r in rows:
        lines.append(
            f"{r.language:<4} {'on' if r.compaction else 'off':<3} {r.turns:>5} "
            f"{r.pipeline_p50_ms:>9.3f} {r.pipeline_p99_ms:>9.3f} "
            f"{r.tokenize_p50_ms:>8.3f} {r.ratio_p50:>9.2f} {r.ratio_no_store_p50:>8.2f} "
            f"{r.ratio_p99:>9.2f} "
            f"{r.ratio_first:>6.2f} {r.ratio_last:>6.2f} {'yes' if r.flat else 'no':>4} "
            f"{'yes' if r.meets_target else 'no':>4} {r.history_tokens:>9} "
            f"{r.context_tokens:>8} {r.summary_ms_per_turn:>7.2f}"
        )
    return "\n".join(lines)


async def run_all(
    lengths: Sequence[int],
    languages: Sequence[Language],
    repeat: int,
    *,
    compaction: Sequence[bool] = (True,),
    profile: bool = False,
    breakdown: bool = False,
) -> tuple[list[RunResult], list[str]]:
    """Replay every language x length (x compaction mode) `repeat` times.

    Returns the merged results and, with `profile` or `breakdown`, one text per configuration
    (from the first run; a repeat without hooks keeps its timing clean).
    """
    results: list[RunResult] = []
    profiles: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ctxengine-bench-") as tmp:
        for lang in languages:
            for n in lengths:
                session = agent_session(n, lang)
                for mode in compaction:
                    runs = []
                    for k in range(repeat):
                        # Fresh messages every run: counts cached by an earlier run must not help.
                        turns = [cold_copies(t) for t in session]
                        ws = Path(tmp) / f"{lang}-{n}-{mode}-{k}"
                        title = f"{lang}, {n} turns, compaction {'on' if mode else 'off'}"
                        if k == 0 and profile:
                            prof = cProfile.Profile()
                            runs.append(await replay(turns, lang, ws, compaction=mode, hooks=prof))
                            profiles.append(f"== profile {title} ==\n{profile_text(prof, n)}")
                        elif k == 0 and breakdown:
                            with timers() as t:
                                run = await replay(turns, lang, ws, compaction=mode, hooks=t)
                            runs.append(run)
                            tok = sum(x.tokenize_s for x in run.samples)
                            pipe = sum(x.pipeline_s for x in run.samples)
                            text = breakdown_text(t, n, tok, pipe)
                            profiles.append(f"== breakdown {title} ==\n{text}")
                        else:
                            runs.append(await replay(turns, lang, ws, compaction=mode))
                    results.append(merge_repeats(runs))
    return results, profiles


def to_json(results: Sequence[RunResult]) -> dict[str, Any]:
    """Raw per-turn samples and the summaries, JSON-ready."""
    return {
        "target_ratio": TARGET_RATIO,
        "flat_tolerance": FLAT_TOLERANCE,
        "runs": [
            {
                "summary": asdict(summarize(r)),
                "samples": [{**asdict(s), "ratio": s.ratio} for s in r.samples],
            }
            for r in results
        ],
    }


def _int_list(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers: {text!r}") from exc
    if not values or any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"expected positive integers: {text!r}")
    return values


def _langs(text: str) -> list[Language]:
    out: list[Language] = []
    for x in text.split(","):
        if x == "en":
            out.append("en")
        elif x == "zh":
            out.append("zh")
        else:
            raise argparse.ArgumentTypeError(f"unknown language {x!r}; use en and/or zh")
    return out


def _modes(text: str) -> list[bool]:
    names = {"on": True, "off": False}
    parts = text.split(",")
    bad = [x for x in parts if x not in names]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown compaction mode {bad[0]!r}; use on and/or off")
    return [names[x] for x in parts]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=_int_list, default=list(DEFAULT_TURNS))
    parser.add_argument("--langs", type=_langs, default=list(LANGUAGES))
    parser.add_argument("--repeat", type=int, default=1, help="runs per session (median)")
    parser.add_argument("--json", type=Path, help="write raw per-turn results here")
    parser.add_argument(
        "--compaction",
        type=_modes,
        default=[True, False],
        help="on, off or on,off (default): off isolates the short-term pipeline",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the pipeline calls")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall time (default) or the main thread's CPU time (steadier on a busy machine)",
    )
    parser.add_argument(
        "--breakdown", action="store_true", help="time the pipeline's parts (us per turn)"
    )
    args = parser.parse_args(argv)
    _clock[0] = CLOCKS[args.clock]
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    results, profiles = asyncio.run(
        run_all(
            args.turns,
            args.langs,
            args.repeat,
            compaction=args.compaction,
            profile=args.profile,
            breakdown=args.breakdown,
        )
    )
    print(format_table([summarize(r) for r in results]))
    for p in profiles:
        print()
        print(p)
    if args.json:
        args.json.write_text(json.dumps(to_json(results), indent=1), encoding="utf-8")
        print(f"\nraw results: {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
