"""The memory index protocol and the sync/search logic every backend shares.

Backends (SQLite FTS5 in `index.py`, PostgreSQL in `index_pg.py`) only store and fetch rows;
deciding what to re-index, embedding, and ranking happen here, so both behave the same. Every
row carries its `user_id` and every primitive takes one: no query reads across users.
"""

from __future__ import annotations

import asyncio
import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ctxengine.memory.chunking import chunk_text
from ctxengine.memory.embed import Embedder
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.search import Candidate, MemoryConfig, MemoryHit, rank
from ctxengine.memory.segment import index_text, query_terms

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

EMBED_BATCH = 64


class MemoryIndexError(RuntimeError):
    """The index cannot be read or written, or a memory file cannot be indexed."""


@dataclass(frozen=True)
class SyncStats:
    """What one `sync_user` did."""

    files_indexed: int = 0
    files_unchanged: int = 0
    files_deleted: int = 0
    chunks_written: int = 0
    vectors_computed: int = 0  # chunks embedded now; unchanged chunk texts reuse their vector


@dataclass(frozen=True)
class FileState:
    hash: str
    model: str | None


@dataclass(frozen=True)
class ChunkRow:
    """A chunk as stored: text, its segmented form for the keyword index, and its vector."""

    start_line: int
    end_line: int
    text: str
    text_hash: str
    segmented: str
    vector: list[float] | None


@runtime_checkable
class MemoryIndex(Protocol):
    """Search over each user's memory files; every call is scoped by one user."""

    async def sync_user(self, files: MemoryFiles) -> SyncStats:
        """Re-index the user's files whose sha256 changed; drop entries of deleted files."""
        ...

    async def search(
        self,
        user_id: str,
        query: str,
        *,
        max_results: int | None = None,
        min_score: float | None = None,
    ) -> list[MemoryHit]:
        """The user's best-matching chunks, best first."""
        ...

    async def delete_user(self, user_id: str) -> None:
        """Forget everything indexed for the user."""
        ...

    async def close(self) -> None: ...


def sha256(data: bytes | str) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()


