"""How a user revises a value already given without saying the new value whole.

"Oh wait, Unit 14, not Unit 12." changes part of the address held; "us-east-1 is correct"
takes back a value the user gave before; "地址以我第一次说的为准" takes back the first one.
The parser reads only what the words say (`read_revisions`: a `Revision`); which slot holds
the part or the earlier value only the state knows (`revised_updates`), so a revision that
matches no value held changes nothing: "不是说了吗，是这样的" swaps nothing anyone holds.

A value said as the old one ("原来的邮箱是X，不要再用了", "my old email was X") is no new
value either (`without_old_values`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ctxengine.compaction.layers import (
    ArchivedValue,
    EvidenceItem,
    StateLayer,
    slot_key,
    split_key,
)
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import Evidence, Revision, SlotUpdate

_ZH_STOP = r"，,。；;！!？?\n"
# (A number's thousands comma ends no part: "2,500元".)
_ZH_PART = rf"(?:[^{_ZH_STOP}]|(?<=\d),(?=\d{{3}}))" + "{1,30}?"
_ZH_TAIL = rf"(?!(?<=\d),\d)(?=[了吧啊呀哦呢的]*(?:[{_ZH_STOP}]|$))"
_EN_PART = r"[^,.;:!?\n—]{1,40}?"
_EN_END = r"(?=\s*(?:[,.;!?\n—]|$))"
# What a speaker says before the right part that is no part of it.
_EN_LEAD = (
    r"(?:(?:oh|wait|sorry|no|nope|actually|hmm+|oops|i mean|ah|err?)\b[,\s]*)*"
    r"(?:(?:it'?s|it is|that'?s|that should be|it should be|should be|i meant?|i said)\s+)?"
)
# A part that may hold a number's comma or point: "$1,500", "4.5".
_EN_NUM_PART = r"(?:[^,.;:!?\n—]|(?<=\d)[,.](?=\d)){1,40}?"
# A part that may also hold a clock's colon: "14:30".
_EN_CLOCK_PART = r"(?:[^,.;:!?\n—]|(?<=\d)[,.:](?=\d)){0,40}?"
_SWAPS = (
    # "Make the transfer $1,500 instead of $1,200", "Oct 13 rather than Oct 10"
    re.compile(
        rf"(?i)(?P<new>{_EN_NUM_PART})\s+(?:instead of|rather than)\s+(?:the\s+)?"
        rf"(?P<old>{_EN_NUM_PART})(?![,.]\d){_EN_END}"
    ),
    # "Unit 14, not Unit 12", "It's 14, not 12"
    re.compile(
        rf"(?i)(?:^|(?<=[,.;:!?—]))\s*{_EN_LEAD}(?P<new>{_EN_NUM_PART}),?\s+not\s+"
        rf"(?:the\s+)?(?P<old>{_EN_NUM_PART})(?![,.]\d){_EN_END}"
    ),
    # "not Unit 12 but Unit 14"
    re.compile(rf"(?i)\bnot\s+(?P<old>{_EN_PART}),?\s+but\s+(?P<new>{_EN_PART}){_EN_END}"),
    # "不是文三路398号，是文二路398号", "不是12单元而是14单元"
    re.compile(
        rf"不是(?P<old>{_ZH_PART})[，,]?\s*(?:而|应该|应当)?(?:是|为|改成|换成)"
        rf"(?P<new>{_ZH_PART}){_ZH_TAIL}"
    ),
    # "是文二路398号，不是文三路398号", "文二路而不是文三路"
    re.compile(
        rf"(?:^|(?<=[{_ZH_STOP}]))\s*(?:哦|噢|啊|不对|抱歉|对不起|等等|[，,\s])*(?:应该)?是?"
        rf"(?P<new>{_ZH_PART})[，,]?\s*(?:而)?(?<![是可])不是(?P<old>{_ZH_PART}){_ZH_TAIL}"
    ),
)
_BACKS = (
    # "us-east-1 is correct", "Tuesday was right after all"
    re.compile(
        rf"(?i)(?:^|(?<=[,.;:!?—]))\s*{_EN_LEAD}(?P<value>{_EN_PART})\s+(?:is|was)\s+"
        r"(?:actually\s+|the\s+)?(?:correct|right|the right one)\b"
    ),
    # "change it back to 10 AM", "go back to Tuesday", "revert to us-east-1"
    re.compile(
        r"(?i)\b(?:back\s+to|revert(?:\s+it)?\s+to|(?:use|keep|go with|stick with)\s+"
        rf"(?P<kept>{_EN_NUM_PART})\s+after all)\s*(?P<value>{_EN_NUM_PART})?(?![,.]\d){_EN_END}"
    ),
    # "改回上午10点", "换回顺丰", "上午10点才是对的", "还是用顺丰吧"
    re.compile(
        rf"(?:改回|换回|调回|切回|变回|用回|退回到|回到)(?:到|成|为)?\s*(?![来去])"
        rf"(?P<value>{_ZH_PART})"
        rf"{_ZH_TAIL}"
    ),
    re.compile(
        rf"(?:^|(?<=[{_ZH_STOP}]))\s*(?P<value>{_ZH_PART})(?:才是|是)(?:对的|正确的|准确的)"
    ),
    re.compile(
        rf"还是(?:用|按|选|要)?(?![改换调切变])(?P<value>{_ZH_PART})(?:吧|好了|好)(?=[{_ZH_STOP}]|$)"
    ),
)
# A value said wrong with no old part said: "金额也不对，一共是 7,315.00 元", "改到周日上午吧"
# (a swap with no old part: the value of the same kind said before is the old one).
_ZH_REDONE = (
    re.compile(
        rf"(?:不对|错了|有误|写错了|记错了|说错了|改了|变了)[{_ZH_STOP}：:]\s*"
        rf"(?:[^{_ZH_STOP}]{{0,8}}?(?:应该|其实|实际|一共|总共|合计)?(?:是|为))(?P<new>{_ZH_PART}){_ZH_TAIL}"
    ),
    re.compile(
        rf"(?:^|(?<=[{_ZH_STOP}]))\s*(?:那|那就|就|还是)?(?:改到|改在|换到|挪到|推到|延到|提前到)"
        rf"(?P<new>{_ZH_PART}){_ZH_TAIL}"
    ),
)
# "Correction, the deposit was $2,650", "Sorry typo, it's x4417", "179 lbs now!": a value
# said again as the right one, with no old part (the user's latest of its shape or kind is).
_EN_REDONE = (
    re.compile(
        r"(?i)(?:^|(?<=[,.;:!?—]\s)|(?<=[,.;:!?—]))\s*(?:(?:oh|ah|oops|sorry|wait|no|also|and)\W+)*"
        r"(?:correction|typo|my bad|my mistake|i mistyped|i misspoke|i got (?:that|it) wrong"
        r"|wrong number|sorry,?\s+(?:typo|wrong one|my mistake)"
        # "That number's wrong, it's …": the value said before named by its noun.
        r"|(?:that|the|this|my)\s+(?:[a-z]+\s+)?(?:number|code|amount|figure|rate|email|id)"
        r"(?:['’]s|\s+is|\s+was)\s+(?:wrong|incorrect|off))\b[\s,:;!.—-]*"
        r"(?:(?:the|my|our)\s+[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?\s+"
        r"(?:was|is|should be|were|are)\s+"
        r"|(?:it'?s|it is|it was|it should be|should be|that should be|that'?s|i meant)\s+)?"
        rf"(?P<new>(?:[$€£¥#+]|\b[A-Za-z]{{0,3}})\d{_EN_CLOCK_PART})(?![,.:]\d){_EN_END}"
    ),
    re.compile(
        r"(?i)(?:^|(?<=[,.;:!?—]))\s*(?:(?:and|so|but|ok(?:ay)?)\W+)?"
        r"(?:(?:i'?m|i am|we'?re|we are|it'?s|it is)\s+(?:at\s+)?)?"
        # With its unit: "It's 10 now" or "10pm now" is the hour, no value redone.
        r"(?P<new>[$€£¥]\d[\d,.]*|\d[\d,.]*\s?(?!(?:am|pm|a\.m|p\.m|o'?clock|h|hrs?|hours?"
        r"|min(?:ute)?s?|secs?|seconds?)\b)(?:[A-Za-z]+|%))\s+now(?=\s*(?:[,.;!?\n—]|$))"
    ),
)
_EN_REDONE_GATE = re.compile(
    r"(?i)correction|typo|my bad|my mistake|mistyped|misspoke|wrong|\bnow\b"
)
_REDONE_GATE = re.compile(r"[改错变]|不对|有误")

# A value said whole again after a cue that takes back what was said, in the same message
# or a later one: "Wait, marketing says September 16.", "Ugh, no, the 23rd, final answer.",
# "Hmm no, it's xX_Shad0w_Xx with a zero.", "Actually six, she's bringing her boyfriend.",
# "Actually, no, use my work one, jordan.pike@lumenlabs.io." Only values of a shape the
# state can match to one held (`_said_again`) are read: a date, a day of the month, an
# email, a count, a number-led phrase, a code with a digit. (A bare "No, …" answers a
# question too: what follows must be such a value and the whole clause.)
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_COUNT_WORD = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_ORDINAL_DAY = r"(?:[12]?\d|3[01])(?:st|nd|rd|th)"
# Words after a value that explain or settle it, no part of it.
_SAID_TAIL_WORDS = r"then|instead|with|final|please|now"
_SAID_VALUE = (
    rf"{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    rf"|(?:the\s+)?{_ORDINAL_DAY}\b"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    rf"|\d[\w-]*(?:\s+(?!(?:{_SAID_TAIL_WORDS})\b)[A-Za-z][\w-]*){{0,3}}"
    r"|[A-Za-z_]+\d[\w-]*"
    # "No, it's CC-4401-OPS": a code whose letters and digits a hyphen parts.
    r"|[A-Za-z_]+(?:-[A-Za-z_]+)*-\d[\w-]*"
    # "Wait, $32.75": an amount.
    r"|[$€£¥]\d{1,3}(?:,\d{3})*(?:\.\d+)?\b"
    rf"|(?:{_COUNT_WORD})\b"
)
_FIX_CUE = (
    r"(?:wait|actually|no|nope|sorry|oops|my mistake|my bad|i mean|i meant|scratch that"
    r"|i mixed (?:it|them|that) up|i got (?:it|that) wrong)"
)
_SAID_AGAIN = re.compile(
    r"(?i)(?:^|(?<=[,.;:!?—]))\s*(?:(?:oh|ah|ugh|hmm+|um+|well|so|ok(?:ay)?)\W+)*"
    rf"{_FIX_CUE}(?:\W+{_FIX_CUE})*[\s,:;!.—-]+"
    r"(?:(?:it'?s|it is|that'?s|make (?:it|that|them)|let'?s (?:say|do|go with)"
    r"|(?:use|go with|take)(?:\s+(?:my|the|our)\s+[a-z]+\s+one\s*,)?"
    # "Wait, marketing says September 16", "No, the client wants the 23rd"
    r"|(?:(?:the|my|our)\s+)?(?:[a-z]+\s+)?(?:says|said|wants))\s+)?"
    rf"(?P<new>{_SAID_VALUE})(?:\s+(?:{_SAID_TAIL_WORDS})\b[^,.;!?\n—]{{0,30}})?{_EN_END}"
)
# "Make them 8x10 instead.", "Let's say 240 then, we cap registration.", "6x8 then.": a
# value said in the place of the one held, its clause's whole but for a reason after it.
_SAID_INSTEAD = re.compile(
    r"(?i)(?:^|(?<=[,.;:!?—]))\s*(?:(?:oh|ah|ugh|hmm+|um+|well|so|ok(?:ay)?|fine|alright)\W+)*"
    r"(?:(?:make (?:it|that|them)|let'?s (?:say|do|make it|go with)|go with)\s+)?"
    rf"(?P<new>{_SAID_VALUE})\s+(?:then|instead)\b[^,.;!?\n—]{{0,30}}{_EN_END}"
)
# "Cargo ready date slipped to August 27": a date moved to, the date said before replaced.
_SLIPPED_TO = re.compile(
    # "The pay date moves / shifts to the 24th": moved itself, no one named moving it.
    r"(?i)\b(?:slipped|slid|slips|postponed|delayed|pushed(?:\s+(?:back|out))?"
    r"|moves|moved|shifts|shifted)\s+"
    rf"(?:to|until|till)\s+(?P<new>{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    # A reason may follow: "… to the 24th because of the holiday".
    rf"|(?:the\s+)?{_ORDINAL_DAY}\b)(?:\s+(?:because|since|due\s+to|for)\b[^,.;!?\n—]{{0,40}})?"
    rf"{_EN_END}"
)
# "Visit 3 is on March 14 now", "She'll come on the 14th instead": a day an event is on,
# said with what tells it changed after it (the day said before replaced).
_ON_DAY_NOW = re.compile(
    r"(?i)\b(?:is|are|['’]s|be|comes?|coming|happens?|flies|fly|leaves?|arrives?|starts?)\s+"
    rf"(?:on|for)\s+(?P<new>{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    rf"|(?:the\s+)?{_ORDINAL_DAY}\b)\s+(?:now|instead)\b[^,.;!?\n—]{{0,30}}{_EN_END}"
)
_SAID_GATE = re.compile(
    r"(?i)\b(?:wait|actually|no|nope|sorry|oops|mistake|bad|mean|meant|scratch|mixed|wrong"
    r"|slipped|slid|slips|postponed|delayed|pushed|moves|moved|shifts|shifted|then|instead"
    r"|now)\b"
)
# "地址以我第一次说的为准", "按最开始给的那个地址", "the first address I gave is correct".
_ZH_FIRST = re.compile(
    r"(?:以|按|用)(?:我|您)?(?:第一次|最早|最初|一开始|最开始|开始)"
    r"(?:说|给|填|写|提供|发|报)?的?(?:那个|为准|吧)"
)
_EN_FIRST = re.compile(
    r"(?i)\b(?:(?:use|keep|go with|stick with|take)\s+the\s+first\s+(?P<a>[a-z]+)"
    r"|the\s+first\s+(?P<b>[a-z]+)\s+(?:I\s+(?:gave|said|sent|typed|wrote|mentioned)\s+)?"
    r"(?:is|was)\s+(?:the\s+)?(?:correct|right|the right one)"
    r"|(?:what|the one)\s+I\s+(?:said|gave)\s+first)"
)
_WORD = re.compile(r"[A-Za-z]+|[\u4e00-\u9fff]{2,4}")
_TRAIL = "了吧啊呀哦呢的 "
_THE = re.compile(r"(?i)^(?:the|my|a|an)\s+")
# "原来的邮箱是X", "my old email was X": the value said as the one given up.
_OLD_BEFORE = re.compile(
    r"(?:原来|原先|以前|之前|先前|过去|旧|老)的?\s*$|(?i:\b(?:old|previous|former|original|prior)\s+$)"
)
# "改回原来的邮箱X", "go back to my old email X": the old one taken back, a value again.
_BACK_BEFORE = re.compile(r"改回|换回|用回|还是|恢复|(?i:\bback\s+to\b|\brevert\b)")
_SAME_SHAPE = re.compile(r"\d+|[A-Za-z]+|[\u4e00-\u9fff]")


# "改到16:30那个", "改到16:30的那个", "换到周三那班": the value, then a demonstrative pointing
# back at the option it names, which is no part of it ("那个" alone names nothing and stays: no
# value).
_POINTER_TAIL = re.compile(r"(?<=[\w:：])的?(?:那|这)一?(?:个|班|趟|次|场|天|家|款|种|档)$")


def _clean(value: str | None) -> str:
    if not value:
        return ""
    v = _THE.sub("", value.strip().strip(_TRAIL))
    return _POINTER_TAIL.sub("", v).strip()


# "January 31, not January 15 like I said before": the old part's tail says who said it.
_SAID_TAIL = re.compile(
    r"(?i)\s+(?:like|as)\s+(?:I|we)\s+(?:said|told you|wrote|typed|put|mentioned|had)"
    r"(?:\s+(?:it\s+)?(?:before|earlier|first|originally|at first|above|yesterday))?$"
)


def _old_part(value: str | None) -> str:
    """The old part of a swap without a tail telling who said it."""
    return _SAID_TAIL.sub("", _clean(value))


_SENTENCE_END = re.compile(r"[.!?。！？\n]")
# An answer or a pronoun opens no value: "No, not right now", "I do, not yet", "That is right".
_NO_PART = re.compile(r"(?i)(?:yes|yeah|no|nope|ok|okay|sure|that|this|it|i|we|you|they)\b")


def _asked(text: str, end: int) -> bool:
    """Whether the sentence `end` is in is a question ("Unit 14, not Unit 12?")."""
    stop = _SENTENCE_END.search(text, end)
    return stop is not None and stop[0] in "?？"


# A word every revision holds: most messages hold none, and skip the patterns above.
_GATE = re.compile(
    r"(?i)\bnot\b|\bnow\b|correction|typo|my bad|my mistake|mistyped|misspoke|wrong"
    r"|instead of|rather than|不是|correct|right\b|back\b|revert|after all|回|对的"
    r"|正确|准确|还是|first|第一次|最早|最初|开始|[改错变]|不对|有误"
    r"|\bwait\b|\bactually\b|\bno\b|\bnope\b|sorry|oops|\bmean|mixed up|slipped|slid|slips"
    r"|postponed|delayed|pushed|moves|moved|shifts|shifted|\bthen\b|\binstead\b"
)


def read_revisions(text: str, onto: Ontology) -> list[Revision]:
    """The revisions a user message says, in the order of the kinds above."""
    out: list[Revision] = []
    if _GATE.search(text) is None:
        return out
    for rx in _SWAPS:
        for m in rx.finditer(text):
            old, new = _old_part(m["old"]), _clean(m["new"])
            if not old or not new or old == new or _NO_PART.match(new):
                continue
            if not _asked(text, m.end()):
                out.append(Revision(kind="swap", old=old, new=new))
    redone = (*(_ZH_REDONE if _REDONE_GATE.search(text) else ()),)
    redone += _EN_REDONE if _EN_REDONE_GATE.search(text) else ()
    for rx in redone:
        for m in (m for m in rx.finditer(text) if not _asked(text, m.end())):
            new = _clean(m["new"])
            if new and not _NO_PART.match(new):
                out.append(Revision(kind="swap", new=new))
    if _SAID_GATE.search(text):
        out.extend(_said_again_read(text))
    for rx in _BACKS:
        for m in (m for m in rx.finditer(text) if not _asked(text, m.end())):
            groups = m.groupdict()
            value = _clean(groups.get("value") or groups.get("kept"))
            if value and not _NO_PART.match(value):
                out.append(Revision(kind="back", new=value))
    first = _ZH_FIRST.search(text) or _EN_FIRST.search(text)
    slot = _named_slot(text, first, onto) if first is not None else None
    if slot is not None:
        out.append(Revision(kind="first", slot=slot))
    return out


def _said_again_read(text: str) -> list[Revision]:
    """The values `text` says whole again after a correction cue, in reading order."""
    found = [
        m
        for rx in (_SAID_AGAIN, _SAID_INSTEAD, _SLIPPED_TO, _ON_DAY_NOW)
        for m in rx.finditer(text)
    ]
    out = []
    for m in sorted(found, key=lambda m: m.start("new")):
        new = _clean(m["new"])
        if new and not _NO_PART.match(new) and not _asked(text, m.end()):
            out.append(Revision(kind="said", new=new))
    return out


def _named_slot(text: str, m: re.Match[str], onto: Ontology) -> str | None:
    """The slot the message names ("地址以…", "the first address"), "" when none; None when
    what it names is no slot ("the first one": a pick from a list)."""
    named = [w for w in (m.groupdict().get("a"), m.groupdict().get("b")) if w]
    if named:
        slot = onto.slot_for_word(named[0])
        return slot.name if slot is not None else None
    for w in _WORD.findall(text[: m.start()])[-3:]:
        for n in range(len(w), 1, -1):  # "收货地址" is read as "收货地址", "地址"
            slot = onto.slot_for_word(w[-n:])
            if slot is not None:
                return slot.name
    return ""


# "Scratch that.", "当我没说": the user's latest change taken back whole (the state flips
# the latest conflict it made, see `SessionState._reinstate_latest`). "Ignore that warning"
# and "cancel that" (an order?) take back nothing.
_IGNORE_LAST = re.compile(
    r"(?i)(?:^|[,.!;:，。！；]\s*)(?:(?:wait|oh|sorry|actually|no|hmm+|oops)\W+)*"
    r"(?:ignore|scratch|forget|disregard)\s+(?:that|this|what i (?:just )?said|my last"
    r" (?:message|change|one))\s*(?:[,.!;]|$)"
    r"|当我没说|刚才(?:那句|说的|那个|的)?(?:不算|作废)|忽略(?:我)?(?:刚才|上一条|上条)"
    r"(?:说的|的消息|那句|的)?(?=[，,。！!；;]|$)"
)


def ignores_last(text: str) -> bool:
    """Whether the message takes the user's latest change back ("Scratch that.")."""
    return _IGNORE_LAST.search(text) is not None


