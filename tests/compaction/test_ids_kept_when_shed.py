"""The identifiers of a tool result survive it being shed.

- A field's value with a record code's shape ("CNT-004417" under the key "a", "MSKU7214539"
  under "container") is read as a code, and a code inside a note ("Inspection note
  INSP-SG-448120") is kept as a value of its own; timestamps, names with a number, dates,
  paths, links and addresses are not codes.
- The block's tool fields give half their room to record ids: an older report's ids stay
  beside the scores and dates of later results, and the field cap still holds.
- Under a token cap, a record id of a listing's row and a call that passed a record id outlast
  what the conversation stated in passing (dates, amounts), while a listing's plain fields and
  digits-only keys ("phone_number") still go first.
"""

from __future__ import annotations

import json

import pytest
from _review_harness import Step, block_of, compact, evidence_text

from ctxengine.compaction.layers import EvidenceItem
from ctxengine.compaction.patterns import json_evidence
from ctxengine.compaction.render import ContextView, record_id, render_view
from ctxengine.messages import TextPart


def _kinds(doc: object, source: str = "tool:t") -> dict[str, set[str]]:
    """value -> the kinds `json_evidence` reads it as."""
    out: dict[str, set[str]] = {}
    for e in json_evidence(json.dumps(doc, ensure_ascii=False), source) or []:
        out.setdefault(e.value, set()).add(e.kind)
    return out


# ---------------------------------------------------------------- codes by their shape


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("a", "CNT-004417"),
        ("container", "MSKU7214539"),
        ("txn", "T20270902-01233"),
        ("venue", "VEN-LX-0988"),
        ("hold", "HLD-5531-PT"),
        ("parcel", "SF1402938475"),
        ("ticket_of", "INC-20931"),
        ("master", "A1B2C3"),
    ],
)
def test_code_shaped_value_is_a_code(key: str, value: str) -> None:
    assert _kinds({key: value})[value] == {"code"}


@pytest.mark.parametrize(
    "value",
    [
        "2027-08-10T00:15:00Z",  # a timestamp
        "2027-09-08",  # a date
        "COVID-19",  # a name with a number
        "GPT-4",
        "EMEA",  # letters only
        "Maersk Eindhoven 433W",  # a name with a number in it
        "Room 4B",
        "408-555-1407",  # digits only
        "Held - customs inspection",
    ],
)
def test_not_a_code_by_shape(value: str) -> None:
    kinds = _kinds({"note": value})
    assert "code" not in kinds.get(value, set())
    assert all("code" not in k for k in kinds.values())


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Inspection note INSP-SG-448120", "INSP-SG-448120"),
        ("Held at SGSIN, see INSP-SG-448120 for details.", "INSP-SG-448120"),
        ("Container MSKU7214840 held", "MSKU7214840"),
        ("merged into CNT-004417", "CNT-004417"),
        ("refund RF-2027-00318 issued", "RF-2027-00318"),
        ("查验单号INSP-SG-448120，请留意", "INSP-SG-448120"),
        ("已受理，编号 DSP-CMB-660218", "DSP-CMB-660218"),
        ("(ref: BK-RP-771034)", "BK-RP-771034"),
    ],
)
def test_code_inside_a_note_is_kept(text: str, code: str) -> None:
    kinds = _kinds({"note": text})
    assert "code" in kinds[code]


@pytest.mark.parametrize(
    "text",
    [
        "Updated 2027-08-10T00:15:00Z by the port",  # a timestamp's piece is no code
        "see https://track.example/INSP448120 now",  # a link's path
        "mail OPS2027@carrier.example",  # an address
        "logs at /var/log/ABC123456/x.log",  # a path
        "COVID-19 rules apply",
        "Gate in at CNSHA",
        "Flight to Lisbon, gate 12",
        "version v1.2.3 deployed",
    ],
)
def test_no_code_inside_these_notes(text: str) -> None:
    kinds = _kinds({"note": text})
    assert not any("code" in k for v, k in kinds.items() if v != text)


def test_file_read_keeps_only_its_path() -> None:
    doc = {"path": "/srv/app/config.yaml", "content": "id: SVC-20931 owner INC-44120"}
    found = json_evidence(json.dumps(doc), "tool:read_file") or []
    assert [e.value for e in found] == ["/srv/app/config.yaml"]


# ---------------------------------------------------------------- which tool fields show


def _seen(steps: list[Step], share: float) -> str:
    ctx = compact(steps, share)
    return ctx.compacted_context + "".join(
        p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)
    )


