"""The text ctxengine writes into a prompt, in the conversation's language."""

from __future__ import annotations

from typing import Literal

Language = Literal["zh", "en"]

_NOTES: dict[str, dict[Language, str]] = {
    "truncated": {
        "en": "\n[... {removed} characters removed by ctxengine (head and tail kept) ...]\n",
        "zh": "\n[……ctxengine 已截去中间 {removed} 个字符（保留首尾）……]\n",
    },
    "summary_header": {
        "en": (
            "[Summary of earlier conversation, written by ctxengine]\n{summary}\n"
            "[End of summary]\n\n"
        ),
        "zh": "[此前对话摘要（ctxengine 生成）]\n{summary}\n[摘要结束]\n\n",
    },
    "missing_result": {
        "en": "[No result was recorded for this tool call.]",
        "zh": "[此工具调用没有记录到结果。]",
    },
    "context_cleared": {
        "en": (
            "[ctxengine: the conversation no longer fits the model's context window, so the "
            "earlier context was cleared. The full history is kept and can be searched in "
            "memory.]"
        ),
        "zh": (
            "[ctxengine：对话已超出模型的上下文窗口，之前的上下文已清空。完整历史仍然保存，"
            "可通过记忆检索找回。]"
        ),
    },
}


def note(name: str, language: Language, **values: object) -> str:
    return _NOTES[name][language].format(**values)


def note_parts(name: str, language: Language, field: str) -> tuple[str, str]:
    """The text of note `name` before and after its `{field}` placeholder."""
    head, _, tail = _NOTES[name][language].partition("{" + field + "}")
    return head, tail
