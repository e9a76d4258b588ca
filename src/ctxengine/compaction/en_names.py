"""Names an English task dialogue offers or picks, read without an ontology.

"There's a 3 star hotel called Ace Hotel Chicago", "How about Blue Ginger?", "Let's go with
the Grand Plaza": once such a turn leaves the context, nothing else in the block names the
place the assistant offered or the user took, since the generic ontology has no slot for it.
The name is kept verbatim as evidence of kind ``name`` (`name_evidence`).

A name is a run of capitalised words and numbers, with the lower-case joiners names carry
("House of Blues", "AC Hotel by Marriott"), bracketed parts ("Abbey Court (Hyde Park)") and
inner apostrophes and hyphens ("Denny's", "In-N-Out"). It is read only right after a cue that
introduces one ("called", "how about", "I found", "let's go with", ...) or right before one
that recommends it ("... might be a good fit"), never from capitals alone: sentence starts,
days, months, times and pronouns are capitalised too.
"""

from __future__ import annotations

import re

from ctxengine.compaction.schema import Evidence

NAME_KIND = "name"

# One word of a name: capitalised or a number ("1 Hotel", "Route 66", "5th Street"), with
# inner apostrophes and hyphens; the few abbreviations that end in a full stop inside a name
# ("St. Regis"); initials ("P.F. Chang's").
_WORD = (
    r"(?:(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr)\.(?=\s+[A-Z])"
    r"|(?:[A-Z]\.){2,}(?:\s?[A-Z][\w'’]*)?"
    r"|[A-Z\u00c0-\u00de][\w'’]*(?:-[\w'’]+)*"
    r"|\d+(?:st|nd|rd|th)?(?:-[\w'’]+)*)"
)
# Lower-case words that join the capitalised words of one name.
_JOINER = r"(?:of|by|the|and|&|de|del|della|di|da|du|des|la|le|los|las|y)"
_BRACKET = rf"\({_WORD}(?:\s+(?:{_JOINER}\s+)*{_WORD})*\)"
_RUN = rf"{_WORD}(?:\s+(?:(?:{_JOINER}\s+){{1,2}})?(?:{_WORD}|{_BRACKET}))*"

# Cues a name follows: a name given to something, an offer, a find, a pick. They are matched
# in the lower-cased text (a case-insensitive pattern costs twice as much on every message);
# the name after one, in the text itself, must be capitalised.
_CUE = re.compile(
    r"\b(?:(?P<described>how\s+about|what\s+about|check\s+out)"
    r"|(?P<calls>called|named)"
    r"|would\s+you\s+(?:like|prefer)|do\s+you\s+(?:want|prefer)"
    r"|(?:i|we)(?:'ve|’ve|\s+have)?\s+found"
    r"|there(?:'s|’s|\s+is)"
    r"|it(?:'s|’s|\s+is)\s+the"
    r"|(?:book|reserve)(?:\s+(?:a\s+)?(?:table|room|spot)s?)?(?:\s+at)?"
    r"|go\s+with)(?=\s)"
)
_NAME_NEXT = re.compile(rf"\s+(?:the\s+)?(?P<name>{_RUN})")
# An offer may describe the place before naming it: "How about the 3 star Grand Plaza?". The
# words between are few and lower case, and no preposition: "the one in Paris" names a city.
_DESCRIBED_NAME_NEXT = re.compile(
    r"(?:\s+(?:the|a|an)(?:\s+(?!(?:in|at|on|for|to|near|with|from|of|by|and|or|that|which)\b)"
    rf"[a-z\d][\w-]*){{0,3}})?\s+(?:the\s+)?(?P<name>{_RUN})"
)
# Cues a name comes before: "... might be a good fit", "... would be a great choice".
_BEFORE = re.compile(
    r"\s+(?:might|may|could|would|should|will)\s+be\s+(?:a\s+|an\s+)?(?:very\s+)?"
    r"(?:good|great|nice|perfect|fine|excellent|ideal|suitable)\s+"
    r"(?:fit|choice|option|pick|match|place|one)\b"
)
_RUN_AT_END = re.compile(rf"(?:^|(?<=\s))(?P<name>{_RUN})$")
# How far before a cue a name may start.
_BEFORE_SPAN = 80
# A cue's name follows a space and opens on a capital or a digit: most messages have none past
# their first word ("I", "I'd" and "I'm" are no such opening; "O'Hara" is).
_NAME_START = re.compile(r"\s(?:[A-Z\u00c0-\u00de](?:[\w.]|['’][A-Z])|\d)")
# Lower case that keeps every character where it is (`str.lower` may not, as for "İ").
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

