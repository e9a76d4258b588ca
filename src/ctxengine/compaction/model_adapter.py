"""The model path's JSONModel over any OpenAI-compatible endpoint (ctxengine.llm.ChatClient).

Any failure (transport, provider error, an answer that is not JSON) becomes a
`ModelParseError`, which the parser answers by keeping the rule reading: a parse never blocks
or fails a turn.
"""

from __future__ import annotations

import json
from typing import Any

from ctxengine.compaction.parse_model import ModelParseError
from ctxengine.errors import ProviderError
from ctxengine.llm import ChatClient


class ChatJSONModel:
    """Structured output through `response_format` json_schema."""

    def __init__(self, client: ChatClient, *, max_tokens: int = 800) -> None:
        self.client = client
        self.max_tokens = max_tokens

    async def complete_json(self, system: str, user: str, schema: dict[str, Any]) -> dict[str, Any]:
        fmt = {
            "type": "json_schema",
            "json_schema": {"name": "parsed_turn", "schema": schema, "strict": False},
        }
        try:
            result = await self.client.complete(
                [{"role": "system", "content": system}, {"role": "user", "content": user}],
                max_tokens=self.max_tokens,
                response_format=fmt,
            )
        except ProviderError as exc:
            raise ModelParseError(f"model call failed: {exc}") from None
        try:
            data = json.loads(result.text)
        except json.JSONDecodeError as exc:
            raise ModelParseError(f"model answer is not JSON (at column {exc.colno})") from None
        if not isinstance(data, dict):
            raise ModelParseError("model answer is not a JSON object")
        return data
