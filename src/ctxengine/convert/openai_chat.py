"""OpenAI Chat Completions messages <-> internal `Message`.

Reading maps one wire message to one `Message`:

* ``content`` string -> one `TextPart` (``content_form="string"``); a list -> one part per item
  (``text`` -> `TextPart`, ``image_url`` -> `ImagePart`, anything else -> `RawPart` verbatim);
  null and a missing key are remembered as ``"null"`` / ``"absent"``.
* assistant ``reasoning_content`` (DeepSeek, Qwen) -> a leading `ThinkingPart`;
  ``tool_calls`` -> `ToolCallPart` after the content parts.
* a ``tool`` message -> one `ToolResultPart`; list content is kept in ``blocks``.

Every string of a message (content, names, arguments, tool results, kept unknown fields) must
be valid Unicode: a lone surrogate (``"\\ud800"`` in JSON) can be neither stored nor sent, so it
is refused here with the message's index. With ``strict=True`` (the CLI and the service) what an
OpenAI-compatible provider would refuse is refused too: see `from_openai`.

Writing inverts this. A `Message` holding several tool results (read from Anthropic) becomes one
``tool`` message per result, followed by the rest of its content, because OpenAI wants tool
messages right after the assistant message that called them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from ctxengine.convert._wire import (
    ABSENT,
    ANTHROPIC,
    OPENAI,
    copy_json,
    image_url_of,
    keep,
    origin,
    start,
    text_of_blocks,
)
from ctxengine.convert.errors import InputError, at, json_type
from ctxengine.convert.pairing import PairingState
from ctxengine.messages import (
    ROLES,
    ContentForm,
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

# --- reading ------------------------------------------------------------------------------

# Content part types an OpenAI-compatible chat API defines: OpenAI's own (text, image_url,
# input_audio, file; refusal in assistant messages) and the multimodal ones vLLM and Qwen's
# DashScope add (audio_url, video_url, video). Each carries its payload under its own name.
KNOWN_PART_TYPES: Final = frozenset(
    {"text", "image_url", "input_audio", "file", "refusal", "audio_url", "video_url", "video"}
)
# Roles whose message must have content (a string or an array of parts), never null or none.
CONTENT_REQUIRED: Final = frozenset({"system", "developer", "user", "tool"})
# What an assistant message may carry instead of content.
_ASSISTANT_NON_CONTENT: Final = ("tool_calls", "function_call", "refusal", "audio")

# Any surrogate code point in a Python str read from JSON is a lone one: the decoder joins a
# valid escaped pair into one character.
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def from_openai(
    data: object,
    *,
    known_call_ids: Iterable[str] = (),
    check_pairing: bool = True,
    strict: bool = False,
    pairing: PairingState | None = None,
) -> list[Message]:
    """Read a list of OpenAI Chat Completions messages.

    Args:
        data: The ``messages`` array, already parsed from JSON.
        known_call_ids: Tool call ids issued before `data` and still waiting for their
            results, so that appending a single ``tool`` message is not an orphaned result.
        check_pairing: Set False to accept tool results whatever they answer.
        pairing: Where the messages before `data` left the pairing (e.g. a session's stored
            history, `PairingState.after`); it is not changed.
        strict: Also refuse what an OpenAI-compatible provider refuses (the CLI and the
            service read requests this way): a system, developer, user or tool message without
            content (missing or null), an assistant message with neither content nor tool calls
            (nor ``function_call``, ``refusal``, ``audio``), and a content part whose type is
            not in `KNOWN_PART_TYPES` or that lacks its payload (``{"type": "file"}`` without
            ``"file"``). Without it, unknown part types are kept verbatim (lossless reading).

    Returns:
        One `Message` per wire message; `to_openai` gives `data` back exactly.

    Raises:
        InputError: `data` is not a list, or a message is malformed (not an object, missing or
            unknown role, wrong content type, malformed ``tool_calls``, a tool result whose
            call is not pending, see `ctxengine.convert.pairing`; a string holding a lone
            surrogate: ``message 0: content is not valid Unicode (lone surrogate)``).
    """
    if not isinstance(data, list):
        raise InputError(f"input must be an array of messages, got {json_type(data)}")
    state = PairingState.starting(pairing, known_call_ids)
    out: list[Message] = []
    for i, raw in enumerate(data):
        msg = _read_message(i, raw)
        bad = _lone_surrogate(raw, "")
        if bad is not None:
            raise at(i, f"{bad} is not valid Unicode (lone surrogate)")
        if strict:
            _check_provider_rules(i, cast(dict[str, Any], raw))
        if check_pairing:
            state.check(i, msg)
            state.feed(msg)
        out.append(msg)
    return out


def _lone_surrogate(value: object, path: str) -> str | None:
    """Where in a JSON value a string holds a lone surrogate (``content[1].text``), or None."""
    if isinstance(value, str):
        return (path or "a value") if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if _SURROGATE.search(key):
                return f"a key in {path or 'the message'}"
            found = _lone_surrogate(item, f"{path}.{key}" if path else key)
            if found is not None:
                return found
    elif isinstance(value, list):
        for j, item in enumerate(value):
            found = _lone_surrogate(item, f"{path}[{j}]")
            if found is not None:
                return found
    return None


def _check_provider_rules(i: int, raw: dict[str, Any]) -> None:
    """`from_openai(strict=True)`: refuse a message an OpenAI-compatible provider refuses."""
    role = raw["role"]
    content = raw.get("content")
    if content is None:
        if role in CONTENT_REQUIRED:
            got = "null" if "content" in raw else "missing"
            raise at(
                i, f"a {role} message needs content (a string or an array of parts); it is {got}"
            )
        if not any(raw.get(k) not in (None, []) for k in _ASSISTANT_NON_CONTENT):
            raise at(i, "an assistant message needs content or tool_calls; it has neither")
        return
    if not isinstance(content, list):
        return
    for j, part in enumerate(content):
        kind = part["type"]  # _read_message checked every part is an object with a type
        if kind not in KNOWN_PART_TYPES:
            known = ", ".join(sorted(KNOWN_PART_TYPES))
            raise at(i, f"content part {j}: unknown type {kind!r} (known: {known})")
        payload = part.get(kind)
        if payload is None:
            raise at(i, f"content part {j}: a {kind!r} part needs its {kind!r} field")
        if kind in ("text", "refusal") and not isinstance(payload, str):
            raise at(i, f"content part {j}: {kind} must be a string, got {json_type(payload)}")


def _read_message(i: int, raw: object) -> Message:
    if not isinstance(raw, dict):
        raise at(i, f"expected an object, got {json_type(raw)}")
    if "role" not in raw:
        raise at(i, "missing role")
    role = raw["role"]
    if not isinstance(role, str) or role not in ROLES:
        raise at(i, f"unknown role {role!r}")
    known = {"role", "content"}
    name = raw.get("name")
    if isinstance(name, str):
        known.add("name")
    content = raw.get("content", ABSENT)
    parts: list[Part] = []
    if role == "tool":
        known.add("tool_call_id")
        form, result = _read_tool_result(i, raw.get("tool_call_id", ABSENT), content)
        parts.append(result)
    else:
        if role == "assistant" and isinstance(raw.get("reasoning_content"), str):
            known.add("reasoning_content")
            parts.append(ThinkingPart(text=raw["reasoning_content"], extra={OPENAI: {}}))
        form, content_parts = _read_content(i, content)
        parts.extend(content_parts)
        # `null` and `[]` (SDK dumps send both) stay verbatim in extra: they carry no calls.
        if role == "assistant" and raw.get("tool_calls") not in (None, []):
            known.add("tool_calls")
            parts.extend(_read_tool_calls(i, raw["tool_calls"]))
    return Message(
        role=cast(Role, role),
        parts=parts,
        name=name if isinstance(name, str) else None,
        content_form=form,
        extra=keep(raw, known, OPENAI),
    )


def _read_content(i: int, content: object) -> tuple[ContentForm, list[Part]]:
    if content is ABSENT:
        return "absent", []
    if content is None:
        return "null", []
    if isinstance(content, str):
        return "string", [TextPart(text=content, extra={OPENAI: {}})]
    if isinstance(content, list):
        return "parts", [_read_part(i, j, item) for j, item in enumerate(content)]
    raise at(i, f"content must be a string, an array of parts or null, got {json_type(content)}")


def _part_type(i: int, j: int, item: object) -> tuple[dict[str, Any], str]:
    if not isinstance(item, dict):
        raise at(i, f"content part {j}: expected an object, got {json_type(item)}")
    kind = item.get("type")
    if not isinstance(kind, str):
        raise at(i, f"content part {j}: missing type")
    return item, kind


def _read_part(i: int, j: int, item: object) -> Part:
    part, kind = _part_type(i, j, item)
    if kind == "text":
        if not isinstance(part.get("text"), str):
            raise at(
                i, f"content part {j}: text must be a string, got {json_type(part.get('text'))}"
            )
        return TextPart(text=part["text"], extra=keep(part, {"type", "text"}, OPENAI))
    if kind == "image_url":
        image = part.get("image_url")
        if not isinstance(image, dict) or not isinstance(image.get("url"), str):
            raise at(i, f"content part {j}: image_url must be an object with a string url")
        detail = image.get("detail")
        has_detail = isinstance(detail, str)
        return ImagePart(
            source={k: copy_json(v) for k, v in image.items() if k != "detail" or not has_detail},
            detail=detail if has_detail else None,
            extra=keep(part, {"type", "image_url"}, OPENAI),
        )
    # input_audio, file, refusal and anything newer: kept as it came.
    return RawPart(data=copy_json(part), extra={OPENAI: {}})


def _read_tool_result(
    i: int, call_id: object, content: object
) -> tuple[ContentForm, ToolResultPart]:
    if call_id is ABSENT:
        raise at(i, "tool message has no tool_call_id")
    if not isinstance(call_id, str):
        raise at(i, f"tool_call_id must be a string, got {json_type(call_id)}")
    if content is ABSENT or content is None:
        form: ContentForm = "absent" if content is ABSENT else "null"
        return form, ToolResultPart(call_id=call_id, extra={OPENAI: {}})
    if isinstance(content, str):
        return "string", ToolResultPart(call_id=call_id, content=content, extra={OPENAI: {}})
    if isinstance(content, list):
        blocks = [copy_json(_part_type(i, j, item)[0]) for j, item in enumerate(content)]
        text = text_of_blocks(blocks)
        return "parts", ToolResultPart(
            call_id=call_id, content=text, blocks=blocks, extra={OPENAI: {}}
        )
    raise at(i, f"content must be a string, an array of parts or null, got {json_type(content)}")


def _read_tool_calls(i: int, calls: object) -> list[ToolCallPart]:
    if not isinstance(calls, list):
        raise at(i, f"tool_calls must be an array, got {json_type(calls)}")
    out: list[ToolCallPart] = []
    for j, call in enumerate(calls):
        if not isinstance(call, dict):
            raise at(i, f"tool call {j}: expected an object, got {json_type(call)}")
        if not isinstance(call.get("id"), str):
            raise at(i, f"tool call {j}: id must be a string, got {json_type(call.get('id'))}")
        if call.get("type") != "function":
            raise at(i, f"tool call {j}: type must be 'function', got {call.get('type')!r}")
        fn = call.get("function")
        if not isinstance(fn, dict):
            raise at(i, f"tool call {j}: function must be an object, got {json_type(fn)}")
        if not isinstance(fn.get("name"), str):
            raise at(
                i, f"tool call {j}: function.name must be a string, got {json_type(fn.get('name'))}"
            )
        if "arguments" not in fn:
            raise at(i, f"tool call {j}: function.arguments is missing")
        if not isinstance(fn["arguments"], str):
            got = json_type(fn["arguments"])
            raise at(i, f"tool call {j}: function.arguments must be a JSON string, got {got}")
        extra = keep(call, {"id", "type", "function"}, OPENAI)
        fn_extra = keep(fn, {"name", "arguments"}, OPENAI)[OPENAI]
        if fn_extra:
            # "function" is a known key of the call, so this slot cannot clash with a kept one.
            extra[OPENAI]["function"] = fn_extra
        out.append(
            ToolCallPart(id=call["id"], name=fn["name"], arguments=fn["arguments"], extra=extra)
        )
    return out


# --- writing ------------------------------------------------------------------------------


def to_openai(messages: list[Message], *, keep_thinking: bool = True) -> list[dict[str, Any]]:
    """Write messages as OpenAI Chat Completions messages.

    Args:
        messages: Internal messages, from any format or built by ctxengine.
        keep_thinking: Write thinking as ``reasoning_content`` (DeepSeek/Qwen style). Set False
            for providers that reject the field. Redacted thinking is never written.

    Returns:
        The ``messages`` array. Anthropic-only content (signatures, redacted thinking, images
        given by file id, unknown blocks) is left out; tool results become ``tool`` messages.
    """
    out: list[dict[str, Any]] = []
    for msg in messages:
        out.extend(_write_message(msg, keep_thinking))
    return out


def _write_message(msg: Message, keep_thinking: bool) -> list[dict[str, Any]]:
    own = origin(msg.extra) != ANTHROPIC
    form = msg.content_form if own else None
    out: list[dict[str, Any]] = []
    for result in msg.tool_results:
        wire = start(msg.extra, OPENAI) if msg.role == "tool" else {}
        wire["role"] = "tool"
        wire["tool_call_id"] = result.call_id
        if msg.role == "tool" and msg.name is not None:
            wire["name"] = msg.name
        content = _tool_content(result, form if msg.role == "tool" else None)
        if content is not ABSENT:
            wire["content"] = content
        out.append(wire)
    rest = [p for p in msg.parts if not isinstance(p, ToolResultPart)]
    if out and (msg.role == "tool" or not rest):
        if rest:
            # Whatever else a tool message holds must not be lost; it follows as user text.
            out.append({"role": "user", "content": _content(rest, None, "user")})
        return out
    wire = start(msg.extra, OPENAI)
    wire["role"] = msg.role
    if msg.name is not None:
        wire["name"] = msg.name
    thinking = [p for p in rest if isinstance(p, ThinkingPart) and not p.redacted]
    if keep_thinking and thinking and msg.role == "assistant":
        wire["reasoning_content"] = "\n".join(p.text for p in thinking)
    calls = [p for p in rest if isinstance(p, ToolCallPart)]
    if calls:
        wire["tool_calls"] = [_write_call(c) for c in calls]
    body = [p for p in rest if not isinstance(p, ThinkingPart | ToolCallPart)]
    content = _content(body, form, msg.role)
    if content is not ABSENT:
        wire["content"] = content
    out.append(wire)
    return out


def _content(parts: Sequence[Part], form: ContentForm | None, role: str) -> Any:
    """The ``content`` value: the recorded form when it still fits the parts, else a default."""
    texts = [p.text for p in parts if isinstance(p, TextPart)]
    all_text = len(texts) == len(parts)
    if form == "string" and all_text and texts:
        return "\n".join(texts)
    if form in ("null", "absent") and not parts:
        return None if form == "null" else ABSENT
    if form == "parts":
        return [w for p in parts if (w := _write_part(p)) is not None]
    if not parts:
        return None if role == "assistant" else ""
    if all_text:
        return "\n".join(texts)
    return [w for p in parts if (w := _write_part(p)) is not None]


def _write_part(part: Part) -> dict[str, Any] | None:
    if isinstance(part, TextPart):
        wire = start(part.extra, OPENAI)
        wire.update(type="text", text=part.text)
        return wire
    if isinstance(part, ImagePart):
        if origin(part.extra) == ANTHROPIC or "type" in part.source:
            url = image_url_of(part)
            if url is None:
                return None  # e.g. an Anthropic file id: no OpenAI spelling
            image: dict[str, Any] = {"url": url}
        else:
            image = copy_json(part.source)
        if part.detail is not None:
            image["detail"] = part.detail
        wire = start(part.extra, OPENAI)
        wire.update(type="image_url", image_url=image)
        return wire
    if isinstance(part, RawPart):
        return None if origin(part.extra) == ANTHROPIC else copy_json(part.data)
    return None


def _write_call(call: ToolCallPart) -> dict[str, Any]:
    wire = start(call.extra, OPENAI)
    fn = wire.pop("function", None)
    function = fn if isinstance(fn, dict) else {}
    function.update(name=call.name, arguments=call.arguments)
    wire.update(id=call.id, type="function", function=function)
    return wire


def _tool_content(result: ToolResultPart, form: ContentForm | None) -> Any:
    blocks = result.blocks
    # Blocks are written only while they still say what `content` says: a stage that edits
    # `content` (truncation, masking) without touching `blocks` must not have its edit undone.
    if (
        origin(result.extra) == OPENAI
        and blocks is not None
        and text_of_blocks(blocks) == result.content
    ):
        return copy_json(blocks)
    if form in ("null", "absent") and result.content == "" and blocks is None:
        return None if form == "null" else ABSENT
    return result.content
