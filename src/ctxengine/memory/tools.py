"""Agent tools over one user's long-term memory: `memory_search` and `memory_get`.

A `MemoryTools` object is bound to one user's files and index, so a model can only ever reach
that user's memory: searches pass the bound user id, and `memory_get` resolves paths through
`MemoryFiles.resolve`, which rejects `..`, absolute paths and anything but MEMORY.md and
memory/*.md. Results are JSON strings, ready to be a tool result.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from typing import Any

from ctxengine.memory.base import MemoryIndex
from ctxengine.memory.files import MemoryFiles, MemoryPathError

MEMORY_TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "memory_search",
            "description": (
                "Search the user's long-term memory (MEMORY.md and daily notes) for facts, "
                "decisions and past conversations. Works in Chinese and English. Returns "
                "snippets with their path and line range; use memory_get to read more."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "What to look for."},
                    "max_results": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10},
                    "min_score": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.1},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "memory_get",
            "description": (
                "Read lines of one memory file, e.g. a path returned by memory_search "
                "('MEMORY.md' or 'memory/2024-05-01.md')."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "Path relative to the memory root."},
                    "start_line": {"type": "integer", "minimum": 1, "default": 1},
                    "end_line": {
                        "type": ["integer", "null"],
                        "minimum": 1,
                        "description": "Last line to read (inclusive); omit for the end.",
                    },
                },
                "required": ["path"],
                "additionalProperties": False,
            },
        },
    },
]

MAX_RESULTS_CAP = 50


class MemoryToolError(ValueError):
    """A memory tool was called with bad arguments or a path outside the user's memory."""


class MemoryTools:
    """The memory tools of one user."""

    def __init__(self, index: MemoryIndex, files: MemoryFiles, *, sync: bool = True) -> None:
        """Bind the tools to `files.user_id`.

        Args:
            index: the workspace's memory index.
            files: the user's memory files; fixes which user every call serves.
            sync: re-index changed files before each search (cheap when nothing changed).
        """
        self.index = index
        self.files = files
        self.sync = sync

    async def memory_search(self, query: str, max_results: int = 10, min_score: float = 0.1) -> str:
        """JSON `{"results": [hit, ...]}` for the bound user's memory."""
        if not isinstance(query, str) or not query.strip():
            raise MemoryToolError("memory_search: 'query' must be a non-empty string")
        if not isinstance(max_results, int) or not 1 <= max_results <= MAX_RESULTS_CAP:
            raise MemoryToolError(
                f"memory_search: 'max_results' must be an integer in 1..{MAX_RESULTS_CAP}"
            )
        if not isinstance(min_score, int | float) or not 0 <= min_score <= 1:
            raise MemoryToolError("memory_search: 'min_score' must be a number in 0..1")
        if self.sync:
            await self.index.sync_user(self.files)
        hits = await self.index.search(
            self.files.user_id, query, max_results=max_results, min_score=float(min_score)
        )
        results = [{**asdict(h), "score": round(h.score, 4)} for h in hits]
        return json.dumps({"results": results}, ensure_ascii=False)

    async def memory_get(self, path: str, start_line: int = 1, end_line: int | None = None) -> str:
        """JSON `{"path", "start_line", "end_line", "text"}` of lines of one memory file."""
        if not isinstance(path, str):
            raise MemoryToolError("memory_get: 'path' must be a string")
        for name, value in (("start_line", start_line), ("end_line", end_line)):
            if value is not None and (not isinstance(value, int) or value < 1):
                raise MemoryToolError(f"memory_get: '{name}' must be a positive integer")
        try:
            text = await asyncio.to_thread(self.files.read_lines, path, start_line, end_line)
        except (MemoryPathError, ValueError) as exc:
            raise MemoryToolError(f"memory_get: {exc}") from None
        last = start_line + max(0, text.count("\n")) if text else start_line - 1
        payload = {"path": path, "start_line": start_line, "end_line": last, "text": text}
        return json.dumps(payload, ensure_ascii=False)

    async def call_memory_tool(self, name: str, arguments_json: str) -> str:
        """Run tool `name` with its JSON arguments, as the model sent them.

        Raises:
            MemoryToolError: unknown tool, arguments that are not a JSON object, unknown or
                badly typed arguments, or a path outside the user's memory.
        """
        try:
            args = json.loads(arguments_json or "{}")
        except json.JSONDecodeError as exc:
            raise MemoryToolError(
                f"{name}: arguments are not JSON (line {exc.lineno} column {exc.colno})"
            ) from None
        if not isinstance(args, dict):
            raise MemoryToolError(f"{name}: arguments must be a JSON object")
        allowed = {
            "memory_search": {"query", "max_results", "min_score"},
            "memory_get": {"path", "start_line", "end_line"},
        }
        if name not in allowed:
            raise MemoryToolError(f"unknown memory tool {name!r}")
        unknown = sorted(set(args) - allowed[name])
        if unknown:
            raise MemoryToolError(f"{name}: unknown argument(s) {', '.join(unknown)}")
        try:
            if name == "memory_search":
                return await self.memory_search(**args)
            return await self.memory_get(**args)
        except TypeError as exc:
            raise MemoryToolError(f"{name}: {exc}") from None
