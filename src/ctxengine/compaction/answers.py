"""Answers bound to the question: "电话和地址告诉我一下" -> "010-85007938；北京市东城区景山前街4号".

A task dialogue's facts often come back without their slot words: the user names the slots,
the assistant only gives the values, in the same order. `asked_slots` reads which slots a user
message asks about; `answer_updates` binds the reply's values to those the reply does not
name itself:

- a slot phrase with a gap ("周边做菜好吃的餐馆有A, B") takes what follows its verb, and an
  asked nearby slot takes the list of its kind ("酒店有A") or, alone, the list said to be near
  ("周边还有A, B") (see `ctxengine.compaction.nearness`);
- an asked stop slot (出发地附近地铁站: the stop near a ride's end) takes the stop named in
  a clause ("起点站是A地铁站D口"), by the end the clause names or else in order; a question
  about the ride ("坐地铁怎么走") asks for both stops;
- an asked address ("X在哪？") takes what follows "位于", "在" when it reads as an address;
- otherwise the reply's content segments (split at "；。" and, for several slots, at "，")
  pair with the asked slots in order when the counts agree, or the single asked slot takes the
  first content sentence whole (a list stays one value: "故宫, 前门大街, 恭王府"), or else the
  one clause with an amount ("评分是4.3分，可游玩3个小时"); a reply that does not know ("这个我
  不太清楚") or only judges ("不贵的") gives no value.

An English reply is more often a sentence than a bare value: there a slot with a value shape
(`SlotDef.value_shape`: phone, email, date, time, amount) takes only a value of that shape
("It does, and the number is 510-782-8753"), another slot a piece that reads as a value, not
as a statement (an address by its house number and street word, or after "located at"), and
a thousands separator ("$1,050") parts no clauses. Chinese replies keep the rules above.

A question may ask a slot without its word: "几点开门" (营业时间), "要玩多久" (游玩时间),
"多少钱一晚" (价格), "在哪下车" (the stop near the ride's end only).

Values stay verbatim substrings of the reply; only edges are trimmed.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from ctxengine.compaction.gates import Gate, lacks, needed_chars
from ctxengine.compaction.intents import detect_language
from ctxengine.compaction.nearness import (
    IS_NEAR_TAIL,
    NEAR,
    NEAR_WORD,
    NearRx,
    asked_nearby,
    compile_near,
    near_update,
    slot_of,
    trimmed,
)
from ctxengine.compaction.nearness import nearby_updates as nearby_updates
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.slot_phrases import JUDGEMENT
from ctxengine.compaction.slots import (
    EN_CLAUSE_COMMA,
    THOUSANDS_COMMA,
    governed_by_other,
    offered,
    zh_address,
)

_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+[，,。；;！!？?\n]?")
_ASKING = re.compile(
    r"什么|多少|多钱|多久|多长|哪|几|吗|呢|怎么|怎样|如何|啥|咋|是否|\?|？|告诉|查一下|查下|查查|查询|说一下|"
    r"介绍|提供|发给|发一下|给我|想要?知道|(?i:\b(?:what|which|where|when|how|tell me|give me|"
    r"do you know|could you|can you)\b)"
)
_SENTENCE = re.compile(r"[^；;。！!\n]+")
_MAX_ANSWER_SENTENCES = 3
# A piece of several clauses with a count or an amount in them is a report ("A本月下了 222 个
# 订单，最大的一笔是显示器，金额 1331.91 元"), not the one value a slot word asked for ("物流状态"
# asked about a status, not the shipping method).
_CLAUSE_COMMA = re.compile(r"[，,]")
# A count of things ("222 个订单", "3 笔"): what a report says, where a list of facilities or
# prices ("24小时热水，免费WiFi，停车场") is one slot's answer.
_COUNT = re.compile(r"\d\s*(?:个|笔|件|次|单|条|项|家|位)")


def _report(piece: str) -> bool:
    return len(_CLAUSE_COMMA.findall(piece)) >= 2 and _COUNT.search(piece) is not None


# Lead-ins and courtesy that carry no value: "可以，", "好的，", "有", "是", "在".
_FILLER = re.compile(
    r"^(?:可以的?|好的|没问题|当然|是的|嗯|有的|您好|你好|这个|这家|它的|他家的?|她家的?)[，,]?\s*$"
)
# The assistant saying it will look first ("稍等，我看看", "我先查一下", "let me check"): the
# clause holds no answer, and what the sentence says after it may.
_HOLDING = re.compile(
    r"^\s*(?:(?:好的|嗯|OK|ok)[，,]?\s*)?(?:(?:请|您)?稍等(?:一下|片刻)?|等一下|"
    r"(?:我|让我)?(?:先|再)(?:查|看|找|确认)|(?:我|让我)(?:查|看|找)(?:一下|看)|"
    # "已经帮您叫好车了": what was done for the user, before what it is.
    r"(?:我)?(?:已经|已)(?:帮|为|给)(?:您|你)(?:叫|约|预订|订|预约|安排|查)|"
    r"(?i:let me (?:check|look|see|find)|one moment|hold on|just a (?:moment|sec)))"
    r"[^，,。；;！!？?\n]*[，,。；;！!？?\n]*"
)
_LEAD = re.compile(
    r"^\s*(?:[^，,。；;！!？?\n]{0,8}?(?:有|是在|就在|位于|是|为|在|叫(?!好|到|了)|像是|像|离|(?<!\d)[:：](?!\d)"
    # "大概需要2小时 - 3小时", "只要35元", "可游玩3小时": what it takes, before the amount.
    r"|(?:需要|要|得|花|(?:可以?|能)?(?:游玩|游览|玩|逛))(?=\s*(?:大概|大约|约)?\s*[\d半一两三四五六七八九十]))\s*)"
)


def _compile(onto: Ontology) -> re.Pattern[str]:
    return onto.slot_word_pattern()


# "有什么景点呢？", "还有哪些可以去的玩的地方？": a question after one about what is near asks
# what is near too, when it asks only which places there are.
_WHICH_TOO = re.compile(r"^\s*(?:那|还有|还|另外)?(?:有没有|有)?(?:什么|哪些|啥)")


# A slot word before one of these names what the question is about, not the slot itself:
# "物流状态" asks where the parcel is, "支付进度" whether the payment went through.
_STATE_OF = re.compile(r"状态|进度|进展|动态")


# Events of a place's day: a time asked of one ("the checkout time", "what time is check-in")
# is the place's fact, not the task's value.
_EVENTS = (
    r"(?i:check-?out|check-?in|opening|closing|boarding|breakfast|lunch|dinner|happy hour"
    r"|last call)"
)
# After an English slot word, a question about a thing other than the task's own pick: one
# named ("does UA 1542 leave", "is Hotel Julian's"), picked by its place in a list or by a
# comparison ("does the last one depart"), or told apart by a name or code before its kind
# word ("does the AA flight leave", "is the Hilton one"). "What time does it leave?", "what
# time is my flight?", "what time does the flight leave?" ask about the task's own.
_OTHER_THING = re.compile(
    r"\s+(?i:does|do|did|will|would|is|was|are|'s)\s+"
    r"(?:(?i:the|that|this)\s+(?:(?i:first|second|third|fourth|fifth|last|other|next|previous"
    r"|cheaper|cheapest|earlier|later|earliest|latest)\s+|[A-Z0-9][\w-]*\s+(?:\d+\s+)?)"
    r"|[A-Z][A-Za-z]*\d*\s?\d|(?!I\b)[A-Z][a-z]+\s+[A-Z]|(?i:the\s+)?" + _EVENTS + r"\b)"
)
# A slot word led by such an event: "the checkout time", "the boarding time".
_OTHER_EVENT = re.compile(r"(?i)\b" + _EVENTS + r"\s+$")
# Longer than any of `_EVENTS`: how far before the spaces ahead of a slot word one may start.
_EVENT_REACH = 16


def _event_before(clause: str, at: int) -> bool:
    """Whether `_OTHER_EVENT` ends at `at`, scanning only the few characters it can span (a
    search from the clause's start for every slot word made a long clause quadratic)."""
    start = at
    while start > 0 and clause[start - 1].isspace():
        start -= 1
    if start == at:
        return False
    return _OTHER_EVENT.search(clause, max(0, start - _EVENT_REACH), at) is not None


def asked_slots(text: str, onto: Ontology) -> list[str]:
    """Slot names a user message asks about, in reading order, without repeats."""
    words = onto.derived("answers", _compile)
    # Without a word for near, no clause asks what is near (and the scan is skipped).
    near = onto.derived("nearness", compile_near) if NEAR_WORD.search(text) else None
    found: list[tuple[int, str]] = []
    asked_near = False
    requesting = False
    # A clause is read only when it asks (`_ASKING`) or a request runs on into it
    # (`_REQUEST`): a text that can hold neither has no clause to read.
    asking = not _ASKING_GATE.shut(text)
    clauses = _CLAUSE.finditer(text) if asking or not _REQUEST_GATE.shut(text) else ()
    for m in clauses:
        clause = m.group(0)
        # "帮我查一下X，这家餐馆的人均消费，谢谢": a request runs on to the sentence's end.
        carried = requesting and _OF_IT.match(clause) is not None
        requesting = (requesting or _REQUEST.search(clause) is not None) and not _ENDS.search(
            clause
        )
        if not carried and (not asking or _ASKING.search(clause) is None):
            continue
        base = m.start()
        # "附近餐馆有没有评分4.5分以上的": a search among the neighbours, not a question
        # about which they are.
        searching = _DIGIT.search(clause) is not None
        for w in words.finditer(clause):
            if _STATE_OF.match(clause, w.end()):
                continue  # "物流状态": the state of the shipment is asked, not the courier
            if _OTHER_THING.match(clause, w.end()) or _event_before(clause, w.start()):
                # "What time does the AA flight leave?", "What's the checkout time?": a fact
                # of another thing, whose answer is no value of the task's own slot.
                continue
            slot = onto.slot_for_word(w.group(0))
            if slot is not None and governed_by_other(clause, w.start(), slot, onto):
                continue  # "打车起始站是哪里": a taxi's start, no metro stop
            if slot is not None and not (searching and slot.name.startswith("周边")):
                found.append((base + w.start(), slot.name))
        if near is None:
            continue
        found_near = [] if searching else near.near_ask.finditer(clause)
        kinds = [(n.start(), n.end(), slot_of(n, near)) for n in found_near]
        if not kinds and asked_near and _WHICH_TOO.match(clause) and not words.search(clause):
            kinds = [(k.start(), k.end(), slot_of(k, near)) for k in _kinds(clause, near)]
        for start, end, name in kinds:
            found.append((base + start, name))
            # "周边有什么景点和餐馆": the kinds joined on are asked about too.
            while (also := near.also.match(clause, end)) is not None:
                found.append((base + also.start(), slot_of(also, near)))
                end = also.end()
        asked_near = asked_near or bool(kinds)
    for at, end, name in _phrased(text, onto):
        # "需要多长时间游玩": the phrase asks the visit's length, not a bare time ("时间").
        found = [(p, n) for p, n in found if not at <= p < end]
        if name not in {n for _, n in found}:
            found.append((at, name))
    if "在" in text and (address := _address_slot(onto)) not in {n for _, n in found}:
        found += _where_asked(text, onto, address)
    stops = onto.derived("answers.stops", _stops)
    if stops.words is not None and stops.words.search(text) is not None:
        found = _stops_asked(text, found, stops)
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


# Questions that ask for a slot without its word, keyed by a word of the slot they ask (a slot
# counts only for an ontology that has that word): "几点开门" asks the opening hours, "要玩多久"
# how long a visit lasts, "多少钱一晚" a hotel's price.
_PHRASED: dict[str, str] = {
    "营业时间": r"(?:几点钟?|什么时间|什么时候|啥时候|啥时间|何时)(?:开始)?"
    r"(?:营业|开门|关门|打烊|开业)"
    r"|(?:营业|开门|开)到(?:几点|什么时候|啥时候)|(?:开门|关门|打烊)的?时间",
    # "逛一圈要多久", "能游玩多长时间": the verb of a visit before the length asked.
    "游玩时间": r"(?:玩|逛|游玩|游览|参观)(?:完|一圈|一遍|下来)?(?:的话)?(?:大概|大约|一般)?"
    r"(?:要|需要|得|能|可以)?花?(?:多久|多长时间|多少时间|几个小时|几个钟头)"
    r"|(?:要|需要|得)花?(?:多久|多长时间|多少时间)(?:才能|才可以)?(?:游玩|玩|逛|游览|参观)",
    "价格": r"(?:多少钱|多钱|什么价)(?:一晚|一夜|一宿)"
    r"|(?:一间|每间|标间|房间)房?(?:大概|要|需要)*(?:多少钱|多钱|什么价)"
    r"|(?:住)?(?:一晚|一夜|一宿|每晚)上?(?:大概|大约|要|需要|得)*(?:多少钱|多钱|什么价)|房费",
    # "进去要收费吗", "要买票吗"; a car park's fee is no ticket.
    "门票": r"(?:要|需要|得|用)(?:买|购)票|(?<!车)(?<!车场)(?<!车位)收费(?:吗|么|不|呢)|收不收费"
    r"|(?:要|收)不要钱|要钱(?:吗|么|不)|入场费|入园费|免不免费"
    # "这个景点免费吗", but not "停车免费吗".
    r"|(?:景点|景区|这里|那里|它|进去|参观|入园|进园)(?:是)?免费(?:吗|么|不|的吗)",
    "电话": r"(?:怎么|怎样|如何)(?:才能)?(?:联系|联络)|打(?:哪个|什么)号",
    # "它家有什么好吃的"; "附近有什么好吃的" asks what is near (`ctxengine.compaction.nearness`).
    "推荐菜": r"(?:什么|啥|哪些)(?:好吃的(?!地方|店|馆|餐)|菜(?:好吃|比较好吃|不错|值得)"
    r"|拿手菜|必点|招牌)|(?:点|吃)(?:什么|啥)菜?(?:比较)?好|必点的?菜",
    "评分": r"(?:评价|口碑|评得)(?:怎么样|如何|好吗|高吗|咋样|好不好|高不高)"
    r"|(?<![\d.])(?:几|多少)分(?!钟|之)",
    # (Not "去故宫一个人大概多少钱": a trip's cost, said after where one goes.)
    "人均消费": r"(?<!去.)(?<!去..)(?<!去...)(?<!去....)(?<!去.....)"
    r"(?:吃一顿|一顿饭|一个人|每人|每个人|一人)(?:的话)?"
    r"(?:大概|大约|一般|得|要|需要)*吃?(?:多少钱|多钱|花多少)",
    # "是什么类型的酒店", "属于哪一类": a kind asked, but not that of a car ("什么类型的车").
    # (Not "什么级别的景区": an attraction's grade.)
    "酒店类型": r"(?:什么|哪种|哪一种|哪类|哪一类|啥)(?:类型|档次|类别|级别)"
    r"(?!的?(?:车|景区|景点))",
    # "打车的话是什么车", "什么车来接我": the car, not how to get there ("坐什么车去").
    "车型": r"(?:是|开)(?:一辆)?(?:什么|啥|哪种|什么样的?|什么牌子的?)车(?!去|过去|到)"
    r"|(?:什么|啥)车(?:来接|过来接|来)",
}
_NOT_PHRASED = re.compile(NEAR)


def _phrased_of(
    onto: Ontology,
) -> list[tuple[re.Pattern[str], str, frozenset[str] | None]]:
    """The phrased questions of the ontology's slots, each with its `needed_chars`."""
    out: list[tuple[re.Pattern[str], str, frozenset[str] | None]] = []
    for word, rx in _PHRASED.items():
        if (slot := onto.slot_for_word(word)) is not None:
            compiled = re.compile(rx)
            out.append((compiled, slot.name, needed_chars(compiled)))
    return out


def _phrased(text: str, onto: Ontology) -> list[tuple[int, int, str]]:
    """(start, end, slot) of the questions that ask a slot without its word (`_PHRASED`); a
    clause about what is near asks for the neighbours instead."""
    out: list[tuple[int, int, str]] = []
    # A question none of whose characters the text holds is asked in no clause of it.
    rxs = [
        (rx, name)
        for rx, name, needs in onto.derived("answers.phrased", _phrased_of)
        if not lacks(needs, text)
    ]
    for m in _CLAUSE.finditer(text) if rxs else ():
        clause = m.group(0)
        if _NOT_PHRASED.search(clause) is not None:
            continue
        for rx, name in rxs:
            if (q := rx.search(clause)) is not None:
                out.append((m.start() + q.start(), m.start() + q.end(), name))
    return out


_REQUEST = re.compile(r"查一下|查下|查查|告诉我|说一下")
# What every match of each holds (`gates.Gate`), checked once per text before its clauses.
_REQUEST_GATE = Gate(_REQUEST)
_ASKING_GATE = Gate(_ASKING)
_ENDS = re.compile(r"[。！!？?\n]$")
# "这家餐馆的人均消费": a clause about the place just named, with no amount.
_OF_IT = re.compile(r"\s*(?:这|那|它|他|她|该)[^\d，,。；;！!？?\n]*[，,。；;！!？?\n]?$")


# "颐和园在哪？", "它在哪里啊": a place asked where it is, with no slot word, asks its address.
_WHERE_ASKED = re.compile(r"在(?:哪里|哪儿|哪|什么地方)(?:啊|呢|呀|吗|哈|啦)?\s*[？?，,。！!]?\s*$")


def _address_slot(onto: Ontology) -> str | None:
    return onto.derived("answers.address", _address_of)


def _address_of(onto: Ontology) -> str | None:
    """The address of a named place, when the ontology has places: "我的快递在哪" asks where
    a parcel is, not for the shipping address."""
    slot = onto.slot_for_word("地址")
    if slot is None or not any(slot.name in e.slots and "名称" in e.slots for e in onto.entities):
        return None
    return slot.name


def _where_asked(text: str, onto: Ontology, address: str | None) -> list[tuple[int, str]]:
    if address is None:
        return []
    words = onto.derived("answers", _compile)
    return [
        (m.start(), address)
        for m in _CLAUSE.finditer(text)
        if _WHERE_ASKED.search(m.group(0)) is not None
        and words.search(m.group(0)) is None
        # "地铁站在哪": a stop of a ride, which has no address.
        and all(address in e.slots for _, e in onto.entity_mentions(m.group(0)))
    ]


@dataclass(frozen=True)
class _Stops:
    """Slots for the stop near one of a ride's ends: 出发地附近地铁站 is the stop (a 地铁站,
    a word of its entity) near the 出发地 (a slot of the same entity)."""

    # stop slot -> the words of the end it is near (出发地, 出发点, 起点)
    ends: dict[str, tuple[str, ...]]
    # the kind words the stop slots end in (地铁站)
    kinds: tuple[str, ...]
    # any word of their entities (地铁, 地铁站): a question with one asks about the ride
    words: re.Pattern[str] | None
    # a stop's name with its kind word and exit
    name: re.Pattern[str] | None


def _stops(onto: Ontology) -> _Stops:
    ends: dict[str, tuple[str, ...]] = {}
    kinds: list[str] = []
    entity_words: list[str] = []
    for ent in onto.entities:
        for name in ent.slots:
            kind = next((w for w in ent.zh if name.endswith(w) and w != name), None)
            end = next((e for e in ent.slots if e != name and name.startswith(e)), None)
            end_slot = onto.slot(end) if end is not None else None
            if kind is None or end_slot is None:
                continue
            ends[name] = tuple(end_slot.zh) or (end_slot.name,)
            kinds.append(kind)
            entity_words += ent.zh
    if not ends:
        return _Stops({}, (), None, None)
    kind_rx = "|".join(re.escape(k) for k in sorted(set(kinds), key=len, reverse=True))
    return _Stops(
        ends,
        tuple(sorted(set(kinds))),
        re.compile(
            "|".join(re.escape(w) for w in sorted(set(entity_words), key=len, reverse=True))
        ),
        # "东单地铁站5号线F口", "三元桥地铁站C2口": a stop's name, its kind word and its exit.
        re.compile(
            rf"(?P<name>[^{_NOT_IN_NAME}]{{1,16}}?)(?:{kind_rx})"
            r"(?:(?:\d+号线)?(?:[A-Z]\d?|[东西南北]{1,2})口)?"
        ),
    )


# A stop's name runs back to a verb, a particle or a mark: "是香山地铁站", "在东单地铁站".
_NOT_IN_NAME = r"\s，,。；;！!？?：:、是为在有的叫到从和与及或"
_JOINED = re.compile(r"\s*(?:和|与|及|以及|、|跟)\s*")


def _stops_asked(text: str, found: list[tuple[int, str]], stops: _Stops) -> list[tuple[int, str]]:
    """The stop slots a message asks about.

    - "出发地和目的地附近的地铁站": an end joined to a stop slot's word asks for its stop too;
    - "从A坐地铁到B怎么走", "在哪里上下地铁": a question about the ride asks for both stops.
    """
    out = list(found)
    for i, (pos, name) in enumerate(found):
        stop = next((s for s in stops.ends if s.startswith(name) and s != name), None)
        if stop is None:
            continue
        suffix = stop[len(name) :]
        for at, other in found:
            if at > pos and other in stops.ends and other.endswith(suffix):
                between = text[pos:at]
                if _JOINED.search(between) and len(between) <= 12:
                    out[i] = (pos, stop)
                break
    if stops.words is None:
        return out
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        if _ASKING.search(clause) is None or stops.words.search(clause) is None:
            continue
        have = {n for _, n in out}
        out += [(m.start(), s) for s in stops.ends if s not in have]
        break
    # "…的话在哪下车？": where to get off asks the stop near the ride's end only.
    side = _side_asked(text)
    if side is not None and not any(n in stops.ends for n in {n for _, n in found}):
        out = [(p, n) for p, n in out if n not in stops.ends or _is_start(n, stops) == side]
        # "从A坐地铁去B，在哪上车？": the ride named in one clause, the question in the next.
        have = {n for _, n in out}
        out += [(len(text), s) for s in stops.ends if _is_start(s, stops) == side and s not in have]
    return out


# Getting on or off: "在哪上车", "A地铁站上车", "B地铁站C口下车".
_BOARD = r"上车|上地铁|进站"
# "上下地铁": both, getting on and off.
_ALIGHT = r"(?<!上)(?:下车|下地铁)|出站"
_SIDE_ASKED = re.compile(rf"(?:哪|什么|啥)[^，,。；;！!？?\n]{{0,6}}?(?:{_BOARD}|{_ALIGHT})")
# The words of a ride's start, whose stop is where one gets on.
_START_WORDS = ("出发地", "出发点", "起点")


def _is_start(stop: str, stops: _Stops) -> bool:
    return any(w in _START_WORDS for w in stops.ends[stop])


def _side_asked(text: str) -> bool | None:
    """Whether a message asks only where to get on (True) or only where to get off (False)."""
    if _SIDE_ASKED.search(text) is None:
        return None
    # "哪个站上车下车": both asked, one question word for the two.
    on, off = re.search(_BOARD, text) is not None, re.search(_ALIGHT, text) is not None
    return None if on == off else on


def stops_for_ends(updates: list[SlotUpdate], asked: Collection[str], onto: Ontology) -> None:
    """ "起点在A地铁站B口" in reply to a question about the stops: the end's word leads the stop
    near it, so a stop's name given for an end (出发地) is the asked stop slot's value (出发地附近
    地铁站). Renames in place."""
    stops = onto.derived("answers.stops", _stops)
    if stops.name is None:
        return
    for i, u in enumerate(updates):
        stop = next((s for s in stops.ends if s in asked and s.startswith(u.slot)), None)
        if stop is None or not u.value or stops.name.fullmatch(u.value) is None:
            continue
        if any(v.slot == stop for v in updates):
            continue
        updates[i] = u.model_copy(update={"slot": stop})


# An amount the user wants ("4.5分以上", "100-150元"), not a digit of a name ("798艺术区").
_DIGIT = re.compile(r"\d\s*(?:分|元|块|小时|星|以上|以下)")


def _kinds(clause: str, near: NearRx) -> list[re.Match[str]]:
    return list(re.finditer(near.kind, clause))


def answer_updates(
    text: str,
    asked: list[str],
    onto: Ontology,
    *,
    covered: set[str],
    confidence: float,
    taken: Collection[str] = (),
    language: str | None = None,
) -> list[tuple[int, SlotUpdate]]:
    """(position, update) for the asked slots the reply answers without naming them.

    Args:
        text: the assistant's reply.
        asked: slot names the user's last message asked about (`asked_slots`).
        onto: the ontology.
        covered: slot names the reply already stated with their own words.
        confidence: the updates' confidence.
        taken: values the reply already gave other slots; no piece holding one answers.
        language: the reply's language when the caller has it ("zh", "en"); detected if not.
    """
    words = onto.derived("answers", _compile)
    rest = [s for s in asked if s not in covered]
    out: list[tuple[int, SlotUpdate]] = []
    if not rest:
        return out
    # A gapped nearby phrase names its slot: "周边做菜好吃的餐馆有A, B".
    for pos, u in nearby_updates(text, onto, confidence=confidence):
        if u.slot in rest:
            out.append((pos, u))
            rest.remove(u.slot)
    # "酒店有A, B", "周边有A, B": the asked kind alone, or the nearby list with no kind.
    for pos, u in asked_nearby(text, onto, [s for s in rest if s.startswith("周边")]):
        out.append((pos, u.model_copy(update={"confidence": confidence})))
        rest.remove(u.slot)
    stops = onto.derived("answers.stops", _stops)
    if any(s in stops.ends for s in rest):
        for pos, u in _stop_answers(text, rest, stops, onto, taken, confidence):
            out.append((pos, u))
            rest.remove(u.slot)
        rest = [s for s in rest if s not in stops.ends]
    address = _address_slot(onto)
    if address in rest and (where := _placed_at(text, onto, taken)) is not None:
        out.append((where[0], near_update(address, where[1], confidence)))
        rest.remove(address)
    if not rest:
        return out
    english = (language or detect_language(text)) == "en"
    own = dict((slot.name, vrx) for slot, vrx in onto.value_patterns)
    if english:
        # An English answer to a slot with a value shape holds a value of that shape.
        own = {slot.name: vrx for slot, vrx in onto.value_shapes} | own
    shapes = {slot.name: slot.value_shape for slot, _ in onto.value_shapes}

    def answering(several: bool) -> list[tuple[int, str]]:
        return [
            (pos, value)
            for pos, value in _content_segments(text, several=several, words=words, english=english)
            # "010-85007938；北京市东城区景山前街4号" for the address: the number is the phone's,
            # unless an asked slot has its shape too ("$40" for the price, not the budget).
            if (
                not _fits(value, [vrx for n, vrx in own.items() if n not in rest])
                or _fits(value, [vrx for n, vrx in own.items() if n in rest])
            )
            and not any(t in value for t in taken if t)
            and not _report(value)
        ]

    segments = answering(len(rest) > 1)
    pairs: list[tuple[str, tuple[int, str]]] = []
    if len(rest) == 1 and segments:
        # "X在北京朝阳区霄云路26号": where the place is, not what is near it.
        if not (rest[0].startswith("周边") and _not_a_list(segments[0][1])):
            pairs.append((rest[0], segments[0]))
    elif len(segments) == len(rest):
        pairs = list(zip(rest, segments, strict=True))
    if not pairs and len(rest) == 1 and rest[0] not in own and not rest[0].startswith("周边"):
        # "评分是4.3分，可游玩3个小时": the sentence names the other slot asked, the one clause
        # left with an amount answers this one.
        amounts = [(p, v) for p, v in answering(True) if _AMOUNT.search(v)]
        if len(amounts) == 1:
            pairs = [(rest[0], amounts[0])]
    if not pairs and len(rest) == 1 and (vrx := own.get(rest[0])) is not None:
        # "营业是时间是周一 至 周日 11:30-14:00": a slip in the slot word hides no value that
        # has the asked slot's own shape, when the reply holds just one (and says it has it:
        # "没有4.5分以上的" tells what is missing).
        shaped = [] if _NOTHING.search(text) else list(vrx.finditer(text))
        if len(shaped) == 1:
            pairs = [(rest[0], (shaped[0].start(), shaped[0].group(0)))]
    amounted = onto.derived("answers.amounted", _amounted)
    for name, (pos, value) in pairs:
        if name in amounted and _AMOUNT.search(value) is None:
            continue  # "它位于北京市东城区", "周一闭馆": no length of a visit
        if name == address and (
            _PLACE_WORD.search(value) is None
            or _HOW_FAR.search(value)
            or ("分钟" in value and not _NUMBERED.search(value))
        ):
            continue  # "离这儿不远，走路5分钟": how far, not where
        if not english and not _zh_value_like(value, _said(text, pos, value), name, onto):
            continue  # "请稍等，我帮您查一下", "可以，在签收前都能改": no value of the slot
        if not english and offered(text, pos):
            continue  # "有黑色、白色可选，您要哪个？": options offered, none chosen
        if english and (vrx := own.get(name)) is not None:
            # The one value of the shape the reply does not deny ("It's not March 3rd, it's
            # March 4th"), a range or bound whole; with none, a time or date said in words.
            read = _en_shaped(value, vrx)
            if read is None and shapes.get(name) in ("time", "date"):
                read = _en_value(value, address=False, when=True)
            if read is None:
                continue
            pos, value = pos + read[0], read[1]
        elif (vrx := own.get(name)) is not None:
            # A slot with its own value shape takes only that: "您可以拨打010-85221888" gives
            # the number, "都不提供呢" gives no phone at all.
            if (m := vrx.search(value)) is None:
                continue
            pos, value = pos + m.start(), m.group(0)
        elif english:
            en_address = onto.derived("answers.en_address", _en_address_slot)
            if (read := _en_value(value, address=name == en_address)) is None:
                continue  # "It does, and ...": a statement, not a value
            pos, value = pos + read[0], read[1]
        out.append((pos, near_update(name, value, confidence)))
    return out


# A Chinese piece that speaks to the user instead of giving a value: a request ("请把报错信息
# 发给我"), a promise ("我帮您查一下"), a yes or no on what can be done ("在签收前都能改").
_ZH_NOT_A_VALUE = re.compile(
    r"^(?:请|麻烦|烦请|稍等)"
    r"|(?:我|我们)(?:这就|马上|现在|已经|会|将|来|先|再|去)?(?:帮|给|为|替)(?:您|你)"
    r"|(?:我|我们)(?:会|将|马上|这就|稍后|尽快)"
    r"|(?:发给|告诉|提供给?|转给)(?:我|我们)"
    r"|(?:您|你)(?:可以|需要|先|再)?(?:在|把|将|输入|填写|点击|联系)"
    r"|(?:能|可以|会|将|可)(?:[改换退取修更用选查发帮给送寄到]|以改)"
)
# A number or a code ("010-85221888", "VIP20OFF2024"): what a piece holding one answers.
_ZH_CODE = re.compile(r"\d[\d*\-]{4,}|[A-Z][A-Z0-9]{5,}")
# A piece that reads as an address: an area's, a road's or a building's word, or a number.
_ZH_ADDRESS_LIKE = re.compile(r"[省市区县镇乡村路街巷号楼]|胡同|大厦|广场|[(（]近|\d")


def _zh_value_like(value: str, said: str, name: str, onto: Ontology) -> bool:
    """Whether a Chinese reply's piece looks like a value of the asked slot `name`: it speaks
    no request, promise or yes-or-no answer; an address reads as one ("签收前都能改" does
    not); a choice of a set (a courier, a payment) names a member, the slot's own word
    ("京东快递") or is a short name ("京东"), not a sentence. `said` is the value's clause
    up to its end, the lead-in cut off before it included ("您在结算页输入即可")."""
    slot = onto.slot(name)
    shaped = [vrx for s, vrx in (*onto.value_patterns, *onto.value_shapes) if s is slot]
    if _ZH_CODE.search(value) or any(vrx.search(value) for vrx in shaped):
        return True  # "您可以拨打010-85221888": a number, a code or the slot's shape answers
    if _ZH_NOT_A_VALUE.search(said):
        return False
    if slot is None:
        return True
    if slot is onto.slot_for_word("地址") and _ZH_ADDRESS_LIKE.search(value) is None:
        return False
    if slot.enum is not None and not slot.criterion:
        named = any(s is slot for _, s, _ in onto.find_members(value))
        return named or any(w in value for w in slot.zh) or len(value) <= _SHORT_NAME
    return True


_SHORT_NAME = 6


def _said(text: str, pos: int, value: str) -> str:
    """The clause of text[pos:] up to the end of `value`, from the clause's start (after a
    recommendation that leads to the value: "推荐您去A" names A)."""
    start = max((text.rfind(c, 0, pos) for c in "，,。；;！!？?\n"), default=-1) + 1
    if (go := _GO.match(text, start)) is not None and go.end() <= pos:
        start = go.end()
    return text[start : pos + len(value)]


def _fits(value: str, shapes: list[re.Pattern[str]]) -> bool:
    return any(vrx.fullmatch(value) for vrx in shapes)


# An amount or a free ticket: "3个小时", "40元", "免费", "半天".
_AMOUNT = re.compile(
    r"\d|免费|不收费|不要钱|半天|半(?:个)?小时|[上下]午|整天|一天|分钟|[百千]"
    r"|[一两三四五六七八九十]个?(?:小时|钟头|天|元|块)"
)
# Slots whose value is an amount (by a word of theirs): a reply's piece without one answers none.
_AMOUNTED = ("游玩时间", "价格", "人均消费", "门票")


def _amounted(onto: Ontology) -> frozenset[str]:
    return frozenset(s.name for w in _AMOUNTED if (s := onto.slot_for_word(w)) is not None)


# After a stop: getting on or off there ("A地铁站上车", "在B地铁站下").
_GET = re.compile(rf"\s*(?:就|再)?(?:(?P<on>{_BOARD})|{_ALIGHT}|下(?!午|次|一))")

# "没有找到", "查不到": a piece saying the stop near one end is not there.
_NO_STOP = re.compile(r"没有|没(?:找|查)到|(?:找|查)不到|暂无")
_NOT_A_STOP = re.compile(r"附近|周边|周围|最近|哪")


def _stop_answers(
    text: str,
    rest: list[str],
    stops: _Stops,
    onto: Ontology,
    taken: Collection[str],
    confidence: float,
) -> list[tuple[int, SlotUpdate]]:
    """The stops a reply names for the asked stop slots, one clause each: "起点站是A地铁站D口，
    终点站是B地铁站". A clause naming an end (起点, 终点) answers that end's stop; the others
    pair with the slots left in order when the counts agree, a clause saying there is no stop
    ("出发地附近没有地铁站") taking its slot's turn with no value."""
    assert stops.name is not None and stops.words is not None
    asked = [s for s in rest if s in stops.ends]
    pieces: list[tuple[str | None, int, str | None]] = []  # (end's stop slot, position, stop)
    # "A地铁站是X站、B地铁站是Y站": a stop's name holds no "、", so it parts clauses too.
    for c in re.finditer(r"[^，,。；;！!？?、\n]+", text):
        clause = c.group(0)
        found: tuple[int, str] | None = None
        for m in stops.name.finditer(clause):
            # "有地铁站湾子地铁站A口": the name starts after the kind word said before it.
            start = max(
                (
                    m.start() + i + len(k)
                    for k in stops.kinds
                    if (i := m.group("name").rfind(k)) >= 0
                ),
                default=m.start(),
            )
            name = clause[start : m.end("name")]
            if not name or _NOT_A_STOP.search(name) or onto.slot_for_word(clause[start : m.end()]):
                continue
            # the last stop named: "到达站地铁站是三元桥地铁站" names the latter
            found = (start, clause[start : m.end()])
        if found is None and not (_NO_STOP.search(clause) and stops.words.search(clause)):
            continue
        value = found[1] if found is not None else None
        if value is not None and any(value in t for t in taken if t):
            continue  # the stop of a slot the reply names itself
        before = clause[: found[0]] if found is not None else clause
        sides = [s for s in asked if any(w in before for w in stops.ends[s])]
        if (
            not sides
            and found is not None
            and (on := _GET.match(clause, found[0] + len(value or "")))
        ):
            # "坐到A地铁站C口下车": the stop one gets on or off at is that end's.
            at = [s for s in stops.ends if _is_start(s, stops) == (on.group("on") is not None)]
            if not any(s in asked for s in at):
                continue  # "A地铁站上车" when only where to get off was asked
            sides = [s for s in at if s in asked]
        pos = c.start() + (found[0] if found is not None else 0)
        pieces.append((sides[0] if len(sides) == 1 else None, pos, value))
    out: list[tuple[int, SlotUpdate]] = []
    left = list(asked)
    for side, _, _ in pieces:
        if side is not None and side in left:
            left.remove(side)
    unsided = [(pos, value) for side, pos, value in pieces if side is None]
    pairs = [(side, pos, value) for side, pos, value in pieces if side is not None]
    if len(unsided) == len(left):
        pairs += [(s, pos, value) for s, (pos, value) in zip(left, unsided, strict=True)]
    for side, pos, value in sorted(pairs, key=lambda p: p[1]):
        if value is not None and side is not None and side in rest:
            out.append((pos, near_update(side, value, confidence)))
    return out


# "颐和园位于X", "X在北京朝阳区霄云路26号": where a place is, after the name it is said of.
_PLACED = re.compile(r"(?:位于|坐落于|坐落在|地处|就在|在)\s*")
# A piece that reads as an address names an area, a road or a number.
_ADDRESS_WORD = re.compile(r"[省市区县镇乡村路街巷号楼]|胡同|大厦|广场")


def _placed_at(text: str, onto: Ontology, taken: Collection[str]) -> tuple[int, str] | None:
    """(position, address) said in the first clause that places something: "它位于X"."""
    for c in re.finditer(r"[^，,。；;！!？?\n]+", text):
        clause = c.group(0)
        m = _PLACED.search(clause)
        if m is None or _NOTHING.search(clause) or any(t in clause for t in taken if t):
            continue
        start = c.start() + m.end()
        got = trimmed(start, clause[m.end() :])
        if got is None or _ADDRESS_WORD.search(got[1]) is None or onto.entity_words(got[1]):
            continue
        return got[0], zh_address(text, got[0], got[1], onto)
    return None


def _not_a_list(value: str) -> bool:
    """A piece that says where the place is, or remarks ("都可以去转转"), lists nothing near."""
    return _WHERE.search(value) is not None or _NOT_NAMES.match(value) is not None


_GO = re.compile(
    r"\s*(?:(?:我|我们)?(?:特别|还是)?(?:推荐|建议)(?:您|你)们?(?:去|到)?|(?:给|为)(?:您|你)们?推荐"
    r"|(?:您|你)们?(?:还)?(?:可以|不妨|能)?(?:去|到))"
)
_NOT_NAMES = re.compile(r"(?:都|也|还|你|您|我|哈哈|嗯|请|真的|确实)")
# The assent before an answer ("没问题，…") and the examples a remark leads to ("…，如A, B").
_COURTESY = re.compile(
    r"^\s*(?:没问题|好的|可以的?|当然(?:了|可以)?|是的|嗯|有的|有啊|有|行|对"
    # "需要，40元一张": yes, a ticket is needed, and its price.
    r"|(?:不)?需要的?|要的|不用)[，,！!]\s*"
)
# A judgement with no value: "不贵的", "挺好的", "评价很高", "环境不错" (how much or how good,
# not what).
_JUDGED = re.compile(
    r"(?:(?:他|它|她|这|那)家|这里|那里)?的?(?:评价|口碑|价格|价钱|门票|环境|服务|味道|口味|人气)?(?:还是|还|挺|很|非常|比较|相当|蛮|特别|也|都|不|太|算|有点)*"
    r"(?:贵|便宜|好|高|低|不错|可以|实惠|划算|合适|受欢迎|好吃|长|短|久|多|少)(?:的|了|呢|哦|啊|吧|呀)*"
)
_HOW_FAR = re.compile(r"不远|很近|挺近|^\s*离")
# A numbered address ("王府井大街88号(近地铁站步行5分钟)"): the minutes are a note on it.
_NUMBERED = re.compile(r"\d+号|[路街道巷]\d")
# An address by its words, or by the landmark it is near: "八达岭(近八达岭长城)".
_PLACE_WORD = re.compile(rf"{_ADDRESS_WORD.pattern}|[(（]近")
# A question back ("您想吃辣的还是不辣的？") or news of the ride ("车马上就到") is no value.
_NO_ANSWER = re.compile(r"[？?]|马上|就到|正在")
_EXAMPLES = re.compile(r"[，,](?:比如说|比如|例如|如(?!果|何|此|今|下)|像是)\s*")
_REMARK = re.compile(r"^[^，,\d]{0,6}(?:了|的|啊|呢|吧|哦|呀)[，,]\s*")
_WHERE = re.compile(r"在[^，,、]*?(?:\d+号|路|街|区)")
# A reply that says there is nothing ("抱歉，它家周边没有酒店") or that it does not know ("这个我不
# 太清楚") answers with no value.
_NOTHING = re.compile(
    r"没有|没找到|抱歉|不好意思|对不起|很遗憾|(?:查|找)不到|没(?:查|找)到|暂无"
    # "这个我不太清楚": not knowing, said first ("大概3小时，不知道您带不带孩子" answers).
    r"|^[^，,。；;！!？?]{0,6}不(?:太|大)?(?:清楚|知道|确定|了解)"
)
_OFFER = re.compile(
    r"[，,]\s*(?:请问)?(?:您|你)?(?:还|另外)(?:有)?(?:需要|要)[^，,。；;！!？?\n]*[吗么呢嘛]?\s*[？?]?\s*$"
)


def _content_segments(
    text: str, *, several: bool, words: re.Pattern[str], english: bool = False
) -> list[tuple[int, str]]:
    """(position, value) of the reply's content pieces: sentences, or clauses when several
    slots are asked; courtesy, lead-ins and pieces that name a slot themselves left out."""
    out: list[tuple[int, str]] = []
    sentences = list(_SENTENCE.finditer(text))
    if len([s for s in sentences if s.group(0).strip()]) > _MAX_ANSWER_SENTENCES:
        # A long reply that never names the asked slot is about many things (an agent's
        # report): which sentence answers cannot be told by position.
        return out
    for s in sentences:
        if _NOTHING.search(s.group(0)):
            continue
        pieces = [(s.start(), s.group(0))]
        while (hold := _HOLDING.match(pieces[0][1])) is not None and hold.end() > 0:
            pieces = [(pieces[0][0] + hold.end(), pieces[0][1][hold.end() :])]
        if not pieces[0][1].strip():
            continue
        if (offer := _OFFER.search(pieces[0][1])) is not None and offer.start() > 0:
            # "X路32号，还需要其他信息么?": the offer of more help is no part of the answer.
            pieces = [(pieces[0][0], pieces[0][1][: offer.start()])]
        if several:
            clause = _EN_PIECE if english else _PIECE
            pieces = [(s.start() + c.start(), c.group(0)) for c in clause.finditer(s.group(0))]
        if not several and (lead := _REMARK.match(s.group(0))) is not None:
            # "那可多了，有A, B": the remark before the answer is no part of it.
            pieces = [(s.start() + lead.end(), s.group(0)[lead.end() :])]
        if not several and (lead := _COURTESY.match(pieces[0][1])) is not None:
            # "没问题，餐馆周边只有A": the assent before the answer neither.
            pieces = [(pieces[0][0] + lead.end(), pieces[0][1][lead.end() :])]
        if not several and (ex := _EXAMPLES.search(pieces[0][1])) is not None:
            # "还都是有名的景点呢，如A, B": the examples are the answer.
            pieces = [(pieces[0][0] + ex.end(), pieces[0][1][ex.end() :])]
        for pos, piece in pieces:
            if _FILLER.match(piece.strip()):
                continue
            start = pos
            if (tail := IS_NEAR_TAIL.search(piece)) is not None and tail.start() > 0:
                piece = piece[: tail.start()]  # "A就在附近": the place before its remark
            if (go := _GO.match(piece)) is not None and go.end() < len(piece):
                pos, piece = pos + go.end(), piece[go.end() :]  # "您可以去A、B": where to go
            lead = _LEAD.match(piece)
            # "有故宫, 前门大街": drop the lead-in only when something is left after it.
            if lead is not None and lead.end() < len(piece):
                pos, piece = pos + lead.end(), piece[lead.end() :]
            got = trimmed(pos, piece)
            if got is not None and (
                all(_JUDGED.fullmatch(c.strip()) for c in _CLAUSE_COMMA.split(got[1]))
                or _NO_ANSWER.search(got[1])
            ):
                continue  # "不贵的", "他家环境不错，服务也好": how good, not what
            # A piece that names a slot up to its value states that slot itself; the words after
            # the value ("，有时间可以去玩") are no part of it.
            if got is not None and not words.search(text, start, got[0] + len(got[1])):
                out.append(got)
    return out


# A reply's clauses when several slots are asked. An English number's thousands separator
# ("$1,050", "4,300") parts no clauses.
# "¥8,999，2台": a Chinese reply's amount keeps its thousands separator too.
_PIECE = re.compile(rf"(?:[^，,]|{THOUSANDS_COMMA})+")
_EN_PIECE = re.compile(rf"(?:[^，,]|{THOUSANDS_COMMA})+")

# --- English answers: a value, not a sentence ---------------------------------------------
# An English reply is a sentence more often than a bare value ("It does, and the number is
# ..."). A slot with no value shape takes a piece only when it reads as a value: the assent
# and "It's" before it cut off, no subject opening a clause and no finite verb left in it.
_EN_ASSENT = re.compile(
    r"(?i)\s*(?:sure|yes|yeah|yep|ok|okay|of course|certainly|absolutely|no problem|no)\b[,!.]?\s*"
)
_EN_COPULA = re.compile(
    r"(?i)\s*(?:it|that|this|they|he|she)(?:['’]s|['’]re|\s+(?:is|are|was|were|will be))\s+"
)
_EN_SUBJECT = re.compile(r"(?i)\s*(?:i|you|he|she|it|we|they|there)\b")
# (Lower case: "May Chen", "Will Smith" are names.)
_EN_VERB = re.compile(
    r"\b(?:is|are|was|were|am|be|been|do|does|did|has|have|had|will|would|can|could"
    r"|should|shall|may|might|must)\b|n['’]t\b|['’](?:re|ve|ll|m|d)\b"
)
# An address reads as one by a house number, a name and a street word ("1724 Sunnyhills
# Court"), or by the words that place it ("located at", "address is").
_EN_STREET = re.compile(
    r"\b\d+[A-Za-z]?(?:\s+[A-Z0-9][\w'’.-]*){1,4}?\s+(?:Street|St|Avenue|Ave|Road|Rd"
    r"|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Parkway|Pkwy|Highway|Hwy"
    r"|Square|Sq|Terrace|Circle|Cir|Plaza|Alley)\b"
)
_EN_PLACED = re.compile(r"(?i)\b(?:(?:located|situated)\s+(?:at|on|in)|address\s+is)\s+")
# Where the placed address ends: a mark, or a word that joins the next clause.
_EN_CLAUSE_END = re.compile(
    rf"(?i)\s+(?:and|but|which|where|so)\b|[;!?]|{EN_CLAUSE_COMMA}|\.(?:\s|$)"
)


def _en_address_slot(onto: Ontology) -> str | None:
    slot = onto.slot_for_word("address")
    return slot.name if slot is not None else None


def _en_value(value: str, *, address: bool, when: bool = False) -> tuple[int, str] | None:
    """(offset, value) of what an English piece gives as a slot's value, or None when it
    reads as a statement: "Sure, it's John Lee." -> "John Lee", "It does, and ..." -> None.
    With `when`, only a time or date said in words ("Noon.", "Half past seven.")."""
    if address:
        return _en_address(value)
    if _EN_UNSURE.match(value):
        return None  # "Not sure, sorry.", "Unknown."
    lead = 0
    for rx in (_EN_ASSENT, _EN_COPULA):
        if (m := rx.match(value, lead)) is not None:
            lead = m.end()
    rest = value[lead:]
    if (aside := _EN_ASIDE.search(rest)) is not None:
        rest = rest[: aside.start()]  # "Medium, but it runs small": the value before the aside
    rest = rest.rstrip(" .!")
    if not rest.strip() or _EN_SUBJECT.match(rest) or _EN_VERB.search(rest):
        return None
    if JUDGEMENT.fullmatch(rest.strip(" ,")):
        return None  # "Yes, mostly.", "That's fine.": a judgement, no value
    if when and (_DIGIT_RX.search(rest) or not _EN_WHEN_WORD.search(rest)):
        return None  # "around 80 degrees" is no date; digits of a time have its shape
    return lead, rest


# An answer that knows nothing: "Not sure", "Sorry, ...", "Nope", "Unknown".
_EN_UNSURE = re.compile(
    r"(?i)\s*(?:not sure|sorry|nope|no idea|unknown|unfortunately|i'?m afraid|i am afraid"
    r"|n/a|none|i don'?t|i do not|i can'?t|i cannot)\b"
)
_EN_ASIDE = re.compile(r"(?i),\s*(?:but|though|although|i|it|which|so|and|if)\b")
_DIGIT_RX = re.compile(r"\d")
_EN_WHEN_WORD = re.compile(
    r"(?i)\b(?:noon|midday|midnight|morning|afternoon|evening|night|tonight|today|tomorrow"
    r"|o'?clock|half past|quarter (?:past|to)|weekend|\w+day)\b"
)
# Words that make a value of the shape a bound or a range: "under $40", "between $40 and $60".
_EN_BOUND = re.compile(
    r"(?i)\b(?:under|over|below|above|between|from|up to|at most|at least|around|about|"
    r"roughly|approximately|less than|more than|cheaper than|no (?:more|later|earlier) than)\s+$"
)
_EN_ADJACENT = re.compile(r",?\s*")
_EN_RANGE_JOIN = re.compile(r"(?i)\s*(?:-|–|to|and)\s*")
_EN_DENIED = re.compile(
    r"(?i)\b(?:not|no(?! (?:later|earlier|more|less) than)|isn'?t|aren'?t|wasn'?t|weren'?t"
    r"|unavailable|sold out|fully booked|closed)\b"
)
_EN_CLAUSE_MARK = re.compile(rf"[;.!?]\s|{EN_CLAUSE_COMMA}")


def _en_shaped(value: str, vrx: re.Pattern[str]) -> tuple[int, str] | None:
    """(offset, value) of the one value of the slot's shape the piece gives: a range of two
    ("$40-$60", "between $40 and $60") or a bound ("under $40") whole; the value in a clause
    that denies it ("not March 3rd", "7 pm is sold out") is none, and two left undecided
    ("the 3rd or 4th") give none."""
    found: list[tuple[int, int]] = []
    for m in vrx.finditer(value):
        if found and _EN_ADJACENT.fullmatch(value, found[-1][1], m.start()):
            found[-1] = (found[-1][0], m.end())  # "March 12th this year": one date
        else:
            found.append(m.span())
    if len(found) == 2 and _EN_RANGE_JOIN.fullmatch(value, found[0][1], found[1][0]):
        start, end = found[0][0], found[1][1]
    else:
        kept = [(a, b) for a, b in found if not _denied(value, a, b)]
        if len(kept) != 1:
            return None
        start, end = kept[0]
    if (bound := _EN_BOUND.search(value, 0, start)) is not None:
        start = bound.start()
    return start, value[start:end]


def _denied(text: str, start: int, end: int) -> bool:
    """Whether the clause around text[start:end] denies it."""
    left = max((m.end() for m in _EN_CLAUSE_MARK.finditer(text, 0, start)), default=0)
    right = _EN_CLAUSE_MARK.search(text, end)
    clause = text[left : right.start() if right is not None else len(text)]
    return _EN_DENIED.search(clause) is not None


def _en_address(value: str) -> tuple[int, str] | None:
    if (placed := _EN_PLACED.search(value)) is not None:
        start = placed.end()
        end = _EN_CLAUSE_END.search(value, start)
        got = value[start : end.start() if end is not None else len(value)].rstrip(" .")
        if got:
            return start, got
    street = _EN_STREET.search(value)
    return (street.start(), street.group(0)) if street is not None else None
