"""The compact form's instance tables: one header per kind, one row per earlier instance, and
the kind's current entity as its first row."""

from __future__ import annotations

from ctxengine.compaction.render import cell
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import upd, user

COUNTER = TokenCounter()


def visit(s: SessionState, turn: int, kind: str, name: str, **values: str) -> None:
    """The user names a place of `kind` and the assistant's facts about it arrive."""
    ups: list[SlotUpdate] = [upd("名称", name, entity=kind)]
    ups += [upd(slot, value, entity=kind) for slot, value in values.items()]
    s.apply(user(turn, updates=ups))


def compact(s: SessionState, turn: int) -> str:
    """The block one token under its full size: the compact form, nothing shed yet."""
    full = s.render(turn, "zh")
    return s.render(turn, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)


def lines(block: str) -> list[str]:
    return block.split("\n")


def test_a_table_names_its_columns_once_and_marks_an_empty_cell() -> None:
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "鼎泰丰", 地址="A路1号", 电话="010-1111")
    visit(s, 2, "餐馆", "南门涮肉", 电话="010-2222")
    visit(s, 3, "餐馆", "聚宝源", 地址="C路3号")
    visit(s, 4, "餐馆", "最后一家")
    block = compact(s, 4)
    # Columns by how many rows fill them (ties: first seen, newest row first); an empty cell
    # inside a row is nothing between two separators, the empty cells at its end are left out.
    assert "餐馆(名称|地址|电话):" in lines(block)
    assert "聚宝源|C路3号" in lines(block)
    assert "南门涮肉||010-2222" in lines(block)
    assert "鼎泰丰|A路1号|010-1111" in lines(block)
    assert block.count("地址") == 1 and block.count("电话") == 1


def test_a_value_that_reads_as_a_separator_is_quoted_and_a_dash_is_a_value() -> None:
    s = SessionState(session_id="t")
    visit(s, 1, "酒店", "云|景酒店", 价格="-", 设施="wifi|停车")
    visit(s, 2, "酒店", "松风酒店")
    block = compact(s, 2)
    # "-" is no longer the empty mark (an empty cell is empty), so the value stays verbatim.
    assert '"云|景酒店"|-|"wifi|停车"' in lines(block)


def test_an_empty_value_is_quoted_so_it_does_not_read_as_an_empty_cell() -> None:
    assert cell("") == '""'
    assert cell("A路1号") == "A路1号"


def two_kinds() -> SessionState:
    """Restaurants and hotels visited in turn, two earlier ones of each kind; the rows of one
    kind cost alike per fact, so that shedding goes by age among them."""
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "鼎泰丰", 电话="010-1111")
    visit(s, 2, "酒店", "云景酒店", 价格="300元")
    visit(s, 3, "餐馆", "聚宝源", 电话="010-2222")
    visit(s, 4, "酒店", "松风酒店", 价格="400元")
    visit(s, 5, "餐馆", "最后一家")
    visit(s, 6, "酒店", "最后一家酒店")
    return s


def test_rows_are_grouped_by_kind_and_each_kind_has_one_header() -> None:
    s = two_kinds()
    block = compact(s, 6)
    ls = lines(block)
    # The kind touched most recently first; its rows most recent first, after the current
    # entity's row.
    i, j = ls.index("酒店(名称|价格):"), ls.index("餐馆(名称|电话):")
    assert i < j
    assert ls[i + 1 : i + 3] == ["松风酒店|400元", "云景酒店|300元"]
    assert ls[j + 1 : j + 4] == ["最后一家 [当前]", "聚宝源|010-2222", "鼎泰丰|010-1111"]
    assert block.count("餐馆(") == 1 and block.count("酒店(") == 1


def test_shedding_takes_the_oldest_instance_whatever_its_kind() -> None:
    s = two_kinds()
    full = compact(s, 6)
    shed = s.render(6, "zh", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    # 鼎泰丰 (turn 1) is the oldest, though its table comes last.
    assert "鼎泰丰" not in shed
    for row in ("聚宝源|010-2222", "松风酒店|400元", "云景酒店|300元"):
        assert row in lines(shed)


def test_a_column_only_a_shed_row_filled_leaves_the_header() -> None:
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "鼎泰丰", 地址="A路1号", 营业时间="10:00-22:00")
    visit(s, 2, "餐馆", "南门涮肉", 地址="B路2号")
    visit(s, 3, "餐馆", "最后一家")
    block = compact(s, 3)
    assert "餐馆(名称|地址|营业时间):" in lines(block)
    shed = s.render(3, "zh", max_tokens=COUNTER.count(block) - 1, count=COUNTER.count)
    assert "鼎泰丰" not in shed and "营业时间" not in shed
    assert "餐馆(名称|地址):\n南门涮肉|B路2号" in shed


