"""The block under a token cap: what sheds first, what never sheds, and that it fits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.render import HEADERS
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import rule, upd, user

COUNTER = TokenCounter()


def busy_state(instances: int = 12) -> SessionState:
    """A restaurant chain of `instances` named instances, a rule, an order id, tool fields
    and stated amounts: every kind of line the cap ranks."""
    s = SessionState(session_id="cap")
    s.apply(
        user(
            1,
            updates=[upd("order_id", "A-778812", entity="order")],
            constraints=[rule("不要显示价格", "forbid", "价格")],
            evidence=[Evidence(kind="order_id", value="A-778812", source="user")],
        )
    )
    for i in range(instances):
        turn = i + 2
        s.apply(
            user(
                turn,
                updates=[
                    upd("名称", f"第{i}号餐馆", entity="餐馆"),
                    upd("地址", f"北京市东城区某某街{i}号", entity="餐馆"),
                ],
                # A few stated amounts (tool fields have a count cap of their own,
                # `render_max_evidence`).
                evidence=[Evidence(kind="amount", value=f"{100 + i}元", source="user")]
                if i < 4
                else [],
            )
        )
        s.apply(
            ParsedTurn(
                turn=turn,
                role="tool",
                language="zh",
                evidence=[
                    Evidence(kind="field", field=f"f{i}", value=f"tool-{i}", source="tool:x")
                ],
            )
        )
    return s


def lines(block: str) -> list[str]:
    return block.split("\n")


def test_no_cap_or_a_large_one_changes_nothing() -> None:
    s = busy_state()
    full = s.render(20, "zh")
    assert s.render(20, "zh", max_tokens=10_000, count=COUNTER.count) == full
    # Without a counter the cap cannot be measured: the full block is returned.
    assert s.render(20, "zh", max_tokens=10) == full


def test_shedding_order_tool_fields_then_stated_amounts_then_oldest_instances() -> None:
    s = busy_state()
    full = s.render(20, "zh")
    assert "- 字段.f11: tool-11 (工具:x) [7轮前]" in lines(full)
    assert "- 金额: 100元 [18轮前]" in lines(full)
    # One token under the full size: the compact form, which loses nothing.
    compact = s.render(20, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    n = COUNTER.count(compact)
    assert "tool-4" in compact and "第0号餐馆|北京市东城区某某街0号" in lines(compact)
    # Just under the compact size: the oldest tool field leaves, nothing else.
    a = s.render(20, "zh", max_tokens=n - 5, count=COUNTER.count)
    assert COUNTER.count(a) <= n - 5
    assert "tool-0" not in a and "tool-4" in a and "tool-11" in a
    assert "- 金额: 100元" in a and "第0号餐馆|北京市东城区某某街0号" in lines(a)
    # Just under the size without any tool field: they all left, then the oldest amount.
    no_tools = "\n".join(line for line in lines(compact) if "tool-" not in line)
    b = s.render(20, "zh", max_tokens=COUNTER.count(no_tools) - 3, count=COUNTER.count)
    assert "tool-" not in b and "- 金额: 100元" not in b and "- 金额: 103元" in b
    assert "第0号餐馆|北京市东城区某某街0号" in lines(b)
    # Half the size: the addresses (about ten tokens for one fact) leave before any place
    # (a name alone costs about five), the oldest first.
    c = s.render(20, "zh", max_tokens=n // 2, count=COUNTER.count)
    assert COUNTER.count(c) <= n // 2
    assert "北京市东城区某某街0号" not in c and "第0号餐馆" in lines(c)
    # A quarter of the size: the oldest instances leave before the newest.
    d = s.render(20, "zh", max_tokens=n // 4, count=COUNTER.count)
    assert COUNTER.count(d) <= n // 4
    assert "第0号餐馆" not in d and "第10号餐馆" in lines(d)


@settings(max_examples=40, deadline=None)
@given(cap=st.integers(min_value=0, max_value=900), instances=st.integers(0, 15))
def test_under_any_cap_what_matters_stays_and_the_rest_fits(cap: int, instances: int) -> None:
    s = busy_state(instances)
    block = s.render(20, "zh", max_tokens=cap, count=COUNTER.count)
    # Never shed: the rule, the current values and the stated identifier. (Over the cap the
    # compact form writes the rule without its time marker.)
    assert {"- 不要显示价格 [19轮前]", "- 不要显示价格"} & set(lines(block))
    assert "order_id=A-778812" in block
    if instances:
        assert f"名称=第{instances - 1}号餐馆" in block
        assert f"地址=北京市东城区某某街{instances - 1}号" in block
    # Either it fits, or only lines that may never leave are left.
    if COUNTER.count(block) > cap:
        assert "tool-" not in block and "元 " not in block and "餐馆(" not in block
    # Section headers only head non-empty sections.
    ls = lines(block)
    for i, line in enumerate(ls):
        if line in HEADERS["zh"].values():
            assert i + 1 < len(ls) and ls[i + 1] not in HEADERS["zh"].values()


def test_over_the_cap_the_compact_form_comes_before_any_shedding() -> None:
    s = busy_state(3)
    full = s.render(20, "zh")
    compact = s.render(20, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    # Every value is still there; one line per entity, no time markers on state lines.
    assert "餐馆: 名称=第2号餐馆; 地址=北京市东城区某某街2号" in lines(compact)
    assert "order: order_id=A-778812" in lines(compact)
    # The earlier instances: one table, the slot names written once.
    assert "餐馆(名称|地址):\n第1号餐馆|北京市东城区某某街1号\n第0号餐馆|北京市东城区某某街0号" in (
        compact
    )
    for value in ("tool-2", "- 金额: 100元"):
        assert value in compact
    assert COUNTER.count(compact) < COUNTER.count(full)


def test_the_compact_form_writes_verbatim_values_without_their_anchors() -> None:
    s = SessionState(session_id="anchors")
    s.apply(
        user(
            1,
            updates=[
                upd("名称", "云景酒店", entity="酒店"),
                upd("酒店设施", "无烟房", entity="酒店", enum="NON_SMOKING"),
            ],
        )
    )
    s.apply(user(2, updates=[upd("名称", "松风酒店", entity="酒店")]))
    s.apply(user(3, updates=[upd("颜色", "暗紫色", enum="DARK_PURPLE")]))
    full = s.render(3, "zh")
    assert "无烟房(NON_SMOKING)" in full and "暗紫色(DARK_PURPLE)" in full
    compact = s.render(3, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    # The anchors go, the verbatim values the conversation said stay.
    assert "酒店(名称|酒店设施):\n松风酒店 [当前]\n云景酒店|无烟房" in compact
    assert "order: 颜色=暗紫色" in lines(compact)
    assert "NON_SMOKING" not in compact and "DARK_PURPLE" not in compact


def test_an_instance_with_nothing_but_its_name_sheds_before_those_with_values() -> None:
    s = SessionState(session_id="bare")
    for i in range(3):
        s.apply(user(i + 1, updates=[upd("名称", f"第{i}号餐馆", entity="餐馆")]))
        s.apply(user(i + 1, updates=[upd("地址", f"某某街{i}号", entity="餐馆")]))
    # The newest earlier instance: a candidate named and passed over, no value of its own.
    s.apply(user(4, updates=[upd("名称", "路过的餐馆", entity="餐馆")]))
    s.apply(user(5, updates=[upd("名称", "最后的餐馆", entity="餐馆")]))
    full = s.render(5, "zh")
    compact = s.render(5, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    assert "路过的餐馆" in lines(compact)
    # One token under the compact form: one row goes, the bare one, though the newest.
    shed = s.render(5, "zh", max_tokens=COUNTER.count(compact) - 1, count=COUNTER.count)
    assert "路过的餐馆" not in shed
    for i in range(3):
        assert f"第{i}号餐馆|某某街{i}号" in lines(shed)
