"""Tokens for the keyword index: jieba words for Chinese, lowercase words for everything else.

The same function segments what is indexed and what is searched, so a word found in a note is
always a term a query can hit. Chinese text is cut with jieba's search mode, which emits the
whole word and its dictionary sub-words ("中华人民共和国" also yields "人民", "共和国"), and
the index additionally stores each Han character on its own so a one-character query ("猫")
still reaches a longer word ("橘猫"). Two-character words such as "价格" are ordinary tokens
here, which is what trigram or LIKE fallbacks get wrong.

Tokens are runs of letters and digits only (no underscore or punctuation), which is also what
SQLite's unicode61 tokenizer and PostgreSQL's `simple` parser keep, so both backends see exactly
the tokens produced here.
"""

from __future__ import annotations

import logging
import re
import threading

import jieba

# Han ideographs (basic block, extension A, compatibility), the scripts jieba segments.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUN = re.compile(rf"([{_HAN}]+)|([^\W_{_HAN}]+)")

# Function words that match nearly every note and only add noise to a query.
QUERY_STOPWORDS = frozenset(
    [
        "的",
        "了",
        "是",
        "在",
        "和",
        "与",
        "及",
        "或",
        "也",
        "就",
        "都",
        "而",
        "吗",
        "呢",
        "吧",
        "啊",
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "is",
        "are",
        "was",
        "were",
        "be",
        "and",
        "or",
        "for",
        "with",
        "by",
        "it",
        "this",
        "that",
        "what",
        "which",
        "who",
        "how",
        "do",
        "does",
        "did",
    ]
)

_lock = threading.Lock()
_ready = False


def _ensure_jieba() -> None:
    """Load jieba's dictionary once, quietly (it logs to stderr by default)."""
    global _ready
    if _ready:
        return
    with _lock:
        if not _ready:
            jieba.setLogLevel(logging.WARNING)
            jieba.initialize()
            _ready = True


def _han_words(run: str) -> list[str]:
    _ensure_jieba()
    return [w for w in jieba.cut_for_search(run) if w.strip()]


def tokens(text: str) -> list[str]:
    """Search tokens of `text` in reading order: jieba words for Han runs, lowercase words else."""
    out: list[str] = []
    for match in _RUN.finditer(text):
        han, other = match.group(1), match.group(2)
        if han:
            out.extend(_han_words(han))
        else:
            out.append(other.lower())
    return out


def index_tokens(text: str) -> list[str]:
    """Tokens stored in the index: `tokens` plus every Han character of multi-character words."""
    out: list[str] = []
    for tok in tokens(text):
        out.append(tok)
        if len(tok) > 1 and _is_han(tok):
            out.extend(tok)
    return out


def index_text(text: str) -> str:
    """The text as space-separated index tokens, ready for FTS5 or `to_tsvector('simple', ...)`."""
    return " ".join(index_tokens(text))


def query_terms(query: str) -> list[str]:
    """Distinct search terms of a query, stopwords dropped unless nothing else is left."""
    seen: dict[str, None] = {}
    for tok in tokens(query):
        seen.setdefault(tok, None)
    terms = list(seen)
    kept = [t for t in terms if t not in QUERY_STOPWORDS]
    return kept or terms


def _is_han(token: str) -> bool:
    return all("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in token)