def test_the_first_column_is_named_by_the_states_name_slot() -> None:
    s = SessionState(session_id="t")
    s.state.instance_slots = ["name"]
    for turn, name, phone in ((1, "Din Tai Fung", "555-0101"), (2, "Nopa", "555-0102")):
        ups = [upd("name", name, entity="restaurant"), upd("phone", phone, entity="restaurant")]
        s.apply(user(turn, lang="en", updates=ups))
    full = s.render(3, "en")
    block = s.render(3, "en", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    assert "restaurant(name|phone):\nDin Tai Fung|555-0101" in block


def test_the_table_costs_fewer_tokens_than_one_line_per_instance() -> None:
    s = SessionState(session_id="t")
    for i in range(8):
        visit(s, i + 1, "餐馆", f"第{i}号餐馆", 地址=f"某某街{i}号", 电话=f"010-{i:04d}")
    visit(s, 9, "餐馆", "最后一家")
    full = s.render(9, "zh")
    rows = [line for line in lines(full) if line.startswith("餐馆[")]
    tables = [line for line in lines(compact(s, 9)) if "号餐馆" in line or "餐馆(" in line]
    assert len(rows) == 8 and len(tables) == 9  # the same instances, one header more
    cost = COUNTER.count
    assert cost("\n".join(tables)) < cost("\n".join(r.rsplit(" [", 1)[0] for r in rows))


def current_and_earlier(language: str = "zh") -> SessionState:
    s = SessionState(session_id="t")
    visit(s, 1, "餐馆", "鼎泰丰", 电话="010-1111", 评分="4.5分")
    visit(s, 2, "餐馆", "南门涮肉", 电话="010-2222", 地址="B路2号", 评分="4分")
    s.apply(user(3))  # a turn later: no longer a pending update
    return s


def test_the_current_entity_is_the_first_row_of_its_kinds_table() -> None:
    s = current_and_earlier()
    full = s.render(3, "zh")
    assert "餐馆.电话=010-2222" in full  # uncapped: the current values one per line
    ls = lines(compact(s, 3))
    i = ls.index("餐馆(名称|电话|评分|地址):")
    # The slot names once, in the header; the current row first and marked.
    assert ls[i + 1 : i + 3] == ["南门涮肉|010-2222|4分|B路2号 [当前]", "鼎泰丰|010-1111|4.5分"]
    assert "餐馆: " not in "\n".join(ls)


def test_the_current_row_is_never_shed() -> None:
    s = current_and_earlier()
    tight = s.render(3, "zh", max_tokens=1, count=COUNTER.count)
    # Alone in its table, its columns in its own order.
    assert "南门涮肉|010-2222|B路2号|4分 [当前]" in lines(tight)
    assert "鼎泰丰" not in tight


def test_an_english_block_marks_the_current_row_in_english() -> None:
    s = current_and_earlier()
    full = s.render(3, "en")
    block = s.render(3, "en", max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    assert "南门涮肉|010-2222|4分|B路2号 [current]" in lines(block)


def test_a_current_entity_with_old_values_keeps_them_under_its_row() -> None:
    # Its old value's line (``旧值: 电话=…``) names its slot, not the entity: it follows the
    # entity's row, inside the table.
    s = current_and_earlier()
    s.apply(user(4, updates=[upd("电话", "010-3333", entity="餐馆")]))
    s.apply(user(5))
    ls = lines(compact(s, 5))
    i = ls.index("南门涮肉|010-3333|4分|B路2号 [当前]")
    assert ls[i + 1] == "  旧值: 电话=010-2222"
    assert not any(x.startswith("餐馆: ") for x in ls)


def test_a_kind_without_earlier_instances_keeps_its_line() -> None:
    s = SessionState(session_id="t")
    visit(s, 1, "酒店", "松风酒店", 价格="400元")
    visit(s, 2, "餐馆", "鼎泰丰", 电话="010-1111")
    visit(s, 3, "餐馆", "南门涮肉", 电话="010-2222")
    s.apply(user(4))
    ls = lines(compact(s, 4))
    assert "酒店: 名称=松风酒店; 价格=400元" in ls
    assert "南门涮肉|010-2222 [当前]" in ls
