"""`ctxengine compact`, the contract users' scripts depend on, run as a real process."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    stdin: bytes = b""
    module: bool = True  # python -m ctxengine, else the installed console script


def run_all(runs: dict[str, Run]) -> dict[str, subprocess.CompletedProcess[bytes]]:
    """Run the command once per entry, all at the same time (each is a cold start)."""
    procs: dict[str, subprocess.Popen[bytes]] = {}
    for name, r in runs.items():
        cmd = [sys.executable, "-m", "ctxengine"] if r.module else [str(CONSOLE_SCRIPT)]
        procs[name] = subprocess.Popen(
            [*cmd, *r.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
        )
    done: dict[str, subprocess.CompletedProcess[bytes]] = {}
    for name, proc in procs.items():
        out, err = proc.communicate(runs[name].stdin, timeout=120)
        done[name] = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    return done


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return run_all({"one": Run(args, stdin)})["one"]


def ok_json(proc: subprocess.CompletedProcess[bytes]) -> dict[str, Any]:
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    out: dict[str, Any] = json.loads(proc.stdout.decode("utf-8"))
    return out


def _last_user_text(messages: list[dict[str, Any]]) -> str:
    return str([m for m in messages if m["role"] == "user"][-1]["content"])


SMALL_BUDGET = 3000
SUBPROCESS_BAD = ["not_json", "non_utf8", "config_unknown_key"]


def _bad_cases(tmp: Path) -> dict[str, tuple[Run, list[str]]]:
    """name -> (run, substrings the one error line must hold)."""
    user = {"role": "user", "content": "hello 你好"}
    non_utf8 = b'[{"role": "user", "content": "caf\xe9"}]'
    bad_byte = non_utf8.index(0xE9)
    bad_cfg = tmp / "bad-config.json"
    bad_cfg.write_text(json.dumps({"agent_max_context_turns": "many"}), encoding="utf-8")
    orphan = [user, {"role": "tool", "tool_call_id": "call_9", "content": "r"}]

    def stdin(data: object, *more: str) -> Run:
        raw = data if isinstance(data, bytes) else json.dumps(data).encode()
        return Run(("compact", "-", *more), raw)

    return {
        "not_json": (stdin(b"{not json"), ["invalid JSON", "line 1 column 2"]),
        "truncated_json": (stdin(b"[1, 2"), ["invalid JSON", "line 1"]),
        "unknown_role": (
            stdin([user, {"role": "robot", "content": "x"}]),
            ["message 1", "robot"],
        ),
        "orphan_result": (stdin(orphan), ["message 1", "call_9", "no matching tool call"]),
        "non_utf8": (stdin(non_utf8), ["UTF-8", f"byte {bad_byte}"]),
        "config_unknown_key": (
            stdin({"messages": [user], "config": {"colour": 1}}),
            ["config", "colour"],
        ),
        "config_wrong_type": (
            stdin({"messages": [user], "config": {"agent_max_context_tokens": "lots"}}),
            ["config", "agent_max_context_tokens"],
        ),
        "config_file_wrong_type": (
            stdin([user], "--config", str(bad_cfg)),
            [str(bad_cfg), "agent_max_context_turns"],
        ),
        "config_file_missing": (
            stdin([user], "--config", str(tmp / "nope.json")),
            ["nope.json", "not found"],
        ),
        "input_file_missing": (Run(("compact", str(tmp / "missing.json"))), ["missing.json"]),
        "not_a_list": (stdin(b"42"), ["must be"]),
        "no_messages_key": (stdin({"msgs": []}), ['"messages"']),
        "bad_flag": (stdin([user], "--max-context-tokens", "ten"), ["--max-context-tokens"]),
    }


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every command line these tests check, run once, in parallel.

    Returns the processes by name, plus the inputs and workspaces the tests compare against.
    """
    tmp = tmp_path_factory.mktemp("cli")
    ws = {name: tmp / f"ws-{name}" for name in ("en", "zh", "small", "plain")}
    long_ = {lang: tool_history(40, lang) for lang in ("en", "zh")}
    small = tool_history(12, result_chars=1500)
    small_path = tmp / "small.json"
    small_path.write_text(json.dumps(small), encoding="utf-8")
    cfg = tmp / "config.json"
    cfg.write_text(json.dumps({"agent_max_context_turns": 4}), encoding="utf-8")
    raw_small = json.dumps(small).encode()
    plain = ("--workspace", str(ws["plain"]))
    todo: dict[str, Run] = {
        f"long_{lang}": Run(
            (
                "compact",
                "-",
                "--max-context-tokens",
                str(SMALL_BUDGET),
                "--max-context-turns",
                "8",
                "--workspace",
                str(ws[lang]),
            ),
            json.dumps(h, ensure_ascii=False).encode("utf-8"),
        )
        for lang, h in long_.items()
    }
    todo |= {
        "file": Run(("compact", str(small_path), "--max-context-turns", "4", *plain)),
        "stdin": Run(("compact", "-", "--max-context-turns", "4", *plain), raw_small),
        # The installed console script, at the default budget (nothing to compact).
        "console": Run(("compact", "-", *plain), raw_small, module=False),
        "inline": Run(
            ("compact", "-", *plain),
            json.dumps({"messages": small, "config": {"agent_max_context_turns": 4}}).encode(),
        ),
        "config_file": Run(("compact", "-", "--config", str(cfg), *plain), raw_small),
        "tokens": Run(
            ("compact", "-", "--max-context-tokens", "1500", *plain), raw_small, module=False
        ),
    }
    bad = _bad_cases(tmp)
    # A cold start per bad input would be slow: a few run as real processes here, and every
    # one runs in-process through the same `main` below.
    todo |= {f"bad_{name}": bad[name][0] for name in SUBPROCESS_BAD}
    return {
        "procs": run_all(todo),
        "long": long_,
        "small": small,
        "ws": ws,
        "bad": {name: expected for name, (_, expected) in bad.items()},
    }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_forty_turns_with_tools_fit_a_small_budget(lang: str, runs: dict[str, Any]) -> None:
    history: list[dict[str, Any]] = runs["long"][lang]
    proc = runs["procs"][f"long_{lang}"]
    out = ok_json(proc)
    assert set(out) == OUTPUT_KEYS
    assert set(out["stats"]) == STATS_KEYS
    assert proc.stderr == b""

    # What the model would be sent is valid input again, fits and keeps every call paired.
    sent = from_openai(out["messages"])
    assert TokenCounter().messages(sent) <= SMALL_BUDGET
    assert out["stats"]["tokens_after"] <= SMALL_BUDGET
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
    daily = runs["ws"][lang] / "users" / "cli" / "memory" / f"{day}.md"
    for e in summarized:
        assert e["summarized"]["messages"] > 0
        assert Path(e["written_to"]) == daily
    assert daily.is_file()
    assert "A0001" in daily.read_text(encoding="utf-8")  # the first turn reached memory
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", daily.name)
    assert out["compacted_context"]


