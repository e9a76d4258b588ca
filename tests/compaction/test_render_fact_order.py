"""Under a token cap, earlier places and their costly facts (an address, a list of long
names) leave in one order, what costs the most tokens per item first (`cost_order`): a row
dearer per item than an address leaves before it, and a row takes the facts split off it
along (`facts_by_row`)."""

from __future__ import annotations

from ctxengine.compaction.render import (
    _INSTANCE,
    BlockLine,
    RenderOptions,
    build_view,
    cost_order,
    facts_by_row,
    leaving,
    long_facts,
    view_lines,
)
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import SessionState
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from ._turns import upd, user

COUNTER = TokenCounter()
LONG = "北京市朝阳区三里屯太古里南区国际美食广场旗舰店"  # ~19 tokens
ADDRESS = "朝阳区建国路八十八号"  # ~9 tokens: over 7 per item
OTHER_ADDRESS = "朝阳区工体北路八号"  # ~9 tokens: cheaper per item than the long-named row
NAMES = "护国寺小吃店（护国寺总店）, 海碗居北京菜(增光路总店), 小吊梨汤(畅春园店)"  # ~12 per item


def visit(s: SessionState, turn: int, kind: str, name: str, **values: str) -> None:
    ups: list[SlotUpdate] = [upd("名称", name, entity=kind)]
    ups += [upd(slot, value, entity=kind) for slot, value in values.items()]
    s.apply(user(turn, updates=ups))


def places(long_address: bool = False) -> SessionState:
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "老宅院", 评分="4.5分", 地址=ADDRESS)
    long_values = {"评分": "4分", **({"地址": OTHER_ADDRESS} if long_address else {})}
    visit(s, 2, "餐馆", LONG, **long_values)
    visit(s, 3, "餐馆", "春风小馆", 评分="3分", 周边餐馆=NAMES)
    visit(s, 4, "餐馆", "好伦哥", 评分="5分")
    s.apply(user(5))
    return s


def render(s: SessionState, cap: int) -> str:
    return s.render(5, "zh", max_tokens=cap, count=COUNTER.count)


def compact_size(s: SessionState) -> int:
    full = s.render(5, "zh")
    return COUNTER.count(render(s, COUNTER.count(full) - 1))


def test_a_list_of_long_names_leaves_before_its_row() -> None:
    s = places()
    block = render(s, compact_size(s) - 1)
    assert NAMES not in block
    lines = block.split("\n")
    assert "春风小馆|3分" in lines
    assert f"{LONG}|4分" in lines and f"老宅院|4.5分|{ADDRESS}" in lines


def test_a_row_dearer_per_item_than_an_older_address_leaves_before_it() -> None:
    s = places()
    without_list = render(s, compact_size(s) - 1)
    block = render(s, COUNTER.count(without_list) - 1)
    assert LONG not in block
    # The oldest place keeps its address: one item at ~10 tokens, where the long-named
    # place cost ~12 per item (its name and its rating).
    assert f"老宅院|4.5分|{ADDRESS}" in block.split("\n")
    assert "春风小馆|3分" in block.split("\n")


def test_a_row_that_leaves_takes_its_costly_fact_along() -> None:
    s = places(long_address=True)
    floor = COUNTER.count(render(s, 1))
    gone_at = []
    for cap in range(compact_size(s) - 1, floor, -1):
        block = render(s, cap)
        assert COUNTER.count(block) <= cap
        if LONG not in block:
            gone_at.append(cap)
            # Its address is never written without its row (nor counted as if it were).
            assert OTHER_ADDRESS not in block
    assert gone_at  # the long-named row did leave at some cap


def test_once_the_dear_lines_are_gone_the_cheap_rows_go_oldest_first() -> None:
    s = places()
    shed = render(s, 40)
    assert "老宅院" in shed and "春风小馆" in shed
    tighter = render(s, COUNTER.count(shed) - 1)
    assert "春风小馆|3分" in tighter.split("\n")
    assert ADDRESS not in tighter


def ordered_lines(s: SessionState) -> list[BlockLine]:
    view = build_view(
        intents=s.intents,
        state=s.state,
        evidence=s.evidence,
        ledger=s.ledger,
        current_turn=5,
        language="zh",
        last_user_turn=5,
        options=RenderOptions(),
    )
    lines = view_lines(view, compact=True)
    return cost_order(long_facts(lines, COUNTER.count, 7), COUNTER.count)


def test_split_facts_share_the_rank_of_the_rows() -> None:
    lines = ordered_lines(places())
    facts = [line for line in lines if line.fact is not None]
    assert {slot for line in facts if line.fact for slot, _, _ in [line.fact]} == {
        "地址",
        "周边餐馆",
    }
    assert all(line.rank == _INSTANCE for line in facts)


def test_facts_by_row_maps_each_row_to_the_facts_right_after_it() -> None:
    lines = ordered_lines(places())
    named: dict[str, list[str]] = {}
    for r, facts in facts_by_row(lines).items():
        row = lines[r].row
        assert row is not None and lines[r].fact is None
        for i in facts:
            whole = lines[i].fact
            assert whole is not None and whole[2].name == row.name
            named.setdefault(row.name, []).append(whole[0])
    assert named == {"老宅院": ["地址"], "春风小馆": ["周边餐馆"]}


def test_the_default_limit_is_what_a_short_row_costs_per_item() -> None:
    assert Settings().block_long_fact_tokens == RenderOptions().long_fact_tokens == 7


def test_a_row_leaving_frees_its_facts_not_yet_gone() -> None:
    facts = {3: [4, 5]}
    assert leaving(3, facts, set()) == [3, 4, 5]
    assert leaving(3, facts, {4}) == [3, 5]
    # A fact that already left with its row leaves nothing more; one alone leaves alone.
    assert leaving(4, facts, {3, 4, 5}) == []
    assert leaving(5, facts, set()) == [5]
    assert leaving(7, facts, set()) == [7]
