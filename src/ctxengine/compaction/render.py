"""The CONTEXT block: the layers written as a few compact, labelled sections.

::

    [用户意图]
    修改 order.recipient [本轮]
    [当前状态]
    order.product=iPhone 15 Pro [17轮前]
    order.color=暗紫色(DARK_PURPLE) [15轮前]
    [待更新项]
    order.recipient=张伟 [本轮]
      旧值: 李娜 [8轮前]
    [约束]
    - 不要显示价格 [13轮前]

Rules the format keeps:

- Values are verbatim. A value that would break the line format (a newline, edge spaces, empty)
  is written as a JSON string literal, which is still exact and reversible.
- One line per current slot, ``key=value``, starting at column 0. Superseded values appear only
  on indented lines labelled ``旧值``/``was``, never after ``key=``. A fact the assistant found
  that differs from what the user asked keeps the request beside it:
  ``酒店.评分=4.8分 (用户要求: 5分)``.
- Times are relative to the current turn ("[3轮前]", "[3 turns ago]"), never timestamps: they
  cost few tokens and are what the model can actually use.
- Empty sections are left out; nothing to say renders as "".
- Earlier named instances (CrossWOZ's restaurants) take one line each, values grouped:
  ``餐馆[鼎泰丰]: 地址=A路1号; 电话=010-1111``. In the compact form they become one table
  per kind: a header naming the columns once, ``餐馆(名称|地址|电话):``, then one row per
  instance, ``鼎泰丰|A路1号|010-1111``. An empty cell is ``-`` (every cell stays visible, so
  no column is found by counting delimiters); trailing empty cells are left out; a cell that
  is ``-`` or holds ``|`` is written as a JSON string literal. The slot names are most of what
  instance lines cost beyond their values, and a table writes them once per kind.
  The kind's current entity is the table's first row, marked ``[当前]``/``[current]``; its
  old values follow it on indented lines naming their slot (``  旧值: 电话=010-2222``).
  The compact form writes the rules without their time markers.
- Facts a newer fact replaced (an earlier candidate's phone number) follow their slot on an
  indented ``早先``/``earlier`` line; wishes the user changed never do.
- Under a token cap (`render_view`'s ``max_tokens``), lines leave in a fixed order: tool-only
  evidence, then dates/times/amounts the conversation stated, the identifiers a tool
  returned as its own that no later result replaced (`live_identifiers`), the recent
  intents, the current intent, the conflicts (their later side is the current value already), the
  copies of a search criterion another row repeats (``4.5分以上`` on each place found for
  it: one copy stays, `repeated_wishes`), then the requests beside earlier instances'
  facts (``用户要求``), earlier facts, the costly
  facts of earlier instances (an address, opening hours: more tokens per item than
  `RenderOptions.long_fact_tokens`) and last the earlier instances; within each, oldest
  first, and among costly facts and instances what costs the most tokens per item first
  (`cost_order`); the room the last line shed leaves takes back smaller lines shed before
  it. Current values, pending
  updates, their old values, constraints and stated identifiers never leave: they are the
  block's reason to exist, and when they alone exceed the cap the caller decides.

`build_view` selects what to show from the layers; `render_view` only formats. Sharding reuses
both on filtered views.
"""

from __future__ import annotations

import bisect
import functools
import json
import operator
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import cast

from ctxengine.compaction.en_names import NAME_KIND
from ctxengine.compaction.layers import (
    ID_KINDS,
    ArchivedValue,
    EvidenceItem,
    EvidenceLayer,
    IntentLayer,
    IntentRecord,
    SlotValue,
    StateLayer,
    is_instance,
    said_in_conversation,
    split_key,
    written,
)
from ctxengine.compaction.ledger import ConflictRecord, ConstraintEntry, Ledger
from ctxengine.compaction.ontology import NO_LABELS, BlockLabels
from ctxengine.compaction.schema import Language

HEADERS: dict[Language, dict[str, str]] = {
    "zh": {
        "intent": "[用户意图]",
        "state": "[当前状态]",
        "pending": "[待更新项]",
        "constraints": "[约束]",
        "conflicts": "[冲突]",
        "evidence": "[证据]",
    },
    "en": {
        "intent": "[Intent]",
        "state": "[Current state]",
        "pending": "[Pending updates]",
        "constraints": "[Constraints]",
        "conflicts": "[Conflicts]",
        "evidence": "[Evidence]",
    },
}

WORDS: dict[Language, dict[str, str]] = {
    "zh": {
        "was": "旧值",
        "unmet": "(未能满足)",
        "requested": "用户要求",
        "unmet_ask": "未满足的要求",
        "earlier": "早先",
        "removed": "(已删除)",
        "before": "此前",
        "later_wins": "以后者为准",
        "earlier_stands": "以前者为准",
        "current": "[当前]",
    },
    "en": {
        "was": "was",
        "unmet": "(could not be met)",
        "requested": "asked for",
        "unmet_ask": "asked, not met",
        "earlier": "earlier",
        "removed": "(removed)",
        "before": "before",
        "later_wins": "later wins",
        "earlier_stands": "earlier stands",
        "current": "[current]",
    },
}

INTENT_NAMES_ZH: dict[str, str] = {
    "query": "查询",
    "modify": "修改",
    "confirm": "确认",
    "cancel": "取消",
    "restart": "重新开始",
    "chitchat": "闲聊",
    "inform": "告知",
}


@dataclass(frozen=True)
class RenderOptions:
    """What the block shows; every number here is a token/recall trade-off."""

    history_turns: int = 3  # show a slot's previous value if it changed this recently
    max_evidence: int = 12  # caps tool fields only: what the user/assistant wrote always shows
    # Caps the arguments of the agent's own tool calls (`called`), shown before tool fields.
    max_call_fields: int = 60
    max_conflicts: int = 5
    conflict_turns: int = 10  # older conflicts are already reflected in the state
    # Slot values set longer ago than this are shown without a time marker: a marker costs
    # ~5 tokens and "set long ago" is all it would say. None marks every value.
    slot_marker_turns: int | None = 5
    # Facts a newer fact replaced (an earlier candidate's phone), shown per slot, newest first.
    max_earlier: int = 3
    # Earlier named instances (``餐馆[A]: 地址=...``) shown, most recently touched first; a
    # token cap (see `render_view`) drops the oldest first when the budget is short.
    max_instances: int = 100
    # Under a token cap, a fact of an earlier instance costing more than this many tokens per
    # item (an address, opening hours) leaves before whole instances (see `render_view`).
    long_fact_tokens: int = 10


@dataclass
class ContextView:
    """The selection of layer content one block shows."""

    current_turn: int
    language: Language
    slot_marker_turns: int | None = 5
    # The slot that names an instance (the first column of an instance table).
    name_slot: str = "名称"
    long_fact_tokens: int = 10
    intent: IntentRecord | None = None
    recent_intents: list[IntentRecord] = field(default_factory=list)
    slots: list[SlotValue] = field(default_factory=list)
    pending: list[SlotValue] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    previous: dict[str, ArchivedValue] = field(default_factory=dict)
    constraints: list[ConstraintEntry] = field(default_factory=list)
    conflicts: list[ConflictRecord] = field(default_factory=list)
    evidence: list[EvidenceItem] = field(default_factory=list)
    # The evidence lines' heads (`_evidence_head` and the space before the marker) by item
    # id in this view's language, kept by the session's `EvidenceSelection` (which drops an
    # item's head when the item changes); `evidence_texts` fills in what is missing. Empty:
    # worked out per line.
    heads: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    # Facts newer facts replaced, per current slot key, newest first (`earlier_line`).
    earlier: dict[str, list[ArchivedValue]] = field(default_factory=dict)
    # Earlier named instances, most recently touched first: (entity key, last turn, values).
    instances: list[tuple[str, int, list[SlotValue]]] = field(default_factory=list)
    # What the user asked of a finished search that no place met, by the place the search
    # ended on, then slot (`StateLayer.unmet_asks`): written beside that place's facts. The
    # current search's are not written: a reply just said so, and its row is never shed.
    unmet: dict[str, dict[str, str]] = field(default_factory=dict)
    # Entity and slot names in the view's language (``order.recipient`` -> ``订单.收货人``).
    labels: BlockLabels = field(default=NO_LABELS, compare=False, repr=False)


def fmt(value: str) -> str:
    """A value as written in the block: verbatim, or a JSON literal if it would break a line."""
    if not value or value != value.strip() or "\n" in value or "\r" in value:
        return json.dumps(value, ensure_ascii=False)
    return value


def ago(turn: int, current: int, language: Language) -> str:
    return _ago(current - turn, language)


@functools.lru_cache(maxsize=8192)
def _ago(d: int, language: Language) -> str:
    """The marker of a line set `d` turns ago. Every render writes one per line and the same
    distances recur on every call, so the strings are remembered (a pure function of its
    arguments: safe across sessions)."""
    if language == "zh":
        return "[本轮]" if d <= 0 else f"[{d}轮前]"
    if d <= 0:
        return "[this turn]"
    return "[1 turn ago]" if d == 1 else f"[{d} turns ago]"


def slot_display(v: SlotValue | ArchivedValue, *, anchors: bool = True) -> str:
    """The value followed by its anchors: ``暗紫色(DARK_PURPLE)``; without `anchors` (the
    compact form) the verbatim value alone, which is what the conversation said."""
    tags = [t for t in (v.enum, v.entity_id) if anchors and t and t != v.value]
    return fmt(v.value) + (f"({', '.join(tags)})" if tags else "")


