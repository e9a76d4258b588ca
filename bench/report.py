"""The Markdown report (docs/benchmarks.md) and the README snippet, from results.json.

Everything here reads the results document the runner wrote; nothing is measured. The summary
and the targets are computed from the raw fidelity rows (one per method x scenario x budget), so
the report never depends on a pre-aggregated figure it cannot check.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# (key in the aggregated rows, column title, kind): kind "share" is a mean of 0..1 shares,
# "count" a total.
FIDELITY_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("constraints_retained", "constraints retained", "share"),
    ("values_retained", "values retained", "share"),
    ("superseded_as_current", "superseded as current", "count"),
    ("identifiers_retained", "identifiers retained", "share"),
    ("identifiers_altered", "identifiers altered", "count"),
    ("pairs_valid", "pairs valid", "share"),
    ("tokens_saved", "tokens saved", "share"),
)
TARGET_METHOD = "ctxengine"
SPEED_TARGET = 2.0
SPEED_NAME = "per-turn cost / tokenizing the new turn"
# Issue 2's cost target names the short-term pipeline; the compaction engine (issue 3) adds
# parsing every message, held to the standing rule that cost stays flat (`_flat_target`).
SPEED_METHOD = "ctxengine_pipeline"
FLAT_GROWTH = 1.5


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal ("-" for None: nothing to measure)."""
    return "-" if x is None else f"{100 * x:.1f}%"


def method_order(rows: Iterable[dict[str, Any]]) -> list[str]:
    """Methods in order of first appearance."""
    seen: dict[str, None] = {}
    for r in rows:
        seen.setdefault(str(r["method"]), None)
    return list(seen)


# Share column -> (total key, lost key) in the raw rows: shares are counted over items.
_MICRO = {
    "constraints_retained": ("constraints_total", "lost_constraints"),
    "values_retained": ("values_total", "lost_values"),
    "identifiers_retained": ("identifiers_total", "lost_identifiers"),
}


def _share(group: Sequence[dict[str, Any]], col: str) -> float | None:
    """Items retained over items there were (None: none of that kind in the group); rows
    without item counts fall back to the mean of their shares."""
    total_key, lost_key = _MICRO.get(col, ("", ""))
    if group and all(total_key in r and lost_key in r for r in group):
        total = sum(int(r[total_key]) for r in group)
        lost = sum(len(r[lost_key]) for r in group)
        return 1.0 - lost / total if total else None
    return sum(float(r[col]) for r in group) / len(group) if group else None


def _count(x: Any) -> int:
    """A count column's value in a raw row: a number, or the list of what it counts."""
    return len(x) if isinstance(x, list) else int(x)


def aggregate(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> list[dict[str, Any]]:
    """Fidelity rows grouped by `keys`: shares over items, total superseded, tokens saved.

    Retention shares count items (a scenario without constraints adds nothing to the
    constraint share), as `bench.fidelity.summarize` does; tokens saved is 1 - sent / raw over
    the group's runs, so long scenarios weigh by their size.
    """
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r)
    out = []
    for key, group in groups.items():
        raw = sum(float(r["tokens_raw"]) for r in group)
        sent = sum(float(r["tokens_sent"]) for r in group)
        agg: dict[str, Any] = dict(zip(keys, key, strict=True))
        agg["runs"] = len(group)
        for col, _, kind in FIDELITY_COLUMNS:
            if col == "tokens_saved":
                agg[col] = 1.0 - sent / raw if raw else 0.0
            elif kind == "count":
                # Rows of runs from before a count existed have none: they count 0.
                agg[col] = sum(_count(r.get(col, 0)) for r in group)
            else:
                agg[col] = _share(group, col)
        agg["tokens_raw"] = raw
        agg["tokens_sent"] = sent
        values = sum(int(r.get("values_total", 0)) for r in group)
        # The best any method could do at these budgets (`bench.fidelity.values_ceiling`).
        agg["values_ceiling"] = (
            sum(int(r.get("values_ceiling", 0)) for r in group) / values
            if values and all("values_ceiling" in r for r in group)
            else None
        )
        out.append(agg)
    return out


