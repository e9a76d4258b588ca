"""Which language a text or a conversation is in: Chinese ("zh") or English ("en").

The test is a weighed count: CJK characters against Latin words. One Chinese character carries
about as much as one English word, so a message is Chinese when it has at least as many CJK
characters as Latin words. That keeps a Chinese request full of code identifiers
(``把 user_id 改成 account_id``) Chinese, and an English sentence quoting one Chinese name
English. It runs on hot paths, so very long texts are judged on their head and tail only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from ctxengine.messages import Message

Language = Literal["zh", "en"]

# CJK Unified Ideographs, Extension A, and Compatibility Ideographs.
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A Latin "word": a run of ASCII letters (digits and underscores join it, so `user_id2` is one).
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")

# Beyond this many characters only the head and tail are looked at: the answer does not change
# in practice and the cost stays flat.
_SAMPLE_CHARS = 4000

# The latest user messages matter most: weight 1, 1/2, 1/4, ... over this many messages.
_RECENT_USER_MESSAGES = 8


def _sample(text: str) -> str:
    if len(text) <= _SAMPLE_CHARS:
        return text
    half = _SAMPLE_CHARS // 2
    return text[:half] + "\n" + text[-half:]


def _counts(text: str) -> tuple[int, int]:
    """(CJK characters, Latin words) in `text` (sampled when long)."""
    sample = _sample(text)
    return len(_CJK.findall(sample)), len(_LATIN_WORD.findall(sample))


def detect_language(text: str) -> Language:
    """The language of `text`: "zh" when CJK characters are at least as many as Latin words.

    Text with neither (numbers, punctuation, empty) is "en".

    Args:
        text: Any text.

    Returns:
        "zh" or "en".
    """
    cjk, words = _counts(text)
    return "zh" if cjk > 0 and cjk >= words else "en"


def conversation_language(messages: Sequence[Message]) -> Language:
    """The language of a conversation, judged from what the user wrote, latest first.

    Each user message votes with its share of Chinese (CJK characters against Latin words); the
    most recent votes weigh more (1, 1/2, 1/4, ...) so a user who switches language is answered
    in the new one. Notes ctxengine injected are ignored. Without any user text the
    other messages decide; with no text at all the answer is "en".

    Args:
        messages: The conversation, oldest first.

    Returns:
        "zh" or "en".
    """
    users = [m for m in messages if m.role == "user" and not m.injected and m.text.strip()]
    pool = users if users else [m for m in messages if m.text.strip()]
    # Each message votes with its Chinese share, so one long old message cannot outvote a
    # short recent one.
    vote = 0.0
    total = 0.0
    weight = 1.0
    for message in reversed(pool[-_RECENT_USER_MESSAGES:]):
        cjk, words = _counts(message.text)
        if cjk + words:
            vote += weight * cjk / (cjk + words)
            total += weight
        weight /= 2
    return "zh" if total > 0 and vote / total >= 0.5 else "en"


# A user message of fewer Latin words + CJK characters than this votes with a part of its
# weight: "ok" or "好的" says little about the conversation's language.
_FULL_VOTE_ITEMS = 4


# A message that may hold pasted code or a log (cheap to rule out: most messages have none
# of these), and the lines of it that are code, a log or a link rather than prose.
_CODE_HINT = re.compile(r"[\n{};=<>`~]|://|Error|Exception|Traceback")
_FENCED = re.compile(r"```.*?(?:```|$)|~~~.*?(?:~~~|$)", re.DOTALL)
_CODE_LINE = re.compile(
    r"^\s{2,}|^\s*(?:Traceback|File \"|at |\$ |>>> |#|//|[-+*] )|[{};=<>`]|://|[\\/]\w+\.\w+"
    r"|^\s*(?:import|from|def|class|return|print|const|let|var|function|SELECT|select)\b"
    r"|\w+(?:Error|Exception)\b|\w+\.\w+\(|\b[A-Z]{3,}\b"
)


def prose(text: str) -> str:
    """`text` without the lines that are code, a log or a link: what the user pasted (a
    traceback, a config) is not the language they speak."""
    if not _CODE_HINT.search(text):
        return text
    text = _FENCED.sub("\n", text)  # a fenced block is pasted whole, whatever its lines say
    return "\n".join(line for line in text.splitlines() if not _CODE_LINE.search(line))


class LanguageVote:
    """The conversation's language, kept up to date one user message at a time.

    `conversation_language` in O(1) per message: each message votes with its share of
    Chinese, the earlier votes decay by half per full vote, and a short message ("ok",
    "好的", an order number) votes and decays with a part of that weight. So a Chinese user
    who pastes an English traceback ("报错了：" + forty English words) or names an English
    product is still answered in Chinese, and one who switches to English for good is answered
    in English from the second message on (or the first, when it is long enough to outweigh
    the history: the latest message counts as much as all the earlier ones together).
    """

    __slots__ = ("_total", "_vote", "language")

    def __init__(self) -> None:
        self._vote = 0.0
        self._total = 0.0
        self.language: Language = "en"

    def add(self, text: str) -> Language:
        """Count one user message; the conversation's language after it."""
        if not (self.language == "en" and text.isascii()):
            # (An English message in an English conversation keeps it English whatever it
            # pasted: no need to look for the prose, which costs ~4 us a message.)
            text = prose(text)
        if text.isascii():
            # No CJK character: an English vote (the regex scans cost ~10 us per turn;
            # splitting on spaces counts the words well enough for the weight).
            cjk, words = 0, min(len(text.split(None, _FULL_VOTE_ITEMS)), _FULL_VOTE_ITEMS)
        else:
            cjk, words = _counts(text)
        items = cjk + words
        if not items:
            return self.language
        weight = min(1.0, items / _FULL_VOTE_ITEMS)
        keep = 1.0 - weight / 2
        self._vote = self._vote * keep + weight * cjk / items
        self._total = self._total * keep + weight
        self.language = "zh" if self._vote >= 0.5 * self._total else "en"
        return self.language
