"""`ctxengine compact`, the contract users' scripts depend on, run as a real process."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.cli import main
from ctxengine.convert import from_openai
from ctxengine.pipeline.pairing import unpaired
from ctxengine.tokens import TokenCounter

from .histories import tool_history

CONSOLE_SCRIPT = Path(sys.executable).with_name("ctxengine")
OUTPUT_KEYS = {"messages", "compacted_context", "stats", "audit_log"}
STATS_KEYS = {"tokens_before", "tokens_after", "turns_before", "turns_after"}


def _env() -> dict[str, str]:
    # The runner's own CTXENGINE_* settings must not change what the command computes.
    return {k: v for k, v in os.environ.items() if not k.startswith("CTXENGINE_")}


def run_cli(
    *args: str, stdin: bytes = b"", cwd: Path | None = None, module: bool = True
) -> subprocess.CompletedProcess[bytes]:
    cmd = [sys.executable, "-m", "ctxengine"] if module else [str(CONSOLE_SCRIPT)]
    return subprocess.run(
        [*cmd, *args], input=stdin, capture_output=True, env=_env(), cwd=cwd, timeout=120
    )


def ok_json(proc: subprocess.CompletedProcess[bytes]) -> dict[str, Any]:
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    out: dict[str, Any] = json.loads(proc.stdout.decode("utf-8"))
    return out


def _last_user_text(messages: list[dict[str, Any]]) -> str:
    return str([m for m in messages if m["role"] == "user"][-1]["content"])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_forty_turns_with_tools_fit_a_small_budget(lang: str, tmp_path: Path) -> None:
    history = tool_history(40, lang)
    budget = 3000
    ws = tmp_path / "ws"
    proc = run_cli(
        "compact",
        "-",
        "--max-context-tokens",
        str(budget),
        "--max-context-turns",
        "8",
        "--workspace",
        str(ws),
        stdin=json.dumps(history, ensure_ascii=False).encode("utf-8"),
    )
    out = ok_json(proc)
    assert set(out) == OUTPUT_KEYS
    assert set(out["stats"]) == STATS_KEYS
    assert proc.stderr == b""

    # What the model would be sent is valid input again, fits and keeps every call paired.
    sent = from_openai(out["messages"])
    assert TokenCounter().messages(sent) <= budget
    assert out["stats"]["tokens_after"] <= budget
    assert unpaired(sent, allow_pending=False) == (set(), set())
    assert out["stats"]["turns_before"] == 40
    assert 1 <= out["stats"]["turns_after"] < 40
    assert out["stats"]["tokens_before"] == TokenCounter().messages(from_openai(history))
    assert out["stats"]["tokens_after"] < out["stats"]["tokens_before"]
    # The system prompt and the latest user message are there, whole.
    assert out["messages"][0] == history[0]
    assert _last_user_text(out["messages"]).endswith(_last_user_text(history))
    assert out["messages"][-1] == history[-1]

    # One audit entry per compaction step, each with its figures and where summaries went.
    # (Pipeline steps carry a stage; the compaction layers log their own events alongside.)
    steps = [e for e in out["audit_log"] if e.get("event") == "compaction" and "stage" in e]
    assert steps
    for e in steps:
        assert isinstance(e["stage"], str)
        for k in ("turns_before", "turns_after", "tokens_before", "tokens_after"):
            assert isinstance(e[k], int), (k, e)
    summarized = [e for e in steps if "summarized" in e]
    assert summarized, "what left the context was summarized"
    day = datetime.now(UTC).date().isoformat()
    daily = ws / "users" / "cli" / "memory" / f"{day}.md"
    for e in summarized:
        assert e["summarized"]["messages"] > 0
        assert Path(e["written_to"]) == daily
    assert daily.is_file()
    memory = daily.read_text(encoding="utf-8")
    assert "A0001" in memory  # the earliest turn left the context and reached memory
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", daily.name)
    assert out["compacted_context"]


def test_file_and_stdin_give_the_same_result(tmp_path: Path) -> None:
    history = tool_history(12, result_chars=400)
    path = tmp_path / "history.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    args = ("--max-context-turns", "4", "--workspace", str(tmp_path / "ws"))
    from_file = ok_json(run_cli("compact", str(path), *args))
    from_stdin = ok_json(run_cli("compact", "-", *args, stdin=path.read_bytes()))
    assert from_file["messages"] == from_stdin["messages"]
    assert from_file["stats"] == from_stdin["stats"]


def test_console_script_runs(tmp_path: Path) -> None:
    history = tool_history(3, result_chars=200)
    out = ok_json(
        run_cli(
            "compact",
            "-",
            "--workspace",
            str(tmp_path),
            stdin=json.dumps(history).encode(),
            module=False,
        )
    )
    # Nothing to compact: the history comes back as it was sent (plus any injected block).
    assert [m for m in out["messages"] if m in history] == history
    assert out["stats"]["turns_before"] == out["stats"]["turns_after"] == 3


@pytest.mark.parametrize("how", ["flag", "inline", "file"])
def test_turn_limit_from_flag_inline_config_or_config_file(how: str, tmp_path: Path) -> None:
    history = tool_history(12, result_chars=200)
    args: list[str] = ["--workspace", str(tmp_path / "ws")]
    payload: object = history
    if how == "flag":
        args += ["--max-context-turns", "4"]
    elif how == "inline":
        payload = {"messages": history, "config": {"agent_max_context_turns": 4}}
    else:
        cfg = tmp_path / "config.json"
        cfg.write_text(json.dumps({"agent_max_context_turns": 4}), encoding="utf-8")
        args += ["--config", str(cfg)]
    out = ok_json(run_cli("compact", "-", *args, stdin=json.dumps(payload).encode()))
    assert out["stats"]["turns_before"] == 12
    assert out["stats"]["turns_after"] <= 4
    assert "trim" in {e.get("stage") for e in out["audit_log"]}


def test_token_budget_flag(tmp_path: Path) -> None:
    history = tool_history(12, result_chars=1500)
    base = ok_json(
        run_cli("compact", "-", "--workspace", str(tmp_path), stdin=json.dumps(history).encode())
    )
    assert base["stats"]["tokens_after"] > 1500  # the default budget keeps it all
    out = ok_json(
        run_cli(
            "compact",
            "-",
            "--max-context-tokens",
            "1500",
            "--workspace",
            str(tmp_path),
            stdin=json.dumps(history).encode(),
        )
    )
    assert out["stats"]["tokens_after"] <= 1500


def _bad_cases(tmp_path: Path) -> list[tuple[list[str], bytes, list[str]]]:
    """(arguments, stdin, substrings the one error line must hold)."""
    user = {"role": "user", "content": "hello 你好"}
    non_utf8 = b'[{"role": "user", "content": "caf\xe9"}]'
    bad_byte = non_utf8.index(0xE9)
    bad_cfg = tmp_path / "bad-config.json"
    bad_cfg.write_text(json.dumps({"agent_max_context_turns": "many"}), encoding="utf-8")
    return [
        (["-"], b"{not json", ["invalid JSON", "line 1 column 2"]),
        (["-"], b"[1, 2", ["invalid JSON", "line 1"]),
        (
            ["-"],
            json.dumps([user, {"role": "robot", "content": "x"}]).encode(),
            ["message 1", "robot"],
        ),
        (
            ["-"],
            json.dumps([user, {"role": "tool", "tool_call_id": "call_9", "content": "r"}]).encode(),
            ["message 1", "call_9", "no matching tool call"],
        ),
        (["-"], non_utf8, ["UTF-8", f"byte {bad_byte}"]),
        (
            ["-"],
            json.dumps({"messages": [user], "config": {"colour": 1}}).encode(),
            ["config", "colour"],
        ),
        (
            ["-"],
            json.dumps(
                {"messages": [user], "config": {"agent_max_context_tokens": "lots"}}
            ).encode(),
            ["config", "agent_max_context_tokens"],
        ),
        (
            ["-", "--config", str(bad_cfg)],
            json.dumps([user]).encode(),
            [str(bad_cfg), "agent_max_context_turns"],
        ),
        (
            ["-", "--config", str(tmp_path / "nope.json")],
            json.dumps([user]).encode(),
            ["nope.json", "not found"],
        ),
        ([str(tmp_path / "missing.json")], b"", ["missing.json", "not found"]),
        (["-"], b"42", ["must be"]),
        (["-"], json.dumps({"msgs": []}).encode(), ['"messages"']),
        (["-", "--max-context-tokens", "ten"], b"[]", ["--max-context-tokens", "ten"]),
    ]


def test_bad_input_exits_2_with_one_line_naming_problem_and_position(tmp_path: Path) -> None:
    for args, stdin, expected in _bad_cases(tmp_path):
        proc = run_cli("compact", *args, stdin=stdin)
        err = proc.stderr.decode("utf-8")
        assert proc.returncode == 2, (args, stdin, err)
        assert proc.stdout == b"", (args, stdin)
        assert "Traceback" not in err
        lines = err.splitlines()
        assert len(lines) == 1, (args, stdin, err)
        assert lines[0].startswith("ctxengine compact: ")
        for part in expected:
            assert part in lines[0], (part, lines[0])


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    raw=st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=20),
            lambda kids: (
                st.lists(kids, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["role", "content", "tool_call_id", "tool_calls", "name"]),
                    kids,
                    max_size=4,
                )
            ),
            max_leaves=12,
        ).map(lambda v: json.dumps(v).encode()),
    )
)
def test_any_input_is_a_result_or_one_line_never_a_traceback(raw: bytes, tmp_path: Path) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(raw)
    err = io.StringIO()
    # In-process (a subprocess per example would be slow); the exit code is main's return.
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(stdout):
        code = main(["compact", str(path), "--workspace", str(tmp_path / "ws")])
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert len(err.getvalue().splitlines()) == 1
        assert "Traceback" not in err.getvalue()
    else:
        stdout.flush()
        data = json.loads(stdout.buffer.getvalue())  # type: ignore[attr-defined]
        assert set(data) == OUTPUT_KEYS