def _own_ratio(r: dict[str, Any]) -> float:
    """A row's median cost ratio without persistence where measured (the session methods):
    the work of building the context, comparable with the stateless methods, which store
    nothing."""
    no_store = r.get("ratio_median_no_store")
    return float(r["ratio_median"] if no_store is None else no_store)


def speed_at_longest(speed: dict[str, Any]) -> dict[str, tuple[float, int, float | None]]:
    """Per method: the worst language's median cost ratio at the longest history measured
    (without persistence), its history length, and the worst with the in-memory store (None
    for methods that store nothing)."""
    rows = speed.get("rows", [])
    if not rows:
        return {}
    longest = max(int(r["history_turns"]) for r in rows)
    out: dict[str, tuple[float, int, float | None]] = {}
    for r in rows:
        if int(r["history_turns"]) == longest:
            prev, _, prev_store = out.get(r["method"], (0.0, longest, None))
            stored = None
            if r.get("ratio_median_no_store") is not None:
                stored = max(prev_store or 0.0, float(r["ratio_median"]))
            out[r["method"]] = (max(prev, _own_ratio(r)), longest, stored)
    return out


@dataclass(frozen=True)
class Target:
    """One target of the issues for ctxengine, measured in this run."""

    name: str
    goal: str
    measured: str
    met: bool | None  # None: not measured in this run


UNTARGETED_DATASETS = frozenset({"sgd"})


def _fidelity_targets(fid: list[dict[str, Any]], tag: str) -> list[Target]:
    """The fidelity targets over `fid` rows (one dataset), names suffixed with `tag`."""
    out: list[Target] = []
    total = aggregate(fid, ["method"])[0]
    by_budget = aggregate(fid, ["budget_ratio"])

    def share(col: str, name: str, goal: float) -> Target:
        measured = [g for g in by_budget if g[col] is not None]
        if total[col] is None or not measured:
            return Target(name, f">= {pct(goal)}", "no such items in the scenarios", None)
        worst = min(measured, key=lambda g: float(g[col]))
        detail = f"{pct(total[col])} overall, worst {pct(worst[col])} at budget "
        detail += pct(worst["budget_ratio"])
        if col == "values_retained" and worst.get("values_ceiling") is not None:
            # Below 100%, the ceiling says how much of the miss no method could avoid.
            detail += f" (ceiling there {pct(worst['values_ceiling'])})"
        return Target(name, f">= {pct(goal)}", detail, total[col] >= goal - 1e-9)

    out.append(share("constraints_retained", "active constraints retained" + tag, 1.0))
    out.append(share("identifiers_retained", "identifiers retained verbatim" + tag, 1.0))
    out.append(share("values_retained", "current values retained" + tag, 0.99))
    out.append(_largest_budget_values(by_budget, tag))
    changed = int(total["identifiers_altered"])
    out.append(
        Target("identifiers altered" + tag, "0", f"{changed} in {total['runs']} runs", changed == 0)
    )
    sup = int(total["superseded_as_current"])
    out.append(
        Target(
            "superseded values shown as current" + tag,
            "0",
            f"{sup} in {total['runs']} runs",
            sup == 0,
        )
    )
    saved = ", ".join(
        f"{pct(g['tokens_saved'])} at budget {pct(g['budget_ratio'])}"
        for g in sorted(by_budget, key=lambda g: g["budget_ratio"])
    )
    out.append(
        Target(
            "fewer tokens than the raw history" + tag,
            ">= 60.0% at every budget",
            saved,
            all(g["tokens_saved"] >= 0.60 for g in by_budget),
        )
    )
    return out


def _largest_budget_values(by_budget: list[dict[str, Any]], tag: str) -> Target:
    """The values target at the largest budget alone.

    Issue 3 sets its targets "at a budget that forces compaction". Every budget here forces
    it; the smaller ones are kept as stress tests, and the line above judges over all of
    them. This line says whether the target holds at the budget the token target is set
    against, so neither reading hides the other."""
    name = "current values retained at the largest budget" + tag
    measured = [g for g in by_budget if g["values_retained"] is not None]
    if not measured:
        return Target(name, f">= {pct(0.99)}", "no such items in the scenarios", None)
    top = max(measured, key=lambda g: float(g["budget_ratio"]))
    got = float(top["values_retained"])
    detail = f"{pct(got)} at budget {pct(top['budget_ratio'])}"
    return Target(name, f">= {pct(0.99)}", detail, got >= 0.99 - 1e-9)


