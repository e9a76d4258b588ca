# ruff: noqa: E501  (conversation text is kept verbatim)
"""What a budgeted block keeps of tool results: an identifier a tool returned that no later
result replaced (a meeting link, the cart being ordered, a booking's id) outlasts what the
conversation stated in passing (an old reply's times and totals), and a replaced one does not;
within one turn's fields, over the field cap, identifiers are shown before plain fields."""

from __future__ import annotations

from _review_harness import Step, block_of, compact, section

from ctxengine.compaction.layers import EvidenceItem
from ctxengine.compaction.render import ContextView, live_identifiers, render_view


def _item(
    eid: str, kind: str, value: str, field: str | None, source: str, turn: int
) -> EvidenceItem:
    return EvidenceItem(
        id=eid,
        kind=kind,
        value=value,
        field=field,
        sources=[source],
        first_seen=turn,
        last_seen=turn,
    )


# ---------------------------------------------------------------- which identifiers are live


def test_live_identifiers_latest_of_a_field() -> None:
    old = _item("a", "id", "CART-1", "cart_id", "tool:build_cart", 2)
    new = _item("b", "id", "CART-2", "cart_id", "tool:build_cart", 5)
    link = _item("c", "url", "https://x.zoom.us/j/1", "zoom", "tool:book", 1)
    assert live_identifiers([new, old, link]) == {"b", "c"}


def test_live_identifiers_not_the_rows_of_a_listing() -> None:
    # Eight places found are candidates offered; a booking's own nested field is its own.
    rows = [
        _item(f"r{i}", "id", f"408-555-01{i}", f"[{i}].phone_number", "tool:find", 3)
        for i in range(3)
    ]
    nested = _item("n", "id", "HB-20270512", "booking.confirmation_no", "tool:book_hotel", 3)
    assert live_identifiers([*rows, nested]) == {"n"}


def test_live_identifiers_only_tool_identifiers() -> None:
    said = _item("s", "code", "LOOP-3391", None, "assistant", 4)
    call = _item("k", "id", "SH-77120", "shop_id", "call:build_cart", 4)
    total = _item("t", "amount", "59.0", "total", "tool:build_cart", 4)
    assert live_identifiers([said, call, total]) == set()


def test_replaced_value_of_another_kind_still_replaces() -> None:
    # A later result's field of the same name replaces, whatever kind its value was read as.
    old = _item("a", "url", "https://meet/1", "link", "tool:book", 1)
    new = _item("b", "field", "pending", "link", "tool:book", 3)
    assert live_identifiers([new, old]) == set()


# ---------------------------------------------------------------- shedding under a cap


def _view(evidence: list[EvidenceItem]) -> ContextView:
    return ContextView(current_turn=8, language="en", evidence=evidence)


def _count(text: str) -> int:
    return len(text.split())


def test_live_link_outlasts_old_reply_times() -> None:
    times = [_item(f"t{i}", "time", f"{9 + i}:30", None, "assistant", 7 - i) for i in range(6)]
    link = _item("z", "url", "https://acme.zoom.us/j/91827364510", "zoom", "tool:book_loop", 1)
    view = _view([*times, link])
    # Compact, each line is 4 words and the header 1: room for the link and two times.
    text = render_view(view, max_tokens=13, count=_count)
    assert "https://acme.zoom.us/j/91827364510" in text
    assert "9:30" in text and "10:30" in text  # the newest times stay while there is room
    assert "11:30" not in text  # the older went first


def test_replaced_cart_sheds_before_reply_totals() -> None:
    totals = [_item(f"m{i}", "amount", f"{100 + i} 元", None, "assistant", 6 - i) for i in range(3)]
    live = _item("n", "id", "CART-5511403", "cart_id", "tool:build_cart", 6)
    old = _item("o", "id", "CART-5510872", "cart_id", "tool:build_cart", 2)
    view = ContextView(current_turn=7, language="zh", evidence=[*totals, live, old])
    # Compact, a total is 5 words, a cart 4, the header 1 (24 in all): two lines must go.
    text = render_view(view, max_tokens=16, count=_count)
    assert "CART-5511403" in text
    assert "CART-5510872" not in text  # replaced: the first to go
    assert "100 元" in text
    assert "102 元" not in text  # the oldest reply's total before the live cart


# ---------------------------------------------------------------- whole sessions at 30%


