"""Anthropic Messages <-> internal `Message`.

Reading: ``system`` (string or text blocks) becomes a leading ``system`` message; each wire
message becomes one `Message` of the same role, one part per block:

=====================  ===================================================================
``text``               `TextPart` (``citations``, ``cache_control`` ... kept in extra)
``image``              `ImagePart` with the ``source`` dict as is
``thinking``           `ThinkingPart` (text, signature)
``redacted_thinking``  `ThinkingPart` with ``redacted=True``; the opaque ``data`` is kept in
                       ``signature`` so nobody mistakes it for readable text
``tool_use``           `ToolCallPart`; ``input`` becomes a JSON string in ``arguments``
``tool_result``        `ToolResultPart`; list content kept in ``blocks``
anything else          `RawPart` verbatim
=====================  ===================================================================

A user message with tool results stays one ``user`` message, so the round trip is exact.

Writing: leading system/developer messages become ``system``; internal ``tool`` messages (read
from OpenAI) are merged into one user message of ``tool_result`` blocks, together with a user
message that directly follows them, so roles keep alternating.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, cast

from ctxengine.convert._wire import (
    ANTHROPIC,
    OPENAI,
    anthropic_source_of,
    copy_json,
    keep,
    origin,
    start,
    text_of_blocks,
)
from ctxengine.convert.errors import InputError, at, json_type
from ctxengine.convert.pairing import PairingState
from ctxengine.messages import (
    ROLES,
    ImagePart,
    Message,
    Part,
    RawPart,
    Role,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)

System = str | list[dict[str, Any]] | None


class _Problem(Exception):
    """A block-level problem; the caller adds where it is (a message index or ``system``)."""


# --- reading ------------------------------------------------------------------------------


def from_anthropic(
    messages: object,
    system: object = None,
    *,
    known_call_ids: Iterable[str] = (),
    check_pairing: bool = True,
) -> list[Message]:
    """Read an Anthropic Messages request.

    Args:
        messages: The ``messages`` array, already parsed from JSON.
        system: The top-level ``system`` (string or list of text blocks), if any.
        known_call_ids: ``tool_use`` ids issued before `messages` and still waiting for their
            results (see `ctxengine.convert.pairing`).
        check_pairing: Set False to accept tool results whatever they answer.

    Returns:
        A leading ``system`` message when `system` is given, then one `Message` per wire
        message; `to_anthropic` gives ``(system, messages)`` back exactly.

    Raises:
        InputError: `messages` is not a list, `system` has the wrong type, or a message is
            malformed (positions count from 0 in `messages`; ``system`` is not counted).
    """
    if not isinstance(messages, list):
        raise InputError(f"input must be an array of messages, got {json_type(messages)}")
    out: list[Message] = []
    if system is not None:
        out.append(_read_system(system))
    state = PairingState.starting(None, known_call_ids)
    for i, raw in enumerate(messages):
        msg = _read_message(i, raw)
        if check_pairing:
            state.check(i, msg)
            state.feed(msg)
        out.append(msg)
    return out


def _read_system(system: object) -> Message:
    if isinstance(system, str):
        parts: list[Part] = [TextPart(text=system, extra={ANTHROPIC: {}})]
        return Message(role="system", parts=parts, content_form="string", extra={ANTHROPIC: {}})
    if not isinstance(system, list):
        raise InputError(f"system must be a string or an array of blocks, got {json_type(system)}")
    parts = []
    for j, block in enumerate(system):
        try:
            parts.append(_read_block(block, "system"))
        except _Problem as e:
            raise InputError(f"system: block {j}: {e}") from None
    return Message(role="system", parts=parts, content_form="parts", extra={ANTHROPIC: {}})


def _read_message(i: int, raw: object) -> Message:
    if not isinstance(raw, dict):
        raise at(i, f"expected an object, got {json_type(raw)}")
    if "role" not in raw:
        raise at(i, "missing role")
    role = raw["role"]
    if role not in ("user", "assistant"):
        if isinstance(role, str) and role in ROLES:
            raise at(i, f"role {role!r} is not allowed here (use 'user' or 'assistant')")
        raise at(i, f"unknown role {role!r}")
    if "content" not in raw:
        raise at(i, "missing content")
    content = raw["content"]
    if isinstance(content, str):
        parts: list[Part] = [TextPart(text=content, extra={ANTHROPIC: {}})]
        form = "string"
    elif isinstance(content, list):
        parts = []
        for j, block in enumerate(content):
            try:
                parts.append(_read_block(block, role))
            except _Problem as e:
                raise at(i, f"block {j}: {e}") from None
        form = "parts"
    else:
        raise at(i, f"content must be a string or an array of blocks, got {json_type(content)}")
    return Message(
        role=cast(Role, role),
        parts=parts,
        content_form=form,
        extra=keep(raw, {"role", "content"}, ANTHROPIC),
    )


def _need(block: dict[str, Any], key: str, kind: type, what: str) -> Any:
    value = block.get(key)
    if not isinstance(value, kind):
        raise _Problem(f"{block['type']}.{key} must be {what}, got {json_type(value)}")
    return value


def _read_block(block: object, role: str) -> Part:
    if not isinstance(block, dict):
        raise _Problem(f"expected an object, got {json_type(block)}")
    kind = block.get("type")
    if not isinstance(kind, str):
        raise _Problem("missing type")
    if kind == "text":
        text = _need(block, "text", str, "a string")
        return TextPart(text=text, extra=keep(block, {"type", "text"}, ANTHROPIC))
    if kind == "image":
        source = _need(block, "source", dict, "an object")
        return ImagePart(source=copy_json(source), extra=keep(block, {"type", "source"}, ANTHROPIC))
    if kind == "thinking":
        text = _need(block, "thinking", str, "a string")
        signature = block.get("signature")
        known = {"type", "thinking"} | ({"signature"} if isinstance(signature, str) else set())
        return ThinkingPart(
            text=text,
            signature=signature if isinstance(signature, str) else None,
            extra=keep(block, known, ANTHROPIC),
        )
    if kind == "redacted_thinking":
        data = _need(block, "data", str, "a string")
        return ThinkingPart(
            signature=data, redacted=True, extra=keep(block, {"type", "data"}, ANTHROPIC)
        )
    if kind == "tool_use":
        return _read_tool_use(block, role)
    if kind == "tool_result":
        return _read_tool_result(block, role)
    return RawPart(data=copy_json(block), extra={ANTHROPIC: {}})


def _read_tool_use(block: dict[str, Any], role: str) -> ToolCallPart:
    if role != "assistant":
        raise _Problem(f"tool_use is only allowed in assistant messages, not {role}")
    call_id = _need(block, "id", str, "a string")
    name = _need(block, "name", str, "a string")
    args = _need(block, "input", dict, "an object")
    try:
        arguments = json.dumps(args, ensure_ascii=False, allow_nan=False)
    except ValueError:
        raise _Problem(f"tool_use input of {call_id!r} holds NaN or Infinity") from None
    extra = keep(block, {"type", "id", "name", "input"}, ANTHROPIC)
    return ToolCallPart(id=call_id, name=name, arguments=arguments, extra=extra)


def _read_tool_result(block: dict[str, Any], role: str) -> ToolResultPart:
    if role != "user":
        raise _Problem(f"tool_result is only allowed in user messages, not {role}")
    call_id = _need(block, "tool_use_id", str, "a string")
    known = {"type", "tool_use_id"}
    content = block.get("content", "")
    blocks: list[dict[str, Any]] | None = None
    if isinstance(content, list):
        for j, item in enumerate(content):
            if not isinstance(item, dict) or not isinstance(item.get("type"), str):
                raise _Problem(f"tool_result content block {j} must be an object with a type")
        blocks = copy_json(content)
        content = text_of_blocks(content)
        known.add("content")
    elif not isinstance(content, str):
        raise _Problem(
            f"tool_result content must be a string or an array of blocks, got {json_type(content)}"
        )
    elif content:
        # An explicit "" stays in extra, so absent and empty content both come back as given.
        known.add("content")
    is_error = block.get("is_error") is True
    if is_error:
        known.add("is_error")  # an explicit false stays in extra, like "" above
    return ToolResultPart(
        call_id=call_id,
        content=content,
        is_error=is_error,
        blocks=blocks,
        extra=keep(block, known, ANTHROPIC),
    )


# --- writing ------------------------------------------------------------------------------


def to_anthropic(messages: list[Message]) -> tuple[System, list[dict[str, Any]]]:
    """Write messages as an Anthropic Messages request.

    Args:
        messages: Internal messages, from any format or built by ctxengine.

    Returns:
        ``(system, messages)``. Leading system/developer messages form ``system`` (None when
        there are none); later ones become user messages, as Anthropic has no mid-conversation
        system role. OpenAI-only content (unsigned reasoning, audio, files, unknown parts) is
        left out; unparseable tool arguments are sent as ``{"_raw_arguments": "<string>"}``.
    """
    lead = 0
    while lead < len(messages) and messages[lead].role in ("system", "developer"):
        lead += 1
    system = _write_system(messages[:lead])
    out: list[dict[str, Any]] = []
    tool_group: dict[str, Any] | None = None  # the user message collecting tool results
    for msg in messages[lead:]:
        if msg.role == "tool":
            blocks = [b for p in msg.parts if (b := _write_block(p, foreign=True)) is not None]
            if tool_group is None:
                tool_group = {"role": "user", "content": blocks}
                out.append(tool_group)
            else:
                tool_group["content"].extend(blocks)
            continue
        if tool_group is not None and msg.role == "user":
            wire = _write_message(msg, "user")
            content = wire["content"]
            if isinstance(content, str):
                content = [{"type": "text", "text": content}] if content else []
            tool_group["content"].extend(content)
            tool_group = None
            continue
        tool_group = None
        out.append(_write_message(msg, "assistant" if msg.role == "assistant" else "user"))
    return system, out


def _write_system(messages: list[Message]) -> System:
    if not messages:
        return None
    if len(messages) == 1:
        return _write_message(messages[0], "user")["content"]  # type: ignore[no-any-return]
    blocks: list[dict[str, Any]] = []
    for msg in messages:
        foreign = origin(msg.extra) == OPENAI
        blocks.extend(b for p in msg.parts if (b := _write_block(p, foreign)) is not None)
    return blocks


def _write_message(msg: Message, role: str) -> dict[str, Any]:
    foreign = origin(msg.extra) == OPENAI
    wire = start(msg.extra, ANTHROPIC)
    wire["role"] = role
    form = None if foreign else msg.content_form
    texts = [p.text for p in msg.parts if isinstance(p, TextPart)]
    all_text = len(texts) == len(msg.parts)
    if form == "string" and all_text and texts:
        wire["content"] = "\n".join(texts)
        return wire
    blocks = [b for p in msg.parts if (b := _write_block(p, foreign)) is not None]
    if form != "parts" and len(blocks) == 1 and set(blocks[0]) == {"type", "text"}:
        wire["content"] = blocks[0]["text"]  # the plain spelling when nothing is lost
    elif form != "parts" and not blocks:
        wire["content"] = ""
    else:
        wire["content"] = blocks
    return wire


def _write_block(part: Part, foreign: bool) -> dict[str, Any] | None:
    """One content block, or None for content Anthropic cannot take."""
    wire = start(part.extra, ANTHROPIC)
    if isinstance(part, TextPart):
        if foreign and not part.text:
            return None  # Anthropic rejects empty text blocks; OpenAI often sends content ""
        wire.update(type="text", text=part.text)
    elif isinstance(part, ImagePart):
        source = (
            copy_json(part.source)
            if origin(part.extra) == ANTHROPIC or "type" in part.source
            else anthropic_source_of(part)
        )
        if source is None:
            return None
        wire.update(type="image", source=source)
    elif isinstance(part, ThinkingPart):
        if part.redacted:
            wire.update(type="redacted_thinking", data=part.signature or "")
        elif part.signature is None and origin(part.extra) != ANTHROPIC:
            return None  # unsigned reasoning from other providers would be rejected
        else:
            wire.update(type="thinking", thinking=part.text)
            if part.signature is not None:
                wire["signature"] = part.signature
    elif isinstance(part, ToolCallPart):
        wire.update(type="tool_use", id=part.id, name=part.name, input=_input_of(part.arguments))
    elif isinstance(part, ToolResultPart):
        wire.update(type="tool_result", tool_use_id=part.call_id)
        blocks = part.blocks
        if (
            blocks is not None
            and origin(part.extra) != OPENAI
            and text_of_blocks(blocks) == part.content
        ):
            wire["content"] = copy_json(blocks)
        elif part.content:
            wire["content"] = part.content
        if part.is_error:
            wire["is_error"] = True
    else:
        return None if origin(part.extra) == OPENAI else copy_json(part.data)
    return wire


def _input_of(arguments: str) -> dict[str, Any]:
    if not arguments.strip():
        return {}
    try:
        value = json.loads(arguments)
    except ValueError:
        value = None
    if isinstance(value, dict):
        return value
    # The model wrote arguments that are not a JSON object; keep them visible, not dropped.
    return {"_raw_arguments": arguments}