def test_file_and_stdin_give_the_same_result(runs: dict[str, Any]) -> None:
    from_file, from_stdin = ok_json(runs["procs"]["file"]), ok_json(runs["procs"]["stdin"])
    assert from_file["messages"] == from_stdin["messages"]
    assert from_file["stats"] == from_stdin["stats"]
    assert from_file["stats"]["turns_after"] <= 4


def test_console_script_runs(runs: dict[str, Any]) -> None:
    console = ok_json(runs["procs"]["console"])
    # Nothing to compact at the default budget: every message sent comes back.
    small: list[dict[str, Any]] = runs["small"]
    assert [m for m in console["messages"] if m in small] == small
    assert console["stats"]["turns_before"] == console["stats"]["turns_after"] == 12


@pytest.mark.parametrize("name", ["stdin", "inline", "config_file"])
def test_turn_limit_from_flag_inline_config_or_config_file(name: str, runs: dict[str, Any]) -> None:
    out = ok_json(runs["procs"][name])
    assert out["stats"]["turns_before"] == 12
    assert out["stats"]["turns_after"] <= 4
    assert "trim" in {e.get("stage") for e in out["audit_log"]}


def test_token_budget_flag(runs: dict[str, Any]) -> None:
    default, small = ok_json(runs["procs"]["console"]), ok_json(runs["procs"]["tokens"])
    assert default["stats"]["tokens_after"] > 1500  # the default budget keeps it all
    assert small["stats"]["tokens_after"] <= 1500
    assert TokenCounter().messages(from_openai(small["messages"])) <= 1500


def _check_error_line(name: str, code: int, out: bytes, err: str, expected: list[str]) -> None:
    assert code == 2, (name, err)
    assert out == b"", name
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, (name, err)
    assert lines[0].startswith("ctxengine compact: "), (name, err)
    for part in expected:
        assert part in lines[0], (name, part, lines[0])


@pytest.mark.parametrize("name", SUBPROCESS_BAD)
def test_bad_input_exits_2_with_one_line_in_a_real_process(name: str, runs: dict[str, Any]) -> None:
    proc = runs["procs"][f"bad_{name}"]
    err = proc.stderr.decode("utf-8")
    _check_error_line(name, proc.returncode, proc.stdout, err, runs["bad"][name])


def test_bad_input_exits_2_with_one_line_naming_problem_and_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, (run, expected) in _bad_cases(tmp_path).items():
        stdin = io.TextIOWrapper(io.BytesIO(run.stdin), encoding="utf-8")
        stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        err = io.StringIO()
        monkeypatch.setattr(sys, "stdin", stdin)
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(stdout):
            try:
                code = main(list(run.args))
            except SystemExit as exc:  # argparse's usage errors exit
                code = int(exc.code or 0)
        stdout.flush()
        out = stdout.buffer.getvalue()
        _check_error_line(name, code, out, err.getvalue(), expected)


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
        data = json.loads(stdout.buffer.getvalue())
        assert set(data) == OUTPUT_KEYS
