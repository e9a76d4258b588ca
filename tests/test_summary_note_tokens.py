"""The injected summary note is counted from counts kept per summary, and that count is the
count of the whole note, token for token, for every encoding (property test); a summary whose
edges would let BPE merge across the seam is counted whole instead."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.memory.files import MemoryFiles
from ctxengine.pipeline.notes import note, note_parts
from ctxengine.settings import Settings
from ctxengine.store.base import SessionKey
from ctxengine.store.memory import MemoryStore
from ctxengine.summaries import SummaryBook, SummaryRecord
from ctxengine.tokens import TokenCounter

COUNTERS = {name: TokenCounter(encoding=name) for name in ("o200k_base", "cl100k_base", "qwen3")}


class _Unused:
    async def summarize(self, messages: Any, *, language: Any) -> str:  # pragma: no cover
        raise AssertionError("not called")


async def _noop(kind: str, data: dict[str, Any]) -> None:  # pragma: no cover
    return None


def _book(tmp: Path, counter: TokenCounter, texts: list[str]) -> SummaryBook:
    book = SummaryBook(
        SessionKey("u", "s"),
        MemoryStore(),
        _Unused(),
        MemoryFiles(tmp, "u"),
        Settings(workspace=tmp),
        counter,
        _noop,
    )
    book.records = [SummaryRecord(i + 1, "trim", [i + 1], t, "p") for i, t in enumerate(texts)]
    book.restore({"records": [r.to_dict() for r in book.records]})
    return book


# Text with the seams' hard cases: punctuation before the newlines, "/", quotes, digits,
# CJK, spaces and newlines inside, and edges the shortcut must refuse.
pieces = st.sampled_from(
    ["end.", "Done!", "/path", "a/b", "'s", "123", "中文。", "，", " ", "\n", "\t", '"q"', "x"]
)
texts = st.lists(pieces | st.text(max_size=6), min_size=1, max_size=12).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    summaries=st.lists(texts.map(str.strip) | texts, min_size=1, max_size=5),
    encoding=st.sampled_from(sorted(COUNTERS)),
    lang=st.sampled_from(["en", "zh"]),
)
def test_the_sum_is_the_count_of_the_whole_note(
    summaries: list[str], encoding: str, lang: str
) -> None:
    counter = COUNTERS[encoding]
    with tempfile.TemporaryDirectory() as tmp:
        book = _book(Path(tmp), counter, summaries)
        text = book.injected_text(1_000_000)
        head, tail = note_parts("summary_header", lang, "summary")  # type: ignore[arg-type]
        got = book.note_tokens(head, tail, text)
        whole = counter.count(note("summary_header", lang, summary=text))  # type: ignore[arg-type]
        if got is not None:
            assert got == whole
        if all(s and s == s.strip() and not s.startswith("/") for s in summaries):
            assert got is not None, "the shortcut applies to stripped summaries"


@pytest.mark.parametrize("bad", ["/starts with a slash", " leading space", "trailing space "])
def test_an_unsafe_edge_is_counted_whole(bad: str, tmp_path: Path) -> None:
    book = _book(tmp_path, COUNTERS["o200k_base"], ["fine.", bad])
    text = book.injected_text(1_000_000)
    head, tail = note_parts("summary_header", "en", "summary")
    assert book.note_tokens(head, tail, text) is None


def test_only_the_text_it_returned_is_counted(tmp_path: Path) -> None:
    book = _book(tmp_path, COUNTERS["o200k_base"], ["one.", "two."])
    text = book.injected_text(1_000_000)
    head, tail = note_parts("summary_header", "en", "summary")
    assert book.note_tokens(head, tail, text + " ") is None
