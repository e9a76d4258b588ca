"""Long OpenAI-format histories with tool calls, in English and in Chinese."""

from __future__ import annotations

import json
from typing import Any


def tool_history(turns: int, lang: str = "en", result_chars: int = 3000) -> list[dict[str, Any]]:
    """A system prompt, then `turns` turns of: user asks, tool call, tool result, reply."""
    zh = lang == "zh"
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "你是物流助手。" if zh else "You are a logistics assistant."}
    ]
    for i in range(1, turns + 1):
        order = f"A{i:04d}"
        log = "".join(f"{k}:{k * 7919 % 10007};" for k in range(result_chars // 8))
        call_id = f"call_{i}"
        out += [
            {
                "role": "user",
                "content": f"第{i}轮：查一下订单 {order} 的物流"
                if zh
                else f"Turn {i}: where is {order}?",
            },
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "get_order", "arguments": json.dumps({"id": order})},
                    }
                ],
            },
            {
                "role": "tool",
                "tool_call_id": call_id,
                "content": json.dumps(
                    {"order": order, "status": "shipped", "log": log[:result_chars]}
                ),
            },
            {
                "role": "assistant",
                "content": f"订单 {order} 已发货。" if zh else f"Order {order} has shipped.",
            },
        ]
    return out
