"""Each stage of the pipeline on hand-built turns."""

from __future__ import annotations

from ctxengine.messages import Message, ToolCallPart
from ctxengine.pipeline.pairing import unpaired
from ctxengine.pipeline.stages import (
    aggressive_trim,
    compress_turn,
    cut_middle,
    fit_budget,
    trim_turns,
    truncate_turn,
)
from ctxengine.pipeline.turns import Turn, flatten, split_turns
from ctxengine.pipeline.window import Window
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

C = TokenCounter()


def tool_turn(i: int, result: str = "ok", user: str | None = None) -> list[Message]:
    call = ToolCallPart(id=f"call_{i}", name="search", arguments='{"q": "x"}')
    return [
        Message.user(user or f"question {i}"),
        Message.assistant(None, tool_calls=[call]),
        Message.tool(call.id, result),
        Message.assistant(f"answer {i}"),
    ]


def turns_of(n: int, result: str = "ok") -> list[Turn]:
    msgs = [m for i in range(1, n + 1) for m in tool_turn(i, result)]
    return split_turns(msgs, C)[1]


def test_cut_middle_keeps_head_and_tail_and_counts_what_it_removed() -> None:
    text = "HEAD" + "x" * 30000 + "TAIL"
    out = cut_middle(text, 2000, "en")
    assert len(out) <= 2000
    assert out.startswith("HEAD") and out.endswith("TAIL")
    start, end = out.index("\n[... "), out.index(" ...]\n") + len(" ...]\n")
    removed = int(out[start:end].split()[1])
    assert removed == len(text) - (len(out) - (end - start))


def test_cut_middle_note_follows_language() -> None:
    out = cut_middle("数" * 5000, 1000, "zh")
    assert "已截去中间" in out and len(out) <= 1000


def test_stage1_cuts_historical_results_but_never_the_current_turn() -> None:
    s = Settings(tool_result_max_chars=1000)
    w = Window(s, C)
    for m in tool_turn(1, "a" * 5000) + tool_turn(2, "b" * 5000):
        w.add(m)
    result = w.prepare(reserved=0, language="en")
    first, current = result.messages[2], result.messages[6]
    assert len(first.tool_results[0].content) <= 1000
    assert "characters removed" in first.tool_results[0].content
    assert current.tool_results[0].content == "b" * 5000
    assert [st.stage for st in result.steps] == ["truncate"]


def test_stage1_never_edits_history_messages() -> None:
    original = tool_turn(1, "a" * 5000)
    turn = split_turns(original, C)[1][0]
    cut = truncate_turn(turn, 1000, "en", C)
    assert original[2].tool_results[0].content == "a" * 5000
    assert cut.messages[2] is not original[2]


def test_stage2_drops_the_earliest_half_of_complete_turns() -> None:
    turns = turns_of(21)
    kept, dropped = trim_turns(turns, 20)
    assert [t.index for t in dropped] == list(range(1, 11))
    assert [t.index for t in kept] == list(range(11, 22))
    assert unpaired(flatten(kept)) == (set(), set())


def test_stage2_spares_pinned_turns_within_a_quarter_of_the_limit() -> None:
    kept, dropped = trim_turns(turns_of(21), 20, protected=frozenset({2, 3}))
    assert {2, 3} <= {t.index for t in kept}
    assert len(dropped) == 10


def test_stage3_compresses_few_turns_to_first_user_text_and_last_reply() -> None:
    turns = turns_of(3, "r" * 3000)
    total = sum(t.tokens for t in turns)
    kept, removals = fit_budget(
        turns, reserved=0, budget=total - 10, target=total // 2, compress_below=5, counter=C
    )
    assert removals[0].stage == "budget_compress"
    for t in kept[:-1]:
        assert [m.role for m in t.messages] == ["user", "assistant"]
        assert t.messages[1].text.startswith("answer")
    assert kept[-1].messages == turns[-1].messages  # the current turn is untouched


def test_stage3_repeats_until_the_target_is_met() -> None:
    turns = turns_of(16, "r" * 2000)
    per_turn = turns[0].tokens
    kept, removals = fit_budget(
        turns, reserved=0, budget=per_turn * 4, target=per_turn * 3, compress_below=5, counter=C
    )
    assert len(removals) >= 2, "one pass is not enough here"
    assert sum(t.tokens for t in kept) <= per_turn * 3
    dropped = [m for r in removals for m in r.all_messages()]
    assert dropped, "what was dropped is handed on to be summarized"


def test_compress_turn_reports_removed_tool_chain() -> None:
    turn = turns_of(1)[0]
    compact, removed = compress_turn(turn, C)
    assert [m.role for m in removed] == ["assistant", "tool"]
    assert compact.compressed


def test_stage4_keeps_five_turns_and_cuts_everything_but_the_latest_user_text() -> None:
    msgs = [m for i in range(1, 9) for m in tool_turn(i, "t" * 30000, user="u" * 20000)]
    turns = split_turns(msgs, C)[1]
    kept, dropped = aggressive_trim(
        turns, tool_limit=10000, user_limit=10000, max_turns=5, language="en", counter=C
    )
    assert len(kept) == 5 and len(dropped) == 3
    for t in kept:
        for m in t.messages:
            for r in m.tool_results:
                assert len(r.content) <= 10000
    assert all(len(t.messages[0].text) <= 10000 for t in kept[:-1])
    assert kept[-1].messages[0].text == "u" * 20000
