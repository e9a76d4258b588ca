"""A malformed or unreadable ontology is bad input everywhere: exit code 2 from the CLI, a
refused start from `serve`, and over HTTP only the built-in ontologies may be named (a path
would read the server's files)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from ctxengine.cli import main
from ctxengine.server import create_app

from .conftest import make_settings, serving

BAD = "name: x\nslots:\n  - {name: a, enum: Nope}\n"


def run_main(args: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    return code, err.getvalue()


@pytest.mark.parametrize("kind", ["malformed", "missing"])
def test_compact_reports_a_bad_ontology_as_bad_input(tmp_path: Path, kind: str) -> None:
    onto = tmp_path / "shop.yaml"
    if kind == "malformed":
        onto.write_text(BAD, encoding="utf-8")
    payload = {"messages": [{"role": "user", "content": "你好"}], "config": {"ontology": str(onto)}}
    path = tmp_path / "in.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    code, err = run_main(["compact", str(path), "--workspace", str(tmp_path / "ws")])
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "ontology" in lines[0] and "internal error" not in lines[0]
    assert ("unknown enum 'Nope'" if kind == "malformed" else "cannot read") in lines[0]


def test_serve_refuses_to_start_with_a_bad_ontology(tmp_path: Path) -> None:
    onto = tmp_path / "shop.yaml"
    onto.write_text(BAD, encoding="utf-8")
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"ontology": str(onto)}), encoding="utf-8")
    code, err = run_main(["serve", "--config", str(cfg), "--workspace", str(tmp_path / "ws")])
    assert code == 2 and "unknown enum 'Nope'" in err


async def test_http_names_only_built_in_ontologies(tmp_path: Path) -> None:
    onto = tmp_path / "shop.yaml"
    onto.write_text(BAD, encoding="utf-8")
    messages = [{"role": "user", "content": "把收货人改成张伟"}]
    async with serving(create_app(make_settings(tmp_path))) as client:
        r = await client.post(
            "/v1/compact", json={"messages": messages, "config": {"ontology": str(onto)}}
        )
        assert r.status_code == 400
        assert "ecommerce" in r.json()["error"]
        ok = await client.post(
            "/v1/compact", json={"messages": messages, "config": {"ontology": "ecommerce"}}
        )
    assert ok.status_code == 200, ok.text
    assert "张伟" in ok.json()["compacted_context"]
