"""What is near a place: the Chinese words for "near" ("周边", "附近", "旁边"), the kinds of
place a list of neighbours is about, and the reading of such a list.

A task dialogue's replies list what is near a place ("周边餐馆有A、B"); names and values in
such a list belong to that place's neighbours, not to the place the turn is about. A kind is
named by the ontology's entity words ("餐馆") or by what one does there ("吃饭的地方", "好玩的",
"住宿"); a list may follow a remark ("附近吃饭的地方挺多的，您可以去A、B") and end in one
("A、B都在它周边", "A, B，这些家都不错"), or come before its kind ("周边的A和B餐馆"). A reply to
a question about what is near may leave the word for near out ("景点很多，有A", "是的，有一个A").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import SlotUpdate

# "离它近的餐馆", "离这里不远的": near the place in focus, said by its distance; only after
# a word pointing at it ("离地铁站近的酒店" is a place sought, not a neighbour) and before
# "的" (the list it qualifies).
_CLOSE_TO_IT = (
    r"(?:离|距离|距)(?:它|他|她|这|那|此|其|该)[^，,。；;！!？?\n的不没]{0,5}?"
    r"(?:(?:很|挺|非常|特别|比较|蛮|相当|最|更)?近|不(?:算|太|是很)?远)(?=的)"
)
NEAR = rf"(?:周边|附近|周围|旁边|就近|{_CLOSE_TO_IT})"
NEAR_WORD = re.compile(NEAR)
_GAP = r"[^，,。；;！!？?\n]"
# "附近就一家A", "景点不多，只一个A": the one there is, counted (the count is cut off).
_JUST_ONE = r"(?:就|只)(?=(?:一|两|三|几|\d)(?:个|家|处|座|所))"

# Places said by what one does there, keyed by the generic word of their kind; a kind counts
# only for an ontology entity that has that word.
_DOING: dict[str, str] = {
    # "吃饭的地儿", and "吃饭的地" when the question ends on it.
    "餐馆": r"(?:吃饭|用餐|就餐|吃)的(?:地方|去处|地儿|地(?=吗|呢|啊|吧|[?？]))"
    # "附近有没有可以吃饭的？": where one can eat, the place unsaid.
    r"|(?:可以|能)(?:吃饭|用餐|就餐|吃东西)的?"
    # "周围就餐方便吗": the verb alone, asked whether it is handy.
    r"|(?:吃饭|用餐|就餐)(?=方便|吗|么|呢|[?？])"
    r"|好吃的(?:地方|店|馆子)?|美食|吃的|菜馆",
    "酒店": r"(?:住宿|入住|住|休息)的(?:地方|去处|地儿)|住宿|住处|住的",
    # "能去周边玩吗": the verb alone, when the question ends on it.
    "景点": r"(?:游玩|逛逛|逛|转转|玩)的(?:地方|去处)?(?!话)"
    r"|(?:玩|逛逛|逛|转转)(?=吗|呢|啊|吧|[?？])|美景|风景名胜|名胜古迹|名胜|好去处",
}


@dataclass(frozen=True)
class NearRx:
    slots: dict[str, str]  # regex group -> 周边 slot ("k0" -> "周边餐馆")
    kind: str  # the alternation of kind words and phrases, one named group per slot
    near_kind: re.Pattern[str]  # "周边…餐馆", "附近吃饭的地方"
    # In a question, more words between after a question word: "附近还有什么其他不错的景点么".
    near_ask: re.Pattern[str]
    kind_has: re.Pattern[str]  # "，酒店有A": a clause that opens on a kind and lists it
    near_has: re.Pattern[str]  # "周边有A", "附近还可以去逛A": nearby, the kind unsaid
    also: re.Pattern[str]  # "景点和餐馆": a kind joined to the one just named
    kinds: re.Pattern[str]  # a kind word or phrase alone
    opens: re.Pattern[str]  # "景点很多，有A", "有3个景点是A": a kind early in its clause
    list_kind: re.Pattern[str]  # "周边有A和B这两个景点": the list before its kind


def compile_near(onto: Ontology) -> NearRx | None:
    slots: dict[str, str] = {}
    groups: list[str] = []
    nouns: list[str] = []
    for e in onto.entities:
        if onto.slot(f"周边{e.name}") is None:
            continue
        zh = [re.escape(w) for w in sorted(e.zh, key=len, reverse=True)]
        words = zh + [rx for word, rx in _DOING.items() if word in e.zh]
        if not words:
            continue
        name = f"k{len(slots)}"
        slots[name] = f"周边{e.name}"
        groups.append(f"(?P<{name}>{'|'.join(words)})")
        if zh:
            nouns.append(f"(?P<{name}>{'|'.join(zh)})")
    if not groups:
        return None
    kind = "|".join(groups)
    return NearRx(
        slots=slots,
        kind=kind,
        near_kind=re.compile(rf"{NEAR}{_GAP}{{0,8}}?(?:{kind})"),
        near_ask=re.compile(
            rf"{NEAR}(?:{_GAP}{{0,8}}?|{_GAP}{{0,4}}?(?:什么|哪些|啥){_GAP}{{0,6}}?)(?:{kind})"
        ),
        kind_has=re.compile(
            # "不过玩的地方有A", "X可以住宿的酒店有A": the list of a kind, told whose.
            rf"(?:^|(?<=[，,。；;！!\s]))(?:不过|但是|但|另外|而|那|至于)?(?:{_GAP}{{0,12}}?的)?"
            rf"(?:{kind})"
            rf"(?:的话|方面|呢|这边)?(?:只有|还有|也有|有|包括|(?<!\d)[:：])"
        ),
        near_has=re.compile(
            # "附近的话，有A": the place's surroundings, then the list.
            rf"(?:{NEAR}(?:(?:的话|这边|这块)[，,]\s*)?|(?<=去){NEAR}的){_GAP}{{0,8}}?"
            # "离它最近的是A": the one picked out.
            rf"(?:只有|还有|也有|有|(?<=的)是|还可以去逛|可以去逛|还可以去|可以去|包括|(?<!\d)[:：]|{_JUST_ONE})"
            rf"|(?<=去){NEAR}的"
        ),
        also=re.compile(rf"(?:和|与|及|以及|、|还有)(?:{kind})"),
        kinds=re.compile(kind),
        opens=re.compile(
            rf"(?:^|(?<=[，,。；;！!\s]))(?P<pre>[^，,。；;！!？?\s]{{0,8}}?)(?:{kind})"
        ),
        list_kind=re.compile(
            rf"{NEAR}(?:的|有|还有|也有|就有|只有)+\s*(?P<v>[^，。；;！!？?\n]+?)\s*"
            rf"(?P<mark>(?:这|那)(?:[一两三四五六七八九几\d]?(?:个|家|处|座|所)|些)"
            # The kind by its noun only: "有很多好吃和好玩的" lists nothing.
            rf"|[一两三四五六七八九几\d](?:个|家|处|座|所)|等等|等)?(?:{'|'.join(nouns)})"
            r"(?=[\s，,。；;！!？?\n]|$|呢|哦|啊|吧|都|也|可以|供)"
        ),
    )


def slot_of(m: re.Match[str], rx: NearRx) -> str:
    """The 周边 slot of a match of `rx.kind`: the group that matched."""
    return next(rx.slots[g] for g, v in m.groupdict().items() if v is not None and g in rx.slots)


def nearby_updates(text: str, onto: Ontology, *, confidence: float) -> list[tuple[int, SlotUpdate]]:
    """(position, update) for "周边/附近 … <kind> 有 A, B": what is nearby, listed, for
    ontologies with ``周边<entity>`` slots, asked about or not."""
    rx = onto.derived("nearness", compile_near)
    out: list[tuple[int, SlotUpdate]] = []
    if rx is None or NEAR_WORD.search(text) is None:
        return out
    for n in rx.near_kind.finditer(text):
        name = slot_of(n, rx)
        # "附近没有景点，推荐您去A": what is recommended instead is no neighbour.
        none = "没" in n.group(0) or name_goes_on(text, n, rx)
        got = None if none else _and_more(text, with_besides(text, list_after(text, n.end())), rx)
        if got is None and not none and _COUNTED.search(text, n.start(), _kind_start(n)):
            # "周边有三个景点，A、B、C": after a count, the list follows the comma alone.
            got = _after_count_comma(text, n.end())
        if got is not None and name not in {u.slot for _, u in out}:
            out.append((got[0], near_update(name, got[1], confidence)))
    for n in rx.list_kind.finditer(text):
        name = slot_of(n, rx)
        if (
            name not in {u.slot for _, u in out}
            and (got := _listed_before(n, rx, onto)) is not None
        ):
            out.append((got[0], near_update(name, got[1], confidence)))
    return out


def _kind_start(m: re.Match[str]) -> int:
    return min(m.start(g) for g, v in m.groupdict().items() if v is not None)


def _after_count_comma(text: str, start: int) -> tuple[int, str] | None:
    m = _COUNT_COMMA.match(text, start)
    return None if m is None else trimmed(m.start("v"), m.group("v"))


# After a count and a comma, a remark on the place, no name: "只有一家，评分不太高".
_NO_NAME_AHEAD = (
    r"(?![^，,。；;！!？?\n]{0,3}?"
    r"(?:评分|价格|人均|电话|地址|营业|门票|不太|不是|不过|很|挺|比较|非常))"
)
_COUNT_COMMA = re.compile(rf"[，,:：]\s*{_NO_NAME_AHEAD}(?P<v>[^；;。！!？?\n]+)")


def name_goes_on(text: str, m: re.Match[str], rx: NearRx) -> bool:
    """Whether the kind word `m` ends on closes a listed name instead: "X酒店(Y店), Z", and
    "有X度假酒店餐厅" (another kind word right after it, a name after the verb)."""
    if _NAME_GOES_ON.match(text, m.end()) is not None:
        return True
    if rx.kinds.match(text, m.end()) is None:
        return False
    # "周边酒店餐馆包括A": two kinds side by side, no name before them.
    kind = next(g for g in rx.slots if m.group(g) is not None)
    return _NAMED_AFTER_VERB.search(text, m.start(), m.start(kind)) is not None


_NAMED_AFTER_VERB = re.compile(r"有[^的]{2,}$")
_HOW_MANY = re.compile(r"很多|好多|许多|不少|一些|各种|各类|多家|几家")
_JOINER = re.compile(r"和|与|及|或|、|,")


def _listed_before(m: re.Match[str], rx: NearRx, onto: Ontology) -> tuple[int, str] | None:
    """The list of a `list_kind` match: "周边的A和B餐馆", "周边有A这个景点". Without a word
    that points at the kind ("这个", "等"), the list needs two names, the last of which the
    kind word does not end: "附近有A, B饭店" lists the name "B饭店"."""
    v = m.group("v")
    if "没" in v or _HOW_MANY.search(v) is not None:
        return None  # "周边有不少A和B这样的餐馆": kinds of place, no list
    if m.group("mark") is None:
        last = _JOINER.split(v)[-1]
        if last == v or onto.entity_of_name(last.strip() + m.string[m.end("v") : m.end()].strip()):
            return None
    got = trimmed(m.start("v"), v)
    # "附近的酒店和餐馆": kinds joined, no names; "附近的酒店和": a kind still to come.
    if got is None or any(rx.kinds.fullmatch(p.strip()) for p in _JOINER.split(got[1])):
        return None
    return None if _JOINER.fullmatch(got[1][-1]) else got


# "周边餐馆推荐一下", "给我介绍下附近的景点": a request for the list, with no question word.
_REQUEST = re.compile(r"推荐|介绍|列举|说说|讲讲")
_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
_ANY_DIGIT = re.compile(r"\d")


def requested_nearby(text: str, onto: Ontology) -> list[str]:
    """The 周边 slots a user message requests the list of ("周边餐馆和景点推荐一下"), in
    reading order; a clause with an amount ("评分4.5分以上") searches among them instead."""
    rx = onto.derived("nearness", compile_near)
    out: list[str] = []
    if rx is None or _REQUEST.search(text) is None or NEAR_WORD.search(text) is None:
        return out
    for c in _CLAUSE.finditer(text):
        clause = c.group(0)
        if _REQUEST.search(clause) is None or _ANY_DIGIT.search(clause) is not None:
            continue
        for n in rx.near_kind.finditer(clause):
            names = [slot_of(n, rx)]
            end = n.end()
            while (also := rx.also.match(clause, end)) is not None:
                names.append(slot_of(also, rx))
                end = also.end()
            out += [name for name in names if name not in out]
    return out


def asked_nearby(text: str, onto: Ontology, slots: list[str]) -> list[tuple[int, SlotUpdate]]:
    """Lists in a reply to a question about what is near, for the asked 周边 `slots` the reply
    names no nearby kind for: "酒店有A、B" (the kind alone), "周边有A, B" (the kind unsaid,
    when one nearby slot is asked)."""
    rx = onto.derived("nearness", compile_near)
    out: list[tuple[int, SlotUpdate]] = []
    if rx is None:
        return out
    rest = list(slots)
    for m in rx.kind_has.finditer(text):
        name = slot_of(m, rx)
        got = list_after(text, m.end(), verbed=True) if name in rest else None
        if (got := _and_more(text, with_besides(text, got), rx)) is not None:
            out.append((got[0], near_update(name, got[1], 0.6)))
            rest.remove(name)
    for m in rx.opens.finditer(text):
        name = slot_of(m, rx)
        if name in rest and (got := _and_more(text, _opened_list(text, m, rx), rx)) is not None:
            out.append((got[0], near_update(name, got[1], 0.6)))
            rest.remove(name)
    if len(rest) == 1:
        for m in rx.near_has.finditer(text):
            kind = rx.near_kind.match(text, m.start())
            named = (
                kind is not None
                and not name_goes_on(text, kind, rx)
                and not _ends_name(text, m.end(), kind, rx, rest[0], onto)
            )
            if named or "没" in m.group(0):
                continue  # the kind is named after all, or nothing is there
            got = with_besides(text, list_after(text, m.end(), verbed=True))
            if (got := _and_more(text, got, rx)) is not None and not _kind_alone(got, onto):
                out.append((got[0], near_update(rest[0], got[1], 0.6)))
                break
        else:
            # No list said to be near: one before "都在它周边", or after "您可以入住", "有";
            # but "周边没有酒店，您可以入住A": what is offered instead is no neighbour.
            got = None if _NOT_NEAR.search(text) else _and_more(text, _bare_list(text), rx)
            if got is not None and not _kind_alone(got, onto):
                out.append((got[0], near_update(rest[0], got[1], 0.6)))
    return out


def _ends_name(
    text: str, start: int, kind: re.Match[str], rx: NearRx, slot: str, onto: Ontology
) -> bool:
    """Whether the asked kind's word `kind` ends the first name listed at `start` instead of
    naming the kind: "离这儿近的有如家酒店和汉庭酒店" (but not "有好几家酒店")."""
    span = text[start : kind.end()]
    return (
        slot_of(kind, rx) == slot
        and start < _kind_start(kind)
        and onto.entity_of_name(span) is not None
        and _NOT_A_NAME.search(span) is None
    )


# A span that counts or remarks ("好几家酒店", "不错的酒店") is no name.
_NOT_A_NAME = re.compile(r"的|没|很|多|些|几|\d|[一两三四五六七八九十](?:个|家|处|座|所)")


def _kind_alone(got: tuple[int, str], onto: Ontology) -> bool:
    """Whether a list read is a kind's word alone ("附近有地铁站"), no place's name."""
    words = onto.entity_words(got[1])
    return len(words) == 1 and words[0].group(0) == got[1]


def _and_more(text: str, got: tuple[int, str] | None, rx: NearRx) -> tuple[int, str] | None:
    """`got` with the names joined on after it: "有A，还有B" (or "，另外还有B", "，以及B")
    lists B too, when B's clause is names alone (no kind, no remark: "，还有很多餐馆")."""
    if got is None:
        return None
    pos, value = got
    end = pos + len(value)
    if (tail := _NEAR_TAIL.match(text, end)) is not None:
        end = tail.end()  # "A就在它旁边，还有B": the remark on A, then B
    m = _MORE.match(text, end)
    if m is None or rx.kinds.search(m.group("v")) or _NOT_MORE.search(m.group("v")):
        return got
    more = trimmed(m.start("v"), m.group("v"))
    if more is None or not m.group("v").strip().startswith(more[1]):
        return got
    return pos, text[pos : more[0] + len(more[1])]


