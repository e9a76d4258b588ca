"""Helpers of the CrossWOZ parse and state tests: one message through the rule parser, a reply
after a question, a whole exchange through the distiller, and views of the resulting state."""

from __future__ import annotations

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.ontology import Ontology, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.compaction.state import SessionState
from ctxengine.messages import Message
from ctxengine.settings import Settings

from . import _turns as turns

ONTO = load_builtin("crosswoz")
START, END = "出发地附近地铁站", "目的地附近地铁站"


def _message(text: str, role: str) -> Message:
    return Message.user(text) if role == "user" else Message.assistant(text)


def said(text: str, role: str = "user") -> list[tuple[str, str, str | None]]:
    """(entity, slot, value) of every update `text` makes (any role but "user": assistant)."""
    parsed = parse_message(_message(text, role), turn=1, ontology=ONTO)
    return [(u.entity, u.slot, u.value) for u in parsed.updates]


def slot_values(text: str, role: str = "user") -> dict[str, str | None]:
    return {slot: value for _, slot, value in said(text, role)}


def names(text: str, role: str = "user") -> list[str | None]:
    return [v for _, s, v in said(text, role) if s == "名称"]


def dishes(text: str, role: str = "user") -> list[str | None]:
    return [v for _, s, v in said(text, role) if s == "推荐菜"]


def asks(text: str, onto: Ontology = ONTO) -> list[str]:
    return list(parse_message(Message.user(text), turn=1, ontology=onto).asks)


def nearby(text: str, asked: tuple[str, ...] = (), focus: str = "酒店") -> dict[str, str]:
    """The nearby lists an assistant's `text` gives, the user having asked `asked`."""
    ctx = ParseContext(asked=asked, focus=focus)
    parsed = parse_message(Message.assistant(text), turn=1, ontology=ONTO, context=ctx)
    return {u.slot: u.value or "" for u in parsed.updates if u.slot.startswith("周边")}


def reply(question: str, answer: str, onto: Ontology = ONTO) -> dict[str, str | None]:
    """The slot values of `answer`, said right after the user asked `question`."""
    asked = parse_message(Message.user(question), turn=1, ontology=onto)
    ctx = ParseContext(asked=tuple(asked.asks), focus=asked.focus)
    parsed = parse_message(Message.assistant(answer), turn=1, ontology=onto, context=ctx)
    return {u.slot: u.value for u in parsed.updates}


def distill(
    turns: list[tuple[str, str]],
    events: list[str] | None = None,
    *,
    ontology: str | None = "crosswoz",
) -> CompactionDistiller:
    """(role, text) pairs through the rule parser and the layers, a user turn per user text;
    the kinds of the audit events go to `events` when given."""
    d = CompactionDistiller(Settings(ontology=ontology))
    turn = 0
    for role, text in turns:
        turn += role == "user"
        got = d.observe(_message(text, role), turn)
        if events is not None:
            events.extend(e["kind"] for e in got)
    return d


def replay(turns: list[tuple[str, str]], events: list[str] | None = None) -> SessionState:
    """`distill` with the CrossWOZ ontology: the session's state."""
    return distill(turns, events).state


def slots(s: SessionState) -> dict[str, str]:
    return {k: v.value for k, v in s.state.slots.items()}


def unmet(s: SessionState) -> set[tuple[str, str]]:
    return {(a.key, a.value) for a in s.state.archive if a.reason == "unmet"}


def archived(s: SessionState) -> set[str]:
    return {a.value for a in s.state.archive}


def alternating(*texts: str) -> CompactionDistiller:
    """Alternate user / assistant messages (a user message opens each turn) through a
    distiller with the CrossWOZ ontology."""
    return turns.alternating(*texts, ontology="crosswoz")
