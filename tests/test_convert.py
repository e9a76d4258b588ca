"""Converters: lossless round trips, every content shape, and cross-format pairing."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.convert import from_anthropic, from_openai, to_anthropic, to_openai
from ctxengine.messages import (
    ImagePart,
    Message,
    RawPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    dump_messages,
    load_messages,
)

Wire = dict[str, Any]

# --- strategies ---------------------------------------------------------------------------

CHINESE = "你好世界上下文引擎工具调用结果成功失败请总结对话。，！？「」的了是在"
texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=CHINESE, max_size=20),
    st.sampled_from(["", "请总结上面的对话", "Hello, 世界", "line one\nline two"]),
)
nonempty_texts = texts.filter(bool)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=4,
)
# Field names no provider uses, standing in for fields added after this code was written.
unknown_fields = st.dictionaries(
    st.sampled_from(["x_trace", "x_meta", "x_新字段"]), json_values, max_size=2
)
names = st.sampled_from(["get_weather", "search", "工具", "a-b_9"])
DATA_URL = "data:image/png;base64,iVBORw0KGgo="
HTTP_URL = "https://example.com/cat.png"


def merged(*dicts: Wire) -> Wire:
    out: Wire = {}
    for d in dicts:
        out.update(d)
    return out


@st.composite
def oa_text_part(draw: st.DrawFn) -> Wire:
    return merged(draw(unknown_fields), {"type": "text", "text": draw(texts)})


@st.composite
def oa_image_part(draw: st.DrawFn) -> Wire:
    image: Wire = {"url": draw(st.sampled_from([DATA_URL, HTTP_URL]))}
    detail = draw(st.sampled_from([None, "low", "high", "auto"]))
    if detail is not None:
        image["detail"] = detail
    return merged(draw(unknown_fields), {"type": "image_url", "image_url": image})


oa_other_parts = st.sampled_from(
    [
        {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},
        {"type": "file", "file": {"file_id": "file-abc", "filename": "报告.pdf"}},
        {"type": "x_future_part", "payload": {"k": [1, 2, "三"]}},
    ]
)
oa_user_content = st.one_of(
    texts, st.lists(st.one_of(oa_text_part(), oa_image_part(), oa_other_parts), max_size=4)
)
oa_system_content = st.one_of(texts, st.lists(oa_text_part(), max_size=3))
oa_refusal_part = texts.map(lambda t: {"type": "refusal", "refusal": t})
ABSENT = object()
oa_assistant_content = st.one_of(
    st.just(ABSENT),
    st.none(),
    texts,
    st.lists(st.one_of(oa_text_part(), oa_refusal_part), max_size=3),
)
oa_arguments = st.one_of(
    st.dictionaries(texts, json_values, max_size=3).map(
        lambda d: json.dumps(d, ensure_ascii=False)
    ),
    st.just(""),
    texts,  # models do write arguments that are not JSON; they must survive a round trip
)


@st.composite
def oa_message(draw: st.DrawFn, role: str, content: st.SearchStrategy[Any]) -> Wire:
    msg: Wire = draw(unknown_fields)
    msg["role"] = role
    value = draw(content)
    if value is not ABSENT:
        msg["content"] = value
    if draw(st.booleans()):
        msg["name"] = draw(names)
    return msg


@st.composite
def oa_assistant(draw: st.DrawFn, call_ids: list[str]) -> Wire:
    msg = draw(oa_message("assistant", oa_assistant_content))
    if draw(st.booleans()):
        msg["reasoning_content"] = draw(texts)
    if draw(st.booleans()):
        msg["refusal"] = draw(st.none() | texts)
    calls = []
    for call_id in call_ids:
        call: Wire = {
            "id": call_id,
            "type": "function",
            "function": {"name": draw(names), "arguments": draw(oa_arguments)},
        }
        calls.append(merged(draw(unknown_fields), call))
    if calls:
        msg["tool_calls"] = calls
    elif draw(st.integers(0, 4)) == 0:
        msg["tool_calls"] = draw(st.sampled_from([[], None]))
    return msg


@st.composite
def oa_tool(draw: st.DrawFn, call_id: str) -> Wire:
    content = st.one_of(texts, st.lists(oa_text_part(), max_size=2))
    msg = draw(oa_message("tool", content))
    msg["tool_call_id"] = call_id
    return msg


@st.composite
def openai_histories(draw: st.DrawFn) -> list[Wire]:
    """System prompt, turns of user -> (assistant calls -> tool results)* -> assistant.

    Calls may run in parallel and their results may come in any order; only the very end of a
    history may hold calls without results (an agent mid-turn).
    """
    msgs = [
        draw(oa_message(role, oa_system_content))
        for role in draw(st.lists(st.sampled_from(["system", "developer"]), max_size=2))
    ]
    counter = 0
    turns = draw(st.integers(0, 3))
    for turn in range(turns):
        msgs.append(draw(oa_message("user", oa_user_content)))
        steps = draw(st.integers(0, 2))
        for step in range(steps):
            n = draw(st.integers(1, 3))
            ids = [f"call_{counter + k}" for k in range(n)]
            counter += n
            msgs.append(draw(oa_assistant(ids)))
            if turn == turns - 1 and step == steps - 1 and draw(st.booleans()):
                answered = ids[: draw(st.integers(0, n - 1))]
                msgs.extend(draw(oa_tool(i)) for i in draw(st.permutations(answered)))
                return msgs
            msgs.extend(draw(oa_tool(i)) for i in draw(st.permutations(ids)))
        msgs.append(draw(oa_assistant([])))
    return msgs


cache_control = st.sampled_from([{}, {"cache_control": {"type": "ephemeral"}}])


@st.composite
def an_text(draw: st.DrawFn, allow_empty: bool = False) -> Wire:
    block: Wire = {"type": "text", "text": draw(texts if allow_empty else nonempty_texts)}
    if draw(st.booleans()):
        block["citations"] = draw(
            st.none() | st.just([{"type": "char_location", "cited_text": "x"}])
        )
    return merged(draw(cache_control), block)


an_image = st.sampled_from(
    [
        {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="},
        {"type": "url", "url": HTTP_URL},
        {"type": "file", "file_id": "file_01"},
    ]
).map(lambda source: {"type": "image", "source": source})
an_other = st.sampled_from(
    [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "文"}},
        {"type": "x_future_block", "payload": [1, {"二": 2}]},
    ]
)
signatures = st.sampled_from(["c2ln", "RXFBQkNE+/==", "QQ"])


@st.composite
def an_thinking(draw: st.DrawFn) -> Wire:
    if draw(st.booleans()):
        return {"type": "redacted_thinking", "data": draw(signatures)}
    return {"type": "thinking", "thinking": draw(texts), "signature": draw(signatures)}


@st.composite
def an_tool_use(draw: st.DrawFn, call_id: str) -> Wire:
    block = {
        "type": "tool_use",
        "id": call_id,
        "name": draw(names),
        "input": draw(st.dictionaries(texts, json_values, max_size=3)),
    }
    return merged(draw(cache_control), block)


@st.composite
def an_tool_result(draw: st.DrawFn, call_id: str) -> Wire:
    block: Wire = {"type": "tool_result", "tool_use_id": call_id}
    content = draw(
        st.one_of(
            st.just(ABSENT), texts, st.lists(st.one_of(an_text(), an_image, an_other), max_size=3)
        )
    )
    if content is not ABSENT:
        block["content"] = content
    is_error = draw(st.sampled_from([ABSENT, True, False]))
    if is_error is not ABSENT:
        block["is_error"] = is_error
    return merged(draw(cache_control), block)


@st.composite
def an_message(draw: st.DrawFn, role: str, blocks: list[Wire]) -> Wire:
    msg: Wire = draw(unknown_fields)
    msg["role"] = role
    only_text = len(blocks) == 1 and set(blocks[0]) == {"type", "text"}
    msg["content"] = blocks[0]["text"] if only_text and draw(st.booleans()) else blocks
    return msg


@st.composite
def anthropic_requests(draw: st.DrawFn) -> tuple[Any, list[Wire]]:
    system = draw(st.one_of(st.none(), texts, st.lists(an_text(allow_empty=False), max_size=2)))
    msgs: list[Wire] = []
    counter = 0
    turns = draw(st.integers(0, 3))
    for turn in range(turns):
        user = draw(st.lists(st.one_of(an_text(), an_image, an_other), min_size=1, max_size=3))
        msgs.append(draw(an_message("user", user)))
        steps = draw(st.integers(0, 2))
        for step in range(steps):
            n = draw(st.integers(1, 3))
            ids = [f"toolu_{counter + k}" for k in range(n)]
            counter += n
            head = draw(st.lists(an_thinking(), max_size=2)) + draw(st.lists(an_text(), max_size=2))
            msgs.append(draw(an_message("assistant", head + [draw(an_tool_use(i)) for i in ids])))
            answered = ids
            if turn == turns - 1 and step == steps - 1 and draw(st.booleans()):
                answered = ids[: draw(st.integers(0, n - 1))]
            if answered:
                results = [draw(an_tool_result(i)) for i in draw(st.permutations(answered))]
                tail = draw(st.lists(an_text(), max_size=1))
                msgs.append(draw(an_message("user", results + tail)))
            if answered != ids:
                return system, msgs
        final = [*draw(st.lists(an_thinking(), max_size=1)), draw(an_text())]
        msgs.append(draw(an_message("assistant", final)))
    return system, msgs


PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- round trips --------------------------------------------------------------------------


@PROPERTY
@given(openai_histories())
def test_openai_round_trip_is_exact(history: list[Wire]) -> None:
    original = copy.deepcopy(history)
    messages = from_openai(history)
    assert to_openai(messages) == original
    assert history == original  # reading does not touch the caller's data
    # ... and stays exact after a trip through the store's JSON form.
    stored = json.loads(json.dumps(dump_messages(messages), ensure_ascii=False))
    assert to_openai(load_messages(stored)) == original


@PROPERTY
@given(anthropic_requests())
def test_anthropic_round_trip_is_exact(request: tuple[Any, list[Wire]]) -> None:
    system, history = copy.deepcopy(request)
    messages = from_anthropic(history, system)
    assert to_anthropic(messages) == request
    assert (system, history) == request
    stored = json.loads(json.dumps(dump_messages(messages), ensure_ascii=False))
    assert to_anthropic(load_messages(stored)) == request


def test_written_messages_share_nothing_with_the_internal_ones() -> None:
    history: list[Wire] = [
        {"role": "user", "content": [{"type": "text", "text": "看图", "x_meta": {"a": [1]}}]}
    ]
    messages = from_openai(history)
    written = to_openai(messages)
    written[0]["content"][0]["x_meta"]["a"].append(2)
    assert to_openai(messages) == history


# --- OpenAI content shapes ----------------------------------------------------------------


def test_openai_string_content_is_one_text_part() -> None:
    [msg] = from_openai([{"role": "user", "content": "你好，上下文引擎"}])
    assert msg.role == "user"
    assert msg.content_form == "string"
    assert msg.parts == [TextPart(text="你好，上下文引擎", extra={"openai": {}})]
    assert msg.starts_turn


@pytest.mark.parametrize(("content", "form"), [(None, "null"), ("absent", "absent")])
def test_openai_null_and_absent_content_are_told_apart(content: str | None, form: str) -> None:
    wire: Wire = {"role": "assistant", "tool_calls": []}
    if content != "absent":
        wire["content"] = content
    [msg] = from_openai([wire])
    assert msg.content_form == form
    assert msg.parts == []
    assert to_openai([msg]) == [wire]


def test_openai_parts_map_to_their_kinds() -> None:
    audio = {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}}
    file = {"type": "file", "file": {"file_id": "file-1"}}
    future = {"type": "x_video", "video": {"id": "v"}}
    wire = {
        "role": "user",
        "content": [
            {"type": "text", "text": "描述这张图"},
            {"type": "image_url", "image_url": {"url": DATA_URL, "detail": "low"}},
            audio,
            file,
            future,
        ],
    }
    [msg] = from_openai([wire])
    text, image, *raw = msg.parts
    assert isinstance(text, TextPart) and text.text == "描述这张图"
    assert isinstance(image, ImagePart)
    assert image.detail == "low"
    assert image.source == {"url": DATA_URL}
    assert [p.data for p in raw if isinstance(p, RawPart)] == [audio, file, future]
    assert to_openai([msg]) == [wire]


def test_openai_assistant_reasoning_and_parallel_tool_calls() -> None:
    calls: list[Wire] = [
        {"id": f"call_{i}", "type": "function", "function": {"name": "get", "arguments": a}}
        for i, a in enumerate(['{"city": "北京"}', '{"city": "Paris"}'])
    ]
    wire = {
        "role": "assistant",
        "content": None,
        "reasoning_content": "先查北京，再查巴黎",
        "tool_calls": calls,
    }
    [msg] = from_openai([wire])
    assert isinstance(msg.parts[0], ThinkingPart)
    assert msg.parts[0].text == "先查北京，再查巴黎"
    assert [(c.id, c.name, c.arguments) for c in msg.tool_calls] == [
        (c["id"], c["function"]["name"], c["function"]["arguments"]) for c in calls
    ]
    assert to_openai([msg]) == [wire]


def test_openai_unknown_fields_are_kept_per_object() -> None:
    call = {
        "id": "c1",
        "type": "function",
        "index": 0,
        "function": {"name": "f", "arguments": "{}", "x_hint": 1},
    }
    wire = {
        "role": "assistant",
        "content": "ok",
        "refusal": None,
        "name": None,
        "audio": {"id": "audio_1"},
        "tool_calls": [call],
    }
    [msg] = from_openai([wire])
    assert msg.name is None
    assert msg.extra["openai"] == {"refusal": None, "name": None, "audio": {"id": "audio_1"}}
    assert msg.tool_calls[0].extra["openai"] == {"index": 0, "function": {"x_hint": 1}}
    assert to_openai([msg]) == [wire]


def test_openai_sdk_dump_with_nulls_round_trips() -> None:
    # What `ChatCompletionMessage.model_dump()` gives: every optional field present, as null.
    wire: Wire = {
        "role": "assistant",
        "content": "你好",
        "refusal": None,
        "annotations": [],
        "audio": None,
        "function_call": None,
        "tool_calls": None,
        "reasoning_content": None,
    }
    [msg] = from_openai([wire])
    assert msg.text == "你好"
    assert msg.tool_calls == []
    assert not any(isinstance(p, ThinkingPart) for p in msg.parts)
    assert to_openai([msg]) == [wire]


def test_openai_tool_message_with_list_content() -> None:
    history: list[Wire] = [
        {
            "role": "assistant",
            "tool_calls": [
                {"id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "c",
            "content": [{"type": "text", "text": "第一行"}, {"type": "text", "text": "second"}],
        },
    ]
    msgs = from_openai(history)
    [result] = msgs[1].tool_results
    assert result.call_id == "c"
    assert result.content == "第一行\nsecond"
    assert result.blocks == history[1]["content"]
    assert to_openai(msgs) == history


def test_edited_tool_result_is_written_not_the_stale_blocks() -> None:
    history: list[Wire] = [
        {
            "role": "assistant",
            "tool_calls": [
                {"id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}
            ],
        },
        {"role": "tool", "tool_call_id": "c", "content": [{"type": "text", "text": "x" * 500}]},
    ]
    msgs = from_openai(history)
    result = msgs[1].parts[0]
    assert isinstance(result, ToolResultPart)
    msgs[1] = msgs[1].replace(parts=[result.model_copy(update={"content": "[truncated]"})])
    assert to_openai(msgs)[1]["content"] == "[truncated]"
    _, anthropic = to_anthropic(msgs)
    assert anthropic[1]["content"][0]["content"] == "[truncated]"


def test_internal_messages_get_default_shapes() -> None:
    call = ToolCallPart(id="c1", name="search", arguments='{"q": "上下文"}')
    msgs = [
        Message.system("be brief"),
        Message.user("查一下"),
        Message.assistant(tool_calls=[call]),
        Message.tool("c1", "结果"),
        Message.assistant("好的"),
    ]
    assert to_openai(msgs) == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "查一下"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "search", "arguments": call.arguments},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "结果"},
        {"role": "assistant", "content": "好的"},
    ]
    system, anthropic = to_anthropic(msgs)
    assert system == "be brief"
    assert anthropic == [
        {"role": "user", "content": "查一下"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "c1", "name": "search", "input": {"q": "上下文"}}
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "结果"}],
        },
        {"role": "assistant", "content": "好的"},
    ]


# --- Anthropic content shapes -------------------------------------------------------------


def test_anthropic_system_becomes_a_leading_system_message() -> None:
    blocks = [{"type": "text", "text": "你是助手", "cache_control": {"type": "ephemeral"}}]
    msgs = from_anthropic([{"role": "user", "content": "hi"}], blocks)
    assert msgs[0].role == "system"
    assert msgs[0].text == "你是助手"
    assert msgs[0].parts[0].extra["anthropic"] == {"cache_control": {"type": "ephemeral"}}
    assert to_anthropic(msgs) == (blocks, [{"role": "user", "content": "hi"}])
    assert to_anthropic(from_anthropic([], "")) == ("", [])
    assert to_anthropic(from_anthropic([])) == (None, [])


def test_anthropic_blocks_map_to_their_kinds() -> None:
    thinking = {"type": "thinking", "thinking": "想一想", "signature": "c2ln"}
    redacted = {"type": "redacted_thinking", "data": "ZW5jcnlwdGVk"}
    text = {"type": "text", "text": "答案", "citations": [{"type": "char_location"}]}
    use = {"type": "tool_use", "id": "t1", "name": "calc", "input": {"expr": "1+1", "精度": 2}}
    server = {"type": "server_tool_use", "id": "s1", "name": "web_search", "input": {}}
    [msg] = from_anthropic(
        [{"role": "assistant", "content": [thinking, redacted, text, use, server]}]
    )
    think, hidden, answer, call, raw = msg.parts
    assert isinstance(think, ThinkingPart) and (think.text, think.signature) == ("想一想", "c2ln")
    assert isinstance(hidden, ThinkingPart) and hidden.redacted and hidden.text == ""
    assert hidden.signature == "ZW5jcnlwdGVk"
    assert isinstance(answer, TextPart) and answer.extra["anthropic"] == {
        "citations": [{"type": "char_location"}]
    }
    assert isinstance(call, ToolCallPart) and json.loads(call.arguments) == use["input"]
    assert "精度" in call.arguments  # Chinese stays readable (and cheap to count)
    assert isinstance(raw, RawPart) and raw.data == server


def test_anthropic_tool_results_stay_in_one_user_message() -> None:
    use: list[Wire] = [
        {"type": "tool_use", "id": i, "name": "f", "input": {}} for i in ("t1", "t2", "t3")
    ]
    results: list[Wire] = [
        {"type": "tool_result", "tool_use_id": "t2", "content": "二", "is_error": True},
        {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "一"}]},
        {"type": "tool_result", "tool_use_id": "t3", "is_error": False},
        {"type": "text", "text": "继续"},
    ]
    history = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": use},
        {"role": "user", "content": results},
    ]
    msgs = from_anthropic(history)
    assert len(msgs) == 3 and msgs[2].role == "user"
    r2, r1, r3 = msgs[2].tool_results
    assert (r2.call_id, r2.content, r2.is_error) == ("t2", "二", True)
    assert (r1.content, r1.blocks) == ("一", results[1]["content"])
    assert (r3.content, r3.is_error) == ("", False)
    assert msgs[2].text == "继续"
    assert not msgs[2].starts_turn
    assert to_anthropic(msgs) == (None, history)


def test_anthropic_empty_and_absent_tool_result_content_are_told_apart() -> None:
    use = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "a", "name": "f", "input": {}}],
    }
    for result in (
        {"type": "tool_result", "tool_use_id": "a"},
        {"type": "tool_result", "tool_use_id": "a", "content": ""},
    ):
        history = [use, {"role": "user", "content": [result]}]
        assert to_anthropic(from_anthropic(history)) == (None, history)


# --- across formats -----------------------------------------------------------------------


def lines(chunks: list[str]) -> list[str]:
    """Non-empty lines: text survives a format change even when blocks are joined or split."""
    return [line for chunk in chunks for line in chunk.split("\n") if line]


def wire_texts_anthropic(system: Any, msgs: list[Wire]) -> list[str]:
    out = [system] if isinstance(system, str) else [b["text"] for b in system or []]
    for m in msgs:
        content = m["content"]
        if isinstance(content, str):
            out.append(content)
        else:
            out.extend(b["text"] for b in content if b["type"] == "text")
    return out


def wire_texts_openai(msgs: list[Wire]) -> list[str]:
    out = []
    for m in msgs:
        if m["role"] == "tool":
            continue
        content = m.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out.extend(p["text"] for p in content if p["type"] == "text")
    return out


@PROPERTY
@given(anthropic_requests())
def test_anthropic_to_openai_keeps_calls_paired(request: tuple[Any, list[Wire]]) -> None:
    system, history = request
    out = to_openai(from_anthropic(history, system))
    from_openai(out)  # valid OpenAI input, every tool message answers an earlier call

    uses = [
        b
        for m in history
        if isinstance(m["content"], list)
        for b in m["content"]
        if b["type"] == "tool_use"
    ]
    calls = [c for m in out for c in m.get("tool_calls") or []]
    assert [c["id"] for c in calls] == [u["id"] for u in uses]
    assert [json.loads(c["function"]["arguments"]) for c in calls] == [u["input"] for u in uses]

    results = [
        b
        for m in history
        if isinstance(m["content"], list)
        for b in m["content"]
        if b["type"] == "tool_result"
    ]
    tools = [m for m in out if m["role"] == "tool"]
    assert [t["tool_call_id"] for t in tools] == [r["tool_use_id"] for r in results]
    # OpenAI wants each tool message right after the assistant message that called it.
    for i, m in enumerate(out):
        if m["role"] == "tool":
            j = i - 1
            while out[j]["role"] == "tool":
                j -= 1
            assert m["tool_call_id"] in {c["id"] for c in out[j]["tool_calls"]}
    assert lines(wire_texts_openai(out)) == lines(wire_texts_anthropic(system, history))
    assert all("signature" not in json.dumps(m) for m in out)


@PROPERTY
@given(openai_histories())
def test_openai_to_anthropic_keeps_calls_paired(history: list[Wire]) -> None:
    system, out = to_anthropic(from_openai(history))
    from_anthropic(out, system)  # valid Anthropic input, every result answers an earlier call

    calls = [c for m in history for c in m.get("tool_calls") or []]
    uses = [
        b
        for m in out
        if isinstance(m["content"], list)
        for b in m["content"]
        if b["type"] == "tool_use"
    ]
    assert [u["id"] for u in uses] == [c["id"] for c in calls]
    for use, call in zip(uses, calls, strict=True):
        try:
            parsed = json.loads(call["function"]["arguments"])
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            assert use["input"] == parsed

    # Roles alternate, and the results for an assistant's calls are all in the next message.
    roles = [m["role"] for m in out]
    assert all(a != b for a, b in itertools.pairwise(roles))
    answered = {m["tool_call_id"] for m in history if m["role"] == "tool"}
    for i, m in enumerate(out):
        ids = {
            b["id"]
            for b in m["content"]
            if isinstance(m["content"], list) and b["type"] == "tool_use"
        }
        if ids & answered:
            nxt = out[i + 1]["content"]
            assert {b["tool_use_id"] for b in nxt if b["type"] == "tool_result"} == ids & answered
    source_texts = [t for m in history for t in wire_texts_openai([m])]
    assert lines(wire_texts_anthropic(system, out)) == lines(source_texts)


def test_thinking_across_formats() -> None:
    history = [
        {"role": "user", "content": "1+1?"},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "一加一", "signature": "sig"},
                {"type": "redacted_thinking", "data": "opaque"},
                {"type": "text", "text": "2"},
            ],
        },
    ]
    msgs = from_anthropic(history)
    assert to_openai(msgs)[1] == {
        "role": "assistant",
        "reasoning_content": "一加一",
        "content": "2",
    }
    assert to_openai(msgs, keep_thinking=False)[1] == {"role": "assistant", "content": "2"}
    # Reasoning from OpenAI-style providers carries no signature, which Anthropic would reject.
    back = from_openai(to_openai(msgs))
    assert to_anthropic(back)[1][1] == {"role": "assistant", "content": "2"}


def test_images_change_spelling_across_formats() -> None:
    openai_user = {
        "role": "user",
        "content": [
            {"type": "image_url", "image_url": {"url": DATA_URL}},
            {"type": "image_url", "image_url": {"url": HTTP_URL, "detail": "high"}},
        ],
    }
    _, [anthropic_user] = to_anthropic(from_openai([openai_user]))
    assert [b["source"] for b in anthropic_user["content"]] == [
        {"type": "base64", "media_type": "image/png", "data": DATA_URL.split(",", 1)[1]},
        {"type": "url", "url": HTTP_URL},
    ]
    back = to_openai(from_anthropic([anthropic_user]))
    assert [p["image_url"]["url"] for p in back[0]["content"]] == [DATA_URL, HTTP_URL]


def test_later_system_messages_become_user_messages_for_anthropic() -> None:
    msgs = [
        Message.system("规则"),
        Message(role="developer", parts=[TextPart(text="dev rules")]),
        Message.user("hi"),
        Message.assistant("hello"),
        Message.system("note: context was compacted", injected=True),
        Message.user("go on"),
    ]
    system, out = to_anthropic(msgs)
    assert system == [{"type": "text", "text": "规则"}, {"type": "text", "text": "dev rules"}]
    assert [m["role"] for m in out] == ["user", "assistant", "user", "user"]
    assert out[2]["content"] == "note: context was compacted"