_MORE = re.compile(
    r"\s*[，,]\s*(?:另外|此外|而且)?(?:还有|以及|也有)\s*(?P<v>[^，,。；;！!？?\n]+)(?=$|[。；;！!？?\n])"
)
_NOT_MORE = re.compile(
    rf"{NEAR}|没|的|很|多|些|几|什么|哪|吗|呢|都|可以|您|你|[一两三四五六七八九十\d](?:个|家|处|座|所)"
)


def _opened_list(text: str, m: re.Match[str], rx: NearRx) -> tuple[int, str] | None:
    """The list after a kind early in its clause: after a count ("有3个景点是A, B") or after a
    remark on how many ("景点很多，有A", "有不少好的餐馆呢，像A")."""
    # "附近没有景点，推荐您去A": a kind said near is read (or refused) by `nearby_updates`.
    if name_goes_on(text, m, rx) or "没" in m.group("pre") or NEAR_WORD.search(m.group("pre")):
        return None
    if _COUNTED.search(m.group("pre")) is not None:
        got = _AFTER_COUNT.match(text, m.end())
    elif (got := _AFTER_REMARK.match(text, m.end())) is not None and (
        _OPEN_REMARK.fullmatch(got.group("r")) is None
    ):
        return None
    if got is None or "没" in got.group(0):
        return None
    return trimmed(got.start("v"), got.group("v"))