def targets(results: dict[str, Any], method: str = TARGET_METHOD) -> list[Target]:
    """The issues' targets for `method`, each MET, MISSED or not measured."""
    suites = results.get("suites", {})
    fid = [r for r in suites.get("fidelity", {}).get("rows", []) if r["method"] == method]
    out: list[Target] = []
    # The issues set targets on the project's own scenarios and CrossWOZ; the SGD suite
    # (English, no ontology declared) is measured beside them with none.
    datasets = sorted({str(r.get("dataset", "all")) for r in fid} - UNTARGETED_DATASETS)
    for dataset in datasets if fid else []:
        rows_d = [r for r in fid if str(r.get("dataset", "all")) == dataset]
        out.extend(_fidelity_targets(rows_d, f" ({dataset})" if len(datasets) > 1 else ""))
    if not fid:
        for name in ("fidelity targets",):
            out.append(Target(name, "see issue 3", "fidelity suite not run", None))
    if (parse := _parse_target(suites.get("parse", {}))) is not None:
        out.append(parse)
    speed = suites.get("speed", {})
    pipeline = [r for r in suites.get("pipeline", {}).get("rows", []) if not r["compaction"]]
    if pipeline:
        out.append(_pipeline_target(pipeline))
    else:
        out.append(_speed_target(speed, SPEED_METHOD))
    out.append(_flat_target(speed, method))
    return out


def _parse_target(parse: dict[str, Any]) -> Target | None:
    """Issue 3's rule-path throughput: every corpus's median turns/s on one core, with its
    time against jieba's (the same run's baseline: the machine's share of a change)."""
    rows = parse.get("rows", [])
    if not rows:
        return None
    goal = float(parse.get("target_tps", 2000))
    worst = min(rows, key=lambda r: float(r["median_tps"]))
    measured = "; ".join(
        f"{r['corpus']} {float(r['median_tps']):,.0f} turns/s ({float(r['x_jieba']):.1f}x jieba's "
        f"time, jieba {float(r['jieba_tps']):,.0f} turns/s)"
        for r in rows
    )
    return Target(
        "rule-path parse throughput (one core)",
        f">= {goal:,.0f} turns/s",
        measured,
        float(worst["median_tps"]) >= goal,
    )


def _pipeline_target(rows: list[dict[str, Any]]) -> Target:
    """Issue 2's target on its own benchmark (`bench/bench_pipeline.py`, the pipeline suite):
    the median over every turn of each session, without persistence (see `_own_ratio`)."""
    name = f"{SPEED_NAME} (`{SPEED_METHOD}`)"

    def bare(r: dict[str, Any]) -> float:
        return float(r.get("ratio_no_store_p50") or r["ratio_p50"])

    worst = max(rows, key=bare)
    with_store = max(float(r["ratio_p50"]) for r in rows)
    return Target(
        name,
        f"<= {SPEED_TARGET:.0f}x (median over each session's turns, every length, the pipeline "
        "without persistence)",
        f"worst median {bare(worst):.1f}x ({worst['language']}, {worst['turns']} turns); p99 up "
        f"to {max(float(r['ratio_p99']) for r in rows):.1f}x; with the in-memory store "
        f"(persistence) up to {with_store:.1f}x",
        all(bare(r) <= SPEED_TARGET for r in rows),
    )


