"""Agent tools: bound to one user, path traversal rejected, JSON in and out."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.index import SQLiteMemoryIndex
from ctxengine.memory.tools import MEMORY_TOOL_SCHEMAS, MemoryToolError, MemoryTools

from .conftest import fixed_clock

Users = Callable[[str], MemoryFiles]


@pytest.fixture
def pair(tmp_path: Path, user_files: Users) -> tuple[MemoryTools, MemoryFiles, MemoryFiles]:
    alice, bob = user_files("alice"), user_files("bob")
    alice.memory_md.write_text("第一行\n报销的截止日期是每月五号。\n第三行\n", encoding="utf-8")
    bob.memory_md.write_text("Bob 的秘密：报销密码 1234。\n", encoding="utf-8")
    index = SQLiteMemoryIndex(tmp_path / "idx.db", clock=fixed_clock)
    return MemoryTools(index, alice), alice, bob


async def test_search_syncs_and_returns_hits_as_json(
    pair: tuple[MemoryTools, MemoryFiles, MemoryFiles],
) -> None:
    tools, _, _ = pair
    out = json.loads(await tools.call_memory_tool("memory_search", '{"query": "报销"}'))
    assert [r["path"] for r in out["results"]] == ["MEMORY.md"]
    assert "截止日期" in out["results"][0]["snippet"]
    assert "1234" not in json.dumps(out, ensure_ascii=False)  # never bob's memory


async def test_get_reads_the_requested_lines(
    pair: tuple[MemoryTools, MemoryFiles, MemoryFiles],
) -> None:
    tools, _, _ = pair
    out = json.loads(
        await tools.call_memory_tool(
            "memory_get", '{"path": "MEMORY.md", "start_line": 2, "end_line": 2}'
        )
    )
    assert out == {
        "path": "MEMORY.md",
        "start_line": 2,
        "end_line": 2,
        "text": "报销的截止日期是每月五号。",
    }


@pytest.mark.parametrize(
    "path",
    [
        "../{bob}/MEMORY.md",
        "memory/../../{bob}/MEMORY.md",
        "{root}/MEMORY.md",
        "/etc/passwd",
        "notes.txt",
        "",
    ],
)
async def test_get_rejects_paths_outside_the_users_memory(
    pair: tuple[MemoryTools, MemoryFiles, MemoryFiles], path: str
) -> None:
    tools, _, bob = pair
    target = path.format(bob=bob.root.name, root=bob.root)
    with pytest.raises(MemoryToolError, match=r"memory_get: .*memory path"):
        await tools.memory_get(target)


async def test_get_rejects_a_symlink_to_another_user(
    pair: tuple[MemoryTools, MemoryFiles, MemoryFiles],
) -> None:
    tools, alice, bob = pair
    (alice.daily_dir / "2025-01-01.md").symlink_to(bob.memory_md)
    with pytest.raises(MemoryToolError, match=r"not MEMORY\.md"):
        await tools.memory_get("memory/2025-01-01.md")


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("memory_delete", "{}", "unknown memory tool"),
        ("memory_search", "{not json", "not JSON .line 1 column 2"),
        ("memory_search", "[1]", "must be a JSON object"),
        ("memory_search", '{"query": "x", "user_id": "bob"}', "unknown argument.s. user_id"),
        ("memory_search", '{"query": ""}', "non-empty string"),
        ("memory_search", '{"query": "x", "max_results": 0}', "max_results"),
        ("memory_get", "{}", "memory_get: .*path"),
        ("memory_get", '{"path": "MEMORY.md", "start_line": 0}', "start_line"),
        ("memory_get", '{"path": "memory/2020-01-01.md"}', "does not exist"),
    ],
)
async def test_bad_calls_raise_one_clear_error(
    pair: tuple[MemoryTools, MemoryFiles, MemoryFiles], name: str, arguments: str, message: str
) -> None:
    tools, _, _ = pair
    with pytest.raises(MemoryToolError, match=message):
        await tools.call_memory_tool(name, arguments)


def test_schemas_name_both_tools_and_their_required_arguments() -> None:
    by_name = {s["function"]["name"]: s["function"] for s in MEMORY_TOOL_SCHEMAS}
    assert set(by_name) == {"memory_search", "memory_get"}
    assert by_name["memory_search"]["parameters"]["required"] == ["query"]
    assert by_name["memory_get"]["parameters"]["required"] == ["path"]
    json.dumps(MEMORY_TOOL_SCHEMAS)  # serializable as sent to the API
