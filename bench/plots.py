"""PNG plots of a results document (matplotlib, Agg backend: no display needed).

`make_plots(results, out)` writes what the suites in `results` allow and returns {key: path}:
fidelity.png (retention per method and budget), tokens.png (tokens sent as a share of the raw
history), speed.png (per-turn cost ratio against history length) and headline.png (fidelity
and tokens side by side, for the README).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")  # before pyplot: no display on CI machines

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from bench.report import aggregate, method_order

# One colour per method, stable across plots; ctxengine's two in the strongest colours.
PALETTE = {
    "recency": "#9e9e9e",
    "langchain_trim": "#f2a541",
    "summary_buffer": "#8e6fb8",
    "ctxengine_pipeline": "#5fa8d3",
    "ctxengine": "#1b4965",
}
RETENTION = (
    ("constraints_retained", "Active constraints"),
    ("values_retained", "Current values"),
    ("identifiers_retained", "Identifiers (verbatim)"),
)
DPI = 110


def color(method: str, i: int) -> str:
    return PALETTE.get(method, f"C{i}")


def _grouped(
    ax: Axes,
    groups: Sequence[str],
    methods: Sequence[str],
    value: dict[tuple[str, str], float | None],
) -> None:
    """Bars of `value[(group, method)]` (0..1, drawn as %), one cluster per group; None (no
    such items) leaves a gap."""
    width = 0.8 / max(len(methods), 1)
    for i, m in enumerate(methods):
        xs = [g + (i - (len(methods) - 1) / 2) * width for g in range(len(groups))]
        ys = [_percent(value.get((grp, m))) for grp in groups]
        ax.bar(xs, ys, width, label=m, color=color(m, i))
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylim(0, 105)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)


def _percent(v: float | None) -> float:
    return float("nan") if v is None else 100 * v


def _budget_label(b: float) -> str:
    return f"budget {100 * b:.0f}%"


def plot_fidelity(rows: list[dict[str, Any]], path: Path) -> Path:
    methods = method_order(rows)
    aggs = aggregate(rows, ["method", "budget_ratio"])
    budgets = sorted({a["budget_ratio"] for a in aggs})
    labels = [_budget_label(b) for b in budgets]
    fig, axes = plt.subplots(1, len(RETENTION), figsize=(13, 4.2), sharey=True)
    for ax, (key, title) in zip(axes, RETENTION, strict=True):
        value = {(_budget_label(a["budget_ratio"]), a["method"]): a[key] for a in aggs}
        _grouped(ax, labels, methods, value)
        ax.set_title(f"{title} retained")
    axes[0].set_ylabel("% of items retained (all scenarios)")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="lower center", ncol=len(methods), fontsize=9)
    fig.suptitle("Fidelity by method and budget (share of raw history tokens)")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def plot_tokens(rows: list[dict[str, Any]], path: Path) -> Path:
    methods = method_order(rows)
    aggs = aggregate(rows, ["method", "budget_ratio"])
    budgets = sorted({a["budget_ratio"] for a in aggs})
    labels = [_budget_label(b) for b in budgets]
    value: dict[tuple[str, str], float | None] = {
        (_budget_label(a["budget_ratio"]), a["method"]): a["tokens_sent"] / a["tokens_raw"]
        for a in aggs
        if a["tokens_raw"]
    }
    fig, ax = plt.subplots(figsize=(8, 4.2))
    _grouped(ax, labels, methods, value)
    for g, b in enumerate(budgets):
        ax.hlines(100 * b, g - 0.45, g + 0.45, colors="black", linestyles="dashed", lw=1)
    top = max((v for v in value.values() if v is not None), default=0.5)
    ax.set_ylim(0, max(60.0, 100 * top + 10))
    ax.set_ylabel("tokens sent, % of raw history")
    ax.set_title("Tokens sent vs raw history (dashed: the budget)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def plot_speed(speed: dict[str, Any], path: Path) -> Path:
    rows = speed["rows"]
    methods = method_order(rows)
    languages = sorted({r["language"] for r in rows})
    styles = ["-", "--", ":", "-."]
    fig, ax = plt.subplots(figsize=(10, 4.8))
    for i, m in enumerate(methods):
        for j, lang in enumerate(languages):
            mine = [r for r in rows if r["method"] == m and r["language"] == lang]
            # The session methods' pipeline without persistence (the figure judged; see
            # report.py), the stateless methods' own cost otherwise.
            bare = any(r.get("ratio_median_no_store") is not None for r in mine)
            key = "ratio_median_no_store" if bare else "ratio_median"
            pts = sorted((r["history_turns"], r[key]) for r in mine)
            if pts:
                xs, ys = zip(*pts, strict=True)
                ax.plot(
                    xs,
                    ys,
                    styles[j % len(styles)],
                    marker="o",
                    color=color(m, i),
                    label=f"{m} ({lang}{', without store' if bare else ''})",
                )
    ax.axhline(speed.get("target_ratio", 2.0), color="red", lw=1, ls="--", label="target 2x")
    ax.set_xscale("log")
    ax.set_yscale("log")
    lengths = sorted({int(r["history_turns"]) for r in rows})
    ax.set_xticks(lengths, [str(n) for n in lengths])
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_xlabel("history length (turns)")
    ax.set_ylabel("per-turn cost / tokenizing the new turn (median)")
    ax.set_title("Per-turn cost against history length")
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=1, loc="center left", bbox_to_anchor=(1.01, 0.5))
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def headline_budget(budgets: Sequence[float]) -> float:
    """The budget the headline shows: the one nearest 25% of the raw tokens."""
    return min(budgets, key=lambda b: abs(b - 0.25))


def plot_headline(rows: list[dict[str, Any]], path: Path) -> Path:
    # The project's own scenarios carry constraints, values and identifiers; CrossWOZ only
    # values. The headline shows the former (CrossWOZ is in the report's tables).
    own = [r for r in rows if r.get("dataset") == "own"]
    scope = "own zh+en scenarios" if own else "all scenarios"
    rows = own or rows
    methods = method_order(rows)
    budget = headline_budget(sorted({r["budget_ratio"] for r in rows}))
    aggs = {
        a["method"]: a
        for a in aggregate([r for r in rows if r["budget_ratio"] == budget], ["method"])
    }
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(12, 4.2), gridspec_kw={"width_ratios": [2.2, 1]}
    )
    labels = [title for _, title in RETENTION]
    value = {(title, m): aggs[m][key] for key, title in RETENTION for m in methods}
    _grouped(left, labels, methods, value)
    left.set_ylabel("% retained")
    left.set_title(f"What the model still sees ({scope}, budget {100 * budget:.0f}% of raw tokens)")
    left.legend(loc="lower left", fontsize=8)
    saved = [100 * aggs[m]["tokens_saved"] for m in methods]
    bars = right.barh(methods, saved, color=[color(m, i) for i, m in enumerate(methods)])
    right.bar_label(bars, fmt="%.0f%%", padding=2, fontsize=8)
    right.invert_yaxis()
    right.set_xlim(0, 110)
    right.set_xlabel("% fewer tokens than the raw history")
    right.set_title("Tokens saved")
    right.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def make_plots(results: dict[str, Any], out: Path) -> dict[str, Path]:
    """Write every plot the results allow into `out`; returns {name: path}."""
    suites = results.get("suites", {})
    plots: dict[str, Path] = {}
    rows = suites.get("fidelity", {}).get("rows", [])
    if rows:
        plots["fidelity"] = plot_fidelity(rows, out / "fidelity.png")
        plots["tokens"] = plot_tokens(rows, out / "tokens.png")
        plots["headline"] = plot_headline(rows, out / "headline.png")
    if suites.get("speed", {}).get("rows"):
        plots["speed"] = plot_speed(suites["speed"], out / "speed.png")
    return plots
