"""What an assistant reply says about the user's request: met, unmet, or met otherwise.

A preference or requirement in the user's message before such a reply is **relaxed** when the
user goes on with the alternative ("好的，我会去试试", "他们家电话是多少？") instead of turning
it down ("不行，一定要有烤肠"): the ledger stops presenting it as active (see `SessionState`);
a prohibition ("不要…") never relaxes this way, and a restated rule is a new active entry.

A user's slot value is a request ("人均消费100-150元的餐馆", "a table for Friday"); what the
assistant answers is a fact about what exists. Two replies end a request:

- **unmet**: "没有找到推荐菜符合您要求的餐馆", "no rooms are available on Friday". The
  slots named in the negated clause lose the user's value; it is archived as unmet, never
  shown as current again.
- **contrast**: "推荐您去铁木真，但是它家的人均消费是68元", "sorry, the earliest is 7pm".
  The assistant's value for a slot the user set replaces the request (archived as unmet),
  because a contrast word says the request could not be met as asked. Without such a word the
  user's value stands (see `SessionState._assistant_may_set`): an assistant repeating a slot
  differently is not a reason to drop what the user asked for.
"""

from __future__ import annotations

import re

from ctxengine.compaction.gates import Gate, chars_in
from ctxengine.compaction.ontology import Ontology

_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
UNMET_ZH = re.compile(
    r"没有找到|没找到|找不到|未找到|查不到|没有查到|没有符合|没有满足|不符合|不满足|没有合适|暂无|"
    r"已满|已售罄|订不到|无法满足|"
    # "周边可没有这么高价位的地方": nothing goes as far as asked.
    r"没有这么|没有那么|没有这样"
)
_UNMET_EN = re.compile(
    r"(?i)\b(?:no|none of|not|couldn't find|could not find|can't find|cannot find|"
    r"unavailable|sold out|fully booked)\b"
)
_CONTRAST = re.compile(
    r"但是|但|不过|可惜|抱歉|遗憾|然而|只有|只能|没有找到|没找到|找不到|未找到|没有符合|"
    r"(?i:\b(?:but|however|unfortunately|sorry|only|instead|closest|nearest)\b)"
)


# Not an opener that only sounds like one: "不好意思" (excuse me), "不用看了，就去这里吧" and
# "不用了，再帮我找…" (no more looking or details needed: the offer is taken or the topic is
# done), "不是吧" (an exclamation), "我还是去X吧" (choosing among the offers).
_REJECT = re.compile(
    r"^\s*(?:不行|不好(?!意思)|不要|不用(?!了|看|考虑|考察|查|找|再|[^，,。]*信息)"
    r"|不是(?!吧)|不对|不可以|算了|还是要|我还是(?!去|选|住|吃|决定)|一定要|必须|"
    r"(?i:no\b|nope|not\b|i still|i really))"
)


# A clause that is a bare "no" ("不好意思，没有呢，推荐您…"): the answer to a yes/no question
# about the request ("这家有手掰肠吗？").
BARE_NO = re.compile(r"^\s*(?:都|也|还)?(?:没有|没|不是|不行|不可以)(?:呢|的|哦|哟|啊|呀|喔)?\s*$")


# "酒店附近没有餐馆，推荐你去别处的X", "在景点附近的餐馆不满足你的要求，推荐您去X": what
# failed is the place the user asked around (named before 附近), not the criteria; the
# candidate offered elsewhere is the one that meets them. A clause saying nothing there goes
# that far ("附近可没有这么高价位的地方") still names a criterion.
_NEARBY_DENIAL = re.compile(
    r"\S(?:附近|周边|周围)[^，,。；;！!？?]*?(?:没有|不满足|不符合|都不)(?!这么|那么|这样)"
)


# "都不是的，建议您去X，这个酒店满足您所有的要求": the reply ends by saying its offer meets
# the request, so what it declined was the earlier candidates, not the request. Not a part of
# it ("可以满足您的大部分要求") nor a negated one ("没有完全符合您要求的").
_MEETS_ALL = re.compile(r"(?:满足|符合)[^，,。；;！!？?]{0,6}(?:要求|条件|需求)")
_PART_OR_NOT = re.compile(r"部分|基本|差不多|接近|大多|大都|多数|没|不(?!过|错)|未|无法|暂|除了|只")


def says_unmet(text: str) -> bool:
    """Whether the reply says a request could not be met as asked (not when it says only
    that nothing around the place asked about does, nor when it says its offer meets it)."""
    if all(g.shut(text) for g in _UNMET_GATES):
        return False  # no clause can say so: the answer below would be False too
    clauses = _CLAUSE.findall(text)
    # The substring checks are a cheap gate: most replies name no surroundings.
    if ("附近" in text or "周" in text) and any(_NEARBY_DENIAL.search(c) for c in clauses):
        return False
    if ("满足" in text or "符合" in text) and any(
        _MEETS_ALL.search(c) and not _PART_OR_NOT.search(c) for c in clauses
    ):
        return False
    return any(
        UNMET_ZH.search(c) is not None
        or _UNMET_EN.search(c) is not None
        or BARE_NO.match(c) is not None
        for c in clauses
    )


