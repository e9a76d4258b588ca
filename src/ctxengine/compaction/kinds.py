"""Things that come in a few known kinds (paper: matte, glossy, lustre; a seat: window, aisle),
and a user's choice of one said without a verb that sets it.

"Matte paper, please." chooses the paper's kind as "set the paper to matte" does; "No, stick
with matte." keeps it against a kind someone proposed ("Would you like lustre instead?"). A
word is read as a kind only when it is one of the thing's known kinds: "Fresh towels, please"
names no setting, and "stick with the plan" keeps no value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

Op = Literal["set", "change", "remove"]

# (the thing's nouns, the slot's name first; its kinds). A kind may be of several things
# ("economy": a class or a shipping speed): alone it names none of them.
_KNOWN_KINDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("paper", "finish", "print finish"),
        ("matte", "glossy", "gloss", "lustre", "luster", "satin", "semi-gloss", "metallic"),
    ),
    (("seat",), ("window", "aisle", "middle")),
    (("class", "cabin"), ("economy", "premium economy", "business", "first")),
    (("shipping", "delivery"), ("standard", "express", "overnight", "economy", "ground")),
    (("crust",), ("thin", "thick", "stuffed", "deep-dish")),
    (("milk",), ("oat", "soy", "almond", "whole", "skim", "coconut", "lactose-free")),
    (("bed",), ("king", "queen", "twin", "double", "single")),
)
_NOUNS = {noun: group[0] for group, _ in _KNOWN_KINDS for noun in group}
_KINDS_OF: dict[str, set[str]] = {}
for _nouns, _kinds in _KNOWN_KINDS:
    for _kind in _kinds:
        _KINDS_OF.setdefault(_kind, set()).add(_nouns[0])


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_KIND = _alternation(_KINDS_OF)
_NOUN = _alternation(_NOUNS)
# What may open a sentence before the choice: fillers, never a "no" or a "not".
_OPENER = r"(?:(?:ok(?:ay)?|yes|yeah|sure|great|perfect|then|so|and|just)\s*,?\s+)*"
# "Matte paper, please.", "OK, a window seat please.", "Just glossy prints for me!"
_CHOICE = re.compile(
    rf"(?i)(?:^|(?<=[.!;\n])\s*)\s*{_OPENER}(?:(?:a|an|the)\s+)?(?P<kind>{_KIND})\s+"
    rf"(?P<noun>{_NOUN})s?(?:\s+for\s+(?:me|us))?(?:,?\s+please)\s*(?=[.!\n]|$)"
)
# "stick with matte", "keep the matte paper", "stay with glossy", "let's keep it matte".
_KEEP = re.compile(
    rf"(?i)\b(?P<verb>stick\s+with|stick\s+to|stay\s+with|keep(?:\s+it)?|go\s+with)\s+"
    rf"(?:the\s+)?(?P<kind>{_KIND})(?:\s+(?P<noun>{_NOUN})s?)?(?=\s*(?:[.,!;\n]|$|please\b|then\b"
    r"|instead\b|after\s+all\b|as\s+(?:is|planned|before)\b))"
)
# "I'd like matte paper", "I'll take the aisle seat", "give me express shipping": a kind
# wished for, with its noun.
_WANT = re.compile(
    r"(?i)\b(?:i['’]?d\s+(?:like|prefer)|i\s+(?:want|prefer|need)|i['’]?ll\s+(?:take|have)"
    r"|give\s+me|let['’]?s\s+do|we['’]?ll\s+take)\s+(?:(?:a|an|the)\s+)?"
    rf"(?P<kind>{_KIND})\s+(?P<noun>{_NOUN})s?\b"
)
# What turns the wish or the keeping down, or asks it ("don't stick with", "should we keep").
_REFUSED = re.compile(r"(?i)\b(?:don'?t|do\s+not|never|not|no\s+need\s+to|shouldn'?t)\s+$")
_ASKED = re.compile(r"(?i)\b(?:should|shall|do|can|could|would)\s+(?:we|i|you)\s+$")


def kind_choices(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, noun, kind, op) of each choice of a thing's known kind in `text` ("Matte
    paper, please." -> paper=matte; "stick with matte" -> paper=matte, a kept value)."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _CHOICE.finditer(text):
        slot = _slot(m.group("kind"), m.group("noun"))
        if slot is not None:
            out.append((m.start("kind"), m.end(), slot, m.group("kind").lower(), "set"))
    for m in (*_WANT.finditer(text), *_KEEP.finditer(text)):
        before = text[max(0, m.start() - 20) : m.start()]
        if _REFUSED.search(before) or _ASKED.search(before) or _asked(text, m.end()):
            continue
        slot = _slot(m.group("kind"), m.group("noun"))
        if slot is not None:
            op: Op = "set" if m.re is _WANT else "change"
            out.append((m.start(), m.end(), slot, m.group("kind").lower(), op))
    return out


# "OK, lustre then.", "Sure, lustre.", "Lustre then, please.": a kind said alone, as the
# whole sentence, after a word of assent or before "then" (bare "Lustre." assents to
# nothing). It names its thing only when that thing was talked of lately (see `bare_kind_choices`).
_ASSENT = r"(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright|all\s+right|great|perfect)"
_BARE = re.compile(
    rf"(?i)(?:^|(?<=[.!;\n])\s*)\s*(?:(?P<assent>{_ASSENT})\s*[,!.]?\s+(?:(?:then|so|just)\s+)?)?"
    rf"(?:(?:the|a|an)\s+)?(?P<kind>{_KIND})(?P<then>,?\s+then)?(?:,?\s+please)?"
    r"(?:,?\s+instead)?\s*(?=[.!\n]|$)"
)


def bare_kind_choices(text: str, recent: Iterable[str]) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, noun, kind, "change") of each kind said alone as an assent ("Sure,
    lustre." -> paper=lustre), when its one thing is among the `recent` items' kinds (the
    paper was chosen or proposed lately): "OK, first." after no talk of a cabin sets none."""
    found = [m for m in _BARE.finditer(text) if m["assent"] or m["then"]]
    if not found:
        return []
    things = set(recent)
    out: list[tuple[int, int, str, str, Op]] = []
    for m in found:
        slot = _slot(m["kind"], None)
        if slot is not None and slot in things:
            out.append((m.start("kind"), m.end("kind"), slot, m["kind"].lower(), "change"))
    return out


