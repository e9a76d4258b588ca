"""References to earlier things ("刚才的图表", "按上次的格式", "that order") and their resolution.

Resolution is a lookup in `ParseContext`: the most recent item of the kind the phrase names.
A phrase with nothing of its kind in context stays a Reference with `resolved_to=None`, so the
layers still know the user pointed back.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import overload

from ctxengine.compaction.intents import LATIN_LETTER
from ctxengine.compaction.schema import ParsedTurn, Reference

# The slot whose value names a place (the parser's, as `slots` reads it).
NAME_SLOT = "名称"


@dataclass(frozen=True)
class RecentItem:
    """Something a later message may point back to.

    Attributes:
        key: what `Reference.resolved_to` gets: "order_id:A123", "order.recipient", "chart:c1".
        kind: what it is: "order", "chart", "format", "phone", ... (matched to the phrase).
    """

    key: str
    kind: str


@dataclass(frozen=True)
class ParseContext:
    """What the parser needs from earlier turns (most recent last in `recent`).

    Attributes:
        recent: recent entities, evidence and slot keys.
        last_tool_result: key of the last tool result ("tool:get_report#call_1").
        last_format: the format last used or asked for ("EXCEL", "markdown table").
        tool_name: name of the tool whose result the current message carries.
        last_slot: the slot last changed, for "use X instead" with no slot word.
        focus: the ontology entity the latest turns were about (see `slots.focus_of`).
        asked: slot names the latest message asked about, when it was the user's.
        named: the places the recent turns named, name -> the kind it was read as
            ("汉拿山" -> "餐馆" once a reply offered it for a meal): a later mention of the
            same name is that place again, whatever its ending says.
    """

    recent: Sequence[RecentItem] = ()
    last_tool_result: str | None = None
    last_format: str | None = None
    tool_name: str | None = None
    last_slot: str | None = None
    focus: str | None = None
    asked: tuple[str, ...] = ()
    named: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_turns(
        cls, turns: Iterable[ParsedTurn], *, tool_name: str | None = None
    ) -> ParseContext:
        """Build a context from earlier parsed turns (oldest first)."""
        parts = [TurnItems.of(t) for t in turns]
        recent = tuple(item for p in parts for item in p.items)
        return cls(
            recent,
            *_latest_flags(parts),
            tool_name,
            _latest_slot(parts),
            _latest_focus(parts),
            parts[-1].asks if parts else (),
            _named(parts),
        )


@dataclass(frozen=True)
class TurnItems:
    """What one parsed turn contributes to a `ParseContext`, computed once per turn.

    Attributes:
        items: the turn's recent items in reading order.
        latest: kind -> key of the turn's last item of that kind (resolution without a scan).
        last_tool: source of the turn's last tool evidence ("tool:get_order").
        last_slot: the turn's last updated slot.
        last_format: the turn's last format value (enum first).
    """

    items: tuple[RecentItem, ...]
    latest: dict[str, str]
    last_tool: str | None
    last_slot: str | None
    last_format: str | None
    focus: str | None = None
    asks: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()  # (name, kind) of the turn's 名称-like updates

    @classmethod
    def of(cls, t: ParsedTurn) -> TurnItems:
        items: list[RecentItem] = []
        last_format: str | None = None
        last_slot: str | None = None
        last_tool: str | None = None
        for ev in t.evidence:
            items.append(RecentItem(f"{ev.kind}:{ev.value}", ev.kind))
            if ev.source.startswith("tool:"):
                last_tool = ev.source
        for up in t.updates:
            items.append(RecentItem(f"{up.entity}.{up.slot}", up.slot))
            last_slot = up.slot
            if up.slot == "format" and up.value is not None:
                last_format = up.enum or up.value
        for key in t.entities:
            items.append(RecentItem(key, key.split(":", 1)[0]))
        latest = {item.kind: item.key for item in items}  # later items overwrite earlier ones
        names = tuple(
            (up.value, up.entity)
            for up in t.updates
            if up.slot == NAME_SLOT and up.value and up.op != "remove"
        )
        return cls(
            tuple(items), latest, last_tool, last_slot, last_format, t.focus, tuple(t.asks), names
        )


def _latest_flags(parts: Sequence[TurnItems]) -> tuple[str | None, str | None]:
    """(last tool result, last format) over `parts`: the newest turn that has one wins."""
    tool = next((p.last_tool for p in reversed(parts) if p.last_tool is not None), None)
    fmt = next((p.last_format for p in reversed(parts) if p.last_format is not None), None)
    return tool, fmt


def _latest_slot(parts: Sequence[TurnItems]) -> str | None:
    return next((p.last_slot for p in reversed(parts) if p.last_slot is not None), None)


def _named(parts: Sequence[TurnItems]) -> dict[str, str]:
    """name -> kind over `parts`, the newest reading of a name winning."""
    return {name: kind for p in parts for name, kind in p.names}


def _latest_focus(parts: Sequence[TurnItems]) -> str | None:
    return next((p.focus for p in reversed(parts) if p.focus is not None), None)


class RecentView(Sequence[RecentItem]):
    """The items of a window of turns, read in place (no copy of every item per message).

    Equal to the tuple `ParseContext.from_turns` builds for the same turns; `latest` finds the
    newest item of a kind by looking at one dict per turn instead of scanning every item.
    """

    __slots__ = ("_len", "_parts")

    def __init__(self, parts: Sequence[TurnItems]) -> None:
        self._parts = tuple(parts)
        self._len = sum(len(p.items) for p in self._parts)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> RecentItem: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[RecentItem]: ...

    def __getitem__(self, index: int | slice) -> RecentItem | Sequence[RecentItem]:
        if isinstance(index, slice):
            return tuple(self)[index]
        i = index + self._len if index < 0 else index
        if not 0 <= i < self._len:
            raise IndexError(f"recent item index {index} out of range (length {self._len})")
        for p in self._parts:
            if i < len(p.items):
                return p.items[i]
            i -= len(p.items)
        raise AssertionError("unreachable: the index was checked against the length")

    def __iter__(self) -> Iterator[RecentItem]:
        return chain.from_iterable(p.items for p in self._parts)

    def __reversed__(self) -> Iterator[RecentItem]:
        return chain.from_iterable(reversed(p.items) for p in reversed(self._parts))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"RecentView({tuple(self)!r})"

    def latest(self, kind: str) -> str | None:
        """Key of the newest item of `kind`, or None."""
        for p in reversed(self._parts):
            key = p.latest.get(kind)
            if key is not None:
                return key
        return None


class RecentWindow:
    """The last `size` parsed turns, kept as `TurnItems` so each turn is summarized once.

    `context()` equals `ParseContext.from_turns(last size turns)` but costs O(size), not
    O(items in the window), per message.
    """

    def __init__(self, size: int) -> None:
        self._parts: deque[TurnItems] = deque(maxlen=size)

    def __len__(self) -> int:
        return len(self._parts)

    def append(self, turn: ParsedTurn) -> None:
        """Add the newest parsed turn (the oldest one drops out past `size`)."""
        self._parts.append(TurnItems.of(turn))

    def context(self, *, tool_name: str | None = None) -> ParseContext:
        parts = tuple(self._parts)
        return ParseContext(
            RecentView(parts),
            *_latest_flags(parts),
            tool_name,
            _latest_slot(parts),
            _latest_focus(parts),
            parts[-1].asks if parts else (),
            _named(parts),
        )


# Noun -> kinds it may resolve to (first that has a recent item wins).
_NOUNS: dict[str, tuple[str, ...]] = {
    "图表": ("chart",),
    "图": ("chart",),
    "chart": ("chart",),
    "graph": ("chart",),
    "表格": ("table", "chart"),
    "报表": ("report", "table"),
    "table": ("table", "chart"),
    "report": ("report", "table"),
    "格式": ("format",),
    "format": ("format",),
    "样式": ("format",),
    "style": ("format",),
    "订单": ("order", "order_id"),
    "order": ("order", "order_id"),
    "结果": ("result",),
    "result": ("result",),
    "results": ("result",),
    "文件": ("file", "path"),
    "file": ("file", "path"),
    "地址": ("address",),
    "address": ("address",),
    "电话": ("phone",),
    "号码": ("phone", "number"),
    "number": ("phone", "number"),
    "方案": ("plan",),
    "plan": ("plan",),
    "option": ("plan",),
    "航班": ("flight",),
    "flight": ("flight",),
    "优惠券": ("coupon",),
    "coupon": ("coupon",),
    "商品": ("product", "product_model"),
    "product": ("product", "product_model"),
    "酒店": ("酒店", "hotel"),
    "hotel": ("hotel", "酒店"),
    "餐馆": ("餐馆", "restaurant"),
    "餐厅": ("餐馆", "restaurant"),
    "restaurant": ("restaurant", "餐馆"),
    "景点": ("景点", "attraction"),
    "attraction": ("attraction", "景点"),
}
_NOUN_RX = "|".join(sorted((re.escape(n) for n in _NOUNS), key=len, reverse=True))

_ZH_BACK = r"(?:刚才|刚刚|之前|上次|上一次|前面|先前|原来|最后)"
_EN_BACK = r"(?:last|previous|earlier|prior|same|original)"

_Rule = tuple[re.Pattern[str], str, float]
# The rules that start with an English word: none matches a text without a letter.
_EN_RULES: tuple[_Rule, ...] = (
    (
        re.compile(r"(?i)\b(?:the |that |this )?" + _EN_BACK + r" (?P<noun>" + _NOUN_RX + r")\b"),
        "back",
        0.85,
    ),
    (re.compile(r"(?i)\b(?:the )?(?:last|previous) one\b"), "back", 0.7),
    (
        re.compile(r"(?i)\b(?:that|this|the same) (?P<noun>" + _NOUN_RX + r")\b"),
        "demonstrative",
        0.7,
    ),
    (re.compile(r"(?i)\b(?:as before|same as (?:before|last time))\b"), "back", 0.6),
)
# (regex, kind of reference, confidence); the "noun" group, when present, picks the kinds.
_RULES: tuple[_Rule, ...] = (
    (
        re.compile(
            _ZH_BACK + r"(?:的|那个|那|这个)?(?:那?个|那?份|那?张)?(?P<noun>" + _NOUN_RX + ")"
        ),
        "back",
        0.85,
    ),
    (re.compile(r"(?:上一|前一)(?:个|条|份|张|次)(?P<noun>" + _NOUN_RX + ")?"), "back", 0.75),
    (
        re.compile(r"(?:那个|这个|那份|这份|那张|这张|那家|这家|该)(?P<noun>" + _NOUN_RX + ")"),
        "demonstrative",
        0.7,
    ),
    *_EN_RULES,
    (re.compile(r"(?:他家|它家|这家|那家|它)(?!们)"), "demonstrative", 0.5),
)
_RULES_NO_LATIN = tuple(r for r in _RULES if r not in _EN_RULES)
_GATE_ZH = r"刚|之前|上次|上一|前一|前面|先前|原来|最后|那|这|该|他家|它"
_GATE = re.compile(_GATE_ZH + r"|(?i:last|previous|earlier|prior|same|original|that|this|before)")
# Without the English words, for a text with no letter they could match (see `LATIN_LETTER`).
_GATE_NO_LATIN = re.compile(_GATE_ZH)


def extract_references(text: str, context: ParseContext | None) -> list[Reference]:
    """References in `text`, resolved through `context` where it holds a matching item."""
    latin = LATIN_LETTER.search(text) is not None
    if not (_GATE if latin else _GATE_NO_LATIN).search(text):
        return []
    out: list[Reference] = []
    taken: list[tuple[int, int]] = []
    for rx, how, conf in _RULES if latin else _RULES_NO_LATIN:
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            noun = m.groupdict().get("noun")
            kinds = _NOUNS.get(noun.lower(), ()) if noun else ()
            ref_kind = _ref_kind(kinds, how)
            resolved = _resolve(kinds, ref_kind, context)
            taken.append(m.span())
            out.append(
                Reference(text=m.group(0), kind=ref_kind, resolved_to=resolved, confidence=conf)
            )
    out.sort(key=lambda r: text.find(r.text))
    return out


def _ref_kind(kinds: tuple[str, ...], how: str) -> str:
    if not kinds:
        return "last" if how == "back" else "generic"
    if kinds[0] == "format":
        return "last_format"
    if kinds[0] == "result":
        return "last_result"
    return "entity"


def _resolve(kinds: tuple[str, ...], ref_kind: str, ctx: ParseContext | None) -> str | None:
    if ctx is None:
        return None
    if ref_kind == "last_format" and ctx.last_format is not None:
        return ctx.last_format
    if ref_kind == "last_result" and ctx.last_tool_result is not None:
        return ctx.last_tool_result
    if not kinds:
        return ctx.recent[-1].key if ctx.recent else None
    for kind in kinds:
        key = _latest_of_kind(ctx.recent, kind)
        if key is not None:
            return key
    return None


def _latest_of_kind(recent: Sequence[RecentItem], kind: str) -> str | None:
    if isinstance(recent, RecentView):
        return recent.latest(kind)
    return next((item.key for item in reversed(recent) if item.kind == kind), None)
