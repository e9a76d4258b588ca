"""The agent loop: model call, tool calls, tool results, up to `agent_max_steps` per turn.

Before every decision step the session builds the context (stages 1-3). When the provider
answers with a context overflow, stage 4 runs and the call is retried once; a second overflow
clears the context (history stays) and the user is told so plainly.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ctxengine.commands import handle_command
from ctxengine.convert import from_openai
from ctxengine.engine import Context, ContextOverflowUnrecoverable, Session
from ctxengine.errors import ContextOverflowError
from ctxengine.llm import ChatClient, ChatResult
from ctxengine.messages import Message

log = logging.getLogger("ctxengine.agent")

ToolFn = Callable[[dict[str, Any]], Awaitable[str]]


@dataclass
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    fn: ToolFn

    def schema(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }


@dataclass
class TurnResult:
    """One turn's outcome: the reply, the model calls made, what the user must be told."""

    reply: str
    steps: int
    notices: list[str] = field(default_factory=list)
    overflow_recoveries: int = 0


def _memory_tools(session: Session) -> list[Tool]:
    from ctxengine.memory.tools import MEMORY_TOOL_SCHEMAS

    bound = session.engine.memory.tools(session.key.user_id)
    out: list[Tool] = []
    for schema in MEMORY_TOOL_SCHEMAS:
        fn = schema["function"]
        name = str(fn["name"])

        async def call(args: dict[str, Any], _name: str = name) -> str:
            return await bound.call_memory_tool(_name, json.dumps(args, ensure_ascii=False))

        out.append(Tool(name, str(fn.get("description", "")), dict(fn["parameters"]), call))
    return out


class Agent:
    """Runs turns of one session against one model, with tools.

    Args:
        session: The session whose context every model call is built from.
        client: The model.
        tools: Tools the model may call; their results are added to the session.
    """

    def __init__(
        self,
        session: Session,
        client: ChatClient,
        tools: list[Tool] | None = None,
        *,
        memory_tools: bool = True,
    ):
        self.session = session
        self.client = client
        self.tools = {t.name: t for t in tools or []}
        if memory_tools:
            # memory_search / memory_get over this user's long-term memory, and nobody else's.
            for tool in _memory_tools(session):
                self.tools.setdefault(tool.name, tool)

    async def _call(self, ctx: Context, result: TurnResult) -> ChatResult:
        """One model call with overflow recovery: stage 4 and retry, then clear and retry.

        Raises:
            ContextOverflowUnrecoverable: a third overflow (the latest message alone is too big).
            ProviderError: any other provider error (a 429 rate limit is never an overflow).
        """
        schemas = [t.schema() for t in self.tools.values()] or None
        for attempt in range(3):
            try:
                reply = await self.client.complete(ctx.to_openai(), tools=schemas)
            except ContextOverflowError as exc:
                result.overflow_recoveries += 1
                if attempt == 0:
                    log.info("context overflow: flushing to memory and trimming (stage 4)")
                    ctx = await self.session.recover_overflow()
                elif attempt == 1:
                    log.warning("context overflow again: clearing the context")
                    ctx = await self.session.clear_after_overflow()
                    if ctx.notice:
                        result.notices.append(ctx.notice)
                else:
                    raise ContextOverflowUnrecoverable(
                        "the latest message alone does not fit the model's context window "
                        f"({ctx.tokens} tokens after clearing the context): {exc}"
                    ) from exc
                continue
            self.session.observe_usage(ctx, reply.usage.prompt_tokens if reply.usage else None)
            return reply
        raise AssertionError("unreachable")

    async def run_turn(self, user_text: str) -> TurnResult:
        """Handle one user message: a command, or model steps until a final reply."""
        command_reply = await handle_command(self.session, user_text)
        if command_reply is not None:
            return TurnResult(reply=command_reply, steps=0)
        await self.session.add(Message.user(user_text))
        result = TurnResult(reply="", steps=0)
        for _ in range(self.session.settings.agent_max_steps):
            ctx = await self.session.context()
            reply = await self._call(ctx, result)
            result.steps += 1
            await self.session.add(from_openai([reply.message], check_pairing=False)[0])
            if not reply.tool_calls:
                result.reply = reply.text
                return result
            for call in reply.tool_calls:
                await self.session.add(await self._run_tool(call))
        zh = self.session.language == "zh"
        result.reply = (
            "已达到本轮最大决策步数，请缩小任务范围后重试。"
            if zh
            else "Reached the step limit for this turn; please narrow the task and try again."
        )
        # What the user was told is part of the record, and closes the turn with a reply.
        await self.session.add(Message.assistant(result.reply))
        return result

    async def _run_tool(self, call: dict[str, Any]) -> Message:
        call_id = str(call.get("id", ""))
        fn = call.get("function") or {}
        name = str(fn.get("name", ""))
        tool = self.tools.get(name)
        if tool is None:
            return Message.tool(call_id, f"error: unknown tool {name!r}", is_error=True)
        try:
            args = json.loads(fn.get("arguments") or "{}")
            if not isinstance(args, dict):
                raise ValueError("arguments must be a JSON object")
            return Message.tool(call_id, await tool.fn(args))
        except Exception as exc:  # a failing tool is reported to the model, not raised
            return Message.tool(call_id, f"error: {type(exc).__name__}: {exc}", is_error=True)