def without_old_values(text: str, updates: list[SlotUpdate]) -> list[SlotUpdate]:
    """`updates` without the values the message says as the old ones ("原来的邮箱是X")."""
    out = []
    for u in updates:
        at = text.find(u.raw) if u.raw else -1
        before = text[max(0, at - 12) : at] if at > 0 else ""
        if before and _OLD_BEFORE.search(before) and not _BACK_BEFORE.search(before):
            continue
        out.append(u)
    return out


def revised_updates(
    revisions: Sequence[Revision], state: StateLayer, conflicted: Iterable[str]
) -> list[SlotUpdate]:
    """The changes `revisions` make to the user's values held in `state`; `conflicted` are
    the slot keys of the user's conflicts, latest last (what "以我第一次说的为准" is about
    when it names no slot)."""
    out: list[SlotUpdate] = []
    for r in revisions:
        found = _revised(r, state, list(conflicted))
        if found is not None:
            key, value = found
            entity, slot = split_key(key)
            out.append(SlotUpdate(entity=entity, slot=slot, value=value, op="change", raw=value))
    return out


def said_swap(
    r: Revision, state: StateLayer, said: Iterable[EvidenceItem], now: Iterable[Evidence], turn: int
) -> tuple[str, str, str, int] | None:
    """(kind, old, new, turn the old was said) of a swap ("March 1st, not March 2nd") whose old
    part no value held is but a value of one kind the user said before, its new part a value
    of that kind this message says: the kind is the slot. None when a held value is swapped
    (`revised_updates`) or the two parts are no values of one kind."""
    if r.kind not in ("swap", "said") or (r.old and _swapped(r.old, r.new, state) is not None):
        return None
    alike = _said_again if r.kind == "said" else _held_alike
    if not r.old and (alike(r.new, state) is not None or any(v == r.new for _, v in _mine(state))):
        return None  # a held value is redone (`revised_updates`, which ran first)
    if not r.old:
        return _redone(r.new, state, said, now, turn)
    for item in said:
        if item.value != r.old or item.first_seen >= turn or "user" not in item.sources:
            continue
        new = next((e.value for e in now if e.kind == item.kind and e.value in r.new), None)
        if new is not None and new != r.old:
            return item.kind, r.old, new, item.first_seen
    return None


