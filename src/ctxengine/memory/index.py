"""The SQLite memory index: FTS5 with bm25 over jieba-segmented text, vectors as blobs.

One database file per workspace (`<workspace>/memory_index.db` by default), separate from the
conversation store, since it is a cache that `sync_user` can always rebuild from the files.
The FTS table holds each chunk's segmented text plus an `owner` token derived from the user
id; every match is filtered on that token inside FTS5 and again on `user_id` in the join, so a
user's query never scores another user's chunks.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from array import array
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ctxengine.memory.base import (
    ChunkRow,
    FileState,
    IndexBase,
    MemoryIndex,
    MemoryIndexError,
    SyncStats,
    sha256,
)
from ctxengine.memory.embed import Embedder
from ctxengine.memory.search import MemoryConfig, MemoryHit

if TYPE_CHECKING:
    from ctxengine.memory.base import Matrix

__all__ = ["MemoryHit", "MemoryIndex", "MemoryIndexError", "SQLiteMemoryIndex", "SyncStats"]

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memory_files (
    user_id TEXT NOT NULL,
    path TEXT NOT NULL,
    hash TEXT NOT NULL,
    model TEXT,
    PRIMARY KEY (user_id, path)
);
CREATE TABLE IF NOT EXISTS memory_chunks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    path TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    text TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    model TEXT,
    embedding BLOB
);
CREATE INDEX IF NOT EXISTS memory_chunks_user_path ON memory_chunks (user_id, path);
CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts USING fts5(
    owner, body, tokenize = 'unicode61 remove_diacritics 0'
);
"""


def owner_token(user_id: str) -> str:
    """A single alphanumeric FTS token standing for the user (ids may hold any character)."""
    return "u" + sha256(user_id)[:32]


def fts_query(owner: str, terms: Sequence[str]) -> str:
    """`owner:<token> AND ("t1" OR "t2" ...)`; terms are quoted so none is FTS syntax."""
    quoted = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
    return f"owner:{owner} AND ({quoted})"


def _blob(vector: list[float] | None) -> bytes | None:
    return None if vector is None else array("f", vector).tobytes()


