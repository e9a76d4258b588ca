"""One choice given up for another in one breath: "A套餐太贵了，换B套餐", "王主任约满了，换成李
主任吧", "MU5101不要了，还是改国航CA1519", "出发地不要上海了，换成杭州".

The old and the new are values of one thing; the message names the thing only sometimes. It is
named, in this order: by the slot word before "不要X了" (出发地); by the kind both values share
as exact values (two flights: 航班); by the word both end in (套餐, 主任). With none of these the
thing is unknown and nothing is read: a guessed name would file an unrelated choice under it,
and a later one of another kind would supersede it.

Both values become updates of that slot, the old first, so the state archives it and shows
the new one as current.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import jieba

from ctxengine.compaction.patterns import find_spans

# Why the old one is given up: dropped, too dear or far, full, gone, not to be had.
_GIVEN_UP = (
    r"(?:不要了|不用了|不考虑了|不想要了|太贵了?|太远了?|约满了|满了|订满了|没了|没有了|卖完了|售罄了?"
    r"|订不到了?|挂不上了?|不行了?|不合适了?|没号了|停售了|取消了)"
)
# Then what is taken instead.
_THEN = (
    r"[，,]\s*(?:那就|那|就|还是|所以|只能|干脆)?\s*"
    r"(?P<verb>换成|换为|改成|改为|改用|换用|换|改|选)\s*"
)
_VALUE = r"(?P<new>[^，,。；;！!？?\n]{1,24})"
# "MU5101不要了，还是改国航CA1519": the old value opens its clause.
_OLD_FIRST = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\n]))\s*(?P<old>[^，,。；;！!？?\n]{1,16}?)(?:的话)?"
    + _GIVEN_UP
    + _THEN
    + _VALUE
)
# "出发地不要上海了，换成杭州", "手机号别用X了，换成Y": the thing, then the old value.
_THING_FIRST = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\n]))\s*(?P<thing>[\u4e00-\u9fff]{2,6}?)(?:不要|别用|不用|不再用)"
    r"(?P<old>[^，,。；;！!？?\n]{1,16}?)了" + _THEN + _VALUE
)
# Words before the old value that are no part of it.
_LEAD = re.compile(r"^(?:哦|嗯|唉|哎|那个|这个|那|这|还是|算了|不过|但是|可是)+[，,]?\s*")
# Particles and filler after the new value.
_TAIL = re.compile(r"(?:的吧|吧|的|了|呢|啊|呀|哈|就行|就好|好了|试试)+$")
# A pronoun or a pointer is no value ("换成那个吧", "换别的").
_POINTER = re.compile(r"^(?:那个|这个|别的|其他|另一个|另外一个|什么|哪个|一个)")
# Kinds of exact values that say what the thing is ("航班", "日期"), in Chinese.
_KIND_ZH = {
    "flight": "航班",
    "date": "日期",
    "time": "时间",
    "phone": "电话",
    "amount": "金额",
    "email": "邮箱",
    "address": "地址",
    "plate": "车牌",
    "seat": "座位",
}


@dataclass(frozen=True)
class Replacement:
    """The thing's name, and each value with where it ends in the text."""

    thing: str
    old: str
    old_start: int
    new: str
    new_start: int


def _kind(value: str) -> str | None:
    spans = find_spans(value)
    return spans[0].kind if len(spans) == 1 else None


def _common_ending(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return a[len(a) - n :] if n else ""


def _thing_of(old: str, new: str) -> str | None:
    kind = _kind(old)
    if kind is not None and kind == _kind(new) and kind in _KIND_ZH:
        return _KIND_ZH[kind]
    ending = _common_ending(old, new)
    # A word both end in, of two Chinese characters at least: "A套餐" and "B套餐" end in 套餐,
    # "王主任" and "李主任" in 主任; "大床房" and "双床房" share 床房 but their last word is 房,
    # too little to name a thing by.
    if len(ending) < 2 or not re.fullmatch(r"[\u4e00-\u9fff]+", ending) or ending in (old, new):
        return None
    if all(jieba.lcut(v)[-1] == ending for v in (old, new)):
        return ending
    return None


def replacements(text: str) -> list[Replacement]:
    """Each choice given up for another in `text` whose thing can be named (see the module)."""
    if "，" not in text and "," not in text:
        return []
    out: list[Replacement] = []
    for rx in (_THING_FIRST, _OLD_FIRST):
        for m in rx.finditer(text):
            if any(
                m.start("old") < r.new_start + len(r.new) and r.old_start < m.end() for r in out
            ):
                continue
            lead = _LEAD.match(m.group("old"))
            old_start = m.start("old") + (lead.end() if lead else 0)
            old = text[old_start : m.end("old")].strip()
            new = _TAIL.sub("", m.group("new").strip())
            if not old or not new or old == new or _POINTER.match(new):
                continue
            thing = m.groupdict().get("thing") or _thing_of(old, new)
            if thing is None:
                continue
            out.append(Replacement(thing, old, old_start, new, m.start("new")))
    return out