_MORE_OF_VALUE = 6  # characters a value said may run past its evidence ("周日" of "周日上午")


def _redone(
    said_new: str,
    state: StateLayer,
    said: Iterable[EvidenceItem],
    now: Iterable[Evidence],
    turn: int,
) -> tuple[str, str, str, int] | None:
    """A swap with no old part: the value of the kind `said_new` holds that the user said
    last before is the old one."""
    for e in now:
        if not e.value or e.value not in said_new:
            continue
        earlier = [
            i
            for i in said
            if i.kind == e.kind
            and i.value != e.value
            and i.last_seen < turn
            and "user" in i.sources
        ]
        if not earlier:
            continue
        old = max(earlier, key=lambda i: i.last_seen)
        held = state.slots.get(slot_key("task", e.kind))
        if held is not None and held.value != old.value:
            continue
        new = (
            said_new
            if said_new.startswith(e.value) and len(said_new) <= len(e.value) + _MORE_OF_VALUE
            else e.value
        )
        return e.kind, old.value, new, old.first_seen
    return None


def _revised(r: Revision, state: StateLayer, conflicted: list[str]) -> tuple[str, str] | None:
    if r.kind == "said":
        return _said_again(r.new, state)
    if r.kind == "swap":
        return _swapped(r.old, r.new, state) if r.old else _held_alike(r.new, state)
    if r.kind == "back":
        return _taken_back(r.new, state)
    return _first(r.slot, state, conflicted)


