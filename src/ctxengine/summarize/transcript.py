"""What both summarizers share: the protocol, the error, and the plain-text transcript."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ctxengine.language import Language
from ctxengine.messages import ImagePart, Message, TextPart, ToolResultPart


class SummaryError(RuntimeError):
    """A summary could not be made; the messages it was for must be kept."""


class Summarizer(Protocol):
    """Anything that turns messages into a summary text in a given language."""

    async def summarize(self, messages: list[Message], *, language: Language) -> str: ...


LABELS: dict[str, dict[str, str]] = {
    "en": {
        "system": "System", "developer": "Developer", "user": "User", "note": "Note",
        "assistant": "Assistant", "call": "Assistant called", "tool": "Tool result",
        "tool_error": "Tool error", "image": "[image]", "sep": ": ",
        "header": "Earlier in this conversation:", "tools": "Tools used: ", "join": ", ",
    },
    "zh": {
        "system": "系统", "developer": "开发者", "user": "用户", "note": "备注",
        "assistant": "助手", "call": "助手调用", "tool": "工具结果", "tool_error": "工具错误",
        "image": "[图片]", "sep": "：", "header": "此前对话摘要：", "tools": "调用过的工具：",
        "join": "、",
    },
}  # fmt: skip


def _clip(text: str, limit: int, language: Language) -> str:
    if len(text) <= limit:
        return text
    cut = len(text) - limit
    note = f" …[{cut} more characters clipped]" if language == "en" else f" …[已截断 {cut} 个字符]"
    return text[:limit] + note


def render_message(
    message: Message,
    language: Language,
    *,
    tool_names: dict[str, str] | None = None,
    tool_result_chars: int = 2000,
) -> str:
    """One message as transcript lines ("" for a message with nothing to show)."""
    labels = LABELS[language]
    sep = labels["sep"]
    lines: list[str] = []
    role = "note" if message.injected else message.role
    for part in message.parts:
        if isinstance(part, TextPart) and part.text.strip():
            lines.append(f"{labels[role]}{sep}{part.text}")
        elif isinstance(part, ImagePart):
            lines.append(f"{labels[role]}{sep}{labels['image']}")
        elif isinstance(part, ToolResultPart):
            name = (tool_names or {}).get(part.call_id, part.call_id)
            label = labels["tool_error" if part.is_error else "tool"]
            bracket = f" ({name})" if language == "en" else f"（{name}）"
            content = _clip(part.content, tool_result_chars, language)
            lines.append(f"{label}{bracket}{sep}{content}")
    for call in message.tool_calls:
        args = _clip(call.arguments, tool_result_chars, language)
        lines.append(f"{labels['call']}{sep}{call.name}({args})")
    return "\n".join(lines)


def render_transcript(
    messages: Sequence[Message], language: Language, *, tool_result_chars: int = 2000
) -> str:
    """The plain-text form of a conversation that both summarizers read.

    Each message becomes "Label: text" lines (labels in `language`), tool calls become
    ``name(arguments)``, tool results are clipped to `tool_result_chars` characters with a note
    saying how much was cut. Thinking is left out.
    """
    names = {c.id: c.name for m in messages for c in m.tool_calls}
    rendered = (
        render_message(m, language, tool_names=names, tool_result_chars=tool_result_chars)
        for m in messages
    )
    return "\n\n".join(r for r in rendered if r)