def _report_then_lookups(n_rows: int) -> list[Step]:
    """A report of `n_rows` records, then two lookups whose results hold many plain fields."""
    rows = [{"rec": f"REC-{7100 + i}", "score": f"0.{90 - i}"} for i in range(n_rows)]
    steps: list[Step] = [
        ("u", "Pull the open tickets report."),
        ("call", "tickets_report", {"queue": "support"}, {"rows": rows}),
        ("a", f"{n_rows} open tickets."),
    ]
    for k in range(2):
        detail = {f"field_{j}": f"value {k}-{j}" for j in range(10)}
        steps += [
            ("u", f"Show me detail page {k}."),
            ("call", "ticket_detail", {"page": k}, detail),
            ("a", f"Detail page {k} shown."),
        ]
    steps.append(("u", "Which tickets are still open?"))
    return steps


@pytest.mark.parametrize("n_rows", [2, 3, 4, 5, 6])
def test_older_report_ids_shown_beside_later_fields(n_rows: int) -> None:
    text = block_of(_report_then_lookups(n_rows))
    for i in range(n_rows):
        assert f"REC-{7100 + i}" in text
    assert "value 1-" in text  # the latest result still shows


def test_tool_field_cap_still_holds_with_many_ids() -> None:
    text = block_of(_report_then_lookups(20))
    tool_lines = [line for line in evidence_text(text).splitlines() if "(tool:" in line]
    assert len(tool_lines) <= 12
    assert sum("REC-" in line for line in tool_lines) >= 6  # half the room is the ids'
    assert "value 1-" in text


# ---------------------------------------------------------------- what a tight block keeps


def _item(
    eid: str, kind: str, value: str, field: str | None, sources: list[str], turn: int
) -> EvidenceItem:
    return EvidenceItem(
        id=eid,
        kind=kind,
        value=value,
        field=field,
        sources=sources,
        first_seen=turn,
        last_seen=turn,
    )


def _count(text: str) -> int:
    return len(text.split())


def _stated_dates(n: int) -> list[EvidenceItem]:
    return [_item(f"d{i}", "date", f"May {10 + i}", None, ["user"], 7 - i) for i in range(n)]


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("code", "CNT-021446"),
        ("id", "TX-2027-0044"),
        ("code", "MSKU7214840"),
        ("id", "VEN-LX-0988"),
        ("order_id", "A14155B"),
        ("code", "T20270902-01240"),
    ],
)
def test_row_id_outlasts_stated_dates(kind: str, value: str) -> None:
    row = _item("r", kind, value, "rows[2].rec", ["tool:report"], 1)
    view = ContextView(current_turn=8, language="en", evidence=[*_stated_dates(4), row])
    # Compact, a date line is 4 words, the row 4, the header 1 (21): two lines must go.
    text = render_view(view, max_tokens=13, count=_count)
    assert value in text
    assert "May 10" in text
    assert "May 13" not in text


@pytest.mark.parametrize(
    ("kind", "value", "field"),
    [
        ("id", "408-555-1407", "rows[2].phone_number"),  # digits under an id key
        ("number", "0.86", "rows[2].score"),
        ("field", "Sophie Laurent", "rows[2].name"),
        ("email", "s.laurent@example.com", "rows[2].email"),
        ("id", "94107", "rows[2].zip_code"),
    ],
)
def test_row_plain_field_sheds_before_stated_dates(kind: str, value: str, field: str) -> None:
    row = _item("r", kind, value, field, ["tool:report"], 1)
    view = ContextView(current_turn=8, language="en", evidence=[*_stated_dates(3), row])
    text = render_view(view, max_tokens=13, count=_count)
    assert value not in text
    assert "May 10" in text


@pytest.mark.parametrize(
    ("field", "value", "keeps"),
    [
        ("txn_ids[0]", "T20270902-01233", True),
        ("venue_id", "VEN-LX-0988", True),
        ("master", "CNT-020015", True),
        ("booking_ref", "MAEU261884530", True),
        ("city", "Lisbon", False),
        ("guests", "220", False),
        ("menu", "vegetarian", False),
        ("phone_number", "408-555-1407", False),
    ],
)
def test_call_with_a_record_id_outlasts_stated_dates(field: str, value: str, keeps: bool) -> None:
    kind = "code" if keeps else ("id" if field == "phone_number" else "field")
    arg = _item("c", kind, value, field, ["call:act"], 1)
    view = ContextView(current_turn=8, language="en", evidence=[*_stated_dates(3), arg])
    text = render_view(view, max_tokens=11, count=_count)
    assert (value in text) is keeps
    assert "May 10" in text


def test_record_id_needs_letters_and_digits() -> None:
    def rid(kind: str, value: str) -> bool:
        return record_id(_item("x", kind, value, "f", ["tool:t"], 1))

    assert rid("code", "CNT-004417") and rid("id", "MRG-88120") and rid("ticket", "INC-20931")
    assert not rid("id", "408-555-1407") and not rid("id", "94107")
    assert not rid("number", "A1") and not rid("field", "CNT-004417")
    assert not rid("email", "ops1@x.example")


# ---------------------------------------------------------------- whole sessions, shed


