"""`SessionState`: one session's layers, ledger, policy results and audit chain.

A turn flows through `SessionState.apply`::

    ParsedTurn ─► intents (L1) ─► slot updates (L2, archive, slot conflicts)
               ─► constraints (ledger, conflicts, "earlier stands") ─► evidence (L3, eviction)
               ─► policies (pure) ─► decisions applied ─► audit events (hash-chained)

Everything a session holds lives in this one object and serializes with `to_dict`; two
sessions never share a mutable thing (no module-level state), so one user's values cannot leak
into another's context.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field, PrivateAttr

from ctxengine.compaction.audit import AuditEvent, AuditLog
from ctxengine.compaction.constraints import reply_fails_rule
from ctxengine.compaction.later_choice import names_thing
from ctxengine.compaction.layers import (
    EvidenceItem,
    EvidenceLayer,
    IntentLayer,
    SlotValue,
    StateLayer,
    Transition,
    instance_entity,
    is_instance,
    memo_values,
    refers_to,
    said_in_conversation,
    slot_key,
    split_key,
)
from ctxengine.compaction.ledger import (
    ConflictRecord,
    ConflictSide,
    ConstraintEntry,
    Ledger,
    normalize_subject,
    says_earlier_stands,
    subjects_match,
)
from ctxengine.compaction.memo import Memo
from ctxengine.compaction.ontology import NO_LABELS, BlockLabels
from ctxengine.compaction.outcomes import within
from ctxengine.compaction.person_roles import REPLACEMENT, adds_to_role, swapped_out
from ctxengine.compaction.policies import (
    PolicyContext,
    PolicyDecision,
    PolicyFn,
    resolve_named,
)
from ctxengine.compaction.protection import ProtectionIndex
from ctxengine.compaction.render import (
    EvidenceSelection,
    RenderOptions,
    build_view,
    fmt,
    render_view,
)
from ctxengine.compaction.revisions import partial_update, revised_updates, said_swap
from ctxengine.compaction.schema import (
    Constraint,
    Evidence,
    Language,
    ParsedTurn,
    Revision,
    SlotUpdate,
)
from ctxengine.compaction.slot_context import edits_a_list
from ctxengine.compaction.slots import UNSPECIFIED, moved_event_kinds
from ctxengine.compaction.zh_clause_rules import same_limit
from ctxengine.settings import Settings

log = logging.getLogger(__name__)


class _Turned(Protocol):
    @property
    def turn(self) -> int: ...


_T = TypeVar("_T", bound=_Turned)


def _from_turn(items: list[_T], turn: int) -> list[_T]:
    """The items with `.turn >= turn`, found from the end.

    Transitions and ledger entries are appended with the turn being applied, and `apply`
    refuses a turn earlier than one seen, so both lists are in turn order: reading the recent
    tail costs what the tail holds, not the whole history.
    """
    i = len(items)
    while i > 0 and items[i - 1].turn >= turn:
        i -= 1
    return items[i:]


_LISTED = re.compile(r"\s*(?:、|,|，|和|与|及)\s*")


# The people a role holds: "Karen Liu, Tom Becker".
_ROLE_PARTS = re.compile(r",\s*")


def _parts(value: str) -> list[str]:
    """The values a listed value holds ("无烟房、叫醒服务"), or the value itself."""
    return [p for p in _LISTED.split(value) if p] if len(value) > 1 else [value]


def _absent(value: str | None, denied: list[str]) -> bool:
    """Whether a reply says `value` is absent (it stands in one of its denied spans)."""
    return value is not None and any(value in d for d in denied)


# A negation before a value in its clause: "不是5分", "没提供免费停车", "no tables on
# Friday" (not "不过", "不错": a contrast and praise).
_NEGATED_BEFORE = re.compile(
    r"(?:没|不(?![过错仅但少])|无(?![烟线])|非(?!常)|未(?!来))[^，,。；;！!？?\n]*$"
    r"|(?i:\b(?:no|not|none|never|cannot|unavailable|sold out)\b|n't)[^,;!?\n.]*$"
)
_CLAUSE_START = re.compile(r"[，,。；;！!？?\n]|\.\s")
_NUMERAL = re.compile(r"[\d.]")


# A value's shape: each run of capitals, small letters or digits as one mark, the rest kept
# ("P2" and "P1" are "A9", "db-prod-03.internal" is "a-a-9.a").
_SHAPE_RUN = re.compile(r"[A-Z]+|[a-z]+|[0-9]+")
_HOST = re.compile(r"(?=.*[a-z])[a-z0-9-]+(?:\.[a-z0-9-]+)+")
# A cloud region ("us-east-1", "eu-west-2", "ap-southeast-1", "us-gov-west-1").
_REGION = re.compile(r"[a-z]{2}(?:-gov)?-(?:north|south|east|west|central)(?:east|west)?-\d{1,2}")


def _code_shape(value: str) -> str:
    return _SHAPE_RUN.sub(
        lambda m: "A" if m[0][0].isupper() else ("a" if m[0][0].isalpha() else "9"), value
    )


# A tool call that changes a setting ("create_ticket", "update_config", "connect_db"): its
# code-like arguments ("priority": "P2", "host": "db-prod-03.internal") are values the task
# now has, which the user's later "优先级改成P1" changes. Words ("city": "Napa") stay the
# call's evidence, and a call that reads or searches ("read_file") sets nothing.
_SETTING_CALL = re.compile(
    r"(?i)call:(?:create|update|set|change|modify|switch|configure|connect|assign|edit)(?![a-z])"
)
# An argument's key that is a plain name ("priority", "host"), not a path into a structure.
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# One end of a range named: "Change the end date to April 16", "结束日期改成5月8日".
_RANGE_END = (
    re.compile(
        r"(?i)\b(?:start(?:ing)?|begin(?:ning)?|first)\s+(?:date|day)|开始(?:日期|时间)|起始日期"
    ),
    re.compile(
        r"(?i)\b(?:end(?:ing)?|last|final|return)\s+(?:date|day)|结束(?:日期|时间)|截止日期|最后一天"
        # "come back June 20 instead": a trip's return (`slots._COME_BACK`).
        r"|\b(?:come|coming|fly|flying|head|heading|get|getting|drive|driving)\s+back\b"
        r"|^return(?:ing)?\s"
    ),
)
# The words between a range's two ends: "April 14 to April 18", "5月6日到5月9日".
_RANGE_SEP = re.compile(r"\s+(?:to|through|until|thru)\s+|\s*(?:[-–—~]|到|至)\s*")
_HAN_END = re.compile(r"[\u4e00-\u9fff]$")
# Particles that end a value said and name no kind ("红色的", "卧铺票吧").
_TRAIL_PARTICLES = "的了吧呢啊呀"


def _days_apart(a: str, b: str) -> bool:
    """Whether one of two slots is the other's for some days only ("time on Fridays" and
    "time", "时间（周五）" and "时间", `slots._scoped_to_days`): two values held side by side."""
    return any(x.startswith(y + sep) for x, y in ((a, b), (b, a)) for sep in (" on ", "（"))


def _shared_han_tail(a: str, b: str) -> int:
    """How many Chinese characters `a` and `b` end in alike."""
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n] and _HAN_END.match(a[-1 - n]):
        n += 1
    return n


# A value in plain English words, no digit or code in it ("married filing jointly", "a suite").
_WORDS_ONLY = re.compile(r"[A-Za-z][A-Za-z' -]*")
_CODE_LIKE = re.compile(r"(?=.*[A-Za-z])(?=.*[\d.-])[A-Za-z0-9][A-Za-z0-9.-]{0,39}")


# The words of a thing's name that tell one thing from another ("calories" is "calorie");
# a range's end ("end date") is told by its own rules (`_RANGE_END`), no name of another.
_NAME_WORD = re.compile(r"[a-z]{3,}")
_RANGE_WORDS = frozenset({"start", "end", "return", "first", "last", "final", "check", "new"})
_DIGIT_RUN = re.compile(r"\d+")


# A count of things: "45 laptops", "1,200 units", "3 monitors".
_COUNTED = re.compile(r"\d+(?:,\d{3})*\s+(?P<thing>[A-Za-z][A-Za-z-]*)")


def _name_words(name: str) -> set[str]:
    words = {
        w[:-1] if w.endswith("s") and not w.endswith("ss") else w
        for w in _NAME_WORD.findall(name.lower())
    }
    return set() if words & _RANGE_WORDS else words


def _quantity_shape(value: str) -> str:
    """ "2,200" and "2,050" are "9,9"; "0.1 seconds" and "0.15 seconds" "9.9 a"."""
    return re.sub(r"[A-Za-z]+", "a", _DIGIT_RUN.sub("9", value))


def _call_settings(evidence: list[Evidence]) -> list[SlotUpdate]:
    """The code-like arguments of the message's setting tool calls, as the task's values."""
    return [
        SlotUpdate(slot=e.field, value=e.value, raw=e.value, confidence=0.6)
        for e in evidence
        if e.field
        and _SETTING_CALL.match(e.source)
        and _PLAIN_KEY.fullmatch(e.field)
        and not edits_a_list(e.field)  # "remove": "a.kowalski" takes one off, sets nothing
        and _CODE_LIKE.fullmatch(e.value)
    ]


# A tool that makes a new thing ("build_cart", "create_order", "open_ticket"): an id its
# result gives for a key the task already holds is the new thing the task goes on with.
_MAKING_RESULT = re.compile(
    r"(?i)tool:(?:re)?(?:create|build|new|make|open|start|generate|init|place|book|submit"
    r"|clone|fork|duplicate|copy|issue|register)(?![a-z])"
)


def _made_settings(evidence: list[Evidence], held: Mapping[str, object]) -> list[SlotUpdate]:
    """The code-like values a making tool's result gives for task slots already held."""
    return [
        SlotUpdate(slot=e.field, value=e.value, raw=e.value, confidence=0.6)
        for e in evidence
        if e.field
        and _MAKING_RESULT.match(e.source)
        and _PLAIN_KEY.fullmatch(e.field)
        and _CODE_LIKE.fullmatch(e.value)
        and slot_key("task", e.field) in held
    ]


