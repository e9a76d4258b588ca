"""Hybrid ranking of memory search candidates.

    score = recency * (w * vector + (1 - w) * keyword)

`keyword` is the backend's relevance (bm25 or ts_rank) divided by the best one for the query,
so it lies in (0, 1] and the best keyword match scores 1; a chunk found only by its vector has
keyword 0. `vector` is the cosine similarity, clamped to [0, 1]. Without an embedder, w is 0:
the ranking is keyword-only. Daily files lose weight with a half-life counted from the date in
their name; MEMORY.md holds curated facts and is never decayed.
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
    vector_weight: float = 0.7
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
    keyword: float  # normalized, 0 when the keyword search did not find it
    vector: float  # cosine, 0 when there is no embedder


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


def normalize_keyword(raw: Sequence[tuple[int, float]]) -> dict[int, float]:
    """Relevance scores (higher is better, > 0) divided by the best, so the best is 1."""
    best = max((s for _, s in raw), default=0.0)
    if best <= 0:
        return {cid: 0.0 for cid, _ in raw}
    return {cid: max(0.0, s) / best for cid, s in raw}


def snippet(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rank(
    candidates: Sequence[Candidate],
    *,
    today: date,
    config: MemoryConfig,
    hybrid: bool,
    max_results: int,
    min_score: float,
) -> list[MemoryHit]:
    """Score, filter and order candidates; ties keep file order (path, then line)."""
    weight = config.vector_weight if hybrid else 0.0
    scored: list[tuple[float, Candidate]] = []
    for cand in candidates:
        vector = min(1.0, max(0.0, cand.vector)) if hybrid else 0.0
        base = weight * vector + (1.0 - weight) * cand.keyword
        score = base * recency(cand.path, today, config.half_life_days)
        if score >= min_score and score > 0:
            scored.append((score, cand))
    scored.sort(key=lambda sc: (-sc[0], sc[1].path, sc[1].start_line))
    return [
        MemoryHit(
            path=c.path,
            start_line=c.start_line,
            end_line=c.end_line,
            snippet=snippet(c.text, config.snippet_chars),
            score=s,
            keyword_score=c.keyword,
            vector_score=min(1.0, max(0.0, c.vector)) if hybrid else 0.0,
            source=source_of(c.path),
        )
        for s, c in scored[:max_results]
    ]
