"""Options a Chinese reply lists by a value of a shape (flights by number, appointments by
day), and the user's pointer to one of them ("那就第二个吧", "改成11号那个吧").

A reply such as "有三班：CA4113 早上 7:30；3U8886 中午 12:15；HU7147 晚上 21:50。" offers
items no place name tells apart: each is named by its flight number, or by its day and time
("有两个号：3月8日 09:30 和 3月11日 10:10。"). The items are kept as the turn's offered list
(`references.TurnItems.options`, kind "flight" or "date"); a pointer to one resolves to it as
an English "the second option" does, and the pick sets the slot named for the kind.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ctxengine.compaction.measures import ZH_MEASURED_ITEM, pick_by_measure, zh_measure

# A lead that introduces a list after its colon: "有三班：", "为您查到两个号：", "可选：".
_LEAD = re.compile(r"[^。！!？?\n：:]{0,16}[：:]\s*")
_SENTENCE_END = re.compile(r"[。！!？?\n]")
# How the items are parted: by semicolons first (an item may hold a comma: "CA4113 早上 7:30，
# 1450 元"), else by commas, 、, 和 or 或.
_SEPARATORS = (
    re.compile(r"\s*[；;]\s*"),
    re.compile(r"\s*(?:[，,、]|和|或者|或是|或|以及|还有)\s*"),
)
_FLIGHT = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{2,4}(?![A-Za-z0-9])")
_DAY = r"(?:(?P<month>\d{1,2})月)?(?P<day>\d{1,2})[日号]"
_CLOCK = r"\d{1,2}[:：]\d\d"
_DATED = re.compile(rf"{_DAY}(?:\s*(?:早上|上午|中午|下午|晚上)?\s*{_CLOCK})?")
_CLOCK_RX = re.compile(_CLOCK)

FLIGHT_KIND = "flight"
DATE_KIND = "date"


def zh_value_options(text: str) -> tuple[list[tuple[str, str]], str]:
    """(name, detail) of each item a Chinese reply lists after a colon, each named by one
    flight number or one day (with its time), in order, and the kind they are; ([], "") when
    no such list of two or more items of one kind is there."""
    for lead in _LEAD.finditer(text):
        stop = _SENTENCE_END.search(text, lead.end())
        body = text[lead.end() : stop.start() if stop else len(text)].strip()
        for sep in _SEPARATORS:
            pieces = [p for p in sep.split(body) if p.strip()]
            if len(pieces) < 2:
                continue
            items = _items(pieces)
            if items is not None:
                return items
    return [], ""


def _items(pieces: Sequence[str]) -> tuple[list[tuple[str, str]], str] | None:
    flights = [_FLIGHT.findall(p) for p in pieces]
    if all(len(f) == 1 for f in flights):
        out = [
            (f[0], p.replace(f[0], "", 1).strip(" ，,"))
            for f, p in zip(flights, pieces, strict=True)
        ]
        if len({n for n, _ in out}) == len(out):
            return out, FLIGHT_KIND
        return None
    dated = [list(_DATED.finditer(p)) for p in pieces]
    if all(len(d) == 1 for d in dated) and not any(_FLIGHT.search(p) for p in pieces):
        out = [
            (d[0].group(0), p.replace(d[0].group(0), "", 1).strip(" ，,"))
            for d, p in zip(dated, pieces, strict=True)
        ]
        if len({n for n, _ in out}) == len(out):
            return out, DATE_KIND
    return None


_ORDINALS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "七": 6, "八": 7, "九": 8}
_ORDINALS.update({str(n): n - 1 for n in range(1, 10)})
# What may follow a pointer: the clause's end, a particle or a word that picks or asks
# ("第二个吧", "第一个就行", "第二班几点到"); any other word makes it something else's
# ("第二个问题", "第一个人").
_END = r"(?=$|[\s，,。.！!？?；;、…~～]|[吧呢吗嘛啊呀哦了就也都还比怎几多是的不太挺很更最要可行好])"
# "第二个", "第一班", "最后一个", "最后那班", "头一个".
_ORDINAL_ONE = re.compile(
    r"(?:第(?P<ord>[一二三四五六七八九1-9])|(?P<last>最后)[一那]?|(?P<first>头)一)"
    r"(?:个|班|趟|架|次|个号|个时间|个时段)" + _END
)
# "11号那个", "3月11日的那个", "12:15那班", "中午那个": an item by its day, time or part of
# the day.
_VALUE_ONE = re.compile(
    rf"(?P<value>{_DAY}|{_CLOCK}|早上|上午|中午|下午|晚上)\s*的?那(?:一)?(?:个|班|趟|架|次)" + _END
)
# What turns the item down within its clause, and what makes its sentence a question.
_DECLINES = re.compile(r"不要|不行|不考虑|不合适|不想|算了|除了|以外|之外|排除|换掉|太早|太晚|太贵")
_ASKS = re.compile(r"[？?吗嘛]|几点|多少|什么|怎么|哪")
_PICKS = re.compile(r"要|订|定|选|就|改成|换成|改到|换到|约|挂|那就|吧|行|好")
_CLAUSE_EDGE = re.compile(r"[，,。.！!？?；;\n]")

PICK = "pick"
DECLINED = "declined"
ASKED = "asked"


def zh_option_pointers(
    text: str, items: Sequence[tuple[str, str]], *, measures_only: bool = False
) -> list[tuple[int, int, int, str]]:
    """(start, end, item index, how) of each pointer of `text` to one of `items`: `PICK`,
    `DECLINED` when its clause turns the item down, `ASKED` when its sentence asks with no
    picking word before it. An ordinal past the list's end, or a day or time that names no
    item or several, points to none; a comparative ("便宜的那个", "最近的") points to the one
    item its measure is lowest (highest) for, none on a tie or with fewer than two measured.
    `measures_only`: only comparatives are read (a list whose ordinals and names the place
    pointers read)."""
    out = _measure_pointers(text, items)
    if measures_only:
        return out
    for m in _ORDINAL_ONE.finditer(text):
        if any(m.start() < e and s < m.end() for s, e, _, _ in out):
            continue
        if m.group("last"):
            pos = len(items) - 1
        elif m.group("first"):
            pos = 0
        else:
            pos = _ORDINALS[m.group("ord")]
        if 0 <= pos < len(items):
            out.append((m.start(), m.end(), pos, _how(text, m.start(), m.end())))
    for m in _VALUE_ONE.finditer(text):
        if any(m.start() < e and s < m.end() for s, e, _, _ in out):
            continue
        hits = [i for i, item in enumerate(items) if _holds(item, m)]
        if len(hits) == 1:
            out.append((m.start(), m.end(), hits[0], _how(text, m.start(), m.end())))
    # "就订 3U8886 吧": an item by its own name, after a word that picks it.
    for i, (name, _) in enumerate(items):
        at = text.find(name)
        if at < 0 or any(at < e and s < at + len(name) for s, e, _, _ in out):
            continue
        edges = [e.end() for e in _CLAUSE_EDGE.finditer(text, 0, at)]
        begin = edges[-1] if edges else 0
        end = at + len(name)
        if _PICKS.search(text, begin, at) or _PICK_AFTER.match(text, end):
            out.append((at, end, i, _how(text, at, end)))
    return sorted(out)


def _measure_pointers(
    text: str, items: Sequence[tuple[str, str]]
) -> list[tuple[int, int, int, str]]:
    """The comparative pointers of `text` ("按那个便宜的报", "不要最贵的那个") that pick one."""
    out: list[tuple[int, int, int, str]] = []
    for m in ZH_MEASURED_ITEM.finditer(text):
        measure, low = zh_measure(m)
        pos = pick_by_measure(items, measure, low=low)
        if pos is not None:
            out.append((m.start(), m.end(), pos, _how(text, m.start(), m.end())))
    return out


# What picks an item named just before it: "3U8886 吧", "3U8886 就行".
_PICK_AFTER = re.compile(r"\s*(?:那班|那个)?\s*(?:吧|就行|就好|好了|可以)")


def _holds(item: tuple[str, str], m: re.Match[str]) -> bool:
    """Whether the item has the day, time or part of the day the pointer names."""
    whole = f"{item[0]} {item[1]}"
    if m.group("day"):
        said = _DATED.search(whole)
        if said is None or int(said.group("day")) != int(m.group("day")):
            return False
        return not m.group("month") or said.group("month") == m.group("month")
    value = m.group("value")
    if _CLOCK_RX.fullmatch(value):
        return value.replace("：", ":") in whole.replace("：", ":")
    return value in whole


def _how(text: str, start: int, end: int) -> str:
    edges = [e.end() for e in _CLAUSE_EDGE.finditer(text, 0, start)]
    begin = edges[-1] if edges else 0
    after = _CLAUSE_EDGE.search(text, end)
    clause = text[begin : after.start() if after else len(text)]
    if _DECLINES.search(clause):
        return DECLINED
    stop = re.compile(r"[。！!？?\n]").search(text, end)
    sentence = text[begin : stop.end() if stop else len(text)]
    if _ASKS.search(sentence) and not _PICKS.search(text, begin, start):
        return ASKED
    return PICK
