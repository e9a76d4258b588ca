"""Keyword search, re-indexing and per-user isolation, on every backend."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from ctxengine.memory.base import MemoryIndex
from ctxengine.memory.files import MemoryFiles

from .conftest import TODAY, IndexFactory, write_daily

Users = Callable[[str], MemoryFiles]

NOTES = {
    "memory/2025-05-30.md": "## 购物\n\n这款降噪耳机的价格是八百九十九元，用户觉得有点贵。\n",
    "memory/2025-05-31.md": "## Travel\n\nAlice booked a flight to Berlin for the conference.\n",
    "MEMORY.md": "# Facts\n\n- 用户的猫叫小花。\n- The user prefers dark mode in every editor.\n",
}


def seed(files: MemoryFiles, notes: dict[str, str] = NOTES) -> None:
    for rel, text in notes.items():
        path = files.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


async def test_chinese_and_english_queries_find_their_note(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    seed(files)
    index = make_index()
    await index.sync_user(files)
    cases = {
        "耳机多少钱": "memory/2025-05-30.md",
        "flight to Berlin": "memory/2025-05-31.md",
        "DARK mode": "MEMORY.md",
        "小花": "MEMORY.md",
    }
    for query, expected in cases.items():
        hits = await index.search(files.user_id, query)
        assert hits, query
        assert hits[0].path == expected, query


async def test_two_character_chinese_word_is_found(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    seed(files)
    index = make_index()
    await index.sync_user(files)
    hits = await index.search(files.user_id, "价格")
    assert [h.path for h in hits] == ["memory/2025-05-30.md"]
    hit = hits[0]
    assert "价格" in hit.snippet
    assert hit.source == "daily"
    assert hit.keyword_score == 1.0  # the only (so best) keyword match


async def test_reindex_only_when_content_hash_changes(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    seed(files)
    index = make_index()
    first = await index.sync_user(files)
    assert (first.files_indexed, first.files_unchanged) == (3, 0)
    again = await index.sync_user(files)
    assert (again.files_indexed, again.files_unchanged, again.chunks_written) == (0, 3, 0)

    (files.root / "MEMORY.md").write_text("# Facts\n\n- 用户的狗叫旺财。\n", encoding="utf-8")
    changed = await index.sync_user(files)
    assert (changed.files_indexed, changed.files_unchanged) == (1, 2)
    assert await index.search(files.user_id, "小花") == []
    assert [h.path for h in await index.search(files.user_id, "旺财")] == ["MEMORY.md"]


async def test_deleted_file_leaves_the_index(make_index: IndexFactory, user_files: Users) -> None:
    files = user_files("alice")
    seed(files)
    index = make_index()
    await index.sync_user(files)
    (files.root / "memory/2025-05-31.md").unlink()
    stats = await index.sync_user(files)
    assert stats.files_deleted == 1
    assert await index.search(files.user_id, "Berlin") == []


async def test_users_with_the_same_words_never_see_each_other(
    make_index: IndexFactory, user_files: Users
) -> None:
    alice, bob = user_files("alice"), user_files("bob")
    seed(alice, {"MEMORY.md": "项目代号是蓝鲸，价格保密。Secret codename bluewhale.\n"})
    seed(bob, {"MEMORY.md": "项目代号是蓝鲸，价格公开。Public codename bluewhale.\n"})
    index = make_index()
    await index.sync_user(alice)
    await index.sync_user(bob)
    for query in ("蓝鲸", "价格", "bluewhale"):
        alice_hits = await index.search(alice.user_id, query)
        bob_hits = await index.search(bob.user_id, query)
        assert [h.snippet for h in alice_hits] == [alice.memory_md.read_text().strip()]
        assert [h.snippet for h in bob_hits] == [bob.memory_md.read_text().strip()]
    await index.delete_user(alice.user_id)
    assert await index.search(alice.user_id, "蓝鲸") == []
    assert len(await index.search(bob.user_id, "蓝鲸")) == 1
    assert (await index.sync_user(alice)).files_indexed == 1  # forgotten, so indexed anew


async def test_older_daily_notes_decay_and_memory_md_does_not(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    text = "预算会议改到周四。Budget meeting moved to Thursday.\n"
    write_daily(files, TODAY - timedelta(days=60), text)
    write_daily(files, TODAY - timedelta(days=1), text)
    files.memory_md.write_text(text, encoding="utf-8")
    index = make_index()
    await index.sync_user(files)
    hits = await index.search(files.user_id, "预算会议", min_score=0.0)
    assert [h.path for h in hits] == [
        "MEMORY.md",
        files.relative(files.daily_path(TODAY - timedelta(days=1))),
        files.relative(files.daily_path(TODAY - timedelta(days=60))),
    ]
    assert hits[0].score == hits[0].keyword_score  # not decayed
    # Sixty days is two half-lives of 30 days.
    assert abs(hits[2].score - hits[2].keyword_score / 4) < 1e-9


async def test_min_score_and_max_results_limit_hits(
    make_index: IndexFactory, user_files: Users
) -> None:
    files = user_files("alice")
    for i in range(6):
        write_daily(files, TODAY - timedelta(days=i * 40), f"第{i}次提到价格。\n")
    index = make_index()
    await index.sync_user(files)
    every = await index.search(files.user_id, "价格", max_results=10, min_score=0.0)
    assert len(every) == 6
    assert len(await index.search(files.user_id, "价格", max_results=2)) == 2
    kept = await index.search(files.user_id, "价格", max_results=10, min_score=0.3)
    assert kept == [h for h in every if h.score >= 0.3]
    assert len(kept) < 6


async def test_long_file_hits_name_their_lines(make_index: IndexFactory, user_files: Users) -> None:
    files = user_files("alice")
    lines = [f"第{i}行：普通的笔记内容，没有特别的信息。" for i in range(1, 400)]
    lines[300] = "密码轮换周期是九十天。"
    files.memory_md.write_text("\n".join(lines), encoding="utf-8")
    index = make_index()
    await index.sync_user(files)
    [top, *_] = await index.search(files.user_id, "密码轮换")
    assert top.start_line <= 301 <= top.end_line
    assert "密码轮换" in files.read_lines(top.path, top.start_line, top.end_line)


async def test_backends_implement_the_protocol(make_index: IndexFactory) -> None:
    assert isinstance(make_index(), MemoryIndex)
