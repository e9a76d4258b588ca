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
from itertools import chain, pairwise
from typing import overload

from ctxengine.compaction.en_names import NAME_KIND, latest_list, offered_kind
from ctxengine.compaction.gates import Gate
from ctxengine.compaction.intents import LATIN_LETTER
from ctxengine.compaction.measures import (
    EN_MEASURED_ITEM,
    en_measure,
    en_priced_inline,
    pick_by_measure,
    price_of,
    records_named,
    tool_records,
    with_records,
    zh_priced_inline,
)
from ctxengine.compaction.schema import Evidence, ParsedTurn, Reference, SlotUpdate
from ctxengine.compaction.zh_options import (
    DATE_KIND,
    DECLINED,
    FLIGHT_KIND,
    PICK,
    zh_option_pointers,
    zh_value_options,
)

# The slot whose value names a place (the parser's, as `slots` reads it).
NAME_SLOT = "名称"
# What the items of a Chinese reply's list of named things are (no kind said): the user's
# pick of one is the task's 名称.
ZH_NAMED_KIND = NAME_SLOT


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
        mentions: every place name the recent turns read, (name, kind, turn's index in the
            window) oldest first: what "第二家", "前面那家" point to (see `_place_references`).
        offered: the items of the latest list an English reply offered, (name, detail) in
            order ("Hotel Julian", "($259/night)"): what "the second option", "the last one",
            "the cheaper one" point to (see `_option_references`).
        offered_kind: what those items are ("hotel", "flight"; "name" when unsaid): the
            slot the user's pick of one sets; `LIST_KIND` when the latest list a reply gave
            offers nothing (steps, failing tests): "the second one" counts in it, and picks
            nothing.
        earlier_lists: the lists replies gave before that one, (kind, items), newest last:
            "the second hotel" counts in the newest list of hotels when the latest list is
            of something else.
    """

    recent: Sequence[RecentItem] = ()
    last_tool_result: str | None = None
    last_format: str | None = None
    tool_name: str | None = None
    last_slot: str | None = None
    focus: str | None = None
    asked: tuple[str, ...] = ()
    named: Mapping[str, str] = field(default_factory=dict)
    mentions: tuple[tuple[str, str, int], ...] = ()
    offered: tuple[tuple[str, str], ...] = ()
    offered_kind: str = ""
    earlier_lists: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # The index in the window of the turn that gave `offered` (-1: none), against the turns
    # of `mentions`: a Chinese pointer counts in the newer of the two lists.
    offered_at: int = -1

    @classmethod
    def from_turns(
        cls, turns: Iterable[ParsedTurn], *, tool_name: str | None = None
    ) -> ParseContext:
        """Build a context from earlier parsed turns (oldest first)."""
        parts = [TurnItems.of(t) for t in turns]
        recent = tuple(item for p in parts for item in p.items)
        offered, kind, earlier = _offered(parts)
        return cls(
            recent,
            *_latest_flags(parts),
            tool_name,
            _latest_slot(parts),
            _latest_focus(parts),
            parts[-1].asks if parts else (),
            _named(parts),
            _mentions(parts),
            offered,
            kind,
            earlier,
            offered_at=max((i for i, p in enumerate(parts) if p.options), default=-1),
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
    near: tuple[tuple[str, str], ...] = ()  # (name, kind) of the neighbours the turn listed
    # An English reply's offered list, or a Chinese reply's list of values (`zh_options`),
    # (name, detail) in order, and what its items are.
    options: tuple[tuple[str, str], ...] = ()
    option_kind: str = ""
    # A Chinese reply's inline list ("1）全聚德，2）便宜坊", "①A ②B"), (name, kind) in order.
    listed: tuple[tuple[str, str], ...] = ()
    # A tool result's records, (name, measures) in order (`measures.tool_records`), and an
    # English reply that offered no list of its own: what may name those records.
    records: tuple[tuple[str, str], ...] = ()
    reply: str = ""

    @classmethod
    def of(cls, t: ParsedTurn) -> TurnItems:
        items: list[RecentItem] = []
        last_format: str | None = None
        last_slot: str | None = None
        last_tool: str | None = None
        chart: str | None = None
        for ev in t.evidence:
            items.append(RecentItem(f"{ev.kind}:{ev.value}", ev.kind))
            if ev.source.startswith("tool:"):
                last_tool = ev.source
            chart = _chart_of(ev, chart)
        if chart is not None:
            items.append(RecentItem(f"chart:{chart}", "chart"))
        for up in t.updates:
            items.append(RecentItem(f"{up.entity}.{up.slot}", up.slot))
            last_slot = up.slot
            if up.slot == "format" and up.value is not None:
                last_format = up.enum or up.value
        last_format = _with_said_format(t, last_format)
        for key in t.entities:
            items.append(RecentItem(key, key.split(":", 1)[0]))
        latest = {item.kind: item.key for item in items}  # later items overwrite earlier ones
        names = tuple(
            (up.value, up.entity)
            for up in t.updates
            if up.slot == NAME_SLOT and up.value and up.op != "remove"
        )
        # "周边餐馆有护国寺小吃店和烤肉季": each neighbour is a place of that kind, so "我想去
        # 烤肉季" next names a restaurant, not the attraction in focus. Kept apart from the
        # names: no list of options ("第二家") and no place the dialogue is about.
        near = tuple(
            (member, up.slot[len(_NEAR_PREFIX) :])
            for up in t.updates
            if up.slot.startswith(_NEAR_PREFIX) and up.value and up.op != "remove"
            for member in _members(up.value)
        )
        options: tuple[tuple[str, str], ...] = ()
        kind = ""
        listed_names: tuple[tuple[str, str], ...] = ()
        if t.role == "assistant" and t.language == "en":
            listed = sum(ev.kind in (NAME_KIND, "flight") for ev in t.evidence) >= 2
            if listed or _MAY_LIST.search(t.said):
                found, offers = latest_list(t.said, offers=listed)
                options = tuple(found)
                if offers:
                    kind = offered_kind(t.said, [n for n, _ in options])
                elif options:
                    kind = LIST_KIND
            if not options and (inline := en_inline_offer(t.said)):
                # "We have Hilton, Marriott, or Hyatt available.": an offer in one sentence.
                options = tuple((n, "") for n in inline)
                kind = offered_kind(t.said, inline)
            if not options and (priced := en_priced_inline(t.said)):
                # "Alcantara EUR 9,800 or Braco de Prata EUR 6,200.": priced names, no cue.
                options = tuple(priced)
                kind = offered_kind(t.said, [n for n, _ in priced])
        elif t.role == "assistant" and t.said:
            zh_items = zh_inline_list(t.said)
            if zh_items:
                # The reply's names, in the order it numbered them: "第二个" counts in them. A
                # name the turn also read as a place keeps that kind; else the kind in focus.
                read = dict(names)
                of = next((read[n] for n, _ in zh_items if n in read), t.focus or "task")
                listed_names = tuple((n, of) for n, _ in zh_items)
                if sum(price_of(d) is not None for _, d in zh_items) >= 2:
                    # "推荐：A ¥468/晚，B ¥359/晚": also options "便宜的那家" compares.
                    options, kind = tuple(zh_items), ZH_NAMED_KIND
            else:
                # "有三班：CA4113 早上 7:30；3U8886 中午 12:15": items no name tells apart,
                # each named by a value of a shape (see `zh_options`).
                valued, valued_kind = zh_value_options(t.said)
                if valued:
                    options, kind = tuple(valued), valued_kind
                elif priced := zh_priced_inline(t.said):
                    # "有周末班 4280 元和周末VIP班 5600 元": priced names, no colon.
                    options, kind = tuple(priced), ZH_NAMED_KIND
        return cls(
            tuple(items),
            latest,
            last_tool,
            last_slot,
            last_format,
            t.focus,
            tuple(t.asks),
            names,
            near,
            options,
            kind,
            listed_names,
            _records_of(t),
            t.said if t.role == "assistant" and not options and not listed_names else "",
        )


def _with_said_format(t: ParsedTurn, slot_format: str | None) -> str | None:
    """The format a turn set: its format phrases ("金额用万元为单位，保留两位小数": what "按上次
    的格式" repeats is all of them), after a format value none of them holds ("导出成 Excel，
    保留两位小数"); the value alone when the turn said no phrase."""
    said = [ev.value for ev in t.evidence if ev.kind == "format"]
    if not said:
        return slot_format
    raw = next((u.raw for u in t.updates if u.slot == "format" and u.value), "")
    if slot_format is not None and not any(raw and raw in phrase for phrase in said):
        said.insert(0, slot_format)
    return "; ".join(said)


# A picture a chart was saved as, and a tool that draws one ("plot", "make_chart").
_IMAGE_FILE = re.compile(r"(?i)\.(?:png|jpe?g|svg|gif|webp)$")
_CHART_TOOL = re.compile(r"(?i)(?:call|tool):\w*(?:plot|chart|graph|draw|visuali[sz]e|figure)")


def _chart_of(ev: Evidence, found: str | None) -> str | None:
    """What "刚才的图表" / "the previous chart" names, given one more evidence of a turn: the
    image a chart was saved as, else the call or result of a tool that draws one."""
    if _IMAGE_FILE.search(ev.value):
        return ev.value
    if _CHART_TOOL.match(ev.source) and (found is None or _CHART_TOOL.match(found)):
        return ev.source
    return found


# The slots that list a place's neighbours of a kind (``周边餐馆``: restaurants), and what
# separates the members of such a list.
_NEAR_PREFIX = "周边"
_LIST_MEMBER = re.compile(r"\s*(?:[、，,；;]|以及|或者|还有)\s*")
_JOINER = re.compile(r"和|与|及")


def _members(value: str) -> list[str]:
    """The names of a listed value: split at its commas, and at a 和 / 与 / 及 only where both
    sides are three characters or more ("颐和园和雍和宫", not "北京和平宾馆"'s 和)."""
    out: list[str] = []
    for piece in _LIST_MEMBER.split(value):
        piece = piece.strip()
        while piece:
            cut = next(
                (
                    m
                    for m in _JOINER.finditer(piece)
                    if m.start() >= 3 and len(piece) - m.end() >= 3
                ),
                None,
            )
            if cut is None:
                break
            out.append(piece[: cut.start()])
            piece = piece[cut.end() :]
        if len(piece) >= 2:
            out.append(piece)
    return out


def _latest_flags(parts: Sequence[TurnItems]) -> tuple[str | None, str | None]:
    """(last tool result, last format) over `parts`: the newest turn that has one wins."""
    tool = next((p.last_tool for p in reversed(parts) if p.last_tool is not None), None)
    fmt = next((p.last_format for p in reversed(parts) if p.last_format is not None), None)
    return tool, fmt


def _latest_slot(parts: Sequence[TurnItems]) -> str | None:
    return next((p.last_slot for p in reversed(parts) if p.last_slot is not None), None)


def _named(parts: Sequence[TurnItems]) -> dict[str, str]:
    """name -> kind over `parts`, the newest reading of a name winning (a place's own name
    over its reading as a neighbour)."""
    out = {name: kind for p in parts for name, kind in p.near}
    out.update({name: kind for p in parts for name, kind in p.names})
    return out


# A list's items that offer nothing (steps, failing tests, errors), as `offered_kind` says.
LIST_KIND = "item"
# What a reply that gives a list of any kind holds: a line break, a colon, an inline "2.".
_MAY_LIST = re.compile(r"[\n:]|\s2[.)]\s")


def _records_of(t: ParsedTurn) -> tuple[tuple[str, str], ...]:
    if t.role != "tool":
        return ()
    return tool_records([(ev.field, ev.value) for ev in t.evidence if ev.field])


def _lists_of(parts: Sequence[TurnItems]) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """(kind, items) of each list a reply gave, oldest first: a reply's own list, with the
    measures of the tool records it names ("Alcantara or Braco de Prata?" after a search
    that gave their rates: "the cheaper one" compares them), or the records it names when
    it gave no list of its own."""
    lists: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    records: tuple[tuple[str, str], ...] = ()
    for p in parts:
        records = p.records or records
        if p.options:
            lists.append(
                (p.option_kind, with_records(p.options, records) if records else p.options)
            )
        elif p.reply and records and (named := records_named(p.reply, records)):
            # A Chinese reply's records are named things, whatever English word is near.
            of = (
                ZH_NAMED_KIND
                if _CJK.search(p.reply)
                else offered_kind(p.reply, [n for n, _ in named])
            )
            lists.append((of, named))
    return lists


def _offered(
    parts: Sequence[TurnItems],
) -> tuple[tuple[tuple[str, str], ...], str, tuple[tuple[str, tuple[tuple[str, str], ...]], ...]]:
    """The newest list over `parts`, what its items are, and the lists before it (kind,
    items), newest last."""
    lists = _lists_of(parts)
    if not lists:
        return (), "", ()
    kind, items = lists[-1]
    return items, kind, tuple(lists[:-1])


def _mentions(parts: Sequence[TurnItems]) -> tuple[tuple[str, str, int], ...]:
    # A numbered list's order is what "第二个" counts in, not the order the names were read.
    return tuple(
        (name, kind, i) for i, p in enumerate(parts) for name, kind in (p.listed or p.names)
    )


# An item marker of a Chinese list on one line: "1）", "2、", "3.", "（1）", "①".
_ZH_MARK = re.compile(
    r"(?:(?<![\d.．])(?P<n>[1-9])[)）、.．](?![\d.])|[(（](?P<p>[1-9])[)）]|(?P<c>[①-⑨]))"
)
# Where an item's name ends: its first comma or clause mark; the rest is its detail.
_ZH_ITEM_END = re.compile(r"[，,；;。！!？?：:\n]|(?:或者|或是|还有|以及)")
# What opens an item that is a request or a step, no option: "1）请提供订单号 2）请提供手机号".
_ZH_NOT_OPTION = re.compile(
    r"^(?:请|麻烦|需要|提供|输入|填写|告诉|确认|上传|点击|打开|进入|登录|联系|拨打|检查|重启"
    r"|先|再|然后|您|你|我|如果|是否|不要|不能|注意)"
)
# A lead that says the list is of reasons, steps or rules, no options.
_ZH_NOT_OFFER = re.compile(
    r"(?:原因|步骤|流程|注意|要求|规则|条件|问题|材料|手续|事项)[^，。]{0,6}[：:]?\s*$"
)


def zh_inline_list(text: str) -> list[tuple[str, str]]:
    """(name, detail) of each item a Chinese reply numbers on one line or over lines ("为您推荐：
    1）全聚德，2）便宜坊，3）大董", "①A ②B ③C"), numbered from 1 on; [] when the items are
    requests or steps ("1）请提供订单号 2）请提供手机号"), or a lead says they are no options."""
    marks = list(_ZH_MARK.finditer(text))
    if len(marks) < 2:
        return _zh_plain_list(text) or _zh_priced_list(text)
    run: list[re.Match[str]] = []
    for m in marks:
        n = m.group("n") or m.group("p") or str(ord(m.group("c")) - ord("①") + 1)
        if int(n) == len(run) + 1:
            run.append(m)
    if len(run) < 2 or _ZH_NOT_OFFER.search(text, 0, run[0].start()):
        return []
    ends = [m.start() for m in run[1:]] + [len(text)]
    items: list[tuple[str, str]] = []
    for m, end in zip(run, ends, strict=True):
        body = text[m.end() : end].strip()
        cut = _ZH_ITEM_END.search(body)
        name = (body[: cut.start()] if cut else body).strip(" 　、")
        if not 2 <= len(name) <= 20 or _ZH_NOT_OPTION.match(name):
            return []
        detail = body[cut.end() :].strip(" ，,；;。") if cut else ""
        items.append((name, detail))
    return items


# A lead that offers the names after its colon, parted by 、: "推荐：A、B", "有这几家：A、B、C",
# "为您找到以下酒店：A、B".
_ZH_OFFER_LEAD = re.compile(
    r"(?:推荐|这几[家个]|以下|如下|[两三四五几][家个]|找到|查到|可以选|可选|选择|供您选)"
    r"[^，,。！!？?：:\n]{0,12}[：:]\s*"
)
_ZH_PLAIN_END = re.compile(r"[，,。！!？?；;：:\n]")


def _zh_plain_list(text: str) -> list[tuple[str, str]]:
    """(name, "") of each name an offer's lead lists unnumbered ("有这几家：北京瑰丽酒店、北京
    饭店、王府井希尔顿"), in order; [] for anything else ("支持：微信、支付宝" offers no place)."""
    if "、" not in text:
        return []
    for lead in _ZH_OFFER_LEAD.finditer(text):
        if _ZH_NOT_OFFER.search(text, 0, lead.end()):
            return []
        stop = _ZH_PLAIN_END.search(text, lead.end())
        body = text[lead.end() : stop.start() if stop else len(text)]
        names = [n.strip() for n in body.split("、")]
        if len(names) >= 2 and all(
            2 <= len(n) <= 20 and not _ZH_NOT_OPTION.match(n) and not n[0].isdigit() for n in names
        ):
            return [(n, "") for n in names]
    return []


# An offered item with its price after the name: "成都春熙路亚朵酒店 ¥468/晚", "B店 人均80元".
_ZH_PRICED_ITEM = re.compile(
    r"\s*(?P<name>[^，,；;。！!？?：:\n¥￥$\d][^，,；;。！!？?：:\n¥￥$]{1,19}?)\s*"
    r"(?P<detail>(?:人均|每晚|约)?\s*(?:[¥￥$]\s?\d|\d+(?:\.\d+)?\s?元)[^，,；;。！!？?\n]*)"
)
_ZH_ITEM_SEP = re.compile(r"[，,；;]")


def _zh_priced_list(text: str) -> list[tuple[str, str]]:
    """(name, price) of each item an offer's lead lists with its price, parted by commas
    ("推荐：A ¥468/晚，B ¥359/晚"), in order; [] unless every piece is a name and a price
    ("推荐：早上出发，下午返回" offers nothing)."""
    if "：" not in text and ":" not in text:
        return []
    for lead in _ZH_OFFER_LEAD.finditer(text):
        if _ZH_NOT_OFFER.search(text, 0, lead.end()):
            return []
        stop = _ZH_SENTENCE_END.search(text, lead.end())
        pieces = _ZH_ITEM_SEP.split(text[lead.end() : stop.start() if stop else len(text)])
        found = [_ZH_PRICED_ITEM.fullmatch(p.strip()) for p in pieces if p.strip()]
        if len(found) >= 2 and all(found):
            items = [(m.group("name").strip(), m.group("detail").strip()) for m in found if m]
            if not any(_ZH_NOT_OPTION.match(n) for n, _ in items):
                return items
    return []


_ZH_SENTENCE_END = re.compile(r"[。！!？?\n]")


# "We have Hilton, Marriott, or Hyatt available.", "I'd recommend A, B and C.": an offer's
# lead, then capitalised names parted by commas with "or" / "and" before the last, ending
# the sentence (a word such as "available" may close it).
_EN_OFFER_LEAD = re.compile(
    r"(?i)\b(?:we(?:'ve|’ve| have| can do| can offer)|there(?:'s|’s| is| are)|i (?:can )?"
    r"(?:recommend|suggest|offer)|i'd (?:recommend|suggest)|you can (?:choose|pick|go with|try)"
    r"(?: from| between)?|(?:your )?(?:options|choices) (?:are|include)|how about"
    r"|would you (?:like|prefer)|do you (?:want|prefer)|(?:choose|pick) (?:from|between))\s+"
)
_EN_NAME = r"(?:[A-Z][\w'’&.-]*(?:\s+(?:of|the|de|la|&|[A-Z][\w'’&.-]*))*)"
_EN_INLINE = re.compile(
    rf"(?P<items>{_EN_NAME}(?:,\s+{_EN_NAME})*,?\s+(?:or|and)\s+{_EN_NAME})"
    r"(?:\s+(?:available|nearby|open|left|instead|tonight|today|tomorrow))?\s*(?:[.?!]|$)"
)
_EN_INLINE_SEP = re.compile(r",\s+(?:(?:or|and)\s+)?|\s+(?:or|and)\s+")
# Capitalised words that name no option: days, months, pronouns, greetings.
_EN_NOT_NAME_WORDS = """monday tuesday wednesday thursday friday saturday sunday today tomorrow
tonight january february march april may june july august september october november december
i you we he she they it yes no ok okay sure sorry thanks please the a an"""
_EN_NOT_NAME = frozenset(_EN_NOT_NAME_WORDS.split())


def _opens_no_name(name: str) -> bool:
    words = name.split()
    if len(words) > 1 and words[0] == "The":
        words = words[1:]  # "The Crawford Hotel": a name's own article
    return words[0].lower() in _EN_NOT_NAME


def en_inline_offer(text: str) -> list[str]:
    """The names an English reply offers in one sentence after a lead ("We have Hilton,
    Marriott, or Hyatt available."), in order; [] for prose, days or dates."""
    if " or " not in text and " and " not in text:
        return []
    for lead in _EN_OFFER_LEAD.finditer(text):
        m = _EN_INLINE.match(text, lead.end())
        if m is None:
            continue
        names = [n.strip() for n in _EN_INLINE_SEP.split(m.group("items")) if n.strip()]
        if names:
            names[-1] = names[-1].rstrip(".")  # the sentence's stop, no part of the name
        if len(names) >= 2 and not any(_opens_no_name(n) for n in names):
            return names
    return []


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
        offered, kind, earlier = _offered(parts)
        return ParseContext(
            RecentView(parts),
            *_latest_flags(parts),
            tool_name,
            _latest_slot(parts),
            _latest_focus(parts),
            parts[-1].asks if parts else (),
            _named(parts),
            _mentions(parts),
            offered,
            kind,
            earlier,
            offered_at=max((i for i, p in enumerate(parts) if p.options), default=-1),
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
_GATE_ZH = r"刚|之前|上次|上一|前一|前面|先前|原来|最后|那|这|该|他家|它|第|头一"
_GATE = re.compile(_GATE_ZH + r"|(?i:last|previous|earlier|prior|same|original|that|this|before)")
# Without the English words, for a text with no letter they could match (see `LATIN_LETTER`).
_GATE_NO_LATIN = re.compile(_GATE_ZH)
# What the gates' matches hold (`gates.Gate`): most texts are turned away before the scan.
_GATE_CUES = {True: Gate(_GATE), False: Gate(_GATE_NO_LATIN)}

# A pointer to one of the places the dialogue named: "第二家", "前面那家", "你说的那个景点".
# Resolved to the instance's entity key ("餐馆[大董(工体店)]", kind `PLACE`); a user's
# message that points to one place asks about it or picks it (see `place_choices`).
PLACE = "place"
# A place pointed to in order to turn it down ("第一家太贵了", "不要第二家", "除了第一家"):
# resolved alike, but no pick.
PLACE_DECLINED = "place_declined"
# What turns a place down within the clause that points to it.
_DECLINES = re.compile(
    r"不要|不行|不去|不考虑|不喜欢|不太|不合适|不想|算了|除了|以外|之外|排除|换掉|太贵|太远|太差|太吵"
)
_CLAUSE_EDGE = re.compile(r"[，,。.！!？?；;\n]")
# The measure words of a place ("家" for a restaurant or hotel, "个" for anything) and the
# nouns that may follow them, with the entity each names ("" for any place: "店").
_PLACE_NOUNS: dict[str, str] = {
    "餐馆": "餐馆",
    "餐厅": "餐馆",
    "饭馆": "餐馆",
    "馆子": "餐馆",
    "酒店": "酒店",
    "宾馆": "酒店",
    "旅馆": "酒店",
    "景点": "景点",
    "景区": "景点",
    "店": "",
}
_PLACE_NOUN_RX = "|".join(sorted(_PLACE_NOUNS, key=len, reverse=True))
# What follows a pointer to a place: the end of a clause, a particle, a question ("第一家的
# 电话", "第二家呢", "第二家吧", "第一个怎么样"); after "家" or a place noun also one of its
# details or a verb ("第二家地址", "第一家餐厅几点开门", "就去第二家"), which after "个" are
# something else's ("你说的那个地址", "第一个去的地方"). Any other word makes it something
# else: "第二个问题", "第一个人", "京城第一家海鲜大咖(…)".
_PLACE_END = (
    r"(?=$|[\s，,。.！!？?；;、：:~～…)）]|[呢吧吗嘛啊呀哦了有在离和跟与还就也都更比挺太很不没哪叫]"
    # "第一家的电话", "第二家是几分", not "第一家的老字号", "你说的这个是什么意思".
    r"|的(?=[^，,。？?]{0,2}(?:电话|地址|评分|人均|价格|价钱|门票|票价|周边|附近|营业|推荐菜|房价|星级"
    r"|特色|招牌|位置|环境|情况|菜))|是(?=在?哪|多少|几)"
    r"|怎么|咋|如何|好了|可以|算了|几点|多少"
    r"|(?<=[家馆厅子店点区])(?:电话|地址|评分|人均|价格|价钱|门票|票价|周边|附近|周围|营业|游玩"
    r"|房价|星级|推荐菜|去|订|行))"
)
_PLACE_TAIL = r"(?P<cl>家|个|间|座|处)(?P<noun>" + _PLACE_NOUN_RX + r")?" + _PLACE_END
_ORDINALS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "七": 6, "八": 7, "九": 8}
_ORDINALS.update({str(n): n - 1 for n in range(1, 10)})
# "第二家", "第一个景点", "最后一家", "头一家": a place by its place in the latest list.
# Not after 找 ("再找第二家酒店": a second one wanted, none of the list).
_ORDINAL_PLACE = re.compile(
    # ("还有第二家吗", "再推荐第二家", "换第二家": another one wanted, none of the list.)
    r"(?<![找有荐再换])(?:第(?P<ord>[一二三四五六七八九1-9])|(?P<last>最后)[一那]|(?P<first>头一))"
    + _PLACE_TAIL
)
# "前面那家", "之前那个酒店", "上一家", "还是原来那家": the place before the latest one of its
# kind (the latest is "这家", not "前面那家"). "刚才那个景点", "你说的那家酒店", "上面那家":
# the latest one of its kind, however far back ("刚才那家餐厅的电话" once hotels came up).
_BACK_PLACE = re.compile(
    r"(?:(?:(?P<before>前面|之前|先前|原来)|刚才|刚刚|上面)[你您]?(?:说|推荐|提到|介绍|讲|找|查)?"
    r"(?:过|到)?的?[那这]一?"
    r"|[你您](?:(?P<before2>前面|之前|先前)|刚才|刚刚)?(?:说|推荐|提到|介绍|讲|找|查)(?:过|到)?的?"
    r"[那这]一?"
    r"|(?P<prev>上一|前一))" + _PLACE_TAIL
)


def extract_references(text: str, context: ParseContext | None) -> list[Reference]:
    """References in `text`, resolved through `context` where it holds a matching item."""
    latin = LATIN_LETTER.search(text) is not None
    picked: list[Reference] = []
    spans: list[tuple[int, int]] = []
    # A Chinese pointer to a list of values a reply gave ("那就第二个吧", "就订 3U8886 吧"):
    # read here, with no gate's cue, and in place of the English rules' reading.
    zh_values = context is not None and _zh_options_newest(context) and bool(_CJK.search(text))
    if zh_values and context is not None:
        picked, spans = _zh_option_references(text, context)
    elif context is not None and _zh_named_newest(context) and _CJK.search(text):
        # "按刚才那个便宜的报": a comparative to a list of named things a Chinese reply gave;
        # their ordinals and names are the place pointers'.
        picked, spans = _zh_option_references(text, context, measures_only=True)
    elif latin and context is not None and context.offered:
        picked, spans = _option_references(text, context)
    gate = _GATE if latin else _GATE_NO_LATIN
    if _GATE_CUES[latin].shut(text) or not gate.search(text):
        return picked
    # Every Chinese rule and place pointer spells its cue in Han characters (CJK unified
    # ideographs): a text with none, most English ones, is read by the English rules alone.
    han = _CJK.search(text) is not None
    out, taken = _place_references(text, context) if han else ([], [])
    if zh_values and spans:
        # "第二个" read as a value's item is no place's pointer.
        kept = [
            (r, sp)
            for r, sp in zip(out, taken, strict=True)
            if not any(sp[0] < e and s < sp[1] for s, e in spans)
        ]
        out, taken = [r for r, _ in kept], [sp for _, sp in kept]
    out += picked
    taken += spans
    for rx, how, conf in (_RULES if han else _EN_RULES) if latin else _RULES_NO_LATIN:
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


# A pointer to an item of the list an English reply offered (`ParseContext.offered`):
# "the second option", "the last one", "option 2", "the cheaper one", "the 7pm one", or the
# item's own name after a verb that picks ("book Hotel Julian"). Resolved to "<kind>[<name>]"
# (kind: what the items are, `offered_kind`); a user's message that picks one makes it the
# choice (see `place_choices`).
OPTION = "option"
# The item pointed to in order to turn it down ("not the second one", "the first is too
# far"), or in a question about it ("is the last one near the Loop?"): resolved alike, no pick.
OPTION_DECLINED = "option_declined"
OPTION_ASKED = "option_asked"
# The item a verb other than a pick acts on ("fix the last one", "explain the second option",
# "delete the first one"), or an item of a list that offers nothing (steps, failing tests):
# resolved alike, no pick.
OPTION_ACTED = "option_acted"
# Verbs that do something to an item other than choose it.
_EN_ACT = re.compile(
    r"(?i)\b(?:fix|explain|run|re-?run|delete|remove|open|close|check|debug|describe|show"
    r"|compare|test|review|read|investigate|look\s+(?:at|into)|tell\s+me\s+(?:about|more)"
    r"|summari[sz]e|cancel|update|edit|modify|refactor|rename|revert|retry|print|copy|move"
    r"|restart|stop|kill|install|uninstall|deploy|merge|commit|push|handle|address|solve"
    r"|resolve|implement|rewrite|translate|expand|clarify|elaborate\s+on|undo|debug"
    r"|skip|ignore|drop|send|share|download|upload|save|repeat|reread)\b"
)
_EN_ORDINALS = {
    "first": 0,
    "1st": 0,
    "former": 0,
    "second": 1,
    "2nd": 1,
    "third": 2,
    "3rd": 2,
    "fourth": 3,
    "4th": 3,
    "fifth": 4,
    "5th": 4,
    "sixth": 5,
    "6th": 5,
    "last": -1,
    "final": -1,
    "latter": -1,
}
_ITEM_NOUN = (
    r"(?:one|option|choice|pick|flight|train|bus|hotel|motel|inn|hostel|resort|lodge|place"
    r"|restaurant|cafe|bar|room|table|car|apartment|house|tour|show|event|movie|film|spot)"
)
_EN_ORD = r"(?:first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th|last|final)"
# What may follow a bare ordinal that points to an item: the clause's end, a word that closes
# a pick, or another ordinal ("the first and the third", "the second or third one").
_EN_ORD_END = (
    rf"(?=\s*(?:[,;.!?]|$|\s+(?:please|instead|then)\b|\s+(?:and|or|&)\s+(?:the\s+)?{_EN_ORD}\b))"
)
_EN_ORDINAL_ITEM = re.compile(
    # ("in the first place" is an idiom, no item.)
    rf"(?i)(?<!\bin\s)\b(?:the\s+|that\s+)(?P<ord>{_EN_ORD})(?:\s+(?P<noun>{_ITEM_NOUN})\b"
    rf"|{_EN_ORD_END})"
    r"|\bthe\s+(?P<ord2>former|latter)\b"
    r"|\b(?:book|take|choose|pick|go\s+with|select|reserve|want|prefer|like|do|try|get)\s+"
    r"(?P<num_at>(?:option|choice|number|no\.|#)\s*(?P<num>[1-9]))\b"
)
# The second ordinal of a pair that drops its article ("the first and third"), read only
# right after a first pointer.
_EN_ORD_PAIR = re.compile(
    rf"(?i)\s+(?:and|or|&)\s+(?P<ord>{_EN_ORD})(?:\s+(?P<noun>{_ITEM_NOUN})\b|{_EN_ORD_END})"
)
# "the cheaper one", "the cheapest", "the most expensive option": by the items' prices.
_EN_PRICED_ITEM = re.compile(
    r"(?i)\bthe\s+(?:(?P<low>cheaper|cheapest|less\s+expensive|least\s+expensive|lower[- ]priced"
    r"|more\s+affordable|most\s+affordable)|(?P<high>more\s+expensive|most\s+expensive|pricier"
    rf"|priciest|higher[- ]priced))(?:\s+{_ITEM_NOUN})?\b"
)
# "the 7pm one", "the $199 option": by a time or a price an item's detail gives.
_EN_VALUE_ITEM = re.compile(
    r"(?i)\bthe\s+(?P<value>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?"
    rf"|\d{{1,2}}:\d{{2}})\s+{_ITEM_NOUN}\b"
)
# A verb that picks what follows in its clause ("book", "I'll take", "go with").
_EN_PICK = re.compile(
    r"(?i)\b(?:book|take|choose|pick|go\s+with|select|reserve|want|prefer|like|get|hold"
    r"|switch\s+to|change\s+to|try|use|grab|confirm|stick\s+with|settle\s+on"
    r"|(?:i|we|let)['’]?(?:ll|d|s)?\s+(?:do|have))\b"
)
# What turns an item down within the clause that points to it.
_EN_DECLINES = re.compile(
    r"(?i)\b(?:not|no|never|don'?t|doesn'?t|isn'?t|won'?t|except|other\s+than|rather\s+than"
    r"|instead\s+of|too\s+[a-z]+|skip|avoid|without|hate|dislike)\b|n['’]t\b"
)
_EN_CLAUSE_EDGE = re.compile(r"[,;:.!?\n]|\s(?:but|or)\s")
# A change of what was booked to the item pointed to ("move it to the first one", "switch
# my booking over to the third"): a pick, though "move" alone acts on an item.
_EN_MOVE_TO = re.compile(
    r"(?i)\b(?:move|change|switch|shift|reschedule|rebook|update|swap|make)\s+"
    r"(?:(?:it|that|this|them|the\s+\w+|my\s+\w+)\s+)?(?:over\s+)?(?:to|into|for)\s+$"
)
_EN_SENTENCE_END = re.compile(r"[.!?\n]")


def _option_references(
    text: str, context: ParseContext
) -> tuple[list[Reference], list[tuple[int, int]]]:
    """The pointers of `text` to items of the latest list a reply gave (see `OPTION`), or of
    an earlier list its noun names ("the second hotel"), with their spans."""
    items = context.offered
    kind = context.offered_kind or NAME_KIND
    # (start, end, item index or None, the list's kind, its items)
    found: list[tuple[int, int, int | None, str, tuple[tuple[str, str], ...]]] = []
    for m in _EN_ORDINAL_ITEM.finditer(text):
        if m.group("num"):
            start, end = m.span("num_at")
            found.append((start, end, int(m.group("num")) - 1, kind, items))
            continue
        pair = _EN_ORD_PAIR.match(text, m.end()) if m.group("ord") else None
        for got in (m, pair) if pair is not None else (m,):
            of_kind, listed = _list_named(got.group("noun") or m.group("noun"), context)
            place = _EN_ORDINALS[(got.group("ord") or got.group("ord2")).lower()]
            at = got.span("ord") if got is pair else got.span()
            found.append((*at, place if place >= 0 else len(listed) + place, of_kind, listed))
    for m in _EN_PRICED_ITEM.finditer(text):
        pos = _by_price(items, low=m.group("low") is not None)
        found.append((m.start(), m.end(), pos, kind, items))
    for m in EN_MEASURED_ITEM.finditer(text):
        measure, low = en_measure(m)
        found.append((m.start(), m.end(), pick_by_measure(items, measure, low=low), kind, items))
    for m in _EN_VALUE_ITEM.finditer(text):
        found.append((m.start(), m.end(), _by_value(items, m.group("value")), kind, items))
    if kind != LIST_KIND:
        for i, (name, _) in enumerate(items):
            said = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I)
            said = said or _part_said(text, i, items)
            if said is not None and _picks_name(text, said.start()):
                found.append((said.start(), said.end(), i, kind, items))
    out: list[Reference] = []
    spans: list[tuple[int, int]] = []
    for start, end, pos, of_kind, listed in sorted(found, key=lambda f: f[:2]):
        if any(start < e and s < end for s, e in spans):
            continue
        if pos is None or not 0 <= pos < len(listed):
            continue  # "the fourth one" of three, "the cheaper one" with no prices
        key = _instance_key(of_kind, listed[pos][0])
        how = _option_kind(text, start, end)
        if how == OPTION and of_kind == LIST_KIND:
            how = OPTION_ACTED  # a step, a failing test: no offer to pick
        out.append(Reference(text=text[start:end], kind=how, resolved_to=key, confidence=0.75))
        spans.append((start, end))
    return out, spans


