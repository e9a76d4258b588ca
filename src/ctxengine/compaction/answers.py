"""Answers bound to the question: "电话和地址告诉我一下" -> "010-85007938；北京市东城区景山前街4号".

A task dialogue's facts often come back without their slot words: the user names the slots,
the assistant only gives the values, in the same order. `asked_slots` reads which slots a user
message asks about; `answer_updates` binds the reply's values to those the reply does not
name itself:

- a slot phrase with a gap ("周边做菜好吃的餐馆有A, B") takes what follows its verb;
- otherwise the reply's content segments (split at "；。" and, for several slots, at "，")
  pair with the asked slots in order when the counts agree, or the single asked slot takes the
  first content sentence whole (a list stays one value: "故宫, 前门大街, 恭王府").

Values stay verbatim substrings of the reply; only edges are trimmed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ctxengine.compaction.nearness import NEAR, NEAR_WORD
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import SlotUpdate

_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+[，,。；;！!？?\n]?")
_ASKING = re.compile(
    r"什么|多少|多钱|哪|几|吗|呢|怎么|怎样|如何|啥|咋|是否|\?|？|告诉|查一下|查查|查询|说一下|"
    r"介绍|提供|发给|发一下|给我|想知道|(?i:\b(?:what|which|where|when|how|tell me|give me|"
    r"do you know|could you|can you)\b)"
)
_SENTENCE = re.compile(r"[^；;。！!\n]+")
# Lead-ins and courtesy that carry no value: "可以，", "好的，", "有", "是", "在".
_FILLER = re.compile(
    r"^(?:可以的?|好的|没问题|当然|是的|嗯|有的|您好|你好|这个|这家|它的|他家的?|她家的?)[，,]?\s*$"
)
_LEAD = re.compile(
    r"^\s*(?:[^，,。；;！!？?\n]{0,8}?(?:有|是在|就在|位于|是|为|在|叫|(?<!\d)[:：](?!\d))\s*)"
)
_AFTER_VERB = re.compile(
    r"(?:[^，,；;。！!？?\n]{0,6}?(?:有|是|为|(?<!\d)[:：](?!\d))"
    # "周边餐馆实在太多了，比如说A, B": the examples after a remark.
    r"|[^；;。！!？?\n]{0,10}?(?:比如说|比如|例如|像是)"
    # "它家周边餐馆还挺多呢，有A, B": the list after a remark.
    r"|[^，,；;。！!？?\n]{0,8}?[了呢啊哦呀][，,]\s*(?:还有|有|像))\s*(?P<v>[^；;。！!？?\n]+)"
)


@dataclass(frozen=True)
class _Rx:
    words: re.Pattern[str]
    nearby: re.Pattern[str] | None  # "周边…景点": slot 周边景点, when the ontology has it


def _compile(onto: Ontology) -> _Rx:
    words = onto.slot_word_pattern()
    nearby_words = [
        w for e in onto.entities for w in e.zh if onto.slot(f"周边{e.name}") is not None
    ]
    nearby = None
    if nearby_words:
        alt = "|".join(re.escape(w) for w in sorted(nearby_words, key=len, reverse=True))
        nearby = re.compile(rf"{NEAR}[^，,。；;！!？?\n]{{0,8}}?(?P<ent>{alt})")
    return _Rx(words, nearby)


def _nearby_slot(onto: Ontology, word: str) -> str | None:
    ent = next((e for e in onto.entities if word in e.zh), None)
    return f"周边{ent.name}" if ent is not None else None


def asked_slots(text: str, onto: Ontology) -> list[str]:
    """Slot names a user message asks about, in reading order, without repeats."""
    rx = onto.derived("answers", _compile)
    found: list[tuple[int, str]] = []
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        if _ASKING.search(clause) is None:
            continue
        base = m.start()
        for w in rx.words.finditer(clause):
            slot = onto.slot_for_word(w.group(0))
            if slot is not None:
                found.append((base + w.start(), slot.name))
        if rx.nearby is not None:
            for n in rx.nearby.finditer(clause):
                name = _nearby_slot(onto, n.group("ent"))
                if name is not None:
                    found.append((base + n.start(), name))
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


def answer_updates(
    text: str,
    asked: list[str],
    onto: Ontology,
    *,
    covered: set[str],
    confidence: float,
) -> list[tuple[int, SlotUpdate]]:
    """(position, update) for the asked slots the reply answers without naming them.

    Args:
        text: the assistant's reply.
        asked: slot names the user's last message asked about (`asked_slots`).
        onto: the ontology.
        covered: slot names the reply already stated with their own words.
        confidence: the updates' confidence.
    """
    rx = onto.derived("answers", _compile)
    rest = [s for s in asked if s not in covered]
    out: list[tuple[int, SlotUpdate]] = []
    if not rest:
        return out
    # A gapped nearby phrase names its slot: "周边做菜好吃的餐馆有A, B".
    for pos, u in nearby_updates(text, onto, confidence=confidence):
        if u.slot in rest:
            out.append((pos, u))
            rest.remove(u.slot)
    if not rest:
        return out
    own = dict((slot.name, vrx) for slot, vrx in onto.value_patterns)
    segments = [
        (pos, value)
        for pos, value in _content_segments(text, several=len(rest) > 1, words=rx.words)
        # "010-85007938；北京市东城区景山前街4号" for the address: the number is the phone's.
        if not any(n not in rest and vrx.fullmatch(value) for n, vrx in own.items())
    ]
    pairs: list[tuple[str, tuple[int, str]]] = []
    if len(rest) == 1 and segments:
        # "X在北京朝阳区霄云路26号": where the place is, not what is near it.
        if not (rest[0].startswith("周边") and _WHERE.search(segments[0][1])):
            pairs.append((rest[0], segments[0]))
    elif len(segments) == len(rest):
        pairs = list(zip(rest, segments, strict=True))
    for name, (pos, value) in pairs:
        if (vrx := own.get(name)) is not None:
            # A slot with its own value shape takes only that: "您可以拨打010-85221888" gives
            # the number, "都不提供呢" gives no phone at all.
            if (m := vrx.search(value)) is None:
                continue
            pos, value = pos + m.start(), m.group(0)
        out.append((pos, _update(name, value, text, pos, confidence)))
    return out


def nearby_updates(text: str, onto: Ontology, *, confidence: float) -> list[tuple[int, SlotUpdate]]:
    """(position, update) for "周边/附近 … <entity word> 有 A, B": what is nearby, listed, for
    ontologies with ``周边<entity>`` slots, asked about or not."""
    rx = onto.derived("answers", _compile)
    out: list[tuple[int, SlotUpdate]] = []
    if rx.nearby is None:
        return out
    for n in rx.nearby.finditer(text):
        name = _nearby_slot(onto, n.group("ent"))
        got = _value_after(text, n.end()) if name is not None else None
        if name is not None and got is not None and name not in {u.slot for _, u in out}:
            out.append((got[0], _update(name, got[1], text, got[0], confidence)))
    return out


def _update(slot: str, value: str, text: str, pos: int, confidence: float) -> SlotUpdate:
    return SlotUpdate(
        entity="task", slot=slot, value=value, op="set", raw=value, confidence=confidence
    )


def _value_after(text: str, start: int) -> tuple[int, str] | None:
    """The rest of the sentence after a verb ("有", "是") at or after `start`."""
    m = _AFTER_VERB.match(text, start)
    if m is None or "没" in text[start : m.start("v")]:
        return None  # "附近的餐馆都没有X这道菜": nothing is listed
    return _trimmed(m.start("v"), m.group("v"))


def _trimmed(pos: int, value: str) -> tuple[int, str] | None:
    lead = len(value) - len(value.lstrip())
    # "有的，白家大院、…": the "的" of "有的" (yes, there are) is no part of the list.
    if (m := _YES_LEAD.match(value, lead)) is not None:
        lead = m.end()
    v = _ONE_OF.sub("", value[lead:].strip())
    # "A、B、C，附近的酒店有D": the list ends where the next clause begins.
    if (m := _NEXT_CLAUSE.search(v)) is not None:
        v = v[: m.start()]
    v = _LIST_TAIL.sub("", v)
    v = v.rstrip("，,、 ").removesuffix("等")
    if NEAR_WORD.search(v):
        return None  # "周边很方便": a remark about the place, not what is there
    v = re.sub(r"(?:等等|等|哦|呢|啊|吧|呀)$", "", v).rstrip("，,、 ")
    return (pos + lead, v) if len(v) >= 2 else None


_YES_LEAD = re.compile(r"\s*的[，,]\s*")
# "只有一家是北京温都水城": the count before a single answer.
_ONE_OF = re.compile(r"^(?:只有|就)?(?:一家|一个|一处)(?:是|叫)?")
_NEXT_CLAUSE = re.compile(
    r"[，,](?=\s*[^，,、\s]{0,4}?(?:有|是|在|附近|周边|周围|都是|都在|都很|没有|可以|您|你|距离|不过|但))"
)
# "…都在这附近", "…都是不错的选择": the list's own comment.
_LIST_TAIL = re.compile(r"(?:都在这附近|都在附近|都在周边|都是[^，,、]*|都不错|等等|等)$")
# The assent before an answer ("没问题，…") and the examples a remark leads to ("…，如A, B").
_COURTESY = re.compile(
    r"^\s*(?:没问题|好的|可以的?|当然(?:了|可以)?|是的|嗯|有的|有啊|有|行|对)[，,！!]\s*"
)
_EXAMPLES = re.compile(r"[，,](?:比如说|比如|例如|如(?!果|何|此|今|下)|像是)\s*")
# A reply that says there is nothing ("抱歉，它家周边没有酒店") answers with no value.
_REMARK = re.compile(r"^[^，,\d]{0,6}(?:了|的|啊|呢|吧|哦|呀)[，,]\s*")
_WHERE = re.compile(r"在[^，,、]*?(?:\d+号|路|街|区)")
_NOTHING = re.compile(r"没有|没找到|抱歉|不好意思|对不起|很遗憾")


def _content_segments(text: str, *, several: bool, words: re.Pattern[str]) -> list[tuple[int, str]]:
    """(position, value) of the reply's content pieces: sentences, or clauses when several
    slots are asked; courtesy, lead-ins and pieces that name a slot themselves left out."""
    out: list[tuple[int, str]] = []
    for s in _SENTENCE.finditer(text):
        if _NOTHING.search(s.group(0)):
            continue
        pieces = [(s.start(), s.group(0))]
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
            if _FILLER.match(piece.strip()) or words.search(piece):
                continue
            lead = _LEAD.match(piece)
            # "有故宫, 前门大街": drop the lead-in only when something is left after it.
            if lead is not None and lead.end() < len(piece):
                pos, piece = pos + lead.end(), piece[lead.end() :]
            got = _trimmed(pos, piece)
            if got is not None:
                out.append(got)
    return out
