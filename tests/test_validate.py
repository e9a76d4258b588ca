"""Bad input: one-line `InputError`s that name the problem and where it is."""

from __future__ import annotations

import codecs
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.convert import (
    InputError,
    from_anthropic,
    from_openai,
    parse_json_input,
    to_openai,
    validate_pairing,
)
from ctxengine.messages import Message, ToolCallPart

Wire = dict[str, Any]


def call(call_id: str, arguments: Any = "{}") -> Wire:
    return {"id": call_id, "type": "function", "function": {"name": "f", "arguments": arguments}}


def assistant_calling(*ids: str) -> Wire:
    return {"role": "assistant", "content": None, "tool_calls": [call(i) for i in ids]}


def tool_use(call_id: str) -> Wire:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": {}}


def tool_result(call_id: str) -> Wire:
    return {"type": "tool_result", "tool_use_id": call_id, "content": "ok"}


def check(error: InputError, position: int | None, *phrases: str) -> None:
    text = str(error)
    assert "\n" not in text
    assert error.position == position
    if position is not None:
        assert text.startswith(f"message {position}: ")
    for phrase in phrases:
        assert phrase in text, (phrase, text)


USER: Wire = {"role": "user", "content": "你好"}

OPENAI_CASES: list[tuple[str, Any, int | None, tuple[str, ...]]] = [
    ("not a list", {"messages": []}, None, ("must be an array of messages", "got object")),
    ("message not an object", [USER, "hi"], 1, ("expected an object", "got string")),
    ("missing role", [{"content": "x"}], 0, ("missing role",)),
    (
        "unknown role",
        [USER, USER, USER, {"role": "robot", "content": "x"}],
        3,
        ("unknown role 'robot'",),
    ),
    ("role not a string", [{"role": 7, "content": "x"}], 0, ("unknown role 7",)),
    ("content a number", [{"role": "user", "content": 5}], 0, ("content must be", "got number")),
    ("content an object", [{"role": "user", "content": {"text": "x"}}], 0, ("got object",)),
    (
        "part not an object",
        [{"role": "user", "content": ["x"]}],
        0,
        ("content part 0: expected an object", "got string"),
    ),
    (
        "part without type",
        [{"role": "user", "content": [{"text": "x"}]}],
        0,
        ("content part 0: missing type",),
    ),
    (
        "text part without text",
        [
            {
                "role": "user",
                "content": [{"type": "text", "text": "a"}, {"type": "text", "text": None}],
            }
        ],
        0,
        ("content part 1: text must be a string", "got null"),
    ),
    (
        "image without url",
        [{"role": "user", "content": [{"type": "image_url", "image_url": "https://x"}]}],
        0,
        ("content part 0", "image_url must be an object with a string url"),
    ),
    (
        "tool_calls not a list",
        [{"role": "assistant", "tool_calls": {"id": "a"}}],
        0,
        ("tool_calls must be an array", "got object"),
    ),
    (
        "tool call not an object",
        [{"role": "assistant", "tool_calls": ["a"]}],
        0,
        ("tool call 0: expected an object", "got string"),
    ),
    (
        "tool call without id",
        [
            {
                "role": "assistant",
                "tool_calls": [
                    call("a"),
                    {"type": "function", "function": {"name": "f", "arguments": "{}"}},
                ],
            }
        ],
        0,
        ("tool call 1: id must be a string", "got null"),
    ),
    (
        "tool call of another type",
        [{"role": "assistant", "tool_calls": [{"id": "a", "type": "custom", "custom": {}}]}],
        0,
        ("tool call 0: type must be 'function', got 'custom'",),
    ),
    (
        "tool call without function",
        [{"role": "assistant", "tool_calls": [{"id": "a", "type": "function"}]}],
        0,
        ("tool call 0: function must be an object", "got null"),
    ),
    (
        "function name not a string",
        [
            {
                "role": "assistant",
                "tool_calls": [{"id": "a", "type": "function", "function": {"arguments": "{}"}}],
            }
        ],
        0,
        ("tool call 0: function.name must be a string", "got null"),
    ),
    (
        "arguments as an object",
        [{"role": "assistant", "tool_calls": [call("a", {"x": 1})]}],
        0,
        ("function.arguments must be a JSON string", "got object"),
    ),
    (
        "arguments missing",
        [
            {
                "role": "assistant",
                "tool_calls": [{"id": "a", "type": "function", "function": {"name": "f"}}],
            }
        ],
        0,
        ("function.arguments is missing",),
    ),
    (
        "tool message without call id",
        [assistant_calling("a"), {"role": "tool", "content": "x"}],
        1,
        ("tool message has no tool_call_id",),
    ),
    (
        "tool call id not a string",
        [assistant_calling("a"), {"role": "tool", "tool_call_id": 1, "content": "x"}],
        1,
        ("tool_call_id must be a string", "got number"),
    ),
    (
        "tool content wrong type",
        [assistant_calling("a"), {"role": "tool", "tool_call_id": "a", "content": 3}],
        1,
        ("content must be", "got number"),
    ),
    (
        "orphaned tool result",
        [
            USER,
            assistant_calling("call_1"),
            {"role": "tool", "tool_call_id": "call_1", "content": "x"},
            USER,
            assistant_calling("call_2"),
            USER,
            USER,
            {"role": "tool", "tool_call_id": "call_9", "content": "x"},
        ],
        7,
        ("tool result for call 'call_9' has no matching tool call",),
    ),
    (
        "result before its call",
        [USER, {"role": "tool", "tool_call_id": "a", "content": "x"}, assistant_calling("a")],
        1,
        ("tool result for call 'a' has no matching tool call",),
    ),
]


