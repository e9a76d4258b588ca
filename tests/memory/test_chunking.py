"""Chunking: line-bounded, size-capped, overlapping chunks that cover every line."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.memory.chunking import ChunkingError, chunk_text

line = st.text(alphabet=st.sampled_from("ab 价格记忆x\t"), max_size=60)
texts = st.lists(line, min_size=1, max_size=60).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(texts, st.integers(20, 200), st.data())
def test_chunks_cover_every_nonblank_line_within_size(
    text: str, size: int, data: st.DataObject
) -> None:
    overlap = data.draw(st.integers(0, size - 1))
    chunks = chunk_text(text, "memory/x.md", chunk_chars=size, overlap_chars=overlap)
    lines = text.split("\n")
    covered = {n for c in chunks for n in range(c.start_line, c.end_line + 1)}
    for number, content in enumerate(lines, start=1):
        if content.strip():
            assert number in covered
    for c in chunks:
        assert len(c.text) <= size
        assert 1 <= c.start_line <= c.end_line <= len(lines)
        assert c.path == "memory/x.md"
    starts = [c.start_line for c in chunks]
    assert starts == sorted(starts)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="abc价格 ", min_size=1, max_size=30), min_size=1, max_size=80))
def test_chunk_text_is_the_file_lines_it_names(lines: list[str]) -> None:
    # Lines shorter than chunk_chars are never cut, so each chunk is exactly its line range.
    text = "\n".join(lines)
    for c in chunk_text(text, "MEMORY.md", chunk_chars=100, overlap_chars=30):
        assert c.text == "\n".join(lines[c.start_line - 1 : c.end_line])


def test_overlap_repeats_the_tail_of_the_previous_chunk() -> None:
    text = "\n".join(f"line {i:03d}" for i in range(1, 101))  # 8 characters a line
    chunks = chunk_text(text, "MEMORY.md", chunk_chars=90, overlap_chars=20)
    assert len(chunks) > 1
    for prev, nxt in itertools.pairwise(chunks):
        assert nxt.start_line <= prev.end_line  # shares at least one line
        shared = "\n".join(text.split("\n")[nxt.start_line - 1 : prev.end_line])
        assert len(shared) <= 20


def test_long_line_is_split_into_pieces_of_that_line() -> None:
    text = "intro\n" + "价" * 450 + "\noutro"
    chunks = chunk_text(text, "MEMORY.md", chunk_chars=100, overlap_chars=0)
    assert all(len(c.text) <= 100 for c in chunks)
    # Without overlap nothing repeats, so every character of the long line appears once.
    assert "".join(c.text for c in chunks).count("价") == 450
    assert any(c.start_line == c.end_line == 2 for c in chunks)


def test_blank_text_has_no_chunks() -> None:
    assert chunk_text(" \n\n \n", "MEMORY.md") == []


@pytest.mark.parametrize(("size", "overlap"), [(0, 0), (100, 100), (100, -1)])
def test_bad_parameters_are_rejected(size: int, overlap: int) -> None:
    with pytest.raises(ChunkingError, match="must be"):
        chunk_text("x", "MEMORY.md", chunk_chars=size, overlap_chars=overlap)
