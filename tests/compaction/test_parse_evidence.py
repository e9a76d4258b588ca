"""Exact values are found and kept verbatim; plain words are not mistaken for identifiers."""

from __future__ import annotations

import itertools
import json

import pytest

from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.compaction.patterns import find_spans, json_evidence
from ctxengine.messages import Message


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("帮我查今天10点起飞的航班，筛选国航CA1501", "flight", "CA1501"),
        ("改签到MU5137", "flight", "MU5137"),
        ("优惠券码是IP15PRO2024", "coupon", "IP15PRO2024"),
        ("订单号是ORD20240615001", "order_id", "ORD20240615001"),
        ("工单号: T-99812", "ticket", "T-99812"),
        ("电话换138****1234", "phone", "138****1234"),
        ("call +1 415-555-0100 please", "phone", "+1 415-555-0100"),
        ("电话是010-85007938", "phone", "010-85007938"),
        ("我的手机13812345678", "phone", "13812345678"),
        ("my email is john.doe@example.com.", "email", "john.doe@example.com"),
        ("see https://example.com/a/b?x=1.", "url", "https://example.com/a/b?x=1"),
        ("金额¥299.00", "amount", "¥299.00"),
        ("budget $1,200 total", "amount", "$1,200"),
        ("一共299元", "amount", "299元"),
        ("pay 200 USD", "amount", "200 USD"),
        ("on 2024-06-15 at noon", "date", "2024-06-15"),
        ("6月15日出发", "date", "6月15日"),
        ("leaving June 15, 2024 early", "date", "June 15, 2024"),
        ("move it to next Friday", "date", "next Friday"),
        ("meet at 14:30", "time", "14:30"),
        ("营业时间 10:00-22:00", "time", "10:00-22:00"),
        ("打开/etc/app.yaml看看", "path", "/etc/app.yaml"),
        ("load C:\\data\\x.csv now", "path", "C:\\data\\x.csv"),
        ("edit src/app.py", "path", "src/app.py"),
        ("call os.path.join() here", "code", "os.path.join()"),
        ("rename get_user_name", "code", "get_user_name"),
        ("the parseJson helper", "code", "parseJson"),
    ],
)
def test_exact_values_are_found_verbatim(text: str, kind: str, value: str) -> None:
    found = [(s.kind, s.value) for s in find_spans(text)]
    assert (kind, value) in found


@pytest.mark.parametrize(
    "text",
    [
        "I want an iPhone 15 Pro with the new camera",
        "The Q3 report is due, e.g. this and/or that.",
        "hello World, The USA is big",
        "这个景点的周边还有哪些别的景点啊",
        "Please make it blue and friendly",
    ],
)
def test_plain_words_are_not_identifiers(text: str) -> None:
    assert find_spans(text) == []


def test_spans_do_not_overlap_and_url_swallows_its_path() -> None:
    spans = find_spans("docs at https://example.com/etc/app.yaml and /etc/app.yaml")
    assert [(s.kind, s.value) for s in spans] == [
        ("url", "https://example.com/etc/app.yaml"),
        ("path", "/etc/app.yaml"),
    ]
    for a, b in itertools.pairwise(spans):
        assert a.end <= b.start


def test_tool_result_json_fields_keep_source_text_and_path() -> None:
    content = json.dumps(
        {"order": {"id": "A123", "items": [{"sku": "X-1", "qty": 2}], "ok": True}}
    ).replace('"qty": 2', '"qty": 2, "total": 299.00')
    ev = json_evidence(content, "tool:get_order")
    assert ev is not None
    by_field = {e.field: (e.kind, e.value) for e in ev}
    assert by_field["order.id"] == ("id", "A123")
    assert by_field["order.items[0].sku"] == ("id", "X-1")
    # 299.00 stays "299.00": the number is the source text, not a re-printed float.
    assert by_field["order.items[0].total"] == ("amount", "299.00")
    assert "order.ok" not in by_field  # booleans are not values to quote
    assert all(e.source == "tool:get_order" for e in ev)


def test_escaped_json_strings_are_skipped_because_not_verbatim() -> None:
    ev = json_evidence('{"name": "\\u5f20\\u4f1f", "code": "AB12"}', "tool:t")
    assert ev is not None
    assert [e.value for e in ev] == ["AB12"]


def test_non_json_tool_result_falls_back_to_text_patterns() -> None:
    assert json_evidence("order ORD1234567 shipped", "tool:t") is None
    msg = Message.tool("c1", "航班 CA1501 已出票")
    parsed = parse_message(msg, turn=2, context=ParseContext(tool_name="book_flight"))
    assert parsed.role == "tool"
    assert [(e.kind, e.value, e.source) for e in parsed.evidence] == [
        ("flight", "CA1501", "tool:book_flight")
    ]


def test_a_json_string_that_is_a_sentence_is_prose_not_evidence() -> None:
    content = (
        '{"q": "Show me the open tickets.", "q_zh": "查一下仓库的日志。", '
        '"status": "In transit", "version": "2.10.4", "ask": "why?", "agent": "Mr. Lee"}'
    )
    found = {e.field: e.value for e in json_evidence(content, "call:search") or []}
    assert "q" not in found and "q_zh" not in found
    assert found == {
        "status": "In transit",
        "version": "2.10.4",
        "ask": "why?",
        "agent": "Mr. Lee",
    }


def test_a_full_stop_after_a_path_is_not_part_of_it() -> None:
    spans = find_spans("The report is at /srv/reports/weekly_07.csv. Tell me when done.")
    assert [(s.kind, s.value) for s in spans if s.kind == "path"] == [
        ("path", "/srv/reports/weekly_07.csv")
    ]
    assert [s.value for s in find_spans("放在/opt/app/config.yaml。") if s.kind == "path"] == [
        "/opt/app/config.yaml"
    ]


def test_a_full_stop_after_pm_ends_the_sentence_but_p_m_keeps_its_dots() -> None:
    def times(text: str) -> list[str]:
        return [s.value for s in find_spans(text) if s.kind == "time"]

    assert times("The table is booked at 8 pm. Anything else?") == ["8 pm"]
    assert times("Check-in opens at 3:30 PM.") == ["3:30 PM"]
    assert times("Doors open at 7 p.m. sharp") == ["7 p.m."]


def test_a_latin_name_with_its_branch_is_not_a_call() -> None:
    def code(text: str) -> list[str]:
        return [s.value for s in find_spans(text) if s.kind == "code"]

    assert code("我们去Green Table(国贸店)吃饭吧") == []
    assert code("then call retry(key, 3) twice") == ["retry(key, 3)"]
    assert code('日志里是 print("完成") 这一行') == ['print("完成")']