@pytest.mark.parametrize(
    ("data", "position", "phrases"), [c[1:] for c in OPENAI_CASES], ids=[c[0] for c in OPENAI_CASES]
)
def test_openai_input_errors(data: Any, position: int | None, phrases: tuple[str, ...]) -> None:
    with pytest.raises(InputError) as info:
        from_openai(data)
    check(info.value, position, *phrases)


def test_openai_orphan_message_matches_the_documented_wording() -> None:
    data = [*[USER] * 7, {"role": "tool", "tool_call_id": "call_9", "content": ""}]
    with pytest.raises(InputError) as info:
        from_openai(data)
    assert str(info.value) == "message 7: tool result for call 'call_9' has no matching tool call"


def test_openai_tool_call_without_result_is_fine() -> None:
    messages = from_openai(
        [USER, assistant_calling("a", "b"), {"role": "tool", "tool_call_id": "b", "content": "x"}]
    )
    assert [c.id for c in messages[1].tool_calls] == ["a", "b"]


def test_openai_single_tool_message_with_known_call_ids() -> None:
    tool = {"role": "tool", "tool_call_id": "old_call", "content": "结果"}
    with pytest.raises(InputError):
        from_openai([tool])
    assert to_openai(from_openai([tool], known_call_ids={"old_call"})) == [tool]
    assert to_openai(from_openai([tool], check_pairing=False)) == [tool]


