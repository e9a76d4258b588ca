"""Offered items told apart by a number their details give, and the pointer that picks one by
comparing it ("the cheaper one", "the shortest option", "便宜的那个").

A reply may list its options inline with their prices and nothing else that cues a list:
"Alcantara EUR 9,800 or Braco de Prata EUR 6,200." (`en_priced_inline`). A pointer that
compares ("go with the cheaper one") picks the one item whose detail gives the lowest (or
highest) such number, by the measure the comparative is about: a price, a duration, a
distance (`pick_by_measure`). A tie, or fewer than two items giving the number, picks none.
The measures are shared by the English and Chinese readers (`MEASURES`); a Chinese cue
names the same measure keys ("price", "duration", "distance").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_CODES = r"(?:EUR|USD|GBP|CNY|RMB|JPY|CHF|CAD|AUD|HKD|SGD)"
# A price: a currency sign or code before the number, or a currency word after it.
_PRICE = re.compile(
    rf"(?:[$€£¥￥]|\b{_CODES}\b)\s?(?P<a>{_NUMBER})"
    rf"|(?P<b>{_NUMBER})\s?(?:(?:dollars?|euros?|pounds?|yuan|{_CODES})\b|元|块)"
)
# A duration: "2h 10m", "2 hours 5 minutes", "45 min", "3小时20分钟".
_DURATION = re.compile(
    r"(?i)(?P<h>\d+(?:\.\d+)?)\s?(?:hours?|hrs?|h|小时)(?![a-z])\s?"
    r"(?:(?P<m>\d+)\s?(?:minutes?|mins?|m|分钟?)(?![a-z]))?"
    r"|(?P<only>\d+)\s?(?:minutes?|mins?|分钟)(?![a-z])"
)
# A distance, in km: "1.2 km", "800 m", "3 miles", "2公里", "500米".
_DISTANCE = re.compile(
    r"(?i)(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>km|kilometers?|kilometres?|公里|千米|mi|miles?"
    r"|m|meters?|metres?|米)(?![a-z])"
)
_KM = {"mi": 1.609, "mile": 1.609, "miles": 1.609, "m": 0.001, "米": 0.001}
_KM.update({"meter": 0.001, "meters": 0.001, "metre": 0.001, "metres": 0.001})


def price_of(text: str) -> float | None:
    """The first price `text` gives ("$229", "EUR 9,800", "6,200 euros", "4280 元")."""
    m = _PRICE.search(text)
    if m is None:
        return None
    return float((m.group("a") or m.group("b")).replace(",", ""))


def duration_of(text: str) -> float | None:
    """The first duration `text` gives, in minutes ("2h 10m" -> 130)."""
    for m in _DURATION.finditer(text):
        if m.group("only"):
            return float(m.group("only"))
        if m.group("h"):
            return float(m.group("h")) * 60 + float(m.group("m") or 0)
    return None


def distance_of(text: str) -> float | None:
    """The first distance `text` gives, in km ("800 m" -> 0.8)."""
    m = _DISTANCE.search(text)
    if m is None:
        return None
    return float(m.group("n")) * _KM.get(m.group("unit").lower(), 1.0)


MEASURES: dict[str, Callable[[str], float | None]] = {
    "price": price_of,
    "duration": duration_of,
    "distance": distance_of,
}


def pick_by_measure(items: Sequence[tuple[str, str]], measure: str, *, low: bool) -> int | None:
    """The index of the item whose detail gives the lowest `measure` (the highest when `low`
    is False), when two or more give one and none ties it; else None."""
    found = [
        (v, i)
        for i, (_, detail) in enumerate(items)
        if (v := _measured(detail, measure)) is not None
    ]
    if len(found) < 2:
        return None
    best = min(found) if low else max(found)
    if sum(v == best[0] for v, _ in found) > 1:
        return None
    return best[1]


def _measured(detail: str, measure: str) -> float | None:
    """The `measure` a detail gives: as a tool record's "price=9800", else as said."""
    m = re.search(rf"\b{measure}=(\d+(?:\.\d+)?)", detail)
    return float(m.group(1)) if m else MEASURES[measure](detail)


_ITEM_NOUN = (
    r"(?:one|option|choice|pick|flight|train|bus|hotel|venue|place|restaurant|room|table"
    r"|car|apartment|tour|route|plan|package|class|course|ticket|fare|rate|offer|deal)"
)
# A comparative an English pointer picks by: (measure, low) per wording.
_EN_COMPARATIVES: dict[str, tuple[str, bool]] = {
    "shorter": ("duration", True),
    "shortest": ("duration", True),
    "quicker": ("duration", True),
    "quickest": ("duration", True),
    "faster": ("duration", True),
    "fastest": ("duration", True),
    "longer": ("duration", False),
    "longest": ("duration", False),
    "closer": ("distance", True),
    "closest": ("distance", True),
    "nearer": ("distance", True),
    "nearest": ("distance", True),
}
# "the shorter one", "the fastest flight", "the closest option". (Prices are read by
# `references._EN_PRICED_ITEM`.) A noun is needed after a comparative ("the shorter one"),
# not after a superlative ("the shortest", "the nearest, please").
EN_MEASURED_ITEM = re.compile(
    r"(?i)\bthe\s+(?:(?P<cmp>shorter|quicker|faster|longer|closer|nearer)\s+"
    + _ITEM_NOUN
    + r"|(?P<sup>shortest|quickest|fastest|longest|closest|nearest)(?:\s+"
    + _ITEM_NOUN
    + r")?)\b(?!\s+(?:to|from|than)\b)"
)


