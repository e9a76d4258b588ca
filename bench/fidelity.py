"""Fidelity of every context method at budgets that force compaction (issues 3 and 5).

Run::

    python bench/fidelity.py [--quick] [--json out.json] [--group N]

For each scenario (the project's own, Chinese and English, see `bench/scenarios.py`; CrossWOZ,
see `bench/crosswoz.py`), each budget ratio (budget = ratio x raw tokens of the whole history,
at least 1,000 tokens) and each method (`bench/methods.py`), it runs the method and measures
what the model would see: the messages' text, tool calls and results, plus any injected text
outside them. One rule for every method:

- **retained** (constraints, current values, identifiers): the ground-truth string occurs
  verbatim in what the model sees. Shares are 1.0 when a scenario has nothing of that kind;
  the aggregates count items, so such scenarios weigh nothing.
- **superseded shown as current**: a superseded value counts once (per slot and value) when
  (a) it is written as a current value in a CONTEXT-block state section (a column-0 line
  ``key=value``, each ``slot=value`` of an instance line ``entity[name]: slot=value; ...``,
  or each filled cell of a compact-form table row under its header ``entity(名称|slot|...):``,
  under ``[当前状态]``/``[Current state]``/``[待更新项]``/``[Pending updates]``
  whose value, without anchors and time marker, equals it, unless the line's key names another
  CrossWOZ domain than the slot's: "酒店.评分=4.5分以上" is the hotel's current value, not the
  restaurant's old one), or (b) it occurs in what the model
  sees while the slot's current value (for a list slot: any of its current elements) does not
  occur anywhere. For (b), lines a block labels
  as old (indented ``旧值:``/``was:``) are left out, and so are the notes a block labels as
  asked and not met (``(未满足的要求: X)``/``(asked, not met: X)`` beside a place's facts: the
  wish of a finished search, written as not the outcome); occurrences inside any current value of
  the scenario are masked (CrossWOZ's old "5分" inside a current "4.5分以上" is not a hit). What
  the notes leave out is still counted apart (``superseded_in_notes``) and reported.
  A plain transcript that holds both values shows the change in order; one that holds only the
  old value gives the model nothing but the old value.
- **identifiers altered**: an identifier the block writes as a value (a state value, or an
  evidence line's ``- kind: value``) in a changed form: run on into other characters
  ("…/t/SF1234查看", "orders_35.xlsx."), after Chinese text glued to it, or cut short (a
  prefix of at least half of it, cut inside a token). Methods that write no block alter
  nothing this way.
- **pairs valid**: no orphan tool result and no unanswered call
  (`ctxengine.pipeline.pairing.unpaired`).
- **tokens**: o200k count of the messages sent (+ extra text) against the raw history.

`--quick` runs a few own scenarios and 50 CrossWOZ dialogues (< 60 s on 2 cores); the full run
takes every own scenario and all 500 dialogues.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the `bench` package importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crosswoz import CROSSWOZ_DOMAINS, DEFAULT_GROUP, SPLITS, crosswoz_scenarios
from bench.methods import (
    CtxEngine,
    Method,
    MethodOutput,
    all_methods,
    replay_context,
    shared_counter,
    visible_text,
)
from bench.scenarios import Scenario, ecommerce_scenario, own_scenarios
from ctxengine.compaction.render import HEADERS
from ctxengine.pipeline.pairing import unpaired
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

__all__ = ["FidelityResult", "Scenario", "ecommerce_example", "evaluate", "summarize"]

MIN_BUDGET = 1000
# Budgets as shares of each scenario's raw tokens. All force compaction; the largest is 40%
# because issue 3's token target (at least 60% fewer tokens than the raw history) is set
# against the raw history: above 40%, a method meets it only by leaving budget unused, and
# every retention figure would then reward sending less than the user allowed.
BUDGET_RATIOS: tuple[float, ...] = (0.10, 0.25, 0.40)
_STATE_HEADERS = {HEADERS[lang][k] for lang in ("zh", "en") for k in ("state", "pending")}
_ANY_HEADER = {h for lang in ("zh", "en") for h in HEADERS[lang].values()}
_OLD_LINE = re.compile(r"^\s+(?:旧值|was):")
# ``(未满足的要求: 50-100元)``: what a finished search asked and no place met (render.py).
_UNMET_NOTE = re.compile(r"\((?:未满足的要求|asked, not met): [^|\n]*?\)(?=\||$|;| \[)", re.M)
_MARKER = re.compile(r"\s\[[^\]]*\]$")
_LIST_INDEX = re.compile(r"\[\d+\]$")


@dataclass
class FidelityResult:
    """One method on one scenario at one budget. Shares are 0-1."""

    method: str
    scenario: str
    language: str
    budget_ratio: float
    budget: int
    tokens_raw: int
    tokens_sent: int
    constraints_retained: float
    values_retained: float
    superseded_as_current: int
    identifiers_retained: float
    pairs_valid: bool
    seconds: float
    # Counts and what was lost, for the aggregates and the diagnosis.
    constraints_total: int = 0
    values_total: int = 0
    identifiers_total: int = 0
    superseded_total: int = 0
    # Current values any method could show at this budget at best (see `values_ceiling`).
    values_ceiling: int = 0
    lost_constraints: list[str] = field(default_factory=list)
    lost_values: list[str] = field(default_factory=list)
    lost_identifiers: list[str] = field(default_factory=list)
    superseded_shown: list[str] = field(default_factory=list)
    identifiers_altered: list[str] = field(default_factory=list)
    # Superseded values rule (b) would count but for a not-met note holding them.
    superseded_in_notes: list[str] = field(default_factory=list)


# --- metrics --------------------------------------------------------------------------------
def state_lines(text: str) -> list[tuple[str, str]]:
    """(key, value) written as current in CONTEXT-block state sections of `text` (rule (a))."""
    out: list[tuple[str, str]] = []
    section = False
    table: tuple[str, list[str]] | None = None  # (kind, columns) of the table being read
    for line in text.splitlines():
        if line in _ANY_HEADER:
            section = line in _STATE_HEADERS
            table = None
            continue
        if not section or not line[:1].strip():
            continue
        head = _TABLE_HEADER.match(line)
        if head:
            table = (head["kind"], head["columns"].split("|"))
            continue
        if table is not None:
            kind, columns = table
            row = _CURRENT_ROW.sub("", line)
            cells = _cells(row)
            # The entity's current row (``X|4.7分 (用户要求: 4.5分以上)|… [当前]``) is keyed
            # like its line form, and a found fact keeps the request after it, as there.
            entity = kind if row != line else f"{kind}[{_unquote(cells[0])}]"
            named = [(columns[0], cells[0])] if row != line else []
            for column, value in [*named, *zip(columns[1:], cells[1:], strict=False)]:
                if value not in ("", "-"):  # empty (before: "-"); a quoted one is a value
                    value = _unquote(value)
                    out.append((f"{entity}.{column}", value))
                    if row != line and value.endswith(")") and "(" in value:
                        out.append((f"{entity}.{column}", value[: value.rindex("(")].rstrip()))
            continue
        if "=" in line:
            for key, value in _pairs(_MARKER.sub("", line)):
                out.append((key, value))
                # `暗紫色(DARK_PURPLE)`: the anchors follow the verbatim value; a differing
                # fact keeps the request after it: `4.8分 (用户要求: 5分)`.
                if value.endswith(")") and "(" in value:
                    out.append((key, value[: value.rindex("(")].rstrip()))
    return out


# The compact form's instance table: ``餐馆(名称|地址|电话):``, then rows ``鼎泰丰|A路1号|-``
# whose cells are verbatim or JSON string literals (a cell holding "|", or the empty value).
_CURRENT_ROW = re.compile(r" \[(?:当前|current)\]$")
_TABLE_HEADER = re.compile(r"^(?P<kind>[^\s(=|]+)\((?P<columns>[^)=]*)\):$")
_QUOTED_CELL = re.compile(r'"(?:[^"\\]|\\.)*"(?=\||$)')


def _cells(row: str) -> list[str]:
    """The cells of a row, empty ones included (``a||b`` has three)."""
    out: list[str] = []
    i = 0
    while True:
        quoted = _QUOTED_CELL.match(row, i)
        end = quoted.end() if quoted else row.find("|", i)
        if end == -1:
            out.append(row[i:])
            return out
        out.append(row[i:end])
        if end == len(row):
            return out
        i = end + 1


def _unquote(cell: str) -> str:
    if len(cell) >= 2 and cell[0] == cell[-1] == '"':
        try:
            value = json.loads(cell)
        except json.JSONDecodeError:
            return cell
        return value if isinstance(value, str) else cell
    return cell


def _pairs(line: str) -> list[tuple[str, str]]:
    """`餐馆.评分=4分` -> one pair; an instance line `餐馆[A]: 地址=X; 电话=Y` -> one pair per
    value, keyed `餐馆[A].地址`. Values may hold "; " only in a plain line."""
    head, sep, rest = line.partition(": ")
    if sep and "=" not in head and "=" in rest:
        pairs = []
        for item in rest.split("; "):
            slot, eq, value = item.partition("=")
            if eq:
                pairs.append((f"{head}.{slot}", value))
        return pairs
    key, _, value = line.partition("=")
    return [(key, value)]


_EVIDENCE_HEADERS = {HEADERS[lang]["evidence"] for lang in ("zh", "en")}
# ``- 订单号: A123 (工具:get_order) [3轮前]``: the value between the label and the source.
_EVIDENCE_LINE = re.compile(r"^- [^:\s]+: (?P<value>.*?)(?: \([^()]*\))?(?: \[[^\]]*\])?$")
# What may stand next to an identifier inside a value without changing it.
_SEPARATORS = frozenset(" \t,，、;；:：=|()（）[]【】\"'“”「」<>《》")


def evidence_values(text: str) -> list[str]:
    """The values of the evidence lines of CONTEXT blocks in `text`: ``- kind: value`` and,
    in a block over its cap, one call's arguments on a line, ``- call Tool: a=1; b="x; y"``
    (a value holding "; " or "=" is a JSON string)."""
    out: list[str] = []
    section = False
    for line in text.splitlines():
        if line in _ANY_HEADER:
            section = line in _EVIDENCE_HEADERS
            continue
        if not section:
            continue
        if (call := _CALL_LINE.match(line)) is not None:
            out += [_unquote(v) for v in _CALL_ARG.findall(call["args"])]
        elif (m := _EVIDENCE_LINE.match(line)) is not None:
            out.append(_unquote(m["value"]))
    return out


_CALL_LINE = re.compile(r"^- (?:call|调用) \S+: (?P<args>.*)$")
# ``name=value`` pairs joined by "; ": a value is a JSON string or runs to the next "; ".
_CALL_ARG = re.compile(r'(?:^|; )[^=;]+=("(?:[^"\\]|\\.)*"|(?:(?!; ).)*)')


def altered(identifier: str, values: Sequence[str]) -> bool:
    """Whether some block value writes `identifier` changed: the value starts with it and
    runs on without a separator ("…/t/SF1234查看"), ends with it right after Chinese text
    ("号SF1234"), or is a prefix of at least half of it cut inside a token. (A value that
    holds it inside a longer identifier, ``…/t/SF1234`` for ``SF1234``, changes nothing.)"""
    n = len(identifier)
    for v in values:
        if v == identifier:
            continue
        if v.startswith(identifier) and v[n] not in _SEPARATORS:
            return True
        if v.endswith(identifier) and _CJK_CHAR.match(v[-n - 1]):
            return True
        if 2 * len(v) >= n and identifier.startswith(v) and identifier[len(v)] not in _SEPARATORS:
            return True
    return False


_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def state_values(text: str) -> list[str]:
    """Values written as current in CONTEXT-block state sections of `text` (rule (a))."""
    return [v for _, v in state_lines(text)]


def _same_domain(line_key: str, truth_key: str) -> bool:
    """Whether a block line's key may be the truth's slot: a CrossWOZ key names its domain
    ("<dialogue>.<sub-goal>.餐馆.评分"), and a line about another known domain ("酒店.评分")
    states that domain's value, not this one. Keys without a domain match any line."""
    parts = truth_key.split(".")
    if len(parts) < 4:
        return True
    entity = line_key.split(".", 1)[0].split("[", 1)[0]
    return entity == parts[2] or entity not in CROSSWOZ_DOMAINS