# The nouns of a pointer that name no kind of list ("the second one", "the last option").
_ANY_ITEM = frozenset(("one", "option", "choice", "pick", "place", "spot", "room", "table"))


def _list_named(noun: str | None, context: ParseContext) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(kind, items) of the list a pointer counts in: the latest one, unless its noun names
    a kind ("the second hotel") that list is not: then the newest earlier list of that kind,
    else the latest when what it lists is unsaid, else none."""
    kind = context.offered_kind or NAME_KIND
    latest = (kind, context.offered)
    word = (noun or "").lower()
    if not word or word in _ANY_ITEM or word == kind:
        return latest
    earlier = next((lst for lst in reversed(context.earlier_lists) if lst[0] == word), None)
    if earlier is not None:
        return earlier
    return latest if kind == NAME_KIND else (kind, ())


# Words of an offered name that tell no item from another: articles, kinds of place.
_COMMON_WORDS = """the a an of and at in on by de la le hotel hotels inn motel hostel resort lodge
suites restaurant cafe bar grill kitchen house room rooms flight airlines air airport station
center centre city street park plaza tower grand new old north south east west"""
_COMMON_NAME_WORDS = frozenset(_COMMON_WORDS.split())


def _part_said(text: str, index: int, items: Sequence[tuple[str, str]]) -> re.Match[str] | None:
    """Where `text` names the item at `index` by one of its own words that no other item has
    ("book the Crawford" for The Crawford Hotel beside Hotel Teatro), else None."""
    others = {w.lower() for i, (n, _) in enumerate(items) if i != index for w in n.split()}
    for word in items[index][0].split():
        low = word.lower()
        if len(word) < 4 or not word.isalpha() or low in _COMMON_NAME_WORDS or low in others:
            continue
        said = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I)
        if said is not None:
            return said
    return None


def _picks_name(text: str, at: int) -> bool:
    """Whether an item's own name at `at` is picked: a picking verb before it in its clause
    ("let's book Hotel Julian"), or it opens the message ("Hotel Julian, please")."""
    edges = [e.end() for e in _EN_CLAUSE_EDGE.finditer(text, 0, at)]
    start = edges[-1] if edges else 0
    return _EN_PICK.search(text, start, at) is not None or not text[:at].strip()


def _option_kind(text: str, start: int, end: int) -> str:
    """`OPTION_DECLINED` when the pointer's clause turns the item down, `OPTION_ACTED` when
    the verb nearest before it in its clause does something other than pick ("fix the last
    one", "explain the second option"), `OPTION_ASKED` when its sentence asks with no
    picking verb before it, else `OPTION`."""
    edges = [e.end() for e in _EN_CLAUSE_EDGE.finditer(text, 0, start)]
    after = _EN_CLAUSE_EDGE.search(text, end)
    begin_clause = edges[-1] if edges else 0
    clause = text[begin_clause : after.start() if after else len(text)]
    if _EN_DECLINES.search(clause):
        return OPTION_DECLINED
    if _EN_MOVE_TO.search(text, begin_clause, start):
        return OPTION  # "can you move it to the first one?" asks for a change: a pick
    acts = [m.start() for m in _EN_ACT.finditer(text, begin_clause, start)]
    picks = [m.start() for m in _EN_PICK.finditer(text, begin_clause, start)]
    if acts and (not picks or acts[-1] > picks[-1]):
        return OPTION_ACTED
    opened = [e.end() for e in _EN_SENTENCE_END.finditer(text, 0, start)]
    begin = opened[-1] if opened else 0
    stop = _EN_SENTENCE_END.search(text, end)
    if stop is not None and stop.group(0) == "?" and not _EN_PICK.search(text, begin, start):
        return OPTION_ASKED
    return OPTION


def _by_price(items: Sequence[tuple[str, str]], *, low: bool) -> int | None:
    """The index of the cheapest item (the dearest with `low` False), when two or more give
    a price and none ties it (a tool record's price counts: `measures.pick_by_measure`)."""
    return pick_by_measure(items, "price", low=low)


def _by_value(items: Sequence[tuple[str, str]], value: str) -> int | None:
    """The index of the one item whose detail gives `value` (a time or a price)."""
    want = _minutes(value)
    if want is not None:
        hits = [i for i, (_, d) in enumerate(items) if want in _all_minutes(d)]
    else:
        price = _price(value)
        hits = [i for i, (_, d) in enumerate(items) if price is not None and _price(d) == price]
    return hits[0] if len(hits) == 1 else None


_PRICE = re.compile(r"[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:dollars?|euros?)")
_CLOCK = re.compile(
    r"(?i)(?<![\d:])(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\b|(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])"
)


def _price(text: str) -> float | None:
    m = _PRICE.search(text)
    if m is None:
        return price_of(text)  # "EUR 9,800", "4280 元": a code or a unit sign
    return float((m.group(1) or m.group(2)).replace(",", ""))


def _minutes(text: str) -> int | None:
    got = _all_minutes(text)
    return got[0] if len(got) == 1 else None


def _all_minutes(text: str) -> list[int]:
    """Each clock time in `text` as minutes past midnight ("7pm", "7:00 p.m.", "19:00")."""
    out: list[int] = []
    for m in _CLOCK.finditer(text):
        if m.group(3):
            hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "p" else 0)
            out.append(hour * 60 + int(m.group(2) or 0))
        else:
            out.append(int(m.group(4)) * 60 + int(m.group(5)))
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


def _zh_options_newest(context: ParseContext) -> bool:
    """Whether the latest list is one of values (flights, days) no newer list of places
    follows."""
    return (
        context.offered_kind in (FLIGHT_KIND, DATE_KIND)
        and bool(context.offered)
        and all(i <= context.offered_at for _, _, i in context.mentions)
    )


def _zh_named_newest(context: ParseContext) -> bool:
    """Whether the latest list is of named things a Chinese reply gave ("有周末班 4280 元和周末VIP
    班 5600 元", or tool records it named)."""
    return context.offered_kind == ZH_NAMED_KIND and bool(context.offered)


def _zh_option_references(
    text: str, context: ParseContext, *, measures_only: bool = False
) -> tuple[list[Reference], list[tuple[int, int]]]:
    """The pointers of a Chinese `text` to the items of the list of values a reply gave
    ("那就第二个吧", "改成11号那个吧", "便宜的那个"), as `OPTION` references (see
    `_option_choice`)."""
    items = context.offered
    out: list[Reference] = []
    spans: list[tuple[int, int]] = []
    for start, end, pos, how in zh_option_pointers(text, items, measures_only=measures_only):
        kind = OPTION if how == PICK else OPTION_DECLINED if how == DECLINED else OPTION_ASKED
        key = _instance_key(context.offered_kind, items[pos][0])
        out.append(Reference(text=text[start:end], kind=kind, resolved_to=key, confidence=0.75))
        spans.append((start, end))
    return out, spans


def _place_references(
    text: str, context: ParseContext | None
) -> tuple[list[Reference], list[tuple[int, int]]]:
    """The pointers of `text` to places named before (see `_ORDINAL_PLACE`, `_BACK_PLACE`),
    with their spans. An ordinal with no list to count in stays unresolved; a "前面那家" that
    finds no place is left to the other rules ("那家": the latest item)."""
    out: list[Reference] = []
    spans: list[tuple[int, int]] = []
    for m in _ORDINAL_PLACE.finditer(text):
        key = _by_order(m, context.mentions) if context else None
        kind = _place_kind(text, m)
        out.append(Reference(text=m.group(0), kind=kind, resolved_to=key, confidence=0.75))
        spans.append(m.span())
    for m in _BACK_PLACE.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in spans):
            continue
        key = _by_recency(m, context) if context else None
        if key is not None:
            kind = _place_kind(text, m)
            out.append(Reference(text=m.group(0), kind=kind, resolved_to=key, confidence=0.7))
            spans.append(m.span())
    return out, spans


