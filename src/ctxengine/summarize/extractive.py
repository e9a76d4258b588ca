"""The offline summarizer: a deterministic pick of sentences copied verbatim from the input."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ctxengine.language import Language
from ctxengine.messages import Message, TextPart, ToolResultPart
from ctxengine.summarize.transcript import LABELS
from ctxengine.tokens import TokenCounter

_SENTENCE_SPLIT = re.compile(r"(?<=[。！？；!?])|(?<=[.;])(?=\s)|\n+")
_CONSTRAINT = re.compile(
    r"\b(?:must|never|always|don'?t|do not|should|shouldn'?t|only|avoid|make sure|ensure|"
    r"require[sd]?|prefer|no more than|at least|at most|keep|without)\b|"
    r"必须|不要|不能|不得|别|务必|一定要|只能|仅|禁止|需要|要求|确保|避免|不超过|至少|最多|保持|请勿|优先",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"\b(?:decided?|decision|will use|we'll|going with|chose|choose|agreed|switch(?:ed)? to|"
    r"fixed|confirmed|resolved|plan is|next step)\b|"
    r"决定|采用|选择|选定|确定|改为|改成|换成|已完成|修复|同意|确认|下一步|计划",
    re.IGNORECASE,
)
_IDENTIFIER = re.compile(
    r"https?://\S+|[\w.+-]{1,64}@[\w-]{1,63}\.\w+|`[^`]{1,200}`|"
    r"\b[A-Za-z_][\w-]*[_./:#][\w./:#-]+|\b[a-z]+[A-Z]\w*|"
    r"\b[A-Z]{2,}[-_]?\d+\b"
)
_NUMBER = re.compile(r"\d")
# A sentence that is only courtesy or assent ("好的。", "嗯呢", "Thanks!") says nothing a summary
# could keep, even as the first words of a request.
_COURTESY = re.compile(
    r"^(?:(?:好的?|好吧|好啊|嗯+|嗯呢|恩|哦|噢|行|可以|收到|知道了|谢谢(?:你|您|啦|了)?|非常感谢|"
    r"感谢|多谢|不客气|不用谢|再见|拜拜|您好|你好|ok(?:ay)?|thanks?(?: you)?|thank you|sure|"
    r"got it|great|bye|hi|hello)[\s，,。.！!~～]*)+$",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`, each a verbatim (stripped) slice of it.

    Splits after 。！？；!? , after . ; followed by white space (so ``main.py`` and ``3.14``
    stay whole) and at line breaks.
    """
    return [s.strip() for s in _SENTENCE_SPLIT.split(text) if s and s.strip()]


@dataclass(frozen=True)
class _Candidate:
    index: int
    role: str
    text: str
    score: int


def _message_texts(message: Message) -> list[str]:
    texts = [p.text for p in message.parts if isinstance(p, TextPart)]
    for p in message.parts:
        if isinstance(p, ToolResultPart):
            texts += _tool_texts(p.content)
    return texts


# JSON past this size is read as text: its sentences are scored on their heads anyway.
_JSON_MAX_CHARS = 200_000


def _tool_texts(content: str) -> list[str]:
    """The texts of a tool result: a JSON one's string values (a value without white space,
    an id or a code, with its key: ``order_id: A-1``), else the content itself.

    Split as plain text, JSON gave "sentences" that were fragments of its syntax
    (``{"ok": true, "results": [{"title": "…``), which a summary then quoted."""
    if content.lstrip()[:1] not in ("{", "[") or len(content) > _JSON_MAX_CHARS:
        return [content]
    try:
        data = json.loads(content)
    except ValueError:
        return [content]
    out: list[str] = []
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            stack += reversed([(str(k), v) for k, v in value.items()])
        elif isinstance(value, list):
            stack += reversed([(key, v) for v in value])
        elif isinstance(value, str) and value.strip():
            short = key and not any(c.isspace() for c in value)
            out.append(f"{key}: {value}" if short else value)
    return out


# Sentences are scored on their head: a 30,000-character log line must not cost seconds.
_SCORE_CHARS = 600


