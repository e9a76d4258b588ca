"""Review round 16, the command line: lone surrogates, invalid setting values, an unusable
workspace or database, and messages a provider refuses exit 2 with one line on stderr naming
the problem, never 1 or a traceback. Through `main` in-process (the way the existing CLI tests
drive it) and, for the reviewer's cases, a real process."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ctxengine.cli import main

USER = {"role": "user", "content": "Find order A1234 for me. 帮我查订单"}
CALL = {"id": "c1", "type": "function", "function": {"name": "get", "arguments": "{}"}}
ASK = {"role": "assistant", "content": None, "tool_calls": [CALL]}


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("CTXENGINE_")}


def run_main(
    args: list[str], monkeypatch: pytest.MonkeyPatch, stdin: bytes = b""
) -> tuple[int, bytes, str]:
    for key in [k for k in os.environ if k.startswith("CTXENGINE_")]:
        monkeypatch.delenv(key)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(stdout):
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    stdout.flush()
    buffer = stdout.buffer
    assert isinstance(buffer, io.BytesIO)
    return code, buffer.getvalue(), err.getvalue()


def assert_exit_2(code: int, out: bytes, err: str, command: str, *parts: str) -> None:
    assert code == 2, (code, err)
    assert out == b""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"ctxengine {command}: "), err
    for part in parts:
        assert part in lines[0], (part, lines[0])


def compact_stdin(
    body: bytes | object, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *more: str
) -> tuple[int, bytes, str]:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    args = ["compact", "-", "--workspace", str(tmp_path / "ws"), *more]
    return run_main(args, monkeypatch, raw)


# --- lone surrogates -------------------------------------------------------------------------

SURROGATES = [
    (b'[{"role":"user","content":"\\ud800"}]', "message 0: content is not valid Unicode"),
    (b'[{"role":"user","content":"ok \\udfff ok"}]', "message 0: content is not valid Unicode"),
    (
        b'[{"role":"user","content":[{"type":"text","text":"\\udc00"}]}]',
        "message 0: content[0].text",
    ),
    (b'[{"role":"user","content":"hi","name":"\\ud801"}]', "message 0: name"),
    (
        b'[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":'
        b'[{"id":"c1","type":"function","function":{"name":"f","arguments":"\\ud800"}}]}]',
        "message 1: tool_calls[0].function.arguments",
    ),
    (
        b'[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":'
        b'[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},'
        b'{"role":"tool","tool_call_id":"c1","content":"\\udbff"}]',
        "message 2: content",
    ),
    (
        b'{"messages":[{"role":"user","content":"\\u4f60\\u597d"},'
        b'{"role":"user","content":"\\ud800\\u4f60"}]}',
        "message 1: content",
    ),
    (b'[{"role":"user","content":"x","x_extra":["\\ud800"]}]', "message 0: x_extra[0]"),
]


@pytest.mark.parametrize(("raw", "part"), SURROGATES)
def test_a_lone_surrogate_exits_2_naming_the_message(
    raw: bytes, part: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = compact_stdin(raw, monkeypatch, tmp_path)
    assert_exit_2(code, out, err, "compact", part, "lone surrogate")


@pytest.mark.parametrize(
    "raw",
    [
        b'[{"role":"user","content":"\\ud83d\\ude00 smile"}]',
        b'[{"role":"user","content":"\\u8ba2\\u5355 A1234"}]',
        '[{"role":"user","content":"订单 A1234 在哪"}]'.encode(),
    ],
)
def test_valid_escapes_still_compact(
    raw: bytes, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = compact_stdin(raw, monkeypatch, tmp_path)
    assert code == 0, err
    text = json.loads(raw)[0]["content"]
    assert text in json.dumps(json.loads(out)["messages"], ensure_ascii=False)


# --- invalid setting values ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "parts"),
    [
        ({"encoding": "nope"}, ['input "config"', "encoding", "'nope'"]),
        ({"model": "gpt-4o", "encoding": "nope"}, ["encoding"]),
        ({"db": "mysql://x"}, ["db", "unknown scheme 'mysql'"]),
        ({"db": "sqlite://host/x.db"}, ["db", "no host"]),
        ({"db": "postgresql://h/d?schema=no-dash"}, ["db", "schema"]),
    ],
)
def test_an_invalid_setting_in_the_input_exits_2(
    config: dict[str, Any], parts: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = compact_stdin({"messages": [USER], "config": config}, monkeypatch, tmp_path)
    assert_exit_2(code, out, err, "compact", *parts)


def test_an_invalid_setting_in_a_config_file_exits_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({"encoding": "latin-1"}), encoding="utf-8")
    code, out, err = compact_stdin([USER], monkeypatch, tmp_path, "--config", str(cfg))
    assert_exit_2(code, out, err, "compact", str(cfg), "encoding", "'latin-1'")
    for command in ("gc", "serve"):
        code, out, err = run_main([command, "--config", str(cfg)], monkeypatch)
        assert_exit_2(code, out, err, command, "encoding")


@pytest.mark.parametrize(
    "config",
    [
        {"encoding": "cl100k_base"},
        {"encoding": "Qwen"},
        {"model": "totally-unknown-model"},
        {"db": "memory://"},
    ],
)
def test_valid_settings_still_compact(
    config: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = compact_stdin({"messages": [USER], "config": config}, monkeypatch, tmp_path)
    assert code == 0, err
    assert json.loads(out)["stats"]["turns_before"] == 1


def test_a_sqlite_db_in_the_input_is_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "sub" / "c.db"
    config = {"db": f"sqlite:///{db}"}
    code, _, err = compact_stdin({"messages": [USER], "config": config}, monkeypatch, tmp_path)
    assert code == 0, err
    assert db.is_file()


# --- an unusable workspace or database -------------------------------------------------------


@pytest.fixture
def blocker(tmp_path: Path) -> Path:
    """A regular file: no directory can be created under it (whoever runs the tests)."""
    path = tmp_path / "a-file"
    path.write_text("not a directory", encoding="utf-8")
    return path


def test_a_workspace_that_cannot_be_created_exits_2(
    blocker: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ws = str(blocker / "ws")
    path = tmp_path / "in.json"
    path.write_text(json.dumps([USER]), encoding="utf-8")
    code, out, err = run_main(["compact", str(path), "--workspace", ws], monkeypatch)
    assert_exit_2(code, out, err, "compact", "workspace", ws)
    body = json.dumps({"messages": [USER], "config": {"workspace": ws}}).encode()
    code, out, err = run_main(["compact", "-"], monkeypatch, body)
    assert_exit_2(code, out, err, "compact", "workspace", ws)
    for command in ("gc", "serve"):
        code, out, err = run_main([command, "--workspace", ws], monkeypatch)
        assert_exit_2(code, out, err, command, "workspace", ws)


def test_a_database_that_cannot_be_opened_exits_2(
    blocker: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = f"sqlite:///{blocker / 'x.db'}"
    ws = str(tmp_path / "ws")
    body = json.dumps({"messages": [USER], "config": {"db": url}}).encode()
    code, out, err = run_main(["compact", "-", "--workspace", ws], monkeypatch, body)
    assert_exit_2(code, out, err, "compact", "db", "cannot open the database")
    for command in ("gc", "serve"):
        code, out, err = run_main([command, "--db", url, "--workspace", ws], monkeypatch)
        assert_exit_2(code, out, err, command, "db", "cannot open the database")
        code, out, err = run_main([command, "--db", "mysql://u:secret@h/d"], monkeypatch)
        assert_exit_2(code, out, err, command, "db", "'mysql'")
        assert "secret" not in err


def test_gc_with_a_usable_workspace_still_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = run_main(["gc", "--workspace", str(tmp_path / "new" / "ws")], monkeypatch)
    assert code == 0, err
    assert json.loads(out) == {"removed": [], "count": 0}


# --- messages a provider refuses -------------------------------------------------------------

REFUSED: list[tuple[list[dict[str, Any]], list[str]]] = [
    ([{"role": "user"}], ["message 0", "user message needs content", "missing"]),
    ([{"role": "user", "content": None}], ["message 0", "null"]),
    ([{"role": "system"}, USER], ["message 0", "system message"]),
    ([{"role": "user", "content": [{"type": "bogus"}]}], ["message 0", "'bogus'"]),
    ([{"role": "user", "content": [{"type": "file"}]}], ["message 0", "'file' field"]),
    ([{"role": "user", "content": [{"type": "text", "text": 3}]}], ["message 0", "text"]),
    ([USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": None}], ["message 2"]),
    ([USER, {"role": "assistant", "content": None}], ["message 1", "assistant"]),
]


@pytest.mark.parametrize(("messages", "parts"), REFUSED)
def test_a_message_a_provider_refuses_exits_2(
    messages: list[dict[str, Any]],
    parts: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    code, out, err = compact_stdin(messages, monkeypatch, tmp_path)
    assert_exit_2(code, out, err, "compact", *parts)


ACCEPTED: list[list[dict[str, Any]]] = [
    [USER, ASK],
    [USER, ASK, {"role": "tool", "tool_call_id": "c1", "content": "shipped"}],
    [{"role": "user", "content": ""}],
    [{"role": "user", "content": [{"type": "text", "text": "你好"}]}],
    [
        {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
                {"type": "audio_url", "audio_url": {"url": "https://example.com/a.wav"}},
                {"type": "video", "video": ["https://example.com/f1.jpg"]},
            ],
        }
    ],
    [USER, {"role": "assistant", "content": None, "refusal": "No."}],
]


@pytest.mark.parametrize("messages", ACCEPTED)
def test_messages_a_provider_takes_still_compact(
    messages: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = compact_stdin(messages, monkeypatch, tmp_path)
    assert code == 0, err
    assert json.loads(out)["messages"][-len(messages) :] == messages


# --- the reviewer's cases, each in a real process --------------------------------------------


def test_the_reviewers_cases_exit_2_in_real_processes(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    cases: dict[str, tuple[list[str], bytes, str]] = {
        "surrogate": (
            ["compact", "-", "--workspace", ws],
            b'[{"role":"user","content":"\\ud800"}]',
            "message 0: content is not valid Unicode (lone surrogate)",
        ),
        "encoding": (
            ["compact", "-", "--workspace", ws],
            b'{"messages":[{"role":"user","content":"hi"}],"config":{"encoding":"nope"}}',
            "encoding",
        ),
        "db": (
            ["compact", "-", "--workspace", ws],
            b'{"messages":[{"role":"user","content":"hi"}],"config":{"db":"mysql://x"}}',
            "mysql",
        ),
        "workspace": (
            ["compact", "-", "--workspace", str(tmp_path / "f" / "ws")],
            b'[{"role":"user","content":"hi"}]',
            "workspace",
        ),
        "no_content": (["compact", "-", "--workspace", ws], b'[{"role":"user"}]', "message 0"),
    }
    (tmp_path / "f").write_text("a file", encoding="utf-8")
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-m", "ctxengine", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
        )
        for name, (args, _, _) in cases.items()
    }
    for name, proc in procs.items():
        out, err = proc.communicate(cases[name][1], timeout=120)
        assert_exit_2(proc.returncode, out, err.decode("utf-8"), "compact", cases[name][2])
