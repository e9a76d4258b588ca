"""Answers bound to the question: "电话和地址告诉我一下" -> "010-85007938；北京市东城区景山前街4号".

A task dialogue's facts often come back without their slot words: the user names the slots,
the assistant only gives the values, in the same order. `asked_slots` reads which slots a user
message asks about; `answer_updates` binds the reply's values to those the reply does not
name itself:

- a slot phrase with a gap ("周边做菜好吃的餐馆有A, B") takes what follows its verb, and an
  asked nearby slot takes the list of its kind ("酒店有A") or, alone, the list said to be near
  ("周边还有A, B") (see `ctxengine.compaction.nearness`);
- otherwise the reply's content segments (split at "；。" and, for several slots, at "，")
  pair with the asked slots in order when the counts agree, or the single asked slot takes the
  first content sentence whole (a list stays one value: "故宫, 前门大街, 恭王府").

Values stay verbatim substrings of the reply; only edges are trimmed.
"""

from __future__ import annotations

import re
from collections.abc import Collection

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
    r"^\s*(?:[^，,。；;！!？?\n]{0,8}?(?:有|是在|就在|位于|是|为|在|叫|像是|像|离|(?<!\d)[:：](?!\d))\s*)"
)


def _compile(onto: Ontology) -> re.Pattern[str]:
    return onto.slot_word_pattern()


# "有什么景点呢？", "还有哪些可以去的玩的地方？": a question after one about what is near asks
# what is near too, when it asks only which places there are.
_WHICH_TOO = re.compile(r"^\s*(?:那|还有|还|另外)?(?:有没有|有)?(?:什么|哪些|啥)")


def asked_slots(text: str, onto: Ontology) -> list[str]:
    """Slot names a user message asks about, in reading order, without repeats."""
    words = onto.derived("answers", _compile)
    # Without a word for near, no clause asks what is near (and the scan is skipped).
    near = onto.derived("nearness", compile_near) if NEAR_WORD.search(text) else None
    found: list[tuple[int, str]] = []
    asked_near = False
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        if _ASKING.search(clause) is None:
            continue
        base = m.start()
        # "附近餐馆有没有评分4.5分以上的": a search among the neighbours, not a question
        # about which they are.
        searching = _DIGIT.search(clause) is not None
        for w in words.finditer(clause):
            slot = onto.slot_for_word(w.group(0))
            if slot is not None and not (searching and slot.name.startswith("周边")):
                found.append((base + w.start(), slot.name))
        if near is None:
            continue
        found_near = [] if searching else near.near_kind.finditer(clause)
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
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


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
    if not rest:
        return out
    own = dict((slot.name, vrx) for slot, vrx in onto.value_patterns)
    segments = [
        (pos, value)
        for pos, value in _content_segments(text, several=len(rest) > 1, words=words)
        # "010-85007938；北京市东城区景山前街4号" for the address: the number is the phone's.
        if not any(n not in rest and vrx.fullmatch(value) for n, vrx in own.items())
        and not any(t in value for t in taken if t)
    ]
    pairs: list[tuple[str, tuple[int, str]]] = []
    if len(rest) == 1 and segments:
        # "X在北京朝阳区霄云路26号": where the place is, not what is near it.
        if not (rest[0].startswith("周边") and _not_a_list(segments[0][1])):
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
        out.append((pos, near_update(name, value, confidence)))
    return out


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
