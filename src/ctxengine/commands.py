"""In-chat commands of the first seed: `/context`, `/context clear`, `/config KEY VALUE`.

`handle_command` returns the reply text for a command, or None when the text is not one (so
the caller sends it to the model as usual). Replies follow the conversation's language.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ctxengine.settings import Settings, SettingsError

if TYPE_CHECKING:
    from ctxengine.engine import Session

# Settings a user may change from inside a chat; the rest belong to the operator.
CHAT_CONFIGURABLE = (
    "agent_max_context_tokens",
    "agent_max_context_turns",
    "agent_max_steps",
    "tool_result_max_chars",
    "inject_position",
    "reset_after_turns",
)


def _parse_value(raw: str) -> object:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def _config_view(settings: Settings) -> dict[str, object]:
    return {k: getattr(settings, k) for k in CHAT_CONFIGURABLE}


async def handle_command(session: Session, text: str) -> str | None:
    parts = text.strip().split()
    if not parts or parts[0] not in ("/context", "/config"):
        return None
    zh = session.language == "zh"
    if parts[0] == "/context":
        if len(parts) == 1:
            # Counted on what the model is sent next: the window's messages alone leave out
            # the CONTEXT block and the summary, often most of the budget.
            return json.dumps(session.stats(await session.context()), ensure_ascii=False)
        if parts[1:] == ["clear"]:
            await session.clear()
            return (
                "上下文已清空（历史仍保存，可通过记忆检索找回）。"
                if zh
                else ("Context cleared (history is kept and searchable in memory).")
            )
        return "用法：/context 或 /context clear" if zh else "usage: /context or /context clear"
    # /config
    if len(parts) == 1:
        return json.dumps(_config_view(session.settings), ensure_ascii=False)
    if len(parts) != 3:
        return "用法：/config 参数 值" if zh else "usage: /config KEY VALUE"
    key, raw = parts[1], parts[2]
    if key not in CHAT_CONFIGURABLE:
        allowed = ", ".join(CHAT_CONFIGURABLE)
        return (
            f"不能修改 {key}；可修改：{allowed}"
            if zh
            else f"{key} cannot be changed here; allowed: {allowed}"
        )
    try:
        await session.set_config(**{key: _parse_value(raw)})
    except SettingsError as exc:
        return f"无效的值：{exc}" if zh else f"invalid value: {exc}"
    value = getattr(session.settings, key)
    return f"{key} 已设为 {value}" if zh else f"{key} set to {value}"