ANTHROPIC_CASES: list[tuple[str, Any, Any, int | None, tuple[str, ...]]] = [
    ("not a list", "hi", None, None, ("must be an array of messages", "got string")),
    (
        "system wrong type",
        [USER],
        5,
        None,
        ("system must be a string or an array of blocks", "got number"),
    ),
    (
        "system block without type",
        [USER],
        [{"text": "x"}],
        None,
        ("system: block 0: missing type",),
    ),
    (
        "system tool use",
        [USER],
        [tool_use("a")],
        None,
        ("system: block 0", "tool_use is only allowed in assistant"),
    ),
    ("message not an object", [USER, None], None, 1, ("expected an object", "got null")),
    ("missing role", [{"content": "x"}], None, 0, ("missing role",)),
    ("unknown role", [USER, {"role": "robot", "content": "x"}], None, 1, ("unknown role 'robot'",)),
    (
        "system role in messages",
        [{"role": "system", "content": "x"}],
        None,
        0,
        ("role 'system' is not allowed here",),
    ),
    (
        "tool role in messages",
        [{"role": "tool", "content": "x"}],
        None,
        0,
        ("role 'tool' is not allowed here",),
    ),
    ("missing content", [{"role": "user"}], None, 0, ("missing content",)),
    (
        "null content",
        [{"role": "user", "content": None}],
        None,
        0,
        ("content must be a string or an array of blocks", "got null"),
    ),
    (
        "block not an object",
        [{"role": "user", "content": [1]}],
        None,
        0,
        ("block 0: expected an object", "got number"),
    ),
    (
        "block without type",
        [{"role": "user", "content": [{"type": "text", "text": "a"}, {}]}],
        None,
        0,
        ("block 1: missing type",),
    ),
    (
        "text not a string",
        [{"role": "user", "content": [{"type": "text", "text": 1}]}],
        None,
        0,
        ("block 0: text.text must be a string",),
    ),
    (
        "image source not an object",
        [{"role": "user", "content": [{"type": "image", "source": "url"}]}],
        None,
        0,
        ("image.source must be an object",),
    ),
    (
        "thinking not a string",
        [USER, {"role": "assistant", "content": [{"type": "thinking", "signature": "s"}]}],
        None,
        1,
        ("thinking.thinking must be a string", "got null"),
    ),
    (
        "redacted without data",
        [USER, {"role": "assistant", "content": [{"type": "redacted_thinking"}]}],
        None,
        1,
        ("redacted_thinking.data must be a string",),
    ),
    (
        "tool use from the user",
        [{"role": "user", "content": [tool_use("a")]}],
        None,
        0,
        ("tool_use is only allowed in assistant messages",),
    ),
    (
        "tool use without id",
        [USER, {"role": "assistant", "content": [{"type": "tool_use", "name": "f", "input": {}}]}],
        None,
        1,
        ("tool_use.id must be a string",),
    ),
    (
        "tool use input not an object",
        [USER, {"role": "assistant", "content": [{**tool_use("a"), "input": "{}"}]}],
        None,
        1,
        ("tool_use.input must be an object", "got string"),
    ),
    (
        "tool use input NaN",
        [USER, {"role": "assistant", "content": [{**tool_use("a"), "input": {"x": float("nan")}}]}],
        None,
        1,
        ("NaN or Infinity",),
    ),
    (
        "tool result from the assistant",
        [USER, {"role": "assistant", "content": [tool_result("a")]}],
        None,
        1,
        ("tool_result is only allowed in user messages",),
    ),
    (
        "tool result content wrong type",
        [
            USER,
            {"role": "assistant", "content": [tool_use("a")]},
            {"role": "user", "content": [{**tool_result("a"), "content": 42}]},
        ],
        None,
        2,
        ("tool_result content must be a string or an array of blocks", "got number"),
    ),
    (
        "tool result content block not an object",
        [
            USER,
            {"role": "assistant", "content": [tool_use("a")]},
            {"role": "user", "content": [{**tool_result("a"), "content": ["x"]}]},
        ],
        None,
        2,
        ("tool_result content block 0 must be an object with a type",),
    ),
    (
        "orphaned tool result",
        [
            USER,
            {"role": "assistant", "content": [tool_use("a")]},
            {"role": "user", "content": [tool_result("a"), tool_result("call_9")]},
        ],
        None,
        2,
        ("tool result for call 'call_9' has no matching tool call",),
    ),
]


@pytest.mark.parametrize(
    ("messages", "system", "position", "phrases"),
    [c[1:] for c in ANTHROPIC_CASES],
    ids=[c[0] for c in ANTHROPIC_CASES],
)
def test_anthropic_input_errors(
    messages: Any, system: Any, position: int | None, phrases: tuple[str, ...]
) -> None:
    with pytest.raises(InputError) as info:
        from_anthropic(messages, system)
    check(info.value, position, *phrases)


def test_anthropic_positions_do_not_count_the_system_prompt() -> None:
    with pytest.raises(InputError) as info:
        from_anthropic([USER, {"role": "robot", "content": "x"}], "系统提示")
    check(info.value, 1, "unknown role 'robot'")


# --- validate_pairing ---------------------------------------------------------------------


def test_validate_pairing_accepts_calls_without_results() -> None:
    messages = [
        Message.user("hi"),
        Message.assistant(
            tool_calls=[ToolCallPart(id="a", name="f"), ToolCallPart(id="b", name="f")]
        ),
        Message.tool("a", "done"),
    ]
    validate_pairing(messages)


def test_validate_pairing_rejects_results_from_nowhere() -> None:
    messages = [Message.user("hi"), Message.assistant("no tools"), Message.tool("ghost", "x")]
    with pytest.raises(InputError) as info:
        validate_pairing(messages)
    check(info.value, 2, "tool result for call 'ghost' has no matching tool call")


def test_validate_pairing_only_counts_earlier_assistant_calls() -> None:
    call = ToolCallPart(id="a", name="f")
    later = [Message.user("hi"), Message.tool("a", "x"), Message.assistant(tool_calls=[call])]
    with pytest.raises(InputError) as info:
        validate_pairing(later)
    check(info.value, 1, "'a'")
    # A call in a user message is not a call the model made.
    from_user = [Message(role="user", parts=[call]), Message.tool("a", "x")]
    with pytest.raises(InputError):
        validate_pairing(from_user)


