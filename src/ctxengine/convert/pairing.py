"""Tool-call pairing: every tool result must answer a call issued earlier."""

from __future__ import annotations

from ctxengine.convert.errors import at
from ctxengine.messages import Message


def validate_pairing(messages: list[Message]) -> None:
    """Check that each tool result answers a tool call of an earlier assistant message.

    A call without a result is fine: the agent may be in the middle of a turn.

    Raises:
        InputError: ``message N: tool result for call 'X' has no matching tool call``.
    """
    issued: set[str] = set()
    for i, msg in enumerate(messages):
        for result in msg.tool_results:
            if result.call_id not in issued:
                raise at(i, f"tool result for call {result.call_id!r} has no matching tool call")
        if msg.role == "assistant":
            issued.update(call.id for call in msg.tool_calls)