def _names(text: str, value: str) -> bool:
    """Whether `text` names `value` itself: not as part of another number ("5分" in "4.5分")
    and not after a negation in its clause ("不是5分", "no tables on Friday")."""
    start = text.find(value)
    while start != -1:
        end = start + len(value)
        inside = (start > 0 and value[0].isdigit() and _NUMERAL.match(text[start - 1])) or (
            end < len(text) and value[-1].isdigit() and text[end].isdigit()
        )
        clause = max((m.end() for m in _CLAUSE_START.finditer(text, 0, start)), default=0)
        if not inside and not _NEGATED_BEFORE.search(text, clause, start):
            return True
        start = text.find(value, start + 1)
    return False


# Slot-name separators, and the words a slot name may end in for "id" ("order number").
_NAME_SEPARATOR = re.compile(r"[\s\-]+")
_NUMBER_WORD = re.compile(r"_(?:number|no|num|nr)$")
# An identifier slot whatever the words: "user_id", "user id", "user-id", "用户ID".
_ID_NAME = re.compile(r"(?i)(?:[\s_-]|^|(?<=[\u4e00-\u9fff]))id$")


def core_name(name: str) -> str:
    """A slot name as `core_slots` spell them: lower case, words joined by "_", a trailing
    "number"/"no" read as "id" ("Order Number" -> "order_id")."""
    return _NUMBER_WORD.sub("_id", _NAME_SEPARATOR.sub("_", name.strip().lower()))


class CompactionInputError(ValueError):
    """A parsed turn cannot be applied (bad turn number, out of order)."""


# A preference meant to outlast one search: "以后都要…", "每次都…", "always".
_STANDING = re.compile(r"以后|今后|每次|每一次|一直|所有|都要|总是|(?i:\b(?:always|every|all)\b)")


# Over the evidence cap, a tenth of it leaves at once: one sort of the layer per ~20 new items
# (cap 200), not one per message once the layer is full.
EVICT_BATCH_SHARE = 10


class CompactionConfig(BaseModel):
    """Tunables of one session's compaction engine (JSON-serializable, kept with the state)."""

    recent_intents: int = Field(3, ge=1)
    evidence_max_items: int = Field(200, ge=1)
    min_context_repeat_turns: int = Field(3, ge=2)
    pin_ttl_turns: int = Field(5, ge=0, description="A pin lapses this many turns after refresh.")
    reset_after_turns: int = Field(25, ge=1)
    stale_evidence_turns: int = Field(10, ge=0, description="Reset drops evidence this old.")
    core_slots: list[str] = Field(
        default_factory=lambda: ["user_id", "order_id", "account_id", "customer_id", "uid"]
    )
    subject_aliases: dict[str, str] = Field(
        default_factory=lambda: {"顺丰": "sf express", "价格": "price", "价钱": "price"}
    )
    policies: list[str] = Field(
        default_factory=lambda: ["min_context", "lean_context", "fuse_context", "periodic_reset"]
    )
    history_turns: int = Field(3, ge=0)
    render_max_evidence: int = Field(12, ge=0)
    render_max_call_fields: int = Field(60, ge=0)
    render_max_conflicts: int = Field(5, ge=0)
    conflict_turns: int = Field(10, ge=0)
    slot_marker_turns: int | None = Field(5, ge=0)
    render_max_instances: int = Field(100, ge=0)
    block_long_fact_tokens: int = Field(7, ge=1)
    block_shown_fact_tokens: int = Field(4, ge=1)
    shard_max_tokens: int = Field(4000, ge=128)

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: Any) -> CompactionConfig:
        """The config `settings` give; `overrides` (field names of this class) win."""
        fields: dict[str, Any] = dict(
            recent_intents=settings.recent_intents,
            evidence_max_items=settings.evidence_max_items,
            min_context_repeat_turns=settings.min_context_repeat_turns,
            reset_after_turns=settings.reset_after_turns,
            pin_ttl_turns=settings.pin_ttl_turns,
            stale_evidence_turns=settings.stale_evidence_turns,
            render_max_evidence=settings.render_max_evidence,
            render_max_call_fields=settings.render_max_call_fields,
            render_max_conflicts=settings.render_max_conflicts,
            render_max_instances=settings.render_max_instances,
            block_long_fact_tokens=settings.block_long_fact_tokens,
            policies=list(settings.policies),
            core_slots=list(settings.core_slots),
            history_turns=settings.render_history_turns,
            conflict_turns=settings.render_conflict_turns,
            slot_marker_turns=settings.render_slot_marker_turns,
            shard_max_tokens=settings.shard_max_tokens,
            block_shown_fact_tokens=settings.block_shown_fact_tokens,
        )
        return cls(**{**fields, **overrides})

    def render_options(self) -> RenderOptions:
        return RenderOptions(
            history_turns=self.history_turns,
            max_evidence=self.render_max_evidence,
            max_call_fields=self.render_max_call_fields,
            max_conflicts=self.render_max_conflicts,
            conflict_turns=self.conflict_turns,
            slot_marker_turns=self.slot_marker_turns,
            max_instances=self.render_max_instances,
            long_fact_tokens=self.block_long_fact_tokens,
            shown_fact_tokens=self.block_shown_fact_tokens,
        )


# Identifier kinds whose value names the entity a user message is about (`_focus`); a bare
# code counts when it holds a digit ("DD20240315001", not "parse_config").
_FOCUS_IDS = frozenset({"order_id", "tracking", "ticket", "flight", "coupon"})
_DIGIT = re.compile(r"\d")


def _names_entity(e: Evidence) -> bool:
    return e.kind in _FOCUS_IDS or (e.kind == "code" and _DIGIT.search(e.value) is not None)


# A reply's change of a value: done ("已为您改为明天下午3点", "帮您把收货人改成张伟", "I've
# changed it to 8pm") or proposed ("要不要改成大床房？", "Shall I move it to 8pm?").
_CHANGE_CUE_GATE = re.compile(
    r"改为|改成|换成|换为|调整为|调整到|改到|(?i:\b(?:changed|moved|switched|updated|rescheduled"
    r"|change|move|switch)\b)"
)
_CHANGE_CUE = re.compile(
    r"(?:已经?|帮您|为您|给您|要不要|需不需要|是否|建议|不如)[^，。！？?!,]{0,10}?"
    r"(?:改为|改成|换成|换为|调整为|调整到|改到|更改为|修改为|更换为)"
    r"(?P<zh>[^，。,.！!？?；;\s]+?)(?:了|吗|呢|吧|可以吗|好吗|行吗|怎么样)?(?=[，。,.！!？?；;\s]|$)"
    r"|(?i:\b(?:i|we)(?:['’]ve|\s+have)?\s+(?:changed|moved|switched|updated|rescheduled)"
    r"|\b(?:shall|should|can|could)\s+(?:i|we)\s+(?:change|move|switch|update|reschedule)"
    r"|\bhow\s+about\s+(?:changing|moving|switching))"
    r"(?i:\s+(?P<obj>it|that|this|(?:the|your)\s+[a-z]+(?:\s+[a-z]+)?))?\s+to\s+(?P<en>[^,.;!?]+)"
)
# A reply's alternative offered in place of the user's value: "Would you like lustre instead
# of matte?", "How about the aisle seat instead?". With "of X" it is X's slot's; without it,
# a value of the same shape's (as `_CHANGE_CUE`'s).
_INSTEAD_CUE = re.compile(
    r"(?i)\b(?:would\s+you\s+(?:like|prefer)|do\s+you\s+want|how\s+about|what\s+about"
    r"|shall\s+(?:i|we)\s+(?:use|do|go\s+with))\s+(?:(?:the|a|an)\s+)?"
    r"(?P<en>[a-z0-9][\w'’ -]{0,28}?)\s+instead(?:\s+of\s+(?:the\s+)?(?P<old>[^?.!,;]{1,30}?))?"
    r"\s*(?:[?,]|$)"
)
# The kind of a value a reply proposes: a time or a date, an amount of a unit, or text.
_TIME_SHAPE = re.compile(
    r"\d\s*(?::\d{2}|点|时|[ap]\.?m\b)|[上下中]午|早上|晚上|今天|明天|后天|周[一二三四五六日天]"
    r"|星期|\d+\s*[月号日]|(?i:\b(?:noon|midnight|tonight|today|tomorrow|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday)\b)"
)
_AMOUNT_SHAPE = re.compile(r"\d+(?:\.\d+)?\s*([^\d\s.,]{1,8})")


def _value_kind(value: str) -> str:
    if _TIME_SHAPE.search(value):
        return "time"
    m = _AMOUNT_SHAPE.search(value)
    return f"amount:{m.group(1).lower()}" if m else "text"


class FocusEntry(BaseModel):
    turn: int
    subjects: list[str]


class Pin(BaseModel):
    subject: str
    turns: list[int]
    since: int
    last_turn: int


class Fold(BaseModel):
    start: int
    end: int
    summary: str
    turn: int


class CoreValues(BaseModel):
    slots: dict[str, str]
    constraints: list[str]
    evidence: list[str]