# A caller who said "I called", "we named": the person did the calling, no name follows.
_PERSON_BEFORE = re.compile(r"\b(?:i|you|he|she|we|they|who)\s+$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that open a sentence or a clause ("Then Ace Hotel might ...", "Yes Blue Ginger"): a
# run that starts with them loses them.
_OPENERS = _words(
    """
    a an this that these those it its i i'm i'd i'll i've you your he she we they them
    there here yes no not ok okay sure please thanks thank hi hello hey great good nice
    sorry maybe perhaps well so also then and but or what how which when where who why
    is are was were do does did can could would will should shall may might must let let's
    anything something nothing everything one any some another other either neither both
    all each every confirm
    """
)
# Capitalised words that stand for something other than a name: a run of nothing but these
# and the openers is none ("How about Monday?", "Let's go with This Friday").
_NOT_NAMES = _OPENERS | _words(
    """
    the today tomorrow tonight yesterday morning noon afternoon evening night weekend
    monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec next last first second third
    """
)
# A run that holds a clock time ("5 PM") is no name.
_TIME_WORD = re.compile(r"(?i)^(?:am|pm|a\.m\.|p\.m\.|o'clock|noon|midnight)$")
_LETTER_CAP = re.compile(r"[A-Z\u00c0-\u00de]")
_SPLIT_WORD = re.compile(r"\S+")


def name_evidence(text: str, source: str) -> list[Evidence]:
    """The names `text` offers or picks, each once, in text order, as ``name`` evidence.

    Args:
        text: an English user or assistant message.
        source: "user" or "assistant".
    """
    low = text.lower()
    if len(low) != len(text):
        low = text.translate(_ASCII_LOWER)
    found = _after_cues(text, low) if _NAME_START.search(text) else []
    if " be " in low:
        found += _before_cues(text, low)
    seen: set[str] = set()
    out: list[Evidence] = []
    for _, name in sorted(found):
        if name not in seen:
            seen.add(name)
            out.append(Evidence(kind=NAME_KIND, value=name, source=source))
    return out


def _after_cues(text: str, low: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for m in _CUE.finditer(low):
        if m.group("calls") and _PERSON_BEFORE.search(low, max(0, m.start() - 8), m.start()):
            continue  # "I called Dave": a person called, not a place's name
        after = _DESCRIBED_NAME_NEXT if m.group("described") else _NAME_NEXT
        n = after.match(text, m.end())
        if n is not None and (name := _clean(n.group("name"))) is not None:
            found.append((n.start("name"), name))
    return found


def _before_cues(text: str, low: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for m in _BEFORE.finditer(low):
        run = _RUN_AT_END.search(text, max(0, m.start() - _BEFORE_SPAN), m.start())
        if run is not None and (name := _clean(run.group("name"))) is not None:
            found.append((run.start("name"), name))
    return found


def _clean(run: str) -> str | None:
    """The run from its first word that is no opener, verbatim, or None when what is left
    names nothing (days, months, times, pronouns)."""
    words = list(_SPLIT_WORD.finditer(run))
    while words and words[0].group(0).lower() in _OPENERS:
        words.pop(0)
    if not words or any(_TIME_WORD.match(w.group(0)) for w in words):
        return None
    if not any(
        _LETTER_CAP.match(w.group(0)) and w.group(0).lower() not in _NOT_NAMES for w in words
    ):
        return None
    return run[words[0].start() :]