def value_text(v: SlotValue, language: Language, *, anchors: bool = True) -> str:
    """The value with its anchors and, for a fact found against a request, the request."""
    text = slot_display(v, anchors=anchors)
    if v.requested is not None:
        text += f" ({WORDS[language]['requested']}: {fmt(v.requested)})"
    return text


def slot_line(
    v: SlotValue,
    current: int,
    language: Language,
    marker_turns: int | None,
    labels: BlockLabels = NO_LABELS,
) -> str:
    line = f"{labels.key(v.key)}={value_text(v, language)}"
    if marker_turns is None or current - v.turn <= marker_turns:
        line += " " + ago(v.turn, current, language)
    return line


def history_line(
    a: ArchivedValue, current: int, language: Language, *, slot: str | None = None
) -> str:
    """``  旧值: 李娜 [8轮前]``; with `slot` (the compact form) ``  旧值: 收货人=李娜``."""
    why = f" {WORDS[language]['unmet']}" if a.reason == "unmet" else ""
    if slot is not None:
        return f"  {WORDS[language]['was']}: {slot}={slot_display(a, anchors=False)}{why}"
    return (
        f"  {WORDS[language]['was']}: {slot_display(a)}{why} {ago(a.set_turn, current, language)}"
    )


def earlier_line(facts: list[ArchivedValue], language: Language, slot: str | None = None) -> str:
    """``  早先: 81732276; 010-1111``: what the slot held for earlier candidates, newest first
    (not superseded wishes: those are ``旧值`` lines or gone); `slot` names it (compact form)."""
    values = "; ".join(slot_display(a, anchors=slot is None) for a in facts)
    return f"  {WORDS[language]['earlier']}: " + (f"{slot}={values}" if slot else values)


def intent_text(
    r: IntentRecord, current: int, language: Language, labels: BlockLabels = NO_LABELS
) -> str:
    name = INTENT_NAMES_ZH.get(r.name, r.name) if language == "zh" else r.name
    target = f" {labels.slots.get(r.target) or labels.entity(r.target)}" if r.target else ""
    return f"{name}{target} {ago(r.turn, current, language)}"


def build_view(
    *,
    intents: IntentLayer,
    state: StateLayer,
    evidence: EvidenceLayer,
    ledger: Ledger,
    current_turn: int,
    language: Language,
    last_user_turn: int,
    options: RenderOptions,
    selection: EvidenceSelection | None = None,
    labels: BlockLabels = NO_LABELS,
) -> ContextView:
    """What the block shows. `selection`, when given, is the session's evidence order kept
    from earlier calls (`EvidenceSelection`); without it the order is worked out anew."""
    view = ContextView(
        current_turn=current_turn,
        language=language,
        slot_marker_turns=options.slot_marker_turns,
        name_slot=state.instance_slots[0] if state.instance_slots else "名称",
        long_fact_tokens=options.long_fact_tokens,
        labels=labels,
    )
    view.intent = intents.current
    seen = {(r.name, r.target) for r in ([intents.current] if intents.current else [])}
    for r in intents.recent:
        # A repeated intent says nothing new; showing it once (the latest) is enough.
        if (r.name, r.target) not in seen:
            seen.add((r.name, r.target))
            view.recent_intents.append(r)
    instances: dict[str, list[SlotValue]] = {}
    for v in state.slots.values():
        if is_instance(v.entity):
            instances.setdefault(v.entity, []).append(v)
            continue
        is_pending = not v.confirmed and v.turn >= last_user_turn
        (view.pending if is_pending else view.slots).append(v)
        prev = state.previous(v.key)
        recent = prev is not None and prev.superseded_turn >= current_turn - options.history_turns
        if prev is not None and (is_pending or recent):
            view.previous[v.key] = prev
        was = view.previous.get(v.key)
        facts = [
            a
            for a in state.earlier_facts(v.key)[-options.max_earlier :]
            if a.value != v.value and a is not was
        ]
        if facts:
            view.earlier[v.key] = facts[::-1]
    for key, turn in state.removed.items():
        if turn >= last_user_turn:
            view.removed.append(key)
            prev = state.previous(key)
            if prev is not None:
                view.previous[key] = prev
    view.instances = _recent_instances(instances, state.instance_slots, options.max_instances)
    for key, asked in state.unmet_asks.items():
        entity, slot = split_key(key)
        if is_instance(entity):
            view.unmet.setdefault(entity, {})[slot] = asked
    view.constraints = ledger.in_force(last_user_turn)
    shown = [
        c
        for c in ledger.conflicts
        if c.turn >= current_turn - options.conflict_turns and not c.explicit
    ]
    view.conflicts = shown[-options.max_conflicts :]
    # Evidence equal to a current value would only repeat it; evidence equal to a superseded
    # value would present history as a fact. Both stay in the layer, out of the block.
    # What the user or the assistant wrote in a message (an order number, a coupon code) is
    # never cut: the conversation depends on it verbatim. The cap bounds the rest, fields only a
    # tool returned or a tool call carried (a long JSON result would fill any cap by itself).
    # Recency orders each group (see `EvidenceSelection`). A piece of a value counts too:
    # the time "10:00-22:00" of the opening hours "周一至周日 10:00-22:00" says nothing the
    # value does not.
    selection = selection or EvidenceSelection()
    view.evidence = selection.select(state, evidence, options.max_evidence, options.max_call_fields)
    view.heads = selection.heads(language)
    return view


def _recent_instances(
    instances: dict[str, list[SlotValue]], name_slots: list[str], keep: int
) -> list[tuple[str, int, list[SlotValue]]]:
    """The `keep` most recently touched instances: (entity key, last turn, values without
    the name slot: the name is in the key already)."""
    latest = {e: max(v.turn for v in vs) for e, vs in instances.items()}
    ranked = sorted(latest, key=lambda e: (-latest[e], e))[:keep]
    return [(e, latest[e], [v for v in instances[e] if v.slot not in name_slots]) for e in ranked]


# Whether the user or the assistant wrote the value in a message (not a tool call).
written_in_conversation = written


def called(item: EvidenceItem) -> bool:
    """Whether the agent passed this value to a tool (and neither side wrote it in a message).

    A call's arguments are what the agent settled on for the task (the city searched, the
    date booked, the party size): its state, written by the agent itself, in the tool's own
    field names. A long session of tool use keeps its task state there even where no
    ontology knows the domain's words, and a call holds a few fields where its result holds
    dozens, so calls have a cap of their own (`max_call_fields`) and rank above result fields."""
    return not written_in_conversation(item) and any(s.startswith("call:") for s in item.sources)


_StatedKey = tuple[int, int, str]
_OtherKey = tuple[bool, int, int, bool, bool, str]


def _stated_key(e: EvidenceItem) -> _StatedKey:
    return (-e.last_seen, -e.first_seen, e.id)


def _other_key(e: EvidenceItem) -> _OtherKey:
    # Of one turn's fields, the references first: a result of many rows, or two results in
    # one turn, hold more fields than the cap, and a row's account number or a booking's
    # link is what the agent copies to act, where its currency or its amount is read again;
    # then a row's own identifier (a record's id, a container number), before its score.
    return (
        not said_in_conversation(e),
        -e.last_seen,
        -e.first_seen,
        not reference(e),
        not record_id(e),
        e.id,
    )


# What an agent copies to reach someone or something: an account, a link, an address, a
# number to call. A field named an id by its key alone ("min_order_no", "zip_code", a
# listing's "phone_number") is often a record's internal key: it keeps its place by recency.
REFERENCE_KINDS = frozenset({"iban", "url", "email", "phone"})


def reference(e: EvidenceItem) -> bool:
    """Whether `e` is a reference (`REFERENCE_KINDS`)."""
    return e.kind in REFERENCE_KINDS


# Evidence kinds that name one thing exactly: what a reply copies, never works out again.
IDENTIFIER_KINDS = frozenset({*ID_KINDS, *REFERENCE_KINDS})


def identifier(e: EvidenceItem) -> bool:
    """Whether `e` is an identifier (`IDENTIFIER_KINDS`)."""
    return e.kind in IDENTIFIER_KINDS


# What names one record exactly (a kind of `ID_KINDS`, by a key or by its shape), not a
# bare number: a tool's score or count is kind "number" as much as a text's bare figure.
RECORD_ID_KINDS = ID_KINDS.keys() - {"number"}
_LETTER_AND_DIGIT = re.compile(r"(?=.*[A-Za-z]).*\d", re.ASCII)


def record_id(e: EvidenceItem) -> bool:
    """Whether `e` names a record (`RECORD_ID_KINDS`): an order, a ticket, a code, an id,
    written with letters and digits ("CNT-004417", "T20270902-01233"). Digits alone under a
    key named an id ("phone_number", "zip_code") are as often a listing's contact or a
    record's internal key as the record the agent acts on: they keep their place by recency."""
    return e.kind in RECORD_ID_KINDS and _LETTER_AND_DIGIT.match(e.value) is not None