def _score(sentence: str, role: str) -> int:
    sentence = sentence[:_SCORE_CHARS]
    score = 0
    if role == "user" and _CONSTRAINT.search(sentence):
        score += 100
    if role != "tool" and _DECISION.search(sentence):
        # A decision is the conversation's: "we decided…" in a search hit or a log is text
        # the tool returned, and it outranked the user's own requests.
        score += 40
    if _IDENTIFIER.search(sentence):
        score += 30
    if _NUMBER.search(sentence):
        score += 20
    if role == "user":
        score += 10
    elif role == "tool":
        score -= 15  # tool output is long and noisy; keep it only when it carries key data
    return score


@dataclass
class ExtractiveSummarizer:
    """An offline, deterministic summary made only of sentences copied from the input (of a
    JSON tool result, from its string values).

    Kept first: user instructions and constraints, the first and the last user request, then
    sentences with decisions, identifiers and numbers; the names of the tools called are
    listed. Sentences appear in conversation order under a header in the conversation's
    language.

    Args:
        counter: Counts the summary's tokens.
        max_sentences: Sentences kept at most.
        max_tokens: Tokens of the whole summary at most.
    """

    counter: TokenCounter
    max_sentences: int = 12
    max_tokens: int = 800

    def __post_init__(self) -> None:
        if self.max_sentences < 1:
            raise ValueError(f"max_sentences must be at least 1, got {self.max_sentences}")
        if self.max_tokens < 32:
            raise ValueError(f"max_tokens must be at least 32, got {self.max_tokens}")

    async def summarize(self, messages: list[Message], *, language: Language) -> str:
        """The summary of `messages` ("" when they hold no text).

        The work is CPU-bound, so it runs in a worker thread: a summary never blocks the event
        loop that serves the replies.
        """
        return await asyncio.to_thread(self.summarize_now, messages, language=language)

    def _candidates(self, messages: Sequence[Message]) -> list[_Candidate]:
        requests = [i for i, m in enumerate(messages) if m.starts_turn]
        first, last = (requests[0], requests[-1]) if requests else (-1, -1)
        found: list[_Candidate] = []
        seen: set[str] = set()
        for i, message in enumerate(messages):
            role = "note" if message.injected else message.role
            for text in _message_texts(message):
                for n, sentence in enumerate(split_sentences(text)):
                    if sentence in seen or _COURTESY.match(sentence):
                        continue
                    seen.add(sentence)
                    score = _score(sentence, role)
                    if i in (first, last):
                        score += 95 if n == 0 else 40
                    if score > 0:
                        found.append(_Candidate(len(found), role, sentence, score))
        return found

    def summarize_now(self, messages: Sequence[Message], *, language: Language) -> str:
        """The same as `summarize`, without awaiting."""
        labels = LABELS[language]
        tools = list(dict.fromkeys(c.name for m in messages for c in m.tool_calls))
        chosen: list[_Candidate] = []
        used = self.counter.count(labels["header"])
        tools_line = ""
        if tools:
            kept = tools
            while kept and self.counter.count(labels["tools"] + labels["join"].join(kept)) > (
                self.max_tokens // 4
            ):
                kept = kept[:-1]
            tools_line = labels["tools"] + labels["join"].join(kept) if kept else ""
            used += self.counter.count(tools_line) + 1
        ranked = sorted(self._candidates(messages), key=lambda c: (-c.score, c.index))
        for cand in ranked:
            if len(chosen) >= self.max_sentences:
                break
            cost = self.counter.count(self._line(cand, labels)) + 1
            if used + cost <= self.max_tokens:
                chosen.append(cand)
                used += cost
        if not chosen and not tools_line:
            return ""
        chosen.sort(key=lambda c: c.index)
        while True:
            lines = [labels["header"], *(self._line(c, labels) for c in chosen)]
            if tools_line:
                lines.append(tools_line)
            text = "\n".join(lines)
            # BPE counts of joined lines may exceed the sum; drop the weakest until it fits.
            if self.counter.count(text) <= self.max_tokens or not chosen:
                return text
            chosen.remove(min(chosen, key=lambda c: (c.score, -c.index)))

    @staticmethod
    def _line(cand: _Candidate, labels: dict[str, str]) -> str:
        return f"- {labels.get(cand.role, cand.role)}{labels['sep']}{cand.text}"
