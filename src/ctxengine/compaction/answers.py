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
  first content sentence whole (a list stays one value: "故宫, 前门大街, 恭王府").

Values stay verbatim substrings of the reply; only edges are trimmed.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from ctxengine.compaction.nearness import (
    IS_NEAR_TAIL,
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
from ctxengine.compaction.slots import governed_by_other, zh_address

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
    r"(?i:let me (?:check|look|see|find)|one moment|hold on|just a (?:moment|sec)))"
    r"[^，,。；;！!？?\n]*[，,。；;！!？?\n]*"
)
_LEAD = re.compile(
    r"^\s*(?:[^，,。；;！!？?\n]{0,8}?(?:有|是在|就在|位于|是|为|在|叫|像是|像|离|(?<!\d)[:：](?!\d))\s*)"
)


def _compile(onto: Ontology) -> re.Pattern[str]:
    return onto.slot_word_pattern()


# "有什么景点呢？", "还有哪些可以去的玩的地方？": a question after one about what is near asks
# what is near too, when it asks only which places there are.
_WHICH_TOO = re.compile(r"^\s*(?:那|还有|还|另外)?(?:有没有|有)?(?:什么|哪些|啥)")


# A slot word before one of these names what the question is about, not the slot itself:
# "物流状态" asks where the parcel is, "支付进度" whether the payment went through.
_STATE_OF = re.compile(r"状态|进度|进展|动态")


def asked_slots(text: str, onto: Ontology) -> list[str]:
    """Slot names a user message asks about, in reading order, without repeats."""
    words = onto.derived("answers", _compile)
    # Without a word for near, no clause asks what is near (and the scan is skipped).
    near = onto.derived("nearness", compile_near) if NEAR_WORD.search(text) else None
    found: list[tuple[int, str]] = []
    asked_near = False
    requesting = False
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        # "帮我查一下X，这家餐馆的人均消费，谢谢": a request runs on to the sentence's end.
        carried = requesting and _OF_IT.match(clause) is not None
        requesting = (requesting or _REQUEST.search(clause) is not None) and not _ENDS.search(
            clause
        )
        if not carried and _ASKING.search(clause) is None:
            continue
        base = m.start()
        # "附近餐馆有没有评分4.5分以上的": a search among the neighbours, not a question
        # about which they are.
        searching = _DIGIT.search(clause) is not None
        for w in words.finditer(clause):
            if _STATE_OF.match(clause, w.end()):
                continue  # "物流状态": the state of the shipment is asked, not the courier
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


_REQUEST = re.compile(r"查一下|查下|查查|告诉我|说一下")
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
    return out


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
) -> list[tuple[int, SlotUpdate]]:
    """(position, update) for the asked slots the reply answers without naming them.

    Args:
        text: the assistant's reply.
        asked: slot names the user's last message asked about (`asked_slots`).
        onto: the ontology.
        covered: slot names the reply already stated with their own words.
        confidence: the updates' confidence.
        taken: values the reply already gave other slots; no piece holding one answers.
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
    own = dict((slot.name, vrx) for slot, vrx in onto.value_patterns)
    segments = [
        (pos, value)
        for pos, value in _content_segments(text, several=len(rest) > 1, words=words)
        # "010-85007938；北京市东城区景山前街4号" for the address: the number is the phone's.
        if not any(n not in rest and vrx.fullmatch(value) for n, vrx in own.items())
        and not any(t in value for t in taken if t)
        and not _report(value)
    ]
    pairs: list[tuple[str, tuple[int, str]]] = []
    if len(rest) == 1 and segments:
        # "X在北京朝阳区霄云路26号": where the place is, not what is near it.
        if not (rest[0].startswith("周边") and _not_a_list(segments[0][1])):
            pairs.append((rest[0], segments[0]))
    elif len(segments) == len(rest):
        pairs = list(zip(rest, segments, strict=True))
    if not pairs and len(rest) == 1 and (vrx := own.get(rest[0])) is not None:
        # "营业是时间是周一 至 周日 11:30-14:00": a slip in the slot word hides no value that
        # has the asked slot's own shape, when the reply holds just one (and says it has it:
        # "没有4.5分以上的" tells what is missing).
        shaped = [] if _NOTHING.search(text) else list(vrx.finditer(text))
        if len(shaped) == 1:
            pairs = [(rest[0], (shaped[0].start(), shaped[0].group(0)))]
    for name, (pos, value) in pairs:
        if (vrx := own.get(name)) is not None:
            # A slot with its own value shape takes only that: "您可以拨打010-85221888" gives
            # the number, "都不提供呢" gives no phone at all.
            if (m := vrx.search(value)) is None:
                continue
            pos, value = pos + m.start(), m.group(0)
        out.append((pos, near_update(name, value, confidence)))
    return out


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
    r"^\s*(?:没问题|好的|可以的?|当然(?:了|可以)?|是的|嗯|有的|有啊|有|行|对)[，,！!]\s*"
)
_EXAMPLES = re.compile(r"[，,](?:比如说|比如|例如|如(?!果|何|此|今|下)|像是)\s*")
# A reply that says there is nothing ("抱歉，它家周边没有酒店") answers with no value.
_REMARK = re.compile(r"^[^，,\d]{0,6}(?:了|的|啊|呢|吧|哦|呀)[，,]\s*")
_WHERE = re.compile(r"在[^，,、]*?(?:\d+号|路|街|区)")
_NOTHING = re.compile(r"没有|没找到|抱歉|不好意思|对不起|很遗憾")
_OFFER = re.compile(
    r"[，,]\s*(?:请问)?(?:您|你)?(?:还|另外)(?:有)?(?:需要|要)[^，,。；;！!？?\n]*[吗么呢嘛]?\s*[？?]?\s*$"
)


def _content_segments(text: str, *, several: bool, words: re.Pattern[str]) -> list[tuple[int, str]]:
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
            pieces = [
                (s.start() + c.start(), c.group(0)) for c in re.finditer(r"[^，,]+", s.group(0))
            ]
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
            # A piece that names a slot up to its value states that slot itself; the words after
            # the value ("，有时间可以去玩") are no part of it.
            if got is not None and not words.search(text, start, got[0] + len(got[1])):
                out.append(got)
    return out
