"""Cheap gates for regexes: the characters one of which every match must hold.

Most of the parser's regexes find nothing in most messages, and a scan costs far more than
asking whether the text holds any of a few characters. `needed_chars` reads a compiled
pattern's syntax tree and returns a set of characters such that every match of the pattern
(lookarounds included, since what they look at is in the text too) holds at least one of
them, or None when it cannot say (an optional part, a negated class, a case-insensitive
letter it cannot list every spelling of). A text disjoint from the set has no match, so
skipping the scan then changes nothing; the set is derived from the pattern itself, so it
stays right when the pattern changes.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache
from typing import Any

# re's own parser and its opcodes (private modules with no type stubs: read as Any).
_parser: Any = importlib.import_module("re._parser")
C: Any = importlib.import_module("re._constants")

# The characters other than ASCII letters that a case-insensitive ASCII letter can match
# (İ, ı, ſ, and the Kelvin sign K): re itself says which go with which letter.
_FOLDS_BEYOND_ASCII = "\u0130\u0131\u017f\u212a"
# A class of more characters than this gives no useful gate.
_MOST = 64

Needs = frozenset[str] | None


def needed_chars(rx: re.Pattern[str]) -> frozenset[str] | None:
    """The characters one of which every match of `rx` holds, or None if it cannot tell.

    A pattern that may match the empty string, or whose every path holds no fixed
    character, gives None.
    """
    return _sequence(list(_parser.parse(rx.pattern, rx.flags)), rx.flags)


def lacks(needs: frozenset[str] | None, text: str) -> bool:
    """Whether `text` holds none of `needs` (so a pattern needing them cannot match it)."""
    return needs is not None and needs.isdisjoint(chars_in(text))


def chars_in(text: str) -> frozenset[str]:
    """The characters of `text`, as a set. A set against a string walks the string and makes
    a string of each Chinese character it meets; against this set it looks up its own few
    members. Every gate of a message asks it of the same text: the last answer is kept."""
    last = _last_chars
    if last[0] is text:
        return last[1]
    found = frozenset(text)
    _remember_chars((text, found))
    return found


_last_chars: tuple[str, frozenset[str]] = ("", frozenset())


def _remember_chars(pair: tuple[str, frozenset[str]]) -> None:
    global _last_chars
    _last_chars = pair


# How often a character turns up in English text, per cent (a letter's capital a tenth of
# that); any other character counts 0.5. Only which gate is picked depends on it.
_COMMON = dict(
    zip(
        " etaoinshrdlcumwfgypbvkjxqz",
        (
            *(18, 12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3),
            *(2.5, 2.4, 2.2, 2, 2, 1.9, 1.5, 1, 0.8, 0.15, 0.15, 0.1, 0.07),
        ),
        strict=True,
    )
)


def _commonness(needs: frozenset[str]) -> float:
    """How often a text holds one of `needs`, roughly: the rarer, the more texts the gate
    spares (a space or an "e" spares almost none)."""
    return sum(
        _COMMON.get(c, _COMMON.get(c.lower(), 5) / 10 if c.isupper() else 0.5) for c in needs
    )


def _sequence(items: list[tuple[Any, Any]], flags: int) -> Needs:
    """A sequence matches only if each item does: any item's needs will do, the rarest best."""
    best: Needs = None
    for op, av in items:
        needs = _item(op, av, flags)
        if needs is not None and (best is None or _commonness(needs) < _commonness(best)):
            best = needs
    return best


def _item(op: Any, av: Any, flags: int) -> Needs:
    if op is C.LITERAL:
        return _spellings(chr(av), flags)
    if op is C.IN:
        return _class(av, flags)
    return _structure(op, av, flags, _sequence)


# How a walk reads a sequence of items under flags (`_sequence` for characters, `_words_of`
# for words).
_Walk = Callable[[list[tuple[Any, Any]], int], Needs]


def _structure(op: Any, av: Any, flags: int, walk: _Walk) -> Needs:
    """The needs of a group, alternation, repeat or lookaround, whose parts `walk` reads: the
    same for both gates, which differ only in their leaves and how a sequence combines."""
    if op is C.SUBPATTERN:
        _group, add, remove, sub = av
        return walk(list(sub), (flags | add) & ~remove)
    if op is C.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            needs = walk(list(branch), flags)
            if needs is None:
                return None  # a branch that needs nothing known: nor does the whole
            out |= needs
        return frozenset(out)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, _high, sub = av
        return walk(list(sub), flags) if low >= 1 else None
    if op is C.ATOMIC_GROUP:
        return walk(list(av), flags)
    if op is C.ASSERT:
        # A positive lookaround: what it sees is in the text, beside the match.
        _direction, sub = av
        return walk(list(sub), flags)
    return None  # ANY, NOT_LITERAL, AT, ASSERT_NOT, group references, ...