def _mine(state: StateLayer) -> list[tuple[str, str]]:
    """(key, value) of the user's current values, latest first."""
    held = sorted(state.slots.values(), key=lambda v: v.turn, reverse=True)
    return [(v.key, v.value) for v in held if v.source == "user"]


def _swapped(old: str, new: str, state: StateLayer) -> tuple[str, str] | None:
    """The value holding `old` with `new` in its place: the whole value, or a part of it when
    the two parts are alike ("Unit 12" / "Unit 14"), never "later" in "not later"."""
    new = _own_words(old, new)
    for key, value in _mine(state):
        if value == old and _alike(old, new):
            return key, new
        if new in value:
            continue
        if old in value and _alike(old, new):
            return key, value.replace(old, new, 1)
        # "Unit 14, not 12": the word before the part said once, for both.
        for m in _WORD_START.finditer(new):
            whole = new[: m.start()] + old
            if m.start() and whole in value and _alike(old, new[m.start() :]):
                return key, value.replace(whole, new, 1)
    return None


def _held_alike(new: str, state: StateLayer) -> tuple[str, str] | None:
    """The user's latest value of the shape of `new`, a number or a code said again as the
    right one ("Sorry typo, it's x4417" after "my desk extension is x4471"): `new` in its
    place. None when `new` holds no digit (a word's shape is every word's) or is held."""
    if not _DIGIT.search(new):
        return None
    for key, value in _mine(state):
        if value == new:
            return None
        if _shape(value) == _shape(new):
            return key, new
    return None


