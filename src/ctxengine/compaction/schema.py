"""What parsing a message yields: the shared schema of the rule path and the model path.

The parser (`ctxengine.compaction.parse`) turns one message into a `ParsedTurn`; the layers
(`ctxengine.compaction.layers`) fold a stream of them into intent, state, evidence and the
constraint ledger. Every value that must survive is kept verbatim in `raw`/`value` fields:
nothing here is paraphrased.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Language = Literal["zh", "en"]

# Generic intents; an ontology may declare domain intents on top of these.
GENERIC_INTENTS: tuple[str, ...] = (
    "query",
    "modify",
    "confirm",
    "cancel",
    "restart",
    "chitchat",
    "inform",
)


class Intent(BaseModel):
    name: str
    confidence: float = Field(ge=0.0, le=1.0)
    domain: str | None = None
    target: str | None = None  # what the intent is about, e.g. a slot or entity name


class SlotUpdate(BaseModel):
    """A slot value set, changed or removed by the user (or confirmed by a tool result)."""

    entity: str = "task"  # entity type, e.g. "order"; "task" when no ontology says otherwise
    slot: str  # slot name, e.g. "recipient", "color"
    value: str | None  # verbatim value; None when op == "remove"
    op: Literal["set", "change", "remove"] = "set"
    raw: str = ""  # the verbatim span the update was read from
    enum: str | None = None  # anchored enum member, e.g. "DARK_PURPLE"
    entity_id: str | None = None  # anchored entity id when known
    confidence: float = Field(0.8, ge=0.0, le=1.0)
    criterion: bool = False  # the slot is a search criterion (`SlotDef.criterion`)


class Constraint(BaseModel):
    """A user rule, kept verbatim: "不要显示价格", "never use PDF"."""

    text: str  # the verbatim sentence or clause
    polarity: Literal["forbid", "require", "only", "prefer"]
    subject: str  # what it applies to, normalized for matching ("价格", "pdf")
    cue: str = ""  # the trigger word ("不要", "don't", ...)
    revokes: bool = False  # "可以显示价格了" / "you can show prices again" lifts a forbid
    confidence: float = Field(0.8, ge=0.0, le=1.0)


class Reference(BaseModel):
    """A pointer to something earlier: "刚才的图表", "按上次的格式", "the last one"."""

    text: str
    kind: str = "generic"  # "last_result", "last_format", "entity", ...
    resolved_to: str | None = None  # evidence id, slot key or entity key
    confidence: float = Field(0.6, ge=0.0, le=1.0)


class Evidence(BaseModel):
    """An exact string the conversation depends on, never passed through a model."""

    kind: str  # order_id, ticket, flight, coupon, phone, email, url, amount, date, path, ...
    value: str  # verbatim
    field: str | None = None  # JSON field name for tool-result evidence
    source: str = ""  # "user", "assistant", "tool:<name>"


class Choice(BaseModel):
    """A user instruction that chooses a thing ("Ship it with FedEx.", "用顺丰发吧"), see
    `ctxengine.compaction.later_choice`: held by the state against an earlier rule that
    forbids the thing."""

    text: str  # the sentence, verbatim
    thing: str  # what it chooses, verbatim ("FedEx", "顺丰")
    once: bool = False  # for one occasion ("for this one", "这次")
    keeps: bool = False  # the sentence says the rule still holds ("其他照旧")


class Revision(BaseModel):
    """How a user message revises a value already given, without naming a new one whole
    (see `ctxengine.compaction.revisions`): part of it swapped ("Unit 14, not Unit 12"), an
    earlier value taken back ("us-east-1 is correct"), or the first value said of a slot.
    The state finds the slot: the parser does not know the values held."""

    kind: Literal["swap", "back", "first", "said"]
    old: str = ""  # swap: the part said wrong, verbatim
    # swap: the part that replaces it; back: the value taken back; said: a value said whole
    # again after a correction cue ("Wait, September 16."), the held value of its kind replaced
    new: str = ""
    slot: str = ""  # first: the slot's name when the message names it ("" for any)


class ParsedTurn(BaseModel):
    """Everything the parser read from one message."""

    turn: int  # 1-based user-turn index the message belongs to
    role: Literal["user", "assistant", "tool", "system"]
    language: Language = "en"
    intents: list[Intent] = Field(default_factory=list)
    updates: list[SlotUpdate] = Field(default_factory=list)
    constraints: list[Constraint] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    is_confirmation: bool = False  # "好的", "继续", "ok", "go on"
    # A user message that only says go ahead ("Go.", "继续。"): a one-off permission given on
    # the turn before is for the occasion it starts (`Ledger.carry_one_offs`).
    goes_ahead: bool = False
    entities: list[str] = Field(default_factory=list)  # entity keys this message talks about
    source: Literal["rules", "model", "merged"] = "rules"
    # The user said an earlier decision stands ("还是按原来的", "keep the original"): the
    # latest conflict is resolved for the earlier side instead of the later one.
    keeps_earlier: bool = False
    # The user took a change a reply proposed by pointing at it ("yes, switch", "换吧").
    takes_change: bool = False
    # An assistant reply about the user's request (see `ctxengine.compaction.outcomes`):
    # slot names no candidate satisfies, and whether it offers something other than asked.
    unmet: list[str] = Field(default_factory=list)
    contrast: bool = False
    declines: bool = False  # "没有找到符合您要求的", "nothing matches": a request not met
    denied: list[str] = Field(default_factory=list)  # what a reply says is absent, verbatim
    # A reply's own words: a value the user asked for that it names outside what it says is
    # absent ("推荐X，有您喜欢的炸河虾") is one the offer has (see `SessionState`).
    said: str = ""
    rejects: bool = False  # a user message that opens by turning an offer down ("不行，…")
    # A user message that turns the offered candidate down anywhere ("这家不太合适，…"): its
    # criteria refine the search that found it rather than start a new one.
    turns_down: bool = False
    # The ontology entity the message is about (see `slots.focus_of`): a later message that
    # names none resolves a shared slot word ("电话") to it.
    focus: str | None = None
    asks: list[str] = Field(default_factory=list)  # slot names a user message asks about
    revisions: list[Revision] = Field(default_factory=list)  # a user message's, in order
    choices: list[Choice] = Field(default_factory=list)  # a user message's, in order
