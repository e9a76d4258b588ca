"""Under a token cap, a costly single fact of an earlier place (an address, opening hours)
leaves before whole places do; lists of neighbours and short facts stay with their row."""

from __future__ import annotations

from ctxengine.compaction.render import (
    HEADERS,
    BlockLine,
    RenderOptions,
    _join,
    build_view,
    long_facts,
    view_lines,
)
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import upd, user

COUNTER = TokenCounter()
ADDRESS = "北京市朝阳区望京东路甲十八号院三号楼二层东侧"  # far over 10 tokens, one item


def visit(s: SessionState, turn: int, kind: str, name: str, **values: str) -> None:
    ups: list[SlotUpdate] = [upd("名称", name, entity=kind)]
    ups += [upd(slot, value, entity=kind) for slot, value in values.items()]
    s.apply(user(turn, updates=ups))


def places() -> SessionState:
    """Four earlier restaurants, the oldest with a long address, then the current one."""
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "老宅院", 地址=ADDRESS, 评分="4.5分")
    visit(s, 2, "餐馆", "春风小馆", 评分="4分", 电话="010-2222")
    visit(s, 3, "餐馆", "海棠居", 评分="5分", 周边景点="北海公园、景山公园、什刹海、恭王府")
    visit(s, 4, "餐馆", "福满楼", 评分="3.5分")
    visit(s, 5, "餐馆", "最后一家")
    return s


def compact_size(s: SessionState, turn: int) -> int:
    """Tokens of the compact form, nothing shed (one token under the full block's size)."""
    full = s.render(turn, "zh")
    return COUNTER.count(
        s.render(turn, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    )


def compact_lines(s: SessionState) -> list[BlockLine]:
    """The compact form's lines of `places()` at turn 5, nothing split off or shed."""
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
    return view_lines(view, compact=True)


def test_an_old_address_leaves_before_any_place() -> None:
    s = places()
    shed = s.render(5, "zh", max_tokens=compact_size(s, 5) - 1, count=COUNTER.count)
    assert ADDRESS not in shed
    # Every place keeps its row, the oldest too (its name and its rating).
    for row in ("老宅院|4.5分", "春风小馆|4分||010-2222", "福满楼|3.5分"):
        assert row in shed.split("\n")
    assert "海棠居" in shed


def test_with_room_the_address_stays_in_its_row() -> None:
    s = places()
    block = s.render(5, "zh", max_tokens=compact_size(s, 5), count=COUNTER.count)
    assert f"老宅院|4.5分|||{ADDRESS}" in block.split("\n")


def test_a_list_of_neighbours_is_not_a_costly_fact() -> None:
    s = places()
    shed = s.render(5, "zh", max_tokens=compact_size(s, 5) - 1, count=COUNTER.count)
    # Four names at a few tokens each: every item a fact, none costly.
    assert "北海公园、景山公园、什刹海、恭王府" in shed


def test_places_go_oldest_first_once_the_costly_facts_are_gone() -> None:
    s = places()
    without_address = s.render(5, "zh", max_tokens=compact_size(s, 5) - 1, count=COUNTER.count)
    tighter = s.render(5, "zh", max_tokens=COUNTER.count(without_address) - 1, count=COUNTER.count)
    assert "老宅院" not in tighter
    assert "春风小馆|4分||010-2222" in tighter.split("\n")


def test_splitting_off_facts_changes_no_text_while_every_line_stays() -> None:
    s = places()
    lines = compact_lines(s)
    split = long_facts(lines, COUNTER.count, limit=10)
    assert len(split) == len(lines) + 1  # the address alone became a line of its own
    assert _join(split, HEADERS["zh"]) == _join(lines, HEADERS["zh"])


def test_the_limit_is_per_item() -> None:
    s = places()
    lines = compact_lines(s)
    # At 2 tokens per item even the list of four neighbours is costly.
    facts = [line.fact[0] for line in long_facts(lines, COUNTER.count, limit=2) if line.fact]
    assert "周边景点" in facts and "地址" in facts


def test_the_setting_reaches_the_block() -> None:
    from ctxengine.compaction.state import CompactionConfig
    from ctxengine.settings import Settings

    loose = CompactionConfig.from_settings(Settings(block_long_fact_tokens=1000))
    assert loose.render_options().long_fact_tokens == 1000
    s = places()
    s.config = loose
    shed = s.render(5, "zh", max_tokens=compact_size(s, 5) - 1, count=COUNTER.count)
    # No fact is costly at 1000 tokens per item: the oldest place leaves whole instead.
    assert "老宅院" not in shed