def _bare_list(text: str) -> tuple[int, str] | None:
    """The list a reply gives the one nearby slot asked, the kind unsaid: "像A, B都在它周边",
    "您可以入住A或B", "是的，有一个A"."""
    if (tail := _NEAR_TAIL.search(text)) is not None:
        start = max(text.rfind(c, 0, tail.start()) for c in "。！!？?；;\n") + 1
        said = text[start : tail.start()]
        # "A, B都在它周边" whole, or what follows the cue after a remark.
        cue = _TAIL_CUE.search(said)
        if cue is not None or "，" not in said:
            lead = cue.end() if cue is not None else 0
            return trimmed(start + lead, said[lead:])
    if (go := _STAY.search(text)) is not None or (go := _THERE_IS.match(text)) is not None:
        return list_after(text, go.end(), verbed=True)
    if (go := _BESIDES.match(text)) is not None:
        return with_besides(text, list_after(text, go.end(), verbed=True))
    return None


# "除了A，还有B、C": A is one of them too (the list said along, not an exception).
_BESIDES_X = r"除了\s*(?P<x>[^，,。；;！!？?\n]{2,40}?)\s*(?:以外|之外|外)?[，,]\s*"
_BESIDES = re.compile(
    rf"\s*(?:(?:是的|有的|当然有|有)[啊呀呢的哦]*[，,！!]\s*)?{_BESIDES_X}"
    r"[^，,。；;！!？?\n]{0,10}?(?:还有|也有)"
)
_BESIDES_BEFORE = re.compile(rf"{_BESIDES_X}[^，,。；;！!？?\n]{{0,10}}$")