def _without_old_lines(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not _OLD_LINE.match(line))


def _share(found: int, total: int) -> float:
    return found / total if total else 1.0


def score(
    scenario: Scenario, out: MethodOutput, *, budget_ratio: float, budget: int, raw: int
) -> FidelityResult:
    """The metrics of one method output against the scenario's ground truth."""
    seen = visible_text(out.messages) + ("\n" + out.extra_text if out.extra_text else "")
    lost_c = [c for c in scenario.active_constraints if c not in seen]
    lost_v = [f"{k}={v}" for k, v in scenario.current_values.items() if v not in seen]
    lost_i = [i for i in scenario.identifiers if i not in seen]
    written = [v for _, v in state_lines(seen)] + evidence_values(seen)
    altered_i = [i for i in scenario.identifiers if altered(i, written)]
    as_current = state_lines(seen)
    noted = _without_old_lines(seen)
    plain = _UNMET_NOTE.sub("", noted)
    for v in sorted(set(scenario.current_values.values()), key=len, reverse=True):
        plain = plain.replace(v, "\0")
        noted = noted.replace(v, "\0")
    # A list slot's current values are keyed element by element ("key[0]", "key[1]").
    currents: dict[str, list[str]] = {}
    for k, v in scenario.current_values.items():
        currents.setdefault(_LIST_INDEX.sub("", k), []).append(v)
    shown: list[str] = []
    in_notes: list[str] = []
    total_old = 0
    for key, olds in scenario.superseded_values.items():
        cur = currents.get(key, [])
        for old in olds:
            total_old += 1
            stated = any(v == old and _same_domain(k, key) for k, v in as_current)
            if stated or (old in plain and not any(c in seen for c in cur)):
                shown.append(f"{key}={old}")
            elif old in noted and not any(c in seen for c in cur):
                in_notes.append(f"{key}={old}")
    missing, orphans = unpaired(out.messages, allow_pending=False)
    n_c, n_v, n_i = (
        len(scenario.active_constraints),
        len(scenario.current_values),
        len(scenario.identifiers),
    )
    return FidelityResult(
        method="",
        scenario=scenario.name,
        language=scenario.language,
        budget_ratio=budget_ratio,
        budget=budget,
        tokens_raw=raw,
        tokens_sent=out.tokens + (shared_counter().count(out.extra_text) if out.extra_text else 0),
        constraints_retained=_share(n_c - len(lost_c), n_c),
        values_retained=_share(n_v - len(lost_v), n_v),
        superseded_as_current=len(shown),
        identifiers_retained=_share(n_i - len(lost_i), n_i),
        pairs_valid=not missing and not orphans,
        seconds=0.0,
        constraints_total=n_c,
        values_total=n_v,
        identifiers_total=n_i,
        superseded_total=total_old,
        lost_constraints=lost_c,
        lost_values=lost_v,
        lost_identifiers=lost_i,
        superseded_shown=shown,
        identifiers_altered=altered_i,
        superseded_in_notes=in_notes,
    )


