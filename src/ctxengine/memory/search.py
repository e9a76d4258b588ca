"""Hybrid ranking of memory search candidates.

    score = recency * (w * vector + (1 - w) * keyword)

Candidates are the union of what the keyword index and the vector index each found, and every
candidate carries both raw scores (bm25/ts_rank relevance, cosine similarity). The raw scores
live on different, query-dependent scales: static embeddings put nearly every chunk of one
language at a cosine of 0.5-0.9, so a raw cosine swamps any keyword evidence. Each is therefore
normalized per query over the candidate set before the convex combination:

- `keyword` = relevance / best relevance, in [0, 1]; the best keyword match scores 1, a chunk
  without any query term 0 (dividing by the best keeps "how much better": a chunk matching
  one rare term of three stays well below the one matching all three).
- `vector` = min-max of the cosine over the candidates, in [0, 1]; the most similar scores 1,
  the least similar 0.

Convex combination of min-max normalized scores beats reciprocal rank fusion in Bruch et al.,
"An Analysis of Fusion Functions for Hybrid Retrieval" (TOIS 2023), and unlike RRF it keeps a
single strong keyword match ahead of chunks that are merely ranked well by both. Scores are
relative to the query's candidates, so `min_score` drops the weak tail of one query's results,
not an absolute level. Without an embedder, w is 0: the ranking is keyword-only.

Daily files lose weight with a half-life counted from the date in their name; MEMORY.md holds
curated facts and is never decayed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from ctxengine.settings import Settings

Source = Literal["daily", "memory"]

_DAILY = re.compile(r"^memory/(\d{4}-\d{2}-\d{2})\.md$")


@dataclass(frozen=True)
class MemoryConfig:
    """Tunables of the memory index; `from_settings` copies the ones Settings has."""

    chunk_chars: int = 2000
    overlap_chars: int = 200
    # Measured on bench/bench_memory.py (10,709 chunks, zh+en, static embedder): recall@5 falls
    # as the weight rises; 0.2 costs little against keyword-only and still lets a chunk found
    # only by its vector into the results. Settings.memory_vector_weight should follow.
    vector_weight: float = 0.2
    half_life_days: float = 30.0
    max_results: int = 10
    min_score: float = 0.1
    # Characters of chunk text returned as a hit's snippet, and how many candidates per wanted
    # result each retriever contributes before the merge.
    snippet_chars: int = 700
    candidate_factor: int = 4

    @classmethod
    def from_settings(cls, settings: Settings) -> MemoryConfig:
        return cls(
            chunk_chars=settings.memory_chunk_chars,
            overlap_chars=settings.memory_chunk_overlap_chars,
            vector_weight=settings.memory_vector_weight,
            half_life_days=settings.memory_half_life_days,
            max_results=settings.memory_max_results,
            min_score=settings.memory_min_score,
            snippet_chars=settings.memory_snippet_chars,
            candidate_factor=settings.memory_candidate_factor,
        )


@dataclass(frozen=True)
class MemoryHit:
    """One search result: where it is, what it says, and why it ranked."""

    path: str  # relative to the user's root: "MEMORY.md" or "memory/2024-05-01.md"
    start_line: int
    end_line: int
    snippet: str
    score: float
    keyword_score: float
    vector_score: float
    source: Source


@dataclass(frozen=True)
class Candidate:
    """A chunk some retriever found, with its raw scores before ranking."""

    chunk_id: int
    path: str
    start_line: int
    end_line: int
    text: str
    keyword: float  # raw relevance (higher is better), 0 when no query term matches it
    vector: float | None  # raw cosine similarity, None when there is no embedder


def source_of(path: str) -> Source:
    return "memory" if path == "MEMORY.md" else "daily"


def file_date(path: str) -> date | None:
    """The date a daily file is named after, or None for MEMORY.md and odd names."""
    match = _DAILY.match(path)
    if not match:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def recency(path: str, today: date, half_life_days: float) -> float:
    """Decay factor in (0, 1]: 0.5 per half-life of age for daily files, 1 for the rest."""
    day = file_date(path)
    if day is None:
        return 1.0
    age = max(0, (today - day).days)
    return math.pow(0.5, age / half_life_days)


def normalize_keyword(raw: Sequence[float]) -> list[float]:
    """Relevance scores divided by the best, so the best is 1 (all 0 when nothing matched)."""
    best = max(raw, default=0.0)
    if best <= 0:
        return [0.0 for _ in raw]
    return [max(0.0, s) / best for s in raw]


def normalize_vector(raw: Sequence[float]) -> list[float]:
    """Min-max normalized similarities: the best is 1, the worst 0 (all 1 when they are equal)."""
    if not raw:
        return []
    low, high = min(raw), max(raw)
    if high - low <= 1e-9:
        return [1.0 for _ in raw]
    return [(s - low) / (high - low) for s in raw]


def snippet(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rank(
    candidates: Sequence[Candidate],
    *,
    today: date,
    config: MemoryConfig,
    max_results: int,
    min_score: float,
) -> list[MemoryHit]:
    """Normalize, fuse, decay, filter and order candidates; ties keep file order.

    Hybrid when every candidate has a vector score, keyword-only otherwise.
    """
    vectors = [c.vector for c in candidates]
    hybrid = bool(candidates) and all(v is not None for v in vectors)
    weight = config.vector_weight if hybrid else 0.0
    keyword = normalize_keyword([c.keyword for c in candidates])
    vector = normalize_vector([v or 0.0 for v in vectors]) if hybrid else [0.0] * len(candidates)
    scored: list[tuple[float, float, float, Candidate]] = []
    for cand, kw, vec in zip(candidates, keyword, vector, strict=True):
        base = weight * vec + (1.0 - weight) * kw
        score = base * recency(cand.path, today, config.half_life_days)
        if score >= min_score and score > 0:
            scored.append((score, kw, vec, cand))
    scored.sort(key=lambda sc: (-sc[0], sc[3].path, sc[3].start_line))
    return [
        MemoryHit(
            path=c.path,
            start_line=c.start_line,
            end_line=c.end_line,
            snippet=snippet(c.text, config.snippet_chars),
            score=s,
            keyword_score=kw,
            vector_score=vec,
            source=source_of(c.path),
        )
        for s, kw, vec, c in scored[:max_results]
    ]
