"""Smoke test of the pipeline benchmark's core on a tiny session (no timing assertions)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root holds bench/

from bench._breakdown import breakdown_text, timers
from bench._sessions import Language, SessionShape, agent_session
from bench.bench_pipeline import (
    RunResult,
    format_table,
    main,
    merge_repeats,
    replay,
    summarize,
    to_json,
)
from ctxengine.messages import ToolCallPart
from ctxengine.pipeline.pairing import unpaired
from ctxengine.pipeline.window import Window
from ctxengine.tokens import TokenCounter


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_sessions_follow_the_shape(lang: Language) -> None:
    shape = SessionShape()
    turns = agent_session(12, lang, seed=3)
    again = agent_session(12, lang, seed=3)
    # Deterministic text (message ids are random uuids by design).
    assert [[m.model_dump(exclude={"id"}) for m in t] for t in turns] == [
        [m.model_dump(exclude={"id"}) for m in t] for t in again
    ]
    assert len(turns) == 12
    for turn in turns:
        user, reply = turn[0], turn[-1]
        assert user.starts_turn
        assert shape.user_chars[0] <= len(user.text) <= shape.user_chars[1]
        assert reply.role == "assistant" and not reply.tool_calls
        assert shape.reply_chars[0] <= len(reply.text) <= shape.reply_chars[1]
        calls = [p for m in turn for p in m.parts if isinstance(p, ToolCallPart)]
        assert shape.tool_calls[0] <= len(calls) <= shape.tool_calls[1]
        for m in turn:
            for r in m.tool_results:
                assert shape.result_chars[0] <= len(r.content) <= shape.result_chars[1]
                assert isinstance(json.loads(r.content), dict)
        assert unpaired(turn, allow_pending=False) == (set(), set())


def test_chinese_sessions_are_chinese() -> None:
    text = "".join(m.text for t in agent_session(5, "zh") for m in t)
    cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    assert cjk > len(text) // 4


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_replay_measures_every_turn(lang: Language, tmp_path: Path) -> None:
    turns = agent_session(25, lang, seed=1, shape=SessionShape(result_chars=(200, 3000)))
    counter = TokenCounter()
    expected_new = [sum(counter.message(m.replace()) for m in t) for t in turns]
    result = await replay(turns, lang, tmp_path / "ws", compaction=False)
    assert isinstance(result, RunResult)
    assert [s.turn for s in result.samples] == list(range(1, 26))
    for sample, turn, new in zip(result.samples, turns, expected_new, strict=True):
        assert sample.messages == len(turn)
        assert sample.context_calls == sum(1 for m in turn if m.role == "assistant")
        assert sample.pipeline_s > 0 and sample.tokenize_s > 0 and sample.summary_s >= 0
        assert sample.new_tokens == new
        assert 0 < sample.context_tokens <= 50000
    history = [s.history_tokens for s in result.samples]
    assert history == sorted(history)
    assert history[-1] == sum(expected_new) + counter.reply_overhead
    # 25 turns cross the 20-turn limit: stage 2 ran and its summary was written.
    assert any("trim" in s.steps for s in result.samples)
    assert result.summaries_written >= 1
    assert not result.compaction


async def test_summary_and_table(tmp_path: Path) -> None:
    turns = agent_session(10, "en", seed=2, shape=SessionShape(result_chars=(200, 1000)))
    runs = [await replay(turns, "en", tmp_path / f"ws{k}") for k in range(2)]
    merged = merge_repeats(runs)
    assert len(merged.samples) == 10
    for k, s in enumerate(merged.samples):
        lo, hi = sorted(r.samples[k].pipeline_s for r in runs)
        assert lo <= s.pipeline_s <= hi
    row = summarize(merged)
    assert row.turns == 10 and row.language == "en"
    assert row.ratio_p50 <= row.ratio_p99
    assert row.pipeline_p50_ms <= row.pipeline_p99_ms
    assert row.history_tokens == merged.samples[-1].history_tokens
    assert row.meets_target == (row.ratio_p50 <= 2.0)
    table = format_table([row])
    assert len(table.splitlines()) == 3 and "ratio p50" in table
    raw = json.loads(json.dumps(to_json([merged])))
    assert len(raw["runs"][0]["samples"]) == 10
    assert raw["runs"][0]["summary"]["turns"] == 10


def test_cli_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert main(["--turns", "3", "--langs", "zh", "--compaction", "off", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    rows = [line.split()[:3] for line in printed.splitlines()]
    assert ["zh", "off", "3"] in rows
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [r["summary"]["language"] for r in data["runs"]] == ["zh"]


def test_cli_rejects_bad_turns(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--turns", "ten"])
    assert "expected comma-separated integers" in capsys.readouterr().err


async def test_breakdown_times_parts_and_restores_them(tmp_path: Path) -> None:
    original = Window.add
    turns = agent_session(6, "zh", seed=4, shape=SessionShape(result_chars=(200, 1000)))
    with timers() as t:
        assert Window.add is not original
        run = await replay(turns, "zh", tmp_path / "ws", compaction=False, hooks=t)
    assert Window.add is original
    assert "distiller.observe" not in t.seconds  # compaction off: never called
    added = sum(len(turn) for turn in turns)
    assert t.calls["add: window.add (tokenize new message)"] == added
    contexts = sum(s.context_calls for s in run.samples)
    assert t.calls["ctx: window.prepare (stages 1-3)"] >= contexts
    lines = breakdown_text(t, 6, 1.0, 2.0).splitlines()
    assert len(lines) == 2 + len(t.seconds)
