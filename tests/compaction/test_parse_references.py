"""References resolve through ParseContext to the most recent item of the kind they name."""

from __future__ import annotations

from ctxengine.compaction.parse import ParseContext, RecentItem, parse_history, parse_message
from ctxengine.compaction.references import extract_references
from ctxengine.messages import Message, ToolCallPart

CTX = ParseContext(
    recent=(
        RecentItem("chart:c1", "chart"),
        RecentItem("order_id:ORD1111111", "order_id"),
        RecentItem("chart:c2", "chart"),
        RecentItem("phone:138****1234", "phone"),
    ),
    last_tool_result="tool:get_report",
    last_format="EXCEL",
)


def resolved(text: str) -> list[tuple[str, str, str | None]]:
    return [(r.text, r.kind, r.resolved_to) for r in extract_references(text, CTX)]


def test_chinese_references_resolve() -> None:
    assert resolved("把刚才的图表颜色改成蓝色") == [("刚才的图表", "entity", "chart:c2")]
    assert resolved("按上次的格式导出") == [("上次的格式", "last_format", "EXCEL")]
    assert resolved("那个订单发货了吗") == [("那个订单", "entity", "order_id:ORD1111111")]
    assert resolved("还是上一个吧") == [("上一个", "last", "phone:138****1234")]
    assert resolved("之前的结果再看一下") == [("之前的结果", "last_result", "tool:get_report")]


def test_english_references_resolve() -> None:
    assert resolved("use the previous format") == [("the previous format", "last_format", "EXCEL")]
    assert resolved("what about that order?") == [("that order", "entity", "order_id:ORD1111111")]
    assert resolved("go with the last one") == [("the last one", "last", "phone:138****1234")]


def test_unresolvable_reference_is_kept_unresolved() -> None:
    refs = extract_references("刚才的航班呢", CTX)
    assert [(r.text, r.resolved_to) for r in refs] == [("刚才的航班", None)]
    assert extract_references("刚才的图表", None)[0].resolved_to is None


def test_parse_history_builds_context_from_earlier_turns() -> None:
    call = ToolCallPart(id="c1", name="get_order", arguments='{"user": "u1"}')
    msgs = [
        Message.user("查一下我的订单"),
        Message.assistant(None, tool_calls=[call]),
        Message.tool("c1", '{"order_id": "ORD20240615001", "total": 299.00}'),
        Message.assistant("订单ORD20240615001共¥299.00"),
        Message.user("那个订单改成顺丰发货"),
    ]
    parsed = parse_history(msgs)
    assert [p.turn for p in parsed] == [1, 1, 1, 1, 2]
    tool = parsed[2]
    assert {(e.field, e.value, e.source) for e in tool.evidence} >= {
        ("order_id", "ORD20240615001", "tool:get_order"),
        ("total", "299.00", "tool:get_order"),
    }
    (ref,) = parsed[4].references
    assert ref.text == "那个订单"
    assert ref.resolved_to == "order_id:ORD20240615001"


def test_parse_message_uses_context_for_references() -> None:
    parsed = parse_message(Message.user("按上次的格式"), turn=3, context=CTX)
    assert parsed.references[0].resolved_to == "EXCEL"
