"""The front door of parsing: rules (always), anchoring (always), a model (when given).

`parse_message` is synchronous and offline. `parse_message_dual` adds the model path and
merges; if the model fails or answers out of schema, the rule reading is returned and the
failure logged, since a parse must never block a turn. `parse_history` parses a whole
conversation, building each message's ParseContext from the turns before it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ctxengine.compaction.ontology import Ontology, anchor, generic_ontology
from ctxengine.compaction.parse_model import ModelParseError, ModelParser, merge
from ctxengine.compaction.parse_rules import PARSE_CHUNK_CHARS, message_text, parse_rules
from ctxengine.compaction.references import ParseContext, RecentItem, RecentWindow
from ctxengine.compaction.schema import ParsedTurn
from ctxengine.messages import Message

__all__ = [
    "ParseContext",
    "RecentItem",
    "parse_history",
    "parse_message",
    "parse_message_dual",
]

log = logging.getLogger(__name__)

# How many earlier parsed messages feed a message's ParseContext in parse_history.
CONTEXT_WINDOW = 24


def parse_message(
    message: Message,
    *,
    turn: int,
    ontology: Ontology | None = None,
    context: ParseContext | None = None,
    chunk_chars: int = PARSE_CHUNK_CHARS,
) -> ParsedTurn:
    """Parse one message with rules and anchor it to `ontology` (the generic one by default).

    Args:
        message: the message to read.
        turn: the 1-based user-turn index it belongs to.
        ontology: the domain ontology; `generic_ontology()` when None.
        context: earlier entities/evidence for references; the tool name for a tool result.
        chunk_chars: a longer message is read in pieces this long (linear time).
    """
    onto = ontology if ontology is not None else generic_ontology()
    # The rule reading is this call's own: anchored in place rather than copied.
    reading = parse_rules(
        message, turn=turn, ontology=onto, context=context, chunk_chars=chunk_chars
    )
    return anchor(reading, onto, own=True)


async def parse_message_dual(
    message: Message,
    *,
    turn: int,
    model: ModelParser,
    ontology: Ontology | None = None,
    context: ParseContext | None = None,
    chunk_chars: int = PARSE_CHUNK_CHARS,
) -> ParsedTurn:
    """Rules and model, merged and anchored; the rule reading alone if the model fails."""
    onto = ontology if ontology is not None else generic_ontology()
    rule = parse_rules(message, turn=turn, ontology=onto, context=context, chunk_chars=chunk_chars)
    try:
        by_model = await model.parse(message, turn=turn)
    except ModelParseError as exc:
        log.warning("model parse of turn %d dropped: %s", turn, exc)
        return anchor(rule, onto)
    return anchor(merge(rule, by_model, message_text(message)), onto)


def parse_history(
    messages: Sequence[Message], *, ontology: Ontology | None = None
) -> list[ParsedTurn]:
    """Parse a conversation in order; turn numbers follow `Message.starts_turn`."""
    onto = ontology if ontology is not None else generic_ontology()
    tool_names: dict[str, str] = {}
    out: list[ParsedTurn] = []
    recent = RecentWindow(CONTEXT_WINDOW)
    turn = 0
    for msg in messages:
        if msg.starts_turn:
            turn += 1
        for call in msg.tool_calls:
            tool_names[call.id] = call.name
        results = msg.tool_results
        tool_name = tool_names.get(results[0].call_id) if results else None
        ctx = recent.context(tool_name=tool_name)
        out.append(parse_message(msg, turn=max(turn, 1), ontology=onto, context=ctx))
        recent.append(out[-1])
    return out
