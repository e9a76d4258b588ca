"""Long messages read piece by piece, so a message's parse costs time linear in its length.

The rule readers look around each cue they find (back to the sentence's start, over the
values found so far), which is cheap in a message of a few sentences and quadratic in a
pasted document of 200,000 characters with thousands of cues. A message longer than a piece
is split at sentence ends (else at a space, else anywhere) into pieces of at most
`parse_chunk_chars` characters, each piece is read as a message of its own, and the readings
are joined in order. Nothing is dropped: every piece is read; a value that straddles a
boundary is the one thing a piece cannot see, so boundaries fall where sentences end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ctxengine.compaction.schema import Evidence, Intent, ParsedTurn

__all__ = ["join_readings", "pieces"]

# Where a piece may end, best first: a sentence's end, then a line's, then a clause's, a space.
_ENDS = ("。", "！", "？", ". ", "! ", "? ", "\n", "；", ";", "，", ", ", " ")


def pieces(text: str, size: int) -> Iterator[str]:
    """`text` in consecutive pieces of at most `size` characters that join back to it, each
    cut at the last boundary of its second half (`_ENDS`, in that order of preference)."""
    start, n = 0, len(text)
    while n - start > size:
        stop = start + size
        cut = -1
        for end in _ENDS:
            at = text.rfind(end, start + size // 2, stop)
            if at != -1:
                cut = at + len(end)
                break
        if cut <= start:
            cut = stop
        yield text[start:cut]
        start = cut
    if start < n:
        yield text[start:]


def join_readings(
    whole: str, readings: list[ParsedTurn], dedupe: Callable[[Evidence], tuple[str, ...]]
) -> ParsedTurn:
    """One reading of `whole` from the readings of its pieces, in order: lists joined
    (evidence without repeats by `dedupe`), an intent once at its best confidence, what the
    message does anywhere (declines, turns an offer down) kept, what it opens with (a
    rejection) taken from its first piece, its focus from the last piece that has one."""
    first = readings[0]
    intents: dict[str, Intent] = {}
    for r in readings:
        for i in r.intents:
            if i.name not in intents or i.confidence > intents[i.name].confidence:
                intents[i.name] = i
    seen: set[tuple[str, ...]] = set()
    evidence: list[Evidence] = []
    for r in readings:
        for e in r.evidence:
            key = dedupe(e)
            if key not in seen:
                seen.add(key)
                evidence.append(e)

    def union(name: str) -> list[str]:
        out: list[str] = []
        for r in readings:
            out += [x for x in getattr(r, name) if x not in out]
        return out

    return first.model_copy(
        update={
            "intents": list(intents.values()),
            "updates": [u for r in readings for u in r.updates],
            "constraints": [c for r in readings for c in r.constraints],
            "references": [x for r in readings for x in r.references],
            "evidence": evidence,
            "revisions": [x for r in readings for x in r.revisions],
            "entities": union("entities"),
            "unmet": union("unmet"),
            "denied": union("denied"),
            "asks": union("asks"),
            # A long message is no bare "ok": a confirmation folds the turns before it.
            "is_confirmation": False,
            "keeps_earlier": any(r.keeps_earlier for r in readings),
            "contrast": any(r.contrast for r in readings),
            "declines": any(r.declines for r in readings),
            "turns_down": any(r.turns_down for r in readings),
            "focus": next((r.focus for r in reversed(readings) if r.focus), None),
            "said": whole if first.said else "",
        }
    )