class SessionState(BaseModel):
    """The compaction engine's whole memory of one session."""

    session_id: str = ""
    config: CompactionConfig = Field(default_factory=CompactionConfig)
    language: Language = "en"
    last_turn: int = 0
    last_user_turn: int = 0
    intents: IntentLayer = Field(default_factory=IntentLayer)
    state: StateLayer = Field(default_factory=StateLayer)
    evidence: EvidenceLayer = Field(default_factory=EvidenceLayer)
    ledger: Ledger = Field(default_factory=Ledger)
    audit: AuditLog = Field(default_factory=AuditLog)
    focus: list[FocusEntry] = Field(default_factory=list)
    pins: list[Pin] = Field(default_factory=list)
    folded: list[Fold] = Field(default_factory=list)
    last_fold_end: int = 0
    last_reset_turn: int = 0
    # The user turn whose requests the assistant's latest reply declined (0: none pending);
    # the next user message settles it (see `_settle_declined`).
    declined_turn: int = 0
    # The reply that declined it, and whether the decline is a slot's evidence (a criterion
    # said unmet, an alternative value offered): that relaxes the turn's rules; a reply's
    # words alone relax only a rule they say cannot be met (see `reply_fails_rule`).
    declined_reply: str = ""
    declined_by_slot: bool = False
    # The latest user message turned the offered candidate down ("这家不太合适"): what comes
    # next refines that search instead of starting a new one (see `_search_over`).
    turned_down: bool = False
    # The slot keys the latest user message gave a search criterion for, a value it repeats
    # included ("这家有红烧肉吗？" after asking for 红烧肉): what the next reply answers.
    asked: list[str] = Field(default_factory=list)
    # A change the latest reply made or proposed to a value the user gave ("已为您改为明天
    # 下午3点", "要不要改成大床房？", "I've changed it to 8pm, OK?"): the user's next message,
    # when it only confirms, makes it the user's value (see `_take_proposal`).
    proposed: list[SlotUpdate] = Field(default_factory=list)
    # Derived indexes (not state): equal and copied empty whatever they hold, see `Memo`.
    _memo: Memo = PrivateAttr(default_factory=Memo)

    # --- persistence -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; `from_dict` rebuilds an equal state."""
        return self.model_dump(mode="json")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionState:
        return cls.model_validate(data)

    # --- the turn ----------------------------------------------------------------------------

    def record(self, kind: str, turn: int, data: dict[str, Any]) -> AuditEvent:
        """Append one audit event to this session's chain."""
        return self.audit.append(kind, turn, data)

    def apply(
        self, parsed: ParsedTurn, *, policies: dict[str, PolicyFn] | None = None
    ) -> list[AuditEvent]:
        """Fold one parsed message into the state; return the audit events it produced.

        Raises:
            CompactionInputError: the turn number is below 1 or earlier than one already seen.
            PolicyError: a configured policy name is not registered.
        """
        turn = parsed.turn
        if turn < 1:
            raise CompactionInputError(f"turn {turn} of session {self.session_id!r}: must be >= 1")
        if turn < self.last_turn:
            raise CompactionInputError(
                f"turn {turn} of session {self.session_id!r} arrives after turn {self.last_turn}"
            )
        fns = resolve_named(self.config.policies, policies)  # fail before changing anything
        start = len(self.audit.events)
        self.last_turn = turn
        user = parsed.role == "user"
        if user:
            self._settle_declined(parsed, turn)
            self.language = parsed.language
            if parsed.goes_ahead:
                self.ledger.carry_one_offs(self.last_user_turn, turn)
            self.last_user_turn = turn
            rec = self.intents.observe(parsed.intents, turn, self.config.recent_intents)
            if rec is not None:
                self.record("intent", turn, rec.model_dump(mode="json"))
        if parsed.role == "assistant":
            done = self.state.confirm_through(turn)
            if done:
                self.record("confirm", turn, {"slots": done})
            self.proposed = self._proposals(parsed.said)
        if user:
            self.turned_down = parsed.turns_down
            self.asked = [
                slot_key(u.entity, u.slot) for u in parsed.updates if u.criterion and u.value
            ]
        if parsed.role in ("user", "tool"):
            said: set[str] = set()
            # Distinct subjects, in order: a pasted document may say one rule a thousand
            # times, and each update is checked against every subject.
            forbidden = list(
                dict.fromkeys(
                    normalize_subject(c.subject, self.config.subject_aliases)
                    for c in parsed.constraints
                    if user and c.polarity == "forbid" and not c.revokes
                )
            )
            for u in parsed.updates:
                if user and u.slot == UNSPECIFIED and u.value and _HAN_END.search(u.value):
                    same = self._same_kind(u)
                    if same is None:
                        continue  # "换成大床房" with no held value of its kind: too vague
                    u = same
                if user and u.slot == UNSPECIFIED and u.value:
                    u = self._by_shape(u)
                    if u.slot == UNSPECIFIED and _WORDS_ONLY.fullmatch(u.value or ""):
                        # "Make it married filing jointly" with no slot of its kind held: a
                        # value of nothing known, no line "task.unspecified=…".
                        continue
                elif user and u.value and slot_key(u.entity, u.slot) not in self.state.slots:
                    u = self._by_word(u)
                if user and u.slot == REPLACEMENT and u.value:
                    u = self._swapped_person(u)  # "Swap Raj for Nina Cole": the reviewer
                if user and u.value and adds_to_role(u.raw) and self._add_to_role(u, turn):
                    continue  # "Add Tom Becker as a custodian too": beside Karen Liu
                if user and parsed.revisions and u.value:
                    u = partial_update(u, parsed.revisions, self.state)  # "是 5 栋 1702，不是 702"
                if user and u.op == "change" and u.value:
                    u = self._event_time(self._one_end(u, turn))
                if forbidden and u.op != "remove" and self._forbidden_here(u, forbidden):
                    continue  # "Never use PDF.": the rule's subject, not a choice of PDF
                key = slot_key(u.entity, u.slot)
                if user and key in said and self._join(u, turn):
                    continue
                said.add(key)
                self._update(u, turn, parsed.role, may_close=user and not self.turned_down)
            if user and parsed.revisions:
                self._revise(parsed, turn)
            for u in _made_settings(parsed.evidence, self.state.slots) if not user else ():
                if self._assistant_may_set(u):
                    self._update(u, turn, "assistant")
        elif parsed.role == "assistant":
            self._affirmed(parsed)
            self._offered_again(parsed)
            # Whether the reply says which of the user's requests failed: by naming its slot
            # ("评分没有符合您要求的"), the value it lacks, or a contrasting value in its place.
            explained = False
            # "附近没有这么高票价的景点，不过推荐X，票价是280元" against "200元以上": the
            # offer the reply makes meets the request the clause said nothing nearby met.
            met = {
                slot_key(u.entity, u.slot) for u in parsed.updates if u.criterion and self._meets(u)
            }
            for name in parsed.unmet:
                explained |= self._unmet([k for k in self._searched(name) if k not in met], turn)
            if parsed.denied:
                # "附近的餐馆都没有灶台鱼这道菜": the user's value, said to be absent.
                explained |= self._unmet(
                    [
                        k
                        for k, v in self.state.slots.items()
                        if v.source == "user" and _absent(v.value, parsed.denied)
                    ],
                    turn,
                )
            for u in parsed.updates:
                if u.criterion and self._offers_otherwise(u):
                    # "评分是4.3分" against "4分以上" meets the request: a fact beside it, which
                    # says nothing about which request failed.
                    if parsed.contrast and not self._meets(u):
                        # "推荐X，但是它家的人均消费是68元" against "100-150元": the contrast says
                        # this request failed; it is archived as unmet, the fact stands. (Kept
                        # beside the fact instead, a request the user then gave up on was
                        # shown as if still wanted.)
                        explained |= self._unmet([slot_key(u.entity, u.slot)], turn, by=u.value)
                    elif self._allowed(u):
                        # "没有查到完全符合条件的，推荐门票45元的X" against "100-150元": the
                        # differing fact is the request that failed, not the turn's others.
                        explained |= parsed.declines and self._answers_asked(u)
                        meets = self._meets(u)
                        t = self.state.answer(u, turn)
                        if t is not None:
                            self.record("transition", turn, t.model_dump(mode="json"))
                            if not meets:
                                # An alternative offered: the user's next word settles it. A
                                # fact within the request ("4.6分" for "4.5分以上") is none.
                                self.declined_turn = self.last_user_turn
                                self.declined_by_slot = True
                        continue
                # "符合条件的豪华型酒店没有找到": a value the reply says is absent is no fact.
                if self._assistant_may_set(u) and not _absent(u.value, parsed.denied):
                    self._update(u, turn, "assistant", may_close=not self.turned_down)
            for u in _call_settings(parsed.evidence):
                if self._assistant_may_set(u):
                    self._update(u, turn, "assistant")
            if parsed.declines:
                self.declined_turn = self.last_user_turn
                self.declined_reply = parsed.said or ""
                self.declined_by_slot |= bool(parsed.unmet)
                if not explained:
                    # Which request failed the reply did not say: each of the turn's
                    # criteria may be it (see `StateLayer.close_search`).
                    self.state.mark_declined(self.last_user_turn)
        if user:
            self._take_proposal(parsed, turn)
        earlier = user and (
            parsed.keeps_earlier
            or says_earlier_stands([c.text for c in parsed.constraints])
            or says_earlier_stands([r.text for r in parsed.references])
        )
        if user:
            handled = False
            for c in parsed.constraints:
                if earlier and self._return_to_earlier(c, turn):
                    handled = True
                    continue
                before = len(self.ledger.conflicts)
                self._constraint(c, turn, earlier)
                handled = handled or len(self.ledger.conflicts) > before
            if earlier and not handled:
                self._reinstate_latest(turn)
            elif parsed.choices and not earlier:
                self._later_choices(parsed, turn)
        # One event per message for all the evidence it brought: a tool result with forty
        # fields is one fact ("this result arrived"), and an event per field cost more than
        # parsing the result.
        added = []
        for ev in parsed.evidence:
            item, new = self.evidence.add(ev, turn, parsed.role)
            if new:
                added.append({"id": item.id, "kind": item.kind, "value": item.value})
        if added:
            self.record("evidence", turn, {"items": added})
        for r in parsed.references:
            if r.resolved_to:
                self.evidence.touch(r.resolved_to, turn)
        if user:
            self._focus(parsed)
        self._evict(turn)
        ctx = PolicyContext(turn=turn, parsed=parsed, events=self.audit.events[start:])
        for name, fn in fns:
            try:
                for d in fn(self, ctx):
                    self._decide(d)
            except Exception as exc:  # a user's policy: its failure is its own, see below
                self._policy_failed(name, turn, exc)
        return self.audit.events[start:]

    def _policy_failed(self, name: str, turn: int, exc: Exception) -> None:
        """A policy raised, or returned a decision that cannot be applied.

        The message is already applied to the layers (the record of what the user said), so
        raising here would leave the session with a message its caller thinks failed, and a
        restore would re-parse it into the same error on every start. The failure is an
        audit event instead, and the policies after it still run.
        """
        log.warning("compaction policy %r failed on turn %d: %r", name, turn, exc)
        data = {"policy": name, "error": type(exc).__name__, "message": str(exc)}
        self.record("policy_error", turn, data)

    def _update(
        self,
        u: SlotUpdate,
        turn: int,
        source: str,
        *,
        conflict: bool = True,
        may_close: bool = False,
    ) -> None:
        if may_close and u.value is not None and self._search_over(u, turn, source):
            entity = u.entity.strip()
            unmet = self.state.close_search(entity, turn, self._offered(entity))
            if unmet is not None:
                self.record("search_closed", turn, {"entity": entity, "to": unmet[0]})
                for key, value in unmet[1]:
                    self.record("unmet", turn, {"slot": key, "value": value, "replaced_by": None})
                self._preferences_met(unmet[0], turn)
        if u.slot.strip() in self.state.instance_slots and u.value:
            self._keep_requests(u.entity.strip(), u.value)
        before = self.state.slots.get(slot_key(u.entity, u.slot))
        if before is None and u.op == "change" and source == "user" and u.value:
            before = self._implied_earlier(u, turn)
        # The user correcting a value the assistant or a tool gave is no contradiction of
        # the user's own: only user-vs-user changes are conflicts.
        conflict = conflict and (before is None or before.source == "user")
        t = self.state.apply(u, turn, source)
        if t is None:
            return
        self.record("transition", turn, t.model_dump(mode="json"))
        prev = self.state.previous(t.slot)
        user = source == "user"
        if conflict and user and t.old is not None and t.new is not None and prev is not None:
            rec = ConflictRecord(
                id=self.ledger.new_conflict_id(),
                kind="slot",
                subject=t.slot,
                earlier=ConflictSide(text=t.old, turn=prev.set_turn, ref=t.slot),
                later=ConflictSide(text=t.new, turn=turn, ref=t.slot),
                resolution="later_wins",
                turn=turn,
                explicit=u.op == "change",
            )
            self.ledger.conflicts.append(rec)
            self.record("conflict", turn, rec.model_dump(mode="json"))
        if user and t.old is not None and t.new is not None:
            self._outlive_replacement(t.old, turn)
        if user and t.new is not None:
            self._outlive_limit(t.new, turn)

    def _outlive_replacement(self, old: str, turn: int) -> None:
        """ "Use orange instead of blue." then "make the bars green": a rule that put a value
        in another's place (a require half and a forbid half of one text) chose the value the
        slot has now left, so the rule no longer holds; both halves are superseded."""
        norm = normalize_subject(old, self.config.subject_aliases)
        active = [e for e in self.ledger.active() if not e.revokes]
        chosen = {e.text for e in active if e.polarity == "require" and e.norm_subject == norm}
        texts = {e.text for e in active if e.polarity == "forbid" and e.text in chosen}
        for e in active:
            if e.text in texts:
                ch = self.ledger.set_status(e.id, "superseded", turn, None)
                self.record("constraint_status", turn, ch.model_dump(mode="json"))

    def _outlive_limit(self, new: str, turn: int) -> None:
        """ "成片控制在3分钟以内" then "时长再短点吧，2分30秒以内": a limit read as a rule
        (`zh_clause_rules`, cue 控制在) given a new value of its kind no longer holds; the
        state shows the new one."""
        for e in self.ledger.active():
            if e.cue == "控制在" and not e.revokes and e.turn < turn and same_limit(e.text, new):
                ch = self.ledger.set_status(e.id, "superseded", turn, None)
                self.record("constraint_status", turn, ch.model_dump(mode="json"))

    def _revise(self, parsed: ParsedTurn, turn: int) -> None:
        """ "Unit 14, not Unit 12", "us-east-1 is correct", "以我第一次说的为准": the user's
        values the message revises (see `revisions`), changed as the user's own."""
        conflicted = [c.subject for c in self.ledger.conflicts if c.kind == "slot"]
        others = [r for r in parsed.revisions if r.kind != "said"]
        for u in revised_updates(others, self.state, conflicted):
            self._update(u, turn, "user")
        for r in others:
            self._swap_said(r, parsed, turn)
        # "September 9. Wait, September 16. Ugh, no, the 23rd": each value said again
        # corrects the one the one before it left, so they are read one at a time, last.
        for r in (r for r in parsed.revisions if r.kind == "said"):
            for u in revised_updates([r], self.state, conflicted):
                self._update(u, turn, "user")
            self._swap_said(r, parsed, turn)

    def _swap_said(self, r: Revision, parsed: ParsedTurn, turn: int) -> None:
        """ "Correction: it was March 1st, not March 2nd" after "It was on March 2nd.": the
        value said before, kept only as evidence, becomes the slot of its kind as of when it
        was said, so the correction archives it (the conflict names both)."""
        found = said_swap(r, self.state, self.evidence.items.values(), parsed.evidence, turn)
        if found is None:
            return
        kind, old, new, when = found
        key = slot_key("task", kind)
        held = self.state.slots.get(key)
        if held is not None and held.value != old:
            return  # the slot holds another value: the old part is not what it holds
        if held is None:
            t = self.state.apply(SlotUpdate(slot=kind, value=old, raw=old), turn, "user")
            if t is None:
                return
            self.record("transition", turn, t.model_dump(mode="json"))
            self.state.slots[key] = self.state.slots[key].model_copy(update={"turn": when})
        self._update(SlotUpdate(slot=kind, value=new, op="change", raw=new), turn, "user")

    def _proposals(self, said: str) -> list[SlotUpdate]:
        """The user's values a reply changed or proposed to change (`proposed`): the value
        after its change words, for the user's slot holding a value of the same shape (a
        time for a time, "6 people" for "4 people"); a value of no shape only for a slot the
        latest user message set or the reply names. None when the reply changes nothing."""
        if not said:
            return []
        out = self._alternatives(said) if "instead" in said else []
        if _CHANGE_CUE_GATE.search(said) is None:
            return out
        for m in _CHANGE_CUE.finditer(said):
            value = (m.group("zh") or m.group("en") or "").strip()
            if not value or len(value) > 30:
                continue
            shape = _value_kind(value)
            # "I've updated the system to version 2": what it names is no slot of the user's.
            obj = (m.group("obj") or "").lower()
            named = obj.split()[-1] if obj not in ("", "it", "that", "this") else None
            mine = [
                v
                for v in self.state.slots.values()
                if v.source == "user"
                and not is_instance(v.entity)
                and v.value != value
                and _value_kind(v.value) == shape
                and (named is None or named in v.slot.lower())
                and (shape != "text" or v.turn == self.last_user_turn or v.slot in said)
            ]
            if not mine:
                continue
            out.append(_proposed(max(mine, key=lambda v: v.turn), value, m.group(0)))
        return out

    def _alternatives(self, said: str) -> list[SlotUpdate]:
        """The user's values a reply offers an alternative to ("Would you like lustre instead
        of matte?"): the slot holding the value it names after "of", else the one value of
        the same shape the latest user message set."""
        out: list[SlotUpdate] = []
        for m in _INSTEAD_CUE.finditer(said):
            value, old = m["en"].strip(), (m["old"] or "").strip().lower()
            shape = _value_kind(value)
            mine = [
                v
                for v in self.state.slots.values()
                if v.source == "user"
                and not is_instance(v.entity)
                and v.value.lower() != value.lower()
                and (
                    # "instead of matte paper": the value, its thing's noun after it
                    (v.value.lower() == old or old.startswith(v.value.lower() + " "))
                    if old
                    else _value_kind(v.value) == shape and v.turn == self.last_user_turn
                )
            ]
            if len(mine) == 1:
                out.append(_proposed(mine[0], value, m.group(0)))
        return out

    def _take_proposal(self, parsed: ParsedTurn, turn: int) -> None:
        """ "好的" / "OK" to a reply's change makes its value the user's, as of this turn; a
        message that says anything more (a value, a rule, "还是原来的吧", a question, "不要")
        leaves the user's own value current."""
        proposed, self.proposed = self.proposed, []
        taken = parsed.is_confirmation or parsed.takes_change
        if not proposed or not taken or parsed.keeps_earlier:
            return
        if parsed.updates or parsed.constraints or parsed.turns_down:
            return
        for u in proposed:
            cur = self.state.slots.get(slot_key(u.entity, u.slot))
            if cur is not None and cur.source == "user" and self._allowed(u):
                self._update(u, turn, "user", conflict=False)

    def _same_kind(self, u: SlotUpdate) -> SlotUpdate | None:
        """`u` given the one held slot whose value ends in the longest run of the same
        Chinese characters as `u`'s, its kind's word ("三年多次往返签证" for the
        "日本单次旅游签证" held, "卧铺票" for "硬座票"); None when no held value shares one or
        several share it equally."""
        assert u.value is not None
        value = u.value.rstrip(_TRAIL_PARTICLES)
        best: list[SlotValue] = []
        longest = 0
        for v in self.state.slots.values():
            held = v.value.rstrip(_TRAIL_PARTICLES)
            n = _shared_han_tail(held, value)
            if n == 0 or held == value or n < longest:
                continue
            best = [v] if n > longest else [*best, v]
            longest = n
        if len(best) != 1:
            return None
        return u.model_copy(update={"entity": best[0].entity, "slot": best[0].slot, "value": value})

    def _by_shape(self, u: SlotUpdate) -> SlotUpdate:
        """`u` given the one slot whose current value has its value's shape ("P1" for the
        priority P2, "db-prod-04.internal" for db-prod-03.internal); a host name, when no
        value has its shape, is the host; else `u` as it is."""
        assert u.value is not None
        if (counted := _COUNTED.fullmatch(u.value)) is not None:
            return self._by_counted(u, counted["thing"].lower())
        if not _CODE_LIKE.fullmatch(u.value):
            return u  # "Make it spicy": a word's shape ("a") is every word's, no slot's own
        shape = _code_shape(u.value)
        same = {
            (v.entity, v.slot)
            for v in self.state.slots.values()
            if v.value != u.value and _code_shape(v.value) == shape
        }
        if len(same) == 1:
            entity, slot = same.pop()
            return u.model_copy(update={"entity": entity, "slot": slot})
        if not same and _HOST.fullmatch(u.value):
            return u.model_copy(update={"slot": "host"})
        if not same and _REGION.fullmatch(u.value):
            return u.model_copy(update={"slot": "region"})
        return u

    def _event_time(self, u: SlotUpdate) -> SlotUpdate:
        """`u` as a change of the date or the time when it moves an event in time ("Push the
        viewing to Sunday at 1pm") and the event's time is held there: the state has that
        slot, or the user said a value of its kind ("Book a viewing on Saturday at 11am").
        Kept as the event's own slot, the old time would stay current beside the new one."""
        kinds = moved_event_kinds(u)
        if not kinds or slot_key(u.entity, u.slot) in self.state.slots:
            return u  # "Push the deadline to Dec 20" after it was set: its own value
        for kind in kinds:
            if slot_key(u.entity, kind) in self.state.slots or self._user_said_kind(kind):
                return u.model_copy(update={"slot": kind})
        return u  # "Postpone the launch to next Monday" with no time held: the launch's

    def _user_said_kind(self, kind: str) -> bool:
        return any(e.kind == kind and "user" in e.sources for e in self.evidence.items.values())

    def _by_counted(self, u: SlotUpdate, thing: str) -> SlotUpdate:
        """ "Make it 45 laptops" after "I need 40 laptops": the one slot holding a count of
        the same things; else `u` as it is."""
        same = {
            (v.entity, v.slot)
            for v in self.state.slots.values()
            if v.value != u.value
            and (held := _COUNTED.fullmatch(v.value)) is not None
            and held["thing"].lower() == thing
        }
        if len(same) != 1:
            return u
        entity, slot = same.pop()
        return u.model_copy(update={"entity": entity, "slot": slot})

    def _by_word(self, u: SlotUpdate) -> SlotUpdate:
        """`u`, a quantity of a thing no slot of it holds, given the one user slot whose name
        shares a word with its thing and whose value has its shape: "lower the calories to
        2,050" after "set my daily calorie target to 2,200", "make coyote time 0.15 seconds"
        after "coyote time should be 0.1 seconds" (held as the time). Else `u` as it is."""
        assert u.value is not None
        words = _name_words(u.slot)
        if not words or not _DIGIT_RUN.search(u.value):
            return u
        shape = _quantity_shape(u.value)
        same = {
            (v.entity, v.slot)
            for v in self.state.slots.values()
            if v.source == "user"
            and v.entity == u.entity
            and _quantity_shape(v.value) == shape
            and words & _name_words(v.slot)
            and not _days_apart(u.slot, v.slot)
        }
        if len(same) != 1:
            return u
        entity, slot = same.pop()
        return u.model_copy(update={"entity": entity, "slot": slot})

    def _one_end(self, u: SlotUpdate, turn: int) -> SlotUpdate:
        """`u` with the other end of the range held kept: "Change the end date to April 16"
        after "April 14 to April 18" is "April 14 to April 16". With no range held, the two
        values of its kind the user said last in one turn are the range ("5月6日到5月9日",
        kept as evidence), held as of then."""
        assert u.value is not None
        which = next((i for i, rx in enumerate(_RANGE_END) if rx.search(u.raw)), None)
        if which is None:
            return u
        held = self.state.slots.get(slot_key(u.entity, u.slot))
        if held is None:
            held = self._implied_range(u, turn)
        ends = _RANGE_SEP.split(held.value, maxsplit=1) if held is not None else []
        if held is None or len(ends) != 2 or len(_RANGE_SEP.findall(held.value)) != 1:
            return u
        sep = _RANGE_SEP.search(held.value)
        assert sep is not None
        ends[which] = u.value
        return u.model_copy(update={"value": sep.group(0).join(ends)})

    def _implied_range(self, u: SlotUpdate, turn: int) -> SlotValue | None:
        kind = u.slot.strip()
        said = [
            e
            for e in self.evidence.items.values()
            if e.kind == kind and "user" in e.sources and e.last_seen < turn
        ]
        if not said:
            return None
        last = max(e.last_seen for e in said)
        pair = [e for e in said if e.last_seen == last]
        if len(pair) != 2 or u.value in (pair[0].value, pair[1].value):
            return None
        joint = " to " if self.language == "en" else "到"
        value = joint.join(e.value for e in pair)
        t = self.state.apply(u.model_copy(update={"value": value, "op": "set"}), turn, "user")
        if t is None:
            return None
        self.record("transition", turn, t.model_dump(mode="json"))
        key = slot_key(u.entity, u.slot)
        held = self.state.slots[key] = self.state.slots[key].model_copy(update={"turn": last})
        return held

    def _implied_earlier(self, u: SlotUpdate, turn: int) -> SlotValue | None:
        """What "change the date to Friday" changes when no date is held yet: the value of
        that kind said last ("Book it for the 6th of March", kept as date evidence). It
        becomes the slot's value as of when it was said, so the change archives it: never
        shown as current, its evidence line hidden, the conflict naming both."""
        kind = u.slot.strip()
        said = [
            e
            for e in self.evidence.items.values()
            if e.kind == kind
            and e.value != u.value
            and e.last_seen < turn
            and said_in_conversation(e)
        ]
        if not said:
            return None
        e = max(said, key=lambda item: item.last_seen)
        implied = SlotUpdate(entity=u.entity, slot=u.slot, value=e.value, raw=e.value)
        # Said by the user, it was the user's value (changing it is a conflict); said only by
        # the assistant, the user corrects the assistant's (no conflict, see `_update`).
        said_by = "user" if "user" in e.sources else "assistant"
        t = self.state.apply(implied, turn, said_by)
        if t is None:
            return None
        self.record("transition", turn, {**t.model_dump(mode="json"), "implied_from": e.id})
        key = slot_key(u.entity, u.slot)
        # Set as of when it was said: the old value's marker says when that was.
        value = self.state.slots[key] = self.state.slots[key].model_copy(
            update={"turn": e.last_seen}
        )
        return value

    def _keep_requests(self, entity: str, name: str) -> None:
        """An earlier candidate named again brings its facts back as the current ones
        (`StateLayer._shelve`); a fact it had for a slot the current search asks a value for
        ("4-6小时" against the "4小时 - 6小时" asked now) comes back with that request beside
        it instead of replacing it unseen."""
        if is_instance(entity):
            return
        shelved = instance_entity(entity, name)
        for key, v in list(self.state.slots.items()):
            if v.entity != shelved or v.source == "user":
                continue
            cur = self.state.slots.get(slot_key(entity, v.slot))
            if cur is not None and cur.source == "user" and cur.criterion and cur.value != v.value:
                self.state.slots[key] = v.model_copy(update={"requested": cur.value})

    def _swapped_person(self, u: SlotUpdate) -> SlotUpdate:
        """ "Swap Raj for Nina Cole" after "The reviewer is Raj Mehta": the one user slot
        whose value names the person swapped out; else `u` as it is (`REPLACEMENT`)."""
        old = swapped_out(u.raw)
        if old is None:
            return u
        word = re.compile(rf"(?<![\w'’-]){re.escape(old)}(?![\w'’-])")
        held = [v for v in self.state.slots.values() if v.source == "user" and word.search(v.value)]
        if len(held) != 1:
            return u
        return u.model_copy(update={"entity": held[0].entity, "slot": held[0].slot, "op": "change"})

    def _add_to_role(self, u: SlotUpdate, turn: int) -> bool:
        """ "Add Tom Becker as a custodian too" after "The custodian is Karen Liu": the person
        joins the one the role holds, replacing no one. Returns whether it joined (False when
        the role holds no user value: the person is then its first)."""
        assert u.value is not None
        key = slot_key(u.entity, u.slot)
        cur = self.state.slots.get(key)
        if cur is None or cur.source != "user" or cur.value == u.value:
            return False
        if u.value in _ROLE_PARTS.split(cur.value):
            return True
        new = f"{cur.value}, {u.value}"
        self.state.slots[key] = cur.model_copy(update={"value": new, "turn": turn})
        t = Transition(slot=key, old=cur.value, new=new, turn=turn, raw=u.raw, source="user")
        self.state.transitions.append(t)
        self.record("transition", turn, t.model_dump(mode="json"))
        return True

    def _join(self, u: SlotUpdate, turn: int) -> bool:
        """ "希望酒店有无烟房，还要有叫醒服务", "同事想吃A，我想吃B": a second value of one
        criterion in the same user message adds to the first instead of replacing it (a
        change is said with its own words: `op="change"`). Returns whether it joined."""
        key = slot_key(u.entity, u.slot)
        cur = self.state.slots.get(key)
        if (
            cur is None
            or not u.criterion
            or u.op != "set"
            or not u.value
            or u.enum is not None
            or cur.source != "user"
            or cur.turn != turn
        ):
            return False
        if u.value not in _parts(cur.value):
            new = f"{cur.value}、{u.value}"
            self.state.slots[key] = cur.model_copy(update={"value": new})
            t = Transition(slot=key, old=cur.value, new=new, turn=turn, raw=u.raw, source="user")
            self.state.transitions.append(t)
            self.record("transition", turn, t.model_dump(mode="json"))
        return True

    def _search_over(self, u: SlotUpdate, turn: int, source: str) -> bool:
        """The update starts a new search for an entity whose named instance the user
        already went on with: a user criterion ("再帮我找个评分4.5分以上的餐馆") or another
        name, the user's or one the assistant offers, not a change to the last search.

        Going on with it means a whole user turn passed after it was named (the user asked
        about it, booked it, moved to another task) with no criterion given since; a
        criterion in the very next turn ("可以玩1小时吗？") still narrows the search.
        """
        entity = u.entity.strip()
        if is_instance(entity):
            return False
        name = self.state.found(entity)
        since = self._offered(entity)
        # A criterion the user gave after it was named narrows on from it ("在它周边找评分
        # 4.5分以上的"): that search is still going, until a whole user turn passed after
        # that one too with no other candidate named ("这家有手掰肠吗？" asked of the place,
        # then its phone number, then another task).
        since = max(
            (
                v.turn
                for v in self.state.slots.values()
                if v.entity == entity and v.source == "user" and v.criterion and v.turn > since
            ),
            default=since,
        )
        if not since or turn < since + 2:
            return False
        if u.slot.strip() in self.state.instance_slots:
            # A name for an unnamed candidate is most often its own ("金紫银的周边有啥？").
            return name is not None and u.value != name.value
        if source != "user":
            return False
        return u.criterion or (name is None and self._next_task(u))

    def _offered(self, entity: str) -> int:
        """The turn the current candidate of `entity` was named (0: none). A candidate
        offered without a name the parser caught counts from the first fact given about it
        ("地址在X", "周边的酒店有Y")."""
        name = self.state.found(entity)
        if name is not None:
            return name.turn
        return min(
            (
                v.turn
                for v in self.state.slots.values()
                if v.entity == entity and v.source != "user"
            ),
            default=0,
        )

    def _next_task(self, u: SlotUpdate) -> bool:
        """A new value for a slot the user set in a task that has no search criteria (a
        trip: 出发地, 目的地), after its answer: the next task of the kind, not a change to
        the last ("改成去B" is `op="change"` and still supersedes)."""
        entity = u.entity.strip()
        if u.op == "change" or any(
            v.entity == entity and v.criterion for v in self.state.slots.values()
        ):
            return False
        cur = self.state.slots.get(slot_key(u.entity, u.slot))
        return cur is not None and cur.source == "user" and cur.value != u.value

    def _preferences_met(self, instance: str, turn: int) -> None:
        """The search that found `instance` is over: a preference the user gave in the same
        turn as one of its criteria, stating that criterion ("最好评分在4.5分以上" with
        评分=4.5分以上), served that search and binds no later one. The instance keeps the
        criterion verbatim. A preference said to last ("以后都…", "每次…") stays active."""
        criteria = [
            (v.turn, v.value)
            for v in self.state.slots.values()
            if v.entity == instance and v.source == "user" and v.criterion and v.value
        ]
        if not criteria:
            return
        for e in self.ledger.active():
            if e.polarity != "prefer" or _STANDING.search(e.text):
                continue
            if any(t == e.turn and value in e.text for t, value in criteria):
                ch = self.ledger.set_status(e.id, "met", turn, None)
                self.record("met", turn, ch.model_dump(mode="json"))

    def _settle_declined(self, parsed: ParsedTurn, turn: int) -> None:
        """The user answers a declined request: going on with the alternative relaxes the
        preferences and requirements of the declined turn; turning it down keeps them."""
        declined, self.declined_turn = self.declined_turn, 0
        reply, self.declined_reply = self.declined_reply, ""
        by_slot, self.declined_by_slot = self.declined_by_slot, False
        if not declined or parsed.rejects:
            return
        for e in self.ledger.active():
            if e.turn != declined or e.polarity not in ("prefer", "require", "only"):
                continue
            # "没有符合您要求的五星级酒店，推荐四星级的": the reply says the rule cannot be
            # met. "Sure, I'll always run it. There is no linter config yet" does not.
            if by_slot or reply_fails_rule(reply, e.text):
                ch = self.ledger.set_status(e.id, "relaxed", turn, None)
                self.record("relaxed", turn, ch.model_dump(mode="json"))

    def _affirmed(self, parsed: ParsedTurn) -> None:
        """A reply that names a criterion the user gave (one of the values it lists) outside
        what it says is absent says the offered candidate has it ("没有完全符合的，推荐X，有您
        喜欢的炸河虾"): that criterion is met, whatever else the reply declines."""
        if not parsed.said:
            return
        # The reply answers the latest user message: the criteria of the entities it
        # searched ("4.5分以上" of a hotel search is not met by a restaurant's "4.5分以上").
        searched = {split_key(k)[0] for k in self.asked}
        for v in self.state.slots.values():
            if v.source != "user" or not v.criterion or v.met or is_instance(v.entity):
                continue
            if searched and v.entity not in searched:
                continue
            if any(
                len(p) > 1 and _names(parsed.said, p) and not _absent(p, parsed.denied)
                for p in _parts(v.value)
            ):
                v.met, v.declined = True, False

    def _offered_again(self, parsed: ParsedTurn) -> None:
        """A reply that names the current candidate again after the user gave criteria for
        it, declining nothing ("我说的X这一家刚好合适"), offers it for them: they are met."""
        if parsed.declines or parsed.denied or parsed.contrast or parsed.unmet:
            return
        for u in parsed.updates:
            entity = u.entity.strip()
            if u.slot.strip() not in self.state.instance_slots or is_instance(entity):
                continue
            name = self.state.found(entity)
            if name is None or name.value != u.value:
                continue
            for v in self.state.slots.values():
                if v.entity == entity and v.source == "user" and v.criterion and v.turn > name.turn:
                    v.met = True

    def _offers_otherwise(self, u: SlotUpdate) -> bool:
        """The assistant gives another value for a slot the user asked a value for."""
        if u.op == "remove" or u.value is None:
            return False
        if u.slot in self.state.instance_slots:
            return False  # another name is another instance, not an unmet request
        cur = self.state.slots.get(slot_key(u.entity, u.slot))
        if cur is None or cur.value == u.value:
            return False
        # A request, or a fact standing beside a request: a new fact answers the request.
        return cur.source == "user" or cur.requested is not None

    def _meets(self, u: SlotUpdate) -> bool:
        """Whether the assistant's value is within the user's ("4.3分" within "4分以上") or
        one of the values the user listed ("叫醒服务" of "无烟房、叫醒服务")."""
        cur = self.state.slots.get(slot_key(u.entity, u.slot))
        if cur is None or u.value is None:
            return False
        return u.value in _parts(cur.value) or within(u.value, cur.value) is True

    def _answers_asked(self, u: SlotUpdate) -> bool:
        """A fact for a criterion the latest user message gave that is known to miss it
        ("45元" against "100-150元"); one that cannot be told ("4.5分" against "5分") may
        not be the part that failed."""
        key = slot_key(u.entity, u.slot)
        cur = self.state.slots.get(key)
        return (
            key in self.asked
            and cur is not None
            and cur.source == "user"
            and u.value is not None
            and within(u.value, cur.value) is False
        )

    def _unmet(self, keys: list[str], turn: int, *, by: str | None = None) -> bool:
        """The user's values of `keys` were not met: archived as unmet (see `outcomes`); the
        user's next word on the alternative settles the turn's preferences. Returns whether
        any was archived."""
        if keys:
            self.declined_turn = self.last_user_turn
            self.declined_by_slot = True
        done = False
        for key in keys:
            cur = self.state.slots.get(key)
            if cur is None or cur.source != "user" or is_instance(split_key(key)[0]):
                continue
            self.state.unmet(key, turn, by)
            self.record("unmet", turn, {"slot": key, "value": cur.value, "replaced_by": by})
            done = True
        return done

    def _searched(self, slot: str) -> list[str]:
        """The keys of `slot` a reply saying it is unmet is about: those of the entities the
        user's latest message searched on ("价格没有符合" after a restaurant request is the
        restaurant's price, not the hotel found before, even when only the hotel has that
        slot); every one when that message gave no criterion ("这家有这个菜吗？")."""
        keys = [k for k, v in self.state.slots.items() if v.slot == slot]
        if not self.asked:
            return keys
        asked = {split_key(k)[0] for k in self.asked}
        return [k for k in keys if self.state.slots[k].entity in asked]

    def _assistant_may_set(self, u: SlotUpdate) -> bool:
        """Whether an assistant's value may enter the state.

        What the assistant informs ("地址在X") fills the task's state, but the user's word
        outranks it: a slot the user set keeps the user's value (the user's "4分以上" is a
        requirement, the assistant's "4.5分" a fact about one candidate), a value an active
        rule forbids never enters, and the assistant removes nothing.
        """
        if u.op == "remove" or u.value is None:
            return False
        cur = self.state.slots.get(slot_key(u.entity, u.slot))
        # Another name is another instance (`StateLayer._shelve`): the user's stays current
        # for the one the user named.
        if cur is not None and cur.source == "user" and u.slot not in self.state.instance_slots:
            return False
        return self._allowed(u)

    def _allowed(self, u: SlotUpdate) -> bool:
        """No active rule forbids the value."""
        if u.value is None:
            return False
        norm = normalize_subject(u.value, self.config.subject_aliases)
        return not any(
            c.polarity == "forbid" and subjects_match(c.norm_subject, norm)
            for c in self.ledger.active()
        )

    def _return_to_earlier(self, c: Constraint, turn: int) -> bool:
        """ "还是按原来的，用顺丰": the new rule restates the loser of a later-wins conflict.

        The user is going back to the original, so that conflict flips to earlier-stands
        instead of the restatement being treated as a third, conflicting rule.
        """
        norm = normalize_subject(c.subject or c.text, self.config.subject_aliases)
        for rec in reversed(self.ledger.conflicts):
            if rec.kind != "constraint" or rec.resolution != "later_wins":
                continue
            first = self.ledger.get(rec.earlier.ref)
            if first.polarity == c.polarity and subjects_match(first.norm_subject, norm):
                first.last_turn = turn
                for ch in self.ledger.reinstate_earlier(rec, turn):
                    self.record("constraint_status", turn, ch.model_dump(mode="json"))
                self.record("conflict", turn, rec.model_dump(mode="json"))
                return True
        return False

    def _constraint(self, c: Constraint, turn: int, earlier: bool) -> None:
        res = self.ledger.add(c, turn, earlier_stands=earlier, aliases=self.config.subject_aliases)
        if res.restated is not None:
            self.record("constraint_restated", turn, {"id": res.restated})
        if res.entry is not None:
            self.record("constraint", turn, res.entry.model_dump(mode="json"))
        for ch in res.changes:
            self.record("constraint_status", turn, ch.model_dump(mode="json"))
        for rec in res.conflicts:
            self.record("conflict", turn, rec.model_dump(mode="json"))
        e = res.entry
        if e is not None and e.status == "active" and e.polarity == "forbid" and not e.revokes:
            self._forbid_against_slots(e, turn)

    def _later_choices(self, parsed: ParsedTurn, turn: int) -> None:
        """ "Ship it with FedEx." after "Never ship with FedEx.": a choice of what an earlier
        forbid rule names contradicts it (`Ledger.chosen_over`). A rule the message already
        dealt with (restated, lifted, excepted: an entry of this turn on its subject or the
        thing) is left to that."""
        aliases = self.config.subject_aliases
        for choice in parsed.choices:
            now = [e for e in self.ledger.entries if e.turn == turn]
            for rule in self.ledger.active():
                if (
                    rule.polarity != "forbid"
                    or rule.revokes
                    or rule.turn >= turn
                    or not names_thing(rule, choice.thing, aliases)
                    or any(
                        subjects_match(e.norm_subject, rule.norm_subject)
                        or names_thing(e, choice.thing, aliases)
                        for e in now
                    )
                ):
                    continue
                res = self.ledger.chosen_over(rule, choice, turn)
                if res.entry is not None:
                    self.record("constraint", turn, res.entry.model_dump(mode="json"))
                for ch in res.changes:
                    self.record("constraint_status", turn, ch.model_dump(mode="json"))
                for rec in res.conflicts:
                    self.record("conflict", turn, rec.model_dump(mode="json"))
                break  # one rule per choice: its words are kept once

    def _forbidden_here(self, u: SlotUpdate, forbidden: list[str]) -> bool:
        """Whether the same message forbids the value `u` would set."""
        value = normalize_subject(u.value or "", self.config.subject_aliases)
        return bool(value) and any(subjects_match(value, f) for f in forbidden)

    def _forbid_against_slots(self, e: ConstraintEntry, turn: int) -> None:
        """A new forbid rule whose subject is a value the user set: the value is contradicted.

        Later wins, so a still-current value is removed; one the same message already
        removed is just linked. Either way the conflict is recorded with both sides verbatim.
        """
        hits: list[tuple[str, str, int]] = []
        for key, v in list(self.state.slots.items()):
            if subjects_match(
                normalize_subject(v.value, self.config.subject_aliases), e.norm_subject
            ):
                hits.append((key, v.value, v.turn))
                entity, slot = split_key(key)
                self._update(
                    SlotUpdate(entity=entity, slot=slot, value=None, op="remove"), turn, "user"
                )
        done = {h[0] for h in hits}
        removed_now = [
            t
            for t in _from_turn(self.state.transitions, turn)
            if t.turn == turn and t.op == "remove" and t.old is not None and t.slot not in done
        ]
        for t in removed_now:
            old = t.old or ""
            if subjects_match(normalize_subject(old, self.config.subject_aliases), e.norm_subject):
                prev = self.state.previous(t.slot)
                hits.append((t.slot, old, prev.set_turn if prev else turn))
        for key, value, set_turn in hits:
            rec = ConflictRecord(
                id=self.ledger.new_conflict_id(),
                kind="slot_rule",
                subject=e.subject,
                earlier=ConflictSide(text=value, turn=set_turn, ref=key),
                later=ConflictSide(text=e.text, turn=turn, ref=e.id),
                resolution="later_wins",
                turn=turn,
            )
            self.ledger.conflicts.append(rec)
            self.record("conflict", turn, rec.model_dump(mode="json"))

    def _reinstate_latest(self, turn: int) -> None:
        """ "还是按原来的" with nothing new: the latest later-wins conflict flips."""
        for rec in reversed(self.ledger.conflicts):
            if rec.resolution != "later_wins":
                continue
            if rec.kind == "constraint":
                for ch in self.ledger.reinstate_earlier(rec, turn):
                    self.record("constraint_status", turn, ch.model_dump(mode="json"))
            elif rec.kind == "slot_rule":
                ch = self.ledger.set_status(rec.later.ref, "superseded", turn, None)
                self.record("constraint_status", turn, ch.model_dump(mode="json"))
                entity, slot = split_key(rec.earlier.ref)
                back = SlotUpdate(entity=entity, slot=slot, value=rec.earlier.text)
                self._update(back, turn, "user", conflict=False)
                rec.resolution, rec.turn = "earlier_stands", turn
            else:
                cur = self.state.slots.get(rec.subject)
                if cur is None or cur.value != rec.later.text:
                    continue  # the slot moved on since; nothing to flip
                entity, slot = split_key(rec.subject)
                back = SlotUpdate(entity=entity, slot=slot, value=rec.earlier.text, op="change")
                # The revert is this conflict's resolution, not a new conflict.
                self._update(back, turn, "user", conflict=False)
                rec.resolution, rec.turn = "earlier_stands", turn
            self.record("conflict", turn, rec.model_dump(mode="json"))
            return

    def _focus(self, parsed: ParsedTurn) -> None:
        subjects: set[str] = {i.target for i in parsed.intents if i.target}
        subjects.update(parsed.entities)
        subjects.update(f"{u.entity.strip()}.{u.slot.strip()}" for u in parsed.updates)
        subjects.update(r.resolved_to for r in parsed.references if r.resolved_to)
        # The same order (ticket, flight, ...) asked about turn after turn is an entity too,
        # with an ontology that declares none ("DD20240315001 到哪了？" three times).
        # (By value: one message may read it as a code, the next as an order number.)
        subjects.update(f"id:{e.value}" for e in parsed.evidence if _names_entity(e))
        if subjects:
            self.focus.append(FocusEntry(turn=parsed.turn, subjects=sorted(subjects)))

    def _protected(self, only_core: bool = False) -> set[str]:
        if not only_core:
            return self._protection().protected()
        slots = [v for v in self.state.slots.values() if self._is_core(v.key)]
        texts = [v.value for v in slots] + [v.raw for v in slots if v.raw]
        texts += [c.text for c in self.ledger.active()]
        return {i.id for i in self.evidence.items.values() if refers_to(i, texts)}

    def _protection(self) -> ProtectionIndex:
        """The protected/free split of the evidence, brought up to date (see `protection`)."""
        index = memo_values(self).get("protection")
        if not isinstance(index, ProtectionIndex):
            index = memo_values(self)["protection"] = ProtectionIndex()
        slots = self.state.slots.values()
        texts = [v.value for v in slots] + [v.raw for v in slots if v.raw]
        texts += self.ledger.active_texts()
        index.sync(self.evidence.items, texts)
        return index

    def _evict(self, turn: int) -> None:
        if len(self.evidence.items) <= self.config.evidence_max_items:
            return  # under the cap: nothing to evict, no protection to work out
        index = self._protection()
        cap = self.config.evidence_max_items
        gone = self.evidence.evict(
            cap, set(), candidates=index.free(), down_to=cap - cap // EVICT_BATCH_SHARE
        )
        index.forget(e.id for e in gone)
        if gone:
            self.record("compaction", turn, {"what": "evidence", "evicted": [e.id for e in gone]})

    def _is_core(self, key: str) -> bool:
        """A core slot (a reset keeps it): one `core_slots` names, or any identifier slot.

        Slots the user named in words ("My user id is u-5521" -> ``task.user id``, "order
        number") are compared with the names spelled as in `core_slots` ("user_id",
        "order_id"): separators and "number"/"no" for "id" folded, so a restart keeps them.
        """
        _, slot = split_key(key)
        core = {core_name(s) for s in self.config.core_slots}
        name = core_name(slot)
        return core_name(key) in core or name in core or _ID_NAME.search(slot) is not None

    # --- decisions ---------------------------------------------------------------------------

    def _decide(self, d: PolicyDecision) -> None:
        self.record("policy", d.turn, d.model_dump(mode="json"))
        if d.action == "pin":
            subject, turns = str(d.detail["subject"]), [int(t) for t in d.detail["turns"]]
            pin = next((p for p in self.pins if p.subject == subject), None)
            if pin is None:
                self.pins.append(Pin(subject=subject, turns=turns, since=d.turn, last_turn=d.turn))
            else:
                pin.turns, pin.last_turn = sorted(set(pin.turns) | set(turns)), d.turn
        elif d.action == "fold":
            start, end = int(d.detail["start"]), int(d.detail["end"])
            summary = str(d.detail["summary"])
            self.folded.append(Fold(start=start, end=end, summary=summary, turn=d.turn))
            self.last_fold_end = end
            self.record("compaction", d.turn, {"what": "fold", "start": start, "end": end})
        elif d.action == "reset":
            self._reset(d.turn, restart=d.detail.get("scope") == "restart")
        elif d.action == "reinstate_earlier":
            rec = next(c for c in self.ledger.conflicts if c.id == d.detail["conflict"])
            for ch in self.ledger.reinstate_earlier(rec, d.turn):
                self.record("constraint_status", d.turn, ch.model_dump(mode="json"))
        # Other actions (resolve_conflict, custom ones) are records only.

    def _kept_slot(self, v: SlotValue, restart: bool) -> bool:
        """Whether a reset keeps this slot.

        Core slots always stay. A periodic reset is housekeeping, not the user's wish: what the
        user (or the assistant, informing the task) stated is the task's state, so it stays;
        only values nothing but a tool produced are temporary. An explicit restart ("重新开始")
        is the user discarding the task, so only core slots survive it. Either way a value an
        active rule names stays, or the rule would lose what it is about.
        """
        if self._is_core(v.key):
            return True
        if any(v.value and v.value in c.text for c in self.ledger.active()):
            return True
        return not restart and v.source != "tool"

    def _reset(self, turn: int, *, restart: bool = False) -> None:
        dropped = [k for k, v in self.state.slots.items() if not self._kept_slot(v, restart)]
        for k in dropped:
            self.state.drop(k, turn)
        if restart:
            self.state.forget_asks()  # the task discarded, its searches with it
        # What the kept slots and the active rules refer to is exactly what the protection
        # index protects (the same texts), kept up to date instead of tested item by text.
        index = self._protection()
        stale = [
            i.id
            for i in self.evidence.items.values()
            # What the user or the assistant said is part of the conversation's record (order
            # numbers, codes); stale fields only a tool returned are the temporary part.
            if not (said_in_conversation(i) and not restart)
            and not index.protects(i.id)
            and i.last_seen < turn - self.config.stale_evidence_turns
        ]
        self.evidence.remove(stale)
        index.forget(stale)
        self.intents.clear()
        self.pins, self.focus, self.folded = [], [], []
        self.last_reset_turn = turn
        data = {"what": "reset", "slots": dropped, "evidence": stale, "restart": restart}
        self.record("compaction", turn, data)

    # --- reading -----------------------------------------------------------------------------

    def render(
        self,
        current_turn: int | None = None,
        language: Language | None = None,
        *,
        max_tokens: int | None = None,
        count: Callable[[str], int] | None = None,
        labels: BlockLabels = NO_LABELS,
        strict: bool = False,
        shown: str = "",
    ) -> str:
        """The CONTEXT block for `current_turn` (default: the latest turn seen), shrunk to
        `max_tokens` as `count` counts where it can be (see `render_view`, and its `strict`
        last resort, and `shown`: the latest turns sent beside it); `labels` name entities
        and slots in the block's language (the ontology's `labels`)."""
        view = build_view(
            intents=self.intents,
            state=self.state,
            evidence=self.evidence,
            ledger=self.ledger,
            current_turn=self.last_turn if current_turn is None else current_turn,
            language=language or self.language,
            last_user_turn=self.last_user_turn,
            options=self.config.render_options(),
            selection=self._evidence_selection(),
            labels=labels,
        )
        return render_view(view, max_tokens=max_tokens, count=count, strict=strict, shown=shown)

    def _evidence_selection(self) -> EvidenceSelection:
        """The block's evidence order, kept across renders (a derived index, not state)."""
        sel = memo_values(self).get("evidence_selection")
        if not isinstance(sel, EvidenceSelection):
            sel = memo_values(self)["evidence_selection"] = EvidenceSelection()
        return sel

    def pinned_turns(self, current_turn: int) -> set[int]:
        """Turns the pipeline must keep verbatim (Min-Context), while their pin is live."""
        live = [p for p in self.pins if p.last_turn >= current_turn - self.config.pin_ttl_turns]
        return {t for p in live for t in p.turns}

    def foldable_turns(self, current_turn: int) -> set[int]:
        """Turns covered by a fold that are not pinned: safe to replace by their fold line."""
        folded = {t for f in self.folded for t in range(f.start, f.end + 1)}
        return folded - self.pinned_turns(current_turn)

    def summary_line(self, start: int, end: int) -> str:
        """One line of what turns start..end changed: final slot values, the rules said (a
        rule no longer in force marked with its status, ``不要显示价格 [revoked]``), earlier
        rules those turns lifted, and the identifiers the user or the assistant wrote there
        that no value above holds (``order_id=DD20240315001``). The line stands for the
        turns it folds, so nothing they said that the state keeps may be missing from it."""
        final: dict[str, str | None] = {}
        for t in _from_turn(self.state.transitions, start):
            if start <= t.turn <= end:
                final[t.slot] = t.new
        parts = [f"{k}={fmt(v)}" for k, v in final.items() if v is not None]
        parts += [f"{k}=∅" for k, v in final.items() if v is None]
        said = [e for e in _from_turn(self.ledger.entries, start) if start <= e.turn <= end]
        # Statuses change in any order: an earlier rule lifted in these turns is found by
        # its status turn (folds are rare, one per confirmation: a pass over the rules).
        lifted = [
            e
            for e in self.ledger.entries
            if e.turn < start and e.status_turn is not None and start <= e.status_turn <= end
        ]
        for e in said + lifted:
            parts.append(e.text if e.status == "active" else f"{e.text} [{e.status}]")
        held = "; ".join(parts)
        for i in self.evidence.items.values():
            if start <= i.first_seen <= end and said_in_conversation(i) and i.value not in held:
                parts.append(f"{i.kind}={i.value}")
        return "; ".join(parts)

    def core_values(self) -> CoreValues:
        """What a periodic reset keeps: core and user-stated slots, active constraints, and the
        evidence they refer to."""
        slots = {k: v for k, v in self.state.slots.items() if self._kept_slot(v, False)}
        texts = [v.value for v in slots.values()] + [v.raw for v in slots.values() if v.raw]
        texts += [c.text for c in self.ledger.active()]
        return CoreValues(
            slots={k: v.value for k, v in slots.items()},
            constraints=[c.text for c in self.ledger.active()],
            evidence=[i.value for i in self.evidence.items.values() if refers_to(i, texts)],
        )

    def add_evidence(self, ev: Evidence, turn: int, source: str) -> EvidenceItem:
        """Record evidence from outside a parsed turn (a sub-task's result)."""
        item, new = self.evidence.add(ev, turn, source)
        if new:
            self.record(
                "evidence",
                turn,
                {"items": [{"id": item.id, "kind": item.kind, "value": item.value}]},
            )
        return item

    def snapshot(self) -> dict[str, Any]:
        """A compact, comparable picture of the state (for tests and debugging)."""
        return {
            "intent": self.intents.current.name if self.intents.current else None,
            "recent_intents": [r.name for r in self.intents.recent],
            "slots": {k: v.value for k, v in self.state.slots.items()},
            "pending": [k for k, v in self.state.slots.items() if not v.confirmed],
            "archived": {
                k: [a.value for a in self.state.history(k)]
                for k in dict.fromkeys(a.key for a in self.state.archive)
            },
            "constraints": {e.text: e.status for e in self.ledger.entries},
            "conflicts": [
                (c.subject, c.earlier.text, c.later.text, c.resolution)
                for c in self.ledger.conflicts
            ],
            "evidence": sorted(i.value for i in self.evidence.items.values()),
            "pins": {p.subject: p.turns for p in self.pins},
            "folded": [(f.start, f.end) for f in self.folded],
            "chain_head": self.audit.chain_head,
        }


def _proposed(held: SlotValue, value: str, raw: str) -> SlotUpdate:
    """A reply's proposal that `held`'s slot take `value` instead (the user's yes takes it)."""
    return SlotUpdate(
        entity=held.entity,
        slot=held.slot,
        value=value,
        op="change",
        raw=raw,
        criterion=held.criterion,
    )