def _session_zoom() -> list[Step]:
    return [
        (
            "u",
            "Book a dentist checkup for me next week, afternoons only. I'm Dana Whitfield, patient DW-44120.",
        ),
        (
            "call",
            "find_slots",
            {"clinic": "Smile Dental", "week": "2027-W21", "part": "afternoon"},
            {
                "slots": [
                    {"day": "Tue 2027-05-25", "start": "14:00", "dentist": "Dr. Okafor"},
                    {"day": "Wed 2027-05-26", "start": "13:30", "dentist": "Dr. Lind"},
                    {"day": "Thu 2027-05-27", "start": "15:30", "dentist": "Dr. Okafor"},
                ]
            },
        ),
        (
            "a",
            "Open: Tue May 25 14:00 with Dr. Okafor, Wed May 26 13:30 with Dr. Lind, Thu May 27 15:30 with Dr. Okafor.",
        ),
        ("u", "Tuesday works, Dr. Okafor please."),
        (
            "call",
            "book_visit",
            {
                "clinic": "Smile Dental",
                "patient": "DW-44120",
                "day": "2027-05-25",
                "start": "14:00",
            },
            {"checkin": "https://smiledental.example/checkin/8KX2PQ7", "end": "14:45", "room": "3"},
        ),
        (
            "a",
            "Booked Tue May 25 at 14:00 with Dr. Okafor, done by 14:45, room 3. Online check-in link sent.",
        ),
        ("u", "Actually make it 15:00, I have a call at 14:00 that might run long."),
        (
            "call",
            "move_visit",
            {"patient": "DW-44120", "day": "2027-05-25", "start": "15:00"},
            {"ok": True, "end": "15:45"},
        ),
        ("a", "Moved to 15:00 on Tue May 25, done by 15:45."),
        ("u", "Hmm, 16:00 would be even better, can you check?"),
        (
            "a",
            "16:00 is free on Tuesday, it would end at 16:45, but Dr. Okafor leaves at 16:30. Shall I keep 15:00?",
        ),
        ("u", "Keep 15:00. Does the cleaning cost extra?"),
        (
            "a",
            "The checkup is $95 and the cleaning adds $60, so $155 before insurance; with your plan you pay $31.",
        ),
        ("u", "Fine. What do I need to bring?"),
        (
            "a",
            "Your insurance card and a list of medications. Please arrive by 14:50 and park on level 2.",
        ),
        ("u", "Also move my husband's visit on May 27 from 15:30 to 16:15 if that's free."),
        ("a", "May 27 at 16:15 is free; his visit now runs 16:15-17:00 with Dr. Lind."),
        ("u", "Send me the check-in page again?"),
    ]


def _session_cart() -> list[Step]:
    return [
        ("u", "帮我订两杯咖啡，送到公司前台，徐汇区虹桥路 1 号 A 座。"),
        (
            "call",
            "build_cart",
            {"shop_id": "SH-30118", "items": [{"dish": "拿铁", "qty": 2}], "note": "少冰"},
            {"cart_id": "CART-7730115", "subtotal": 56.0, "delivery_fee": 4.0, "total": 60.0},
        ),
        ("a", "瑞幸拿铁两杯，小计 56 元，配送费 4 元，合计 60 元，预计 35 分钟。"),
        ("u", "换成美式吧，便宜点。"),
        ("a", "美式两杯是 44 元，配送费 4 元，合计 48 元。"),
        ("u", "那家太慢了，换一家，Manner 吧，还是两杯美式。"),
        (
            "call",
            "build_cart",
            {"shop_id": "SH-30562", "items": [{"dish": "美式", "qty": 2}], "note": "少冰"},
            {"cart_id": "CART-7730988", "subtotal": 30.0, "delivery_fee": 5.0, "total": 35.0},
        ),
        ("a", "Manner 美式两杯，30 元，加配送费 5 元，一共 35 元，大约 20 分钟。"),
        ("u", "加一块可颂。"),
        ("a", "可颂 18 元，加上后一共 53 元，满 50 可以用 5 元券，实付 48 元。"),
        ("u", "算了不要可颂，就咖啡。有没有别的券？"),
        ("a", "好的，还是 35 元。满 30 减 3 的券可以用，实付 32 元。"),
        ("u", "用吧。送到的时候打我电话。"),
        ("a", "好的，已用满 30 减 3，实付 32 元，送达前骑手会打电话。"),
        ("u", "顺便问下，昨天那单 28 元的退款到了没？"),
        ("a", "昨天的 28 元退款已原路退回，预计 1 到 3 个工作日到账。"),
        ("u", "好，下单。"),
    ]


def test_session_keeps_live_check_in_link() -> None:
    ctx = compact(_session_zoom(), 0.3)
    assert "https://smiledental.example/checkin/8KX2PQ7" in ctx.compacted_context


def test_zh_session_keeps_live_cart() -> None:
    ctx = compact(_session_cart(), 0.3)
    assert "CART-7730988" in ctx.compacted_context


# ---------------------------------------------------------------- the field cap of one turn


def test_identifiers_first_among_two_results_of_one_turn() -> None:
    people = [
        {"name": f"Person {i}", "team": "ops", "phone": f"+1 415 555 01{i:02d}", "desk": f"{i}F"}
        for i in range(4)
    ]
    rooms = [{"room": f"R{i}", "floor": i, "capacity": 8} for i in range(4)]
    steps: list[Step] = [
        ("u", "Who is on call and which rooms are free?"),
        ("call", "list_oncall", {"team": "ops"}, {"people": people}),
        ("call", "list_rooms", {"floor": "any"}, {"rooms": rooms}),
        ("u", "Call the last one."),
    ]
    evidence = "\n".join(section(block_of(steps), "evidence"))
    for i in range(4):
        assert f"+1 415 555 01{i:02d}" in evidence


def test_zh_identifiers_first_among_two_results_of_one_turn() -> None:
    rows = [
        {
            "供应商": f"供应商{i}",
            "账号": f"DE89 3704 0044 0532 0130 0{i}",
            "币种": "EUR",
            "备注": "月结",
        }
        for i in range(4)
    ]
    bank = [{"金额": -100.0 * i, "摘要": f"付款{i}", "渠道": "网银"} for i in range(4)]
    steps: list[Step] = [
        ("u", "核对一下三月的供应商付款。"),
        ("call", "read_sheet", {"file": "ledger.xlsx"}, {"rows": rows}),
        ("call", "read_bank", {"file": "bank.csv"}, {"rows": bank}),
        ("u", "第三家的账号是多少？"),
    ]
    text = block_of(steps)
    for i in range(4):
        assert f"DE89 3704 0044 0532 0130 0{i}" in text
