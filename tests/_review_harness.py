"""Replay a review conversation through ctxengine at a budget that forces compaction."""

from __future__ import annotations

import asyncio
import json
import tempfile
from typing import Any

from ctxengine.cli.compact import replay
from ctxengine.compaction.constraints import extract_constraints
from ctxengine.engine import Context, ContextEngine
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

Step = tuple[Any, ...]


def build(steps: list[Step]) -> list[Message]:
    """("u", text) | ("a", text) | ("call", name, args, result) | ("sys", text)."""
    out: list[Message] = []
    n = 0
    for step in steps:
        kind = step[0]
        if kind == "u":
            out.append(Message.user(step[1]))
        elif kind == "a":
            out.append(Message.assistant(step[1]))
        elif kind == "sys":
            out.append(Message.system(step[1]))
        else:
            n += 1
            cid = f"call_{n}"
            args = json.dumps(step[2], ensure_ascii=False)
            out.append(
                Message.assistant(None, [ToolCallPart(id=cid, name=step[1], arguments=args)])
            )
            result = (
                step[3] if isinstance(step[3], str) else json.dumps(step[3], ensure_ascii=False)
            )
            out.append(Message.tool(cid, result))
    return out


def raw_tokens(messages: list[Message]) -> int:
    return TokenCounter.from_settings(Settings()).messages(messages)


async def _context(messages: list[Message], budget: int) -> Context:
    with tempfile.TemporaryDirectory(prefix="ctxengine-review-") as workspace:
        settings = Settings(agent_max_context_tokens=budget, workspace=workspace)
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("review", "s", restore=False)
            await replay(session, messages)
            return await session.settled_context()


def compact(steps: list[Step], share: float = 0.3) -> Context:
    """The settled context at `share` of the raw history's tokens (at least 256, the floor)."""
    messages = build(steps)
    budget = max(256, int(raw_tokens(messages) * share))
    return asyncio.run(_context(messages, budget))


def block(*texts: str, budget: int = 4000) -> str:
    """The CONTEXT block after user and assistant `texts` in turn (a user message first)."""
    steps: list[Step] = [("u" if i % 2 == 0 else "a", t) for i, t in enumerate(texts)]
    return asyncio.run(_context(build(steps), budget)).compacted_context


def block_of(steps: list[Step], budget: int = 4000) -> str:
    return asyncio.run(_context(build(steps), budget)).compacted_context


HEADERS = {
    "intent": ("[Intent]", "[用户意图]"),
    "state": ("[Current state]", "[当前状态]"),
    "constraints": ("[Constraints]", "[约束]"),
    "conflicts": ("[Conflicts]", "[冲突]"),
    "evidence": ("[Evidence]", "[证据]"),
}


def section(text: str, name: str) -> list[str]:
    """The lines under one section header of a block (either language), up to the next one."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line in HEADERS[name]
            continue
        if inside and line.strip():
            out.append(line)
    return out


def current_lines(text: str) -> list[str]:
    """Current-state lines without the archived values indented under them."""
    return [line for line in section(text, "state") if not line.startswith(" ")]


def rules_text(text: str) -> str:
    """The constraints section of a block, one rule a line."""
    return "\n".join(section(text, "constraints"))


def state_text(text: str) -> str:
    """The state section of a block, archived values included."""
    return "\n".join(section(text, "state"))


def evidence_text(text: str) -> str:
    """The evidence section of a block."""
    return "\n".join(section(text, "evidence"))


def current_text(text: str) -> str:
    """The current-state lines of a block, without archived values."""
    return "\n".join(current_lines(text))


def current_after(*texts: str) -> str:
    """The current-state lines of the block after the user said each of `texts` in turn."""
    return current_text(block(*texts))


def rule_texts(text: str) -> list[str]:
    """The texts of the rules (not the lifts) the rule reader finds in one message."""
    return [c.text for c in extract_constraints(text) if not c.revokes]


def ruled(text: str, words: str) -> bool:
    """Whether some rule read from `text` holds `words`."""
    return any(words in t for t in rule_texts(text))


def rules_after(*user: str) -> str:
    """The constraints section after the user says each of `user` in turn, each answered
    with a plain acknowledgement, in the first message's language."""
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in user[0])
    ack, go = ("好的。", "继续。") if zh else ("OK.", "Go.")
    msgs: list[str] = []
    for m in user:
        msgs += [m, ack]
    return "\n".join(section(block(*msgs, go), "constraints"))
