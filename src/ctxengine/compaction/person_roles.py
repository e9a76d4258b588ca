"""People put in a role, swapped in, or added to a role, in English.

"The reviewer is Raj Mehta" sets the reviewer; "Swap Raj for Nina Cole", "Replace her with
Tomas Quist" put someone in the place of someone else (`REPLACEMENT` until the state finds
which value held the one swapped out: `swapped_out`); "Add Tom Becker as a custodian too"
adds a person to a role beside the one it holds (`adds_to_role`).

A person is told by a name in capitals, two or three words, or one after a title ("Captain
Quist"): "Swap seats with me", "replace the battery with a new one", "the problem is the
Wi-Fi" name nobody.
"""

from __future__ import annotations

import re
from typing import Literal

# The slot a person swapped in takes when the one swapped out is held by no value.
REPLACEMENT = "replacement"

_TITLE = (
    r"(?:Captain|Capt\.?|First\s+Officer|Officer|Dr\.?|Prof\.?|Mr\.?|Mrs\.?|Ms\.?|Mx\.?|Judge"
    r"|Nurse|Sgt\.?|Agent)"
)
_WORD = r"[A-Z][a-z]+(?:['’-][A-Z]?[a-z]+)?"
# "Nina Cole", "Captain Tomas Quist", "Dr. Osei": a title and one word, or two or three words.
_NAME = rf"(?:{_TITLE}\s+{_WORD}(?:\s+{_WORD}){{0,2}}|{_WORD}(?:\s+{_WORD}){{1,2}})"
# What ends a name: the clause's end, or a word that goes on with the sentence.
_NAME_END = (
    r"(?![\w'’-])(?!\s+[A-Z])(?=\s*(?:[,.;!?\n—]|$)|\s+(?:and|for|on|from|at|until|as|too"
    r"|instead|because|since|today|tomorrow|now)\b)"
)
# Words for a person's role: most end like a doer ("reviewer", "custodian", "coordinator",
# "pharmacist", "assistant", "trustee"); a few do not.
_ROLE = (
    r"[a-z]{2,}(?:er|or|ist|ian|ant|ent|ee)|lead|owner|chair|host|captain|pilot|judge|counsel"
    r"|nurse|attorney|contact|liaison|sponsor|PI|point\s+of\s+contact|guest|speaker|keynote"
)
_NOT_A_ROLE = re.compile(
    r"(?i).*(?:printer|server|folder|router|center|centre|number|order|error|color|colour|letter"
    r"|filter|paper|water|weather|monitor|vendor|calendar|register|parameter|counter|payment"
    r"|amount|content|event|document|agent|client|account|component|element|environment"
    r"|department|segment|statement|settlement|tournament|equipment|treatment|ticker|ledger"
    r"|trailer|poster|banner|header|footer|cover|sticker|marker|timer|planner|player|version"
    r"|session|question|option|section|location|station|population|region|season|reason)$"
)
_ROLE_IS = re.compile(
    r"\b(?i:the|my|our|your|their)\s+(?P<slot>(?:[a-z]+\s+)?(?i:" + _ROLE + r"))\s+"
    r"(?i:is|will\s+be|should\s+be)\s+(?P<value>" + _NAME + ")" + _NAME_END
)
# "Swap her for Captain Tomas Quist", "Replace Ilse with Tomas Quist", "swap Raj out for Nina
# Cole": the one swapped out, a pronoun or a name, then the one swapped in.
_SWAP = re.compile(
    r"\b(?i:swap|replace|sub|switch)\s+(?P<old>(?i:her|him|them)|"
    + _WORD
    + r"(?:\s+"
    + _WORD
    + r")?)\s+(?i:out\s+)?(?i:for|with)\s+(?P<value>"
    + _NAME
    + ")"
    + _NAME_END
)
# "Add Tom Becker as a custodian too": a person added to a role beside the one it holds.
_ADD_AS = re.compile(
    r"\b(?i:add)\s+(?P<value>" + _NAME + r")\s+(?i:as)\s+(?i:a|an|the|another)\s+"
    r"(?P<slot>(?:[a-z]+\s+)?(?i:" + _ROLE + r"))\b"
)
_CLAUSE_MARK = re.compile(r"[.!?;\n]")
_REFUSED = re.compile(r"(?i)\b(?:don'?t|do not|never|not|no need to|shouldn'?t)\s+$")


def _asked_or_refused(text: str, at: int) -> bool:
    mark = _CLAUSE_MARK.search(text, at)
    if mark is not None and mark.group(0) == "?":
        return True
    if mark is None and text.rstrip().endswith("?"):
        return True
    return _REFUSED.search(text, max(0, at - 16), at) is not None


def person_roles(text: str) -> list[tuple[int, int, str, str, Literal["set", "change"]]]:
    """(start, end, slot, person, op) of each person put in a role, swapped in or added to a
    role in `text`; none asked ("Is the reviewer Raj Mehta?") or refused."""
    out: list[tuple[int, int, str, str, Literal["set", "change"]]] = []
    for m in _ROLE_IS.finditer(text):
        slot = m["slot"].lower()
        if not _NOT_A_ROLE.fullmatch(slot) and not _asked_or_refused(text, m.start()):
            out.append((m.start(), m.end("value"), slot, m["value"], "set"))
    for m in _SWAP.finditer(text):
        if not _asked_or_refused(text, m.start()):
            out.append((m.start(), m.end("value"), REPLACEMENT, m["value"], "change"))
    for m in _ADD_AS.finditer(text):
        slot = m["slot"].lower()
        if not _NOT_A_ROLE.fullmatch(slot) and not _asked_or_refused(text, m.start()):
            out.append((m.start(), m.end("slot"), slot, m["value"], "set"))
    return out


def swapped_out(raw: str) -> str | None:
    """The name of the one swapped out in an update read by `_SWAP` ("Raj" of "Swap Raj for
    Nina Cole"); None for a pronoun or another update."""
    m = _SWAP.match(raw)
    if m is None or m["old"].lower() in ("her", "him", "them"):
        return None
    return m["old"]


def adds_to_role(raw: str) -> bool:
    """Whether an update read from `raw` adds a person to a role (`_ADD_AS`: "Add Tom Becker
    as a custodian too"): beside the one it holds, in no one's place."""
    return _ADD_AS.match(raw) is not None