_DIGIT = re.compile(r"\d")
_MONTH_DATE = re.compile(
    rf"(?i)(?P<month>{_MONTH})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?P<year>,\s*\d{{4}})?"
)
_DAY_ONLY = re.compile(r"(?i)(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)")
# A day of the month held alone: "the 25th".
_HELD_DAY = re.compile(r"(?i)(?:the\s+)?(?P<day>(?:[12]?\d|3[01])(?:st|nd|rd|th))")
_BARE_COUNT = re.compile(rf"(?i)\d{{1,3}}|{_COUNT_WORD}")
# A count and what it counts, one word ("four people", "3 nights"; no "48 Larkspur Lane").
_COUNTED = re.compile(rf"(?i:(?P<n>\d{{1,3}}|{_COUNT_WORD}))(?P<rest>\s+(?:[a-z]+s|people))")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_TOKEN = re.compile(r"[\w.-]+")
_ALPHA_WORD = re.compile(r"[A-Za-z]{2,}")
_LONGEST_CODE = 64


def _said_again(new: str, state: StateLayer) -> tuple[str, str] | None:
    """The user's latest value of the kind of `new`, a value said again after a correction
    cue ("Wait, September 16."), with `new` in its place, or in the place of the part of it
    `new` is ("No, the 23rd." of "September 16": September 23). Stricter than
    `_held_alike`: a bare "No, …" may answer a question, so the kinds must agree, not only
    the shapes ("3 nights" is no headcount). None when no held value is of its kind."""
    for key, value in _mine(state):
        if value == new:
            return None
        found = _in_place_of(new, value)
        if found is not None:
            return key, found
    return None