def _speed_target(speed: dict[str, Any], method: str) -> Target:
    """Issue 2's target, on the short-term pipeline it names."""
    rows = [r for r in speed.get("rows", []) if r["method"] == method]
    name = f"{SPEED_NAME} (`{method}`)"
    if not rows:
        return Target(name, f"<= {SPEED_TARGET:.0f}x", "speed suite not run", None)
    worst = max(rows, key=_own_ratio)
    stored = ""
    if worst.get("ratio_median_no_store") is not None:
        stored = (
            "; with the in-memory store (persistence) up to "
            f"{max(float(r['ratio_median']) for r in rows):.1f}x"
        )
    return Target(
        name,
        f"<= {SPEED_TARGET:.0f}x (median, every length, the pipeline without persistence)",
        f"worst median {_own_ratio(worst):.1f}x ({worst['language']}, "
        f"{worst['history_turns']} turns); p99 up to {max(r['ratio_p99'] for r in rows):.1f}x"
        + stored,
        all(_own_ratio(r) <= SPEED_TARGET for r in rows),
    )


def _flat_target(speed: dict[str, Any], method: str) -> Target:
    """The standing rule for every path: cost per turn grows with the new turn, not with the
    history (median at the longest history within 1.5x of the shortest, per language)."""
    rows = [r for r in speed.get("rows", []) if r["method"] == method]
    name = f"per-turn cost flat as history grows (`{method}`)"
    if not rows:
        return Target(name, "longest <= 1.5x shortest", "speed suite not run", None)
    growth: list[tuple[float, str, float]] = []
    for lang in sorted({str(r["language"]) for r in rows}):
        rs = sorted((r for r in rows if r["language"] == lang), key=lambda r: r["history_turns"])
        first, last = _own_ratio(rs[0]), _own_ratio(rs[-1])
        growth.append((last / first if first else 0.0, lang, last))
    worst = max(growth)
    return Target(
        name,
        "longest <= 1.5x shortest",
        f"worst {worst[0]:.2f}x ({worst[1]}; median {worst[2]:.1f}x the new turn's "
        "tokenization at the longest history)",
        worst[0] <= FLAT_GROWTH,
    )


def status(t: Target) -> str:
    return "not measured" if t.met is None else "**MET**" if t.met else "**MISSED**"


def table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table; the first column left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|")
    lines.extend("| " + " | ".join(str(c) for c in row) + " |" for row in rows)
    return "\n".join(lines)


def _cell(agg: dict[str, Any], col: str, kind: str) -> str:
    return str(agg[col]) if kind == "count" else pct(agg[col])