def en_measure(m: re.Match[str]) -> tuple[str, bool]:
    """(measure, low) of an `EN_MEASURED_ITEM` match."""
    return _EN_COMPARATIVES[(m.group("cmp") or m.group("sup")).lower()]


# A Chinese comparative pointer: "便宜的那个", "最便宜的", "便宜点的那个", "贵的那个",
# "最近的那家", "时间短的那个". (measure, low) by the word; for a reader of Chinese options
# to plug in.
# A character before the word that makes it part of another word ("附近的", "家长的",
# "宝贵的", "愉快的", "简短的"), and what may follow the pointer: the clause's end, a particle
# or a verb that picks ("那个便宜的报", "最便宜的吧"), not a noun it describes ("最近的订单").
ZH_MEASURED_ITEM = re.compile(
    r"(?P<most>最)?(?<![附接靠亲邻将宝珍富愉凉痛尽赶加简缩家校增成延擅组院永])"
    r"(?P<word>便宜|实惠|贵|近|远|快|短|长)(?:一?点|一些)?的(?:那|这)?(?:一)?"
    r"(?:个|家|班|趟|款|种|套|间|张)?"
    r"(?=$|[\s，,。.！!？?；;、…~～]|[吧呢吗嘛啊呀哦了就也都吧报要选买约挂来行好]|订(?!单)|定(?!金))"
)
_ZH_COMPARATIVES: dict[str, tuple[str, bool]] = {
    "便宜": ("price", True),
    "实惠": ("price", True),
    "贵": ("price", False),
    "近": ("distance", True),
    "远": ("distance", False),
    "快": ("duration", True),
    "短": ("duration", True),
    "长": ("duration", False),
}


def zh_measure(m: re.Match[str]) -> tuple[str, bool]:
    """(measure, low) of a `ZH_MEASURED_ITEM` match."""
    return _ZH_COMPARATIVES[m.group("word")]


# An inline offer of priced items with no cue: "Alcantara EUR 9,800 or Braco de Prata EUR
# 6,200.", "Hotel Julian ($259), Kinzie Hotel ($199) or the Palmer House ($229)".
_EN_NAME = r"(?:[A-Z][\w'’&.-]*(?:\s+(?:of|the|de|da|do|del|la|le|&|[A-Z][\w'’&.-]*))*)"
_EN_PRICE_TEXT = (
    rf"\(?(?:[$€£¥]\s?{_NUMBER}|{_CODES}\s?{_NUMBER}|{_NUMBER}\s?(?:dollars?|euros?|{_CODES}))"
    r"(?:\s?(?:/|a|per)\s?(?:night|day|person|ticket|month|week))?\)?"
)
_EN_PRICED = re.compile(
    rf"(?:the\s+)?(?P<name>{_EN_NAME})\s+(?:(?:for|at|costs?|priced\s+at)\s+)?"
    rf"(?P<price>{_EN_PRICE_TEXT})"
)
_EN_PRICED_SEP = re.compile(r",\s+(?:(?:or|and)\s+)?|\s+(?:or|and)\s+")