def _in_place_of(new: str, held: str) -> str | None:
    """`held` as `new` corrects it, None when `new` is no value of its kind."""
    held_date = _MONTH_DATE.fullmatch(held)
    if held_date is not None:
        if _MONTH_DATE.fullmatch(new):
            return new
        day = _DAY_ONLY.fullmatch(new)
        if day is None:
            return None
        return held[: held_date.start("day")] + day["day"] + held[held_date.end("day") :]
    held_day = _HELD_DAY.fullmatch(held)
    if held_day is not None and (day := _DAY_ONLY.fullmatch(new)) is not None:
        # "the 24th" of "the 25th": a day of the month for a day of the month.
        return held[: held_day.start("day")] + new + held[held_day.end("day") :]
    if _EMAIL.fullmatch(held):
        return new if _EMAIL.fullmatch(new) else None
    if _BARE_COUNT.fullmatch(new):
        # "Actually six" of "four people": the count, its noun kept.
        counted = _COUNTED.fullmatch(held)
        if counted is not None:
            return new + counted["rest"]
        return new if _BARE_COUNT.fullmatch(held) else None
    return _piece_in_place(new, held) or _respelled(new, held)


def _piece_in_place(new: str, held: str) -> str | None:
    """ "84 Larkspur Lane" of "48 Larkspur Lane, Portland OR 97211": the leading piece of
    `held` of the shape of `new` with a word in common, replaced."""
    piece = held.split(",", 1)[0]
    if _shape(piece) != _shape(new) or not _DIGIT.search(new):
        return None
    if len(new.split()) > 1 and not set(_ALPHA_WORD.findall(piece)) & set(_ALPHA_WORD.findall(new)):
        return None  # "3 nights" is no "2 people"
    return new + held[len(piece) :]


