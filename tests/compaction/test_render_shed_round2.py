"""Under a token cap, the compact form keeps the user's request beside an earlier place's fact
until the cap needs its tokens, the current intent leaves before any value does, and among
earlier places the ones that cost the most tokens per fact leave first."""

from __future__ import annotations

from ctxengine.compaction.layers import ArchivedValue, IntentRecord, SlotValue
from ctxengine.compaction.render import (
    HEADERS,
    ContextView,
    TableRow,
    _join,
    _with_cell,
    render_view,
    view_lines,
    view_text,
)
from ctxengine.compaction.schema import Language
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()
Instance = tuple[str, int, list[SlotValue]]  # as `ContextView.instances` holds one


def value(entity: str, slot: str, text: str, turn: int, requested: str | None = None) -> SlotValue:
    return SlotValue(
        key=f"{entity}.{slot}",
        entity=entity,
        slot=slot,
        value=text,
        turn=turn,
        source="assistant",
        requested=requested,
    )


def place(kind: str, name: str, turn: int, **facts: str | tuple[str, str]) -> Instance:
    """An earlier instance as `ContextView.instances` holds it; a fact given as a pair is
    (what was found, what the user asked for)."""
    entity = f"{kind}[{name}]"
    values: list[SlotValue] = []
    for slot, fact in facts.items():
        found, asked = fact if isinstance(fact, tuple) else (fact, None)
        values.append(value(entity, slot, found, turn, asked))
    return (entity, turn, values)


def view(
    instances: list[Instance], language: Language = "zh", intent: IntentRecord | None = None
) -> ContextView:
    current = value("餐馆", "名称", "今晚这家", 9)
    return ContextView(
        current_turn=9, language=language, slots=[current], instances=instances, intent=intent
    )


def compact_size(v: ContextView) -> int:
    return COUNTER.count(_join(view_lines(v, compact=True), HEADERS[v.language], v.name_slot))


def shed(v: ContextView, cap: int) -> str:
    return render_view(v, max_tokens=cap, count=COUNTER.count)


def asked_view(language: Language = "zh") -> ContextView:
    return view(
        [
            place("餐馆", "青石小馆", 5, 人均消费=("88元", "60-90元"), 评分="4.6分"),
            place("餐馆", "老槐树面馆", 3, 人均消费="35元", 电话="010-7777"),
        ],
        language,
    )


def test_the_request_beside_an_earlier_fact_stays_while_the_compact_form_fits() -> None:
    v = asked_view()
    cap = compact_size(v)
    assert COUNTER.count(view_text(v)) > cap  # the full form is over: compact it is
    block = shed(v, cap)
    assert "88元 (用户要求: 60-90元)" in block


def test_the_request_leaves_before_the_fact_it_stands_beside() -> None:
    v = asked_view()
    block = shed(v, compact_size(v) - 1)
    assert "60-90元" not in block
    assert "青石小馆|88元|4.6分" in block.split("\n")
    assert "老槐树面馆|35元||010-7777" in block.split("\n")


def test_an_english_block_splits_its_request_the_same_way() -> None:
    v = asked_view("en")
    assert "88元 (asked for: 60-90元)" in shed(v, compact_size(v))
    tighter = shed(v, compact_size(v) - 1)
    assert "asked for" not in tighter and "青石小馆|88元|4.6分" in tighter.split("\n")


def test_a_request_does_not_bring_back_a_costly_fact_that_left() -> None:
    address = "北京市海淀区中关村南大街甲十二号院五号楼西侧一层"
    v = view([place("餐馆", "青石小馆", 5, 地址=(address, "海淀区"), 评分="4.6分")])
    # One token short of the compact form: the request leaves first. Far shorter: the
    # address (a costly fact) leaves too, and its request must not bring it back.
    for cap in (compact_size(v) - 1, compact_size(v) - 10):
        block = shed(v, cap)
        assert "海淀区" not in block.replace(address, "")
    assert address not in shed(v, compact_size(v) - 10)
    assert "青石小馆" in shed(v, compact_size(v) - 10)


def test_the_current_intent_leaves_before_any_earlier_place() -> None:
    intent = IntentRecord(name="chitchat", turn=9, confidence=0.9)
    v = view([place("餐馆", "老槐树面馆", 3, 人均消费="35元")], intent=intent)
    full = _join(view_lines(v, compact=True), HEADERS["zh"])
    assert "[用户意图]" in full
    block = shed(v, compact_size(v) - 1)
    assert "[用户意图]" not in block and "闲聊" not in block
    assert "老槐树面馆|35元" in block.split("\n")


