"""Under a token cap, a copy of the user's search criterion on an earlier place (``4.5分以上``
on every place found for "4.5分以上的餐馆") leaves before any place does; one copy stays,
on the row that leaves last. A fact the assistant gave stays with its own row."""

from __future__ import annotations

from ctxengine.compaction.layers import SlotValue
from ctxengine.compaction.render import ContextView, render_view
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()


def value(entity: str, slot: str, text: str, turn: int, *, wish: bool = False) -> SlotValue:
    """A slot value: the user's search criterion (`wish`) or a fact the assistant gave."""
    return SlotValue(
        key=f"{entity}.{slot}",
        entity=entity,
        slot=slot,
        value=text,
        turn=turn,
        source="user" if wish else "assistant",
        criterion=wish,
    )


PLACES = [  # newest first, as `ContextView.instances` holds them
    ("福满楼", "010-4444", "4.5分以上"),
    ("海棠居", "010-3333", "4.5分以上"),
    ("春风小馆", "010-2222", "4分以上"),
    ("老宅院", "010-1111", "4.5分以上"),
]


def view(*, wish: bool = True, current: str | None = None) -> ContextView:
    """Four earlier restaurants, each with its phone and what its search asked of the rating
    (`wish`; else a rating the assistant gave); `current`: the search now asks that too."""
    instances = []
    for age, (name, phone, rating) in enumerate(PLACES):
        entity, turn = f"餐馆[{name}]", 10 - age
        values = [
            value(entity, "电话", phone, turn),
            value(entity, "评分", rating, turn, wish=wish),
        ]
        instances.append((entity, turn, values))
    slots = [value("餐馆", "名称", "最后一家", 11)]
    if current is not None:
        slots.append(value("餐馆", "评分", current, 11, wish=True))
    return ContextView(current_turn=11, language="zh", slots=slots, instances=instances)


def compact_size(v: ContextView) -> int:
    """Tokens of the compact form, nothing shed."""
    full = render_view(v)
    compact = render_view(v, max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    return COUNTER.count(compact)


def without_copies(v: ContextView, copies: int) -> int:
    """The tokens of the compact form with `copies` cells ``|4.5分以上`` fewer: a cap that
    all those copies leaving meets."""
    full = render_view(v)
    compact = render_view(v, max_tokens=COUNTER.count(full) - 1, count=COUNTER.count)
    return COUNTER.count(compact.replace("|4.5分以上", "|", copies))


def rows(block: str) -> list[str]:
    return block.split("\n")


def test_repeated_criterion_copies_leave_before_any_place() -> None:
    v = view()
    assert render_view(v).count("4.5分以上") == 3
    block = render_view(v, max_tokens=without_copies(v, 2), count=COUNTER.count)
    # Every place keeps its row, its name and its own phone.
    for name, phone, _ in PLACES:
        assert any(r.startswith(f"{name}|{phone}") for r in rows(block)), block
    # The criterion is still written, once, on the newest place that holds it.
    assert block.count("4.5分以上") == 1
    assert "福满楼|010-4444|4.5分以上" in rows(block)
    # A criterion no other row repeats is no copy: it stays in its row.
    assert "春风小馆|010-2222|4分以上" in rows(block)


def test_with_room_every_copy_stays() -> None:
    v = view()
    block = render_view(v, max_tokens=compact_size(v), count=COUNTER.count)
    assert block.count("4.5分以上") == 3
    assert "老宅院|010-1111|4.5分以上" in rows(block)


def test_the_current_rows_copy_is_the_one_kept() -> None:
    v = view(current="4.5分以上")
    block = render_view(v, max_tokens=without_copies(v, 3), count=COUNTER.count)
    assert block.count("4.5分以上") == 1
    assert "|4.5分以上 [当前]" in block  # the current row, which never leaves
    for name, phone, _ in PLACES:
        assert any(r.startswith(f"{name}|{phone}") for r in rows(block)), block


def test_a_fact_the_assistant_gave_stays_with_its_row() -> None:
    # The same rating found for three places is each place's own fact: under the cap a
    # whole place leaves, no row loses its rating to another row's copy.
    v = view(wish=False)
    block = render_view(v, max_tokens=compact_size(v) - 1, count=COUNTER.count)
    kept = [r for r in rows(block) if r.startswith(tuple(n for n, _, _ in PLACES))]
    assert len(kept) < len(PLACES)
    for name, phone, rating in PLACES:
        row = f"{name}|{phone}|{rating}"
        assert row in kept or not any(r.startswith(name) for r in kept), block