def _decode(data: bytes, rel: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MemoryIndexError(f"{rel}: not UTF-8 at byte {exc.start}") from None


class IndexBase(ABC):
    """Shared sync and hybrid search over a backend's storage primitives."""

    def __init__(
        self,
        *,
        embedder: Embedder | None = None,
        config: MemoryConfig | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.embedder = embedder
        self.config = config or MemoryConfig()
        self._clock = clock or (lambda: datetime.now(UTC))
        self._locks: dict[str, asyncio.Lock] = {}
        self._vectors: dict[str, tuple[tuple[int, int], list[int], Matrix]] = {}

    # --- storage primitives ------------------------------------------------------------
    @abstractmethod
    async def close(self) -> None:
        """Release the connection; the index reopens on next use."""

    @abstractmethod
    async def _file_states(self, user_id: str) -> dict[str, FileState]: ...

    @abstractmethod
    async def _stored_vectors(self, user_id: str, path: str, model: str) -> dict[str, list[float]]:
        """Vectors of the file's current chunks by text hash, to reuse for unchanged text."""

    @abstractmethod
    async def _replace_file(
        self, user_id: str, path: str, digest: str, model: str | None, rows: Sequence[ChunkRow]
    ) -> None:
        """Atomically swap the file's chunks for `rows` and record its hash."""

    @abstractmethod
    async def _delete_files(self, user_id: str, paths: Sequence[str]) -> None: ...

    @abstractmethod
    async def _delete_user_rows(self, user_id: str) -> None: ...

    @abstractmethod
    async def _keyword(
        self, user_id: str, terms: Sequence[str], limit: int
    ) -> list[tuple[int, float]]:
        """(chunk id, relevance > 0) of the best keyword matches, any term matching."""

    @abstractmethod
    async def _keyword_scores(
        self, user_id: str, terms: Sequence[str], ids: Sequence[int]
    ) -> dict[int, float]:
        """Relevance (> 0) of those chunks of `ids` matching any term, on `_keyword`'s scale."""

    @abstractmethod
    async def _vector_fingerprint(self, user_id: str, model: str) -> tuple[int, int]:
        """(count, max id) of the user's vectors: changes whenever they do (ids never reused)."""

    @abstractmethod
    async def _load_vectors(self, user_id: str, model: str) -> tuple[list[int], Matrix]: ...

    @abstractmethod
    async def _fetch(
        self, user_id: str, ids: Sequence[int]
    ) -> list[tuple[int, str, int, int, str]]:
        """(id, path, start_line, end_line, text) of the user's chunks with these ids."""

    # --- sync --------------------------------------------------------------------------
    def _lock(self, user_id: str) -> asyncio.Lock:
        return self._locks.setdefault(user_id, asyncio.Lock())

    async def sync_user(self, files: MemoryFiles) -> SyncStats:
        """Bring the user's index in line with their files (see `MemoryIndex.sync_user`)."""
        user_id = files.user_id
        model = self.embedder.model_id if self.embedder else None
        async with self._lock(user_id):
            states = await self._file_states(user_id)
            present = {files.relative(p): p for p in files.files()}
            gone = sorted(set(states) - set(present))
            if gone:
                await self._delete_files(user_id, gone)
            indexed = unchanged = written = computed = 0
            for rel, path in present.items():
                data = await asyncio.to_thread(path.read_bytes)
                digest = sha256(data)
                state = states.get(rel)
                if state is not None and state.hash == digest and state.model == model:
                    unchanged += 1
                    continue
                rows, fresh = await self._build_rows(user_id, rel, _decode(data, rel), model)
                await self._replace_file(user_id, rel, digest, model, rows)
                indexed += 1
                written += len(rows)
                computed += fresh
            if gone or indexed:
                self._vectors.pop(user_id, None)
            return SyncStats(indexed, unchanged, len(gone), written, computed)

    async def _build_rows(
        self, user_id: str, rel: str, text: str, model: str | None
    ) -> tuple[list[ChunkRow], int]:
        cfg = self.config
        chunks = chunk_text(text, rel, chunk_chars=cfg.chunk_chars, overlap_chars=cfg.overlap_chars)
        segmented = await asyncio.to_thread(lambda: [index_text(c.text) for c in chunks])
        hashes = [sha256(c.text) for c in chunks]
        vectors: dict[str, list[float]] = {}
        fresh = 0
        if self.embedder is not None and model is not None:
            vectors = await self._stored_vectors(user_id, rel, model)
            missing = sorted(
                {h: c.text for h, c in zip(hashes, chunks, strict=True) if h not in vectors}.items()
            )
            for i in range(0, len(missing), EMBED_BATCH):
                batch = missing[i : i + EMBED_BATCH]
                embedded = await asyncio.to_thread(self.embedder.embed, [t for _, t in batch])
                vectors.update(zip((h for h, _ in batch), embedded, strict=True))
            fresh = len(missing)
        rows = [
            ChunkRow(c.start_line, c.end_line, c.text, h, seg, vectors.get(h))
            for c, h, seg in zip(chunks, hashes, segmented, strict=True)
        ]
        return rows, fresh

    async def delete_user(self, user_id: str) -> None:
        async with self._lock(user_id):
            await self._delete_user_rows(user_id)
            self._vectors.pop(user_id, None)

    # --- search ------------------------------------------------------------------------
    async def search(
        self,
        user_id: str,
        query: str,
        *,
        max_results: int | None = None,
        min_score: float | None = None,
    ) -> list[MemoryHit]:
        """Hybrid (or keyword-only) search of one user's memory; see `search.rank`."""
        limit = self.config.max_results if max_results is None else max_results
        floor = self.config.min_score if min_score is None else min_score
        if limit < 1:
            raise ValueError(f"max_results must be at least 1, got {limit}")
        if not query.strip():
            return []
        pool = limit * self.config.candidate_factor
        terms = await asyncio.to_thread(query_terms, query)
        keyword = dict(await self._keyword(user_id, terms, pool) if terms else [])
        similarity = await self._similarities(user_id, query, set(keyword), pool)
        # A chunk the vectors found may still hold query terms below the keyword cut-off:
        # score it too, so every candidate is judged on both signals.
        extra = sorted(set(similarity) - set(keyword)) if terms else []
        if extra:
            keyword.update(await self._keyword_scores(user_id, terms, extra))
        ids = sorted(set(keyword) | set(similarity))
        rows = await self._fetch(user_id, ids) if ids else []
        hybrid = bool(similarity)
        candidates = [
            Candidate(
                cid,
                path,
                start,
                end,
                text,
                keyword.get(cid, 0.0),
                similarity.get(cid, 0.0) if hybrid else None,
            )
            for cid, path, start, end, text in rows
        ]
        return rank(
            candidates,
            today=self._clock().date(),
            config=self.config,
            max_results=limit,
            min_score=floor,
        )

    async def _similarities(
        self, user_id: str, query: str, keyword_ids: set[int], pool: int
    ) -> dict[int, float]:
        """Cosine of the query with the top `pool` chunks and with every keyword candidate."""
        if self.embedder is None:
            return {}
        import numpy as np

        ids, matrix = await self._user_vectors(user_id, self.embedder.model_id)
        if not ids:
            return {}
        [qvec] = await asyncio.to_thread(self.embedder.embed_query, [query])
        q = np.asarray(qvec, dtype=np.float32)
        if q.shape[0] != matrix.shape[1]:
            raise MemoryIndexError(
                f"query vector has {q.shape[0]} dimensions, index has {matrix.shape[1]}"
            )
        sims = matrix @ q
        top = np.argsort(-sims)[:pool] if len(ids) > pool else np.arange(len(ids))
        out = {ids[int(i)]: float(sims[int(i)]) for i in top}
        position = {cid: i for i, cid in enumerate(ids)}
        for cid in keyword_ids:
            if cid in position:
                out[cid] = float(sims[position[cid]])
        return out

    async def _user_vectors(self, user_id: str, model: str) -> tuple[list[int], Matrix]:
        """The user's vector matrix, cached until the stored vectors change."""
        fingerprint = await self._vector_fingerprint(user_id, model)
        cached = self._vectors.get(user_id)
        if cached is not None and cached[0] == fingerprint:
            return cached[1], cached[2]
        ids, matrix = await self._load_vectors(user_id, model)
        self._vectors[user_id] = (fingerprint, ids, matrix)
        return ids, matrix
