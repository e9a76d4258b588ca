"""The PostgreSQL memory index: tsvector/ts_rank over jieba-segmented text, vectors as real[].

PostgreSQL has no Chinese parser, so chunks are segmented here (see `segment.py`) into
space-separated tokens and stored as `to_tsvector('simple', ...)`; queries are built from the
same tokens. Every row carries `user_id` and every statement filters on it.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ctxengine.memory.base import ChunkRow, FileState, IndexBase, MemoryIndexError
from ctxengine.memory.embed import Embedder
from ctxengine.memory.search import MemoryConfig

if TYPE_CHECKING:
    import psycopg

    from ctxengine.memory.base import Matrix

_PREFIX = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")


def _schema(p: str) -> list[str]:
    return [
        f"""CREATE TABLE IF NOT EXISTS {p}_files (
            user_id TEXT NOT NULL,
            path TEXT NOT NULL,
            hash TEXT NOT NULL,
            model TEXT,
            PRIMARY KEY (user_id, path))""",
        f"""CREATE TABLE IF NOT EXISTS {p}_chunks (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            user_id TEXT NOT NULL,
            path TEXT NOT NULL,
            start_line INTEGER NOT NULL,
            end_line INTEGER NOT NULL,
            text TEXT NOT NULL,
            text_hash TEXT NOT NULL,
            model TEXT,
            embedding REAL[],
            tsv TSVECTOR NOT NULL)""",
        f"CREATE INDEX IF NOT EXISTS {p}_chunks_user_path ON {p}_chunks (user_id, path)",
        f"CREATE INDEX IF NOT EXISTS {p}_chunks_tsv ON {p}_chunks USING GIN (tsv)",
    ]


def ts_query(terms: Sequence[str]) -> str:
    """`'t1' | 't2' | ...` for `to_tsquery('simple', ...)`; each term a quoted lexeme."""
    return " | ".join("'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in terms)


class PostgresMemoryIndex(IndexBase):
    """`MemoryIndex` on PostgreSQL tables `<prefix>_files` and `<prefix>_chunks`."""

    def __init__(
        self,
        dsn: str,
        *,
        prefix: str = "memory",
        embedder: Embedder | None = None,
        config: MemoryConfig | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(embedder=embedder, config=config, clock=clock)
        if not _PREFIX.match(prefix):
            raise ValueError(f"table prefix {prefix!r} must match {_PREFIX.pattern}")
        self.dsn = dsn
        self.prefix = prefix
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._mutex = asyncio.Lock()

    async def open(self) -> None:
        """Connect and create the tables. Idempotent."""
        if self._conn is not None:
            return
        import psycopg

        try:
            self._conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
            async with self._conn.transaction():
                for stmt in _schema(self.prefix):
                    await self._conn.execute(stmt)
        except psycopg.Error as exc:
            raise MemoryIndexError(f"memory index at {self.dsn}: {exc}".strip()) from None

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def _rows(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        await self.open()
        assert self._conn is not None
        import psycopg

        async with self._mutex:
            try:
                cur = await self._conn.execute(sql.replace("{p}", self.prefix), params)
                return await cur.fetchall() if cur.description else []
            except psycopg.Error as exc:
                raise MemoryIndexError(f"memory index: {exc}".strip()) from None

    async def _file_states(self, user_id: str) -> dict[str, FileState]:
        rows = await self._rows(
            "SELECT path, hash, model FROM {p}_files WHERE user_id = %s", (user_id,)
        )
        return {path: FileState(digest, model) for path, digest, model in rows}

    async def _stored_vectors(self, user_id: str, path: str, model: str) -> dict[str, list[float]]:
        rows = await self._rows(
            "SELECT text_hash, embedding FROM {p}_chunks WHERE user_id = %s AND path = %s"
            " AND model = %s AND embedding IS NOT NULL",
            (user_id, path, model),
        )
        return {h: [float(x) for x in vec] for h, vec in rows}

    async def _replace_file(
        self, user_id: str, path: str, digest: str, model: str | None, rows: Sequence[ChunkRow]
    ) -> None:
        await self.open()
        assert self._conn is not None
        import psycopg

        p = self.prefix
        params = [
            (
                user_id,
                path,
                r.start_line,
                r.end_line,
                r.text,
                r.text_hash,
                model if r.vector is not None else None,
                r.vector,
                r.segmented,
            )
            for r in rows
        ]
        async with self._mutex:
            try:
                async with self._conn.transaction(), self._conn.cursor() as cur:
                    await cur.execute(
                        f"DELETE FROM {p}_chunks WHERE user_id = %s AND path = %s", (user_id, path)
                    )
                    await cur.executemany(
                        f"INSERT INTO {p}_chunks (user_id, path, start_line, end_line, text,"
                        " text_hash, model, embedding, tsv) VALUES"
                        " (%s, %s, %s, %s, %s, %s, %s, %s::real[], to_tsvector('simple', %s))",
                        params,
                    )
                    await cur.execute(
                        f"INSERT INTO {p}_files (user_id, path, hash, model)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT (user_id, path)"
                        " DO UPDATE SET hash = EXCLUDED.hash, model = EXCLUDED.model",
                        (user_id, path, digest, model),
                    )
            except psycopg.Error as exc:
                raise MemoryIndexError(f"memory index: {exc}".strip()) from None

    async def _delete_files(self, user_id: str, paths: Sequence[str]) -> None:
        for table in ("chunks", "files"):
            await self._rows(
                f"DELETE FROM {{p}}_{table} WHERE user_id = %s AND path = ANY(%s)",
                (user_id, list(paths)),
            )

    async def _delete_user_rows(self, user_id: str) -> None:
        for table in ("chunks", "files"):
            await self._rows(f"DELETE FROM {{p}}_{table} WHERE user_id = %s", (user_id,))

    async def _keyword(
        self, user_id: str, terms: Sequence[str], limit: int
    ) -> list[tuple[int, float]]:
        rows = await self._rows(
            "SELECT id, ts_rank(tsv, q) AS relevance"
            " FROM {p}_chunks, to_tsquery('simple', %s) AS q"
            " WHERE user_id = %s AND tsv @@ q ORDER BY relevance DESC, id LIMIT %s",
            (ts_query(terms), user_id, limit),
        )
        return [(int(cid), float(score)) for cid, score in rows if float(score) > 0]

    async def _keyword_scores(
        self, user_id: str, terms: Sequence[str], ids: Sequence[int]
    ) -> dict[int, float]:
        rows = await self._rows(
            "SELECT id, ts_rank(tsv, q) FROM {p}_chunks, to_tsquery('simple', %s) AS q"
            " WHERE user_id = %s AND id = ANY(%s) AND tsv @@ q",
            (ts_query(terms), user_id, list(ids)),
        )
        return {int(cid): float(score) for cid, score in rows if float(score) > 0}

    async def _vector_fingerprint(self, user_id: str, model: str) -> tuple[int, int]:
        [(count, top)] = await self._rows(
            "SELECT count(*), coalesce(max(id), 0) FROM {p}_chunks"
            " WHERE user_id = %s AND model = %s",
            (user_id, model),
        )
        return int(count), int(top)

    async def _load_vectors(self, user_id: str, model: str) -> tuple[list[int], Matrix]:
        import numpy as np

        rows = await self._rows(
            "SELECT id, embedding FROM {p}_chunks WHERE user_id = %s AND model = %s ORDER BY id",
            (user_id, model),
        )
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        matrix = np.asarray([vec for _, vec in rows], dtype=np.float32)
        return [int(cid) for cid, _ in rows], matrix

    async def _fetch(
        self, user_id: str, ids: Sequence[int]
    ) -> list[tuple[int, str, int, int, str]]:
        rows = await self._rows(
            "SELECT id, path, start_line, end_line, text FROM {p}_chunks"
            " WHERE user_id = %s AND id = ANY(%s)",
            (user_id, list(ids)),
        )
        return [(int(a), str(b), int(s), int(e), str(t)) for a, b, s, e, t in rows]