def with_besides(text: str, got: tuple[int, str] | None) -> tuple[int, str] | None:
    """`got` (a list read at its position) with the place "除了A，" names before it: "除了A，
    还有B、C" lists A too. The value stays the reply's own words, from A to the list's end."""
    if got is None:
        return None
    pos, value = got
    m = _BESIDES_BEFORE.search(text, max(0, pos - _BESIDES_REACH), pos)
    x = m.group("x") if m is not None else ""
    if m is None or NEAR_WORD.search(x) or "没" in x or _NOT_A_PLACE.match(x):
        return got  # "除了这家，…", "除了购物，…": no place of the list
    return m.start("x"), text[m.start("x") : pos + len(value)]


# What "除了X" names that is no place: a pointer, an activity.
_NOT_A_PLACE = re.compile(r"这|那|它|他|她|此|购物|吃饭|用餐|游玩|逛街|住宿|休息|玩")
# Facilities near a place, no places of a kind: "附近有地铁站和公交站", "还有停车场".
_FACILITY = re.compile(
    r"(?:地铁站|公交站|车站|停车场|停车位|商场|超市|银行|医院|厕所|卫生间|加油站|便利店|药店|ATM)"
)
_MEMBERS = re.compile(r"\s*(?:、|和|与|及|以及|或者|或|,|，|还有)\s*")


