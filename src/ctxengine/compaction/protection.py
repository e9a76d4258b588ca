"""Which evidence is protected from eviction, kept up to date instead of recomputed per message.

An item is protected when its value occurs verbatim in a current slot value (or its raw span)
or in an active constraint (`layers.refers_to`). Checking every item against every text on
every message cost O(items x texts), and both grow with a session: evidence that an active rule
names is never evicted, so it accumulates with the rules. `ProtectionIndex` keeps the split of
the items into protected and free and updates it from what changed:

- new items (appended at the end of the layer's dict) are checked once, against the texts'
  substring index (`_TextIndex`): a few lookups, not a search through every text;
- a text added can only protect free items, so only those are checked against it;
- a text removed can only release protected items whose value it contains, so only those are
  checked again; they are found by looking the removed text's substrings up among the
  protected values (`_ValueIndex`), not by testing every protected item (evidence an active
  rule names is never evicted, so a long session protects hundreds).

Anything the index cannot account for (items removed behind its back, a layer replaced) makes
it start over from scratch, so it never answers from stale data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ctxengine.compaction.layers import EvidenceItem

_GRAM = 3  # the length of the substrings `_TextIndex` files the texts under
_PROBES = 6  # grams of a value looked up at most: enough to rule out most values at once


class _TextIndex:
    """Whether a value occurs in any of a multiset of texts, at a cost bounded by the value.

    Searching the texts joined into one string cost a pass over all of them per new item,
    and the texts (the active rules above all) grow with a session. Each distinct text is
    filed under every substring of length `_GRAM` it holds, and its shorter substrings are
    counted: a value occurs in a text only if each of its grams does, so a few grams looked up
    rule out most values, and only the texts holding the rarest of them are searched.
    """

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._count: Counter[str] = Counter()  # text -> how many times it is in the list
        self._grams: dict[str, set[str]] = {}  # gram -> distinct texts holding it
        self._short: Counter[str] = Counter()  # substrings shorter than a gram -> texts
        for t in texts:
            self.add(t)

    def add(self, text: str) -> None:
        self._count[text] += 1
        if self._count[text] > 1:
            return
        for g in _grams_of(text):
            self._grams.setdefault(g, set()).add(text)
        self._short.update(_short_of(text))

    def remove(self, text: str) -> None:
        n = self._count[text]
        if n > 1:
            self._count[text] = n - 1
            return
        del self._count[text]
        for g in _grams_of(text):
            holders = self._grams[g]
            holders.discard(text)
            if not holders:
                del self._grams[g]
        for piece in _short_of(text):
            left = self._short[piece] - 1
            if left:
                self._short[piece] = left
            else:
                del self._short[piece]

    def refers(self, value: str) -> bool:
        """`any(value in t for t in texts)` for a non-empty `value`."""
        if len(value) < _GRAM:
            return value in self._short
        last = len(value) - _GRAM
        step = max(1, last // (_PROBES - 1))
        rarest: set[str] | None = None
        for i in (*range(0, last, step), last):
            holders = self._grams.get(value[i : i + _GRAM])
            if holders is None:
                return False
            if rarest is None or len(holders) < len(rarest):
                rarest = holders
        assert rarest is not None
        return any(value in t for t in rarest)


def _grams_of(text: str) -> set[str]:
    return {text[i : i + _GRAM] for i in range(len(text) - _GRAM + 1)}


def _short_of(text: str) -> set[str]:
    return {text[i : i + n] for n in range(1, _GRAM) for i in range(len(text) - n + 1)}


class _ValueIndex:
    """Items by value, to find those whose value occurs in a text."""

    def __init__(self) -> None:
        self.ids: dict[str, set[str]] = {}  # value -> ids of the items holding it
        self.lengths: Counter[int] = Counter()  # value length -> values of that length

    def add(self, eid: str, value: str) -> None:
        ids = self.ids.setdefault(value, set())
        if not ids:
            self.lengths[len(value)] += 1
        ids.add(eid)

    def discard(self, eid: str, value: str) -> None:
        ids = self.ids.get(value)
        if ids is None or eid not in ids:
            return
        ids.discard(eid)
        if not ids:
            del self.ids[value]
            self.lengths[len(value)] -= 1
            if not self.lengths[len(value)]:
                del self.lengths[len(value)]

    def within(self, text: str) -> set[str]:
        """The ids of the items whose value occurs in `text`: by looking up each substring of
        each length a value has, or by testing each value, whichever takes fewer steps."""
        n = len(text)
        lookups = sum(n - size + 1 for size in self.lengths if size <= n)
        out: set[str] = set()
        if lookups < len(self.ids):
            for size in self.lengths:
                for i in range(n - size + 1):
                    ids = self.ids.get(text[i : i + size])
                    if ids:
                        out |= ids
        else:
            for value, ids in self.ids.items():
                if value in text:
                    out |= ids
        return out


class ProtectionIndex:
    """The protected/free split of one evidence layer's items against a list of texts."""

    def __init__(self) -> None:
        self._items: dict[str, EvidenceItem] | None = None
        self._texts: list[str] = []
        self._index = _TextIndex()
        self._prot: set[str] = set()
        self._free: set[str] = set()
        self._values: dict[str, str] = {}  # protected id -> value
        self._by_value = _ValueIndex()  # the protected items

    def sync(self, items: dict[str, EvidenceItem], texts: Sequence[str]) -> None:
        """Bring the split up to date with `items` and `texts` (a slot's texts, rules' texts)."""
        if items is not self._items:
            self._rebuild(items, texts)
            return
        if list(texts) != self._texts:
            self._retext(items, list(texts))
        known = len(self._prot) + len(self._free)
        new: list[EvidenceItem] = []
        if len(items) > known:
            # Items are only ever appended to the dict, so the new ones are at its end.
            for eid in reversed(items):
                if eid in self._prot or eid in self._free:
                    break
                new.append(items[eid])
        for item in new:
            self._place(item)
        if len(self._prot) + len(self._free) != len(items):
            self._rebuild(items, texts)  # something left without `forget`: start over

    def forget(self, ids: Iterable[str]) -> None:
        """Items removed from the layer."""
        for eid in ids:
            self._release(eid)
            self._free.discard(eid)

    def protected(self) -> set[str]:
        return set(self._prot)

    def protects(self, eid: str) -> bool:
        return eid in self._prot

    def free(self) -> list[EvidenceItem]:
        """The unprotected items (the only eviction candidates)."""
        assert self._items is not None
        return [self._items[eid] for eid in self._free]

    def _rebuild(self, items: dict[str, EvidenceItem], texts: Sequence[str]) -> None:
        self._items, self._texts = items, list(texts)
        self._index = _TextIndex(self._texts)
        self._prot, self._free = set(), set()
        self._values, self._by_value = {}, _ValueIndex()
        for item in items.values():
            self._place(item)

    def _place(self, item: EvidenceItem) -> None:
        if item.value and self._index.refers(item.value):
            self._protect(item.id, item.value)
        else:
            self._free.add(item.id)

    def _protect(self, eid: str, value: str) -> None:
        self._prot.add(eid)
        self._values[eid] = value
        self._by_value.add(eid, value)

    def _release(self, eid: str) -> None:
        if eid in self._prot:
            self._prot.discard(eid)
            self._by_value.discard(eid, self._values.pop(eid))

    def _retext(self, items: dict[str, EvidenceItem], texts: list[str]) -> None:
        old, new = Counter(self._texts), Counter(texts)
        added, removed = list((new - old).elements()), list((old - new).elements())
        self._texts = texts
        for t in removed:
            self._index.remove(t)
        for t in added:
            self._index.add(t)
        if removed:
            again: set[str] = set()
            for r in removed:
                again |= self._by_value.within(r)
            for eid in again:
                if eid in items and not self._index.refers(items[eid].value):
                    self._release(eid)
                    self._free.add(eid)
        if added:
            fresh = _TextIndex(added)
            won = [
                eid
                for eid in self._free
                if eid in items and items[eid].value and fresh.refers(items[eid].value)
            ]
            for eid in won:
                self._free.discard(eid)
                self._protect(eid, items[eid].value)
