"""Per-user memory files in the workspace.

Layout (every path is scoped by user, so one user's memory never reaches another)::

    <workspace>/users/<user>/MEMORY.md
    <workspace>/users/<user>/memory/YYYY-MM-DD.md

Summaries of trimmed turns are appended to the day's file as Markdown sections. Writes append
and flush; a section is never rewritten.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")


class MemoryPathError(ValueError):
    """A memory path is absolute, escapes the user's root, or names no memory file."""


def safe_component(value: str) -> str:
    """A user or session id as a single path component that cannot escape the workspace."""
    cleaned = _SAFE.sub("_", value)[:64].strip(".") or "_"
    if cleaned != value:
        # Different ids must never collide after cleaning.
        cleaned += "-" + hashlib.sha256(value.encode("utf-8")).hexdigest()[:10]
    return cleaned


@dataclass(frozen=True)
class MemoryFiles:
    workspace: Path
    user_id: str

    @property
    def root(self) -> Path:
        return self.workspace / "users" / safe_component(self.user_id)

    @property
    def memory_md(self) -> Path:
        return self.root / "MEMORY.md"

    @property
    def daily_dir(self) -> Path:
        return self.root / "memory"

    def daily_path(self, day: date | None = None) -> Path:
        day = day or datetime.now(UTC).date()
        return self.daily_dir / f"{day.isoformat()}.md"

    def append_daily(self, text: str, *, when: datetime | None = None, title: str = "") -> Path:
        """Append one section to the day's file and return the file's path."""
        when = when or datetime.now(UTC)
        path = self.daily_path(when.date())
        path.parent.mkdir(parents=True, exist_ok=True)
        heading = f"## {when.strftime('%H:%M:%S')} {title}".rstrip()
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"{heading}\n\n{text.strip()}\n\n")
            fh.flush()
        return path

    def files(self) -> list[Path]:
        """MEMORY.md (if present) and every daily file, oldest first."""
        out = [self.memory_md] if self.memory_md.exists() else []
        if self.daily_dir.exists():
            out.extend(sorted(self.daily_dir.glob("*.md")))
        return out

    def relative(self, path: Path) -> str:
        """`path` relative to the user's root with forward slashes, e.g. `memory/2024-05-01.md`."""
        return path.relative_to(self.root).as_posix()

    def resolve(self, relative: str) -> Path:
        """The memory file a relative path names, refusing anything outside this user's memory.

        Only `MEMORY.md` and `memory/*.md` are reachable, so `../other-user/MEMORY.md`,
        absolute paths and symlinks pointing elsewhere are all rejected.

        Raises:
            MemoryPathError: if the path is not one of this user's memory files.
        """
        if not relative or "\x00" in relative:
            raise MemoryPathError(f"invalid memory path {relative!r}")
        candidate = Path(relative)
        if candidate.is_absolute() or ".." in candidate.parts:
            raise MemoryPathError(f"memory path {relative!r} must stay inside the user's memory")
        full = (self.root / candidate).resolve()
        root = self.root.resolve()
        allowed = full == root / "MEMORY.md" or (
            full.parent == root / "memory" and full.suffix == ".md"
        )
        if not allowed:
            raise MemoryPathError(f"memory path {relative!r} is not MEMORY.md or memory/<file>.md")
        return full

    def read_lines(self, relative: str, start_line: int = 1, end_line: int | None = None) -> str:
        """Lines `start_line`..`end_line` (1-based, inclusive) of one of this user's files.

        Raises:
            MemoryPathError: if the path is outside this user's memory or the file is missing.
            ValueError: if the line range is invalid.
        """
        path = self.resolve(relative)
        if start_line < 1:
            raise ValueError(f"start_line must be at least 1, got {start_line}")
        if end_line is not None and end_line < start_line:
            raise ValueError(f"end_line {end_line} is before start_line {start_line}")
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except FileNotFoundError:
            raise MemoryPathError(f"memory file {relative!r} does not exist") from None
        return "\n".join(lines[start_line - 1 : end_line])