def _slot(kind: str, noun: str | None) -> str | None:
    """The slot a kind sets: its noun's, when that noun takes it; alone, the one thing it
    is a kind of, else none."""
    things = _KINDS_OF.get(kind.lower(), set())
    if noun is not None:
        slot = _NOUNS[noun.lower()]
        return slot if slot in things else None
    return next(iter(things)) if len(things) == 1 else None


def _asked(text: str, end: int) -> bool:
    stop = re.compile(r"[.!?\n]").search(text, end)
    return stop is not None and stop.group(0) == "?"


# The same in Chinese: (nouns, the slot's name first; kinds).
_ZH_KNOWN_KINDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("纸张", "相纸", "纸"), ("哑光", "亮光", "光面", "绒面", "珠光", "丝绒")),
    (("座位", "位子", "座"), ("靠窗", "靠过道", "过道")),
)
_ZH_NOUNS = {noun: group[0] for group, _ in _ZH_KNOWN_KINDS for noun in group}
_ZH_KINDS_OF = {kind: group[0] for group, kinds in _ZH_KNOWN_KINDS for kind in kinds}
_ZH_KIND = _alternation(_ZH_KINDS_OF)
_ZH_NOUN = _alternation(_ZH_NOUNS)
_ZH_CLAUSE_END = r"(?=[。！!，,；;\n]|$)"
# "哑光纸，谢谢。", "要哑光的。", "那就靠窗的座位吧": a kind chosen as its clause's whole, said
# with its noun, a verb that picks or 吧 ("哑光的？" asks; "不要哑光的" opens with 不).
_ZH_CHOICE = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?P<verb>那就|就要|就用|我要|要|用|选)?"
    rf"(?P<kind>{_ZH_KIND})(?:的)?(?P<noun>{_ZH_NOUN})?(?P<tail>吧|就行|就好)?"
    rf"(?:[，,]?\s*谢谢)?{_ZH_CLAUSE_END}"
)
# "还是用哑光", "坚持哑光的", "就用原来的哑光纸", "换回哑光": a kind kept, or taken back.
_ZH_KEEP = re.compile(
    r"(?:坚持|还是用|还是要|还是选|就用原来的|就用之前的|用回|换回|改回|保持|继续用)(?:原来的|之前的)?"
    rf"(?P<kind>{_ZH_KIND})(?:的)?(?P<noun>{_ZH_NOUN})?"
)
_ZH_REFUSED = re.compile(r"(?:不|别|不要|不用|要不要|是不是)$")


def zh_kind_choices(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, noun, kind, op) of each choice of a thing's known kind in a Chinese `text`
    ("哑光纸，谢谢" -> 纸张=哑光; "不，还是用哑光" -> 纸张=哑光, kept)."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _ZH_CHOICE.finditer(text):
        if m.group("noun") or m.group("verb") or m.group("tail"):
            slot = _ZH_KINDS_OF[m.group("kind")]
            if m.group("noun") is None or _ZH_NOUNS[m.group("noun")] == slot:
                out.append((m.start("kind"), m.end("kind"), slot, m.group("kind"), "set"))
    for m in _ZH_KEEP.finditer(text):
        if _ZH_REFUSED.search(text, max(0, m.start() - 3), m.start()) or _zh_asked(text, m):
            continue
        slot = _ZH_KINDS_OF[m.group("kind")]
        if m.group("noun") is None or _ZH_NOUNS[m.group("noun")] == slot:
            out.append((m.start(), m.end(), slot, m.group("kind"), "change"))
    return out


def _zh_asked(text: str, m: re.Match[str]) -> bool:
    """Whether the keeping is asked ("还是用哑光吗？", "还是用哑光还是亮光？")."""
    stop = re.compile(r"[。！!\n]").search(text, m.end())
    rest = text[m.end() : stop.start() if stop else len(text)]
    return re.search(r"[？?吗]|还是", rest) is not None