def facilities_only(value: str) -> bool:
    """Whether every member of a list is a facility word alone ("地铁站和公交站")."""
    parts = [p for p in _MEMBERS.split(value) if p]
    return bool(parts) and all(_FACILITY.fullmatch(p) for p in parts)


# How far before a list its "除了A，" is looked for: A is one name (`_BESIDES_X`).
_BESIDES_REACH = 64


# "周边有X酒店(Y店), Z": the kind word ends a listed name, it names no kind.
_NAME_GOES_ON = re.compile(r"\s*(?:[(（、]|,\s)")


def near_update(slot: str, value: str, confidence: float) -> SlotUpdate:
    return SlotUpdate(
        entity="task", slot=slot, value=value, op="set", raw=value, confidence=confidence
    )


# The cue a list follows after a remark: "，您可以去A", "，为您推荐：A", "，分别是A".
_CUE = (
    r"(?:(?:您|你)?(?:还可以去逛|可以去逛|还可以去|可以去|可以)|只有|还有|也有|有|"
    + _JUST_ONE
    + r"|"
    r"(?:像是|像|比如说|比如|例如|如(?!果|何|此|今|下|家))(?:有|是)?|(?:为您|给您)?推荐|分别是|分别为|包括"
    # "典型的有A", "比较近的是A": the ones picked out.
    r"|[^，,。；;！!？?\s的]{1,5}的(?:有|是))\s*(?:[:：]\s*)?"
)
_AFTER_VERB = re.compile(
    # "都有些贵": "有些" says how much, it lists nothing.
    r"(?:[^，,；;。！!？?\n]{0,6}?(?:有(?!些|点|一些|一点|名)|是|为|包括|包含|(?<!\d)[:：](?!\d))"
    # "周边餐馆实在太多了，比如说A, B": the examples after a remark.
    r"|[^；;。！!？?\n]{0,10}?(?:比如说|比如|例如|像是)"
    # "它家周边餐馆还挺多呢，有A, B", "…的景点不多，只有A": the list after a remark.
    r"|[^，,；;。！!？?\n]{0,10}?[，,]\s*" + _CUE + "|"
    # "周边有好多景点呢，A, B": the list right after the remark.
    r"[^，,；;。！!？?\n]{0,10}?[了呢啊哦呀][，,])\s*(?P<v>[^；;。！!？?\n]+)"
)
# A remark on how many or how handy, not a name: "还是挺多的", "不多", "也是很便捷的".
_REMARK = re.compile(
    r"(?:那|这)?(?:还是|还|也是|也|都|真是|实在是?|倒是|可)?(?:很|挺|非常|特别|比较|相当|蛮|太|超|好|不)?"
    # "好几家呢": how many, by the count word.
    r"(?:多|少|方便|便捷|便利|丰富|近|几(?:家|个|处|座)|多(?:家|个|处|座))(?:的|了|呢|啊|哦|呀|哈)*"
)
# After a kind early in its clause: "有3个景点是A", "景点很多，有A", "有不少餐馆呢，像A".
_COUNTED = re.compile(r"(?:\d+|[一二两三四五六七八九十几])\s*(?:个|家|处|座|所)$")
_AFTER_COUNT = re.compile(r"(?:的话)?(?:分别是|是|有|为|[:：])\s*(?P<v>[^；;。！!？?\n]+)")
_AFTER_REMARK = re.compile(
    rf"(?P<r>[^，,。；;！!？?\n]{{0,8}}?)[，,]\s*{_CUE}(?P<v>[^；;。！!？?\n]+)"
)
_OPEN_REMARK = re.compile(rf"(?:的话|呢|方面|这边)?(?:(?:也|还|都)?有?{_REMARK.pattern})?")
_NOT_NEAR = re.compile(r"没|不在")
# "是的，有一个A": yes, and what there is; "也有啊，比如A": yes, and examples.
_THERE_IS = re.compile(
    r"\s*(?:[^，,。！!？?]{0,4}?有[啊呀呢的哦]*[，,！!]\s*"
    r"(?:像是|像|比如说|比如|例如|如(?!果|何|此|今|下|家))(?:有|是)?"
    r"|(?:(?:是的|有的|对|嗯|当然)[啊呀呢的]*[，,！!]\s*)?(?:还有|有)(?![啊呀呢吧哦的了，,。！!]))"
)
# "当然有啦，像A, B都在它周边": where the list before a remark on nearness begins.
_TAIL_CUE = re.compile(
    r"(?:^|[，,])\s*(?:像是|像|比如说|比如|例如|有)(?![啊呀呢吧哦的了，,])\s*"
    # "有，A离它很近": yes, then the one said near.
    r"|^\s*(?:是的|有的|当然有|有|对|嗯)[啊呀呢的哦]*[，,！!]\s*(?=[^，,]+$)"
)
# "您可以入住A或B", "可以去吃A": where to stay, eat or what to pick, when what is near is asked.
_STAY = re.compile(
    r"(?:^|(?<=[，,。；;！!]))\s*(?:(?:您|你)们?(?:还)?(?:可以|不妨)?(?:入住|住在(?!这|那|此)|选择|考虑"
    # "您可以看看A和B": the ones to look at.
    r"|(?<=可以)看看|(?<=不妨)看看)"
    r"|(?:推荐|建议)(?:您|你)们?(?:入住|住在(?!这|那|此)|选择))"
    # "住在这里可以去吃A": where to eat, from there.
    r"|(?:可以|不妨|能)去(?:吃|尝尝)"
    # "可以去A和B转转": where to go from there, when what is near is asked.
    r"|(?:^|(?<=[，,]))\s*(?:(?:您|你)们?)?(?:还)?(?:可以|不妨)去(?!吃|尝尝)"
)
_FIRST_CLAUSE = re.compile(rf"([^，,]*)[，,]\s*(?:{_CUE})?")
_VERBED = re.compile(r"\s*(?:[:：]\s*)?(?P<v>[^；;。！!？?\n]+)")
_BUT = re.compile(r"但|不过|可是|可惜")
_ASKS_BACK = re.compile(r"什么|吗|哪|需要")


