"""Turns: the unit every stage works on.

A turn starts at a user message that carries user text (not a tool result, not a note
ctxengine injected) and holds everything up to the next one: thinking, tool calls, tool
results, the final reply. Dropping or keeping whole turns is what guarantees that a tool call
never loses its result: both always live in the same turn.

System and developer messages before the first turn form the *prefix*, which no stage drops.
Anything else before the first user turn (an assistant greeting) forms turn 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ctxengine.messages import Message
from ctxengine.pipeline.pairing import PairingScan
from ctxengine.tokens import TokenCounter


@dataclass
class Turn:
    index: int  # ordinal of the user turn in the session (0 for a greeting before any)
    messages: list[Message] = field(default_factory=list)
    tokens: int = 0  # sum of the messages' counts, kept up to date on every add
    truncated: bool = False  # stage 1 has looked at this turn
    compressed: bool = False  # stage 3 reduced it to first user text + last reply
    # Whether every call in the turn has its result and vice versa; None until checked.
    paired: bool | None = None
    # The same check with the last assistant's calls allowed to be pending (the current turn,
    # checked on every context() call): None until checked, reset on every add.
    paired_pending: bool | None = None
    # Pairing state of `messages` so far, advanced as messages are added (see `is_paired`).
    pairing: PairingScan = field(default_factory=PairingScan, compare=False, repr=False)

    def add(self, message: Message, counter: TokenCounter) -> int:
        """Append `message`; returns its tokens (what `tokens` grew by)."""
        messages = self.messages
        messages.append(message)
        n = counter.message(message)
        self.tokens += n
        # The pairing scan advances over the message while it is at hand, and settles
        # `paired` and, in the usual case, `paired_pending`: the check every context() call
        # makes then reads two flags. Only calls still unanswered leave `paired_pending` to
        # `Window.is_paired` (it depends on what follows the calls).
        scan = self.pairing
        scan.advance(messages)
        if scan.orphans or scan.lost:
            self.paired = self.paired_pending = False
        elif len(scan.answered) == len(scan.issued):
            self.paired = self.paired_pending = True
        else:
            self.paired, self.paired_pending = False, None
        return n

    @classmethod
    def of(cls, index: int, messages: Iterable[Message], counter: TokenCounter) -> Turn:
        turn = cls(index=index)
        for m in messages:
            turn.add(m, counter)
        return turn

    def with_messages(self, messages: list[Message], counter: TokenCounter) -> Turn:
        """A copy holding `messages`, flags kept, tokens recounted (cached per message)."""
        return Turn(
            index=self.index,
            messages=messages,
            tokens=sum(counter.message(m) for m in messages),
            truncated=self.truncated,
            compressed=self.compressed,
        )

    @property
    def user_message(self) -> Message | None:
        for m in self.messages:
            if m.starts_turn:
                return m
        return None


def is_prefix_message(message: Message) -> bool:
    return message.role in ("system", "developer")


def split_turns(
    messages: Iterable[Message], counter: TokenCounter, *, first_index: int = 1
) -> tuple[list[Message], list[Turn]]:
    """Split a message list into (prefix, turns)."""
    prefix: list[Message] = []
    turns: list[Turn] = []
    index = first_index - 1
    for m in messages:
        if m.starts_turn:
            index += 1
            turns.append(Turn(index=index))
        elif not turns:
            if is_prefix_message(m):
                prefix.append(m)
                continue
            turns.append(Turn(index=0))
        turns[-1].add(m, counter)
    return prefix, turns


def flatten(turns: Iterable[Turn]) -> list[Message]:
    return [m for t in turns for m in t.messages]
