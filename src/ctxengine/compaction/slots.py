"""Slot values set, changed or removed: "把收货人改成张伟", "颜色要暗紫色", "change the date to X".

Slot words come from the ontology (synonyms included: 收件人 -> recipient). Values are cut
from the text, so `SlotUpdate.value` is always a verbatim substring; a value that is a
question ("地址是在哪") is no value. Enum values also count without a slot word ("不要顺丰了"
removes the shipping value SF_EXPRESS, "make it blue" sets the color).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ctxengine.compaction.ontology import EntityDef, Ontology, SlotDef
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.slot_phrases import ADDRESS_RX, ZH_INSTEAD, phrase_updates

Op = Literal["set", "change", "remove"]

_ZH_STOP = r"，,。；;！!？?\s、"
# CrossWOZ-style ranges keep their spaces: "1小时 - 2小时"; so do times after a space:
# "周一至周日 11:00-14:00 17:00-21:00".
_ZH_VALUE = (
    rf"(?P<value>[^{_ZH_STOP}]+(?:\s+-\s+[^{_ZH_STOP}]+|[ \t](?=\d{{1,2}}:\d\d)[^{_ZH_STOP}]+)*)"
)
_NEARBY = re.compile(r"(?:周边|附近|周围)[^，,。；;！!？?\n]*$")
# A value ends where the next requirement is joined on: "150-500元并且有牛头这个菜".
_ZH_JOIN = re.compile(r"(?:并且|而且|并有|同时|以及|还要|还有|另外)")
_EN_VALUE = (
    r"(?P<value>(?:[^,;!?\n.]|\.(?=\S))+?)"
    r"(?=\s+(?:and|please|instead|for|but|because|so|if)\b|[,;!?\n]|\.(?:\s|$)|$)"
)
_ZH_CHANGE = (
    r"改到|改在|推迟到|提前到|延期到|延到|挪到|"
    r"改成|改为|换成|换为|更改为|修改为|变成|变为|改用|换用|设为|设置为|设成|换|改"
)
_ZH_SET = r"选择|选用|定为|写成|填写|是|为|要|选|用|在[:：]?|写|填|留|:|：|=|"
# Slots whose value follows "在" ("地址在北京市…"); for others "在" needs a value-like start.
_PLACE_SLOTS = frozenset({"地址", "address", "出发地", "目的地"})
_EN_CHANGE = r"change|switch|update|modify|set|make|move|reschedule"
_QUESTION = re.compile(
    r"什么|多少|多钱|哪|几|吗|怎么|怎样|如何|啥|咋|是否|么|\?|？|(?i:^(?:it|this|that|what|which|how|too|not|"
    r"very|so|a bit)\b)"
)
_TRAIL = "了吧啊呀哦呢嘛哈啦噢的"
_NEG_ZH = re.compile(r"(?:不要|不用|别用|别|取消|去掉|不想要|不想用|不需要)(?:再)?(?:用|选)?$")
# "没有健身房" states the value is absent: it is not set (nor a request to remove one). The
# negation reaches across a modifier and a list: "没有你要的免费市内电话和棋牌室".
_ABSENT_ZH = re.compile(
    r"(?:没有|没|无|不带|不提供|不含|不包括|不包含)(?:[^，,。；;！!？?\n]{0,6}的)?"
    r"(?:[^，,。；;！!？?\n]*?(?:和|、|或|及|与|以及|跟))?$"
)
_POS_ZH = re.compile(r"(?:换成|改成|改为|改用|换用|换|用|选|要)$")
_NEG_EN = re.compile(r"(?i)\b(?:no more|no|not|don't use|do not use|without|remove|drop)\s+$")
_POS_EN = re.compile(r"(?i)\b(?:use|switch to|change to|go with|make it|pick|choose)\s+$")
_USE_INSTEAD = re.compile(r"(?i)\b(?:use|go with|pick|choose)\s+(?P<value>[^,;!?\n]+?)\s+instead\b")
_MAKE_IT = re.compile(r"(?i)\bmake it\s+" + _EN_VALUE)


@dataclass
class _Compiled:
    zh_change: re.Pattern[str]
    zh_set: re.Pattern[str]
    en_change: re.Pattern[str]
    en_set: re.Pattern[str]
    slot_word: re.Pattern[str]
    own_patterns: dict[str, re.Pattern[str]]


def _compile(onto: Ontology) -> _Compiled:
    slots = onto.slot_words_regex or r"(?!x)x"
    return _Compiled(
        zh_change=re.compile(rf"(?P<slot>{slots})\s*(?P<verb>{_ZH_CHANGE})\s*{_ZH_VALUE}", re.I),
        zh_set=re.compile(rf"(?P<slot>{slots})\s*(?P<verb>{_ZH_SET})\s*{_ZH_VALUE}", re.I),
        en_change=re.compile(
            # One modifier word may precede the slot word: "the delivery date".
            rf"(?i)\b(?P<verb>{_EN_CHANGE})\s+(?:the |my |our |your )?(?:[a-z]+ )?"
            rf"(?P<slot>{slots})\s+"
            rf"(?:to|into|as|=)\s+{_EN_VALUE}"
        ),
        slot_word=onto.slot_word_pattern(),
        own_patterns={slot.name: vrx for slot, vrx in onto.value_patterns},
        en_set=re.compile(
            rf"(?i)(?:\b(?:my|the|our|your)\s+)?\b(?P<slot>{slots})\s*(?:is|should be|will be|"
            rf"=|:)\s*{_EN_VALUE}"
        ),
    )


def extract_updates(
    text: str, onto: Ontology, *, last_slot: str | None = None, focus: str | None = None
) -> list[SlotUpdate]:
    """Slot updates stated in `text`, in reading order.

    Args:
        text: the message text.
        onto: the ontology whose slot words and enum values are recognized.
        last_slot: the slot changed last (from context), for "use X instead" with no slot word.
        focus: the entity the conversation was last about (from context), for a slot word
            several entities share and the text names none of them ("电话是X" after
            "这家餐馆的电话是多少").
    """
    rx = onto.derived("slots", _compile)
    found: list[tuple[int, int, SlotUpdate]] = []

    mentions: list[tuple[int, EntityDef]] | None = None

    def taken(start: int, end: int) -> bool:
        return any(start < e and s < end for s, e, _ in found)

    def add(
        start: int,
        end: int,
        slot: SlotDef | None,
        slot_name: str,
        value: str | None,
        op: Op,
        conf: float,
        known: str | None = None,
    ) -> None:
        if taken(start, end):
            return
        nonlocal mentions
        if slot is not None and mentions is None and known is None:
            mentions = own_mentions(text, onto)
        if known is not None:
            entity = known
        else:
            entity = entity_for(text, start, slot, onto, focus, mentions) if slot else "task"
        if slot is not None and value and slot.name == "名称":
            named = onto.entity_of_name(value)
            if named is not None and slot.name in named.slots:
                entity = named.name
        found.append(
            (
                start,
                end,
                SlotUpdate(
                    entity=entity,
                    slot=slot_name,
                    value=value,
                    op=op,
                    raw=text[start:end],
                    confidence=conf,
                ),
            )
        )

    rules: tuple[tuple[re.Pattern[str], Op, float], ...] = (
        (rx.zh_change, "change", 0.85),
        (rx.en_change, "change", 0.85),
        (rx.zh_set, "set", 0.75),
        (rx.en_set, "set", 0.75),
    )
    for pat, op, conf in rules:
        for m in _matches(pat, text, rx.slot_word):
            slot = onto.slot_for_word(m.group("slot"))
            if slot is None:
                continue
            if pat is rx.zh_set and _ABSENT_ZH.search(text, max(0, m.start() - 24), m.start()):
                continue  # "没有票价200元以上的景点": a value said to be absent is not set
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            value = _cut_at_slot_word(value, rx.slot_word)
            own = rx.own_patterns.get(slot.name)
            if own is not None and (head := own.match(value)) is not None:
                value = head.group(0)  # "4.5分以上有这两个菜": the slot's own pattern ends it
            if slot.name in _PLACE_SLOTS and value.startswith("在") and len(value) > 3:
                vstart, value = vstart + 1, value[1:]  # "地址是在北京市…"
            if _starts_like_value(value):
                # "1小时 - 2小时景点玩一下": a number's value ends where an entity word starts.
                words = onto.entity_words(value)
                if words and words[0].start() > 0:
                    value = value[: words[0].start()]
            if slot.name == "address" and (a := ADDRESS_RX.match(text, vstart)) is not None:
                value = max(value, a.group("value"), key=len)  # runs through its commas
            if not value or _QUESTION.search(value) or onto.slot_for_word(value) is not None:
                continue
            verb0 = (m.groupdict().get("verb") or "").rstrip(":：")
            place = slot.name in _PLACE_SLOTS and verb0 == "在"
            if (
                pat is rx.zh_set
                and verb0 in ("", "在")
                and not place
                and not _starts_like_value(value)
            ):
                continue  # "人均消费在..." needs a value-looking start; "价格贵" is no value
            verb = (m.groupdict().get("verb") or "").lower()
            real_op: Op = (
                "set" if op == "change" and verb in ("set", "设为", "设置为", "设成") else op
            )
            add(m.start(), vstart + len(value), slot, slot.name, value, real_op, conf)

    for hit in phrase_updates(text, onto):
        if _ABSENT_ZH.search(text, max(0, hit.start - 24), hit.start):
            continue  # "周边没有能吃到酸枣汁的餐馆"
        vstart, value = _clean_value(hit.value, hit.end - len(hit.value))
        if any(s != hit.slot and rx.search(value) for s, rx in onto.value_patterns):
            continue  # the ontology's own pattern names it better: "买iPhone 15 Pro" -> model
        # A criterion asked as a question is still asked for: "能吃到香椿炒鸡蛋的餐馆吗".
        asked = not (hit.slot.criterion or hit.in_question) and _in_question(text, hit.start)
        if value and not _QUESTION.search(value) and not asked:
            add(
                hit.start,
                vstart + len(value),
                hit.slot,
                hit.slot.name,
                value,
                "set",
                hit.confidence,
                hit.entity,
            )

    # Words naming an entity ("出租车") hide enum values inside them ("租车").
    entity_spans = [(m.start(), m.end()) for m in onto.entity_words(text)]
    for m, slot, _member in onto.find_members(text):
        if any(s <= m.start() and m.end() <= e and (s, e) != m.span() for s, e in entity_spans):
            continue
        before = text[max(0, m.start() - 12) : m.start()]
        if _NEG_ZH.search(before) or _NEG_EN.search(before):
            neg = _NEG_ZH.search(before) or _NEG_EN.search(before)
            assert neg is not None
            start = m.start() - (len(before) - neg.start())
            end = m.end() + (1 if text[m.end() : m.end() + 1] == "了" else 0)
            # The removed value is named in `raw`; `value` is None per the schema.
            add(start, end, slot, slot.name, None, "remove", 0.8)
        elif _POS_ZH.search(before) or _POS_EN.search(before):
            pos = _POS_ZH.search(before) or _POS_EN.search(before)
            assert pos is not None
            start = m.start() - (len(before) - pos.start())
            end = _with_slot_word(text, m.end(), slot, rx.slot_word, onto)
            add(start, end, slot, slot.name, text[m.start() : end], "change", 0.75)
        elif _ABSENT_ZH.search(text[max(0, m.start() - 24) : m.start()]):
            continue
        elif not _in_question(text, m.start()):
            # A bare mention informs only outside a question: "有租车服务吗？" asks.
            end = _with_slot_word(text, m.end(), slot, rx.slot_word, onto)
            add(m.start(), end, slot, slot.name, text[m.start() : end], "set", 0.6)

    # "不用顺丰了，改用京东快递": the new value belongs to the slot this message dropped.
    dropped = next((u.slot for _, _, u in found if u.op == "remove"), None)
    for m in ZH_INSTEAD.finditer(text):
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        name = dropped  # with nothing dropped, a bare "换成X" is too vague to assign
        if not value or taken(m.start(), m.end()) or name is None or _QUESTION.search(value):
            continue
        add(m.start(), vstart + len(value), onto.slot(name), name, value, "change", 0.7)

    for pat in (_USE_INSTEAD, _MAKE_IT):
        for m in pat.finditer(text):
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            if not value or taken(m.start(), m.end()):
                continue
            members = onto.find_members(value)
            if members:
                slot = members[0][1]
                add(m.start(), vstart + len(value), slot, slot.name, value, "change", 0.75)
            else:
                name = dropped or last_slot or "unspecified"
                add(
                    m.start(),
                    vstart + len(value),
                    onto.slot(name),
                    name,
                    value,
                    "change",
                    0.6 if last_slot else 0.4,
                )

    for slot, vrx in onto.value_patterns:
        for m in vrx.finditer(text):
            add(m.start(), m.end(), slot, slot.name, m.group(0), "set", 0.6)

    found.sort(key=lambda t: t[0])
    return [u for _, _, u in found]


def _matches(pat: re.Pattern[str], text: str, slot_word: re.Pattern[str]) -> list[re.Match[str]]:
    """`pat.finditer(text)`, except that a value running into the next slot word
    ("评分4.5分以上的可有游玩时间4小时") ends there and the search goes on from that word."""
    out: list[re.Match[str]] = []
    pos = 0
    while (m := pat.search(text, pos)) is not None:
        out.append(m)
        nxt = slot_word.search(m.group("value"), 1)
        pos = m.start("value") + nxt.start() if nxt is not None else m.end()
        pos = max(pos, m.start() + 1)
    return out


def _clean_value(value: str, start: int) -> tuple[int, str]:
    """Trim spaces, trailing particles and a trailing '的 + noun' modifier; keep the offset."""
    lead = len(value) - len(value.lstrip())
    v = value.strip()
    cut = v.find("的")
    if cut > 0 and re.search(r"[\u4e00-\u9fff]", v[cut + 1 : cut + 2] or "x"):
        v = v[:cut]
    join = _ZH_JOIN.search(v, 1)
    if join is not None:
        v = v[: join.start()]
    v = _ASSENT_TAIL.sub("", v).rstrip(_TRAIL + " ")
    return start + lead, v


# "价格100元也行": the assent after a value is not part of it.
_ASSENT_TAIL = re.compile(r"(?:也行|也可以|就行|就可以|也好|都行|都可以)$")


def _cut_at_slot_word(value: str, slot_word: re.Pattern[str]) -> str:
    """End a value where the next slot starts: "4分以上最低价格是500元" -> "4分以上".

    A slot word that ends the value is part of a name, not a next slot: "京东快递", "微信支付".
    """
    m = slot_word.search(value, 1)
    if m is None or m.end() == len(value):
        return value
    return value[: m.start()].rstrip(_TRAIL + " ")


def _with_slot_word(
    text: str, end: int, slot: SlotDef, slot_word: re.Pattern[str], onto: Ontology
) -> int:
    """Extend an enum value through its own slot word: "中通" + "快递" -> "中通快递"."""
    m = slot_word.match(text, end)
    if m is not None and onto.slot_for_word(m.group(0)) is slot:
        return m.end()
    return end


def _in_question(text: str, pos: int) -> bool:
    end = min(
        (i for i in (text.find(c, pos) for c in "，,。；;！!？?\n") if i != -1), default=len(text)
    )
    clause = text[pos : end + 1]
    return clause.endswith(("？", "?")) or "吗" in clause


def _starts_like_value(value: str) -> bool:
    # "#CP": CrossWOZ's placeholder for a plate; "京A12345" starts with a letter-digit code.
    return bool(re.match(r"[\d¥￥$€£+(#]|免费|[A-Z]+\d", value))


def entity_for(
    text: str,
    pos: int,
    slot: SlotDef,
    onto: Ontology,
    focus: str | None = None,
    mentions: list[tuple[int, EntityDef]] | None = None,
) -> str:
    """The entity a slot belongs to: the nearest entity named in the text that has this slot;
    else the only entity that has it; else the conversation's focus if it has it.

    `mentions` is `own_mentions(text, onto)` when the caller already has it: a long text
    with many values would otherwise be scanned once per value.
    """
    best: tuple[int, str] | None = None
    for at, ent in own_mentions(text, onto) if mentions is None else mentions:
        if slot.name in ent.slots:
            dist = abs(at - pos)
            if best is None or dist < best[0]:
                best = (dist, ent.name)
    if best is not None:
        return best[1]
    owners = onto.derived("slot_owners", _slot_owners).get(slot.name, [])
    if len(owners) == 1:
        return owners[0]
    if focus is not None and focus in owners:
        return focus
    return slot.entity


def _slot_owners(onto: Ontology) -> dict[str, list[str]]:
    """Slot name -> the entities that declare it."""
    out: dict[str, list[str]] = {}
    for ent in onto.entities:
        for name in ent.slots:
            out.setdefault(name, []).append(ent.name)
    return out


def own_mentions(text: str, onto: Ontology) -> list[tuple[int, EntityDef]]:
    """Entity words that name what the text is about: "他家周边有什么景点" is about the
    restaurant in focus, its 景点 only says what is nearby."""
    return [
        (at, e)
        for at, e in onto.entity_mentions(text)
        if not _NEARBY.search(text, max(0, at - 10), at)
    ]


def focus_of(text: str, onto: Ontology, updates: list[SlotUpdate]) -> str | None:
    """The entity a message is about: the last one it names, else that of its last update
    bound to a declared entity."""
    mentions = own_mentions(text, onto)
    if mentions:
        return mentions[-1][1].name
    declared = {e.name for e in onto.entities}
    return next((u.entity for u in reversed(updates) if u.entity in declared), None)
