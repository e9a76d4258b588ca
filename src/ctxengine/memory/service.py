"""`MemoryService`: the one long-term memory object an engine holds.

It picks the index backend from the engine's database URL (PostgreSQL full-text search when the
conversation store is PostgreSQL, else SQLite FTS5 in `<workspace>/memory_index.db`), loads the
embedder named by `Settings.memory_embedder` on first use (falling back to keyword-only search,
logged once, when the extra is missing), and re-indexes a user's files before each search only
when their stat signature changed, so searching an unchanged memory costs one `stat` per file.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from ctxengine.memory.base import IndexBase, MemoryIndexError, SyncStats
from ctxengine.memory.embed import Embedder, EmbeddingsUnavailable, load_embedder
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.search import MemoryConfig, MemoryHit
from ctxengine.memory.tools import MemoryTools
from ctxengine.settings import Settings

log = logging.getLogger("ctxengine.memory")

INDEX_FILE = "memory_index.db"
_PG_SCHEMES = ("postgresql", "postgres")

# Embedders already reported missing in this process: one warning each, not one per engine.
_warned: set[str] = set()

Signature = dict[str, tuple[int, int, int]]


def is_postgres_url(db: str | None) -> bool:
    """Whether `db` names a PostgreSQL server (`postgresql://` or `postgres://`)."""
    return db is not None and urlsplit(db).scheme.lower() in _PG_SCHEMES


def pg_dsn(db: str) -> str:
    """The libpq DSN for a store URL: the store's own `schema=` parameter becomes the search
    path, so the memory tables sit beside the conversation tables (libpq rejects `schema`)."""
    parts = urlsplit(db)
    params = parse_qsl(parts.query, keep_blank_values=True)
    schema = [v for k, v in params if k == "schema"]
    kept = [(k, v) for k, v in params if k != "schema"]
    if schema and schema[-1]:
        kept.append(("options", f"-c search_path={schema[-1]},public"))
    return urlunsplit(parts._replace(query=urlencode(kept, quote_via=quote)))


def embedder_from_settings(settings: Settings) -> Embedder | None:
    """The embedder `settings.memory_embedder` names; None for "none" or a missing extra."""
    name = settings.memory_embedder
    if name == "none":
        return None
    try:
        return load_embedder(name)
    except EmbeddingsUnavailable as exc:
        if name not in _warned:
            _warned.add(name)
            log.warning("memory search is keyword-only: %s", exc)
        return None


def _signature(files: MemoryFiles) -> Signature:
    """(mtime_ns, size, inode) of each memory file: changes when a file is written or replaced."""
    out: Signature = {}
    for path in files.files():
        try:
            st = path.stat()
        except FileNotFoundError:  # deleted between listing and stat: the next sync sees it
            continue
        out[files.relative(path)] = (st.st_mtime_ns, st.st_size, st.st_ino)
    return out


def _remove_memory_files(files: MemoryFiles) -> None:
    for path in files.files():
        path.unlink(missing_ok=True)
    if files.daily_dir.is_dir() and not any(files.daily_dir.iterdir()):
        files.daily_dir.rmdir()


class MemoryService:
    """Long-term memory of every user of one workspace: indexing, search and agent tools.

    It also satisfies the `MemoryIndex` protocol, so `MemoryTools` can run on it directly.
    """

    def __init__(self, workspace: Path, *, db: str | None = None, settings: Settings) -> None:
        """Choose the backend; nothing is opened or loaded until first use.

        Args:
            workspace: the workspace holding `users/<user>/MEMORY.md` and `memory/*.md`.
            db: the engine's database URL; a `postgresql://` URL puts the index in that
                database, anything else (None, `sqlite:///...`, `memory://`) in
                `<workspace>/memory_index.db`.
            settings: the `memory_*` settings (chunking, weights, embedder, limits).
        """
        self.workspace = Path(workspace)
        self.settings = settings
        self.config = MemoryConfig.from_settings(settings)
        self.backend = "postgres" if is_postgres_url(db) else "sqlite"
        self._db = db
        self._index: IndexBase | None = None
        self._open_lock = asyncio.Lock()
        self._seen: dict[str, Signature] = {}

    def files(self, user_id: str) -> MemoryFiles:
        """The memory files of one user."""
        return MemoryFiles(self.workspace, user_id)

    async def index(self) -> IndexBase:
        """The index, built on first call (loading the embedder takes a moment)."""
        if self._index is None:
            async with self._open_lock:
                if self._index is None:
                    embedder = await asyncio.to_thread(embedder_from_settings, self.settings)
                    self._index = self._make_index(embedder)
        return self._index

    def _make_index(self, embedder: Embedder | None) -> IndexBase:
        if self.backend == "postgres":
            from ctxengine.memory.index_pg import PostgresMemoryIndex

            assert self._db is not None
            return PostgresMemoryIndex(pg_dsn(self._db), embedder=embedder, config=self.config)
        from ctxengine.memory.index import SQLiteMemoryIndex

        return SQLiteMemoryIndex.for_workspace(
            self.workspace, embedder=embedder, config=self.config
        )

    @property
    def hybrid(self) -> bool:
        """Whether searches use vectors (known once the index is built; False before)."""
        return self._index is not None and self._index.embedder is not None

    async def sync(self, user_id: str) -> SyncStats:
        """Re-index the user's changed files now, whatever their stat signature says."""
        return await self.sync_user(self.files(user_id), force=True)

    async def sync_user(self, files: MemoryFiles, *, force: bool = False) -> SyncStats:
        """Re-index `files` if any changed since the last sync here (or always with `force`)."""
        index = await self.index()
        signature = await asyncio.to_thread(_signature, files)
        if not force and self._seen.get(files.user_id) == signature:
            return SyncStats(files_unchanged=len(signature))
        stats = await index.sync_user(files)
        # Record what was indexed; a write racing with the sync changes mtime again.
        self._seen[files.user_id] = signature
        return stats

    async def search(
        self,
        user_id: str,
        query: str,
        *,
        max_results: int | None = None,
        min_score: float | None = None,
    ) -> list[MemoryHit]:
        """The user's best-matching memory chunks, best first, after syncing changed files.

        Raises:
            ValueError: if `max_results` is below 1.
            MemoryIndexError: if the index cannot be read or a file cannot be indexed.
        """
        await self.sync_user(self.files(user_id))
        index = await self.index()
        return await index.search(user_id, query, max_results=max_results, min_score=min_score)

    def tools(self, user_id: str) -> MemoryTools:
        """`memory_search` and `memory_get` bound to one user (searches sync first)."""
        return MemoryTools(self, self.files(user_id), sync=False)

    async def delete_user(self, user_id: str) -> None:
        """Forget the user's long-term memory: MEMORY.md, the daily files and the index entries.

        Files go first, so a search racing with the delete cannot index them again. Other files
        under the user's directory (such as session directories) are left alone.
        """
        await asyncio.to_thread(_remove_memory_files, self.files(user_id))
        index = await self.index()
        await index.delete_user(user_id)
        self._seen.pop(user_id, None)

    async def close(self) -> None:
        """Close the index connection; the next call reopens it."""
        if self._index is not None:
            await self._index.close()
        self._seen.clear()


__all__ = [
    "MemoryIndexError",
    "MemoryService",
    "embedder_from_settings",
    "is_postgres_url",
    "pg_dsn",
]
