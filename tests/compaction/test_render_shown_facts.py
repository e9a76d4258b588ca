"""Under a token cap, a table cell that the latest turns sent beside the block hold verbatim
leaves the block first (`shown_facts`): the model reads it there. Look-alikes that must not
leave: a short cell, a cell only part of which the turns hold, the row's name, anything when
the block fits or when no turn is passed."""

from __future__ import annotations

from ctxengine.compaction.render import (
    _SHOWN,
    BlockLine,
    RenderOptions,
    build_view,
    shown_facts,
    view_lines,
)
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

from ._turns import upd, user

COUNTER = TokenCounter()
NEAR = "太平洋海底世界博览馆, 中央广播电视塔, 中国人民革命军事博物馆"
REPLY = f"附近有{NEAR}。"


def visit(s: SessionState, turn: int, kind: str, name: str, **values: str) -> None:
    ups: list[SlotUpdate] = [upd("名称", name, entity=kind)]
    ups += [upd(slot, value, entity=kind) for slot, value in values.items()]
    s.apply(user(turn, updates=ups))


def places(**current: str) -> SessionState:
    """Two earlier restaurants, then the current one (its values settled: a later turn)."""
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "老宅院", 评分="4.5分", 人均消费="88元")
    visit(s, 2, "餐馆", "春风小馆", 评分="4分", 电话="010-2222")
    visit(s, 3, "餐馆", "好伦哥", **(current or {"评分": "5分", "周边景点": NEAR}))
    s.apply(user(4))
    return s


def tight(s: SessionState) -> int:
    """One token under the compact form, nothing shed."""
    full = s.render(4, "zh")
    compact = s.render(4, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    return COUNTER.count(compact) - 1


def render(s: SessionState, cap: int, shown: str) -> str:
    return s.render(4, "zh", max_tokens=cap, count=COUNTER.count, shown=shown)


def test_a_current_cell_the_latest_reply_holds_leaves_first() -> None:
    s = places()
    block = render(s, tight(s), REPLY)
    assert NEAR not in block
    # Nothing else had to go: every earlier place keeps its row, the current row its name.
    lines = block.split("\n")
    assert "好伦哥|5分 [当前]" in lines
    assert "春风小馆|4分|010-2222" in lines
    assert "老宅院|4.5分||88元" in lines


def test_without_the_turns_the_cell_stays_and_an_earlier_place_goes() -> None:
    s = places()
    block = render(s, tight(s), "")
    assert NEAR in block
    assert "春风小馆" not in block


def test_a_block_that_fits_writes_the_cell_all_the_same() -> None:
    s = places()
    full = s.render(4, "zh")
    assert render(s, COUNTER.count(full), REPLY) == full


def test_a_cell_only_part_of_which_the_turns_hold_stays() -> None:
    s = places()
    block = render(s, tight(s), "附近有太平洋海底世界博览馆, 中央广播电视塔。")
    assert NEAR in block


def test_a_short_cell_stays_though_the_turns_hold_it() -> None:
    s = places(评分="5分", 人均消费="88元")
    # "5分" is one or two tokens: in a turn it may be another place's rating, or a wish.
    block = render(s, tight(s), "哪个评分是5分？人均消费88元以内")
    assert "好伦哥|5分" in block


def test_the_row_keeps_its_name_when_the_turns_hold_it() -> None:
    s = places()
    block = render(s, tight(s), f"好伦哥附近有{NEAR}。")
    assert "好伦哥|5分 [当前]" in block.split("\n")
    assert NEAR not in block


def test_an_earlier_place_keeps_its_row_and_loses_the_cell() -> None:
    short_names = "北海公园、景山公园、什刹海、恭王府"  # a few tokens per item: no costly fact
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "老宅院", 评分="4.5分", 周边景点=short_names)
    visit(s, 2, "餐馆", "春风小馆", 评分="4分", 电话="010-2222")
    s.apply(user(3))
    full = s.render(3, "zh")
    compact = s.render(3, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    cap = COUNTER.count(compact) - 1
    block = s.render(3, "zh", max_tokens=cap, count=COUNTER.count, shown=f"附近有{short_names}")
    assert short_names not in block
    assert "老宅院|4.5分" in block.split("\n")
    # Without the turn, the oldest place leaves whole.
    assert "老宅院" not in s.render(3, "zh", max_tokens=cap, count=COUNTER.count)


def compact_lines(s: SessionState) -> list[BlockLine]:
    view = build_view(
        intents=s.intents,
        state=s.state,
        evidence=s.evidence,
        ledger=s.ledger,
        current_turn=4,
        language="zh",
        last_user_turn=4,
        options=RenderOptions(),
    )
    return view_lines(view, compact=True)


def test_the_split_cell_is_a_line_of_the_lowest_rank_right_after_its_row() -> None:
    lines = shown_facts(compact_lines(places()), REPLY, COUNTER.count, 4)
    i = next(i for i, line in enumerate(lines) if line.fact is not None)
    assert lines[i].rank == _SHOWN and lines[i].text == NEAR
    row = lines[i - 1].row
    assert row is not None and row.name == "好伦哥"
    assert all(line.rank >= _SHOWN for line in lines)


def test_no_turns_split_nothing() -> None:
    lines = compact_lines(places())
    assert shown_facts(lines, "", COUNTER.count, 4) is lines


def test_a_quoted_cell_is_matched_by_its_value() -> None:
    piped = "营业时间 10:00|22:00 全年无休"
    s = places(评分="5分", 营业时间=piped)
    lines = shown_facts(compact_lines(s), f"营业时间是{piped}。", COUNTER.count, 4)
    assert [line.fact[0] for line in lines if line.fact] == ["营业时间"]


def test_the_setting_reaches_the_block() -> None:
    config = CompactionConfig.from_settings(Settings(block_shown_fact_tokens=1000))
    assert config.render_options().shown_fact_tokens == 1000
    s = places()
    s.config = config
    assert NEAR in render(s, tight(s), REPLY)
