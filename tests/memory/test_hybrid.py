"""Embeddings and hybrid ranking (skipped when the embeddings extra is not installed)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date, timedelta

import pytest

from ctxengine.memory.embed import (
    EXTRA_HINT,
    EmbeddingsUnavailable,
    load_default_embedder,
    load_embedder,
)
from ctxengine.memory.files import MemoryFiles

from .conftest import TODAY, IndexFactory, write_daily

Users = Callable[[str], MemoryFiles]
EMBEDDER = load_default_embedder()
needs_embedder = pytest.mark.skipif(
    EMBEDDER is None, reason=f"embeddings extra not installed ({EXTRA_HINT})"
)

# One note holds the query's word; another says the same thing in other words, which only its
# vector can find (the static model puts it closest to the query); the rest are unrelated.
KEYWORD_NOTE = "The coffee machine on the third floor is broken again."
VECTOR_NOTE = "She always drinks an espresso with oat milk."
UNRELATED = ["Went running in the park this weekend.", "The server disk is almost full."]
KEYWORD_NOTE_ZH = "三楼的咖啡机又坏了，已经报修。"
VECTOR_NOTE_ZH = "她每天早上喝一杯拿铁，不加糖。"
UNRELATED_ZH = ["周末去公园跑步了。", "服务器的磁盘快满了，需要扩容。"]


def test_missing_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "static_model", None)  # makes the import fail
    with pytest.raises(EmbeddingsUnavailable, match=r"pip install 'ctxengine\[embeddings\]'"):
        load_embedder("static")
    assert load_default_embedder("static") is None


def test_unknown_embedder_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown embedder 'nope'"):
        load_embedder("nope")


@needs_embedder
def test_chinese_similarities_are_sensible() -> None:
    assert EMBEDDER is not None
    [q, price, park] = EMBEDDER.embed(["产品多少钱", "这个产品的价格是三百元", "我周末去公园跑步"])
    [qq] = EMBEDDER.embed_query(["产品多少钱"])

    def cos(a: list[float], b: list[float]) -> float:
        return sum(x * y for x, y in zip(a, b, strict=True))

    assert cos(qq, price) > cos(qq, park)
    assert abs(cos(q, q) - 1.0) < 1e-5  # vectors come normalized


@needs_embedder
@pytest.mark.parametrize(
    ("query", "keyword_note", "vector_note", "unrelated"),
    [
        ("coffee", KEYWORD_NOTE, VECTOR_NOTE, UNRELATED),
        ("咖啡", KEYWORD_NOTE_ZH, VECTOR_NOTE_ZH, UNRELATED_ZH),
    ],
)
async def test_fusion_keeps_the_keyword_match_on_top_and_lets_a_vector_match_in(
    make_index: IndexFactory,
    user_files: Users,
    query: str,
    keyword_note: str,
    vector_note: str,
    unrelated: list[str],
) -> None:
    files = user_files("alice")
    notes = [keyword_note, vector_note, *unrelated]
    for age, note in enumerate(notes):
        write_daily(files, TODAY - timedelta(days=age), note + "\n")
    keyword_only, hybrid = make_index(), make_index(EMBEDDER)
    await keyword_only.sync_user(files)
    await hybrid.sync_user(files)

    plain = await keyword_only.search(files.user_id, query, min_score=0.0)
    assert [h.snippet for h in plain] == [keyword_note]
    assert all(h.vector_score == 0.0 for h in plain)

    mixed = await hybrid.search(files.user_id, query, min_score=0.0)
    order = [h.snippet for h in mixed]
    assert order[0] == keyword_note
    assert vector_note in order
    [found] = [h for h in mixed if h.snippet == vector_note]
    assert found.keyword_score == 0.0
    assert found.vector_score > 0.0
    assert all(order.index(vector_note) < order.index(u) for u in unrelated if u in order)
    weight = hybrid.config.vector_weight
    for h in mixed:
        decay = 0.5 ** ((TODAY - _day(h.path)).days / 30.0)
        expected = (weight * h.vector_score + (1 - weight) * h.keyword_score) * decay
        assert abs(h.score - expected) < 1e-6


@needs_embedder
async def test_unchanged_chunks_keep_their_vectors(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    body = "\n".join(f"第{i}条：会议记录与待办事项。" for i in range(300))
    files.memory_md.write_text(body, encoding="utf-8")
    index = make_index(EMBEDDER)
    first = await index.sync_user(files)
    assert first.vectors_computed == first.chunks_written > 2
    files.memory_md.write_text(body + "\n新增：下周发布。", encoding="utf-8")
    second = await index.sync_user(files)
    assert second.files_indexed == 1
    assert 0 < second.vectors_computed < second.chunks_written


def _day(path: str) -> date:
    from ctxengine.memory.search import file_date

    day = file_date(path)
    assert day is not None
    return day
