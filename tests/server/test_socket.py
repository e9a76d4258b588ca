"""The service over a real socket: uvicorn on 127.0.0.1 (a free port), in a thread."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from ctxengine.server import create_app

from .conftest import make_settings
from .test_app import USER, history


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    app = create_app(make_settings(tmp_path))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", lifespan="on", http="h11", ws="none")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()
    assert not thread.is_alive(), "uvicorn did not stop (lifespan shutdown hung)"


def test_real_socket_round_trip(base_url: str) -> None:
    with httpx.Client(base_url=base_url, timeout=30) as client:
        assert client.get("/health").json()["status"] == "ok"

        r = client.post("/v1/compact", json={"messages": history(6), "config": {}})
        assert r.status_code == 200
        assert set(r.json()) == {"messages", "compacted_context", "stats", "audit_log"}

        r = client.post("/v1/sessions/bob/s1/messages", json=[USER])
        assert r.json() == {"appended": 1, "last_seq": 1}
        ctx = client.get("/v1/sessions/bob/s1/context").json()
        assert [m for m in ctx["messages"] if m["role"] == "user"] == [USER]

        r = client.post(
            "/v1/sessions/bob/s1/messages",
            content=b"[{bad",
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 400
        assert "invalid JSON" in r.json()["error"]
        r = client.post("/v1/sessions/bob/s1/messages", content=b"\xff")
        assert r.status_code == 400
        assert "UTF-8" in r.json()["error"]
        r = client.post("/v1/sessions/bob/s1/command", json={"text": "/context clear"})
        assert r.status_code == 200
        stats = json.loads(
            client.post("/v1/sessions/bob/s1/command", json={"text": "/context"}).json()["reply"]
        )
        assert stats["turns"] == 0
