"""Which evidence is protected from eviction, kept up to date instead of recomputed per message.

An item is protected when its value occurs verbatim in a current slot value (or its raw span)
or in an active constraint (`layers.refers_to`). Checking every item against every text on
every message cost O(items x texts), and both grow with a session: evidence that an active rule
names is never evicted, so it accumulates with the rules. `ProtectionIndex` keeps the split of
the items into protected and free and updates it from what changed:

- new items (appended at the end of the layer's dict) are checked once, against all texts
  joined into one string (a single substring search in C instead of a Python loop);
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

_SEP = "\x00"


def _refers(value: str, hay: str, texts: Sequence[str]) -> bool:
    """`layers.refers_to` for one value against `texts`, `hay` being them joined by NUL."""
    if not value:
        return False
    if _SEP in value:  # could straddle two texts in `hay`: ask each text
        return any(value in t for t in texts)
    return value in hay


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
        self._hay = ""
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
        self._hay = _SEP.join(self._texts)
        self._prot, self._free = set(), set()
        self._values, self._by_value = {}, _ValueIndex()
        for item in items.values():
            self._place(item)

    def _place(self, item: EvidenceItem) -> None:
        if _refers(item.value, self._hay, self._texts):
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
        self._texts, self._hay = texts, _SEP.join(texts)
        if removed:
            again: set[str] = set()
            for r in removed:
                again |= self._by_value.within(r)
            for eid in again:
                if eid in items and not _refers(items[eid].value, self._hay, texts):
                    self._release(eid)
                    self._free.add(eid)
        if added:
            hay = _SEP.join(added)
            won = [
                eid for eid in self._free if eid in items and _refers(items[eid].value, hay, added)
            ]
            for eid in won:
                self._free.discard(eid)
                self._protect(eid, items[eid].value)