# A verb before a place's name that picks it ("就订大董吧", "选北京饭店"), and what after it
# does ("大董吧", "大董就行").
_ZH_PICK_BEFORE = re.compile(r"订|定|选|要|去|住|就|换成|改成|试试|决定")
_ZH_PICK_AFTER = re.compile(r"\s*(?:吧|就行|就好|好了|可以)")
# What makes the sentence a question about the place, or the clause a turn-down: no pick.
_ZH_ASKS = re.compile(r"[？?吗呢嘛]|哪|怎么|多少|几|什么|如何|是不是|有没有")
_ZH_NOT = re.compile(r"[不别没]|问|查|了解|知道|介绍|比较|对比|看看")
_BRANCH_TAIL = re.compile(r"\s*[(（][^()（）]{1,20}[)）]$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def named_places(text: str, context: ParseContext | None) -> list[Reference]:
    """A user's pick of a place a reply listed, by its name or the part before its branch
    ("好，就订大董吧" after "推荐：大董（工体店）、全聚德（前门店）": 大董（工体店）), as a
    `PLACE` pointer (see `place_choices`). None for a question about it ("大董在哪里？"), a
    turn-down ("不去大董了"), a part two listed names share, or words that pick nothing."""
    if context is None or not context.mentions or _CJK.search(text) is None:
        return []
    by_turn: dict[int, list[tuple[str, str]]] = {}
    for name, kind, i in context.mentions:
        by_turn.setdefault(i, []).append((name, kind))
    for i in sorted(by_turn, reverse=True):
        names = by_turn[i]
        found: list[Reference] = []
        for name, kind in names:
            head = _BRANCH_TAIL.sub("", name)
            part = name if name in text else head
            if len(part) < 2 or part not in text:
                continue
            if part == head and sum(head in other for other, _ in names) > 1:
                continue  # "全聚德" of 全聚德（前门店） and 全聚德（和平门店）: which one is unsaid
            at = text.find(part)
            if _picks_place(text, at, at + len(part)):
                found.append(
                    Reference(
                        text=part, kind=PLACE, resolved_to=_instance_key(kind, name), confidence=0.7
                    )
                )
        if found:
            return found
    return []


def _picks_place(text: str, start: int, end: int) -> bool:
    edges = [e.end() for e in _CLAUSE_EDGE.finditer(text, 0, start)]
    begin = edges[-1] if edges else 0
    after = _CLAUSE_EDGE.search(text, end)
    clause = text[begin : after.start() if after else len(text)]
    stop = re.compile(r"[。.！!？?\n]").search(text, end)
    sentence = text[begin : stop.end() if stop else len(text)]
    if _ZH_ASKS.search(sentence) or _ZH_NOT.search(clause) or _DECLINES.search(clause):
        return False
    return (
        _ZH_PICK_BEFORE.search(text, begin, start) is not None
        or _ZH_PICK_AFTER.match(text, end) is not None
    )


def _place_kind(text: str, m: re.Match[str]) -> str:
    """`PLACE_DECLINED` when the pointer's clause turns the place down, else `PLACE`."""
    edges = [e.end() for e in _CLAUSE_EDGE.finditer(text, 0, m.start())]
    after = _CLAUSE_EDGE.search(text, m.end())
    end = after.start() if after else len(text)
    # "第一家不错，但是太远了": the turn-down in the clause after a "but" is about it too.
    if after is not None and (but := _BUT_NEXT.match(text, after.end())) is not None:
        nxt = _CLAUSE_EDGE.search(text, but.end())
        end = nxt.start() if nxt else len(text)
    clause = text[edges[-1] if edges else 0 : end]
    return PLACE_DECLINED if _DECLINES.search(clause) else PLACE


_BUT_NEXT = re.compile(r"\s*(?:但是|不过|可是|就是|只是|但)")


def _noun_kind(m: re.Match[str]) -> str | None:
    noun = m.group("noun")
    return _PLACE_NOUNS.get(noun) or None if noun else None


def _by_order(m: re.Match[str], mentions: Sequence[tuple[str, str, int]]) -> str | None:
    """The place an ordinal counts to in the latest turn that named two or more of its kind
    ("为您推荐金鼎轩和大董(工体店)" -> "第二家": 大董(工体店)). None when there is no such
    list, it mixes kinds and the ordinal names none, it is too short, or a place of its kind
    outside it was named since ("那推荐您X" after the list: "第二家" is no longer clear)."""
    kind = _noun_kind(m)
    turns: dict[int, dict[str, str]] = {}
    for name, k, i in mentions:
        turns.setdefault(i, {}).setdefault(name, k)
    for i in sorted(turns, reverse=True):
        listed = [(n, k) for n, k in turns[i].items() if kind is None or k == kind]
        if kind is None and m.group("cl") == "家":
            # "家" counts restaurants and hotels ("第二家"), not sights.
            listed = [(n, k) for n, k in listed if k != "景点"] or listed
        if len({n for n, _ in listed}) < 2:
            continue
        kinds = {k for _, k in listed}
        if len(kinds) > 1:
            return None
        names = [n for n, _ in listed]
        if any(j > i and k in kinds and n not in names for n, k, j in mentions):
            return None
        if m.group("last"):
            pos = len(names) - 1
        elif m.group("first"):
            pos = 0
        else:
            pos = _ORDINALS[m.group("ord")]
        return _instance_key(listed[pos][1], names[pos]) if pos < len(names) else None
    return None


def _by_recency(m: re.Match[str], ctx: ParseContext) -> str | None:
    """The place "前面那家" (the one before the latest of its kind) or "刚才那家" (the latest
    of its kind) points to; its kind is the noun's ("之前那个酒店"), else the one the dialogue
    is about. "之前那家餐厅" said while hotels are discussed is the latest restaurant."""
    latest: dict[str, tuple[str, int]] = {}
    for name, k, i in ctx.mentions:
        latest.pop(name, None)
        latest[name] = (k, i)
    if not latest:
        return None
    noun_kind = _noun_kind(m)
    kinds = {k for k, _ in latest.values()}
    kind = noun_kind or (ctx.focus if ctx.focus in kinds else list(latest.values())[-1][0])
    of_kind = [(n, i) for n, (k, i) in latest.items() if k == kind]
    if not of_kind:
        return None
    if m.group("before") or m.group("before2") or m.group("prev"):
        if len(of_kind) >= 2 and (noun_kind is None or noun_kind == ctx.focus):
            name = of_kind[-2][0]
        elif noun_kind is not None or len(latest) == 1:
            name = of_kind[-1][0]
        else:
            # "前面那家" with one hotel and a restaurant before it: which one is not said.
            return None
    elif len(of_kind) >= 2 and of_kind[-1][1] == of_kind[-2][1]:
        return None  # "你说的那家" after "推荐A和B": which one is not said
    else:
        name = of_kind[-1][0]
    return _instance_key(kind, name)


def _instance_key(kind: str, name: str) -> str:
    return f"{kind}[{name}]"


def without_pointer_names(
    refs: Sequence[Reference], updates: Sequence[SlotUpdate]
) -> list[SlotUpdate]:
    """`updates` without a 名称 read inside a pointer to a place ("第二家餐厅", "上一个"): in
    the user's words or the assistant's ("第一家餐厅的电话是X"), no place is called that."""
    pointers = [r for r in refs if r.kind in (PLACE, PLACE_DECLINED)]
    if not pointers:
        return list(updates)
    return [
        u
        for u in updates
        if not (
            u.slot == NAME_SLOT
            and u.value
            and any(r.text in u.value or u.value in r.text for r in pointers)
        )
    ]


def place_choices(
    refs: Sequence[Reference], updates: Sequence[SlotUpdate], text: str = ""
) -> list[SlotUpdate]:
    """`updates` with the place a user's message points to, as the 名称 update its name
    would have made.

    "第一家的电话是多少" asks about 金鼎轩 as "金鼎轩的电话是多少" would, and "那就第二家吧"
    picks 大董(工体店): the state makes it the current instance. A name read inside the
    pointer ("第二家餐厅", "上一个" of "上一个景点的门票") is no place's and is dropped. No
    place is added when the message names one itself, points to two ("第一家和第二家哪个
    近": a comparison), to one it could not resolve, or only to turn one down ("第一家太贵
    了"; "第一家太贵了，第二家呢" picks the second).
    """
    out = _option_choice(refs, updates, text)
    pointers = [r for r in refs if r.kind in (PLACE, PLACE_DECLINED)]
    if not pointers:
        return out
    out = without_pointer_names(refs, out)
    places = [r for r in pointers if r.kind == PLACE]
    keys = {r.resolved_to for r in places}
    if len(keys) != 1 or None in keys or any(u.slot == NAME_SLOT and u.value for u in out):
        return out
    ref = places[0]
    assert ref.resolved_to is not None
    entity, _, rest = ref.resolved_to.partition("[")
    choice = SlotUpdate(
        entity=entity, slot=NAME_SLOT, value=rest[:-1], raw=ref.text, confidence=ref.confidence
    )
    return [*out, choice]


_BOTH_JOIN = re.compile(r"(?i)\s*(?:,\s*)?(?:and|&|plus)\s+(?:also\s+)?$")


def _picks_both(text: str, picked: Sequence[Reference]) -> bool:
    """Whether each pointer after the first is joined to the one before by "and" ("the
    first and the third"), not offered as an alternative ("the first or the third?")."""
    at = 0
    ends: list[tuple[int, int]] = []
    for r in picked:
        start = text.find(r.text, at)
        if start < 0:
            return False
        ends.append((start, start + len(r.text)))
        at = start + len(r.text)
    return all(
        _BOTH_JOIN.fullmatch(text[prev_end:start]) is not None
        for (_, prev_end), (start, _) in pairwise(ends)
    )


def _option_choice(
    refs: Sequence[Reference], updates: Sequence[SlotUpdate], text: str
) -> list[SlotUpdate]:
    """`updates` with the offered item a user's message picks ("book the second option",
    "the 7pm one instead") as the value of the slot named for what the items are ("hotel",
    "flight"): the user's choice, a later pick replacing it; the items it picks together
    ("the first and the third") as one list value. None when the message offers two as
    alternatives ("the first or the second?") or already gives that slot a value."""
    picked = [r for r in refs if r.kind == OPTION and r.resolved_to]
    keys = list(dict.fromkeys(r.resolved_to for r in picked if r.resolved_to))
    asked = {r.resolved_to for r in refs if r.kind == OPTION_ASKED} - set(keys)
    if asked or not keys or (len(keys) > 1 and not _picks_both(text, picked)):
        return list(updates)  # "move it to the first one or the second one?": no pick yet
    slots = {k.partition("[")[0] for k in keys}
    if len(slots) != 1:
        return list(updates)
    slot = slots.pop()
    if any(u.slot == slot and u.value for u in updates):
        return list(updates)
    value = ", ".join(k.partition("[")[2][:-1] for k in keys)
    raw = " and ".join(r.text for r in picked)
    choice = SlotUpdate(
        entity="task", slot=slot, value=value, raw=raw, confidence=picked[0].confidence
    )
    return [*updates, choice]