def test_zh_report_ids_kept_when_shed() -> None:
    txns = [
        {"txn_id": "T20270901-00871", "amount": -38.0, "merchant": "美团外卖"},
        {"txn_id": "T20270902-01233", "amount": -2999.0, "merchant": "某数码专营店"},
        {"txn_id": "T20270902-01240", "amount": -2999.0, "merchant": "某数码专营店"},
    ]
    steps: list[Step] = [
        ("u", "看看最近一周有没有我不认识的交易。"),
        ("call", "card_txns", {"card_id": "CRD-88310", "days": 7}, {"txns": txns, "total": 3}),
        ("a", "近一周有三笔：美团外卖 38 元，某数码专营店两笔各 2999 元。"),
        ("u", "后两笔的交易号是什么？"),
    ]
    seen = _seen(steps, 0.6)
    for t in txns:
        assert str(t["txn_id"]) in seen


def test_inspection_reference_in_a_note_kept_when_shed() -> None:
    events = [
        {"ts": f"2027-03-{10 + i:02d}T08:00:00Z", "event": ev, "parcel": "SF1402938475"}
        for i, ev in enumerate(
            ["Picked up", "In transit", "In transit", "Arrived hub", "Customs hold", "Held"]
        )
    ]
    events.append(
        {
            "ts": "2027-03-16T09:00:00Z",
            "event": "Customs note CUS-HK-220917",
            "parcel": "SF1402938475",
        }
    )
    steps: list[Step] = [
        ("u", "Track parcel SF1402938475."),
        (
            "call",
            "track_parcel",
            {"parcel": "SF1402938475"},
            {"events": events, "waybill": "WB-88120-HK"},
        ),
        ("a", "The parcel is held by customs in Hong Kong."),
        ("u", "What's the customs reference and the waybill?"),
    ]
    seen = _seen(steps, 0.6)
    assert "CUS-HK-220917" in seen
    assert "WB-88120-HK" in seen


def test_shed_block_stays_within_budget() -> None:
    from _review_harness import build, raw_tokens

    from ctxengine.settings import Settings
    from ctxengine.tokens import TokenCounter

    steps = _report_then_lookups(8)
    ctx = compact(steps, 0.3)
    budget = max(256, int(raw_tokens(build(steps)) * 0.3))
    assert TokenCounter.from_settings(Settings()).messages(ctx.messages) <= budget


@pytest.mark.parametrize("path", ["rows[0].rec", "[2].id", "results[1].ref", "a[0].b[1].code"])
def test_replaced_row_id_sheds_before_stated_dates(path: str) -> None:
    # A search run again lists its own rows: the first run's id at the same path is replaced.
    old = _item("o", "code", "REC-7100", path, ["tool:search"], 1)
    new = _item("n", "code", "REC-7200", path, ["tool:search"], 3)
    view = ContextView(current_turn=8, language="en", evidence=[*_stated_dates(3), new, old])
    # Compact, each line is 4 words and the header 1 (21): two lines must go.
    text = render_view(view, max_tokens=13, count=_count)
    assert "REC-7200" in text
    assert "REC-7100" not in text
    assert "May 10" in text


def test_row_identifiers_only_unreplaced_tool_rows() -> None:
    from ctxengine.compaction.render import row_identifiers

    rows = [
        _item("a", "code", "CNT-011902", "pairs[2].a", ["tool:report"], 1),
        _item("b", "code", "CNT-004417", "pairs[0].a", ["tool:report"], 1),
        _item("c", "code", "CNT-004499", "pairs[0].a", ["tool:report"], 4),  # replaces b
        _item("d", "number", "0.86", "pairs[2].score", ["tool:report"], 1),
        _item("e", "id", "BK-1001", "booking_id", ["tool:book"], 2),  # no row: live's
        _item("f", "code", "CNT-020015", "pairs[1].b", ["tool:report", "call:merge"], 1),
        _item("g", "code", "CNT-007731", "pairs[1].a", ["tool:report", "assistant"], 1),
    ]
    assert row_identifiers(rows) == {"a", "c"}


@pytest.mark.parametrize(
    "args",
    [
        {"query": "status of refund RF-2027-00318"},
        {"message": "Your dispute DSP-CMB-660218 is open"},
        {"note": "Inspection note INSP-SG-448120"},
    ],
)
def test_call_argument_prose_is_read_whole(args: dict[str, str]) -> None:
    # A call's argument is the agent's own, shown whole under its name: no code read twice.
    found = json_evidence(json.dumps(args), "call:act") or []
    assert [e.value for e in found] == list(args.values())


def test_code_shaped_call_argument_is_a_code() -> None:
    found = json_evidence(json.dumps({"master": "CNT-020015"}), "call:crm_merge") or []
    assert [(e.kind, e.value) for e in found] == [("code", "CNT-020015")]
