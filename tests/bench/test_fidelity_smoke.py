"""Smoke test of the fidelity benchmark: every method, two small scenarios, one budget."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.crosswoz import DATA, crosswoz_scenarios
from bench.fidelity import (
    FidelityResult,
    Scenario,
    budget_for,
    crosswoz_splits,
    evaluate,
    score,
    state_values,
    summarize,
    values_ceiling,
)
from bench.methods import Method, MethodOutput, Recency, all_methods, shared_counter
from bench.scenarios import ecommerce_scenario, generate
from ctxengine.messages import Message, ToolCallPart
from ctxengine.pipeline.pairing import unpaired

METHODS = ["recency", "langchain_trim", "summary_buffer", "ctxengine_pipeline", "ctxengine"]
SHARES = ("constraints_retained", "values_retained", "identifiers_retained")


def visible(scenario: Scenario) -> str:
    parts = [m.text for m in scenario.messages]
    parts += [c.arguments for m in scenario.messages for c in m.tool_calls]
    parts += [r.content for m in scenario.messages for r in m.tool_results]
    return "\n".join(parts)


async def test_evaluate_runs_every_method_and_metrics_are_shares() -> None:
    methods = all_methods()
    assert [m.name for m in methods] == METHODS
    assert all(isinstance(m, Method) for m in methods)
    scenarios = [ecommerce_scenario(), generate("en", 30, 1)]
    results = await evaluate(methods, scenarios, (0.25,))
    assert len(results) == len(scenarios) * len(methods)
    for r in results:
        assert isinstance(r, FidelityResult)
        for name in SHARES:
            assert 0.0 <= getattr(r, name) <= 1.0, (r.method, name)
        assert 0 <= r.superseded_as_current <= r.superseded_total
        assert r.budget == budget_for(r.tokens_raw, 0.25)
        assert r.tokens_sent > 0
    # Truncation keeps within the budget and never breaks a pair.
    for r in results:
        if r.method in ("recency", "langchain_trim"):
            assert r.tokens_sent <= r.budget
            assert r.pairs_valid
    rows = summarize(results)
    assert {(row["method"], row["budget_ratio"]) for row in rows} == {(m, 0.25) for m in METHODS}
    for row in rows:
        assert row["scenarios"] == len(scenarios)
        assert 0.0 <= row["tokens_saved"] <= 1.0
    json.dumps(rows)  # the report writes them as JSON


@settings(max_examples=25, deadline=None)
@given(budget=st.integers(min_value=200, max_value=20000))
async def test_recency_fits_any_budget_and_leaves_no_orphan(budget: int) -> None:
    history = generate("zh", 30, 0).messages
    out = await Recency(shared_counter()).run(history, budget)
    assert out.tokens <= budget
    assert unpaired(out.messages, allow_pending=False) == (set(), set())
    # It is a tail of the history: the newest message is kept whenever anything is.
    if out.messages:
        assert out.messages[-1] is history[-1]


@pytest.mark.parametrize(("lang", "turns", "seed"), [("zh", 30, 0), ("en", 120, 3)])
def test_scenario_truth_is_in_the_raw_history_and_deterministic(
    lang: str, turns: int, seed: int
) -> None:
    s = generate(lang, turns, seed)  # type: ignore[arg-type]
    text = visible(s)
    assert 30 <= sum(m.starts_turn for m in s.messages) == turns
    for v in [*s.current_values.values(), *s.active_constraints, *s.identifiers]:
        assert v in text, v
    current = set(s.current_values.values())
    for olds in s.superseded_values.values():
        assert olds and not set(olds) & current
    assert unpaired(s.messages, allow_pending=False) == (set(), set())
    again = generate(lang, turns, seed)  # type: ignore[arg-type]
    assert [m.text for m in again.messages] == [m.text for m in s.messages]


def test_old_value_under_a_state_header_counts_as_current_but_an_old_line_does_not() -> None:
    s = ecommerce_scenario()
    block = "[当前状态]\norder.recipient=李娜 [3轮前]\n[约束]\n- 不要显示价格 [1轮前]"
    assert state_values(block) == ["李娜"]
    wrong = score(s, MethodOutput([Message.system(block)], 10), budget_ratio=1, budget=1, raw=1)
    assert wrong.superseded_shown == ["recipient=李娜"]
    assert wrong.constraints_retained == 1.0
    archived = "[待更新项]\norder.recipient=张伟 [本轮]\n  旧值: 李娜 [9轮前]"
    right = score(s, MethodOutput([Message.system(archived)], 10), budget_ratio=1, budget=1, raw=1)
    assert right.superseded_as_current == 0
    assert "recipient=张伟" not in right.lost_values


def test_plain_text_with_only_the_old_value_counts_once_the_change_does_not() -> None:
    s = ecommerce_scenario()
    only_old = [Message.user("收货人是李娜")]
    r = score(s, MethodOutput(only_old, 5), budget_ratio=1, budget=1, raw=1)
    assert r.superseded_shown == ["recipient=李娜"]
    both = [Message.user("收货人是李娜"), Message.user("把收货人改成张伟")]
    assert score(s, MethodOutput(both, 5), budget_ratio=1, budget=1, raw=1).superseded_shown == []


def test_an_old_value_only_in_a_not_met_note_is_counted_apart_not_as_current() -> None:
    s = ecommerce_scenario()

    def scored(block: str) -> tuple[list[str], list[str]]:
        r = score(s, MethodOutput([Message.system(block)], 5), budget_ratio=1, budget=1, raw=1)
        return r.superseded_shown, r.superseded_in_notes

    # A table row and an instance line whose note labels 李娜 as asked and not met.
    row = "[当前状态]\norder(名称|recipient):\nA1|王五 (未满足的要求: 李娜)|x"
    assert scored(row) == ([], ["recipient=李娜"])
    line = "[当前状态]\norder[A1]: recipient=王五 (asked, not met: 李娜); phone=1 [3 turns ago]"
    assert scored(line) == ([], ["recipient=李娜"])
    # The same value outside a note still counts, and a note beside the current value is
    # no hit at all (the current value is seen).
    assert scored("[当前状态]\norder(名称|recipient):\nA1|李娜") == (["recipient=李娜"], [])
    assert scored("order[A1]: recipient=张伟 (未满足的要求: 李娜)") == ([], [])


def test_pairs_valid_flags_an_orphan_result() -> None:
    s = ecommerce_scenario()
    call = ToolCallPart(id="c1", name="f", arguments="{}")
    ok = [Message.assistant(None, tool_calls=[call]), Message.tool("c1", "x")]
    assert score(s, MethodOutput(ok, 1), budget_ratio=1, budget=1, raw=1).pairs_valid
    assert not score(s, MethodOutput(ok[1:], 1), budget_ratio=1, budget=1, raw=1).pairs_valid


@pytest.mark.skipif(not DATA.exists(), reason=f"CrossWOZ archive not found at {DATA}")
def test_crosswoz_truth_comes_from_the_dialogues() -> None:
    sessions = crosswoz_scenarios(20, group=10)
    assert len(sessions) == 2
    for s in sessions:
        text = visible(s)
        assert s.current_values and not s.active_constraints
        assert all(v in text for v in s.current_values.values())
        current = set(s.current_values.values())
        assert all(
            v in text and v not in current for vs in s.superseded_values.values() for v in vs
        )


def test_values_ceiling_fills_what_the_latest_message_leaves_cheapest_first() -> None:
    counter = shared_counter()
    last = Message.user("那就这样吧")
    values = {"a": "故宫", "b": "北京市东城区景山前街4号", "c": "故宫", "d": "010-85007938"}
    s = Scenario("t", "zh", [Message.user("x"), last], values, {}, [], [])
    costs = sorted(counter.count(v) + 1 for v in set(values.values()))
    base = counter.reply_overhead + counter.message(last)
    assert values_ceiling(s, base, counter) == 0
    # The cheapest value (故宫) counts for both keys that hold it.
    assert values_ceiling(s, base + costs[0], counter) == 2
    assert values_ceiling(s, base + sum(costs[:2]), counter) == 3
    assert values_ceiling(s, base + sum(costs), counter) == 4
    assert values_ceiling(s, 10_000, counter) == 4


def test_a_line_about_another_crosswoz_domain_is_not_the_old_value_of_this_one() -> None:
    s = Scenario(
        "cw",
        "zh",
        [Message.user("x")],
        {"1.2.餐馆.评分": "4分"},
        {"1.2.餐馆.评分": ["4.5分以上"]},
        [],
        [],
    )
    hotel = "[当前状态]\n酒店.评分=4.5分以上\n餐馆.评分=4分"
    out = score(s, MethodOutput([Message.system(hotel)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.superseded_shown == []
    same = "[当前状态]\n餐馆.评分=4.5分以上\n酒店.评分=4分"
    out = score(s, MethodOutput([Message.system(same)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.superseded_shown == ["1.2.餐馆.评分=4.5分以上"]


def test_instance_lines_are_read_value_by_value() -> None:
    block = (
        "[当前状态]\n餐馆.评分=4.8分 (用户要求: 5分) [本轮]\n"
        "餐馆[鼎泰丰]: 人均消费=100-150元; 电话=010-1111 [3轮前]\n  早先: 81732276"
    )
    from bench.fidelity import state_lines

    lines = state_lines(block)
    assert ("餐馆.评分", "4.8分") in lines
    assert ("餐馆[鼎泰丰].人均消费", "100-150元") in lines
    assert ("餐馆[鼎泰丰].电话", "010-1111") in lines
    assert not any(v == "81732276" or v == "5分" for _, v in lines)


def test_table_rows_are_read_cell_by_cell() -> None:
    block = (
        "[当前状态]\n餐馆: 名称=鼎泰丰; 电话=010-1111\n"
        '餐馆(名称|人均消费|电话|地址):\n南门涮肉|-|010-2222\n"云|景"|"-"|-|A路1号\n'
        "[约束]\n- 不要辣的 [3轮前]"
    )
    from bench.fidelity import state_lines

    lines = state_lines(block)
    assert ("餐馆.电话", "010-1111") in lines
    assert ("餐馆[南门涮肉].电话", "010-2222") in lines
    assert ("餐馆[云|景].人均消费", "-") in lines  # a quoted "-" is a value ...
    assert ("餐馆[云|景].地址", "A路1号") in lines
    assert not any(k.endswith(".人均消费") and k.startswith("餐馆[南门") for k, _ in lines)
    assert not any("不要辣的" in v for _, v in lines)  # ... the empty mark is not


def test_empty_cells_keep_the_columns_in_place() -> None:
    from bench.fidelity import state_lines

    block = (
        "[当前状态]\n餐馆(名称|人均消费|电话|地址):\n"
        '南门涮肉||010-2222\n聚宝源|||C路3号\n"云|景"|""|x'
    )
    lines = state_lines(block)
    assert ("餐馆[南门涮肉].电话", "010-2222") in lines
    assert ("餐馆[聚宝源].地址", "C路3号") in lines
    assert ("餐馆[云|景].人均消费", "") in lines  # a quoted "" is a value
    assert ("餐馆[云|景].电话", "x") in lines
    assert not any(k.startswith("餐馆[南门涮肉].人均") for k, _ in lines)


def test_a_current_row_is_read_as_the_entitys_current_values() -> None:
    from bench.fidelity import state_lines

    block = (
        "[当前状态]\n餐馆(名称|评分|人均消费):\n"
        "南门涮肉|4.7分 (用户要求: 4.5分以上)|50-100元 [当前]\n鼎泰丰|4分"
    )
    lines = state_lines(block)
    assert ("餐馆.名称", "南门涮肉") in lines
    assert ("餐馆.评分", "4.7分") in lines  # the fact, without the request beside it
    assert ("餐馆.人均消费", "50-100元") in lines  # the marker is not part of the value
    assert ("餐馆[鼎泰丰].评分", "4分") in lines


def test_an_old_value_stated_in_a_table_row_is_superseded_shown() -> None:
    s = Scenario(
        "t",
        "zh",
        [Message.user("x")],
        {"1.1.餐馆.人均消费": "100-150元"},
        {"1.1.餐馆.人均消费": ["50-100元"]},
        [],
        [],
    )
    row = "[当前状态]\n餐馆(名称|人均消费):\n鼎泰丰|50-100元\n餐馆: 人均消费=100-150元"
    out = score(s, MethodOutput([Message.system(row)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.superseded_shown == ["1.1.餐馆.人均消费=50-100元"]
    # The current value is seen too (an earlier place's), so only reading the current row as
    # a statement of the current value finds the old one shown.
    current = "[当前状态]\n餐馆(名称|人均消费):\n鼎泰丰|50-100元 [当前]\n南门|100-150元"
    out = score(s, MethodOutput([Message.system(current)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.superseded_shown == ["1.1.餐馆.人均消费=50-100元"]
    other = "[当前状态]\n酒店(名称|价格):\n云景|50-100元\n餐馆: 人均消费=100-150元"
    out = score(s, MethodOutput([Message.system(other)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.superseded_shown == []


def _result(scenario: str, total: int, lost: int, method: str = "ctxengine") -> FidelityResult:
    return FidelityResult(
        method=method,
        scenario=scenario,
        language="zh",
        budget_ratio=0.4,
        budget=1000,
        tokens_raw=2500,
        tokens_sent=900,
        constraints_retained=1.0,
        values_retained=1.0 - lost / total,
        superseded_as_current=0,
        identifiers_retained=1.0,
        pairs_valid=True,
        seconds=0.0,
        values_total=total,
        lost_values=[f"k{i}=v" for i in range(lost)],
    )


def test_splits_count_each_session_in_the_part_its_dialogues_lie_in() -> None:
    # Sessions of 100 dialogues: 0-99 .. 400-499; one method only counts.
    sessions = [
        Scenario(
            name=f"s{i}",
            language="zh",
            messages=[],
            current_values={},
            superseded_values={},
            active_constraints=[],
            identifiers=[],
        )
        for i in range(5)
    ]
    results = [_result(f"s{i}", 10, i) for i in range(5)]
    results.append(_result("s4", 10, 10, method="recency"))
    rows = {r["split"]: r for r in crosswoz_splits(results, sessions, group=100)}
    assert rows["tuned 0-299"]["sessions"] == 3
    assert rows["tuned 0-299"]["values_retained"] == pytest.approx(1 - 3 / 30)
    assert rows["tuned last 300-399"]["values_retained"] == pytest.approx(0.7)
    assert rows["held out 400-499"]["values_retained"] == pytest.approx(0.6)


def test_an_identifier_glued_to_other_characters_or_cut_short_is_altered() -> None:
    from bench.fidelity import altered, evidence_values

    link = "https://track.example.com/t/SF1234567"
    block = (
        "[证据]\n"
        f"- 链接: {link}查看 (助手) [3轮前]\n"
        "- path: /srv/out/report_07.csv. (assistant) [2 turns ago]\n"
        "- code: SF1234567 (assistant) [2 turns ago]\n"
        "- 订单号: ORD-2024 [1轮前]"
    )
    values = evidence_values(block)
    assert values == [f"{link}查看", "/srv/out/report_07.csv.", "SF1234567", "ORD-2024"]
    assert altered(link, values)  # glued: 查看
    assert altered("/srv/out/report_07.csv", values)  # glued: the full stop
    assert altered("ORD-20240901-7", values)  # cut inside a token
    # Exact, or standing apart from other text, or a different id: not altered.
    assert not altered("SF1234567", values)
    assert not altered("ORD-2024", ["ORD-2024", "单号 ORD-2024，谢谢"])
    assert not altered("ORD-20240901-7", ["ORD-20240901-7", "ORD"])


def test_score_counts_altered_identifiers_in_the_block_only() -> None:
    s = Scenario("t", "en", [Message.user("x")], {}, {}, [], ["A-778812"])
    block = "[Evidence]\n- order_id: A-778812X (assistant) [1 turn ago]"
    out = score(s, MethodOutput([Message.system(block)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.identifiers_altered == ["A-778812"]
    plain = "the id is A-778812X"  # a transcript's own text: not the block's value
    out = score(s, MethodOutput([Message.user(plain)], 5), budget_ratio=1, budget=1, raw=1)
    assert out.identifiers_altered == []


def test_evidence_values_read_compact_call_lines() -> None:
    """A block over its cap writes one call's arguments on a line; the identifiers-altered
    check reads each argument's value, quoted ones unquoted."""
    from bench.fidelity import altered, evidence_values

    text = '[Evidence]\n- call BookHotel: confirmation=CNF-77881; query="a=1; b=2"\n'
    assert evidence_values(text) == ["CNF-77881", "a=1; b=2"]
    assert altered("CNF-778812", evidence_values(text))  # cut short inside the call line
    assert evidence_values("[证据]\n- 调用 BookHotel: confirmation=CNF-77881\n") == ["CNF-77881"]