def list_after(text: str, start: int, *, verbed: bool = False) -> tuple[int, str] | None:
    """(position, value) of the list after a verb ("有", "是") at or after `start`, or right
    at `start` when `verbed` (the verb is already read)."""
    m = (_VERBED if verbed else _AFTER_VERB).match(text, start)
    if m is None or "没" in text[start : m.start("v")]:
        return None  # "附近的餐馆都没有X这道菜": nothing is listed
    return trimmed(m.start("v"), m.group("v"))


def trimmed(pos: int, value: str) -> tuple[int, str] | None:
    """The list in `value` (at `pos`), its lead-ins and the remarks around it cut off."""
    lead = len(value) - len(value.lstrip("，,、：: "))
    # "有的，白家大院、…": the "的" of "有的" (yes, there are) is no part of the list.
    if (m := _YES_LEAD.match(value, lead)) is not None:
        lead = m.end()
    # "还是挺多，有A": the remark before the list.
    if (m := _FIRST_CLAUSE.match(value, lead)) is not None and _REMARK.fullmatch(m.group(1)):
        lead = m.end()
    if (m := _COUNT.match(value, lead)) is not None or (m := _ONE_OF.match(value, lead)):
        lead = m.end()
        if value.startswith(("，", ","), lead) or _PLACE_WORD.match(value, lead):
            return None  # "只有一家，评分不太高", "只有一家餐馆，…": how many, no name
    v = value[lead:].strip()
    # "A、B、C，附近的酒店有D": the list ends where the next clause begins.
    if (m := _NEXT_CLAUSE.search(v)) is not None:
        v = v[: m.start()]
    v = _LIST_TAIL.sub("", v)
    v = v.rstrip("，,、 ").removesuffix("等")
    if NEAR_WORD.search(v) or _REMARK.fullmatch(v) or _ASKS_BACK.search(v) or _BUT.match(v):
        return None  # "周边很方便": a remark about the place, not what is there
    if _HOW_MANY.match(v):
        return None  # "还有不少很有名的": how many there are, no names
    v = re.sub(r"(?:等等|等|哦|呢|啊|(?<![酒串网书])吧|呀|了)$", "", v).rstrip("，,、 ")
    if facilities_only(v):
        return None  # "附近就一个停车场": what is there to use, no place of a kind
    return (pos + lead, v) if len(v) >= 2 else None