class EvidenceSelection:
    """The evidence a block shows, in block order, kept from one render to the next.

    The block shows the evidence written in the conversation (`written_in_conversation`),
    most recent first, then up to `max_calls` of the agent's call arguments and up to
    `max_evidence` other fields, each cap its own; neither shows a value that
    occurs in a current or an archived slot value (see `build_view`). Evidence an active rule
    names is never evicted, so a long session holds hundreds of items: sorting and filtering
    them all on every render made its cost grow with the history. This keeps both groups
    sorted and updates only the items the layer's change log names (`EvidenceLayer.changes`),
    and remembers for each item how much of the archive (which only grows) it was checked
    against, so a render checks new archive text only. Each render still reads the items
    it shows (the block's own lines) and, among the rest, only as many as it needs.

    It reads the layers and holds nothing of its own: a session keeps one beside its state
    (`SessionState` memo) and a fresh one gives the same answer, only slower.
    """

    def __init__(self) -> None:
        self._layer: EvidenceLayer | None = None
        self._items: dict[str, EvidenceItem] | None = None
        self._mark = (-1, 0)  # the layer's change-log mark read up to
        # Each group sorted by its key, keys beside the items for bisection.
        self._stated_keys: list[_StatedKey] = []
        self._stated: list[EvidenceItem] = []
        self._other_keys: list[_OtherKey] = []
        self._other: list[EvidenceItem] = []
        self._keys: dict[str, _StatedKey | _OtherKey] = {}  # the key each item is filed under
        # The archive read so far: "\0" + value for each archived value. A value without a
        # NUL occurs in it only within one archived value.
        self._archive: list[ArchivedValue] | None = None
        self._archive_read = 0
        self._archive_text = ""
        # id -> (length of `_archive_text` the value was looked for in, whether it was found)
        self._archived: dict[str, tuple[int, bool]] = {}
        # The stated items shown by the latest render, under what they were worked out from:
        # (stated group's version, archive's version, slot values). Between two renders of
        # one turn mostly tool fields arrive, which leave all three as they were.
        self._stated_version = 0
        self._archive_version = 0
        self._shown: tuple[tuple[int, int, frozenset[str]], list[EvidenceItem]] | None = None
        # Per language, each item's line head (`ContextView.heads`): what an evidence line
        # says but its marker. An item's head goes whenever the change log names the item.
        self._heads: dict[Language, dict[str, str]] = {}

    def heads(self, language: Language) -> dict[str, str]:
        """The line heads kept for `language`, as of the latest `select` (see `ContextView`)."""
        return self._heads.setdefault(language, {})

    def select(
        self, state: StateLayer, evidence: EvidenceLayer, max_evidence: int, max_calls: int = 0
    ) -> list[EvidenceItem]:
        """The evidence `build_view` shows: written ones first, then up to `max_calls` of
        the agent's call arguments (`called`) and up to `max_evidence` of the other fields
        (said in conversation first), each most recent first."""
        self._sync_items(evidence)
        self._sync_archive(state)
        slot_values = {v.value for v in state.slots.values()}
        slot_text = "\0".join(slot_values)
        exact: list[tuple[set[str], str]] = []  # the original test, for values holding a NUL

        def shown(e: EvidenceItem) -> bool:
            value = e.value
            if not value:
                return False  # "" occurs in anything
            if "\0" in value:
                # Could straddle two values of a joined text: test as `build_view` always did.
                if not exact:  # built as it always was, so the join's order is the same
                    hide = slot_values | (state.archived_values() - slot_values)
                    exact.append((hide, "\0".join(v for v in hide if v)))
                hide, within = exact[0]
                return value not in hide and value not in within
            return value not in slot_text and not self._in_archive(e)

        key = (self._stated_version, self._archive_version, frozenset(slot_values))
        if self._shown is not None and self._shown[0] == key:
            out = list(self._shown[1])
        else:
            out = self._shown_stated(slot_text, shown)
            self._shown = (key, list(out))
        # Tool fields have their own room: however much the conversation stated (places and
        # names mentioned in passing included), a tool's latest result still shows.
        stated = {e.value for e in out}
        return out + self._tool_fields(stated, shown, max_evidence, max_calls)

    def _tool_fields(
        self,
        stated: set[str],
        shown: Callable[[EvidenceItem], bool],
        max_evidence: int,
        max_calls: int,
    ) -> list[EvidenceItem]:
        """Up to `max_calls` call arguments and up to `max_evidence` other tool fields, in
        the order of `_other` (most recent first), none whose value `stated` holds (a stated
        line already shows it: "Ace Hotel" offered, then found in a result).

        Half the room of the fields is a record's ids' (`record_id`) when there are as many:
        a report of records the agent works through holds them in an older result, which
        the scores and dates of every later result would push out of the room by recency.
        Either kind takes what the other leaves. The walk ends once the calls and both kinds
        have all they could take (at worst it reads every item: bounded by the item cap)."""
        calls: list[tuple[int, EvidenceItem]] = []
        ids: list[tuple[int, EvidenceItem]] = []
        fields: list[tuple[int, EvidenceItem]] = []
        for i, e in enumerate(self._other):
            if len(calls) >= max_calls and len(ids) >= max_evidence and len(fields) >= max_evidence:
                break
            if e.value in stated:
                continue
            group = calls if called(e) else ids if record_id(e) else fields
            cap = max_calls if group is calls else max_evidence
            if len(group) < cap and shown(e):
                group.append((i, e))
        n_ids = min(len(ids), max(max_evidence // 2, max_evidence - len(fields)))
        kept = calls + ids[:n_ids] + fields[: max_evidence - n_ids]
        return [e for _, e in sorted(kept, key=lambda p: p[0])]

    def _shown_stated(
        self, slot_text: str, shown: Callable[[EvidenceItem], bool]
    ) -> list[EvidenceItem]:
        """The stated items the block shows, most recent first.

        Every stated item is read (they all show unless hidden), so the common case is
        tested inline: a value without a NUL, not in a slot value, and already looked for in
        the whole archive read so far (`_in_archive`'s answer)."""
        archived, read_all = self._archived, len(self._archive_text)
        out: list[EvidenceItem] = []
        for e in self._stated:
            value = e.value
            if value and "\0" not in value:
                if value in slot_text:
                    continue
                seen = archived.get(e.id)
                if seen is not None and (seen[1] or seen[0] >= read_all):
                    if not seen[1]:
                        out.append(e)
                    continue
            if shown(e):
                out.append(e)
        return out

    def _in_archive(self, e: EvidenceItem) -> bool:
        read, found = self._archived.get(e.id, (0, False))
        text = self._archive_text
        if not found and read < len(text):
            # Only the archive text added since the last look: a match cannot start earlier
            # and end later, each value being preceded by a NUL the value does not hold.
            found = text.find(e.value, read) != -1
            self._archived[e.id] = (len(text), found)
        return found

    def _sync_archive(self, state: StateLayer) -> None:
        archive = state.archive
        if archive is not self._archive or self._archive_read > len(archive):
            self._archive, self._archive_read = archive, 0
            self._archive_text, self._archived = "", {}
            self._archive_version += 1
        if len(archive) > self._archive_read:
            self._archive_text += "".join("\0" + a.value for a in archive[self._archive_read :])
            self._archive_read = len(archive)
            self._archive_version += 1

    def _sync_items(self, evidence: EvidenceLayer) -> None:
        items = evidence.items
        changed, mark = evidence.changes(self._mark)
        if changed is None or evidence is not self._layer or items is not self._items:
            self._rebuild(evidence)
        else:
            for eid in dict.fromkeys(changed):
                self._unfile(eid)
                for heads in self._heads.values():
                    heads.pop(eid, None)
                item = items.get(eid)
                if item is None:
                    self._archived.pop(eid, None)
                else:
                    self._file(item)
            if len(self._keys) != len(items):
                self._rebuild(evidence)  # the items changed behind the log's back
        self._mark = mark

    def _rebuild(self, evidence: EvidenceLayer) -> None:
        self._layer, self._items = evidence, evidence.items
        stated = [e for e in evidence.items.values() if written_in_conversation(e)]
        other = [e for e in evidence.items.values() if not written_in_conversation(e)]
        stated.sort(key=_stated_key)
        other.sort(key=_other_key)
        self._stated, self._stated_keys = stated, [_stated_key(e) for e in stated]
        self._other, self._other_keys = other, [_other_key(e) for e in other]
        self._keys = dict(zip((e.id for e in stated), self._stated_keys, strict=True))
        self._keys.update(zip((e.id for e in other), self._other_keys, strict=True))
        self._archived = {k: v for k, v in self._archived.items() if k in self._keys}
        self._stated_version += 1
        self._heads = {}

    def _file(self, e: EvidenceItem) -> None:
        if written_in_conversation(e):
            skey = _stated_key(e)
            i = bisect.bisect_left(self._stated_keys, skey)
            self._stated_keys.insert(i, skey)
            self._stated.insert(i, e)
            self._keys[e.id] = skey
            self._stated_version += 1
        else:
            okey = _other_key(e)
            i = bisect.bisect_left(self._other_keys, okey)
            self._other_keys.insert(i, okey)
            self._other.insert(i, e)
            self._keys[e.id] = okey

    def _unfile(self, eid: str) -> None:
        key = self._keys.pop(eid, None)
        if key is None:
            return
        if len(key) == 3:
            i = bisect.bisect_left(self._stated_keys, key)
            del self._stated_keys[i], self._stated[i]
            self._stated_version += 1
        else:
            i = bisect.bisect_left(self._other_keys, key)
            del self._other_keys[i], self._other[i]


# Drop ranks under a token cap (see the module docstring): lowest first; KEEP never.
# What a search asked that no place met (``(未满足的要求: 50-100元)``, `row_cells`) goes
# first: the user's wish of a finished search, which only says more once everything else fits.
# A copy of a search criterion on an earlier place (``4.5分以上`` on every place offered
# for "4.5分以上的景点") goes after the conflicts (`repeated_wishes`): the user's wish,
# written again on each place, whose one copy left keeps saying what was asked. An instance with
# nothing but its name (a candidate offered beside the one pursued) goes before instances
# that hold values. The request beside an instance's fact
# (`request_facts`) goes next: what the user asked for is often asked again, a found fact
# is not. Then the facts a newer fact replaced (``早先``, an earlier candidate's phone: a
# fact like an earlier instance's, which names its slot) and a costly single fact of an
# instance (`long_facts`) go before the instances themselves: an address costs as many
# tokens as a place's name, rating and price together. The name of a place offered in an
# English dialogue (`en_names`) goes before the agent's call arguments: most places offered
# are turned down, and the one taken is often a call's argument too. An identifier a tool
# returned as its own that no later result replaced (a booking's meeting link, the cart
# being ordered; not the rows of a listing: `live_identifiers`) outlasts what the
# conversation stated in passing: the agent copies it verbatim and cannot work it out
# again, where an old reply's time or total was a step on the way. So, below a live
# identifier, does a record's id in a listing's row that no later listing replaced
# (`row_identifiers`: the pairs of a duplicates report, the containers of a tracking result,
# which the user asks after by what is left or held) and a call that passed a record's id
# (the transactions disputed, the venue held): what a row or a call says besides (its score,
# a date searched) goes with the tool fields and the calls. A slot's conflict whose two
# values the state already writes (the current value, the old one under it) goes right
# after the unmet asks: it repeats them.
(
    _UNMET,
    _SHOWN_CONFLICT,
    _TOOL_EVIDENCE,
    _NAME_EVIDENCE,
    _CALL_EVIDENCE,
    _SOFT_EVIDENCE,
    _ROW_ID_EVIDENCE,
    _CALL_ID_EVIDENCE,
    _LIVE_ID_EVIDENCE,
    _RECENT_INTENTS,
    _INTENT,
    _CONFLICT,
    _REPEATED_WISH,
    _BARE_INSTANCE,
    _REQUEST,
    _EARLIER,
    _LONG_FACT,
    _INSTANCE,
) = range(18)
KEEP = 99
# Evidence kinds a conversation states in passing (prices, times, dates, lengths of stay,
# places): first to go among what the user or the assistant wrote, after tool-only fields
# and call arguments. Ids, codes and contacts stay.
SOFT_EVIDENCE_KINDS = frozenset({"amount", "date", "time", "duration", "place"})


@dataclass(frozen=True)
class TableRow:
    """One instance as a row of its kind's table (the compact form)."""

    table: str  # the instance's kind: ``餐馆`` of ``餐馆[鼎泰丰]``
    name: str
    cells: tuple[tuple[str, str], ...]  # (slot, cell text), in the instance's slot order
    # The entity's current state, not an earlier instance: first in its table, marked
    # (``[当前]``), never shed (`_current_rows`).
    current: str = ""
    # The cells written without the request beside their fact (``用户要求``), by slot: what
    # a cell is once `request_facts` has split its request off.
    plain: tuple[tuple[str, str], ...] = ()
    # The slots whose cell carries what the search asked and no place met (`row_cells`):
    # split off like a request, it leaves first (`_UNMET`).
    unmet: tuple[str, ...] = ()
    # The slots whose cell is nothing but the user's search criterion (``4.5分以上``), not a
    # fact the assistant gave: a copy another row holds too leaves early (`repeated_wishes`).
    wishes: tuple[str, ...] = ()


@dataclass(slots=True)  # not frozen: a frozen one costs 5x to build, and every render
class BlockLine:  # builds one per line of the block; lines are only read once built
    """One line of the block under its section, with its drop rank.

    `order` replaces the line's position as its place in the shedding order (higher leaves
    first within a rank): table rows are grouped by kind, so their position no longer says
    which instance is oldest. `row` marks a table row: `_join` writes its table's header and
    recomputes the columns from the rows that are left. `fact` marks a cell split off the row
    line right before it (`long_facts`): while the line stays, `_join` puts the cell back in
    its place in the row.
    """

    section: str
    text: str
    rank: int = KEEP
    order: int | None = None
    row: TableRow | None = None
    # A cell split off the row line before it (`long_facts`): (slot, cell, the whole row).
    fact: tuple[str, str, TableRow] | None = None
    # An indented line under the table row before it (the current row's old values): `_join`
    # writes it right after that row, inside the table.
    under_row: bool = False


def view_lines(view: ContextView, *, compact: bool = False) -> list[BlockLine]:
    """Every line of every non-empty section, in block order (headers not included).

    `compact` (for a block over its cap, before anything is shed): the current values of one
    entity share a line, ``餐馆: 名称=X; 电话=Y``, old and earlier values name their slot
    (``  旧值: 电话=Z``), and state, constraint and evidence lines carry no time marker.
    """
    if compact:
        view = replace(view, slot_marker_turns=-1)  # a marker on no line
    out = _head_lines(view, compact)
    out += [BlockLine("constraints", text) for text in constraint_texts(view, marked=not compact)]
    out += _conflict_lines(view)
    live = live_identifiers(view.evidence)
    rows = row_identifiers(view.evidence)
    if not compact:
        out += [
            BlockLine("evidence", text, _evidence_rank(ev, live, rows))
            for ev, text in zip(view.evidence, evidence_texts(view), strict=True)
        ]
        return out
    # Compact, an evidence line keeps its source and drops its marker: the lines are newest
    # first, and the marker costs as many tokens as a date it follows. The arguments one
    # call passed share a line, ``- call FindBus: from_city=Philadelphia; category=direct``, as
    # an entity's values do: the tool's name is written once, not once per argument (in
    # the order of their names: the layer keeps no argument's place in its call).
    # (name, value as written, whether it names a record) of each argument, by call.
    calls: dict[tuple[str, int], list[tuple[str, str, bool]]] = {}
    entries: list[tuple[str, int] | BlockLine] = []
    called_word = _SOURCES_ZH["call"] if view.language == "zh" else "call"
    for ev in view.evidence:
        if not called(ev):
            text = _head_of_kept(view, ev).rstrip()
            entries.append(BlockLine("evidence", text, _evidence_rank(ev, live, rows)))
            continue
        # The latest call that passed the value: a city searched, then booked, is the
        # booking's.
        tool = [s for s in ev.sources if s.startswith("call:")][-1][5:]
        key = (tool, ev.last_seen)
        if key not in calls:
            calls[key] = []
            entries.append(key)
        calls[key].append((ev.field or ev.kind, _arg_text(ev.value), record_id(ev)))
    for e in entries:
        if isinstance(e, BlockLine):
            out.append(e)
            continue
        args = sorted(calls[e], key=lambda a: _natural(a[0]))
        names = [name for name, _, _ in args]
        # Two calls of one tool in one turn pass the same names: which went together is
        # not kept, so each argument keeps a line of its own rather than a mixed one.
        groups = [args] if len(set(names)) == len(names) else [[a] for a in args]
        for group in groups:
            text = f"- {called_word} {e[0]}: " + "; ".join(f"{n}={v}" for n, v, _ in group)
            rank = _CALL_ID_EVIDENCE if any(ids for _, _, ids in group) else _CALL_EVIDENCE
            out.append(BlockLine("evidence", text, rank))
    return out


def _arg_text(value: str) -> str:
    """A call argument as a grouped line writes it: quoted (JSON) when it holds what
    separates arguments ("; ", "=") or would lose its edges, else as it is."""
    if not value or value != value.strip() or any(c in value for c in ";=\n\r"):
        return json.dumps(value, ensure_ascii=False)
    return value


_DIGITS = re.compile(r"(\d+)")


def _natural(name: str) -> list[str | int]:
    """``ids[10]`` after ``ids[2]``: numbers in a field path sort as numbers."""
    return [int(p) if p.isdigit() else p for p in _DIGITS.split(name)]


def _head_of_kept(view: ContextView, ev: EvidenceItem) -> str:
    head = view.heads.get(ev.id)
    if head is None:
        head = view.heads[ev.id] = _head_of(ev, view.language)
    return head


def view_text(view: ContextView) -> str:
    """``_join(view_lines(view), headers)``, the block as a whole with nothing shed, without
    building a `BlockLine` per line.

    The constraints and the evidence are the sections that grow with a session (every rule
    and every identifier stated stays), and every render writes them anew, since their time
    markers change every turn: here each of their lines costs one string, written by the same
    functions `view_lines` uses. No line of the full form is a table row, so `_join` writes
    nothing but each section's header before its lines.
    """
    headers = HEADERS[view.language]
    head = _join(_head_lines(view, False), headers)
    parts = [head] if head else []
    for section, texts in (
        ("constraints", constraint_texts(view)),
        ("conflicts", [line.text for line in _conflict_lines(view)]),
        ("evidence", evidence_texts(view)),
    ):
        if texts:
            parts.append(headers[section])
            parts += texts
    return "\n".join(parts)


def _head_lines(view: ContextView, compact: bool) -> list[BlockLine]:
    """`view_lines`' intent, state and pending sections (`view` already compact or not)."""
    lang, cur, labels = view.language, view.current_turn, view.labels
    words = WORDS[lang]
    out: list[BlockLine] = []
    if view.intent is not None:
        # The current intent names no value (``闲聊 [本轮]``), and the latest user message,
        # which it paraphrases, stays verbatim in the window: under a cap it leaves right
        # after the earlier intents.
        out.append(BlockLine("intent", intent_text(view.intent, cur, lang, labels), _INTENT))
        if view.recent_intents:
            rest = "; ".join(intent_text(r, cur, lang, labels) for r in view.recent_intents)
            out.append(BlockLine("intent", f"{words['before']}: {rest}", _RECENT_INTENTS))
    current_rows: dict[str, list[BlockLine]] = {}
    for key, slots in (("state", view.slots), ("pending", view.pending)):
        if compact:
            if key == "state":
                current_rows, slots = _current_rows(slots, view)
            out += _grouped_lines(key, slots, view)
            slots = []
        for v in slots:
            out.append(BlockLine(key, slot_line(v, cur, lang, view.slot_marker_turns, labels)))
            if v.key in view.previous:
                out.append(BlockLine(key, history_line(view.previous[v.key], cur, lang)))
            if v.key in view.earlier:
                out.append(BlockLine(key, earlier_line(view.earlier[v.key], lang), _EARLIER))
        if key == "state" and compact:
            out += _table_lines(view, current_rows)
        elif key == "state":
            out += [
                BlockLine(
                    "state",
                    instance_line(
                        e,
                        vs,
                        cur,
                        t,
                        lang,
                        view.slot_marker_turns,
                        labels=labels,
                        asks={
                            s: a for s, a in view.unmet.get(e, {}).items() if s != view.name_slot
                        },
                    ),
                    _INSTANCE if vs else _BARE_INSTANCE,
                )
                for e, t, vs in view.instances
            ]
        if key == "pending":
            for k in view.removed:
                out.append(BlockLine(key, f"{labels.key(k)}: {words['removed']}"))
                if k in view.previous:
                    out.append(BlockLine(key, history_line(view.previous[k], cur, lang)))
    return out


def constraint_texts(view: ContextView, *, marked: bool = True) -> list[str]:
    """The constraints section's lines, ``- 不要显示价格 [13轮前]``; not `marked` (the
    compact form), without the time marker: every active rule holds now, whenever it was
    said, and under a cap its marker's tokens are worth more as a value kept."""
    lines = _constraint_lines(view.constraints)
    return lines.texts(view.current_turn, view.language) if marked else list(lines.heads)


class _MarkedLines:
    """A section's lines as heads (``- 不要显示价格``) and the turns their markers count from.

    Active rules accumulate over a session and every render writes each one's line with a
    marker that changes every turn: the heads are worked out once, and each render joins them
    with their markers in C (`map`), the texts kept for the next render of the same turn."""

    def __init__(self) -> None:
        self.heads: list[str] = []
        self._spaced: list[str] = []
        self._turns: list[int] = []
        self._said: set[str] = set()
        self._at: tuple[int, Language] | None = None
        self._texts: list[str] = []

    def extended(self, constraints: list[ConstraintEntry]) -> _MarkedLines:
        """These lines and those of `constraints` after them (a copy: this one stays)."""
        out = _MarkedLines()
        out.heads, out._spaced = list(self.heads), list(self._spaced)
        out._turns, out._said = list(self._turns), set(self._said)
        for c in constraints:
            # One sentence may hold two rules ("Don't use UPS, use DHL Express instead":
            # forbid UPS, require DHL): both are in the ledger, the sentence is written once.
            if c.text not in out._said:
                out._said.add(c.text)
                out.heads.append(f"- {c.text}")
                out._spaced.append(f"- {c.text} ")
                out._turns.append(c.turn)
        return out

    def texts(self, current: int, language: Language) -> list[str]:
        if self._at != (current, language):
            self._texts = _with_markers(self._spaced, self._turns, current, language)
            self._at = (current, language)
        return list(self._texts)


def _with_markers(spaced: list[str], turns: list[int], current: int, lang: Language) -> list[str]:
    """``head + " " + _ago(current - turn)`` per line (`spaced` ends in the space), in C."""
    return list(map(operator.add, spaced, map(_markers(current, lang).__getitem__, turns)))


class _Markers(dict[int, str]):
    """The marker of each turn seen from one current turn, worked out on first use: lines
    share turns, and a lookup costs less than `_ago`'s cached call."""

    def __init__(self, current: int, language: Language) -> None:
        super().__init__()
        self.current, self.language = current, language

    def __missing__(self, turn: int) -> str:
        marker = self[turn] = _ago(self.current - turn, self.language)
        return marker


@functools.lru_cache(maxsize=16)
def _markers(current: int, language: Language) -> _Markers:
    """A pure function of its arguments (as `_ago`): safe to share across sessions."""
    return _Markers(current, language)


# The latest constraint sections worked out, by their entries: a session renders the same
# active rules on every call until one is added (a longer list: only the new entries are
# written) or changes status (a new list). An entry's text and turn never change once it is
# made, and the lists compare item by item by identity first, so a hit costs a pass in C. A
# few entries: sessions may interleave.
_CONSTRAINT_LINES: list[tuple[list[ConstraintEntry], _MarkedLines]] = []
_CONSTRAINT_CACHE_SIZE = 8


def _constraint_lines(constraints: list[ConstraintEntry]) -> _MarkedLines:
    for i, (seen, lines) in enumerate(_CONSTRAINT_LINES):
        if seen == constraints:
            if i:
                _CONSTRAINT_LINES.insert(0, _CONSTRAINT_LINES.pop(i))
            return lines
    base, known = _MarkedLines(), 0
    for seen, lines in _CONSTRAINT_LINES:
        if known < len(seen) <= len(constraints) and constraints[: len(seen)] == seen:
            base, known = lines, len(seen)
    lines = base.extended(constraints[known:])
    _CONSTRAINT_LINES.insert(0, (list(constraints), lines))
    del _CONSTRAINT_LINES[_CONSTRAINT_CACHE_SIZE:]
    return lines


def _conflict_lines(view: ContextView) -> list[BlockLine]:
    cur, lang, labels = view.current_turn, view.language, view.labels
    shown = _shown_changes(view) if view.conflicts else set()
    return [
        BlockLine(
            "conflicts",
            conflict_line(c, cur, lang, labels),
            _SHOWN_CONFLICT if (c.subject, c.earlier.text, c.later.text) in shown else _CONFLICT,
        )
        for c in view.conflicts
    ]


def _shown_changes(view: ContextView) -> set[tuple[str, str, str]]:
    """(slot key, old value, current value) of each current slot the state writes with the
    value it replaced under it (`ContextView.previous`): a conflict between the two says
    nothing the state does not."""
    return {
        (v.key, prev.value, v.value)
        for v in view.slots
        if (prev := view.previous.get(v.key)) is not None
    }


def evidence_texts(view: ContextView) -> list[str]:
    """The evidence section's lines, ``- 订单号: A123 (工具:get_order) [2轮前]``, one per item
    of `view.evidence`.

    The written evidence is never cut, so the section grows with a session: each item's head
    is kept (`view.heads`, dropped by the selection when the item changes) and the lines are
    joined with their markers in C; only heads not yet kept are worked out here."""
    lang = view.language
    heads = view.heads
    evidence = view.evidence
    spaced = list(map(heads.get, map(_ID, evidence)))
    if None in spaced:
        for i, ev in enumerate(evidence):
            if spaced[i] is None:
                spaced[i] = heads[ev.id] = _head_of(ev, lang)
    turns = list(map(_LAST_SEEN, evidence))
    return _with_markers(cast(list[str], spaced), turns, view.current_turn, lang)


_ID = operator.attrgetter("id")
_LAST_SEEN = operator.attrgetter("last_seen")


def _head_of(ev: EvidenceItem, lang: Language) -> str:
    """An item's kept head: its line up to the marker, and the space before it."""
    src = None
    said_by_user = "user" in ev.sources
    # A value a call passed is shown as the latest call's (the layer keeps it last among the
    # calls, and its field is that call's argument): a file read, then written, is the write's.
    calls = [s for s in ev.sources if s.startswith("call:")]
    sources = calls[-1:] if calls else ev.sources
    for s in sources:
        # Unmarked means the user said it; a tool's or call's source is worth naming even
        # then, the assistant's repeating the user's value is not ("ORD-4471" the user gave).
        if s != "user" and not (said_by_user and s == "assistant"):
            src = s
            break
    if not calls and src is not None and src.startswith(_TOOL) and _says_of_its_call(ev.field):
        # One outcome several tools returned ("confirmed" from book_flight, then book_hotel)
        # is each tool's: naming only the first would pin the later result on it. The
        # prefix is written once: ``(tool:book_flight, book_hotel)``.
        names = [s[len(_TOOL) :] for s in ev.sources if s.startswith(_TOOL)]
        src = _TOOL + ", ".join(names)
    return _evidence_head(ev.kind, ev.field, ev.value, src, lang) + " "


_TOOL = "tool:"
# Fields whose value says how a call went, nothing of its own: "status: confirmed" is the
# call's. A city or a name a search and a booking both return reads the same under either
# tool, and naming each would cost every such line its tools' names.
_OUTCOME_FIELD = re.compile(
    r"(?i)(?:^|[._\]])(?:status|state|result|outcome|success|succeeded|ok|error|message|msg)$"
)


def _says_of_its_call(field: str | None) -> bool:
    return field is not None and _OUTCOME_FIELD.search(field) is not None


def _evidence_rank(
    ev: EvidenceItem, live: frozenset[str] = frozenset(), rows: frozenset[str] = frozenset()
) -> int:
    if not written_in_conversation(ev):
        if called(ev):
            return _CALL_ID_EVIDENCE if record_id(ev) else _CALL_EVIDENCE
        if ev.id in live:
            return _LIVE_ID_EVIDENCE
        return _ROW_ID_EVIDENCE if ev.id in rows else _TOOL_EVIDENCE
    if ev.kind in SOFT_EVIDENCE_KINDS:
        return _SOFT_EVIDENCE
    if ev.kind == NAME_KIND:
        return _NAME_EVIDENCE
    return KEEP


def row_identifiers(evidence: list[EvidenceItem]) -> frozenset[str]:
    """The ids of the tool-only record ids (`record_id`) of `evidence` in a listing's rows
    (``pairs[2].b``, ``events[7].container``) that no later result replaced (no shown field
    of the same path seen in a later turn: a search run again lists its own rows)."""
    latest: dict[str, int] = {}
    rows: list[EvidenceItem] = []
    for ev in evidence:
        field = ev.field
        if field is None or "[" not in field or written_in_conversation(ev) or called(ev):
            continue
        latest[field] = max(latest.get(field, ev.last_seen), ev.last_seen)
        if record_id(ev):
            rows.append(ev)
    return frozenset(ev.id for ev in rows if ev.field and ev.last_seen >= latest[ev.field])


def live_identifiers(evidence: list[EvidenceItem]) -> frozenset[str]:
    """The ids of the tool-only identifiers (`identifier`) of `evidence` that a result
    returned as its own (a booking's link, a cart's id: a field outside any list) and that
    no later result replaced (no shown field of the same path seen in a later turn: a cart
    built again leaves the first cart's id replaced).

    The rows of a listing (``[3].phone_number`` of eight places found) are candidates
    offered, most of them turned down: they stay tool fields like any other."""
    latest: dict[str, int] = {}
    own: list[EvidenceItem] = []
    for ev in evidence:
        field = ev.field
        if field is None or "[" in field or written_in_conversation(ev) or called(ev):
            continue
        latest[field] = max(latest.get(field, ev.last_seen), ev.last_seen)
        if identifier(ev):
            own.append(ev)
    return frozenset(ev.id for ev in own if ev.field and ev.last_seen >= latest[ev.field])


# Evidence kinds and sources as a Chinese block writes them (an English one writes the names
# the parser uses). A JSON field's path is the tool's own and stays as it is.
EVIDENCE_KINDS_ZH: dict[str, str] = {
    "order_id": "订单号",
    "tracking": "物流单号",
    "ticket": "票号",
    "host": "主机",
    "clause": "条款",
    "org": "公司",
    "channel": "频道",
    "address": "地址",
    "coupon": "优惠码",
    "email": "邮箱",
    "phone": "电话",
    "url": "链接",
    "flight": "航班",
    "plate": "车牌",
    "pod": "Pod",
    "path": "路径",
    "date": "日期",
    "time": "时间",
    "amount": "金额",
    "weight": "重量",
    "code": "代码",
    "number": "号码",
    "id": "编号",
    "field": "字段",
    "duration": "时长",
    "place": "地点",
    "name": "名称",
    "branch": "分支",
    "error": "报错",
    "format": "格式",
    "iban": "IBAN",
    "doi": "DOI",
    "seat": "座位",
    "last_digits": "尾号",
}
_SOURCES_ZH = {"assistant": "助手", "tool": "工具", "call": "调用"}


@functools.lru_cache(maxsize=4096)
def _evidence_head(
    kind: str, field: str | None, value: str, source: str | None, language: Language = "en"
) -> str:
    """``- order_id: A123 (tool:get_order)``, an evidence line without its time marker (in
    Chinese ``- 订单号: A123 (工具:get_order)``). The same items are written on every render
    with only the marker changed; a pure function of its arguments, so remembering the latest
    is safe across sessions."""
    if language == "zh":
        kind = EVIDENCE_KINDS_ZH.get(kind, kind)
        if source is not None:
            origin, sep, name = source.partition(":")
            source = _SOURCES_ZH.get(origin, origin) + sep + name
    name = f"{kind}.{field}" if field else kind
    where = f" ({source})" if source else ""
    return f"- {name}: {fmt(value)}{where}"


def _grouped_lines(section: str, slots: list[SlotValue], view: ContextView) -> list[BlockLine]:
    """`view_lines`' compact state: one line per entity, then its slots' old values."""
    lang, labels = view.language, view.labels
    by_entity: dict[str, list[SlotValue]] = {}
    for v in slots:
        by_entity.setdefault(v.entity, []).append(v)
    out: list[BlockLine] = []
    for entity, values in by_entity.items():
        items = "; ".join(
            f"{labels.slot(v.slot)}={value_text(v, lang, anchors=False)}" for v in values
        )
        out.append(BlockLine(section, f"{labels.entity(entity)}: {items}"))
        out += _old_value_lines(section, values, view)
    return out


def _old_value_lines(
    section: str, values: list[SlotValue], view: ContextView, *, under_row: bool = False
) -> list[BlockLine]:
    """The compact form's old and earlier values of an entity's slots, each naming its slot
    (``  旧值: 电话=Z``), to follow the entity's line or (`under_row`) its table row."""
    lang, cur, labels = view.language, view.current_turn, view.labels
    out: list[BlockLine] = []
    for v in values:
        if v.key in view.previous:
            line = history_line(view.previous[v.key], cur, lang, slot=labels.slot(v.slot))
            out.append(BlockLine(section, line, under_row=under_row))
        if v.key in view.earlier:
            line = earlier_line(view.earlier[v.key], lang, slot=labels.slot(v.slot))
            out.append(BlockLine(section, line, _EARLIER, under_row=under_row))
    return out


def cell(value: str) -> str:
    """A table cell: verbatim, or a JSON literal when it would read as a separator or as an
    empty cell (or would break the line, as `fmt`)."""
    if value == EMPTY_CELL or "|" in value:
        return json.dumps(value, ensure_ascii=False)
    return fmt(value)


# Nothing between two separators: "||||" is one or two tokens where "-|-|-|-" is seven, and
# empty cells were about 4% of a CrossWOZ block under the cap (the mark was "-").
EMPTY_CELL = ""


def _current_rows(
    slots: list[SlotValue], view: ContextView
) -> tuple[dict[str, list[BlockLine]], list[SlotValue]]:
    """The compact form's current entities that become the first row of their kind's table
    (by kind: the row's line, then its old values' lines), and the slots left to
    `_grouped_lines`.

    A row names each slot once in the table's header, where a line names it beside every
    value (``餐馆: 名称=X; 评分=Y``): about 4% of a CrossWOZ block under the cap. Only a kind
    that has a table (earlier instances) gets one. The old values' lines (``  旧值: 电话=Z``)
    name their slot and follow the row, as they follow the entity's line.
    """
    kinds = {e.partition("[")[0] for e, _, _ in view.instances}
    by_entity: dict[str, list[SlotValue]] = {}
    for v in slots:
        by_entity.setdefault(v.entity, []).append(v)
    rows: dict[str, list[BlockLine]] = {}
    left: list[SlotValue] = []
    mark = WORDS[view.language]["current"]
    for entity, values in by_entity.items():
        if entity not in kinds:
            left += values
            continue
        name = next((v for v in values if v.slot == view.name_slot), None)
        cells, _ = row_cells([v for v in values if v is not name], None, view)  # see `unmet`
        row = TableRow(
            entity,
            cell(value_text(name, view.language, anchors=False)) if name else "",
            cells,
            current=mark,
            wishes=_wishes(values, None, view),
        )
        # Its text is written by `_table_lines`, under its table's columns.
        rows[entity] = [
            BlockLine("state", "", row=row),
            *_old_value_lines("state", values, view, under_row=True),
        ]
    return rows, left


def _table_lines(view: ContextView, current: dict[str, list[BlockLine]]) -> list[BlockLine]:
    """The instances as table rows, grouped by kind (kinds in the order of their most recent
    instance, rows most recent first; a kind's `current` row first), each row's shedding
    order its recency."""
    rows: dict[str, list[tuple[int, TableRow, bool]]] = {}
    for age, (entity, _, values) in enumerate(view.instances):
        kind, _, name = entity.partition("[")
        # The request beside a found fact (``用户要求``) is what the user asked for; under the
        # cap it is split off and leaves early (`request_facts`).
        asks = view.unmet.get(entity)
        cells, plain = row_cells(values, asks, view)
        noted = tuple(s for s in asks or () if s != view.name_slot)
        row = TableRow(
            kind,
            cell(name[:-1]),
            cells,
            plain=plain,
            unmet=noted,
            wishes=_wishes(values, asks, view),
        )
        rows.setdefault(kind, []).append((age, row, bool(values)))
    out: list[BlockLine] = []
    for kind, group in rows.items():
        table = [r for _, r, _ in group]
        now, *old = current.get(kind) or [BlockLine("state", "")]
        if now.row is not None:
            table.insert(0, now.row)
        columns = table_columns(table)
        if now.row is not None:
            now.text = row_text(now.row, columns)
            out += [now, *old]
        for age, row, has_values in group:
            out.append(
                BlockLine(
                    "state",
                    row_text(row, columns),
                    _INSTANCE if has_values else _BARE_INSTANCE,
                    order=age,
                    row=row,
                )
            )
    return out


def _wishes(
    values: list[SlotValue], asks: dict[str, str] | None, view: ContextView
) -> tuple[str, ...]:
    """The slots of `values` whose cell is only what the user asked of the search (a
    criterion the user gave, written bare: no fact found against it, no unmet note)."""
    return tuple(
        v.slot
        for v in values
        if v.source == "user"
        and v.criterion
        and v.requested is None
        and v.slot != view.name_slot
        and v.slot not in (asks or {})
    )


def unmet_note(asked: str, language: Language) -> str:
    """``(未满足的要求: 50-100元)``: what the user asked of a search and no place met."""
    return f"({WORDS[language]['unmet_ask']}: {fmt(asked)})"


def row_cells(
    values: list[SlotValue], asks: dict[str, str] | None, view: ContextView
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(the cells of one row, by slot; the cells that carry a request, without it).

    Beside a fact goes the request it was found against (``137元 (用户要求: 100-150元)``)
    and what the user asked of the search that no place met (`asks`: ``143元 (未满足的要求:
    50-100元)``; alone in the cell when the place has no fact for the slot)."""
    lang = view.language
    texts = {v.slot: value_text(v, lang, anchors=False) for v in values}
    plain = {v.slot: cell(v.value) for v in values if v.requested is not None}
    for slot, asked in (asks or {}).items():
        if slot == view.name_slot:
            continue
        fact = next((v for v in values if v.slot == slot), None)
        plain.setdefault(slot, cell(fact.value) if fact is not None else EMPTY_CELL)
        note = unmet_note(asked, lang)
        texts[slot] = f"{texts[slot]} {note}" if slot in texts else note
    # Quoted as a whole: a "|" in the fact or the ask must not split the cell.
    return tuple((slot, cell(t)) for slot, t in texts.items()), tuple(plain.items())


def table_columns(rows: list[TableRow]) -> list[str]:
    """The slots of `rows`, most often filled first (ties: first seen), so that the cells a
    row leaves empty tend to be its last ones, which are left out."""
    seen: dict[str, int] = {}
    for r in rows:
        for slot, _ in r.cells:
            seen[slot] = seen.get(slot, 0) + 1
    first = {slot: i for i, slot in enumerate(seen)}
    return sorted(seen, key=lambda slot: (-seen[slot], first[slot]))


def row_text(row: TableRow, columns: list[str]) -> str:
    values = dict(row.cells)
    cells = [values.get(c, EMPTY_CELL) for c in columns]
    # Every "" here is an empty cell: a value "" is a quoted cell (`cell`).
    while cells and cells[-1] == EMPTY_CELL:
        cells.pop()
    text = "|".join([row.name, *cells])
    return f"{text} {row.current}" if row.current else text


def table_text(rows: list[TableRow], name_slot: str, labels: BlockLabels = NO_LABELS) -> list[str]:
    """``餐馆(名称|地址|电话):`` and one line per row."""
    columns = table_columns(rows)
    names = [labels.slot(c) for c in [name_slot, *columns]]
    header = f"{labels.entity(rows[0].table)}({'|'.join(names)}):"
    return [header, *(row_text(r, columns) for r in rows)]


def instance_line(
    entity: str,
    values: list[SlotValue],
    current: int,
    turn: int,
    language: Language,
    marker: int | None,
    *,
    anchors: bool = True,
    labels: BlockLabels = NO_LABELS,
    asks: dict[str, str] | None = None,
) -> str:
    """``餐馆[鼎泰丰]: 地址=A路1号; 电话=010-1111 [12轮前]``: one earlier instance, last
    touched at `turn`; what its search asked and no place met (`asks`) beside its facts,
    ``人均消费=143元 (未满足的要求: 50-100元)``."""
    texts = {v.slot: value_text(v, language, anchors=anchors) for v in values}
    for slot, asked in (asks or {}).items():
        note = unmet_note(asked, language)
        texts[slot] = f"{texts[slot]} {note}" if slot in texts else note
    body = "; ".join(f"{labels.slot(slot)}={text}" for slot, text in texts.items())
    far = marker is not None and current - turn > marker
    mark = "" if far else f" {ago(turn, current, language)}"
    name = labels.entity(entity)
    return f"{name}: {body}{mark}" if body else f"{name}{mark}"


def conflict_line(
    c: ConflictRecord, current: int, language: Language, labels: BlockLabels = NO_LABELS
) -> str:
    e, la = c.earlier, c.later
    words = WORDS[language]
    then, now = ago(e.turn, current, language), ago(la.turn, current, language)
    subject = labels.key(c.subject)  # a slot's key, or a rule's subject ("价格")
    if language == "zh":
        return f"- {subject}: 「{e.text}」{then} → 「{la.text}」{now}，{words[c.resolution]}"
    return f'- {subject}: "{e.text}" {then} -> "{la.text}" {now}; {words[c.resolution]}'


def _join(
    lines: list[BlockLine],
    headers: dict[str, str],
    name_slot: str = "名称",
    labels: BlockLabels = NO_LABELS,
) -> str:
    parts: list[str] = []
    section = ""
    table: list[TableRow] = []  # the run of rows of one kind being gathered
    under: dict[int, list[str]] = {}  # lines under a row of `table`, by the row's index

    def flush() -> None:
        # A table is written from the rows left after shedding: its columns are recomputed.
        if table:
            head, *rows = table_text(table, name_slot, labels)
            parts.append(head)
            for i, row in enumerate(rows):
                parts.append(row)
                parts.extend(under.get(i, ()))
            table.clear()
            under.clear()

    for line in lines:
        if line.fact is not None:
            slot, _, whole = line.fact
            # A fact never outlives its row (it ranks below it); the check guards the join.
            same = table and table[-1].name == whole.name and table[-1].table == whole.table
            # A request comes back beside its cell only (which may have left on its own).
            if same and (line.rank != _REQUEST or slot in dict(table[-1].cells)):
                table[-1] = _with_cell(table[-1], whole, slot)
            continue
        if line.under_row and table:
            under.setdefault(len(table) - 1, []).append(line.text)
            continue
        if table and (line.row is None or line.row.table != table[0].table):
            flush()
        if line.section != section:
            section = line.section
            parts.append(headers[section])
        if line.row is not None:
            table.append(line.row)
        else:
            parts.append(line.text)
    flush()
    return "\n".join(parts)


def _with_cell(row: TableRow, whole: TableRow, slot: str) -> TableRow:
    """`row` with `whole`'s cell for `slot` back, cells in `whole`'s order; the other cells
    stay as `row` has them (one may have lost its request, `request_facts`)."""
    have = dict(row.cells)
    have[slot] = dict(whole.cells)[slot]
    return replace(row, cells=tuple((s, have[s]) for s, _ in whole.cells if s in have))


_LIST_SEPARATORS = re.compile(r"[、，,;；]")


def long_facts(lines: list[BlockLine], count: Callable[[str], int], limit: int) -> list[BlockLine]:
    """`lines` with every costly cell of an instance row split off into a line of its own,
    right after the row, that leaves before any instance does (`_LONG_FACT`, oldest first).

    A cell is costly when it takes more than `limit` tokens per item: an address or opening
    hours, not a list of five neighbours, whose every item is a fact of its own. Under a cap
    the block then keeps more places, each with its name and short facts, for the tokens one
    address costs. A row keeps its name and its other cells whatever it loses.
    """
    out: list[BlockLine] = []
    for line in lines:
        row = line.row
        if row is None or line.rank != _INSTANCE:
            out.append(line)
            continue
        costly = [
            (slot, text)
            for slot, text in row.cells
            if count(text) > limit * (len(_LIST_SEPARATORS.findall(text)) + 1)
        ]
        if not costly:
            out.append(line)
            continue
        gone = {slot for slot, _ in costly}
        short = replace(row, cells=tuple((s, c) for s, c in row.cells if s not in gone))
        out.append(replace(line, row=short, text=row_text(short, table_columns([short]))))
        out += [
            BlockLine(
                line.section,
                text,  # what shedding it saves: the cell (and its separator)
                _LONG_FACT,
                order=line.order,
                fact=(slot, text, row),
            )
            for slot, text in costly
        ]
    return out


def request_facts(lines: list[BlockLine]) -> list[BlockLine]:
    """`lines` with the request beside each fact of an instance row (``137元 (用户要求:
    100-150元)``) split off into a line of its own, right after the row, that leaves before
    the row's facts do (`_REQUEST`, oldest first). What the user asked for is often what a
    later turn asks again, but the place's own fact says more per token. A row of a place
    with nothing but its name (`_BARE_INSTANCE`) may still carry what its search asked and
    no place met: that is split off too, and leaves before the row."""
    out: list[BlockLine] = []
    for line in lines:
        row = line.row
        if (
            row is None
            or line.fact is not None
            or (line.rank != _INSTANCE and line.rank != _BARE_INSTANCE)
            or not row.plain
        ):
            out.append(line)
            continue
        plain = dict(row.plain)
        have = dict(row.cells)
        split = [slot for slot in plain if slot in have and have[slot] != plain[slot]]
        unmet = set(row.unmet)
        if not split:
            out.append(line)
            continue
        # A cell that held nothing but the note goes with it (no column for it alone).
        kept = ((s, plain.get(s, c)) for s, c in row.cells)
        short = replace(row, cells=tuple((s, c) for s, c in kept if c != EMPTY_CELL))
        out.append(replace(line, row=short, text=row_text(short, table_columns([short]))))
        out += [
            BlockLine(
                line.section,
                have[slot][len(plain[slot]) :],  # what shedding it saves: the request
                _UNMET if slot in unmet else _REQUEST,
                order=line.order,
                fact=(slot, have[slot], row),
            )
            for slot in split
        ]
    return out


def cost_order(lines: list[BlockLine], count: Callable[[str], int]) -> list[BlockLine]:
    """`lines` with each instance row and each costly fact ordered by what it costs per
    item it holds (`_item_cost`), so that within their rank the facts that cost the most
    tokens each leave first; ten places of age count as one token per item, so among rows
    alike the oldest still leaves first.

    The shedding rule is to keep as many facts as the cap holds: a row of a rating and a
    price keeps more of them per token than a row of one long name and an address."""
    out: list[BlockLine] = []
    for line in lines:
        age = line.order
        if age is not None and (line.rank == _LONG_FACT or line.rank == _INSTANCE):
            cells = [c for _, c in line.row.cells] if line.row is not None else [line.text]
            items = len(cells) + 1 if line.row is not None else 1  # a row: its name too
            items += sum(len(_LIST_SEPARATORS.findall(c)) for c in cells)
            line = replace(line, order=round(1000 * (count(line.text) + 1) / items) + 100 * age)
        out.append(line)
    return out


def repeated_wishes(lines: list[BlockLine]) -> list[BlockLine]:
    """`lines` (in their final shedding order, after `cost_order`) with each copy of a
    search criterion that another row of its table holds too (``4.5分以上`` on three places
    found for "4.5分以上的景点") split off into a line of its own, right after its row, that
    leaves before any place does (`_REPEATED_WISH`, in `cost_order`'s order). The copy on
    the row that leaves last (the current row first) stays in its row: the wish stays
    written once while that row is (a row kept after it, when the cap leaves no room for
    the copy's column, is written without it). Only the user's criteria: a fact the
    assistant gave (a phone, a rating found) is the place's own, whoever else shares it."""
    holder: dict[tuple[str, str, str], tuple[tuple[int, int], int]] = {}
    for i, line in enumerate(lines):
        row = line.row
        if row is None or line.fact is not None or not row.wishes:
            continue
        if line.rank != KEEP and line.rank != _INSTANCE:
            continue
        cells = dict(row.cells)
        stays = (line.rank, -shed_order(line, i))  # the greater leaves later
        for slot in row.wishes:
            if slot in cells:
                key = (row.table, slot, cells[slot])
                if key not in holder or holder[key][0] < stays:
                    holder[key] = (stays, i)
    out: list[BlockLine] = []
    for i, line in enumerate(lines):
        row = line.row
        if row is None or line.fact is not None or line.rank != _INSTANCE or not row.wishes:
            out.append(line)
            continue
        cells = dict(row.cells)
        split = [s for s in row.wishes if s in cells and holder[(row.table, s, cells[s])][1] != i]
        if not split:
            out.append(line)
            continue
        short = replace(row, cells=tuple((s, c) for s, c in row.cells if s not in split))
        out.append(replace(line, row=short, text=row_text(short, table_columns([short]))))
        # Right after the row, before its other split cells: `_join` puts this one back in
        # `row`'s order, which holds every cell still in the row then.
        out += [
            BlockLine(
                line.section, cells[s], _REPEATED_WISH, order=line.order, fact=(s, cells[s], row)
            )
            for s in split
        ]
    return out


def shed_order(line: BlockLine, position: int) -> int:
    """Where a line stands in its rank's shedding order (higher leaves first)."""
    return position if line.order is None else line.order


def render_view(
    view: ContextView,
    *,
    max_tokens: int | None = None,
    count: Callable[[str], int] | None = None,
    strict: bool = False,
) -> str:
    """The block text; "" when every section is empty.

    With `max_tokens` and `count`, droppable lines leave (lowest rank first, the last of a
    rank first: each list is newest first, `cost_order` reorders costly facts and rows)
    until `count` of the text fits, then lines shed earlier come back into the room the last
    one left (`_refill`); what may not leave stays even if it alone is over the cap.

    `strict` is the last resort of a context whose latest turn leaves less room than that
    floor: then the floor gives way too, in `STRICT_SHED` order (evidence, then values, then
    conflicts), and the user's rules stay whole, even over the cap (the caller decides what
    gives way for them).
    """
    headers = HEADERS[view.language]
    text = view_text(view)
    if max_tokens is None or count is None or count(text) <= max_tokens:
        return text
    # Over the cap: the compact form first (it loses no value), then shed lines.
    lines = view_lines(view, compact=True)
    name_slot = view.name_slot
    text = _join(lines, headers, name_slot, view.labels)
    total = count(text)
    if total <= max_tokens:
        return text
    lines = cost_order(long_facts(request_facts(lines), count, view.long_fact_tokens), count)
    lines = repeated_wishes(lines)
    # Estimate from per-line counts (a newline is one token) to pick what leaves in one
    # pass, then check the real count: BPE merges across lines are rare but possible. Only
    # the lines that leave are counted, and a section's lines left are counted down rather
    # than looked for again (both once cost every line of the block per line shed).
    order = sorted(
        (i for i, line in enumerate(lines) if line.rank != KEEP),
        key=lambda i: (lines[i].rank, -shed_order(lines[i], i)),
    )
    left = Counter(line.section for line in lines)
    gone: set[int] = set()
    shed: list[int] = []  # `gone` in the order the lines left
    for i in order:
        if total <= max_tokens:
            break
        gone.add(i)
        shed.append(i)
        total -= count(lines[i].text) + 1
        section = lines[i].section
        left[section] -= 1
        if not left[section]:
            total -= count(headers[section]) + 1
        if total <= max_tokens:
            kept = [line for j, line in enumerate(lines) if j not in gone]
            total = count(_join(kept, headers, name_slot, view.labels))

    def join() -> str:
        kept = [line for j, line in enumerate(lines) if j not in gone]
        return _join(kept, headers, name_slot, view.labels)

    text = join()
    skip: set[int] = set()
    # What the last line shed left free takes back lines shed earlier. The estimate misses
    # a column a row brings back to its table's header: what came back last leaves again
    # while the block is over, and the next round tries the others without it.
    for _ in range(_REFILL_ROUNDS if total <= max_tokens else 0):
        back = _refill(lines, shed, gone, skip, max_tokens - count(text), count, headers, left)
        text = join()
        undone = False
        while back and count(text) > max_tokens:
            i = back.pop()
            gone.add(i)
            skip.add(i)
            left[lines[i].section] -= 1
            text, undone = join(), True
        if not undone:
            break
    if strict and count(text) > max_tokens:
        text = _strict_shed(lines, gone, max_tokens, count, join, headers)
    return text


# The sections a strict render (`render_view`) empties, in this order, when what never sheds
# is over the cap: the rules are what a user most needs kept beside a huge latest turn (the
# turn itself holds the values it is about); a section's oldest lines (its last) go first.
STRICT_SHED = ("intent", "evidence", "pending", "state", "conflicts")


def _strict_shed(
    lines: list[BlockLine],
    gone: set[int],
    max_tokens: int,
    count: Callable[[str], int],
    join: Callable[[], str],
    headers: dict[str, str],
) -> str:
    """Shed kept lines too (`render_view`'s `strict`), estimating from per-line counts and
    checking the real count once the estimate fits."""
    text = join()
    total = count(text)
    for section in STRICT_SHED:
        left = [i for i, line in enumerate(lines) if line.section == section and i not in gone]
        for n, i in enumerate(reversed(left)):
            gone.add(i)
            total -= count(lines[i].text) + 1
            if n == len(left) - 1:
                total -= count(headers[section]) + 1
            if total <= max_tokens:
                text = join()
                total = count(text)
                if total <= max_tokens:
                    return text
    return join()


_REFILL_ROUNDS = 3  # each costs a count of the block: a bound on a rare case


def _refill(
    lines: list[BlockLine],
    shed: list[int],
    gone: set[int],
    skip: set[int],
    room: int,
    count: Callable[[str], int],
    headers: dict[str, str],
    left: Counter[str],
) -> list[int]:
    """The shed lines (but `skip`) that fit in `room` by their own count, now out of `gone`:
    the latest shed (the most worth keeping) first. A fact comes back only with its row."""
    row_of: dict[int, int] = {}
    row = -1
    for i, line in enumerate(lines):
        if line.fact is None:
            row = i if line.row is not None else -1
        elif row >= 0:
            row_of[i] = row
    back: list[int] = []
    for i in reversed(shed):
        line = lines[i]
        if i not in gone or i in skip or (line.fact is not None and row_of.get(i, -1) in gone):
            continue
        cost = count(line.text) + 1
        if not left[line.section]:
            cost += count(headers[line.section]) + 1
        if cost <= room:
            room -= cost
            gone.discard(i)
            left[line.section] += 1
            back.append(i)
    return back
