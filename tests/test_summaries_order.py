"""The injected summaries are in conversation order whatever order their jobs finish in, and a
conversation's language vote starts where `detect_language` is."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.language import Language, LanguageVote, detect_language, prose
from ctxengine.memory.files import MemoryFiles
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.base import SessionKey
from ctxengine.store.memory import MemoryStore
from ctxengine.summaries import SummaryBook
from ctxengine.tokens import TokenCounter


class _Gated:
    """A summarizer whose answers are released one job at a time, in a chosen order."""

    def __init__(self) -> None:
        self.gates: dict[str, asyncio.Event] = {}

    async def summarize(self, messages: list[Message], *, language: Language) -> str:
        text = messages[0].text
        await self.gates.setdefault(text, asyncio.Event()).wait()
        return f"summary of {text}"


async def _noop(kind: str, data: dict[str, Any]) -> None:
    return None


def _book(tmp_path: Path, summarizer: _Gated) -> SummaryBook:
    key = SessionKey("u", "s")
    settings = Settings(workspace=tmp_path)
    files = MemoryFiles(tmp_path, "u")
    return SummaryBook(key, MemoryStore(), summarizer, files, settings, TokenCounter(), _noop)


async def test_summaries_are_injected_in_conversation_order(tmp_path: Path) -> None:
    gated = _Gated()
    book = _book(tmp_path, gated)
    for turn in (1, 5, 3):
        await book.submit("trim", [Message.user(f"turn {turn}")], [turn], "en")
    for turn in (5, 1, 3):  # finish out of order, looking at the text in between
        gated.gates.setdefault(f"turn {turn}", asyncio.Event()).set()
        while not any(r.turns == [turn] for r in book.records):
            await asyncio.sleep(0)
        book.injected_text(10_000)
    await book.wait()
    expected = "summary of turn 1\n\nsummary of turn 3\n\nsummary of turn 5"
    assert book.injected_text(10_000) == expected

    restored = _book(tmp_path, gated)
    restored.restore({"records": [r.to_dict() for r in book.records]})
    assert restored.injected_text(10_000) == expected

    await book.forget()
    assert book.injected_text(10_000) == ""


@given(text=st.text(max_size=60))
def test_a_first_message_votes_as_detect_language(text: str) -> None:
    assert LanguageVote().add(text) == detect_language(prose(text))


def test_a_first_message_on_chinese_and_mixed_text() -> None:
    for text in ("查一下订单", "把 user_id 改成 account_id", "ask 张伟 about the order", "naïve"):
        assert LanguageVote().add(text) == detect_language(text) == detect_language(prose(text))
