"""Review round 7, the command line: `serve` with a port out of range (a traceback, exit 1) or
an address it cannot listen on (uvicorn's log and exit code 3), `compact` on a database
reporting an earlier run's events in its audit log, an unknown ontology name reported as a
missing file only, and a number out of range in the input. Each bad input exits 2 with one
line on stderr; stored history is never removed."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .test_review_round16_cli import USER, assert_exit_2, compact_stdin, run_main


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("CTXENGINE_")}


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port something else is listening on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- 1. serve: a port or address it cannot listen on -----------------------------------------


@pytest.mark.parametrize("port", ["-1", "65536", "99999"])
def test_serve_with_a_port_out_of_range_exits_2(
    port: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["serve", "--port", port, "--workspace", str(tmp_path / "ws")]
    code, out, err = run_main(args, monkeypatch)
    assert_exit_2(code, out, err, "serve", "--port", "0 to 65535", port)


def test_serve_on_a_busy_port_exits_2_before_starting(
    busy_port: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """uvicorn opened the store, ran the lifespan, logged the failure over several lines and
    exited 3, a code the docs do not know."""
    args = ["serve", "--port", str(busy_port), "--workspace", str(tmp_path / "ws")]
    code, out, err = run_main(args, monkeypatch)
    assert_exit_2(code, out, err, "serve", f"127.0.0.1:{busy_port}", "in use")


def test_serve_on_an_address_not_of_this_machine_exits_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # 192.0.2.0/24 is TEST-NET-1: never an address of this machine.
    args = ["serve", "--host", "192.0.2.1", "--port", "8000", "--workspace", str(tmp_path)]
    code, out, err = run_main(args, monkeypatch)
    assert_exit_2(code, out, err, "serve", "192.0.2.1:8000", "cannot listen")


def test_serve_still_serves_on_a_free_port(tmp_path: Path) -> None:
    """The near miss: a free port (and port 0 refused by nothing) still serves, through the
    socket `serve` now binds itself."""
    port = _free_port()
    args = ["serve", "--port", str(port), "--workspace", str(tmp_path / "ws")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "ctxengine", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "serve did not answer"
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert r.json()["status"] == "ok"
        r = httpx.post(f"http://127.0.0.1:{port}/v1/sessions/u/s/messages", json=[USER])
        assert r.json() == {"appended": 1, "last_seq": 1}
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


# --- 2. compact on a database: its own run only -------------------------------------------


def test_compact_on_a_database_reports_only_its_own_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every run replayed into one session ("cli", "compact") of the database: the second
    run's audit log held the first run's events (its order id among them), and the two runs'
    messages were one history. Each run is its own session now; nothing stored is removed."""
    db = tmp_path / "c.db"
    runs = []
    for order in ("A1234", "B9876"):
        body = {
            "messages": [{"role": "user", "content": f"Find order {order} for me."}],
            "config": {"db": f"sqlite:///{db}"},
        }
        code, out, err = compact_stdin(body, monkeypatch, tmp_path)
        assert code == 0, err
        runs.append(json.loads(out))
    first, second = (json.dumps(run["audit_log"]) for run in runs)
    assert "A1234" in first and "B9876" not in first
    assert "B9876" in second and "A1234" not in second
    assert [e["seq"] for e in runs[1]["audit_log"]] == [e["seq"] for e in runs[0]["audit_log"]]
    assert "A1234" not in runs[1]["compacted_context"]
    with sqlite3.connect(db) as con:
        (stored,) = con.execute("SELECT count(*) FROM messages").fetchone()
    assert stored == 2  # both runs' histories kept


# --- 3. an unknown ontology name ------------------------------------------------------------


@pytest.mark.parametrize("name", ["nope", "ecomerce", "Generic", "crosswoz.yaml"])
def test_an_unknown_ontology_name_names_the_built_in_ones(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    body = {"messages": [USER], "config": {"ontology": name}}
    code, out, err = compact_stdin(body, monkeypatch, tmp_path)
    assert_exit_2(code, out, err, "compact", repr(name), "generic, ecommerce, crosswoz")
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({"ontology": name}), encoding="utf-8")
    code, out, err = run_main(["serve", "--config", str(cfg)], monkeypatch)
    assert_exit_2(code, out, err, "serve", repr(name), "generic, ecommerce, crosswoz")


@pytest.mark.parametrize("name", ["generic", "ecommerce", "crosswoz"])
def test_a_built_in_ontology_name_still_compacts(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    body = {"messages": [USER], "config": {"ontology": name}}
    code, out, err = compact_stdin(body, monkeypatch, tmp_path)
    assert code == 0, err
    assert json.loads(out)["stats"]["turns_before"] == 1


# --- 4. a number out of range -------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b'[{"role":"user","content":"hi","meta":1e999}]',
        b'{"messages":[{"role":"user","content":"hi"}],"config":{"retention_days":1e400}}',
        b'[{"role":"user","content":"hi","meta":[1.0, -2E+500]}]',
    ],
)
def test_a_number_out_of_range_exits_2(
    raw: bytes, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Read as infinity, `1e999` reached the output as `Infinity`, which is not JSON."""
    code, out, err = compact_stdin(raw, monkeypatch, tmp_path)
    assert_exit_2(code, out, err, "compact", "out of range", "line 1 column")


# --- 5. a huge setting must not exhaust memory --------------------------------------------


def _limit_memory() -> None:
    import resource

    # 3 GiB of address space: the engine needs far less; a runaway allocation fails fast
    # (MemoryError) instead of taking the machine's memory.
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


@pytest.mark.parametrize("repeat", [10**30])
def test_a_huge_min_context_repeat_turns_does_not_exhaust_memory(
    repeat: int, tmp_path: Path
) -> None:
    """`min_context_repeat_turns` had no upper bound and the policy built a list of that many
    turns for every user message: one request's "config" (over HTTP too) took all memory.
    Run in a process of its own with its memory capped, so a regression fails, not the host."""
    messages = [
        {"role": "user", "content": f"Where is order A{i:04d}? 订单A{i:04d}在哪"} for i in range(4)
    ]
    body = json.dumps({"messages": messages, "config": {"min_context_repeat_turns": repeat}})
    proc = subprocess.run(
        [sys.executable, "-m", "ctxengine", "compact", "-", "--workspace", str(tmp_path)],
        input=body.encode(),
        capture_output=True,
        env=_env(),
        preexec_fn=_limit_memory,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    out = json.loads(proc.stdout)
    assert out["stats"]["turns_before"] == 4
    assert "A0003" in out["compacted_context"]