# "看来这个酒店不太合适，帮我再找一家吧": the offered candidate is turned down anywhere in the
# message, so the criteria that follow refine the same search.
_TURN_DOWN = re.compile(
    r"不太?合适|不太?满意|不太?喜欢|不太?行|不想要|换一家|换个|换一个|另外一家|别的吗|其他的吗|"
    r"(?i:\b(?:doesn't suit|not suitable|don't like|another one|something else)\b)"
)


def turns_down(text: str) -> bool:
    """Whether a user message turns down what was offered, at its start or later on."""
    return opens_with_rejection(text) or (
        not _TURN_DOWN_GATE.shut(text) and _TURN_DOWN.search(text) is not None
    )


def opens_with_rejection(text: str) -> bool:
    """Whether a user message opens by turning down what was offered ("不行，一定要有烤肠")."""
    return _REJECT.match(text) is not None


def says_contrast(text: str) -> bool:
    """Whether the reply marks that what it offers differs from what was asked."""
    return not _CONTRAST_GATE.shut(text) and _CONTRAST.search(text) is not None


# What every match of each holds (`gates.Gate`): a text without it is spared the scans,
# which would find nothing.
_TURN_DOWN_GATE = Gate(_TURN_DOWN)
_CONTRAST_GATE = Gate(_CONTRAST)
# What says a request is unmet: `UNMET_ZH`, `_UNMET_EN`, `BARE_NO` (see `says_unmet`).
_UNMET_GATES = tuple(Gate(rx) for rx in (UNMET_ZH, _UNMET_EN, BARE_NO))


# "只不过它的游玩时间短些": a but-clause saying the offer falls short of the request in
# one slot (a comparative after a contrast word), which names the slot that was not met.
_SHORTFALL = re.compile(
    r"(?:只不过|不过|只是|但是|可惜)[^，,。]*?"
    r"(?:(?:短|长|贵|便宜|高|低|少|多|远|小|大)(?:了)?(?:些|点|一些|一点)|不够|不到|超出|超过)"
)


_SHORTFALL_GATE = Gate(_SHORTFALL)


def unmet_slots(text: str, onto: Ontology) -> list[str]:
    """Slot names the reply says no candidate satisfies, in reading order (no repeats).

    A slot counts when its word stands in the same clause as an unmet phrase:
    "没有找到推荐菜符合您要求的餐馆" -> ["推荐菜"], or in a but-clause saying the offer falls
    short: "推荐您去A，只不过它的人均消费高一些" -> ["人均消费"].
    """
    words = onto.slot_word_pattern()
    out: list[str] = []
    if all(g.shut(text) for g in _UNMET_GATES) and _SHORTFALL_GATE.shut(text):
        return out  # no clause says a request is unmet or falls short
    for clause in _CLAUSE.findall(text):
        unmet = UNMET_ZH.search(clause) is not None or _UNMET_EN.search(clause) is not None
        if not unmet and not _SHORTFALL.search(clause):
            continue
        for m in words.finditer(clause):
            slot = onto.slot_for_word(m.group(0))
            if slot is not None and slot.name not in out:
                out.append(slot.name)
    return out


_DENY = re.compile(r"(?:都没有|没有|没|并无|无|不提供|不供应)")
# A character one of which every `_DENY` match and every `_NOT_FOUND_END` gate (找, 查) holds.
_DENY_CHARS = frozenset("没无不找查")
# The characters whose lower case is an ASCII letter or starts with one (A-Z, a-z, and İ and
# the Kelvin sign K): where an English refusal may be.
_EN_LETTER = re.compile("[A-Za-z\u0130\u212a]")
_WISH = re.compile(r"[您你我]")
# "没去过", "没吃过": what one has not done yet, which says nothing is missing.
_NEVER_DONE = re.compile(r"[去吃住玩来听见试]过")
# "符合条件的豪华型酒店没有找到": a clause that ends on not finding is about what precedes.
_NOT_FOUND_END = re.compile(
    r"(?:都|也|还)?(?:没有找到|没找到|找不到|未找到|没有查到|查不到)[呢哦啊呀哟的了]*\s*$"
)


# A value the reply refuses: "coupon SPRING20 can't be applied", "that code has expired", "the
# promo is not valid" (what precedes), "I can't apply SPRING20 to exchanges" (what follows).
_EN_REFUSED_AFTER = re.compile(
    r"(?i)\s+(?:can(?:no|')t|could(?:n't| not)|won't|will not|isn't|is not|wasn't|was not"
    r"|is no longer|are not|aren't)\s+(?:be\s+)?(?:applied|accepted|used|valid|available"
    r"|applicable|redeemable|combined|honou?red)\b"
    r"|\s+(?:was|has been|got|were|is)\s+(?:declined|rejected|refused)\b"
    r"|\s+(?:has|have)\s+expired\b|\s+is\s+(?:invalid|expired)\b"
)
_EN_REFUSED_BEFORE = re.compile(
    r"(?i)\b(?:can(?:no|')t|could(?:n't| not)|unable to|not able to)\s+(?:apply|accept|use"
    r"|redeem|honou?r)\s+"
)
_EN_OBJECT_END = re.compile(r"(?i)\s+(?:to|for|on|with|because|since|as)\b|[.;!?]")