# "一家餐馆": the count's noun, no name.
_PLACE_WORD = re.compile(
    r"(?:地方|景点|餐馆|餐厅|饭店|饭馆|酒店|宾馆|旅馆|店)(?=$|[，,。；;！!？?\s])"
)
# "有的啊是A": the yes and its particle.
_YES_LEAD = re.compile(r"\s*的[啊呀呢哦]*(?:[，,]|是)\s*")
# "只有一家是北京温都水城", "只有一家餐馆就是A": the count before a single answer.
_ONE_OF = re.compile(
    # "有个A": the count's "一" left out.
    r"(?:只有|就)?(?:一家|一个|一处|一座|个(?=[^，,、:：\s]{2}))(?:[^，,、:：\d]{0,4}?(?:就是|叫做|是|叫|就))?"
)
# "3个景点的是A, B", "两处，分别是A, B", "三个景点，A, B": the count before the list.
_COUNT = re.compile(
    r"(?:\d+|[一二两三四五六七八九十几])\s*(?:个|家|处|座)[^，,、:：\d]{0,4}?"
    # "有一家，叫A": the name it goes by; "只有一家，评分不太高": a remark on it, no name.
    r"(?:的是|[，,]?\s*分别是|[，,]?\s*分别为|是|有|为|[:：]|[，,]\s*(?:叫做|叫|就是)?"
    rf"{_NO_NAME_AHEAD})\s*"
)
# "A，B都在附近": a last member the list's remark follows is no next clause.
_IS_NEAR = rf"(?:都|也|就|均)(?:是|分布)?在(?:它|他|她|这|那|其)?(?:家)?的?{NEAR}"
IS_NEAR_TAIL = re.compile(_IS_NEAR)
# "A和B离得都很近", "A、B都离这里不远", "A离它很近": the list's remark says it by distance
# (from the place in focus, not "离地铁站很近"; "离得不算近" is far).
_CLOSE_TAIL = (
    r"(?:(?:都|也|就|均)?(?:离|距离|距)(?:得|它|他|她|这|那|此|其)[^，,。；;！!？?\n不没]{0,4}?"
    r"(?:都|也)?(?:(?:很|挺|非常|特别|比较|蛮|相当)?近|不(?:算|太|是很)?远)"
    # "A就挨着它", "A和它挨着": next to it.
    r"|(?:都|也|就)?(?:紧)?(?:挨着|紧邻|毗邻)(?:它|他|她|这|那)[里儿]?"
    r"|(?:都|也|就)?(?:和|跟|与)(?:它|他|她|这|那)[里儿]?(?:都|也|就)?(?:紧)?挨着)(?:的|了|呢|哦|啊)*"
    r"(?=$|[，,。；;！!？?\n])"
)
_NEAR_TAIL = re.compile(rf"{_IS_NEAR}|{_CLOSE_TAIL}")
_NEXT_CLAUSE = re.compile(
    rf"[，,](?![^，,、]{{1,16}}?(?:{_IS_NEAR}|{_CLOSE_TAIL}))"
    # "A, B等景点，C周边有：D": the next place's list.
    rf"(?:(?=[^，,、\s]{{0,8}}?{NEAR}的?(?:有|还有|是|[:：]))"
    # "A，抱歉…", "A，哈哈", "A，很方便", "A，怎么样": a remark after the list.
    r"|(?=\s*(?:这些|这几|它们|以上|抱歉|不好意思|对不起|遗憾|哈哈|呵呵|很|挺|非常|怎么样|如何|各种|"
    # "A，评分4.5分": what is said of the place listed.
    # "A，每晚800元", "A，免费": a night's price or a free ticket said of the place listed.
    r"并且|而且|同时|另外|评分|价格|人均|电话|地址|营业|门票|(?:每晚|一晚)(?=\d)|免费(?=[，,。！!？?]|$)|[^，,、\s]{0,4}?(?:有|是|在|附近|周边|周围|旁边|都是|都在|都很|没有|"
    r"可以|您|你|距离|不过|但))))"
)
# "…都在它周边", "…都是不错的选择", "…都棒极了", "…可供您选择": the list's own comment.
_LIST_TAIL = re.compile(
    rf"\s*(?:{_IS_NEAR}|{_CLOSE_TAIL}|(?:都|也|均)(?:是|很|挺|非常|特别|比较|不错|值得|可以|棒|蛮)[^，,、]*"
    r"|可供您?选择|供您?选择|等等|等[^，,、\s]{0,2}"
    # "有个A挺好玩的": a remark on the one named.
    r"|(?:挺|很|非常|特别|超|蛮)(?:好|不错|有名|值得|漂亮|美|出名)[^，,、]*"
    # "A、B这几家餐馆试试", "A、B游玩一番": what to do there.
    r"|这(?:几|些|两|三)[^，,、]*|可以(?:玩|去|逛|看|选)[^，,、]*|(?:游玩|游览|逛逛|转转|看看|试试|尝尝)一?(?:番|下)?"
    # "只有A一家", "就A、B两个景点": the count after the list.
    # (a name may start with a count: "三个贵州人").
    r"|(?:这)?(?:\d+|[一两三四五六七八九十几])(?:个|家|处|座|所)"
    r"(?:地方|景点|餐馆|餐厅|饭店|饭馆|酒店|宾馆|旅馆)?)"
    r"(?:呢|哦|啊|呀|的|了|而已|罢了)*$"
)