def _respelled(new: str, held: str) -> str | None:
    """ "xX_Shad0w_Xx" of "xX_Shadow_Xx": one code or name spelled again, at most two
    characters apart."""
    if not (_TOKEN.fullmatch(new) and _TOKEN.fullmatch(held)) or min(len(new), len(held)) < 5:
        return None
    if abs(len(new) - len(held)) > 2 or len(held) > _LONGEST_CODE:
        return None  # more than two apart already, or no code (the distance costs its square)
    return new if _edits(new, held) <= 2 else None


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (short strings only: codes and names)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _own_words(old: str, new: str) -> str:
    """Of "Let's do Saturday" against "Friday", the words in the place of the old part."""
    words = new.split()
    n = len(old.split())
    return " ".join(words[-n:]) if len(words) > n + 1 else new


_WORD_START = re.compile(r"(?<=\s)\S")


def _alike(a: str, b: str) -> bool:
    """Two parts of one kind: the same shape ("14"/"12"), or a word in common."""
    shape = [_shape(a), _shape(b)]
    if shape[0] == shape[1]:
        return True
    return bool(set(_SAME_SHAPE.findall(a)) & set(_SAME_SHAPE.findall(b)) - {" "})


def _shape(s: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[A-Za-z]+", "a", s))


def _taken_back(value: str, state: StateLayer) -> tuple[str, str] | None:
    """The slot whose earlier value, the user's, `value` is, when it holds another now; else
    the amount the user changed last, when `value` is an amount too ("每月转账金额改成 4,500
    元" then "不对，还是 4,000 元吧": no value held before, the amount settled on)."""
    current = {key for key, held in _mine(state) if held == value}
    for a in reversed(state.archive):
        if a.value == value and a.source == "user" and a.key not in current:
            cur = state.slots.get(a.key)
            if cur is not None and cur.source == "user":
                return a.key, value
    return _amount_instead(value, state)


# An amount: a number, with at most a currency before or after it.
_AMOUNT = re.compile(
    r"(?P<pre>[$¥￥€£]?)\s*(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*"
    r"(?P<post>元|块钱|块|万元|万|美元|RMB|CNY|USD)?"
)


def _amount_instead(value: str, state: StateLayer) -> tuple[str, str] | None:
    said = _AMOUNT.fullmatch(value)
    mine = _mine(state)
    if said is None or not mine:
        return None
    key, held = mine[0]
    amount = _AMOUNT.fullmatch(held)
    if amount is None or held == value:
        return None  # the latest value is no amount: "还是 4,000 元吧" settles no other
    if amount["pre"] or amount["post"]:
        return key, value
    return key, said["n"]  # held as a bare number ("4,500"): the new one alike


def _first(slot: str, state: StateLayer, conflicted: list[str]) -> tuple[str, str] | None:
    keys = [k for k, _ in _mine(state) if split_key(k)[1] == slot] if slot else conflicted[-1:]
    for key in keys:
        earliest = _earliest(state.history(key))
        cur = state.slots.get(key)
        if earliest is not None and cur is not None and cur.value != earliest.value:
            return key, earliest.value
    return None


def _earliest(history: list[ArchivedValue]) -> ArchivedValue | None:
    return next((a for a in history if a.source == "user" and a.reason == "superseded"), None)


__all__ = [
    "ignores_last",
    "read_revisions",
    "revised_updates",
    "said_swap",
    "without_old_values",
]


def partial_update(u: SlotUpdate, revisions: Sequence[Revision], state: StateLayer) -> SlotUpdate:
    """`u` as the whole value it corrects a part of: "收件地址写错了，是 5 栋 1702，不是 702"
    reads the address as "5 栋 1702", but the swap says only the "702" of the address held
    is wrong, so the street stays ("东风中路 318 号 5 栋 1702"). `u` itself when no swap of
    the message has its value as the new part, or the slot holds no value with the old part."""
    key = slot_key(u.entity, u.slot)
    held = state.slots.get(key)
    if held is None or held.source != "user" or not u.value or u.value in held.value:
        return u
    for r in revisions:
        if r.kind != "swap" or not r.old or r.old not in held.value or u.value not in r.new:
            continue
        if re.search(rf"(?<![\w]){re.escape(r.old)}(?![\w])", u.value):
            continue  # "不是 702 是 1702" read whole as the value: no part said apart
        found = _swapped(r.old, r.new, state)
        if found is not None and found[0] == key and found[1] != held.value:
            return u.model_copy(update={"value": found[1]})
    return u