def _en_refused(clause: str) -> list[str]:
    """The subject of an English refusal in `clause`, or the object of an active one."""
    out: list[str] = []
    if (m := _EN_REFUSED_AFTER.search(clause)) is not None and m.start() > 0:
        out.append(clause[max(0, m.start() - 40) : m.start()])
    if (m := _EN_REFUSED_BEFORE.search(clause)) is not None:
        end = _EN_OBJECT_END.search(clause, m.end())
        out.append(clause[m.end() : end.start() if end else min(len(clause), m.end() + 40)])
    return [s for s in out if s.strip()]


def denied_spans(text: str) -> list[str]:
    """What follows a negation in each clause of a reply ("恭王府附近的餐馆都没有灶台鱼这道菜"
    -> "灶台鱼这道菜"), or what precedes one that ends the clause ("豪华型酒店没有找到" ->
    "豪华型酒店"): a request the reply says nothing has, when the request is in it. In English,
    a value the reply refuses ("coupon SPRING20 can't be applied" -> "coupon SPRING20")."""
    out: list[str] = []
    if _EN_LETTER.search(text):
        for clause in _CLAUSE.findall(text):
            out += _en_refused(clause)
    # A Chinese denial is said with a negation (`_DENY`) or a failed search (找, 查): a text
    # with none of those characters has none, and most replies are spared the clause scan.
    if _DENY_CHARS.isdisjoint(chars_in(text)):
        return out
    for clause in _CLAUSE.findall(text):
        # "找"/"查" gate the search: most clauses say nothing about finding.
        end = _NOT_FOUND_END.search(clause) if "找" in clause or "查" in clause else None
        if end is not None and end.start() >= 2:
            out.append(clause[max(0, end.start() - 16) : end.start()])
        for m in _DENY.finditer(clause):
            if _NEVER_DONE.match(clause, m.end()):
                continue  # "没去过X的话": X not yet visited, not missing
            span = clause[m.end() : m.end() + 16].rstrip("，,。；;！!？? ")
            # "但没有评分的X": what is missing is the modifier, not the place it describes
            # (but "没有您要吃的X" says X is missing).
            if (de := span.find("的")) > 0 and de + 2 < len(span) and not _WISH.search(span, 0, de):
                span = span[:de]
            if len(span) >= 2:
                out.append(span)
    return out


_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# Said after the amount ("4分以上") or before it ("高于4分", "不超过50元"); "不低于" is at
# least and "不高于" at most, so a bare "高于"/"低于" must not follow "不".
_AT_LEAST = re.compile(
    r"以上|起|(?<!不)高于|不低于|不少于|不小于|至少|最少|(?<!不)超过|(?<!不)多于|(?<!不)大于"
    r"|(?i:\b(?:or more|at least|and up|\+))"
)
_AT_MOST = re.compile(
    r"以下|以内|之内|不超过|不高于|不多于|不大于|(?<!不)低于|不到|(?<!不)少于|(?<!不)小于|最多"
    r"|(?i:\b(?:or less|at most|under|below|max)\b)"
)
# The bounds that leave the amount itself out: "高于4分" is not met by 4分.
_STRICT = re.compile(r"(?<!不)(?:高于|超过|多于|大于|低于|少于|小于)(?!或?等于)|不到")


def within(fact: str, request: str) -> bool | None:
    """Whether a stated value meets a requested one, where both are numbers with the same
    unit after them: "4.3分" meets "4分以上", "80元" meets "50-100元", "120元" does not;
    None when that cannot be told (no numbers, another unit, words)."""
    # "不要超过50元", "别低于4分": a bound not to cross is the bound "不超过", "不低于".
    request = _NOT_TO_CROSS.sub("不", request)
    got = _NUMBER.findall(fact)
    want = _NUMBER.findall(request)
    if not got or not want or _unit(fact) != _unit(request):
        return None
    lo_got, hi_got = float(got[0]), float(got[-1])
    if len(want) >= 2:
        return float(want[0]) <= lo_got and hi_got <= float(want[1])
    n = float(want[0])
    strict = _STRICT.search(request) is not None
    if _AT_LEAST.search(request):
        return lo_got > n if strict else lo_got >= n
    if _AT_MOST.search(request):
        return hi_got < n if strict else hi_got <= n
    return None


_NOT_TO_CROSS = re.compile(
    r"(?:不要|不能|不可以|不可|不得|不想|不应该|不宜|别)(?=超过|高于|低于|少于|多于|大于|小于)"
)
# "80块", "100块钱", "300RMB": spoken words for 元.
_CURRENCY = re.compile(r"(?i)块钱|块|元钱|rmb")


def _unit(value: str) -> str:
    """What follows the last number, without the words of a bound: "分" of "4分以上"; a
    currency word as 元 ("80块以内" is in 元)."""
    tail = _CURRENCY.sub("元", _NUMBER.split(value)[-1])
    return _AT_MOST.sub("", _AT_LEAST.sub("", tail)).strip()
