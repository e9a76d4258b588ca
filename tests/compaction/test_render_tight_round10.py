"""Under a tight token cap, a line counts as its facts only what no other line of the block
holds: a row that only repeats names the block writes elsewhere leaves before one holding
facts found nowhere else, and once a copy leaves, the copy left is a fact of its own."""

from __future__ import annotations

from ctxengine.compaction.layers import SlotValue
from ctxengine.compaction.render import HEADERS, ContextView, _join, render_view, view_lines
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()
Instance = tuple[str, int, list[SlotValue]]


def place(kind: str, name: str, turn: int, **facts: str) -> Instance:
    entity = f"{kind}[{name}]"
    values = [
        SlotValue(
            key=f"{entity}.{slot}",
            entity=entity,
            slot=slot,
            value=text,
            turn=turn,
            source="assistant",
        )
        for slot, text in facts.items()
    ]
    return (entity, turn, values)


def view(instances: list[Instance]) -> ContextView:
    current = SlotValue(
        key="餐馆.名称", entity="餐馆", slot="名称", value="今晚这家", turn=12, source="user"
    )
    return ContextView(current_turn=12, language="zh", slots=[current], instances=instances)


def compact_size(v: ContextView) -> int:
    return COUNTER.count(_join(view_lines(v, compact=True), HEADERS[v.language], v.name_slot))


def shed(v: ContextView, cap: int) -> str:
    return render_view(v, max_tokens=cap, count=COUNTER.count)


def test_a_list_of_places_the_block_already_holds_leaves_first() -> None:
    # The inn's neighbours each have a row of their own: its list repeats four names, and
    # the old ruin's row, though dearer per token, holds facts no other line does.
    v = view(
        [
            place("景点", "湖边小院", 9, 周边景点="北海, 景山, 故宫, 天坛"),
            place("景点", "北海", 8, 门票="10元"),
            place("景点", "景山", 7, 门票="2元"),
            place("景点", "故宫", 6, 门票="60元"),
            place("景点", "天坛", 5, 门票="15元"),
            place("景点", "老城墙遗址公园", 2, 游玩时间="1小时 - 2小时"),
        ]
    )
    block = shed(v, compact_size(v) - 1)
    assert "北海, 景山" not in block
    assert "老城墙遗址公园|" in block and "1小时 - 2小时" in block
    for name in ("北海|10元", "景山|2元", "故宫|60元", "天坛|15元"):
        assert name in block.split("\n")


def test_once_one_copy_of_a_list_leaves_the_other_copy_counts_as_its_own() -> None:
    # Two tea houses list the same three sights. Each alone repeats the other; once the
    # older one's list has left, the newer holds the only copy, worth more per token than
    # the ruin's one long address.
    v = view(
        [
            place("景点", "湖边小院", 9, 周边景点="甲湖, 乙山, 丙塔"),
            place("景点", "山脚茶舍", 8, 周边景点="甲湖, 乙山, 丙塔"),
            place("景点", "老城墙遗址", 2, 地址="北京市海淀区颐和园路5号院内"),
        ]
    )
    block = shed(v, compact_size(v) - 20)
    assert "湖边小院|甲湖, 乙山, 丙塔" in block.split("\n")
    assert "山脚茶舍" in block.split("\n") and "颐和园路" not in block


def test_a_repeated_fact_is_still_written_where_it_belongs() -> None:
    # Counting a repeat as no fact of its own only orders the shedding: with room for all,
    # every row keeps its cells, repeats included.
    v = view(
        [
            place("餐馆", "春风楼", 6, 评分="4.5分"),
            place("餐馆", "聚宝源", 4, 评分="4.5分"),
        ]
    )
    block = shed(v, compact_size(v))
    assert "春风楼|4.5分" in block.split("\n") and "聚宝源|4.5分" in block.split("\n")


def test_a_list_of_names_held_elsewhere_leaves_its_row_before_the_row_goes() -> None:
    # The guesthouse's neighbour list repeats two rows' names: cheap per name, but no name
    # of its own. Under a cap it goes on its own, and the guesthouse keeps its price.
    v = view(
        [
            place("酒店", "西山客栈", 9, 价格="380元", 周边景点="香山公园, 植物园"),
            place("景点", "香山公园", 8, 门票="10元"),
            place("景点", "植物园", 7, 门票="5元"),
            place("景点", "卧佛寺", 3, 门票="5元"),
        ]
    )
    block = shed(v, compact_size(v) - 1)
    assert "西山客栈|380元" in block.split("\n")
    assert "香山公园|10元" in block.split("\n") and "植物园|5元" in block.split("\n")
    assert "卧佛寺|5元" in block.split("\n")
