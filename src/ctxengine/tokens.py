"""Token counts: real BPE, offline, cached per message, calibrated by provider usage.

The BPE tables ship inside the `quicktok-v1` wheel (o200k_base, cl100k_base, and the
Qwen2.5/Qwen3 vocabulary), so nothing is downloaded at run time. Its encodings are
byte-for-byte those of tiktoken's `encode_ordinary`.

A message's count is stored on the message the first time it is asked for, so the cost of a
turn grows with the new text only. Calibration keeps a smoothed ratio between what a provider
reported as prompt tokens and what we counted for the same request; budgets are checked against
calibrated counts.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ctxengine.messages import (
    ImagePart,
    Message,
    RawPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from ctxengine.settings import Settings

ENCODINGS: dict[str, str] = {
    "o200k_base": "o200k_base",
    "o200k": "o200k_base",
    "cl100k_base": "cl100k_base",
    "cl100k": "cl100k_base",
    "qwen": "qwen3",
    "qwen3": "qwen3",
    "qwen2.5": "qwen3",
}

# Model-name prefixes, longest first wins.
MODEL_ENCODINGS: dict[str, str] = {
    "gpt-4o": "o200k_base",
    "gpt-4.1": "o200k_base",
    "gpt-4.5": "o200k_base",
    "gpt-5": "o200k_base",
    "o1": "o200k_base",
    "o3": "o200k_base",
    "o4": "o200k_base",
    "gpt-4": "cl100k_base",
    "gpt-3.5": "cl100k_base",
    "text-embedding-3": "cl100k_base",
    "qwen": "qwen3",
    "qwq": "qwen3",
}


class UnknownEncodingError(ValueError):
    pass


def encoding_name(encoding: str | None = None, model: str | None = None) -> str:
    """Resolve an encoding from an explicit name or a model name (model wins when known)."""
    if model:
        m = model.lower().rsplit("/", 1)[-1]
        for prefix in sorted(MODEL_ENCODINGS, key=len, reverse=True):
            if m.startswith(prefix):
                return MODEL_ENCODINGS[prefix]
    key = (encoding or "o200k_base").lower()
    if key not in ENCODINGS:
        raise UnknownEncodingError(
            f"unknown encoding {encoding!r}; choose one of {sorted(set(ENCODINGS))}"
        )
    return ENCODINGS[key]


class _Tokenizer(Protocol):
    def count(self, text: str) -> int: ...


_TOKENIZERS: dict[str, _Tokenizer] = {}
# The service counts from several worker threads: one load of a table per encoding.
_TOKENIZERS_LOCK = threading.Lock()

# Texts at least this long are remembered (shorter ones cost less to count than to look up).
_MEMO_MIN_CHARS = 256
_MEMO_SIZE = 64


def _tokenizer(name: str) -> _Tokenizer:
    tok = _TOKENIZERS.get(name)
    if tok is None:
        with _TOKENIZERS_LOCK:
            tok = _TOKENIZERS.get(name)
            if tok is None:
                import quicktok

                tok = quicktok.get_encoding(name)
                _TOKENIZERS[name] = tok
    return tok


@dataclass
class TokenCounter:
    """Counts tokens of text and messages with one BPE encoding."""

    encoding: str = "o200k_base"
    message_overhead: int = 4
    reply_overhead: int = 3
    image_tokens: int = 765
    image_low_detail_tokens: int = 85
    _tok: _Tokenizer = field(init=False, repr=False)
    # Injected text (the summary header, the CONTEXT block) is counted again on every
    # context() call although it rarely changes; remembering a few long texts makes that free.
    # Hashing a string is ~100x cheaper than BPE over it.
    _memo: OrderedDict[str, int] = field(init=False, repr=False, default_factory=OrderedDict)
    # The service counts from worker threads with one counter: a hit's move_to_end would
    # raise KeyError if another thread evicted that text between the lookup and the move.
    _memo_lock: threading.Lock = field(
        init=False, repr=False, compare=False, default_factory=threading.Lock
    )

    def __post_init__(self) -> None:
        self.encoding = encoding_name(self.encoding)
        self._tok = _tokenizer(self.encoding)

    @classmethod
    def from_settings(cls, settings: Settings) -> TokenCounter:
        return cls(
            encoding=encoding_name(settings.encoding, settings.model),
            message_overhead=settings.message_overhead_tokens,
            reply_overhead=settings.reply_overhead_tokens,
            image_tokens=settings.image_tokens,
            image_low_detail_tokens=settings.image_low_detail_tokens,
        )

    def count(self, text: str) -> int:
        """Tokens of `text` as plain text (special-token strings are ordinary text)."""
        if not text:
            return 0
        if len(text) < _MEMO_MIN_CHARS:
            # `count` never builds the id list and treats "<|endoftext|>" as text, like
            # tiktoken's encode_ordinary (`encode` would raise on it).
            return int(self._tok.count(text))
        memo = self._memo
        with self._memo_lock:
            n = memo.get(text)
            if n is not None:
                memo.move_to_end(text)
                return n
        # Outside the lock: BPE over a long text must not hold up other threads' counts.
        n = int(self._tok.count(text))
        with self._memo_lock:
            memo[text] = n
            if len(memo) > _MEMO_SIZE:
                memo.popitem(last=False)
        return n

    def _count_parts(self, message: Message) -> int:
        n = 0
        for p in message.parts:
            if isinstance(p, TextPart | ThinkingPart):
                n += self.count(p.text)
            elif isinstance(p, ToolCallPart):
                n += self.count(p.name) + self.count(p.arguments) + 3
            elif isinstance(p, ToolResultPart):
                n += self.count(p.content)
            elif isinstance(p, ImagePart):
                low = p.detail == "low"
                n += self.image_low_detail_tokens if low else self.image_tokens
            elif isinstance(p, RawPart):
                n += self.count(json.dumps(p.data, ensure_ascii=False))
        if message.name:
            n += self.count(message.name) + 1
        return n

    def message(self, message: Message) -> int:
        """Tokens of one message including its framing; cached on the message."""
        # `message._tokens` goes through pydantic's __getattr__ (~2 us); the context is summed
        # on every context() call, so read the private-attribute dict directly (~0.1 us).
        private = message.__pydantic_private__
        cache: dict[str, int] = private["_tokens"] if private else message._tokens
        cached = cache.get(self.encoding)
        if cached is None:
            cached = self._count_parts(message) + self.message_overhead
            cache[self.encoding] = cached
        return cached

    def messages(self, messages: Iterable[Message]) -> int:
        """Tokens of a whole request: every message plus the reply priming."""
        return sum(self.message(m) for m in messages) + self.reply_overhead


@dataclass
class Calibration:
    """A smoothed ratio of provider-reported prompt tokens to our own count.

    Providers add hidden framing (tool schemas, chat templates); their usage report is the
    truth. The ratio starts at 1.0 and moves toward each report by `smoothing`.
    """

    smoothing: float = 0.3
    ratio: float = 1.0
    samples: int = 0

    def observe(self, counted: int, reported: int) -> None:
        if counted <= 0 or reported <= 0:
            return
        r = reported / counted
        # Clamp one wild report (a cached prompt, a wrong model) so it cannot swing budgets.
        r = min(max(r, 0.5), 2.0)
        if self.samples == 0:
            self.ratio = r
        else:
            self.ratio += self.smoothing * (r - self.ratio)
        self.samples += 1

    def apply(self, counted: int) -> int:
        return int(counted * self.ratio + 0.5)