class SQLiteMemoryIndex(IndexBase):
    """`MemoryIndex` on one SQLite file; calls run in a worker thread, one at a time."""

    def __init__(
        self,
        path: str | Path,
        *,
        embedder: Embedder | None = None,
        config: MemoryConfig | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(embedder=embedder, config=config, clock=clock)
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        self._mutex = threading.Lock()

    @classmethod
    def for_workspace(
        cls,
        workspace: Path,
        *,
        embedder: Embedder | None = None,
        config: MemoryConfig | None = None,
    ) -> SQLiteMemoryIndex:
        """The index at `<workspace>/memory_index.db`."""
        return cls(workspace / "memory_index.db", embedder=embedder, config=config)

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA busy_timeout=5000")
                conn.executescript(_SCHEMA)
            except sqlite3.Error as exc:
                raise MemoryIndexError(f"memory index {self.path}: {exc}") from None
            self._conn = conn
        return self._conn

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        def call() -> T:
            with self._mutex:
                conn = self._connect()
                try:
                    return fn(conn)
                except sqlite3.Error as exc:
                    raise MemoryIndexError(f"memory index {self.path}: {exc}") from None

        return await asyncio.to_thread(call)

    async def open(self) -> None:
        """Create the file and schema now rather than on first use. Idempotent."""
        await self._run(lambda conn: None)

    async def close(self) -> None:
        with self._mutex:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    async def _file_states(self, user_id: str) -> dict[str, FileState]:
        rows = await self._run(
            lambda c: c.execute(
                "SELECT path, hash, model FROM memory_files WHERE user_id = ?", (user_id,)
            ).fetchall()
        )
        return {path: FileState(digest, model) for path, digest, model in rows}

    async def _stored_vectors(self, user_id: str, path: str, model: str) -> dict[str, list[float]]:
        rows = await self._run(
            lambda c: c.execute(
                "SELECT text_hash, embedding FROM memory_chunks"
                " WHERE user_id = ? AND path = ? AND model = ? AND embedding IS NOT NULL",
                (user_id, path, model),
            ).fetchall()
        )
        return {h: array("f", blob).tolist() for h, blob in rows}

    async def _replace_file(
        self, user_id: str, path: str, digest: str, model: str | None, rows: Sequence[ChunkRow]
    ) -> None:
        owner = owner_token(user_id)

        def write(c: sqlite3.Connection) -> None:
            with _transaction(c):
                _delete_paths(c, user_id, [path])
                for row in rows:
                    cur = c.execute(
                        "INSERT INTO memory_chunks (user_id, path, start_line, end_line, text,"
                        " text_hash, model, embedding) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            user_id,
                            path,
                            row.start_line,
                            row.end_line,
                            row.text,
                            row.text_hash,
                            model if row.vector is not None else None,
                            _blob(row.vector),
                        ),
                    )
                    c.execute(
                        "INSERT INTO memory_fts (rowid, owner, body) VALUES (?, ?, ?)",
                        (cur.lastrowid, owner, row.segmented),
                    )
                c.execute(
                    "INSERT INTO memory_files (user_id, path, hash, model) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (user_id, path) DO UPDATE SET hash = excluded.hash,"
                    " model = excluded.model",
                    (user_id, path, digest, model),
                )

        await self._run(write)

    async def _delete_files(self, user_id: str, paths: Sequence[str]) -> None:
        def delete(c: sqlite3.Connection) -> None:
            with _transaction(c):
                _delete_paths(c, user_id, paths)

        await self._run(delete)

    async def _delete_user_rows(self, user_id: str) -> None:
        def delete(c: sqlite3.Connection) -> None:
            with _transaction(c):
                c.execute(
                    "DELETE FROM memory_fts WHERE rowid IN"
                    " (SELECT id FROM memory_chunks WHERE user_id = ?)",
                    (user_id,),
                )
                c.execute("DELETE FROM memory_chunks WHERE user_id = ?", (user_id,))
                c.execute("DELETE FROM memory_files WHERE user_id = ?", (user_id,))

        await self._run(delete)

    async def _keyword(
        self, user_id: str, terms: Sequence[str], limit: int
    ) -> list[tuple[int, float]]:
        match = fts_query(owner_token(user_id), terms)
        # bm25 is lower-is-better and negative; the owner column gets weight 0 so it never
        # changes a score. Negated, it is a relevance > 0.
        rows = await self._run(
            lambda c: c.execute(
                "SELECT m.id, -bm25(memory_fts, 0.0, 1.0) AS relevance FROM memory_fts"
                " JOIN memory_chunks m ON m.id = memory_fts.rowid"
                " WHERE memory_fts MATCH ? AND m.user_id = ?"
                " ORDER BY bm25(memory_fts, 0.0, 1.0) LIMIT ?",
                (match, user_id, limit),
            ).fetchall()
        )
        return [(int(cid), float(score)) for cid, score in rows]

    async def _keyword_scores(
        self, user_id: str, terms: Sequence[str], ids: Sequence[int]
    ) -> dict[int, float]:
        match = fts_query(owner_token(user_id), terms)

        def select(c: sqlite3.Connection) -> dict[int, float]:
            out: dict[int, float] = {}
            for i in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
                part = list(ids[i : i + 500])
                marks = ",".join("?" * len(part))
                rows = c.execute(
                    "SELECT m.id, -bm25(memory_fts, 0.0, 1.0) FROM memory_fts"
                    " JOIN memory_chunks m ON m.id = memory_fts.rowid"
                    f" WHERE memory_fts MATCH ? AND m.user_id = ? AND m.id IN ({marks})",
                    (match, user_id, *part),
                ).fetchall()
                out.update((int(cid), float(score)) for cid, score in rows)
            return out

        return await self._run(select)

    async def _vector_fingerprint(self, user_id: str, model: str) -> tuple[int, int]:
        count, top = await self._run(
            lambda c: c.execute(
                "SELECT count(*), coalesce(max(id), 0) FROM memory_chunks"
                " WHERE user_id = ? AND model = ?",
                (user_id, model),
            ).fetchone()
        )
        return int(count), int(top)

    async def _load_vectors(self, user_id: str, model: str) -> tuple[list[int], Matrix]:
        import numpy as np

        rows = await self._run(
            lambda c: c.execute(
                "SELECT id, embedding FROM memory_chunks WHERE user_id = ? AND model = ?"
                " ORDER BY id",
                (user_id, model),
            ).fetchall()
        )
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        matrix = np.frombuffer(b"".join(blob for _, blob in rows), dtype=np.float32)
        return [int(cid) for cid, _ in rows], matrix.reshape(len(rows), -1)

    async def _fetch(
        self, user_id: str, ids: Sequence[int]
    ) -> list[tuple[int, str, int, int, str]]:
        def select(c: sqlite3.Connection) -> list[tuple[int, str, int, int, str]]:
            out: list[tuple[int, str, int, int, str]] = []
            for i in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
                part = list(ids[i : i + 500])
                marks = ",".join("?" * len(part))
                rows = c.execute(
                    "SELECT id, path, start_line, end_line, text FROM memory_chunks"
                    f" WHERE user_id = ? AND id IN ({marks})",
                    (user_id, *part),
                ).fetchall()
                out.extend((int(a), str(b), int(s), int(e), str(t)) for a, b, s, e, t in rows)
            return out

        return await self._run(select)


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error (autocommit connection)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.conn.execute("COMMIT" if exc_type is None else "ROLLBACK")


def _delete_paths(c: sqlite3.Connection, user_id: str, paths: Sequence[str]) -> None:
    for path in paths:
        c.execute(
            "DELETE FROM memory_fts WHERE rowid IN"
            " (SELECT id FROM memory_chunks WHERE user_id = ? AND path = ?)",
            (user_id, path),
        )
        c.execute("DELETE FROM memory_chunks WHERE user_id = ? AND path = ?", (user_id, path))
        c.execute("DELETE FROM memory_files WHERE user_id = ? AND path = ?", (user_id, path))
