"""`python -m bench`: every benchmark in one run, with raw JSON, plots and the Markdown report.

    python -m bench [--quick] [--out DIR] [--report FILE] [--only fidelity,speed,...]
                    [--judge-base-url URL --judge-model M [--judge-api-key K]]

Suites: fidelity (own scenarios and CrossWOZ, every method at every budget), speed (per-turn
cost against history length, peak memory), parse (rule-path parse throughput), store (append
and restore latency per backend), memory (memory search recall and latency), pipeline (the
short-term pipeline's per-turn cost, issue 2), and judged (only with a judge endpoint).

A suite that fails is recorded under "errors" in the JSON and in the report, the others still
run, and the exit code is 1. Progress goes to stderr, the tables to stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.fidelity import BUDGET_RATIOS
from bench.judged import JudgeConfig
from bench.speed import SpeedConfig

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "bench" / "results"
DEFAULT_REPORT = ROOT / "docs" / "benchmarks.md"
SUITES: tuple[str, ...] = ("fidelity", "speed", "parse", "store", "memory", "pipeline")


@dataclass(frozen=True)
class Preset:
    """How much each suite does in one mode (full, quick, smoke)."""

    name: str
    budget_ratios: tuple[float, ...] = BUDGET_RATIOS  # see bench.fidelity
    own_scenarios: str = "full"  # "full", "quick" (bench.scenarios' modes) or "smoke"
    crosswoz_dialogues: int | None = None  # None: all 500 test dialogues
    sgd_dialogues: int | None = None  # None: all 256 of the SGD sample
    speed: SpeedConfig = field(default_factory=SpeedConfig)
    parse_messages: int | None = None
    parse_runs: int = 5
    store_turns: tuple[int, ...] = (100, 1000)
    store_repeats: int = 30
    store_restore_n: int = 50
    memory_chunks: int = 10000
    memory_queries: int = 200
    pipeline_turns: tuple[int, ...] = (20, 100, 500)
    pipeline_languages: tuple[str, ...] = ("en", "zh")


PRESETS: dict[str, Preset] = {
    "full": Preset("full"),
    "quick": Preset(
        "quick",
        own_scenarios="quick",
        crosswoz_dialogues=50,
        sgd_dialogues=40,
        speed=SpeedConfig(lengths=(20, 100, 200), samples=5, memory_turns=100),
        parse_messages=4000,
        parse_runs=1,
        store_turns=(100,),
        store_repeats=10,
        memory_chunks=600,
        memory_queries=40,
        pipeline_turns=(20, 60),
        pipeline_languages=("en", "zh"),
    ),
    # Smaller than quick: for the runner's own test, not for figures.
    "smoke": Preset(
        "smoke",
        budget_ratios=(0.25,),
        own_scenarios="smoke",
        crosswoz_dialogues=5,
        sgd_dialogues=5,
        speed=SpeedConfig(lengths=(3, 6), languages=("en", "zh"), samples=2),
        parse_messages=200,
        parse_runs=1,
        store_turns=(5,),
        store_repeats=2,
        store_restore_n=4,
        memory_chunks=60,
        memory_queries=5,
        pipeline_turns=(4,),
        pipeline_languages=("zh",),
    ),
}


@dataclass(frozen=True)
class Options:
    """One run of the runner.

    Attributes:
        mode: "full", "quick" or "smoke" (a key of `PRESETS`).
        out: Directory of results.json, the PNG plots and README_snippet.md.
        report: Where the Markdown report goes (None: not written).
        only: The suites to run, in `SUITES` order.
        judge: The judged mode's endpoint, or None to skip it.
        command: The command line that reproduces this run (no secrets), for the report.
    """

    mode: str = "full"
    out: Path = DEFAULT_OUT
    report: Path | None = DEFAULT_REPORT
    only: tuple[str, ...] = SUITES
    judge: JudgeConfig | None = None
    command: str = "python -m bench"


Tick = Callable[[str], None]
Suite = Callable[[Preset, Tick], Awaitable[dict[str, Any]]]


class Progress:
    """A one-line bar per suite on stderr: `[##----] 2/6 speed 14.2s  detail`.

    Plain lines, not carriage-return redraws, so logs of CI runs stay readable.
    """

    WIDTH = 24

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.start_time = time.perf_counter()
        self.current = ""

    def _bar(self) -> str:
        filled = round(self.WIDTH * self.done / self.total)
        return "[" + "#" * filled + "-" * (self.WIDTH - filled) + "]"

    def _line(self, text: str) -> None:
        elapsed = time.perf_counter() - self.start_time
        print(
            f"{self._bar()} {self.done}/{self.total} {elapsed:6.1f}s  {text}",
            file=self.stream,
            flush=True,
        )

    def start(self, name: str) -> None:
        self.current = name
        self._line(f"{name} ...")

    def tick(self, detail: str) -> None:
        self._line(f"{self.current}: {detail}")

    def finish(self, name: str) -> None:
        self.done += 1
        self._line(f"{name} done")

    def note(self, text: str) -> None:
        print(f"bench: {text}", file=self.stream, flush=True)


# --- suites ---------------------------------------------------------------------------------
def load_scenarios(p: Preset) -> list[tuple[str, Any]]:
    """(dataset, scenario) pairs: the project's own, then CrossWOZ sessions, then SGD ones
    (English, no ontology: measured, with no target of the issues)."""
    from bench.crosswoz import crosswoz_scenarios
    from bench.scenarios import ecommerce_scenario, generate, own_scenarios
    from bench.sgd import sgd_scenarios

    if p.own_scenarios == "smoke":
        own = [generate("zh", 30, 0), generate("en", 30, 0), ecommerce_scenario()]
    else:
        own = own_scenarios(quick=p.own_scenarios == "quick")
    cw = crosswoz_scenarios(p.crosswoz_dialogues)
    sgd = sgd_scenarios(p.sgd_dialogues)
    return [("own", s) for s in own] + [("crosswoz", s) for s in cw] + [("sgd", s) for s in sgd]


async def suite_fidelity(p: Preset, tick: Tick) -> dict[str, Any]:
    from bench.crosswoz import DEFAULT_GROUP
    from bench.fidelity import crosswoz_splits, evaluate, format_table, summarize
    from bench.fidelity import ecommerce_example_async as ecommerce
    from bench.methods import all_methods, shared_counter

    tick("loading scenarios")
    pairs = load_scenarios(p)
    counter = shared_counter()
    methods = all_methods()
    dataset = {s.name: d for d, s in pairs}
    results = []
    for i, (_, scenario) in enumerate(pairs, 1):
        tick(f"{i}/{len(pairs)} {scenario.name}")
        results += await evaluate(methods, [scenario], p.budget_ratios)
    print(format_table(summarize(results)))
    tick("e-commerce example")
    return {
        "budget_ratios": list(p.budget_ratios),
        "methods": [m.name for m in methods],
        "scenarios": [
            {
                "name": s.name,
                "dataset": d,
                "language": s.language,
                "messages": len(s.messages),
                "tokens_raw": counter.messages(s.messages),
            }
            for d, s in pairs
        ],
        "rows": [{**asdict(r), "dataset": dataset[r.scenario]} for r in results],
        "summary": summarize(results),
        "crosswoz_splits": crosswoz_splits(
            results, [s for d, s in pairs if d == "crosswoz"], DEFAULT_GROUP
        ),
        "ecommerce": await ecommerce(),
    }


async def suite_judged(p: Preset, judge: JudgeConfig, tick: Tick) -> dict[str, Any]:
    from bench.judged import run_judged
    from bench.methods import all_methods

    scenarios = [s for _, s in load_scenarios(p) if s.early_questions]
    return await run_judged(all_methods(), scenarios, judge, tick)


async def suite_speed(p: Preset, tick: Tick) -> dict[str, Any]:
    from bench.methods import all_methods
    from bench.speed import format_table, run_speed

    result = await run_speed(all_methods(), p.speed, tick)
    print(format_table(result))
    return result.to_json()


async def suite_parse(p: Preset, tick: Tick) -> dict[str, Any]:
    from bench.bench_parse import crosswoz, rate, sgd
    from ctxengine.compaction.ontology import generic_ontology, load_builtin

    rows = []
    for label, lang, loader, onto in (
        ("CrossWOZ (user+system)", "zh", crosswoz, load_builtin("crosswoz")),
        ("SGD (user+system)", "en", sgd, generic_ontology()),
    ):
        tick(f"parse {label}")
        msgs = loader()[: p.parse_messages]
        r = rate(msgs, onto, p.parse_runs)
        rows.append(
            {
                "corpus": label,
                "language": lang,
                "turns": len(msgs),
                "median_tps": r.median,
                "runs": r.runs,
                "jieba_tps": r.baseline,
                "x_jieba": round(r.ratio, 2),
            }
        )
        print(
            f"parse {label}: {len(msgs):,} turns, median {r.median:,.0f} turns/s "
            f"({r.ratio:.1f} x jieba.lcut)"
        )
    return {"target_tps": 2000, "rows": rows}


async def suite_store(p: Preset, tick: Tick) -> dict[str, Any]:
    import tempfile

    from bench.bench_store import print_table, run_all

    tick("store backends")
    with tempfile.TemporaryDirectory(prefix="ctxengine-bench-") as tmp:
        results = await run_all(Path(tmp), p.store_restore_n, p.store_repeats, p.store_turns)
    print_table(results, p.store_restore_n)
    return {"restore_n": p.store_restore_n, "rows": [asdict(r) for r in results]}


async def suite_memory(p: Preset, tick: Tick) -> dict[str, Any]:
    from bench.bench_memory import measure_all
    from ctxengine.memory.embed import load_default_embedder

    tick("memory index")
    embedder = load_default_embedder("static")
    n, rows = await measure_all(p.memory_chunks, p.memory_queries, embedder, 7, use_pg=True)
    return {
        "queries": n,
        "chunks_requested": p.memory_chunks,
        "embedder": embedder.model_id if embedder else None,
        "rows": [asdict(r) for r in rows],
    }


async def suite_pipeline(p: Preset, tick: Tick) -> dict[str, Any]:
    from bench.bench_pipeline import format_table, run_all, summarize

    tick("pipeline replay")
    langs: list[Any] = list(p.pipeline_languages)
    results, _ = await run_all(p.pipeline_turns, langs, 1, compaction=(True, False))
    rows = [summarize(r) for r in results]
    print(format_table(rows))
    return {"rows": [asdict(r) for r in rows]}


SUITE_FUNCS: dict[str, Suite] = {
    "fidelity": suite_fidelity,
    "speed": suite_speed,
    "parse": suite_parse,
    "store": suite_store,
    "memory": suite_memory,
    "pipeline": suite_pipeline,
}


# --- the run --------------------------------------------------------------------------------
def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }


async def run_suites(options: Options, progress: Progress) -> dict[str, Any]:
    """Run the selected suites (and judged mode), returning the results document."""
    preset = PRESETS[options.mode]
    results: dict[str, Any] = {
        "meta": {
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "mode": options.mode,
            "command": options.command,
            "machine": machine(),
            "suites": list(options.only) + (["judged"] if options.judge else []),
            "seconds": {},
        },
        "suites": {},
        "errors": {},
    }
    jobs: list[tuple[str, Suite]] = [(name, SUITE_FUNCS[name]) for name in options.only]
    if options.judge is not None:
        judge = options.judge

        async def judged(p: Preset, tick: Tick) -> dict[str, Any]:
            return await suite_judged(p, judge, tick)

        jobs.append(("judged", judged))
    for name, func in jobs:
        progress.start(name)
        start = time.perf_counter()
        try:
            results["suites"][name] = await func(preset, progress.tick)
        except Exception as exc:  # one suite failing must not lose the others' figures
            message = " ".join(f"{type(exc).__name__}: {exc}".split())
            results["errors"][name] = message
            progress.note(f"{name} failed: {message}")
        results["meta"]["seconds"][name] = round(time.perf_counter() - start, 2)
        progress.finish(name)
    return results


def write_outputs(results: dict[str, Any], options: Options) -> list[Path]:
    """results.json, the plots, README_snippet.md and the report; returns the files written."""
    from bench.plots import make_plots
    from bench.report import render_report, render_snippet

    options.out.mkdir(parents=True, exist_ok=True)
    written = [options.out / "results.json"]
    written[0].write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    plots = make_plots(results, options.out)
    written.extend(plots.values())
    report_dir = options.report.parent if options.report else options.out
    snippet = options.out / "README_snippet.md"
    snippet.write_text(render_snippet(results, plots, Path(ROOT)), encoding="utf-8")
    written.append(snippet)
    if options.report is not None:
        options.report.parent.mkdir(parents=True, exist_ok=True)
        options.report.write_text(render_report(results, plots, report_dir), encoding="utf-8")
        written.append(options.report)
    return written


def run(options: Options, stream: Any = None) -> dict[str, Any]:
    """Run everything and write the outputs; returns the results document."""
    progress = Progress(
        len(options.only) + (1 if options.judge else 0), stream=stream or sys.stderr
    )
    start = time.perf_counter()
    results = asyncio.run(run_suites(options, progress))
    results["meta"]["total_seconds"] = round(time.perf_counter() - start, 1)
    for path in write_outputs(results, options):
        progress.note(f"wrote {path}")
    return results


def _suites(text: str) -> tuple[str, ...]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in names if x not in SUITES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown suite {bad[0] if bad else text!r}; choose from {','.join(SUITES)}"
        )
    return tuple(s for s in SUITES if s in names)


def build_parser(prog: str = "python -m bench") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    add_arguments(parser)
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The runner's options (shared with `ctxengine bench`)."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="small inputs, under two minutes")
    mode.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results directory")
    parser.add_argument(
        "--report", type=Path, default=DEFAULT_REPORT, help="the Markdown report to write"
    )
    parser.add_argument("--only", type=_suites, default=SUITES, help="comma-separated suites")
    parser.add_argument("--judge-base-url", default=None, metavar="URL")
    parser.add_argument("--judge-model", default=None, metavar="MODEL")
    parser.add_argument("--judge-api-key", default=None, metavar="KEY")


def options_from_args(args: argparse.Namespace, prog: str = "python -m bench") -> Options:
    """Options from parsed arguments; raises ValueError naming a bad combination."""
    if bool(args.judge_base_url) != bool(args.judge_model):
        raise ValueError("--judge-base-url and --judge-model go together")
    judge = (
        JudgeConfig(args.judge_base_url, args.judge_model, args.judge_api_key)
        if args.judge_base_url
        else None
    )
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    # The reproduce command: the mode and the suite choice, never the API key.
    parts = [prog] + ([f"--{mode}"] if mode != "full" else [])
    if args.only != SUITES:
        parts.append(f"--only {','.join(args.only)}")
    if judge:
        parts.append(f"--judge-base-url {judge.base_url} --judge-model {judge.model}")
    return Options(
        mode=mode,
        out=args.out,
        report=args.report,
        only=args.only,
        judge=judge,
        command=" ".join(parts),
    )


def main(argv: Sequence[str] | None = None, prog: str = "python -m bench") -> int:
    """Parse `argv`, run, print where the outputs went; 1 when a suite failed."""
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    try:
        options = options_from_args(args, prog)
    except ValueError as exc:
        parser.error(str(exc))
    results = run(options)
    total = results["meta"]["total_seconds"]
    print(f"\n{options.mode} run: {total:.1f} s; report {options.report}; results {options.out}")
    if results["errors"]:
        for name, message in results["errors"].items():
            print(f"bench: suite {name} failed: {message}", file=sys.stderr)
        return 1
    return 0


__all__ = ["PRESETS", "SUITES", "Options", "Preset", "main", "run"]
