"""Score fusion (`search.rank`) on candidates with raw scores, as the backends hand them over."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.memory.search import (
    Candidate,
    MemoryConfig,
    normalize_keyword,
    normalize_vector,
    rank,
)

from .conftest import TODAY

# MEMORY.md is never decayed, so these tests see the fusion alone.
PATH = "MEMORY.md"
# Backend relevances are 0 (no match) or well above float underflow.
relevance = st.just(0.0) | st.floats(min_value=1e-6, max_value=50.0)
cosine = st.floats(min_value=-1.0, max_value=1.0, allow_nan=False)
weights = st.floats(min_value=0.01, max_value=0.5)


def cand(cid: int, keyword: float, vector: float | None) -> Candidate:
    return Candidate(cid, PATH, cid, cid, f"chunk {cid}", keyword, vector)


def ranked_ids(candidates: list[Candidate], weight: float, max_results: int = 100) -> list[int]:
    config = replace(MemoryConfig(), vector_weight=weight)
    hits = rank(candidates, today=TODAY, config=config, max_results=max_results, min_score=0.0)
    return [h.start_line for h in hits]


@given(st.lists(st.tuples(relevance, cosine), min_size=1, max_size=30), weights)
def test_fused_scores_lie_in_unit_range_and_come_best_first(
    raw: list[tuple[float, float]], weight: float
) -> None:
    candidates = [cand(i, k, v) for i, (k, v) in enumerate(raw)]
    config = replace(MemoryConfig(), vector_weight=weight)
    hits = rank(candidates, today=TODAY, config=config, max_results=100, min_score=0.0)
    scores = [h.score for h in hits]
    assert all(0.0 < s <= 1.0 + 1e-9 for s in scores)
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= h.keyword_score <= 1.0 and 0.0 <= h.vector_score <= 1.0 for h in hits)


@given(
    st.lists(st.tuples(relevance, cosine), min_size=0, max_size=20),
    st.lists(cosine, min_size=1, max_size=20),
    cosine,
    weights,
)
def test_best_keyword_match_outranks_every_vector_only_match(
    matched: list[tuple[float, float]], vector_only: list[float], best_cos: float, weight: float
) -> None:
    best_rel = max((k for k, _ in matched), default=0.0) + 1.0
    candidates = [cand(0, best_rel, best_cos)]
    candidates += [cand(i + 1, k, v) for i, (k, v) in enumerate(matched)]
    offset = len(candidates)
    candidates += [cand(offset + i, 0.0, v) for i, v in enumerate(vector_only)]
    order = ranked_ids(candidates, weight)
    vector_ids = {offset + i for i in range(len(vector_only))}
    assert all(order.index(0) < order.index(v) for v in vector_ids if v in order)


@given(
    st.lists(relevance.filter(lambda r: r > 0), min_size=1, max_size=10),
    st.lists(cosine, min_size=1, max_size=10),
    weights,
)
def test_most_similar_vector_only_match_gets_in(
    keyword_rel: list[float], vector_only: list[float], weight: float
) -> None:
    # Keyword matches get middling cosines; one chunk without any query term is the most
    # similar of all. With room for one more result than there are keyword matches, it is in.
    candidates = [cand(i, r, 0.0) for i, r in enumerate(keyword_rel)]
    offset = len(candidates)
    candidates += [cand(offset + i, 0.0, min(v, 0.5)) for i, v in enumerate(vector_only)]
    star = offset + len(vector_only)
    candidates.append(cand(star, 0.0, 0.9))
    order = ranked_ids(candidates, weight, max_results=len(keyword_rel) + 1)
    assert star in order


@given(st.lists(st.tuples(relevance, cosine), min_size=1, max_size=20))
def test_without_vectors_the_order_is_the_keyword_order(raw: list[tuple[float, float]]) -> None:
    keyword_only = [cand(i, k, None) for i, (k, _) in enumerate(raw)]
    order = ranked_ids(keyword_only, 0.7)
    by_relevance = sorted((i for i, (k, _) in enumerate(raw) if k > 0), key=lambda i: -raw[i][0])
    assert [raw[i][0] for i in order] == [raw[i][0] for i in by_relevance]


@given(st.lists(relevance, min_size=1, max_size=20), st.lists(cosine, min_size=1, max_size=20))
def test_normalization_maps_the_best_to_one(rel: list[float], cos: list[float]) -> None:
    kw = normalize_keyword(rel)
    if max(rel) > 0:
        assert kw[rel.index(max(rel))] == 1.0
    assert all(0.0 <= x <= 1.0 for x in kw)
    vec = normalize_vector(cos)
    assert vec[cos.index(max(cos))] == 1.0
    assert all(0.0 <= x <= 1.0 for x in vec)
