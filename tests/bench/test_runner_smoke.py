"""The benchmark runner end to end in smoke mode, judged mode over the local server, and
`ctxengine bench` outside a checkout. Nothing here asserts a timing or a benchmark figure."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.crosswoz import DATA
from bench.judged import JudgeConfig, accuracy, ask_all, is_correct
from bench.methods import MethodOutput
from bench.report import aggregate, summary_rows, targets
from bench.runner import SUITES, Options, run
from bench.scenarios import Scenario
from ctxengine.cli import main as cli_main
from ctxengine.messages import Message
from ctxengine.testing import OpenAICompatibleServer, ScriptedModel, ScriptedRequest

# CI lays shared/ beside the clone; without it the suites that read CrossWOZ cannot run.
pytestmark = pytest.mark.skipif(
    not DATA.exists(), reason=f"benchmark data not found at {DATA} (shared/ beside the repo)"
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Keys each suite's JSON must have, and keys of its rows.
SUITE_KEYS: dict[str, tuple[set[str], set[str]]] = {
    "fidelity": (
        {"budget_ratios", "methods", "scenarios", "rows", "summary", "ecommerce"},
        {
            "method",
            "scenario",
            "dataset",
            "language",
            "budget_ratio",
            "tokens_raw",
            "tokens_sent",
            "constraints_retained",
            "values_retained",
            "superseded_as_current",
            "identifiers_retained",
            "pairs_valid",
        },
    ),
    "speed": (
        {"target_ratio", "config", "rows", "peak_memory_bytes", "memory_turns"},
        {"method", "language", "history_turns", "median_ms", "p99_ms", "ratio_median", "ratio_p99"},
    ),
    "parse": ({"target_tps", "rows"}, {"corpus", "turns", "median_tps"}),
    "store": ({"restore_n", "rows"}, {"backend", "turns", "append_median_ms"}),
    "memory": ({"queries", "embedder", "rows"}, {"backend", "mode", "recall_at_5"}),
    "pipeline": ({"rows"}, {"language", "turns", "ratio_p50", "compaction"}),
}


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk; fails on anything that is not a PNG."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE, f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("bench")
    out, report = tmp / "results", tmp / "docs" / "benchmarks.md"
    results = run(Options(mode="smoke", out=out, report=report, command="python -m bench --smoke"))
    return out, report, results


def test_results_json_has_every_suite_with_its_keys(
    smoke_run: tuple[Path, Path, dict[str, Any]],
) -> None:
    out, _, results = smoke_run
    on_disk = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert on_disk == json.loads(json.dumps(results))  # tuples come back as lists
    assert on_disk["errors"] == {}
    meta = on_disk["meta"]
    assert meta["mode"] == "smoke" and meta["machine"]["cores"] >= 1
    assert set(meta["seconds"]) == set(SUITES)
    assert set(on_disk["suites"]) == set(SUITES)
    for suite, (keys, row_keys) in SUITE_KEYS.items():
        body = on_disk["suites"][suite]
        assert keys <= set(body), f"{suite}: missing {keys - set(body)}"
        assert body["rows"], f"{suite} has no rows"
        for row in body["rows"]:
            assert row_keys <= set(row), f"{suite} row: missing {row_keys - set(row)}"


def test_every_method_is_measured_for_fidelity_and_speed(
    smoke_run: tuple[Path, Path, dict[str, Any]],
) -> None:
    _, _, results = smoke_run
    fidelity, speed = results["suites"]["fidelity"], results["suites"]["speed"]
    methods = set(fidelity["methods"])
    assert {"recency", "summary_buffer", "ctxengine_pipeline", "ctxengine"} <= methods
    assert {r["method"] for r in fidelity["rows"]} == methods
    assert {r["method"] for r in speed["rows"]} == methods
    assert set(speed["peak_memory_bytes"]) == methods
    # Each row is one method x scenario x budget, with no duplicates.
    keys = [(r["method"], r["scenario"], r["budget_ratio"]) for r in fidelity["rows"]]
    assert len(keys) == len(set(keys)) == len(methods) * len(fidelity["scenarios"])


def test_plots_are_valid_pngs(smoke_run: tuple[Path, Path, dict[str, Any]]) -> None:
    out, _, _ = smoke_run
    for name in ("headline", "fidelity", "tokens", "speed"):
        width, height = png_size(out / f"{name}.png")
        assert width > 200 and height > 200


def test_report_has_every_section_and_links_existing_plots(
    smoke_run: tuple[Path, Path, dict[str, Any]],
) -> None:
    out, report, results = smoke_run
    text = report.read_text(encoding="utf-8")
    for heading in (
        "## Summary",
        "## Targets (`ctxengine`)",
        "## Fidelity",
        "## Speed",
        "## Short-term pipeline",
        "## Rule-path parse throughput",
        "## Store latency",
        "## Memory search",
    ):
        assert heading in text, heading
    assert "python -m bench --smoke --only speed" in text
    for method in results["suites"]["fidelity"]["methods"]:
        assert f"`{method}`" in text
    for t in targets(results):
        assert t.name in text
    # Every image link resolves relative to the report.
    links = [line.split("](")[1].split(")")[0] for line in text.splitlines() if "![" in line]
    assert links and all((report.parent / link).is_file() for link in links)
    assert results["suites"]["fidelity"]["ecommerce"]["block"].splitlines()[0] in text
    snippet = (out / "README_snippet.md").read_text(encoding="utf-8")
    datasets = {r["dataset"] for r in results["suites"]["fidelity"]["rows"]}
    methods = results["suites"]["fidelity"]["methods"]
    assert snippet.count("\n| `") == len(methods) * len(datasets)  # one row per method x dataset
    assert "headline.png" in snippet
    head = snippet.splitlines()[0]
    assert "per-turn cost" in head and "identifiers altered" in head  # by title, not position
    assert "pairs valid" not in head


# --- report logic ---------------------------------------------------------------------------
def _row(method: str, budget: float, lost_constraints: int, superseded: int) -> dict[str, Any]:
    return {
        "method": method,
        "scenario": f"s-{budget}",
        "language": "zh",
        "dataset": "own",
        "budget_ratio": budget,
        "tokens_raw": 1000,
        "tokens_sent": int(1000 * budget),
        "constraints_retained": 1.0 - lost_constraints / 3,
        "constraints_total": 3,
        "lost_constraints": ["c"] * lost_constraints,
        "values_retained": 1.0,
        "values_total": 2,
        "lost_values": [],
        "identifiers_retained": 1.0,
        "identifiers_total": 0,
        "lost_identifiers": [],
        "superseded_as_current": superseded,
        "pairs_valid": True,
    }


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([0.1, 0.25, 0.5]), st.integers(0, 3), st.integers(0, 2)),
        min_size=1,
        max_size=6,
    )
)
def test_targets_are_missed_exactly_when_something_was_lost(
    runs: list[tuple[float, int, int]],
) -> None:
    rows = [_row("ctxengine", b, lost, sup) for b, lost, sup in runs]
    rows += [_row("recency", b, 3, 2) for b, _, _ in runs]  # never judged against targets
    by_name = {t.name: t for t in targets({"suites": {"fidelity": {"rows": rows}}})}
    assert by_name["active constraints retained"].met is (sum(x[1] for x in runs) == 0)
    assert by_name["superseded values shown as current"].met is (sum(x[2] for x in runs) == 0)
    assert by_name["current values retained"].met is True
    assert by_name["current values retained at the largest budget"].met is True
    assert by_name["identifiers retained verbatim"].met is None  # no identifiers: not measured
    assert by_name["fewer tokens than the raw history"].met is all(b <= 0.4 for b, _, _ in runs)
    assert by_name["per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"].met is None
    assert by_name["per-turn cost flat as history grows (`ctxengine`)"].met is None
    total = aggregate(rows, ["method"])
    assert {a["method"] for a in total} == {"ctxengine", "recency"}
    assert all(0.0 <= a["constraints_retained"] <= 1.0 for a in total)


# --- judged mode ----------------------------------------------------------------------------
class KeepAll:
    name = "keep_all"

    async def run(self, history: list[Message], budget: int) -> MethodOutput:
        return MethodOutput(list(history), 0, "")


class KeepLast:
    name = "keep_last"

    async def run(self, history: list[Message], budget: int) -> MethodOutput:
        return MethodOutput(history[-1:], 0, "")


def _answer_from_context(answers: dict[str, str]) -> Any:
    """A responder that answers only from what the request shows before the question."""

    def respond(request: ScriptedRequest) -> str:
        *context, question = request.messages
        seen = "\n".join(str(m.get("content") or "") for m in context)
        for q, expected in answers.items():
            if str(question["content"]).startswith(q):
                return f"答案是{expected}。" if expected in seen else "不知道"
        return "unknown question"

    return respond


async def test_judged_scores_each_method_by_what_its_context_kept() -> None:
    questions = [("收货人是谁？", "张伟"), ("优惠券码是多少？", "IP15PRO2024")]
    messages = [
        Message.user("收货人写张伟，优惠券用 IP15PRO2024。"),
        Message.assistant("好的，已记下。"),
        Message.user("今天天气不错。"),
        Message.assistant("是的。"),
        Message.user("帮我下单。"),
    ]
    scenario = Scenario("judged-zh", "zh", messages, {}, {}, [], [], questions)
    model = ScriptedModel(responder=_answer_from_context(dict(questions)))
    with OpenAICompatibleServer(model) as srv:
        answers = await ask_all(
            [KeepAll(), KeepLast()], [scenario], JudgeConfig(srv.base_url, model.model)
        )
    assert len(model.requests) == len(answers) == 4
    by_method = {row["method"]: row for row in accuracy(answers)}
    assert by_method["keep_all"]["accuracy"] == 1.0
    assert by_method["keep_last"]["accuracy"] == 0.0
    assert all(a.correct == is_correct(a.answer, a.expected) for a in answers)
    # The question is the last message, after the method's context.
    assert model.requests[0].messages[-1]["content"].startswith("收货人是谁？")


# Characters whose NFKC and case folding never merge across a boundary (no combining marks).
_CHARS = st.sampled_from(list("abcXYZ019 -_ßÉé张伟优惠券码单号ＡＢ１"))


@given(st.text(_CHARS, min_size=1, max_size=12), st.text(_CHARS, max_size=12), st.text(_CHARS))
def test_an_answer_containing_the_expected_text_is_correct(
    expected: str, before: str, after: str
) -> None:
    if not expected.strip():
        return  # whitespace alone folds to nothing: not a meaningful expectation
    assert is_correct(before + expected + after, expected)
    assert is_correct(before + expected.upper() + after, expected)
    assert not is_correct("", expected)


# --- ctxengine bench --------------------------------------------------------------------------
def test_cli_bench_outside_a_checkout_exits_2_with_one_line(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path\n"
        "import ctxengine.cli.bench as b\n"
        f"b._checkout_root = lambda: Path({str(tmp_path)!r})\n"
        "from ctxengine.cli import main\n"
        "sys.exit(main(['bench', '--quick']))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "source checkout" in lines[0], proc.stderr


def test_cli_bench_rejects_an_unknown_suite() -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main(["bench", "--only", "fidelity,nope"])
    assert exc.value.code == 2


def test_quick_mode_produces_a_well_formed_report(tmp_path: Path) -> None:
    """`python -m bench --quick` as a user runs it (issue 5: the CI smoke test of --quick)."""
    out, report = tmp_path / "results", tmp_path / "benchmarks.md"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--out", str(out), "--report", str(report)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["meta"]["mode"] == "quick"
    assert set(results["suites"]) >= {"fidelity", "speed", "pipeline"}
    for name in ("headline", "fidelity", "tokens", "speed"):
        assert (out / f"{name}.png").read_bytes().startswith(PNG_SIGNATURE)
    text = report.read_text(encoding="utf-8")
    for heading in ("## Summary", "## Targets (`ctxengine`)", "## Fidelity", "## Speed"):
        assert heading in text
    assert "MET" in text or "MISSED" in text


def _speed(method: str, lang: str, turns: int, ratio: float) -> dict[str, Any]:
    return {
        "method": method,
        "language": lang,
        "history_turns": turns,
        "ratio_median": ratio,
        "ratio_p99": ratio * 2,
    }


def test_the_cost_target_reads_the_pipeline_and_flatness_reads_compaction() -> None:
    rows = [
        _speed("ctxengine_pipeline", "en", 20, 1.5),
        _speed("ctxengine_pipeline", "en", 200, 1.9),
        _speed("ctxengine", "en", 20, 40.0),
        _speed("ctxengine", "en", 200, 44.0),
    ]
    by_name = {t.name: t for t in targets({"suites": {"speed": {"rows": rows}}})}
    cost = by_name["per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"]
    flat = by_name["per-turn cost flat as history grows (`ctxengine`)"]
    assert cost.met is True and "1.9x" in cost.measured
    assert flat.met is True and "1.10x" in flat.measured
    rows[1] = _speed("ctxengine_pipeline", "en", 200, 2.1)
    rows[3] = _speed("ctxengine", "en", 200, 61.0)  # grew 1.525x: not flat
    by_name = {t.name: t for t in targets({"suites": {"speed": {"rows": rows}}})}
    assert by_name["per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"].met is False
    assert by_name["per-turn cost flat as history grows (`ctxengine`)"].met is False


def test_the_cost_target_is_judged_without_persistence_and_says_both() -> None:
    def row(turns: int, total: float, bare: float) -> dict[str, Any]:
        return {**_speed("ctxengine_pipeline", "en", turns, total), "ratio_median_no_store": bare}

    rows = [row(20, 2.3, 1.8), row(200, 2.4, 1.9)]
    by_name = {t.name: t for t in targets({"suites": {"speed": {"rows": rows}}})}
    cost = by_name["per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"]
    assert cost.met is True
    assert "1.9x" in cost.measured and "2.4x" in cost.measured  # the store's share is shown
    rows[1] = row(200, 2.4, 2.1)
    by_name = {t.name: t for t in targets({"suites": {"speed": {"rows": rows}}})}
    assert by_name["per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"].met is False
    _header, body = summary_rows({"suites": {"speed": {"rows": rows}}})
    assert body[0][-1] == "2.1x (2.4x with store)"


def test_the_cost_target_reads_the_pipeline_suite_when_it_ran() -> None:
    def row(lang: str, turns: int, total: float, bare: float) -> dict[str, Any]:
        return {
            "language": lang,
            "turns": turns,
            "compaction": False,
            "ratio_p50": total,
            "ratio_no_store_p50": bare,
            "ratio_p99": total * 3,
        }

    speed = [_speed("ctxengine_pipeline", "en", 200, 5.0)]  # not what is judged then
    pipeline = [row("en", 20, 2.2, 1.8), row("zh", 500, 2.0, 1.7)]
    on = {**row("en", 20, 40.0, 39.0), "compaction": True}  # the compaction engine: not this
    results = {"suites": {"speed": {"rows": speed}, "pipeline": {"rows": [*pipeline, on]}}}
    cost = {t.name: t for t in targets(results)}[
        "per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"
    ]
    assert cost.met is True
    assert "1.8x (en, 20 turns)" in cost.measured and "2.2x" in cost.measured
    pipeline[1] = row("zh", 500, 2.4, 2.05)
    results = {"suites": {"speed": {"rows": speed}, "pipeline": {"rows": [*pipeline, on]}}}
    cost = {t.name: t for t in targets(results)}[
        "per-turn cost / tokenizing the new turn (`ctxengine_pipeline`)"
    ]
    assert cost.met is False


def test_the_sgd_suite_is_measured_against_no_target() -> None:
    own = [_row("ctxengine", 0.25, 0, 0)]
    sgd = [{**_row("ctxengine", 0.25, 3, 2), "dataset": "sgd", "scenario": "sgd-1"}]
    names = {t.name: t for t in targets({"suites": {"fidelity": {"rows": own + sgd}}})}
    assert not any("sgd" in n for n in names)
    # The own rows alone decide: nothing was lost there.
    assert names["active constraints retained"].met is True
    assert names["superseded values shown as current"].met is True


def _values_row(budget: float, lost: int) -> dict[str, Any]:
    row = _row("ctxengine", budget, 0, 0)
    row.update(values_total=100, lost_values=["v"] * lost, values_retained=1 - lost / 100)
    return row


@pytest.mark.parametrize(
    ("lost_small", "lost_large", "all_met", "largest_met"),
    [
        (20, 0, False, True),  # the tight budget misses; the largest keeps every value
        (0, 3, False, False),  # the largest budget itself misses
        (0, 1, True, True),  # 99 of 100 at the largest budget is the floor, met
        (0, 0, True, True),
    ],
)
def test_values_target_is_judged_over_all_budgets_and_at_the_largest(
    lost_small: int, lost_large: int, all_met: bool, largest_met: bool
) -> None:
    rows = [_values_row(0.1, lost_small), _values_row(0.4, lost_large)]
    by_name = {t.name: t for t in targets({"suites": {"fidelity": {"rows": rows}}})}
    assert by_name["current values retained"].met is all_met
    largest = by_name["current values retained at the largest budget"]
    assert largest.met is largest_met
    assert "at budget 40.0%" in largest.measured


@pytest.mark.parametrize(("tps", "met"), [(1999.0, False), (2000.0, True), (5000.0, True)])
def test_parse_throughput_is_judged_on_the_slowest_corpus(tps: float, met: bool) -> None:
    rows = [
        {"corpus": "a", "median_tps": tps, "jieba_tps": 4000.0, "x_jieba": 3.0},
        {"corpus": "b", "median_tps": tps + 500, "jieba_tps": 4000.0, "x_jieba": 2.0},
    ]
    results = {"suites": {"parse": {"target_tps": 2000, "rows": rows}}}
    by_name = {t.name: t for t in targets(results)}
    assert by_name["rule-path parse throughput (one core)"].met is met


def test_no_parse_suite_no_parse_target() -> None:
    names = {t.name for t in targets({"suites": {}})}
    assert "rule-path parse throughput (one core)" not in names