def values_ceiling(scenario: Scenario, budget: int, counter: TokenCounter) -> int:
    """How many current values any method could show within `budget`, at best.

    The budget must hold the latest user message (no method may drop it); what is left is
    filled with the distinct values alone, cheapest first, one token each to separate them
    and no key, label or other text. A method above this count is impossible; below it, the
    gap is the method's. When the values cost more than the budget, no method reaches 100%.
    """
    last = next((m for m in reversed(scenario.messages) if m.starts_turn), None)
    room = budget - counter.reply_overhead - (counter.message(last) if last else 0)
    keys_by_value: dict[str, int] = {}
    for v in scenario.current_values.values():
        keys_by_value[v] = keys_by_value.get(v, 0) + 1
    fit = 0
    for v in sorted(keys_by_value, key=lambda v: (counter.count(v), v)):
        room -= counter.count(v) + 1
        if room < 0:
            break
        fit += keys_by_value[v]
    return fit


def budget_for(raw_tokens: int, ratio: float) -> int:
    """ratio x raw tokens, at least `MIN_BUDGET`."""
    return max(MIN_BUDGET, int(raw_tokens * ratio))


async def evaluate(
    methods: Sequence[Method],
    scenarios: Sequence[Scenario],
    budget_ratios: Sequence[float] = BUDGET_RATIOS,
    *,
    progress: bool = False,
) -> list[FidelityResult]:
    """Every method on every scenario at every budget ratio, in that nesting order."""
    counter = shared_counter()
    results: list[FidelityResult] = []
    for n, scenario in enumerate(scenarios, 1):
        raw = counter.messages(scenario.messages)
        for ratio in budget_ratios:
            budget = budget_for(raw, ratio)
            ceiling = values_ceiling(scenario, budget, counter)
            for method in methods:
                t0 = time.perf_counter()
                out = await method.run(list(scenario.messages), budget, ontology=scenario.ontology)
                seconds = time.perf_counter() - t0
                r = score(scenario, out, budget_ratio=ratio, budget=budget, raw=raw)
                r.method, r.seconds = method.name, seconds
                r.values_ceiling = ceiling
                results.append(r)
        if progress:
            print(f"\r  {n}/{len(scenarios)} scenarios", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return results


# --- aggregates -----------------------------------------------------------------------------
def suite_of(result: FidelityResult) -> str:
    """The suite: "crosswoz", "own-zh" or "own-en" (the article's example counts as own-zh)."""
    if result.scenario.startswith("crosswoz"):
        return "crosswoz"
    return f"own-{result.language}"


def _micro(rs: list[FidelityResult], total: str, lost: str) -> float | None:
    n = sum(int(getattr(r, total)) for r in rs)
    if not n:
        return None
    return 1.0 - sum(len(getattr(r, lost)) for r in rs) / n


def summarize(results: Sequence[FidelityResult]) -> list[dict[str, Any]]:
    """Per method x budget ratio: retained shares counted over items (None when there was
    nothing of that kind), superseded-as-current totals, share of valid pairings, token sums
    and the share saved, mean seconds per run. Rows keep the order methods first appear."""
    groups: dict[tuple[str, float], list[FidelityResult]] = {}
    for r in results:
        groups.setdefault((r.method, r.budget_ratio), []).append(r)
    rows: list[dict[str, Any]] = []
    for (method, ratio), rs in sorted(groups.items(), key=lambda kv: kv[0][1]):
        raw = sum(r.tokens_raw for r in rs)
        sent = sum(r.tokens_sent for r in rs)
        rows.append(
            {
                "method": method,
                "budget_ratio": ratio,
                "scenarios": len(rs),
                "constraints_retained": _micro(rs, "constraints_total", "lost_constraints"),
                "values_retained": _micro(rs, "values_total", "lost_values"),
                "superseded_as_current": sum(r.superseded_as_current for r in rs),
                "superseded_total": sum(r.superseded_total for r in rs),
                "identifiers_retained": _micro(rs, "identifiers_total", "lost_identifiers"),
                "identifiers_altered": sum(len(r.identifiers_altered) for r in rs),
                "pairs_valid": sum(r.pairs_valid for r in rs) / len(rs),
                "tokens_raw": raw,
                "tokens_sent": sent,
                "tokens_saved": 1.0 - sent / raw if raw else 0.0,
                "seconds": sum(r.seconds for r in rs) / len(rs),
            }
        )
    return rows


def summarize_suites(results: Sequence[FidelityResult]) -> dict[str, list[dict[str, Any]]]:
    """`summarize` per suite ("own-zh", "own-en", "crosswoz")."""
    suites: dict[str, list[FidelityResult]] = {}
    for r in results:
        suites.setdefault(suite_of(r), []).append(r)
    return {name: summarize(rs) for name, rs in suites.items()}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    head = (
        f"{'method':<20}{'budget':>7}{'n':>5}{'constr':>9}{'values':>9}{'superseded':>12}"
        f"{'ident':>9}{'altered':>9}{'pairs':>8}{'tok sent':>11}{'tok raw':>11}{'saved':>8}"
        f"{'s/run':>8}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        sup = f"{r['superseded_as_current']}/{r['superseded_total']}"
        lines.append(
            f"{r['method']:<20}{_pct(r['budget_ratio']):>7}{r['scenarios']:>5}"
            f"{_pct(r['constraints_retained']):>9}{_pct(r['values_retained']):>9}{sup:>12}"
            f"{_pct(r['identifiers_retained']):>9}{r['identifiers_altered']:>9}"
            f"{_pct(r['pairs_valid']):>8}"
            f"{r['tokens_sent']:>11}{r['tokens_raw']:>11}{_pct(r['tokens_saved']):>8}"
            f"{r['seconds']:>8.2f}"
        )
    return "\n".join(lines)


# --- the article's example ------------------------------------------------------------------
async def ecommerce_example_async(ontology: str | None = "ecommerce") -> dict[str, Any]:
    """The seed's e-commerce example through ctxengine (default budget, the e-commerce
    ontology by default): its CONTEXT block, the block's tokens against the raw history, the
    block's sections, and which values are present as current or archived."""
    s = ecommerce_scenario()
    counter = shared_counter()
    ctx = await replay_context(s.messages, Settings(ontology=ontology), counter)
    block = ctx.compacted_context
    current = state_values(block)
    old_lines = [line for line in block.splitlines() if _OLD_LINE.match(line)]
    archived = {
        f"{k}={v}": any(v in line for line in old_lines)
        for k, vs in s.superseded_values.items()
        for v in vs
    }
    four = ("intent", "state", "pending", "constraints")
    core = _sections_text(block, {HEADERS[lang][k] for k in four for lang in ("zh", "en")})
    return {
        "block": block,
        "tokens": counter.count(block),
        "four_part_tokens": counter.count(core),
        "raw_tokens": counter.messages(s.messages),
        "raw_user_tokens": sum(counter.count(m.text) for m in s.messages if m.role == "user"),
        "sections": [line for line in block.splitlines() if line in _ANY_HEADER],
        "present": {f"{k}={v}": v in current for k, v in s.current_values.items()},
        "constraints_present": {c: c in block for c in s.active_constraints},
        "archived": archived,
        "superseded_shown_as_current": [
            f"{k}={v}" for k, vs in s.superseded_values.items() for v in vs if v in current
        ],
    }


def _sections_text(block: str, keep: set[str]) -> str:
    """The lines of `block` under the headers in `keep` (headers included)."""
    out: list[str] = []
    on = False
    for line in block.splitlines():
        if line in _ANY_HEADER:
            on = line in keep
        if on:
            out.append(line)
    return "\n".join(out)


def ecommerce_example() -> dict[str, Any]:
    """`ecommerce_example_async` for synchronous callers (not from a running event loop)."""
    return asyncio.run(ecommerce_example_async())


# --- command line ---------------------------------------------------------------------------
QUICK_CROSSWOZ = 50


NO_RESET = {"reset_after_turns": 1_000_000}


def crosswoz_splits(
    results: Sequence[FidelityResult], sessions: Sequence[Scenario], group: int
) -> list[dict[str, Any]]:
    """ctxengine's CrossWOZ values retained per budget, on each `SPLITS` part: the sessions
    whose dialogues all lie in it (a session is `group` consecutive dialogues)."""
    start_of = {sc.name: i * group for i, sc in enumerate(sessions)}
    rows: list[dict[str, Any]] = []
    for label, lo, hi in SPLITS:
        part = [
            r
            for r in results
            if r.method == "ctxengine"
            and r.scenario in start_of
            and lo <= start_of[r.scenario]
            and start_of[r.scenario] + group <= hi
        ]
        for ratio in sorted({r.budget_ratio for r in part}):
            rs = [r for r in part if r.budget_ratio == ratio]
            rows.append(
                {
                    "split": label,
                    "budget_ratio": ratio,
                    "sessions": len(rs),
                    "values_retained": _micro(rs, "values_total", "lost_values"),
                    "superseded_as_current": sum(r.superseded_as_current for r in rs),
                    "superseded_in_notes": sum(len(r.superseded_in_notes) for r in rs),
                }
            )
    return rows


def format_splits(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["split                   budget  sessions   values  superseded  in notes"]
    for r in rows:
        lines.append(
            f"{r['split']:22} {r['budget_ratio']:6.0%} {r['sessions']:9} "
            f"{_pct(r['values_retained']):>8} {r['superseded_as_current']:11}"
            f" {r.get('superseded_in_notes', 0):9}"
        )
    lines.append(
        "(in notes: superseded values shown only inside a not-met note, "
        "``(未满足的要求: X)``; not counted as shown as current)"
    )
    return "\n".join(lines)


async def run(
    quick: bool, group: int, ratios: Sequence[float], no_reset_variant: bool = False
) -> dict[str, Any]:
    methods = all_methods()
    if no_reset_variant:
        # Diagnosis, not a competitor: how much of ctxengine's loss the periodic reset causes.
        methods.append(CtxEngine(shared_counter(), True, "ctxengine_no_reset", dict(NO_RESET)))
    own = own_scenarios(quick=quick)
    cw = crosswoz_scenarios(QUICK_CROSSWOZ if quick else None, group=group)
    print(f"{len(own)} own scenarios, {len(cw)} CrossWOZ sessions (group={group})", file=sys.stderr)
    results = await evaluate(methods, [*own, *cw], ratios, progress=True)
    return {
        "quick": quick,
        "crosswoz_group": group,
        "budget_ratios": list(ratios),
        "methods": [m.name for m in methods],
        "suites": summarize_suites(results),
        "summary": summarize(results),
        "crosswoz_splits": crosswoz_splits(results, cw, group),
        "results": [asdict(r) for r in results],
        "ecommerce_example": await ecommerce_example_async(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Fidelity of context methods at forced budgets.")
    p.add_argument("--quick", action="store_true", help="few scenarios, 50 CrossWOZ dialogues")
    p.add_argument("--json", type=Path, default=None, help="write every result here")
    p.add_argument("--group", type=int, default=DEFAULT_GROUP, help="CrossWOZ dialogues/session")
    p.add_argument(
        "--no-reset-variant",
        action="store_true",
        help="also run ctxengine with the periodic reset off (diagnosis)",
    )
    p.add_argument(
        "--ratios",
        default=",".join(f"{r:.2f}" for r in BUDGET_RATIOS),
        help="budget ratios, comma-separated",
    )
    args = p.parse_args(argv)
    try:
        ratios = [float(x) for x in args.ratios.split(",") if x.strip()]
    except ValueError:
        p.error(f"--ratios: not a comma-separated list of numbers: {args.ratios!r}")
    out = asyncio.run(run(args.quick, args.group, ratios, args.no_reset_variant))
    for suite, rows in out["suites"].items():
        print(f"\n## {suite}\n{format_table(rows)}")
    if out["crosswoz_splits"]:
        print(f"\n## crosswoz, ctxengine by split\n{format_splits(out['crosswoz_splits'])}")
    ex = out["ecommerce_example"]
    print(f"\n## e-commerce example: block {ex['tokens']} tokens, raw history {ex['raw_tokens']}")
    print(ex["block"])
    print(f"present: {ex['present']}\narchived: {ex['archived']}")
    if args.json is not None:
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
