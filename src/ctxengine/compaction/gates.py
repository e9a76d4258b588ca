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
    return needs is not None and needs.isdisjoint(text)


def _sequence(items: list[tuple[Any, Any]], flags: int) -> Needs:
    """A sequence matches only if each item does: any item's needs will do, the fewest best."""
    best: Needs = None
    for op, av in items:
        needs = _item(op, av, flags)
        if needs is not None and (best is None or len(needs) < len(best)):
            best = needs
    return best


def _item(op: Any, av: Any, flags: int) -> Needs:
    if op is C.LITERAL:
        return _spellings(chr(av), flags)
    if op is C.IN:
        return _class(av, flags)
    if op is C.SUBPATTERN:
        _group, add, remove, sub = av
        return _sequence(list(sub), (flags | add) & ~remove)
    if op is C.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            needs = _sequence(list(branch), flags)
            if needs is None:
                return None  # a branch that needs nothing known: nor does the whole
            out |= needs
        return frozenset(out)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, _high, sub = av
        return _sequence(list(sub), flags) if low >= 1 else None
    if op is C.ATOMIC_GROUP:
        return _sequence(list(av), flags)
    if op is C.ASSERT:
        # A positive lookaround: what it sees is in the text, beside the match.
        _direction, sub = av
        return _sequence(list(sub), flags)
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