@settings(max_examples=60, deadline=None)
@given(
    calls=st.lists(st.integers(1, 3), min_size=1, max_size=5),
    data=st.data(),
)
def test_an_unissued_result_id_is_found_wherever_it_is(
    calls: list[int], data: st.DataObject
) -> None:
    history: list[Wire] = [USER]
    n = 0
    for k in calls:
        ids = [f"call_{n + j}" for j in range(k)]
        n += k
        history.append(assistant_calling(*ids))
        history.extend({"role": "tool", "tool_call_id": i, "content": "ok"} for i in ids)
    from_openai(history)  # the valid history reads
    tools = [i for i, m in enumerate(history) if m["role"] == "tool"]
    bad = data.draw(st.sampled_from(tools))
    history[bad] = {**history[bad], "tool_call_id": "never_issued"}
    with pytest.raises(InputError) as info:
        from_openai(history)
    check(info.value, bad, "'never_issued'", "no matching tool call")
    messages = from_openai(history, check_pairing=False)
    with pytest.raises(InputError) as again:
        validate_pairing(messages)
    check(again.value, bad, "'never_issued'")


# --- parse_json_input ---------------------------------------------------------------------


def test_parse_json_input_reads_utf8_json() -> None:
    value = [{"role": "user", "content": "你好，世界 🌍"}]
    assert parse_json_input(json.dumps(value, ensure_ascii=False).encode()) == value
    assert parse_json_input(codecs.BOM_UTF8 + json.dumps(value).encode()) == value


@pytest.mark.parametrize(
    ("prefix", "bad"),
    [
        (b'[{"content": "', b"\xff"),
        ('[{"content": "你好'.encode(), "好".encode()[:2] + b'"}]'),  # a cut multi-byte char
        (codecs.BOM_UTF8 + b'["', b"\xc3\x28"),
    ],
)
def test_parse_json_input_names_the_bad_byte(prefix: bytes, bad: bytes) -> None:
    with pytest.raises(InputError) as info:
        parse_json_input(prefix + bad)
    assert str(info.value) == f"input is not valid UTF-8 at byte {len(prefix)}"
    assert info.value.position == len(prefix)


def test_parse_json_input_names_line_and_column() -> None:
    lines = [
        "[",
        '  {"role": "user", "content": "第一"},',
        '  {"role": "user" "content": "x"}',
        "]",
    ]
    text = "\n".join(lines)
    with pytest.raises(InputError) as info:
        parse_json_input(text.encode())
    column = lines[2].index('"content"') + 1
    assert str(info.value).startswith(f"invalid JSON at line 3 column {column}: ")
    assert "delimiter" in str(info.value)
    assert info.value.position == text.index('"content": "x"')


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_parse_json_input_rejects_non_json_constants(constant: str) -> None:
    text = '{"s": "NaN inside a string is fine",\n "x": ' + constant + "}"
    with pytest.raises(InputError) as info:
        parse_json_input(text.encode())
    column = len(' "x": ') + 1
    assert str(info.value) == f"invalid JSON at line 2 column {column}: {constant} is not allowed"
    assert parse_json_input(b'["NaN"]') == ["NaN"]


@pytest.mark.parametrize(
    ("raw", "phrase"),
    [
        (b"", "invalid JSON at line 1 column 1: Expecting value"),
        (b'[{"a": 1}', "invalid JSON at line 1 column 10"),
        (b"[" * 200_000, "invalid JSON: nested too deeply"),
        (b"[" + b"9" * 10_000 + b"]", "invalid JSON: "),
    ],
    ids=["empty", "truncated", "too deep", "huge integer"],
)
def test_parse_json_input_other_failures_are_one_line(raw: bytes, phrase: str) -> None:
    with pytest.raises(InputError) as info:
        parse_json_input(raw)
    assert str(info.value).startswith(phrase)
    assert "\n" not in str(info.value)


def test_large_input_parses_and_round_trips() -> None:
    # ~20 MB: long tool outputs, mixed Chinese and English, parallel calls.
    chunk = ("工具输出 tool output line 上下文引擎 " * 40 + "\n") * 25
    history: list[Wire] = [{"role": "system", "content": "你是一个助手"}]
    for i in range(250):
        history.append({"role": "user", "content": f"第{i}轮: " + chunk[:2000]})
        history.append(assistant_calling(f"c{i}a", f"c{i}b"))
        history.append({"role": "tool", "tool_call_id": f"c{i}a", "content": chunk})
        history.append({"role": "tool", "tool_call_id": f"c{i}b", "content": chunk})
        history.append({"role": "assistant", "content": "好的 " + chunk[:500]})
    raw = json.dumps(history, ensure_ascii=False).encode()
    assert len(raw) > 20_000_000
    parsed = parse_json_input(raw)
    assert parsed == history
    assert to_openai(from_openai(parsed)) == history