def en_priced_inline(text: str) -> list[tuple[str, str]]:
    """(name, price) of each item of the first sentence of `text` that is nothing but two
    or more capitalised names, each with its price, parted by commas, "or" or "and"
    ("Alcantara EUR 9,800 or Braco de Prata EUR 6,200."); [] otherwise."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        body = sentence.strip().rstrip(".!?").strip()
        pieces = [p for p in _EN_PRICED_SEP.split(body) if p.strip()]
        if len(pieces) < 2:
            continue
        matches = [_EN_PRICED.fullmatch(p.strip()) for p in pieces]
        items = [(m.group("name"), m.group("price").strip("()")) for m in matches if m]
        if len(items) == len(pieces) and len({n for n, _ in items}) == len(items):
            return items
    return []


# An inline offer of priced items in Chinese with no colon: "有周末班 4280 元和周末VIP班 5600
# 元。", "A ¥468/晚，B ¥359/晚". Items are parted only after a price ends, so a name may hold
# 和 ("和平饭店").
_ZH_PRICE_TEXT = (
    rf"(?:[¥￥]\s?{_NUMBER}|{_NUMBER}\s?(?:元|块))(?:\s?(?:/|每|一)\s?(?:晚|天|人|位|月|次|张))?"
)
_ZH_PRICED = re.compile(
    rf"(?P<name>[^\d\s，,、；;。！？!?：:¥￥]{{2,20}}?)\s*(?P<price>{_ZH_PRICE_TEXT})"
)
_ZH_PRICED_SEP = re.compile(
    r"(?<=[元块晚天人位月次张\d])\s*(?:[，,、；;]\s*(?:还有|或者|或是|和|或)?|和|或者|或是|或|以及|还有)\s*"
)
_ZH_PRICED_LEAD = re.compile(r"^(?:目前|现在|这边)?(?:有|还有|可以选|可选|推荐)?")
# Names that are parts of one bill, no options ("总价 4280 元和税费 300 元").
_ZH_NOT_ITEM = re.compile(r"[价费税额]|押金|定金|合计|总共|一共|优惠|请|您")


def zh_priced_inline(text: str) -> list[tuple[str, str]]:
    """(name, price) of each item of the first Chinese sentence of `text` that is nothing but
    two or more names, each with its price, parted by commas, 、, 和 or 或 ("有周末班 4280 元和
    周末VIP班 5600 元。"); [] otherwise."""
    for sentence in re.split(r"[。！!？?\n]+", text):
        body = _ZH_PRICED_LEAD.sub("", sentence.strip(), count=1)
        pieces = [p for p in _ZH_PRICED_SEP.split(body) if p.strip()]
        if len(pieces) < 2:
            continue
        matches = [_ZH_PRICED.fullmatch(p.strip()) for p in pieces]
        items = [(m.group("name"), m.group("price")) for m in matches if m]
        if (
            len(items) == len(pieces)
            and len({n for n, _ in items}) == len(items)
            and not any(_ZH_NOT_ITEM.search(n) for n, _ in items)
        ):
            return items
    return []


# A tool record's fields that name it, and those that give a measure ("day_rate_eur",
# "price", "duration_min", "distance_km"), by the field's last part.
_NAME_FIELD = re.compile(r"(?i)^(?:name|title|label|名称|名字)$")
_MEASURE_FIELDS = (
    ("price", re.compile(r"(?i)price|rate|cost|fee|fare|amount|total|tuition|charge|价|费")),
    ("duration", re.compile(r"(?i)duration|minutes|mins|hours|时长|用时")),
    ("distance", re.compile(r"(?i)distance|_km$|_mi$|miles|距离")),
)
_RECORD_FIELD = re.compile(r"^(?P<record>.*\[\d+\])\.(?P<last>[^.\[\]]+)$")
_CANONICAL = "{}={:g}"


def tool_records(fields: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """(name, detail) of each record a tool result lists ("venues[0].name" = "Alcantara",
    "venues[0].day_rate_eur" = "9800"), from its (field path, value) pairs, in order: the
    detail holds each measure a field gives as "price=9800" (`pick_by_measure` reads it).
    Records with no name field are left out."""
    names: dict[str, str] = {}
    details: dict[str, list[str]] = {}
    for path, value in fields:
        m = _RECORD_FIELD.match(path)
        if m is None:
            continue
        record, last = m.group("record"), m.group("last")
        if _NAME_FIELD.match(last):
            names.setdefault(record, value)
            continue
        for measure, rx in _MEASURE_FIELDS:
            if not rx.search(last):
                continue
            number = _number(value, measure)
            if number is not None:
                details.setdefault(record, []).append(_CANONICAL.format(measure, number))
                break
    return tuple((name, "; ".join(details.get(rec, []))) for rec, name in names.items())


def _number(value: str, measure: str) -> float | None:
    plain = value.replace(",", "").strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", plain):
        return float(plain)
    return MEASURES[measure](value)


def with_records(
    items: Sequence[tuple[str, str]], records: Sequence[tuple[str, str]]
) -> tuple[tuple[str, str], ...]:
    """`items` with the measures of the tool record each names appended to its detail (a
    reply's "Alcantara or Braco de Prata?" after a search gave their day rates)."""
    by_name = {name.casefold(): detail for name, detail in records if detail}
    out: list[tuple[str, str]] = []
    for name, detail in items:
        extra = by_name.get(name.casefold())
        out.append((name, f"{detail}; {extra}" if extra and detail else extra or detail))
    return tuple(out)


def records_named(text: str, records: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The records `text` names, two or more, in the order it names them ("Braco de Prata
    or Alcantara?"); () when it names fewer."""
    said = []
    folded = text.casefold()
    for name, detail in records:
        # A substring test first: a long listing's names are mostly not said, and each
        # name's pattern would be compiled anew (more names than `re`'s cache holds).
        if not name or name.casefold() not in folded:
            continue
        at = _edged(name).search(text)
        if at is not None:
            said.append((at.start(), at.end(), name, detail))
    # A name said only inside another's ("周末班" in "周末班加急") is not said.
    kept = [s for s in said if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in said)]
    return tuple((n, d) for _, _, n, d in sorted(kept)) if len(kept) >= 2 else ()


_HAN = re.compile(r"[\u4e00-\u9fff]")


@lru_cache(maxsize=4096)
def _edged(name: str) -> re.Pattern[str]:
    """`name` as said, case aside: as a whole word; a Chinese name, written with no spaces
    between words, where it stands. Cached: a session's listings name the same records
    again and again."""
    if _HAN.search(name):
        return re.compile(re.escape(name), re.I)
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)
