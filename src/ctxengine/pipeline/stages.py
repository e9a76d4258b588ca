"""The four stages of the short-term pipeline, as plain functions over turns.

Each stage takes turns and returns new turns plus what it removed; none edits a message in
place (history is the record; these only change what the model sees).

- Stage 1 `truncate_turn`: cut tool results over a limit to head + tail with a note.
- Stage 2 `trim_turns`: over the turn limit, the earliest half of the complete turns leaves.
- Stage 3 `fit_budget`: still over budget, compress (few turns) or drop the earliest half,
  repeatedly, until the turns fit the target.
- Stage 4 `aggressive_trim`: after a provider overflow, head + tail every tool result and
  older user text, keep at most a few turns.
- `cut_current`: the latest turn alone leaves no room for the user's rules; its tool results
  are cut to head + tail (they are distilled into the layers already), never its user text.

The current (last) turn is never dropped, and its user message is never cut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ctxengine.messages import (
    Message,
    Part,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    copy_with,
)
from ctxengine.pipeline.notes import Language, note
from ctxengine.pipeline.turns import Turn
from ctxengine.tokens import TokenCounter


def cut_middle(text: str, limit: int, language: Language) -> str:
    """Keep the head and the tail of `text` within `limit` characters, with a note between.

    The head gets the larger share: it usually holds the structure (headers, the first rows,
    the error message), the tail holds the conclusion.
    """
    if len(text) <= limit:
        return text
    probe = note("truncated", language, removed=len(text))
    room = max(limit - len(probe), 2)
    head = room * 3 // 5
    tail = room - head
    removed = len(text) - head - tail
    return text[:head] + note("truncated", language, removed=removed) + text[len(text) - tail :]


def with_parts(message: Message, parts: list[Part]) -> Message:
    """`message.replace(parts=parts)` without re-running pydantic's constructor.

    Same result (a new message, every other field and the history seq kept, an empty token
    cache), ~10x cheaper: construction initializes private attributes through a slow path,
    and the parts are already validated. Stage 1 does this for every historical turn.
    """
    out = copy_with(message, {"parts": parts})
    # The copy shares the private values: give it its own (empty) token cache. Straight into
    # the private dict: pydantic's __setattr__ for a private attribute costs ~10x.
    private = out.__pydantic_private__
    if private is None:
        out._tokens = {}
    else:
        private["_tokens"] = {}
    # `replace` passes every field to the constructor, so every field counts as set.
    object.__setattr__(out, "__pydantic_fields_set__", set(type(message).model_fields))
    return out


def _truncate_results(message: Message, limit: int, language: Language) -> Message:
    # A plain loop: stage 1 looks at every message of every turn once (most have nothing to cut).
    for p in message.parts:
        if isinstance(p, ToolResultPart) and len(p.content) > limit:
            break
    else:
        return message
    parts: list[Part] = []
    for p in message.parts:
        if isinstance(p, ToolResultPart) and len(p.content) > limit:
            # The verbatim Anthropic block list would contradict the cut text; drop it here.
            cut = cut_middle(p.content, limit, language)
            parts.append(copy_with(p, {"content": cut, "blocks": None}))
        else:
            parts.append(p)
    return with_parts(message, parts)


def truncate_turn(turn: Turn, limit: int, language: Language, counter: TokenCounter) -> Turn:
    """Stage 1 on one historical turn. Returns the same object when nothing is over the limit."""
    new: list[Message] | None = None  # a copy only once something was cut
    for i, m in enumerate(turn.messages):
        cut = _truncate_results(m, limit, language)
        if cut is not m:
            if new is None:
                new = list(turn.messages)
            new[i] = cut
    if new is None:
        turn.truncated = True
        return turn
    out = turn.with_messages(new, counter)
    out.truncated = True
    return out


def cut_current(
    turn: Turn, tokens: int, min_chars: int, language: Language, counter: TokenCounter
) -> Turn | None:
    """The current turn with its tool results cut (head + tail) by about `tokens` in all,
    each in proportion to its size and none below `min_chars`; None when none is over
    `min_chars`. Only for a latest turn that alone leaves no room for the user's rules (the
    CONTEXT block's floor) or is over the budget itself: the results stay whole in the
    history, and their fields are already in the evidence layer."""
    sizes: dict[int, int] = {}
    for m in turn.messages:
        for p in m.parts:
            if isinstance(p, ToolResultPart) and len(p.content) > min_chars:
                sizes[id(p)] = counter.count(p.content)
    total = sum(sizes.values())
    if tokens <= 0 or not total:
        return None
    keep = max(0.0, (total - tokens) / total)
    new: list[Message] = []
    cut = False
    for m in turn.messages:
        parts: list[Part] = []
        for p in m.parts:
            if isinstance(p, ToolResultPart) and id(p) in sizes:
                limit = max(min_chars, int(len(p.content) * keep))
                if limit < len(p.content):
                    text = cut_middle(p.content, limit, language)
                    p = copy_with(p, {"content": text, "blocks": None})
                    cut = True
            parts.append(p)
        new.append(with_parts(m, parts) if parts != m.parts else m)
    return turn.with_messages(new, counter) if cut else None


@dataclass
class Removal:
    """What a stage took out of the context: whole turns, or messages of compressed turns."""

    stage: str
    turns: list[Turn] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    indexes: list[int] = field(default_factory=list)  # turns compressed (not dropped)
    # Figures of the pass that made this removal (tokens include what is reserved).
    turns_before: int = 0
    turns_after: int = 0
    tokens_before: int = 0
    tokens_after: int = 0

    def all_messages(self) -> list[Message]:
        return [m for t in self.turns for m in t.messages] + self.messages


def trim_turns(
    turns: list[Turn], max_turns: int, protected: frozenset[int] = frozenset()
) -> tuple[list[Turn], list[Turn]]:
    """Stage 2. Returns (kept, dropped). The last turn is the current one and always stays.

    `protected` turn indexes (Min-Context pins) are spared, but at most a quarter of the limit,
    so pinning can never keep the context over its turn limit turn after turn.
    """
    if len(turns) <= max_turns:
        return turns, []
    complete = turns[:-1]
    n_drop = max(len(complete) // 2, len(turns) - max_turns)
    spare = set(sorted(i for i in protected if i in {t.index for t in complete})[: max_turns // 4])
    dropped: list[Turn] = []
    kept: list[Turn] = []
    for t in complete:
        if len(dropped) < n_drop and t.index not in spare:
            dropped.append(t)
        else:
            kept.append(t)
    kept.append(turns[-1])
    return kept, dropped


def compress_turn(turn: Turn, counter: TokenCounter) -> tuple[Turn, list[Message]]:
    """Reduce a turn to its first user text and its last reply; return what was removed."""
    user = turn.user_message
    reply: Message | None = None
    for m in reversed(turn.messages):
        if m.role == "assistant" and m.text.strip():
            reply = m
            break
    keep: list[Message] = []
    if user is not None:
        text_only = [p for p in user.parts if not isinstance(p, ToolResultPart)]
        keep.append(user if len(text_only) == len(user.parts) else user.replace(parts=text_only))
    if reply is not None:
        # A reply that also called tools keeps only its text: its calls' results are gone.
        if any(isinstance(p, ToolCallPart | ThinkingPart) for p in reply.parts):
            reply = reply.replace(parts=[p for p in reply.parts if isinstance(p, TextPart)])
        keep.append(reply)
    kept_ids = {m.id for m in keep}
    removed = [m for m in turn.messages if m.id not in kept_ids]
    out = turn.with_messages(keep, counter)
    out.compressed = True
    return out, removed


def fit_budget(
    turns: list[Turn],
    *,
    reserved: int,
    budget: int,
    target: int,
    compress_below: int,
    counter: TokenCounter,
    on_pass: Callable[[list[Turn]], int] | None = None,
    keep_latest: int = 1,
    floor: Callable[[], int] | None = None,
    protected: frozenset[int] = frozenset(),
    protected_max: int = 0,
) -> tuple[list[Turn], list[Removal]]:
    """Stage 3: when `reserved` + the turns exceed `budget`, shrink until they fit `target`.

    With fewer than `compress_below` turns every complete turn is compressed; otherwise (or
    when compression is not enough) the earliest half of the complete turns leaves. It repeats
    until the target is met or only the current turn is left: one pass is not enough.
    `on_pass` may recompute `reserved` after each pass (the injected text changes with what
    was dropped). The latest `keep_latest` turns are dropped last: only when the turns before
    them are gone and the rest is still over the budget itself, with `reserved` down to
    `floor()` when given (a CONTEXT block yields its own room to them down to what it never
    sheds, and makes the target then: see `Session._context`).

    `protected` turn indexes (Min-Context pins) are compressed and dropped after the other
    complete turns, while they take at most `protected_max` tokens together (the newest
    pinned turns first, when the chain is larger): an entity the user keeps asking about
    stays verbatim, and pinning can never hold the context over its budget.
    """

    def total(ts: list[Turn]) -> int:
        return reserved + sum(t.tokens for t in ts)

    if total(turns) <= budget:
        return turns, []
    spared = _spared(turns[:-1], protected, protected_max)
    removals: list[Removal] = []
    while total(turns) > target and len(turns) > 1:
        if len(turns) <= keep_latest and (
            total(turns) <= budget
            or (floor is not None and floor() + sum(t.tokens for t in turns) <= budget)
        ):
            break
        before_turns, before_tokens = len(turns), total(turns)
        spare = max(keep_latest, 1) if len(turns) > keep_latest else 1
        complete, current = turns[:-spare], turns[-spare:]
        uncompressed = [t for t in complete if not t.compressed and t.index not in spared]
        droppable = [t for t in complete if t.index not in spared] or complete
        if len(turns) < compress_below and uncompressed:
            removal = Removal(stage="budget_compress")
            new: list[Turn] = []
            for t in complete:
                if t.compressed or t.index in spared:
                    new.append(t)
                    continue
                ct, removed = compress_turn(t, counter)
                removal.messages.extend(removed)
                removal.indexes.append(t.index)
                new.append(ct)
            turns = [*new, *current]
        else:
            # The earliest half of the turns not spared (of all, once only spared ones are
            # left: the budget outranks a pin).
            gone = droppable[: max(len(droppable) // 2, 1)]
            removal = Removal(stage="budget_trim", turns=gone)
            dropped = {t.index for t in gone}
            turns = [*(t for t in complete if t.index not in dropped), *current]
        if on_pass is not None:
            reserved = on_pass(turns)
        removal.turns_before, removal.tokens_before = before_turns, before_tokens
        removal.turns_after, removal.tokens_after = len(turns), total(turns)
        removals.append(removal)
    return turns, removals


def _spared(turns: list[Turn], protected: frozenset[int], max_tokens: int) -> frozenset[int]:
    """The protected turns a budget compaction keeps longest: the newest first, while they
    fit in `max_tokens` together."""
    if not protected or max_tokens <= 0:
        return frozenset()
    out: set[int] = set()
    used = 0
    for t in reversed(turns):
        if t.index in protected:
            if used + t.tokens > max_tokens:
                break
            used += t.tokens
            out.add(t.index)
    return frozenset(out)


def aggressive_trim(
    turns: list[Turn],
    *,
    tool_limit: int,
    user_limit: int,
    max_turns: int,
    language: Language,
    counter: TokenCounter,
) -> tuple[list[Turn], list[Turn]]:
    """Stage 4 (after a provider overflow). Returns (kept, dropped).

    Keeps the last `max_turns` turns, cuts every tool result (the current turn's too) and every
    user text except the latest user message to head + tail.
    """
    dropped = turns[:-max_turns] if len(turns) > max_turns else []
    kept = turns[len(dropped) :]
    latest_user = kept[-1].user_message if kept else None
    out: list[Turn] = []
    for t in kept:
        msgs: list[Message] = []
        for m in t.messages:
            m2 = _truncate_results(m, tool_limit, language)
            long_user_text = any(
                isinstance(p, TextPart) and len(p.text) > user_limit for p in m2.parts
            )
            if m2.role == "user" and m2 is not latest_user and long_user_text:
                m2 = m2.replace(
                    parts=[
                        p.model_copy(update={"text": cut_middle(p.text, user_limit, language)})
                        if isinstance(p, TextPart)
                        else p
                        for p in m2.parts
                    ]
                )
            msgs.append(m2)
        nt = t.with_messages(msgs, counter)
        nt.truncated = True
        out.append(nt)
    return out, dropped