def test_a_row_costing_more_per_fact_leaves_before_an_older_cheap_one() -> None:
    # A long name and one fact: some ten tokens per fact, against four for the older row.
    v = view(
        [
            place("餐馆", "新开张的一家很长名字的餐厅分店", 7, 电话="010-3333"),
            place("餐馆", "老槐树面馆", 2, 人均消费="35元", 评分="4分"),
        ]
    )
    block = shed(v, compact_size(v) - 1)
    assert "新开张的一家很长名字的餐厅分店" not in block
    assert "老槐树面馆|35元|4分" in block.split("\n")


def test_rows_alike_in_cost_still_leave_oldest_first() -> None:
    v = view(
        [
            place("餐馆", "春风楼", 6, 电话="010-2222"),
            place("餐馆", "聚宝源", 4, 电话="010-2222"),
            place("餐馆", "鼎泰丰", 1, 电话="010-1111"),
        ]
    )
    block = shed(v, compact_size(v) - 1)
    assert "鼎泰丰" not in block
    assert "春风楼|010-2222" in block.split("\n") and "聚宝源|010-2222" in block.split("\n")


def test_putting_a_cell_back_leaves_the_other_cells_as_the_row_has_them() -> None:
    whole = TableRow("餐馆", "青石小馆", (("价", "88元 (用户要求: 60-90元)"), ("址", "A路")))
    row = TableRow("餐馆", "青石小馆", (("价", "88元"),))
    # The address comes back; the price keeps having lost its request.
    assert _with_cell(row, whole, "址").cells == (("价", "88元"), ("址", "A路"))


def test_under_the_cap_the_block_is_the_full_form() -> None:
    v = asked_view()
    full = view_text(v)
    assert shed(v, COUNTER.count(full)) == full
    assert "88元 (用户要求: 60-90元)" in full


def changed_view() -> ContextView:
    """The current restaurant's price changed (its old price still shown), with an earlier
    restaurant in the kind's table."""
    now = [
        value("餐馆", "名称", "今晚这家", 9),
        value("餐馆", "人均消费", "75元", 9),
    ]
    old = ArchivedValue(
        key="餐馆.人均消费", value="120元", set_turn=4, superseded_turn=9, replaced_by="75元"
    )
    return ContextView(
        current_turn=9,
        language="zh",
        slots=now,
        previous={"餐馆.人均消费": old},
        instances=[place("餐馆", "老槐树面馆", 3, 人均消费="35元")],
    )


def test_a_current_entity_with_an_old_value_is_its_tables_first_row() -> None:
    v = changed_view()
    block = shed(v, compact_size(v)).split("\n")
    # One header for the kind; the current row first, its old value indented under it
    # (naming its slot), then the earlier restaurant, in the same table.
    i = block.index("餐馆(名称|人均消费):")
    assert block[i + 1 : i + 4] == [
        "今晚这家|75元 [当前]",
        "  旧值: 人均消费=120元",
        "老槐树面馆|35元",
    ]
    assert not any(line.startswith("餐馆: ") for line in block)


def test_the_old_value_under_a_row_stays_under_it_when_rows_leave() -> None:
    v = changed_view()
    block = shed(v, compact_size(v) - 1).split("\n")
    assert "老槐树面馆|35元" not in block
    i = block.index("今晚这家|75元 [当前]")
    assert block[i + 1] == "  旧值: 人均消费=120元"


def test_a_line_shed_early_comes_back_into_the_room_a_large_one_left() -> None:
    long_row = place("餐馆", "城南一家名字特别特别长的老字号烤鸭店总店", 7, 电话="010-5555")
    v = view([place("餐馆", "小店", 8), long_row, place("餐馆", "老槐树面馆", 2, 评分="4分")])
    bare = COUNTER.count("小店") + 1
    # Too short by more than the bare name: it leaves first, then the costliest row; the
    # room that row leaves holds the bare name again.
    block = shed(v, compact_size(v) - bare - 2).split("\n")
    assert "城南一家名字特别特别长的老字号烤鸭店总店|010-5555" not in block
    assert "小店" in block and "老槐树面馆|4分" in block


def test_what_comes_back_never_takes_the_block_over_its_cap() -> None:
    v = asked_view()
    for cap in range(compact_size(v) - 40, compact_size(v)):
        assert COUNTER.count(shed(v, cap)) <= max(cap, COUNTER.count(shed(v, 1)))