def summary_rows(results: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The headline table: method x dataset x fidelity figures x per-turn cost ratio.

    The project's own scenarios and CrossWOZ are kept apart: they measure different things
    (constraints and identifiers exist only in the former) and averaging them would hide both.
    """
    suites = results.get("suites", {})
    rows = suites.get("fidelity", {}).get("rows", [])
    speed = speed_at_longest(suites.get("speed", {}))
    methods = method_order(rows) or list(speed)
    datasets = sorted({str(r.get("dataset", "all")) for r in rows}) or ["all"]
    aggs = {(a["method"], a["dataset"]): a for a in aggregate(rows, ["method", "dataset"])}
    longest = next(iter(speed.values()))[1] if speed else 0
    header = ["method", "dataset", *(title for _, title, _ in FIDELITY_COLUMNS)]
    header.append(f"per-turn cost ({longest} turns)")
    body = []
    for m in methods:
        for d in datasets:
            cells = [f"`{m}`", d]
            a = aggs.get((m, d))
            cells += [_cell(a, c, k) if a else "-" for c, _, k in FIDELITY_COLUMNS]
            cells.append(_speed_cell(speed[m]) if m in speed else "-")
            body.append(cells)
    return header, body


def _speed_cell(entry: tuple[float, int, float | None]) -> str:
    own, _, stored = entry
    return f"{own:.1f}x" if stored is None else f"{own:.1f}x ({stored:.1f}x with store)"


def _rel(path: Path, base: Path) -> str:
    return Path(os.path.relpath(path, base)).as_posix()


def _image(plots: dict[str, Path], key: str, base: Path, alt: str) -> str:
    return f"![{alt}]({_rel(plots[key], base)})" if key in plots else ""


def _reproduce(results: dict[str, Any], suite: str) -> str:
    mode = results["meta"]["mode"]
    flag = f" --{mode}" if mode != "full" else ""
    return f"Reproduce: `python -m bench{flag} --only {suite}`"


def render_snippet(results: dict[str, Any], plots: dict[str, Path], root: Path) -> str:
    """6-8 lines for the README: the summary table and the headline plot (paths from root)."""
    header, body = summary_rows(results)
    # Every column but "pairs valid" (100% for every method: the report has it).
    keep = [i for i, title in enumerate(header) if title != "pairs valid"]
    lines = [table([header[i] for i in keep], ([row[i] for i in keep] for row in body))]
    meta = results["meta"]
    lines.append("")
    lines.append(
        f"{_image(plots, 'headline', root, 'fidelity and tokens per method')}  \n"
        f"*`{meta['command']}`, {meta['date']}; full report: "
        "[docs/benchmarks.md](docs/benchmarks.md).*"
    )
    return "\n".join(lines) + "\n"


def _fidelity_sections(results: dict[str, Any], plots: dict[str, Path], base: Path) -> list[str]:
    fid = results["suites"].get("fidelity")
    if not fid:
        return []
    rows = fid["rows"]
    cols = FIDELITY_COLUMNS
    out = ["## Fidelity", "", _reproduce(results, "fidelity"), ""]
    out.append(
        f"{len(fid.get('scenarios', []))} scenarios x {len(method_order(rows))} methods x "
        f"budgets {', '.join(pct(b) for b in fid.get('budget_ratios', []))} of each scenario's "
        "raw tokens. Retention shares count items over all runs (a scenario without constraints "
        "adds none: '-' when there were none); *superseded as current* counts old values shown "
        "as the current one; *tokens saved* is 1 - sent / raw over all runs. *Values ceiling* "
        "is the share of current values any method could show at that budget at best: the "
        "values alone, cheapest first, after the latest user message (`values_ceiling` in "
        "`bench/fidelity.py`). Datasets: *own* (the project's scenarios), *crosswoz* (real "
        "Chinese task dialogues, `bench/crosswoz.py`) and *sgd* (real English task dialogues "
        "with their service calls as tool calls, `bench/sgd.py`, with no ontology declared: "
        "ctxengine knows those domains only through its generic one; measured, with no target)."
    )
    out += ["", _image(plots, "fidelity", base, "retention per method and budget"), ""]
    out += [_image(plots, "tokens", base, "tokens sent per method and budget"), ""]
    for title, keys in (
        ("By budget", ["method", "budget_ratio"]),
        ("By dataset and budget", ["dataset", "method", "budget_ratio"]),
        ("By language and budget", ["language", "method", "budget_ratio"]),
    ):
        aggs = sorted(aggregate(rows, keys), key=lambda a: tuple(str(a[k]) for k in keys))
        header = [k.replace("_", " ") for k in keys] + ["runs", *(t for _, t, _ in cols)]
        header.append("values ceiling")
        body = [
            [
                *(pct(a[k]) if k == "budget_ratio" else f"`{a[k]}`" for k in keys),
                a["runs"],
                *(_cell(a, c, kind) for c, _, kind in cols),
                pct(a.get("values_ceiling")),
            ]
            for a in aggs
        ]
        out += [f"### {title}", "", table(header, body), ""]
    out += _splits(fid.get("crosswoz_splits") or [])
    out += _scenario_list(fid)
    out += _ecommerce(fid.get("ecommerce"))
    return out


def _splits(rows: Sequence[dict[str, Any]]) -> list[str]:
    """ctxengine on the CrossWOZ dialogues its rules were written from, and on the rest."""
    rows = [r for r in rows if r.get("sessions")]
    if not rows:
        return []
    body = [
        [
            r["split"],
            pct(r["budget_ratio"]),
            r["sessions"],
            pct(r["values_retained"]),
            r["superseded_as_current"],
        ]
        for r in rows
    ]
    header = ["dialogues", "budget", "sessions", "values retained", "superseded as current"]
    return [
        "### CrossWOZ by split (`ctxengine`)",
        "",
        "The rule parser's CrossWOZ shapes were written from the tuned dialogues; the others "
        "are held out (`SPLITS` in `bench/crosswoz.py` says what was read of them).",
        "",
        table(header, body),
        "",
    ]


def _scenario_list(fid: dict[str, Any]) -> list[str]:
    scenarios = fid.get("scenarios", [])
    if not scenarios:
        return []
    body = [
        [f"`{s['name']}`", s["dataset"], s["language"], s["messages"], s["tokens_raw"]]
        for s in scenarios
    ]
    header = ["scenario", "dataset", "language", "messages", "raw tokens"]
    return ["### Scenarios", "", table(header, body), ""]


def _ecommerce(example: dict[str, Any] | None) -> list[str]:
    if not example:
        return []
    out = ["### The e-commerce example", ""]
    block = next((v for v in example.values() if isinstance(v, str) and "\n" in v), "")
    numbers = [(k, v) for k, v in example.items() if isinstance(v, int | float)]
    out.append(table(["figure", "value"], ([k.replace("_", " "), v] for k, v in numbers)))
    if block:
        out += ["", "The CONTEXT block ctxengine sends:", "", "```text", block.rstrip(), "```"]
    return [*out, ""]


def _speed_sections(results: dict[str, Any], plots: dict[str, Path], base: Path) -> list[str]:
    speed = results["suites"].get("speed")
    if not speed:
        return []
    out = ["## Speed", "", _reproduce(results, "speed"), ""]
    out.append(
        "Per-turn cost of building the context (every `context()` call and `add()` of a turn for "
        "the ctxengine methods, replayed through one session; recomputing the context from the "
        "whole history before every model call for the stateless methods), divided by the time "
        "of tokenizing only the new turn, measured in the same loop. Target: <= 2x. Synthetic "
        "agent sessions (`bench/_sessions.py`): tool results of 200-8000 characters. For the "
        "ctxengine methods, *without store* leaves out the time spent inside the store "
        "(appending history, writing state: persistence, whose cost depends on the backend; "
        "here the in-memory one): that is the pipeline issue 2 defines (window, stages 1-4, "
        "injections), and the figure comparable with the stateless methods, which store "
        "nothing, and what issue 2's target is judged on: on the pipeline suite (its own "
        "benchmark, the median over every turn of each session) when that ran, else on this "
        "table; *ratio median* includes the store."
    )
    out += ["", _image(plots, "speed", base, "per-turn cost ratio vs history length"), ""]
    header = ["method", "lang", "history turns", "timed turns", "median ms", "p99 ms"]
    header += ["tokenize ms", "ratio median", "without store", "ratio p99", "<= 2x"]
    body = [
        [
            f"`{r['method']}`",
            r["language"],
            r["history_turns"],
            r["timed_turns"],
            f"{r['median_ms']:.2f}",
            f"{r['p99_ms']:.2f}",
            f"{r['tokenize_median_ms']:.3f}",
            f"{r['ratio_median']:.1f}x",
            "-" if r.get("ratio_median_no_store") is None else f"{r['ratio_median_no_store']:.1f}x",
            f"{r['ratio_p99']:.1f}x",
            "yes" if r["meets_target"] else "no",
        ]
        for r in speed["rows"]
    ]
    out += [table(header, body), ""]
    if speed.get("peak_memory_bytes"):
        out.append(f"Peak memory (tracemalloc), {speed['memory_turns']}-turn session:")
        out.append("")
        mem = speed["peak_memory_bytes"].items()
        out += [table(["method", "peak MiB"], ([f"`{k}`", f"{v / 2**20:.1f}"] for k, v in mem)), ""]
    return out


def _simple_sections(results: dict[str, Any]) -> list[str]:
    s = results["suites"]
    out: list[str] = []
    if "pipeline" in s:
        keys = ["language", "compaction", "turns", "pipeline_p50_ms", "pipeline_p99_ms"]
        keys += ["ratio_p50", "ratio_p99", "flat", "context_tokens", "history_tokens"]
        out += ["## Short-term pipeline (issue 2)", "", _reproduce(results, "pipeline"), ""]
        out += [_dict_table(s["pipeline"]["rows"], keys), ""]
    if "parse" in s:
        out += ["## Rule-path parse throughput", "", _reproduce(results, "parse"), ""]
        out.append(f"Target: >= {s['parse']['target_tps']:,} turns/s on one core.")
        out.append(
            "The baseline is jieba's segmentation of the same turns in the same runs "
            "(`x_jieba`: the parser's time over jieba's); it shows how much of a change in "
            "turns/s is the machine."
        )
        columns = ["corpus", "language", "turns", "median_tps", "jieba_tps", "x_jieba"]
        out += ["", _dict_table(s["parse"]["rows"], columns)]
        out.append("")
    if "store" in s:
        out += ["## Store latency", "", _reproduce(results, "store"), ""]
        keys = ["backend", "turns", "append_median_ms", "append_p99_ms", "restore_median_ms"]
        out.append(f"Restore loads the last {s['store']['restore_n']} messages.")
        out += ["", _dict_table(s["store"]["rows"], keys), ""]
    if "memory" in s:
        m = s["memory"]
        out += ["## Memory search", "", _reproduce(results, "memory"), ""]
        out.append(f"{m['queries']} paraphrased queries; embedder {m['embedder'] or 'none'}.")
        keys = ["backend", "mode", "chunks", "index_s", "median_ms", "p99_ms", "recall_at_5"]
        out += ["", _dict_table(m["rows"], keys), ""]
    if "judged" in s:
        j = s["judged"]
        out += ["## Judged mode", "", f"Reproduce: `{results['meta']['command']}`", ""]
        out.append(f"Model `{j['model']}`; questions about early turns, scored by substring.")
        out += ["", _dict_table(j["summary"], ["method", "questions", "correct", "accuracy"]), ""]
    return out


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:,.3f}" if abs(v) < 100 else f"{v:,.0f}"
    return str(v)


def _dict_table(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> str:
    header = [k.replace("_", " ") for k in keys]
    return table(header, ([_fmt(r.get(k, "-")) for k in keys] for r in rows))


def render_report(results: dict[str, Any], plots: dict[str, Path], base: Path) -> str:
    """docs/benchmarks.md; image links are relative to `base` (the report's directory)."""
    meta = results["meta"]
    mach = meta["machine"]
    out = [
        "# Benchmarks",
        "",
        "<!-- Generated by bench/report.py from bench/results/results.json: do not edit. -->",
        "",
        f"Command: `{meta['command']}` - mode **{meta['mode']}** - {meta['date']} - "
        f"{mach['cores']} cores, Python {mach['python']}, {mach['platform']} - "
        f"{meta.get('total_seconds', 0):.0f} s.",
        "",
    ]
    if meta["mode"] != "full":
        out += [
            f"*{meta['mode'].capitalize()} mode: fewer scenarios and shorter sessions than the "
            "full run (`python -m bench`); the figures are indicative.*",
            "",
        ]
    header, body = summary_rows(results)
    out += ["## Summary", "", table(header, body), ""]
    out += [_image(plots, "headline", base, "fidelity and tokens per method"), ""]
    out += [f"## Targets (`{TARGET_METHOD}`)", ""]
    rows = ([t.name, t.goal, t.measured, status(t)] for t in targets(results))
    out += [table(["target", "goal", "measured", "status"], rows), ""]
    out += [
        "A budget caps what any method may send at that share of the raw tokens; the largest "
        "budget is 40% because the token target is set against the raw history (above 40% a "
        "method meets it only by leaving budget unused). CrossWOZ budgets are at least 1,000 "
        "tokens, about 24% of a session, so its 10% and 25% budgets coincide. The *values "
        "ceiling* in the tables below is the most any method could keep at each budget (the "
        "values alone, cheapest first): retention far below it is the method's loss, not the "
        "budget's.",
        "",
    ]
    missed = [t.name for t in targets(results) if t.met is False]
    if missed:
        out += [f"Missed in this run: {'; '.join(missed)}.", ""]
    out += _fidelity_sections(results, plots, base)
    out += _speed_sections(results, plots, base)
    out += _simple_sections(results)
    if results.get("errors"):
        out += ["## Suites that failed", ""]
        out += [f"- `{k}`: {v}" for k, v in results["errors"].items()]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