def _class(items: list[tuple[Any, Any]], flags: int) -> Needs:
    chars: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            found = _spellings(chr(av), flags)
            if found is None:
                return None
            chars |= found
        elif op is C.RANGE and av[1] - av[0] < _MOST:
            for code in range(av[0], av[1] + 1):
                found = _spellings(chr(code), flags)
                if found is None:
                    return None
                chars |= found
        else:
            return None  # NEGATE, CATEGORY (\d, \w, \s), a wide range
    return frozenset(chars) if len(chars) <= _MOST else None


def _spellings(c: str, flags: int) -> Needs:
    """Every character the literal `c` matches under `flags`."""
    if not flags & re.IGNORECASE or c.lower() == c.upper():
        return frozenset(c)
    if not c.isascii():
        return None  # a non-ASCII cased letter: its case partners are not listed here
    return frozenset(
        {c.lower(), c.upper()}
        | {x for x in _FOLDS_BEYOND_ASCII if re.fullmatch(re.escape(c), x, flags)}
    )


# Characters whose lower case is no single character an ASCII letter lowers to, though a
# case-insensitive letter matches them (İ, ı, ſ; K lowers to k and is safe but kept for
# clarity): in a text with one, a lowered text may not hold what a match holds.
_UNSAFE_TO_LOWER = frozenset("\u0130\u0131\u017f\u212a")


def needed_words(rx: re.Pattern[str]) -> frozenset[str] | None:
    """Lower-cased strings one of which every match of `rx` holds (as a substring of the
    lowered text, see `lowered`), or None if it cannot tell. Stricter than `needed_chars`
    for English, where any letter is in almost every text but "deliver" is not."""
    return _words_of(list(_parser.parse(rx.pattern, rx.flags)), rx.flags)


def lowered(text: str) -> str | None:
    """`text` lower-cased for `lacks_words`, or None when lowering could hide a match."""
    # Every gate of a message asks this of the same text: the last answer is kept (the pair
    # is replaced whole, so a reader never pairs one text with another's answer).
    last = _last_lowered
    if last[0] is text:
        return last[1]
    low = text.lower() if text.isascii() or _UNSAFE_TO_LOWER.isdisjoint(chars_in(text)) else None
    _remember_lowered((text, low))
    return low


_last_lowered: tuple[str, str | None] = ("", "")


def _remember_lowered(pair: tuple[str, str | None]) -> None:
    global _last_lowered
    _last_lowered = pair


def lacks_words(words: frozenset[str] | None, low: str | None) -> bool:
    """Whether the lowered text `low` holds none of `words` (so no match can be in it)."""
    if words is None or low is None:
        return False
    return _words_rx(words).search(low) is None


@cache
def _words_rx(words: frozenset[str]) -> re.Pattern[str]:
    """`words` as one alternation: one scan in C instead of a substring test per word."""
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


def _lowerable(c: str) -> bool:
    """Whether a match of the literal `c` lowers to `c.lower()` (an ASCII or uncased one)."""
    return c.isascii() or c.lower() == c.upper()


def _words_of(items: list[tuple[Any, Any]], flags: int) -> Needs:
    """A sequence's needs: a run of literals read as one word, or any item's own."""
    options: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is C.LITERAL and _lowerable(chr(av)):
            run.append(chr(av).lower())
            continue
        if run:
            options.append(frozenset({"".join(run)}))
            run = []
        needs = _words_item(op, av, flags)
        if needs is not None:
            options.append(needs)
    if run:
        options.append(frozenset({"".join(run)}))
    return min(options, key=_word_odds, default=None)


def _word_odds(words: frozenset[str]) -> float:
    """Roughly how likely a place in a text starts one of `words`: the rarer the words, the
    more texts their gate spares (" to " spares few, "deliver" many)."""
    total = 0.0
    for w in words:
        odds = 1.0
        for c in w:
            odds *= _commonness(frozenset(c)) / 100
        total += odds
    return total


def _words_item(op: Any, av: Any, flags: int) -> Needs:
    if op is C.IN:
        chars = _class(av, flags)
        if chars is None or not all(_lowerable(c) for c in chars):
            return None
        return frozenset(c.lower() for c in chars)
    return _structure(op, av, flags, _words_of)


class Gate:
    """What every match of a regex needs (`needed_chars`, `needed_words`), checked in a text
    before the regex is run on it or on any part of it."""

    __slots__ = ("_words_rx", "chars", "words")

    def __init__(self, rx: re.Pattern[str]) -> None:
        self.chars = needed_chars(rx)
        self.words = needed_words(rx)
        self._words_rx = _words_rx(self.words) if self.words is not None else None

    def shut(self, text: str, low: str | None = None) -> bool:
        """Whether the regex can match nothing in `text` (`low`: `lowered(text)`, when the
        caller has it)."""
        # Asked a dozen times a message: kept to two set and regex calls in C.
        chars = self.chars
        if chars is not None and chars.isdisjoint(chars_in(text)):
            return True
        words = self._words_rx
        if words is None:
            return False
        if low is None and (low := lowered(text)) is None:
            return False
        return words.search(low) is None
